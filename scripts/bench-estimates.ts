/**
 * `npm run bench:estimates` (also the second half of `npm run bench`): issue 14's measured targets, through the same
 * domain functions the pages call, on a fresh embedded database (and a fresh database on the PostgreSQL server in
 * TEST_DATABASE_URL when set), with files in a temporary folder:
 * - saving a line (edit) on a 150-line estimate: target p95 ≤ 100 ms; adding the 151st line and the editor's page data
 *   for comparison in the same run;
 * - the PDF of a 150-line estimate (renderEstimatePdf; first render separately, it loads pdfmake): target ≤ 1 s; and a
 *   whole "send for approval" of those 150 lines (freeze, PDF, store, audit, e-mail row);
 * - importing the largest sample BMS file onto a work order (parse + writes): target ≤ 1 s; parsing alone beside it.
 * Prints a Markdown table (milliseconds, wall clock). Options: BENCH_RUNS (default 40).
 */
import fs from 'node:fs';
import path from 'node:path';
import { blankLine } from '~/lib/estimates/lines';
import type { DatabaseHandle } from '~/server/db/client.server';
import { migrateDatabase } from '~/server/db/migrate.server';
import { customers, users, vehicles, workOrders } from '~/server/db/schema';
import { saveEstimateLine } from '~/server/estimates/edit-estimate.server';
import { getEstimateEditor } from '~/server/estimates/get-estimate.server';
import { importBmsOntoWorkOrder } from '~/server/estimates/import-bms.server';
import { sendEstimateForApproval } from '~/server/estimates/send-estimate.server';
import { createLocalStorage, setStorage } from '~/server/storage/storage.server';
import { benchBmsImport } from './bench-bms';
import { openBenchDatabase } from './bench-database';
import { timeRuns } from './bench-timing';
import { benchEstimatePdf, benchLines } from './bench-pdf';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);

async function workOrder(db: DatabaseHandle['db'], n: string) {
  const [c] = await db.insert(customers).values({ name: `Bench ${n}`, email: `bench-${n}@example.com` }).returning();
  const [v] = await db.insert(vehicles).values({ customerId: c!.id, make: 'Toyota', model: 'Camry', year: 2021, vin: `BENCH${n.padStart(12, '0')}`.slice(0, 17) }).returning();
  const [w] = await db.insert(workOrders).values({ customerId: c!.id, vehicleId: v!.id, workOrderNumber: `WO-BENCH-${n}` }).returning();
  return w!.id;
}

async function runOn(kind: 'PGlite' | 'PostgreSQL'): Promise<string[]> {
  const bench = await openBenchDatabase(kind, 'shop-bench-est-');
  const handle = bench.handle;
  setStorage(createLocalStorage(path.join(bench.dataDir, 'files')));
  const rows: string[] = [];
  const row = (op: string, r: { p50: number; p95: number }, target: string, ok: boolean | null) =>
    rows.push(`| ${kind} | ${op} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${target} | ${ok === null ? '—' : ok ? 'yes' : 'no'} |`);
  try {
    await migrateDatabase(handle);
    const db = handle.db;
    const [user] = await db.insert(users).values({ id: 'bench-staff', name: 'Bench', email: 'bench-staff@example.com', emailVerified: true }).returning();
    const actor = { id: user!.id, email: user!.email };
    const woId = await workOrder(db, '1');
    for (const line of benchLines()) {
      const { id: _id, ...rest } = line;
      await saveEstimateLine(actor, woId, { lineId: null, line: rest, rateBlank: false, priceBlank: false });
    }
    const editor = await getEstimateEditor(woId);
    if (editor.lines.length !== 150) throw new Error(`expected 150 lines, got ${editor.lines.length}`);
    const target = editor.lines[20]!;
    const { id: targetId, ...targetFields } = target;
    const save = await timeRuns(RUNS, (i) =>
      saveEstimateLine(actor, woId, { lineId: targetId, line: { ...targetFields, quantity: 1 + (Math.abs(i) % 9) }, rateBlank: false, priceBlank: false }),
    );
    row('Save a line (edit) on a 150-line estimate', save, 'p95 ≤ 100 ms', save.p95 <= 100);
    const woAdd = await workOrder(db, '2');
    for (const line of benchLines().slice(0, 150)) {
      const { id: _id, ...rest } = line;
      await saveEstimateLine(actor, woAdd, { lineId: null, line: rest, rateBlank: false, priceBlank: false });
    }
    const add = await timeRuns(Math.min(RUNS, 60), () =>
      saveEstimateLine(actor, woAdd, { lineId: null, line: { ...blankLine('x', 'fee', 'Hazardous waste disposal'), amountCents: 1500 }, rateBlank: false, priceBlank: false }),
    );
    row('Add a line to a 150+ line estimate', add, '—', null);
    row('Estimate editor page data (150 lines)', await timeRuns(RUNS, () => getEstimateEditor(woId)), '—', null);
    const send = await timeRuns(10, (i) =>
      saveEstimateLine(actor, woId, { lineId: targetId, line: { ...targetFields, quantity: 10 + (i + 20) }, rateBlank: false, priceBlank: false }).then(() => sendEstimateForApproval(actor, woId)),
    );
    row('Send for approval, 150 lines (edit + freeze + PDF + store)', send, '—', null);

    const fixtures = path.resolve(import.meta.dirname, '../tests/fixtures/bms');
    const largest = fs
      .readdirSync(fixtures)
      .filter((n) => n.endsWith('.xml') && !n.startsWith('not-bms'))
      .sort((a, b) => fs.statSync(path.join(fixtures, b)).size - fs.statSync(path.join(fixtures, a)).size)[0]!;
    const bytes = new Uint8Array(fs.readFileSync(path.join(fixtures, largest)));
    let n = 100;
    const imports = await timeRuns(20, async () => {
      n += 1;
      const id = await workOrder(db, String(n));
      await importBmsOntoWorkOrder(actor, id, { fileName: largest, bytes });
    });
    row(`Import the largest BMS sample (${largest}, ${(bytes.byteLength / 1024).toFixed(1)} KB) onto a work order`, imports, '≤ 1 s', imports.p95 <= 1000);
  } finally {
    await bench.close();
  }
  return rows;
}

const lines = ['| Database | Operation | p50 ms | p95 ms | Target | Met |', '|---|---|---|---|---|---|'];
lines.push(...(await runOn('PGlite')));
if (process.env.TEST_DATABASE_URL) lines.push(...(await runOn('PostgreSQL')));
const pdf = await benchEstimatePdf();
lines.push(
  `| — | PDF of a ${pdf.lines}-line estimate (${pdf.pages} pages, ${(pdf.bytes / 1024).toFixed(1)} KB; first render ${pdf.firstMs} ms) | ${pdf.p50Ms} | ${pdf.p95Ms} | ≤ 1 s | ${pdf.p95Ms <= 1000 ? 'yes' : 'no'} |`,
);
const parse = await benchBmsImport();
lines.push(`| — | Parse only: ${parse.file} (${(parse.bytes / 1024).toFixed(1)} KB) | ${parse.p50Ms} | ${parse.p95Ms} | — | — |`);
console.log(lines.join('\n'));
process.exit(0);
