/**
 * `npx tsx scripts/bench-rescan.ts` (env `SSEED`, default 11; `SHOW=1` per invoice, `MISSES=1` its missed and extra
 * rows; `EXTRA=0` leaves out the extra set; `EXTRA2=1` adds the second extra set's 12 clean pages): the development
 * set's 24 tuning clean pages and the extra set's 12 clean pages (all tuning data) turned into scanned PDFs with the
 * generator's own `scannedPdf` effect (grey, skewed 0.4–1.5° either way as the generator draws it, JPEG 70 placed on
 * a Letter page, no text layer), cached in
 * /tmp/scan-extra, then read by the offline reader as PDFs and scored with the bench's rules (header fields exact,
 * part rows exact in all four fields, extra rows, silent successes). Tuning data only — no held-out page is ever
 * scanned — so scan handling is judged on 36 pages per seed instead of two. Issue 18, 2026-11-28.
 *
 * With `EXTRA2=1` the second extra set's pages (L25–L30, also all tuning data) follow the 36: the first 36 pages get
 * the same skews as without it, and their total is printed on its own line (`scan-extra seed N`, the default run's
 * line, comparable with earlier figures), then the 12 alone (`scan-extra2 only seed N`) and all 48
 * (`scan-extra+extra2 seed N`, with the mean seconds per page).
 *
 * With `EXTRA3=1` the third extra set's 12 clean pages (L31–L36, all tuning data) follow last, scanned at their own
 * width up to 1275 px as the generator scans them (the thermal ticket is 420 px wide), so every earlier page keeps
 * its skew; `scan-extra3 only seed N` and `scan-all seed N` (every page, with the mean seconds per page) are added.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { scannedPdf } from './invoice-devset/effects';
import { Rng } from './invoice-devset/rng';
import { readAndScore, scoreLine, tuningCleanPages, type Score } from './invoice-devset/score';
import { closeOcrWorker } from '../app/server/extraction/ocr.server';

const out = '/tmp/scan-extra';
fs.mkdirSync(out, { recursive: true });
const seed = Number(process.env.SSEED ?? 11);
const rng = new Rng(seed);
const scores: Score[] = [];
let seconds = 0;
const withExtra2 = process.env.EXTRA2 === '1';
const withExtra3 = process.env.EXTRA3 === '1';
const pages = tuningCleanPages({ extra2: withExtra2, extra3: withExtra3 });
const firstSets = tuningCleanPages().length;
const throughExtra2 = tuningCleanPages({ extra2: withExtra2 }).length;
for (const [i, c] of pages.entries()) {
  const file = path.join(out, `${c.id}-${seed}.pdf`);
  // The generator's own skew: 0.4–1.5° in tenths, either way.
  const angle = (Math.round(rng.float(0.4, 1.5) * 10) / 10) * (rng.chance(0.5) ? 1 : -1);
  if (!fs.existsSync(file)) {
    const png = fs.readFileSync(c.file);
    // The third extra set is scanned at its own width up to 1275 px, as the generator scans it.
    const width = i >= throughExtra2 ? Math.min(1275, (await sharp(png).metadata()).width!) : 1275;
    fs.writeFileSync(file, (await scannedPdf(png, angle, width)).pdf);
  }
  const read = await readAndScore(file, 'application/pdf', c.truth, `${c.id} ${angle}°`);
  scores.push(read.score);
  seconds += read.seconds;
}
const perPage = ` | ${(seconds / Math.max(1, scores.length)).toFixed(2)} s/page`;
console.log(`${scoreLine(`scan-extra seed ${seed}`, scores.slice(0, firstSets))}${withExtra2 || withExtra3 ? '' : perPage}`);
if (withExtra2) {
  console.log(scoreLine(`scan-extra2 only seed ${seed}`, scores.slice(firstSets, throughExtra2)));
  console.log(`${scoreLine(`scan-extra+extra2 seed ${seed}`, scores.slice(0, throughExtra2))}${withExtra3 ? '' : perPage}`);
}
if (withExtra3) {
  console.log(scoreLine(`scan-extra3 only seed ${seed}`, scores.slice(throughExtra2)));
  console.log(`${scoreLine(`scan-all seed ${seed}`, scores)}${perPage}`);
}
await closeOcrWorker();
