/**
 * `npm run bench:floor` (also the fourth part of `npm run bench`): issue 17's measured targets at 100,000 work orders,
 * through the same domain functions the pages call, on a fresh embedded database (and a fresh database on the
 * PostgreSQL server in TEST_DATABASE_URL when set):
 * - the job board with 60 open work orders (`loadBoard`, as the Owner and as a technician): server time ≤ 150 ms;
 * - a drag saved (`moveWorkOrderOnBoard` with "Notify customer" on, so the status e-mail is queued): p95 ≤ 200 ms;
 * - search (`searchEverything`): a name with a typo, a VIN's last six, a full VIN, a plate, a work order number and a
 *   fragment of one, a phone number and an e-mail, in rotation: p95 ≤ 100 ms;
 * - the cycle-time report for a year (`computeCycleTimeReport`): ≤ 500 ms.
 * Data: bench-seed.ts (20,000 customers, 100,000 work orders of which 60 open) plus bench-floor-seed.ts (technicians,
 * assignments, a status history for every work order, two time entries each, real-looking names).
 * Prints a Markdown table (milliseconds, wall clock) and exits 1 when a p95 misses its target.
 * Options (environment): BENCH_RUNS (timed runs per operation, default 40), BENCH_LARGE (work orders, default 100000).
 */
import { format, subDays } from 'date-fns';
import { sql } from 'drizzle-orm';
import type { StaffRole } from '~/lib/staff-roles';
import { loadBoard } from '~/server/board/load-board.server';
import { moveWorkOrderOnBoard } from '~/server/board/move-work-order.server';
import { migrateDatabase } from '~/server/db/migrate.server';
import { computeCycleTimeReport } from '~/server/reports/cycle-time.server';
import { searchEverything } from '~/server/search/search.server';
import { openBenchDatabase } from './bench-database';
import { summarise, timeRuns } from './bench-timing';
import { BENCH_TECHNICIANS, seedFloor } from './bench-floor-seed';
import { PER_CUSTOMER, seed } from './bench-seed';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const LARGE = Number(process.env.BENCH_LARGE ?? 100_000);

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

async function runOn(kind: 'PGlite' | 'PostgreSQL'): Promise<{ rows: string[]; missed: string[] }> {
  const bench = await openBenchDatabase(kind, 'shop-bench-floor-');
  const { handle } = bench;
  const db = handle.db;
  const rows: string[] = [];
  const missed: string[] = [];
  const row = (op: string, r: { p50: number; p95: number; max: number }, target: number) => {
    const ok = r.p95 <= target;
    if (!ok) missed.push(`${kind}: ${op} p95 ${r.p95.toFixed(1)} ms > ${target} ms`);
    rows.push(`| ${kind} | ${op} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ≤ ${target} | ${ok ? 'yes' : 'no'} |`);
  };
  try {
    await migrateDatabase(handle);
    const t0 = performance.now();
    await seed(handle, 0, LARGE / PER_CUSTOMER);
    await seedFloor(handle);
    await db.execute(sql`INSERT INTO users (id, name, email, email_verified) VALUES ('bench-owner', 'Owner', 'owner@bench.example.com', true)`);
    await db.execute(sql`INSERT INTO profiles (id, full_name, is_admin, staff_role) VALUES ('bench-owner', 'Owner', true, 'owner')`);
    console.error(`[${kind}] seeded ${LARGE.toLocaleString('en-US')} work orders with their floor data in ${Math.round(performance.now() - t0)} ms`);

    const owner = { id: 'bench-owner', email: 'owner@bench.example.com', isAdmin: true, role: 'owner' as StaffRole };
    const technician = { id: 'bench-tech-1', email: 'tech1@bench.example.com', isAdmin: true, role: 'technician' as StaffRole };
    const board = await loadBoard(db, owner);
    const cards = board.columns.reduce((n, c) => n + c.cards.length, 0);
    row(`Board, Owner (${cards} open work orders)`, await timeRuns(RUNS, () => loadBoard(db, owner)), 150);
    row('Board, a technician (own work orders)', await timeRuns(RUNS, () => loadBoard(db, technician)), 150);

    // A drag: one open card moved back and forth between two columns, with the version the card showed.
    const [card] = rowsOf<{ id: string }>(
      await db.execute(sql`SELECT id FROM work_orders WHERE current_status = 'Repairs Started' ORDER BY created_at DESC LIMIT 1`),
    );
    const versionOf = async () =>
      rowsOf<{ version: number }>(await db.execute(sql`SELECT version FROM work_orders WHERE id = ${card!.id}`))[0]!.version;
    const moves: number[] = [];
    for (let i = -3; i < RUNS; i += 1) {
      const expectedVersion = await versionOf();
      const toStatus = i % 2 === 0 ? 'Paint' : 'Repairs Started';
      const start = performance.now();
      await moveWorkOrderOnBoard(db, owner, { workOrderId: card!.id, toStatus, expectedVersion, notify: true });
      if (i >= 0) moves.push(performance.now() - start);
    }
    row('A drag saved (status e-mail queued)', summarise(moves), 200);

    const n = (i: number) => 1 + ((Math.abs(i) * 7919) % (LARGE / PER_CUSTOMER));
    const [someone] = rowsOf<{ name: string }>(await db.execute(sql`SELECT name FROM customers WHERE name LIKE '% Gonzalez' LIMIT 1`));
    const typo = (someone?.name ?? 'Maria Gonzalez').replace(/Gonzalez$/, 'Gonzales');
    const queries = (i: number) => {
      const k = n(i);
      const vin = `BNCH${String(k).padStart(13, '0')}`;
      return [typo, vin.slice(-6), vin, `PLT-${k}`, `WO-B${k * 3}`, String(k * 3), `(281) 555-${String(k % 10000).padStart(4, '0')}`, `customer${k}@example.com`][
        Math.abs(i) % 8
      ]!;
    };
    row('Search, rotating 8 kinds of query', await timeRuns(RUNS, (i) => searchEverything(db, owner, queries(i))), 100);
    row('Search, a name with a typo', await timeRuns(RUNS, () => searchEverything(db, owner, typo)), 100);

    const today = new Date();
    const year = { from: format(subDays(today, 364), 'yyyy-MM-dd'), to: format(today, 'yyyy-MM-dd') };
    const report = await computeCycleTimeReport(db, year);
    row(`Cycle-time report, one year (${report.delivered} delivered)`, await timeRuns(RUNS, () => computeCycleTimeReport(db, year)), 500);
  } finally {
    await bench.close();
  }
  return { rows, missed };
}

const results = [await runOn('PGlite')];
if (process.env.TEST_DATABASE_URL) results.push(await runOn('PostgreSQL'));
console.log(
  `\nTimes in ms, ${RUNS} timed runs each after 3 warm-ups; ${LARGE.toLocaleString('en-US')} work orders, ${BENCH_TECHNICIANS} technicians.\n`,
);
console.log('| Database | Operation | p50 | p95 | max | target p95 | met |');
console.log('|---|---|---:|---:|---:|---:|---|');
for (const r of results) for (const line of r.rows) console.log(line);
const missed = results.flatMap((r) => r.missed);
if (missed.length) {
  for (const m of missed) console.error(m);
  process.exitCode = 1;
}
