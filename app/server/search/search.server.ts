/**
 * Search everywhere (issue 17 §5): the back-office header's one search box and the customer pickers.
 *
 * `searchEverything(db, user, query, { limit })` → {@link SearchResults}: up to `limit` (default 8, at most 50) hits in
 * each group, each with a label, one line of detail and a link:
 * - customers: first those whose name's words start with the input's words ("gonz", "maria gonz"), whose e-mail starts
 *   with the input or whose phone has the input's 4+ digits in a row (search terms of migration 0007,
 *   `customers_search_terms_idx`), the whole name and names starting with the input first; then, when that leaves room,
 *   names with typos ("Maria Gonzales" finds "Maria Gonzalez": pg_trgm `word_similarity` ≥ 0.6 on lower(name), GIN index
 *   `customers_name_trgm_idx`, migration 0013), closest first;
 * - vehicles, by the full VIN, its last six or any 3+ characters of it, or the plate, ignoring case, spaces and dashes
 *   (`vehicles_search_terms_idx`); an exact VIN or plate and a VIN ending in the input come first;
 * - work orders, by number, whole ("WO-1042", "wo 1042") or a fragment of 3+ characters ("1042", "104"), through the
 *   trigram index `work_orders_number_trgm_idx`; the exact number comes first.
 *
 * Roles (permissions.server.ts): customers and vehicles only with 'customers'; work orders with 'work_orders.all', or
 * with 'work_orders.assigned' only those assigned to the user (a technician), whose hits never carry a phone or e-mail.
 * At most four statements (customers two), each reading an index and ending in LIMIT, so the cost follows the matches, not the tables.
 *
 * Never throws for bad input: an empty, over-long ({@link SEARCH_MAX_LENGTH}) or punctuation-only query returns no hits
 * and a message from {@link SEARCH_MESSAGES}. All input reaches SQL as bound parameters (tsquery and LIKE texts escaped).
 */
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { SEARCH_MAX_LENGTH, SEARCH_MESSAGES, type SearchHit, type SearchResults } from '~/lib/schemas/search';
import type { SessionUser } from '../auth/session.server';
import { can, type Permission } from '../auth/permissions.server';
import { likePattern, prefixQuery } from '../customers/list-customers.server';
import type { Executor } from '../db/client.server';
import { customers, vehicles, workOrders } from '../db/schema';

export type SearchUser = Pick<SessionUser, 'id' | 'isAdmin' | 'role'>;

/** The search routes' guard: anyone who may find something (customers, or work orders: all or a technician's own). */
export const SEARCH_PERMISSIONS = ['customers', 'work_orders.all', 'work_orders.assigned'] as const satisfies readonly Permission[];

export interface SearchOptions {
  /** Hits per group (default 8, clamped to 1..50). */
  limit?: number;
  /** Search only these groups (the customer pickers ask for `['customers']`). Default: all the user may see. */
  only?: readonly ('customers' | 'vehicles' | 'workOrders')[];
}

const EMPTY = { customers: [], vehicles: [], workOrders: [] };

/** How many customers matching by prefix are read before ranking (cheap to rank; a common first name matches many). */
const CANDIDATES = { prefix: 500 } as const;

/** Normalises a query as the search compares it: whitespace collapsed and trimmed. */
export function normaliseQuery(query: string): string {
  return query.replace(/\s+/g, ' ').trim();
}

/**
 * Finds customers, vehicles and work orders matching `query` that `user` may see (see the module comment).
 * `db`: the database or a transaction. Returns the groups (each best first) and a message when nothing was searched or
 * nothing matched.
 */
