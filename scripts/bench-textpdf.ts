/**
 * `npx tsx scripts/bench-textpdf.ts` — many fresh invoices of every TUNING layout, printed by Chromium as PDFs with a
 * text layer and read by the offline reader (issue 18). A text layer holds exactly what is printed, so every miss
 * here is the layout reader's own (columns, rows, charges, totals, header fields), not the OCR's; and a PDF is read
 * in a fraction of a second, so hundreds of invoices score in a few minutes.
 *
 * With `PNG=1` the same invoices are screenshots stored as the set's clean pages are (1.5× scale, 64 colours) and
 * read through the OCR: fresh part numbers, prices and names in the tuning layouts, so a rule fitted to the committed
 * pages' own strings shows (about 3 s a page; cached in /tmp/textpdf-<TSEED>-png/).
 *
 * Env: `TSEED` (default 5150) seeds the invoices; `PER_LAYOUT` (default 4) invoices per layout, the first of each
 * layout long enough (22–25 rows) to run onto a second page; `SHOW=1` one line per invoice, `MISSES=1` also its
 * missed (−) and extra (+) rows; `LAYOUTS=L02,L19` only those. PDFs are cached in /tmp/textpdf-<TSEED>/, each with
 * its truth beside it (`<id>-<layout>.json`, key `expected`).
 *
 * Layouts: the development set's 12 tuning layouts and the extra sets' 12 (L19–L30; `EXTRA2=0` leaves out L25–L30,
 * as the first runs on 2026-11-28 did); `EXTRA3=1` adds the third extra set's L31–L36 (numbered after them, so the
 * other layouts keep their invoices), `EXTRA4=1` the fourth's L37–L42 (after those) and `EXTRA5=1` the fifth's L43–L48
 * (after those; a run without EXTRA4=1 numbers them differently) and `EXTRA6=1` the sixth's L49–L54 (after those). The held-out layouts
 * (generate.ts HELD_OUT_LAYOUTS) are never printed here: they stay unseen, and so do the seventh set's L55–L60 (a check
 * set never tuned on: there is deliberately no EXTRA7 flag).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { cleanPng, printLetterPdf } from './invoice-devset/effects';
import { HELD_OUT_LAYOUTS, makeInvoice, PRINT_CSS, type Plan } from './invoice-devset/generate';
import { LAYOUTS } from './invoice-devset/layouts';
import { EXTRA_LAYOUTS } from './invoice-devset/layouts-extra';
import { EXTRA2_LAYOUTS } from './invoice-devset/layouts-extra2';
import { EXTRA3_LAYOUTS } from './invoice-devset/layouts-extra3';
import { EXTRA4_LAYOUTS } from './invoice-devset/layouts-extra4';
import { EXTRA5_LAYOUTS } from './invoice-devset/layouts-extra5';
import { EXTRA6_LAYOUTS } from './invoice-devset/layouts-extra6';
import { truthOf } from './invoice-devset/model';
import { Rng } from './invoice-devset/rng';
import { readAndScore, scoreLine, type Score } from './invoice-devset/score';
import { closeOcrWorker } from '../app/server/extraction/ocr.server';

const seed = Number(process.env.TSEED ?? 5150);
const perLayout = Number(process.env.PER_LAYOUT ?? 4);
const only = process.env.LAYOUTS?.split(',').map((s) => s.trim());
/** `PNG=1`: the same invoices as clean page images (1.5× scale, 64 colours, as the set's clean pages), read by OCR. */
const png = process.env.PNG === '1';
const out = `/tmp/textpdf-${seed}${png ? '-png' : ''}`;
fs.mkdirSync(out, { recursive: true });

// Numbered in the full list, so LAYOUTS=… gives each layout the same invoices as a whole run.
const layouts = [
  ...LAYOUTS.filter((l) => !HELD_OUT_LAYOUTS.includes(l.id)),
  ...EXTRA_LAYOUTS,
  ...(process.env.EXTRA2 === '0' ? [] : EXTRA2_LAYOUTS),
  ...(process.env.EXTRA3 === '1' ? EXTRA3_LAYOUTS : []),
  ...(process.env.EXTRA4 === '1' ? EXTRA4_LAYOUTS : []),
  ...(process.env.EXTRA5 === '1' ? EXTRA5_LAYOUTS : []),
  ...(process.env.EXTRA6 === '1' ? EXTRA6_LAYOUTS : []),
]
  .map((layout, n) => ({ layout, n }))
  .filter(({ layout }) => !only || only.some((o) => layout.id.startsWith(o)));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const byLayout = new Map<string, Score[]>();
try {
  for (const { layout, n } of layouts) {
    for (let k = 0; k < perLayout; k += 1) {
      const id = `T${String(n + 1).padStart(2, '0')}${String.fromCharCode(97 + k)}`;
      const rng = new Rng(seed * 1000 + n * 16 + k);
      const plan: Plan = { id, layout, variant: 'text-pdf-2page', rows: k === 0 ? rng.int(22, 25) : rng.pick([1, 2, 3, 4, 5, 6, 8, 10, 12]) };
      const inv = makeInvoice(plan, rng);
      const truth = truthOf(inv);
      const file = path.join(out, `${id}-${layout.id}.${png ? 'png' : 'pdf'}`);
      fs.writeFileSync(file.replace(/\.\w+$/, '.json'), `${JSON.stringify({ id, layout: layout.id, expected: truth }, null, 2)}\n`);
      if (!fs.existsSync(file)) {
        // The development set's own rendering: 1.5× device scale for a page image, Letter paper for a PDF.
        const ctx = await browser.newContext({ viewport: { width: layout.width, height: 700 }, deviceScaleFactor: png ? 1.5 : 1 });
        const page = await ctx.newPage();
        await page.setContent(png ? layout.html(inv) : layout.html(inv).replace('</head>', `${PRINT_CSS}</head>`));
        fs.writeFileSync(file, png ? await cleanPng(await page.screenshot({ fullPage: true, type: 'png' })) : await printLetterPdf(page));
        await ctx.close();
      }
      const { score: s } = await readAndScore(file, png ? 'image/png' : 'application/pdf', truth, `${id} ${layout.id}`);
      byLayout.set(layout.id, [...(byLayout.get(layout.id) ?? []), s]);
    }
  }
} finally {
  await browser.close();
  await closeOcrWorker();
}
for (const [id, scores] of byLayout) console.log(scoreLine(id.padEnd(28), scores));
console.log(scoreLine(`${png ? 'clean png' : 'textpdf'} seed ${seed}, all`, [...byLayout.values()].flat()));
