/**
 * Cycle-time report at scale (issue 17 "Measured": reports for a year ≤ 500 ms at 100,000 work orders).
 * `tsx scripts/bench-reports.ts [workOrders=100000]` seeds, in SQL, N work orders delivered over the year 2026 (each
 * with 5 status-history rows, 2 closed time entries and an approved estimate version; 10 % sent back or still open),
 * then times `computeCycleTimeReport` for 2026-01-01 … 2026-12-31 and prints p50/p95 of 7 runs (after one warm-up).
 * Exported `seedReportData(db, n)` lets `npm run bench` reuse the seed.
 */
import { sql } from 'drizzle-orm';
import { migrateDatabase } from '~/server/db/migrate.server';
import type { Database } from '~/server/db/client.server';
import { computeCycleTimeReport } from '~/server/reports/cycle-time.server';
import { openBenchDatabase } from './bench-database';
import { summarise } from './bench-timing';

/** Seeds `n` work orders with history, time and approved estimates (see the file's comment). */
export async function seedReportData(db: Database, n: number): Promise<void> {
  await db.execute(sql`insert into users (id, name, email, email_verified) values ('bench-tech', 'Bench Tech', 'bench-tech@example.com', true)`);
  await db.execute(sql`insert into customers (id, name) values ('00000000-0000-4000-8000-00000000c001', 'Bench')`);
  await db.execute(sql`insert into vehicles (id, customer_id, make, model, year, vin)
    values ('00000000-0000-4000-8000-00000000e001', '00000000-0000-4000-8000-00000000c001', 'Toyota', 'Camry', 2021, '1HGBENCH000000001')`);
  // Arrival spread over 2026 (minus the last two weeks), 1–14 days in the shop; every 10th sent back to Paint.
  await db.execute(sql`create temp table bench_wo as
    select gen_random_uuid() as id, i,
      timestamptz '2026-01-01 14:00+00' + (i::float8 / ${n} * 350) * interval '1 day' as arrived,
      (1 + i % 14) * interval '1 day' as stay
    from generate_series(1, ${n}) i`);
  await db.execute(sql`insert into work_orders (id, work_order_number, vehicle_id, customer_id, current_status, estimated_completion_date, created_at)
    select id, 'WO-B' || i, '00000000-0000-4000-8000-00000000e001', '00000000-0000-4000-8000-00000000c001',
      case when i % 10 = 0 then 'Paint' else 'Ready for Pickup' end,
      case when i % 3 = 0 then null else (arrived + (i % 12) * interval '1 day')::date end, arrived
    from bench_wo`);
  await db.execute(sql`insert into work_order_status_history (work_order_id, from_status, to_status, created_at)
    select id, s.from_status, s.to_status, arrived + stay * s.f
    from bench_wo, (values (null, 'Estimate Scheduled', 0.0), ('Estimate Scheduled', 'Parts Ordered', 0.2),
      ('Parts Ordered', 'Repairs Started', 0.4), ('Repairs Started', 'Paint', 0.7), ('Paint', 'Ready for Pickup', 1.0))
      as s(from_status, to_status, f)`);
  await db.execute(sql`insert into time_entries (work_order_id, technician_id, started_at, ended_at)
    select id, 'bench-tech', arrived + stay * f, arrived + stay * f + (1 + i % 5) * interval '1 hour'
    from bench_wo, (values (0.45), (0.75)) as t(f)`);
  await db.execute(sql`insert into customer_documents (id, work_order_id, customer_id, document_type, bucket, file_key, file_name, content_type, size_bytes)
    select id, id, '00000000-0000-4000-8000-00000000c001', 'quote', 'customer-files', 'bench/' || i, 'e.pdf', 'application/pdf', 1 from bench_wo`);
  await db.execute(sql`insert into estimates (id, work_order_id) select id, id from bench_wo`);
  await db.execute(sql`insert into estimate_versions (estimate_id, work_order_id, version_number, kind, state, lines, totals, tax_rule, total_cents, document_id, pdf_sha256)
    select id, id, 1, 'estimate', 'approved', '[]', '{}', '{}', 100000 + (i % 5000) * 37, id, 'x' from bench_wo`);
  await db.execute(sql`drop table bench_wo`);
  await db.execute(sql`analyze`);
}

async function main() {
  const n = Number(process.argv[2] ?? 100_000);
  const bench = await openBenchDatabase('PGlite', 'shop-bench-reports-');
  try {
    await migrateDatabase(bench.handle);
    const t0 = performance.now();
    await seedReportData(bench.handle.db, n);
    console.log(`seeded ${n} work orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const range = { from: '2026-01-01', to: '2026-12-31' };
    const first = await computeCycleTimeReport(bench.handle.db, range);
    console.log(JSON.stringify({ ...first, perWeek: `${first.perWeek.length} weeks` }));
    const samples: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const s = performance.now();
      await computeCycleTimeReport(bench.handle.db, range);
      samples.push(performance.now() - s);
    }
    const { p50, p95 } = summarise(samples);
    console.log(`| PGlite | cycle-time report, a year, ${n} work orders | p50 ${p50.toFixed(0)} ms | p95 ${p95.toFixed(0)} ms | ≤ 500 ms | ${p95 <= 500 ? 'yes' : 'no'} |`);
  } finally {
    await bench.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
