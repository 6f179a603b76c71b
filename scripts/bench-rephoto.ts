/**
 * `npx tsx scripts/bench-rephoto.ts` (env `PSEED`, default 4242; `SHOW=1` per invoice, `MISSES=1` its missed and extra rows;
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
import { readAndScore, scoreLine, tuningCleanPages, type Score } from './invoice-devset/score';
import { closeOcrWorker } from '../app/server/extraction/ocr.server';

const out = '/tmp/photo-extra';
fs.mkdirSync(out, { recursive: true });
// The development set's pages first, so a seed gives them the same photographs as before the extra set was added.
const seed = process.env.PSEED ?? '4242';
const rng = new Rng(Number(seed));
const scores: Score[] = [];
for (const c of tuningCleanPages()) {
  const file = path.join(out, `${c.id}-${seed}.jpg`);
  const p = photoParams(rng);
  if (!fs.existsSync(file)) fs.writeFileSync(file, await photograph(fs.readFileSync(c.file), p, rng));
  scores.push((await readAndScore(file, 'image/jpeg', c.truth, c.id)).score);
}
console.log(scoreLine(`photo-extra seed ${seed}`, scores));
await closeOcrWorker();
