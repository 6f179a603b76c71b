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
import { migrateDatabase } from '~/server/db/migrate.server';
import { listCustomers } from '~/server/customers/list-customers.server';
import { getDashboard } from '~/server/dashboard/get-dashboard.server';
import { getWorkOrderOverview } from '~/server/work-orders/list-work-orders.server';
import { openBenchDatabase } from './bench-database';
import { timeRuns } from './bench-timing';
import { PER_CUSTOMER, seed } from './bench-seed';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const LARGE = Number(process.env.BENCH_LARGE ?? 100_000);
const SMALL = 1_000;
/** The measured operations; searches rotate over name, e-mail, phone, VIN and plate of existing customers. */
async function measure(customers: number) {
  const pick = (i: number) => 1 + ((i * 7919) % customers);
  const queries = (i: number) => {
    const n = pick(i);
    return [`Customer ${n}`, `customer${n}@example.com`, `555-${String(n % 10000).padStart(4, '0')}`, `BNCH${String(n).padStart(13, '0')}`, `PLT-${n}`][i % 5]!;
  };
  return {
    'Customer list (page 1)': await timeRuns(RUNS, () => listCustomers({})),
    'Customer search': await timeRuns(RUNS, (i) => listCustomers({ q: queries(i) })),
    'Work orders, grouped view': await timeRuns(RUNS, () => getWorkOrderOverview({ view: 'grouped' })),
    'Work orders, all view (page 1)': await timeRuns(RUNS, () => getWorkOrderOverview({ view: 'all', page: 1 })),
    'Work orders, all view (page 20)': await timeRuns(RUNS, () => getWorkOrderOverview({ view: 'all', page: 20 })),
    Dashboard: await timeRuns(RUNS, () => getDashboard()),
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