export async function searchEverything(
  db: Executor,
  user: SearchUser,
  query: string,
  options: SearchOptions = {},
): Promise<SearchResults> {
  const q = normaliseQuery(query);
  if (!q) return { query: q, message: SEARCH_MESSAGES.empty, ...EMPTY };
  if (q.length > SEARCH_MAX_LENGTH) return { query: q.slice(0, SEARCH_MAX_LENGTH), message: SEARCH_MESSAGES.tooLong, ...EMPTY };
  if (!/[\p{L}\p{N}]/u.test(q)) return { query: q, message: SEARCH_MESSAGES.nothingToSearch, ...EMPTY };
  const limit = Math.max(1, Math.min(50, Math.trunc(options.limit ?? 8) || 8));
  const wants = (group: 'customers' | 'vehicles' | 'workOrders') => !options.only || options.only.includes(group);
  const seesCustomers = can(user, 'customers');
  const workOrderScope = can(user, 'work_orders.all') ? 'all' : can(user, 'work_orders.assigned') ? 'assigned' : null;

  // Sequential on purpose: PGlite runs one statement at a time anyway, and a pool connection each would not pay off.
  const customerHits = seesCustomers && wants('customers') ? await findCustomers(db, q, limit) : [];
  const vehicleHits = seesCustomers && wants('vehicles') ? await findVehicles(db, q, limit) : [];
  const workOrderHits =
    workOrderScope && wants('workOrders') ? await findWorkOrders(db, q, limit, workOrderScope === 'assigned' ? user.id : null) : [];
  const total = customerHits.length + vehicleHits.length + workOrderHits.length;
  return {
    query: q,
    message: total === 0 ? SEARCH_MESSAGES.noMatches : null,
    customers: customerHits,
    vehicles: vehicleHits,
    workOrders: workOrderHits,
  };
}

const customerTerms = sql`customer_search_terms(${customers.name}, ${customers.email}, ${customers.phone})`;
const vehicleTerms = sql`vehicle_search_terms(${vehicles.vin}, ${vehicles.licensePlate})`;

/** A customer's contact line: "e-mail · phone", or a note that there is neither. */
function contactLine(row: { email: string | null; phone: string | null }): string {
  return [row.email?.trim(), row.phone?.trim()].filter(Boolean).join(' · ') || 'No e-mail or phone on file';
}

