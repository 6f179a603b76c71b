/**
 * The back office's customer list (admin-back-office §2 "Customer list"): newest first, 50 a page, with a search over
 * name, e-mail, phone, VIN and licence plate.
 *
 * `listCustomers({ q, page })` → `{ rows, page, hasNext }`; rows are `{ id, name, email, phone, address, createdAt }`.
 * Pages are read with LIMIT/OFFSET over the `customers_created_at_idx` ordering and one extra row tells whether a next
 * page exists, so no count of the whole table is needed. The search is a case-insensitive substring match read through
 * trigram indexes (pg_trgm, migration 0006); an input that looks like an e-mail or a VIN is first tried as an exact,
 * indexed lookup.
 */
import { desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { getDb } from '../db/client.server';
import { customers, vehicles } from '../db/schema';

export const CUSTOMERS_PAGE_SIZE = 50;

export interface CustomerListRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  createdAt: Date;
}

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listCustomers({ q = '', page = 1 }: { q?: string; page?: number }): Promise<{
  rows: CustomerListRow[];
  page: number;
  hasNext: boolean;
}> {
  const db = getDb();
  const term = q.trim().slice(0, 100);
  const safePage = Math.max(1, Math.min(page, 10_000));
  const columns = {
    id: customers.id,
    name: customers.name,
    email: customers.email,
    phone: customers.phone,
    address: customers.address,
    createdAt: customers.createdAt,
  };
  let where;
  if (term) {
    if (term.includes('@')) {
      // Exact e-mail: indexed on lower(email). Fall back to a substring match when nothing matches exactly.
      const exact = await db
        .select(columns)
        .from(customers)
        .where(sql`lower(${customers.email}) = ${term.toLowerCase()}`)
        .orderBy(desc(customers.createdAt))
        .limit(CUSTOMERS_PAGE_SIZE + 1);
      if (exact.length > 0 && safePage === 1) {
        return { rows: exact.slice(0, CUSTOMERS_PAGE_SIZE), page: 1, hasNext: false };
      }
    }
    const vin = term.toUpperCase().replace(/\s+/g, '');
    if (/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) {
      const owners = db.select({ id: vehicles.customerId }).from(vehicles).where(eq(vehicles.vin, vin));
      const exact = await db.select(columns).from(customers).where(inArray(customers.id, owners));
      if (exact.length > 0 && safePage === 1) return { rows: exact, page: 1, hasNext: false };
    }
    const pattern = likePattern(term);
    const digits = term.replace(/\D/g, '');
    // Only inputs that can be a phone number, a VIN or a plate pay for those comparisons.
    const phoneLike = digits.length >= 3 && /^[\d\s()+.-]+$/.test(term);
    const vehicleLike = /^[A-Za-z0-9-]{2,17}$/.test(term);
    // Two indexed reads of matching ids, united: each side is a bitmap scan over the trigram indexes (migration
    // 0006), where one OR across the join would read every customer.
    const byCustomer = db
      .select({ id: customers.id })
      .from(customers)
      .where(
        or(
          ilike(customers.name, pattern),
          ilike(customers.email, pattern),
          ilike(customers.phone, pattern),
          phoneLike ? sql`regexp_replace(coalesce(${customers.phone}, ''), '\\D', '', 'g') like ${likePattern(digits)}` : undefined,
        ),
      );
    const byVehicle = db
      .select({ id: vehicles.customerId })
      .from(vehicles)
      .where(or(ilike(vehicles.vin, pattern), ilike(vehicles.licensePlate, pattern)));
    where = inArray(customers.id, vehicleLike ? union(byCustomer, byVehicle) : byCustomer);
  }
  const rows = await db
    .select(columns)
    .from(customers)
    .where(where)
    .orderBy(desc(customers.createdAt))
    .limit(CUSTOMERS_PAGE_SIZE + 1)
    .offset((safePage - 1) * CUSTOMERS_PAGE_SIZE);
  return { rows: rows.slice(0, CUSTOMERS_PAGE_SIZE), page: safePage, hasNext: rows.length > CUSTOMERS_PAGE_SIZE };
}

/** Customers for pickers (Add Work Order dialog, Photos page): id, name, e-mail ordered by name (spec §7). */
export async function listCustomerOptions(limit = 500): Promise<{ id: string; name: string; email: string | null }[]> {
  return getDb()
    .select({ id: customers.id, name: customers.name, email: customers.email })
    .from(customers)
    .orderBy(customers.name, customers.id)
    .limit(limit);
}
