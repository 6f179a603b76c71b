/**
 * `npm run bench`: the back office at scale. Seeds a fresh embedded database (and a fresh database on the PostgreSQL
 * server in TEST_DATABASE_URL when set) with 1,000 work orders for 200 customers, measures, grows it to 100,000 work
 * orders for 20,000 customers, and measures again: p50/p95 of the customer search, the work-order list (grouped and
 * all views) and the dashboard, each run through the same domain functions the pages call. The data grows as a shop's
 * does: more history behind the same open work (see `seed`).
 * Target (issue 4): the 100,000-row p95 within 2× of the 1,000-row p95. Prints a Markdown table.
 *
 * Options (environment): BENCH_RUNS (timed runs per operation, default 40), BENCH_LARGE (default 100000).
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '~/server/db/client.server';
import { migrateDatabase } from '~/server/db/migrate.server';
import { listCustomers } from '~/server/customers/list-customers.server';
import { getDashboard } from '~/server/dashboard/get-dashboard.server';
import { getWorkOrderOverview } from '~/server/work-orders/list-work-orders.server';
import { openBenchDatabase } from './bench-database';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const LARGE = Number(process.env.BENCH_LARGE ?? 100_000);
const SMALL = 1_000;
const PER_CUSTOMER = 5;
const STATUSES = ['Estimate Scheduled', 'Parts Ordered', 'Parts Received', 'Repairs Started', 'Paint', 'Quality Check', 'Complete', 'Ready for Pickup'];

/** Work orders still in the shop, at every size: history grows, the shop floor does not. */
const OPEN_WORK_ORDERS = 60;

/**
 * Adds customers (from+1 … to), one vehicle each, and five work orders per customer, in SQL batches. Growth adds
 * OLDER history, as a shop's data grows: customer 1 is the newest (a new customer every 10 hours, a work order every
 * 2 hours going back in time), the newest ${OPEN_WORK_ORDERS} work orders are open (about half past their estimated
 * completion date) and every older one was finished within two days of opening. So open work, today's counts and the
 * last 30 days are the same at 1,000 and at 100,000 work orders; only the history behind them grows (about 83 days at
 * 1,000, about 23 years at 100,000).
 */