async function findCustomers(db: Executor, q: string, limit: number): Promise<SearchHit[]> {
  const lower = q.toLowerCase();
  const lname = sql`lower(${customers.name})`;
  const digits = q.replace(/\D/g, '');
  const columns = { id: customers.id, name: customers.name, email: customers.email, phone: customers.phone };
  // 1. Exact and prefix matches, from the search terms (migration 0007) in one tsquery and one index scan: every word
  // of the input starts a word of the name ("gonz", "maria gonz"; split by the database as the index is), or the input
  // starts the e-mail, or its digits are a run of 4+ of the phone's. Ranked cheaply (no trigram work per row, so a
  // common first name matching thousands stays fast): the whole name, then names starting with the input, shortest.
  const nameWords = sql`(SELECT string_agg(quote_literal('n:' || w) || ':*', ' & ')
      FROM unnest(regexp_split_to_array(${lower}, '[^[:alnum:]]+')) AS w WHERE w <> '')`;
  const extra: string[] = [];
  if (/^[^\s'\\:]+$/.test(q) && q.includes('@')) extra.push(prefixQuery('e', lower));
  if (digits.length >= 4 && /^[\d\s()+.-]+$/.test(q)) extra.push(prefixQuery('p', digits));
  const termsQuery = extra.length
    ? sql`(coalesce(${nameWords} || ' | ', '') || ${extra.join(' | ')})::tsquery`
    : sql`${nameWords}::tsquery`;
  // Candidates are capped before ranking (CANDIDATES): a very common first name ("maria") matches thousands of rows that
  // rank alike, and reading them all would cost more than it shows.
  const prefixed = db
    .select(columns)
    .from(customers)
    .where(sql`${customerTerms} @@ ${termsQuery}`)
    .limit(CANDIDATES.prefix)
    .as('prefixed');
  const plower = sql`lower(${prefixed.name})`;
  const exact = await db
    .select()
    .from(prefixed)
    .orderBy(
      sql`${plower} = ${lower} DESC`,
      sql`${plower} LIKE ${`${lower.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} DESC`,
      sql`length(${prefixed.name})`,
      prefixed.name,
      prefixed.id,
    )
    .limit(limit);
  // 2. Typos, only when the first step left room: every word of 3+ characters of the input, or the whole input, is
  // trigram-similar to a run of the name (pg_trgm word_similarity ≥ 0.6, `<%`, read from the trigram GIN index on
  // lower(name): "gonzales" and "maria gonzales" find Maria Gonzalez), ranked by the whole input's word_similarity,
  // closest first. A dropped or swapped letter in a short word ("robrt") can fall below 0.6 and is not found.
  const words = [...new Set(lower.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3))].slice(0, 6);
  let fuzzy: typeof exact = [];
  if (exact.length < limit && /\p{L}/u.test(q) && words.length > 0) {
    const found = exact.map((c) => c.id);
    // No LIMIT before ranking here: with one, the planner reads the table in order hoping to stop early, and computes
    // the similarity of every name it passes. The word_similarity threshold keeps the candidates few.
    fuzzy = await db
      .select(columns)
      .from(customers)
      .where(
        and(
          // Each word alike ("gonzales maria"), or the whole input alike ("mraia gonzalez": one word's typo outweighed).
          words.length > 1 ? or(and(...words.map((w) => sql`${w} <% ${lname}`)), sql`${lower} <% ${lname}`) : sql`${lower} <% ${lname}`,
          found.length ? sql`${customers.id} <> ALL(${sql.param(found)}::uuid[])` : undefined,
        ),
      )
      .orderBy(sql`${lower} <<-> ${lname}`, customers.name, customers.id)
      .limit(limit - exact.length);
  }
  return [...exact, ...fuzzy].map((r) => ({
    id: r.id,
    kind: 'customer' as const,
    label: r.name,
    detail: contactLine(r),
    href: `/admin/customers/${r.id}`,
    email: r.email,
  }));
}

async function findVehicles(db: Executor, q: string, limit: number): Promise<SearchHit[]> {
  // Plates and VINs are compared without case, spaces or dashes ("abc-123", "ABC 123" and "ABC123" are one plate).
  if (!/^[\p{L}\p{N} .-]{2,20}$/u.test(q)) return [];
  const compact = q.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (compact.length < 2) return [];
  // VIN terms are every suffix of 3+ characters, so a prefix query finds any part of a VIN, its last six and the whole.
  const tsquery = compact.length >= 3 ? `${prefixQuery('v', compact)} | ${prefixQuery('l', compact)}` : prefixQuery('l', compact);
  const plate = sql`lower(regexp_replace(coalesce(${vehicles.licensePlate}, ''), '[^[:alnum:]]', '', 'g'))`;
  const rank = sql<number>`CASE WHEN lower(${vehicles.vin}) = ${compact} OR ${plate} = ${compact} THEN 0
    WHEN lower(${vehicles.vin}) LIKE ${`%${compact}`} THEN 1 ELSE 2 END`;
  // The best `limit` vehicles are chosen first, then joined to their owners (a join before the LIMIT would read an
  // owner for every match).
  const top = db
    .select({
      id: vehicles.id,
      customerId: vehicles.customerId,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
      vin: vehicles.vin,
      plate: vehicles.licensePlate,
      rank: sql<number>`${rank}`.as('rank'),
      createdAt: vehicles.createdAt,
    })
    .from(vehicles)
    .where(sql`${vehicleTerms} @@ ${tsquery}::tsquery`)
    .orderBy(rank, desc(vehicles.createdAt), vehicles.id)
    .limit(limit)
    .as('top');
  const rows = await db
    .select({
      id: top.id,
      customerId: top.customerId,
      year: top.year,
      make: top.make,
      model: top.model,
      vin: top.vin,
      plate: top.plate,
      owner: customers.name,
    })
    .from(top)
    .innerJoin(customers, eq(customers.id, top.customerId))
    .orderBy(top.rank, desc(top.createdAt), top.id);
  return rows.map((r) => ({
    id: r.id,
    kind: 'vehicle' as const,
    label: `${r.year} ${r.make} ${r.model}`,
    detail: [`VIN ${r.vin}`, r.plate ? `Plate ${r.plate}` : null, `Owner ${r.owner}`].filter(Boolean).join(' · '),
    href: `/admin/customers/${r.customerId}`,
  }));
}

async function findWorkOrders(db: Executor, q: string, limit: number, technicianId: string | null): Promise<SearchHit[]> {
  // "WO-1042", "wo 1042", "#1042" and "1042" are all the number 1042; anything else is compared as typed.
  const numbered = /^(?:wo)?[\s#-]*(\d+)$/i.exec(q);
  const fragment = numbered ? numbered[1]! : q.replace(/\s+/g, '');
  if (!/^[\p{L}\p{N}#/-]{1,40}$/u.test(fragment)) return [];
  const whole = numbered ? `WO-${fragment}` : fragment;
  // A fragment of 3+ characters is read through the trigram index (ILIKE); a shorter one only as a whole number.
  const match =
    fragment.length >= 3
      ? sql`${workOrders.workOrderNumber} ILIKE ${likePattern(fragment)}`
      : sql`${workOrders.workOrderNumber} IN (${whole}, ${fragment}, ${fragment.toUpperCase()})`;
  const rank = sql<number>`CASE WHEN upper(${workOrders.workOrderNumber}) IN (${whole.toUpperCase()}, ${fragment.toUpperCase()}) THEN 0
    ELSE 1 END`;
  // The best `limit` work orders are chosen first, then joined to vehicle and customer.
  const top = db
    .select({
      id: workOrders.id,
      number: workOrders.workOrderNumber,
      status: workOrders.currentStatus,
      vehicleId: workOrders.vehicleId,
      customerId: workOrders.customerId,
      rank: sql<number>`${rank}`.as('rank'),
      createdAt: workOrders.createdAt,
    })
    .from(workOrders)
    .where(and(match, technicianId ? eq(workOrders.assignedTechnicianId, technicianId) : undefined))
    .orderBy(rank, sql`length(${workOrders.workOrderNumber})`, desc(workOrders.createdAt), workOrders.id)
    .limit(limit)
    .as('top');
  const rows = await db
    .select({
      id: top.id,
      number: top.number,
      status: top.status,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
      customer: customers.name,
    })
    .from(top)
    .innerJoin(vehicles, eq(vehicles.id, top.vehicleId))
    .innerJoin(customers, eq(customers.id, top.customerId))
    .orderBy(top.rank, sql`length(${top.number})`, desc(top.createdAt), top.id);
  return rows.map((r) => ({
    id: r.id,
    kind: 'work_order' as const,
    label: r.number,
    detail: `${r.status} · ${r.year} ${r.make} ${r.model} · ${r.customer}`,
    href: `/admin/work-orders/details/${r.id}`,
  }));
}

/** One choice of a customer picker: the name and the e-mail (to tell namesakes apart). */
export interface CustomerChoice {
  id: string;
  name: string;
  email: string | null;
}

/** How many customers a picker lists before anything is typed (the newest). */
export const PICKER_RECENT = 50;

/**
 * The choices of a customer picker (new work order, photos; issue 17 §5): the customers matching `query` (the same
 * search as {@link searchEverything}, customers only, up to 50), or the {@link PICKER_RECENT} newest when the query is
 * empty. `includeId`: a customer already chosen, kept in the list even when the search no longer finds them.
 * Returns `{ customers, message }` (message as in searchEverything, null when the list is not empty). Needs the
 * 'customers' permission (the caller's route guard checks it); without it the list is empty.
 */
export async function findCustomerChoices(
  db: Executor,
  user: SearchUser,
  query: string,
  options: { includeId?: string | null } = {},
): Promise<{ customers: CustomerChoice[]; message: string | null }> {
  if (!can(user, 'customers')) return { customers: [], message: SEARCH_MESSAGES.noMatches };
  const q = normaliseQuery(query);
  let choices: CustomerChoice[];
  let message: string | null = null;
  if (q) {
    const results = await searchEverything(db, user, q, { only: ['customers'], limit: 50 });
    choices = results.customers.map((c) => ({ id: c.id, name: c.label, email: c.email ?? null }));
    message = results.message;
  } else {
    const rows = await db
      .select({ id: customers.id, name: customers.name, email: customers.email, phone: customers.phone })
      .from(customers)
      .orderBy(desc(customers.createdAt), customers.id)
      .limit(PICKER_RECENT);
    choices = rows.map((r) => ({ id: r.id, name: r.name, email: r.email }));
  }
  const includeId = options.includeId;
  if (includeId && /^[0-9a-f-]{36}$/i.test(includeId) && !choices.some((c) => c.id === includeId)) {
    const [row] = await db
      .select({ id: customers.id, name: customers.name, email: customers.email, phone: customers.phone })
      .from(customers)
      .where(eq(customers.id, includeId));
    if (row) choices.unshift({ id: row.id, name: row.name, email: row.email });
  }
  return { customers: choices, message: choices.length > 0 ? null : message };
}
