/**
 * `npm run bench:random` — the offline reader on PROCEDURAL layouts (scripts/invoice-devset/layouts-random.ts): every
 * seed draws a brand-new supplier layout (fonts, header, invoice-number and date styles among distractors, columns and
 * their heads, borders, charges, totals…) and one invoice of it, so the reader is measured on layouts nobody tuned on.
 * Scored with the strict rules of `npm run bench:extract` (score.ts: header fields exactly equal; a row counts only
 * when part number, description, quantity and unit price are all right; silent = the review says complete yet
 * something is wrong).
 *
 * Env:
 * - `RSEED` first seed (default 1), `COUNT` layouts (default 20): seeds RSEED … RSEED+COUNT−1, one invoice each;
 * - `VARIANT=pdf|png|photo` (default pdf): `pdf` a Chromium-printed Letter PDF with a text layer (long invoices run
 *   onto a second page; read in a fraction of a second); `png` a screenshot stored as the dev set's clean pages are
 *   (1.5× scale, 64-colour palette PNG; read through OCR, a few seconds a page); `photo` that screenshot put through
 *   effects.ts `photograph` with seeded photoParams (JPEG);
 * - `SHOW=1` one line per invoice; `MISSES=1` also its missed (−) and extra (+) rows and wrong header fields.
 * Files are cached in /tmp/random-<variant>-<seed>/ (R<seed>.pdf|png|jpg, R<seed>.html beside it for inspection,
 * R<seed>.json with the truth); a page is rendered again when its HTML changed.
 *
 * SEED POLICY: seeds 1–9999 are TUNING seeds (look at anything: pages, misses, reads). Seeds 10000 and above are
 * CHECK seeds: scored as totals only, never looked at invoice by invoice — this bench refuses SHOW/MISSES for any seed
 * ≥ 10000, and nobody opens their cached files. Tune on tuning seeds, check generalisation on check seeds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { readPdfText } from '~/server/extraction/pdf.server';
import { cleanPng, photograph, photoParams, PRINT_CSS as LONG_PRINT_CSS, printLetterPdf } from './invoice-devset/effects';
import { randomInvoice } from './invoice-devset/layouts-random';
import { printedProblems } from './invoice-devset/model';
import { Rng } from './invoice-devset/rng';
import { readAndScore, scoreLine, type Score } from './invoice-devset/score';
import { closeOcrWorker } from '../app/server/extraction/ocr.server';

const first = Number(process.env.RSEED ?? 1);
const count = Number(process.env.COUNT ?? 20);
const variant = (process.env.VARIANT ?? 'pdf') as 'pdf' | 'png' | 'photo';
if (!['pdf', 'png', 'photo'].includes(variant)) throw new Error(`VARIANT must be pdf, png or photo, not ${variant}`);
if (!Number.isInteger(first) || first < 1 || !Number.isInteger(count) || count < 1) throw new Error('RSEED and COUNT must be positive integers');
const CHECK_FROM = 10_000;
const last = first + count - 1;
if (last >= CHECK_FROM && (process.env.SHOW || process.env.MISSES))
  throw new Error(`seeds ${CHECK_FROM} and above are CHECK seeds: totals only, never SHOW or MISSES (asked ${first}–${last})`);
if (first < CHECK_FROM && last >= CHECK_FROM) throw new Error(`a run is all tuning seeds (< ${CHECK_FROM}) or all check seeds, not both (asked ${first}–${last})`);

/** Print CSS: the table head repeats on a second page. */
const PRINT_CSS = `<style>@media print { body { padding:0 !important; } .items thead { display: table-header-group; } }</style>`;

const mimes = { pdf: 'application/pdf', png: 'image/png', photo: 'image/jpeg' } as const;
const exts = { pdf: 'pdf', png: 'png', photo: 'jpg' } as const;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const scores: Score[] = [];
const perPage: number[] = [];
let pagesAll = 0;
try {
  for (let seed = first; seed <= last; seed += 1) {
    const { layout, inv, truth } = randomInvoice(seed);
    const dir = `/tmp/random-${variant}-${seed}`;
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${layout.id}.${exts[variant]}`);
    const htmlFile = path.join(dir, `${layout.id}.html`);
    // The page as rendered (a PDF's with its print CSS), so a cached file is redone when either changes.
    const html = variant === 'pdf' ? layout.html(inv).replace('</head>', `${inv.lines.length >= 18 ? LONG_PRINT_CSS : PRINT_CSS}</head>`) : layout.html(inv);
    const fresh = fs.existsSync(file) && fs.existsSync(htmlFile) && fs.readFileSync(htmlFile, 'utf8') === html;
    if (!fresh) {
      const ctx = await browser.newContext({ viewport: { width: layout.width, height: 700 }, deviceScaleFactor: variant === 'pdf' ? 1 : 1.5 });
      try {
        const page = await ctx.newPage();
        await page.setContent(html);
        const missing = printedProblems(await page.evaluate(() => document.body.innerText), inv, truth);
        if (missing.length) throw new Error(`${layout.id}: truth not printed on the page: ${missing.map((x) => JSON.stringify(x)).join(', ')}`);
        if (variant === 'pdf') fs.writeFileSync(file, await printLetterPdf(page, { fitWidth: true }));
        else {
          // A table wider than the layout's width runs off the right edge of the viewport, and a screenshot would cut
          // what the truth holds (a description in the last column): the page is then shot as wide as it is printed.
          const wide = await page.evaluate(() => document.documentElement.scrollWidth);
          if (wide > layout.width) await page.setViewportSize({ width: wide, height: 700 });
          const shot = await page.screenshot({ fullPage: true, type: 'png' });
          if (variant === 'png') fs.writeFileSync(file, await cleanPng(shot));
          else {
            const rng = new Rng((seed * 7919 + 13) >>> 0);
            const p = photoParams(rng);
            p.width = Math.min(p.width, Math.round((await sharp(shot).metadata()).width! * 1.08));
            fs.writeFileSync(file, await photograph(shot, p, rng));
          }
        }
      } finally {
        await ctx.close();
      }
      fs.writeFileSync(htmlFile, html);
    }
    fs.writeFileSync(path.join(dir, `${layout.id}.json`), `${JSON.stringify({ id: layout.id, seed, variant, features: layout.features, expected: truth }, null, 2)}\n`);
    const pages = variant === 'pdf' ? (await readPdfText(fs.readFileSync(file))).pages : 1;
    const { score, seconds } = await readAndScore(file, mimes[variant], truth, `${layout.id.padEnd(6)} ${String(inv.lines.length).padStart(2)} rows ${pages}p`);
    scores.push(score);
    perPage.push(seconds / pages);
    pagesAll += pages;
  }
} finally {
  await browser.close();
  await closeOcrWorker();
}
const silent = scores.filter((s) => s.silent).length;
const h = scores.reduce((t, s) => t + s.header, 0);
const mean = perPage.reduce((a, b) => a + b, 0) / perPage.length;
console.log(scoreLine(`random ${variant} seeds ${first}–${last}`, scores));
console.log(
  `header ${((100 * h) / (scores.length * 4)).toFixed(1)} % | lines ${scores.reduce((t, s) => t + s.items, 0)}/${scores.reduce((t, s) => t + s.itemsAll, 0)} | all right ${scores.filter((s) => s.header === 4 && s.items === s.itemsAll && !s.extra).length}/${scores.length} | silent ${silent} | ${pagesAll} pages, s/page mean ${mean.toFixed(2)} max ${Math.max(...perPage).toFixed(2)}`,
);
