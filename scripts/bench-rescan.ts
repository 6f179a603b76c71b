/**
 * `npx tsx scripts/bench-rescan.ts` (env `SSEED`, default 11; `SHOW=1` per invoice, `MISSES=1` its missed and extra
 * rows; `EXTRA=0` leaves out the extra set): the development set's 24 tuning clean pages and the extra set's 12 clean
 * pages (all tuning data) turned into scanned PDFs with the generator's own `scannedPdf` effect (grey, skewed
 * 0.4–1.5° either way as the generator draws it, JPEG 70 placed on a Letter page, no text layer), cached in
 * /tmp/scan-extra, then read by the offline reader as PDFs and scored with the bench's rules (header fields exact,
 * part rows exact in all four fields, extra rows, silent successes). Tuning data only — no held-out page is ever
 * scanned — so scan handling is judged on 36 pages per seed instead of two. Issue 18, 2026-11-28.
 */
import fs from 'node:fs';
import path from 'node:path';
import { scannedPdf } from './invoice-devset/effects';
import { Rng } from './invoice-devset/rng';
import { createOfflineExtractor } from '../app/server/extraction/offline.server';
import { reviewExtraction } from '../app/server/extraction/review.server';
import { closeOcrWorker } from '../app/server/extraction/ocr.server';
const out = '/tmp/scan-extra';
fs.mkdirSync(out, { recursive: true });
type Entry = { id: string; file: string; truth: string; variant: string; split: string };
/** Tuning clean pages of a set, each with the folder it lives in. */
const tuningClean = (dir: string) =>
  (JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { invoices: Entry[] }).invoices
    .filter((e) => e.split === 'tuning' && e.variant === 'clean')
    .map((e) => ({ ...e, dir }));
const cases = [...tuningClean('tests/fixtures/invoices-dev'), ...(process.env.EXTRA === '0' ? [] : tuningClean('tests/fixtures/invoices-dev-extra'))];
const seed = Number(process.env.SSEED ?? 11);
const rng = new Rng(seed);
const ex = createOfflineExtractor();
const fields = ['invoice_number', 'supplier', 'invoice_date', 'total_amount'] as const;
let h = 0, hAll = 0, l = 0, lAll = 0, silent = 0, extra = 0, seconds = 0;
const key = (i: { part_number: string; description: string; quantity: number; unit_price: number }) => JSON.stringify([i.part_number, i.description, i.quantity, i.unit_price]);
for (const c of cases) {
  const file = path.join(out, `${c.id}-${seed}.pdf`);
  // The generator's own skew: 0.4–1.5° in tenths, either way.
  const angle = (Math.round(rng.float(0.4, 1.5) * 10) / 10) * (rng.chance(0.5) ? 1 : -1);
  if (!fs.existsSync(file)) fs.writeFileSync(file, (await scannedPdf(fs.readFileSync(path.join(c.dir, c.file)), angle)).pdf);
  const truth = JSON.parse(fs.readFileSync(path.join(c.dir, c.truth), 'utf8')).expected;
  let got: any = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
  let complete = false;
  const started = performance.now();
  try { got = await ex.extract({ bytes: new Uint8Array(fs.readFileSync(file)), mime: 'application/pdf', fileName: 'x.pdf' }); complete = reviewExtraction(got).complete; } catch (e) { got = (e as { partial?: unknown }).partial ?? {}; }
  seconds += (performance.now() - started) / 1000;
  const hh = fields.filter((k) => got[k] === truth[k]).length;
  const left = (got.line_items ?? []).map(key);
  let ll = 0;
  const missed: string[] = [];
  for (const w of truth.line_items) { const at = left.indexOf(key(w)); if (at >= 0) { left.splice(at, 1); ll++; } else missed.push(key(w)); }
  h += hh; hAll += 4; l += ll; lAll += truth.line_items.length; extra += left.length;
  const wrong = hh < 4 || ll < truth.line_items.length || left.length > 0;
  if (complete && wrong) silent++;
  if (process.env.SHOW) console.log(c.id, `${angle}°`, `${hh}/4`, `${ll}/${truth.line_items.length}`, left.length, complete && wrong ? 'SILENT' : '', fields.filter((k) => got[k] !== truth[k]).map((k) => `${k}=${JSON.stringify(got[k])} want ${JSON.stringify(truth[k])}`).join('; '));
  if (process.env.MISSES) {
    for (const m of missed) console.log('  -', m);
    for (const u of left) console.log('  +', u);
  }
}
console.log(`scan-extra seed ${seed}: header ${h}/${hAll} = ${(100 * h / hAll).toFixed(1)} % | lines ${l}/${lAll} = ${(100 * l / lAll).toFixed(1)} % | extra ${extra} | silent ${silent} | ${(seconds / cases.length).toFixed(2)} s/page`);
await closeOcrWorker();
