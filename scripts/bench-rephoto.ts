/**
 * `npx tsx scripts/bench-rephoto.ts` (env `PSEED`, default 4242; `SHOW=1` per invoice, `MISSES=1` its missed and extra rows;
 * `EXTRA=0` leaves out the extra set; `EXTRA2=1` and `EXTRA3=1` add the second and third extra sets' 12 clean pages
 * each; `IDS=D21,F05` reads only those pages, photographed as in the whole run): the development set's 24 tuning clean pages and the extra set's 12 clean pages (all tuning data) photographed
 * again with fresh random parameters (the generator's own `photograph` effect: 2–4° rotation, blur, uneven light,
 * JPEG 70), cached in /tmp/photo-extra, then read by the offline reader and scored with the bench's rules (header
 * fields exact, part rows exact in all four fields, silent successes). Tuning data only — no held-out page is ever
 * photographed — so photo handling can be tuned on 36 pages per seed instead of twelve. Issue 18, 2026-11-25.
 *
 * With `EXTRA2=1` or `EXTRA3=1` the later sets' pages (L25–L30, L31–L36, also all tuning data) follow the 36: the first
 * 36 get the same photographs as without them, and their total is printed on its own line (`photo-extra seed N`, the
 * default run's line, comparable with earlier figures), then the added pages alone (`photo-later only seed N`) and all
 * of them (`photo-all seed N`, with the mean seconds per page).
 */
import fs from 'node:fs';
import path from 'node:path';
import { photograph, photoParams } from './invoice-devset/effects';
import { Rng } from './invoice-devset/rng';
import { readAndScore, scoreLine, tuningCleanPages, type Score } from './invoice-devset/score';
import { closeOcrWorker } from '../app/server/extraction/ocr.server';

const out = '/tmp/photo-extra';
fs.mkdirSync(out, { recursive: true });
// The development set's pages first, so a seed gives them the same photographs as before the extra sets were added.
const seed = process.env.PSEED ?? '4242';
const rng = new Rng(Number(seed));
const later = { extra2: process.env.EXTRA2 === '1', extra3: process.env.EXTRA3 === '1' };
const pages = tuningCleanPages(later);
const firstSets = tuningCleanPages().length;
const only = process.env.IDS ? new Set(process.env.IDS.split(',')) : null;
const scores: Score[] = [];
let seconds = 0;
for (const c of pages) {
  const file = path.join(out, `${c.id}-${seed}.jpg`);
  // Photographed every run (the noise draws from the seed's generator), so the pages after a cached one get the same
  // photographs whichever pages were cached before; a cached file is only kept.
  const photo = await photograph(fs.readFileSync(c.file), photoParams(rng), rng);
  if (!fs.existsSync(file)) fs.writeFileSync(file, photo);
  if (only && !only.has(c.id)) continue;
  const read = await readAndScore(file, 'image/jpeg', c.truth, c.id);
  scores.push(read.score);
  seconds += read.seconds;
}
const perPage = ` | ${(seconds / Math.max(1, scores.length)).toFixed(2)} s/page`;
if (only) console.log(`${scoreLine(`photo seed ${seed}, ${only.size} pages`, scores)}${perPage}`);
else if (pages.length === firstSets) console.log(`${scoreLine(`photo-extra seed ${seed}`, scores)}${perPage}`);
else {
  console.log(scoreLine(`photo-extra seed ${seed}`, scores.slice(0, firstSets)));
  console.log(scoreLine(`photo-later only seed ${seed}`, scores.slice(firstSets)));
  console.log(`${scoreLine(`photo-all seed ${seed}`, scores)}${perPage}`);
}
await closeOcrWorker();
