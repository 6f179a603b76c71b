/**
 * The back office's customer list (admin-back-office §2 "Customer list"): newest first, 50 a page, with a search over
 * name, e-mail, phone, VIN and licence plate.
 *
 * `listCustomers({ q, page })` → `{ rows, page, hasNext }`; rows are `{ id, name, email, phone, address, createdAt }`.
 * Pages are read with LIMIT/OFFSET over the `customers_created_at_idx` ordering and one extra row tells whether a next
 * page exists, so no count of the whole table is needed. The search (spec: "name, e-mail, phone (digits are enough),
 * VIN or plate") matches: every word of the input at the start of a word of the name ("gonz" finds Maria Gonzalez);
 * the start of the e-mail; the input's digits anywhere in the phone's digits (4 or more digits of the phone, so the last
 * four work); any part of a VIN (3+ characters) or plate, ignoring case, spaces and dashes. It reads GIN indexes of
 * search terms (migration 0007), so its cost follows the matches, not the table. An input that looks like an e-mail or
 * a VIN is first tried as an exact, indexed lookup.
 */
import { desc, eq, inArray, or, sql } from 'drizzle-orm';
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

/**
 * A tsquery prefix term for one search-term kind (`n`, `e`, `p`, `v`, `l`: see migration 0007), e.g. `'p:0143':*`.
 * Quotes and backslashes are escaped as tsquery syntax requires, so any text is a safe literal.
 */
export function prefixQuery(kind: 'n' | 'e' | 'p' | 'v' | 'l', text: string): string {
  return `${exactQuery(kind, text)}:*`;
}

/** The tsquery text of one whole search term (`kind:text`, quoted), e.g. an e-mail or the last 10 digits of a phone. */
export function exactQuery(kind: 'n' | 'e' | 'p' | 'v' | 'l', text: string): string {
  return `'${`${kind}:${text}`.replace(/['\\]/g, (c) => (c === "'" ? "''" : '\\\\'))}'`;
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
    // Prefix queries over the search terms of migration 0007 (GIN indexes on customer_search_terms and
    // vehicle_search_terms): every word of the input starts a word of the name; or the input starts the e-mail; or its
    // digits are a run of the phone's digits; or it is part of a VIN or plate. Matching ids of both tables are united.
    const customerTerms = sql`customer_search_terms(${customers.name}, ${customers.email}, ${customers.phone})`;
    const vehicleTerms = sql`vehicle_search_terms(${vehicles.vin}, ${vehicles.licensePlate})`;
    // The name words are split by the database itself, exactly as the index splits names.
    const nameQuery = sql`(SELECT string_agg(quote_literal('n:' || w) || ':*', ' & ')
      FROM unnest(regexp_split_to_array(lower(${term}), '[^[:alnum:]]+')) AS w WHERE w <> '')::tsquery`;
    const digits = term.replace(/\D/g, '');
    const compact = term.toLowerCase().replace(/[^a-z0-9]/g, '');
    // Only inputs that can be an e-mail, a phone number, a VIN or a plate pay for those comparisons.
    const emailLike = /^[^\s'\\:]+$/.test(term) && /[a-z]/i.test(term);
    const phoneLike = digits.length >= 3 && /^[\d\s()+.-]+$/.test(term);
    const vehicleLike = compact.length >= 2 && /^[A-Za-z0-9 -]{2,20}$/.test(term);
    // The matching ids of both sides, united, become one array the primary key is read with: a join or `IN (…)`
    // would have the planner read every customer to match a handful of ids.
    const byCustomer = db
      .select({ id: customers.id })
      .from(customers)
      .where(
        or(
          sql`${customerTerms} @@ ${nameQuery}`,
          emailLike ? sql`${customerTerms} @@ ${prefixQuery('e', term.toLowerCase())}::tsquery` : undefined,
          phoneLike ? sql`${customerTerms} @@ ${prefixQuery('p', digits)}::tsquery` : undefined,
        ),
      );
    const byVehicle = db
      .select({ id: vehicles.customerId })
      .from(vehicles)
      .where(sql`${vehicleTerms} @@ ${`${prefixQuery('v', compact)} | ${prefixQuery('l', compact)}`}::tsquery`);
    const matching = vehicleLike ? union(byCustomer, byVehicle) : byCustomer;
    const rows = await db
      .select(columns)
      .from(customers)
      .where(sql`${customers.id} = ANY(ARRAY(${matching}))`)
      .orderBy(desc(customers.createdAt))
      .limit(CUSTOMERS_PAGE_SIZE + 1)
      .offset((safePage - 1) * CUSTOMERS_PAGE_SIZE);
    return { rows: rows.slice(0, CUSTOMERS_PAGE_SIZE), page: safePage, hasNext: rows.length > CUSTOMERS_PAGE_SIZE };
  }
  const rows = await db
    .select(columns)
    .from(customers)
    .orderBy(desc(customers.createdAt))
    .limit(CUSTOMERS_PAGE_SIZE + 1)
    .offset((safePage - 1) * CUSTOMERS_PAGE_SIZE);
  return { rows: rows.slice(0, CUSTOMERS_PAGE_SIZE), page: safePage, hasNext: rows.length > CUSTOMERS_PAGE_SIZE };
}