async function seed(handle: DatabaseHandle, fromCustomer: number, toCustomer: number) {
  const db = handle.db;
  const statuses = `ARRAY[${STATUSES.map((s) => `'${s}'`).join(',')}]`;
  for (let start = fromCustomer + 1; start <= toCustomer; start += 5000) {
    const end = Math.min(toCustomer, start + 4999);
    const statements = `
      INSERT INTO customers (id, name, email, phone, address, created_at)
      SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid,
             'Customer ' || n, 'customer' || n || '@example.com', '(281) 555-' || lpad((n % 10000)::text, 4, '0'),
             n || ' Main St, Spring, TX', now() - make_interval(hours => (n - 1) * 10)
      FROM generate_series(${start}, ${end}) n;
      INSERT INTO vehicles (id, customer_id, make, model, year, vin, license_plate, created_at)
      SELECT ('00000000-0000-4000-9000-' || lpad(to_hex(n), 12, '0'))::uuid,
             ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid,
             'Honda', 'Civic', 2000 + (n % 25), 'BNCH' || lpad(n::text, 13, '0'), 'PLT-' || n,
             now() - make_interval(hours => (n - 1) * 10)
      FROM generate_series(${start}, ${end}) n;
      INSERT INTO work_orders (work_order_number, vehicle_id, customer_id, current_status, description,
                               estimated_completion_date, created_at, updated_at)
      SELECT 'WO-B' || i,
             ('00000000-0000-4000-9000-' || lpad(to_hex(n), 12, '0'))::uuid,
             ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid,
             CASE WHEN i < ${OPEN_WORK_ORDERS} THEN (${statuses})[1 + (i % 6)] ELSE (${statuses})[7 + (i % 2)] END,
             'Bench repair',
             CASE WHEN i < ${OPEN_WORK_ORDERS} THEN current_date + (i % 10) - 5 ELSE (now() - make_interval(hours => i * 2 + 1))::date + 3 END,
             now() - make_interval(hours => i * 2 + 1),
             CASE WHEN i < ${OPEN_WORK_ORDERS} THEN now() - make_interval(hours => i * 2)
                  ELSE now() - make_interval(hours => i * 2 + 1) + make_interval(hours => 1 + (i % 47)) END
      FROM generate_series(${start}, ${end}) n, generate_series(0, ${PER_CUSTOMER - 1}) k,
           LATERAL (SELECT (n - 1) * ${PER_CUSTOMER} + k AS i) AS w`;
    for (const statement of statements.split(';')) await db.execute(sql.raw(statement));
  }
  await db.execute(sql`ANALYZE`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function time(fn: (i: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i += 1) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** The measured operations; searches rotate over name, e-mail, phone, VIN and plate of existing customers. */
async function measure(customers: number) {
  const pick = (i: number) => 1 + ((i * 7919) % customers);
  const queries = (i: number) => {
    const n = pick(i);
    return [`Customer ${n}`, `customer${n}@example.com`, `555-${String(n % 10000).padStart(4, '0')}`, `BNCH${String(n).padStart(13, '0')}`, `PLT-${n}`][i % 5]!;
  };
  return {
    'Customer list (page 1)': await time(() => listCustomers({})),
    'Customer search': await time((i) => listCustomers({ q: queries(i) })),
    'Work orders, grouped view': await time(() => getWorkOrderOverview({ view: 'grouped' })),
    'Work orders, all view (page 1)': await time(() => getWorkOrderOverview({ view: 'all', page: 1 })),
    'Work orders, all view (page 20)': await time(() => getWorkOrderOverview({ view: 'all', page: 20 })),
    Dashboard: await time(() => getDashboard()),
  };
}

async function runOn(kind: 'PGlite' | 'PostgreSQL'): Promise<string[]> {
  const bench = await openBenchDatabase(kind);
  const handle = bench.handle;
  const rows: string[] = [];
  try {
    await migrateDatabase(handle);
    const smallCustomers = SMALL / PER_CUSTOMER;
    const largeCustomers = LARGE / PER_CUSTOMER;
    let t0 = performance.now();
    await seed(handle, 0, smallCustomers);
    console.error(`[${kind}] seeded ${SMALL} work orders in ${Math.round(performance.now() - t0)} ms`);
    const small = await measure(smallCustomers);
    t0 = performance.now();
    await seed(handle, smallCustomers, largeCustomers);
    console.error(`[${kind}] seeded up to ${LARGE} work orders in ${Math.round(performance.now() - t0)} ms`);
    const large = await measure(largeCustomers);
    for (const op of Object.keys(small) as (keyof typeof small)[]) {
      const s = small[op];
      const l = large[op];
      const ratio = l.p95 / s.p95;
      rows.push(
        `| ${kind} | ${op} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${l.p50.toFixed(1)} | ${l.p95.toFixed(1)} | ${ratio.toFixed(1)}× ${ratio <= 2 ? 'yes' : 'no'} |`,
      );
    }
  } finally {
    await bench.close();
  }
  return rows;
}

const rows = await runOn('PGlite');
if (process.env.TEST_DATABASE_URL) rows.push(...(await runOn('PostgreSQL')));
console.log(`\nTimes in ms, ${RUNS} timed runs each after 3 warm-ups; ${SMALL.toLocaleString('en-US')} vs ${LARGE.toLocaleString('en-US')} work orders (${PER_CUSTOMER} per customer).\n`);
console.log(`| Database | Operation | 1k p50 | 1k p95 | ${LARGE / 1000}k p50 | ${LARGE / 1000}k p95 | ${LARGE / 1000}k p95 ≤ 2× 1k p95 |`);
console.log('|---|---|---:|---:|---:|---:|---|');
for (const r of rows) console.log(r);
