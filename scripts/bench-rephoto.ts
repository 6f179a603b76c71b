/**
 * `npx tsx scripts/bench-rephoto.ts` (env `PSEED`, default 4242; `SHOW=1` per invoice, `MISSES=1` its missed and extra rows, `CONF=1` header confidences;
 * `EXTRA=0` leaves out the extra set): the development set's 24 tuning clean pages and the extra set's 12 clean pages
 * (all tuning data) photographed again with fresh random parameters (the generator's own
 * `photograph` effect: 2–4° rotation, blur, uneven light, JPEG 70), cached in /tmp/photo-extra, then read by the
 * offline reader and scored with the bench's rules (header fields exact, part rows exact in all four fields, silent
 * successes). Tuning data only — no held-out page is ever photographed — so photo handling can be tuned on 36 pages
 * per seed instead of twelve. Issue 18, 2026-11-25.
 */
import fs from 'node:fs';
import path from 'node:path';
import { photograph, photoParams } from './invoice-devset/effects';
import { Rng } from './invoice-devset/rng';
import { createOfflineExtractor } from '../app/server/extraction/offline.server';
import { reviewExtraction } from '../app/server/extraction/review.server';
import { closeOcrWorker } from '../app/server/extraction/ocr.server';
const out = '/tmp/photo-extra';
fs.mkdirSync(out, { recursive: true });
type Entry = { id: string; file: string; truth: string; variant: string; split: string };
/** Tuning clean pages of a set, each with the folder it lives in. */
const tuningClean = (dir: string) =>
  (JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { invoices: Entry[] }).invoices
    .filter((e) => e.split === 'tuning' && e.variant === 'clean')
    .map((e) => ({ ...e, dir }));
// The development set's pages first, so a seed gives them the same photographs as before the extra set was added.
const cases = [...tuningClean('tests/fixtures/invoices-dev'), ...(process.env.EXTRA === '0' ? [] : tuningClean('tests/fixtures/invoices-dev-extra'))];
const rng = new Rng(Number(process.env.PSEED ?? 4242));
const ex = createOfflineExtractor();
let h = 0, hAll = 0, l = 0, lAll = 0, silent = 0, extra = 0;
const key = (i: { part_number: string; description: string; quantity: number; unit_price: number }) => JSON.stringify([i.part_number, i.description, i.quantity, i.unit_price]);
for (const c of cases) {
  const file = path.join(out, `${c.id}-${process.env.PSEED ?? 4242}.jpg`);
  const p = photoParams(rng);
  if (!fs.existsSync(file)) fs.writeFileSync(file, await photograph(fs.readFileSync(path.join(c.dir, c.file)), p, rng));
  const truth = JSON.parse(fs.readFileSync(path.join(c.dir, c.truth), 'utf8')).expected;
  let got: any = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
  let complete = false;
  try { got = await ex.extract({ bytes: new Uint8Array(fs.readFileSync(file)), mime: 'image/jpeg', fileName: 'x.jpg' }); complete = reviewExtraction(got).complete; } catch (e) { got = (e as { partial?: unknown }).partial ?? {}; }
  if (process.env.CONF) for (const k of ['invoice_number', 'supplier', 'invoice_date', 'total_amount']) console.log('CONF', k, got[k] === truth[k] ? 'right' : 'wrong', (got.confidence?.[k] ?? -1).toFixed(2), JSON.stringify(got[k]));
  const hh = ['invoice_number', 'supplier', 'invoice_date', 'total_amount'].filter((k) => got[k] === truth[k]).length;
  const unused = (got.line_items ?? []).map(key);
  let ll = 0;
  for (const w of truth.line_items) { const at = unused.indexOf(key(w)); if (at >= 0) { unused.splice(at, 1); ll++; } }
  if (process.env.MISSES) {
    const found = new Set<string>();
    const left = (got.line_items ?? []).map(key);
    for (const w of truth.line_items) { const at = left.indexOf(key(w)); if (at >= 0) { left.splice(at, 1); found.add(key(w)); } else console.log('  -', key(w)); }
    for (const u of left) console.log('  +', u);
  }
  h += hh; hAll += 4; l += ll; lAll += truth.line_items.length; extra += unused.length;
  const wrong = hh < 4 || ll < truth.line_items.length || unused.length > 0;
  if (complete && wrong) silent++;
  if (process.env.SHOW) console.log(c.id, `${hh}/4`, `${ll}/${truth.line_items.length}`, unused.length, complete && wrong ? 'SILENT' : '', ['invoice_number', 'supplier', 'invoice_date', 'total_amount'].filter((k) => got[k] !== truth[k]).map((k) => `${k}=${JSON.stringify(got[k])} want ${JSON.stringify(truth[k])}`).join('; '), complete && wrong ? unused.join(' ') : '');
}
console.log(`photo-extra: header ${h}/${hAll} = ${(100 * h / hAll).toFixed(1)} % | lines ${l}/${lAll} = ${(100 * l / lAll).toFixed(1)} % | extra ${extra} | silent ${silent}`);
await closeOcrWorker();
