/**
 * Generates the invoice development set (issue 18) into tests/fixtures/invoices-dev/:
 *
 *   npx tsx scripts/invoice-devset/generate.ts            (everything; outputs are committed)
 *   npx tsx scripts/invoice-devset/generate.ts D07 D31    (only these ids, e.g. to look at one layout)
 *   npx tsx scripts/invoice-devset/generate.ts --extra    (only the EXTRA tuning set, see below)
 *
 * Eighteen supplier layouts (layouts.ts) × two clean invoices each, plus photographed JPEGs, scanned PDFs (a
 * photographed-looking JPEG inside a PDF, no text layer) and two-page PDFs with a text layer printed by Chromium.
 * HTML is rendered by Debian's Chromium through playwright-core; effects are done with sharp (effects.ts). A seeded
 * random generator (rng.ts, seed SEED) makes the output the same on every run.
 *
 * Each invoice gets `<id>.json` ({ id, file, layout, split, effects, expected }) where `expected` is the ground truth
 * in the extended ExtractedInvoice contract (parts only in line_items, quantity = shipped, unit_price = net; non-part
 * rows in charges; tax in tax_amount) — asserted to reconcile to the cent (model.ts `truthOf`). `manifest.json`
 * lists every invoice with its file, layout, effects, pages and split.
 *
 * The split was decided before anyone tuned the reader: HELD_OUT_LAYOUTS (6 of 18, drawn with SPLIT_SEED and checked
 * against the literal list below so it cannot drift) plus HELD_OUT_PHOTOS photographed invoices of tuning layouts.
 *
 * `--extra` writes a SEPARATE set, tests/fixtures/invoices-dev-extra/ (ids E01…, its own manifest.json, seed
 * EXTRA_SEED), from the six layouts of layouts-extra.ts only: per layout two clean PNGs and one photographed JPEG,
 * plus two two-page text PDFs; every invoice is split 'tuning'. The default mode's plan, random streams and output
 * directory are untouched by it (planExtra has its own Rng), so the development set stays byte-for-byte the same.
 *
 * `--extra2` writes a second separate set, tests/fixtures/invoices-dev-extra2/ (ids F01…, seed EXTRA2_SEED), from the
 * six layouts of layouts-extra2.ts: per layout two clean PNGs, one photographed JPEG and one scanned PDF, plus one
 * two-page text PDF (L25); all 'tuning'. It too has its own Rng, so the other two sets stay byte-for-byte the same.
 *
 * `--extra3` writes a third separate set, tests/fixtures/invoices-dev-extra3/ (ids G01…, seed EXTRA3_SEED), from the
 * six layouts of layouts-extra3.ts: per layout two clean PNGs, one photographed JPEG and one scanned PDF, plus one
 * two-page text PDF (L31); all 'tuning', with its own Rng (the other three sets stay byte-for-byte the same).
 *
 * `--extra4` writes a fourth separate set, tests/fixtures/invoices-dev-extra4/ (ids H01…, seed EXTRA4_SEED), from the
 * six layouts of layouts-extra4.ts in the same shape as the third (two-page text PDF of L41); all 'tuning', with its
 * own Rng (the other four sets stay byte-for-byte the same).
 *
 * `--extra5` writes a fifth separate set, tests/fixtures/invoices-dev-extra5/ (ids I01…, seed EXTRA5_SEED), from the
 * six layouts of layouts-extra5.ts in the same shape (two-page text PDF of L45); all 'tuning', with its own Rng (the
 * other five sets stay byte-for-byte the same).
 *
 * `--extra6` writes a sixth separate set, tests/fixtures/invoices-dev-extra6/ (ids J01…, seed EXTRA6_SEED), from the
 * six layouts of layouts-extra6.ts in the same shape (two-page text PDF of L50); all 'tuning', with its own Rng (the
 * other six sets stay byte-for-byte the same).
 *
 * `--extra7` writes a seventh separate set, tests/fixtures/invoices-dev-extra7/ (ids K01…, seed EXTRA7_SEED), from the
 * six layouts of layouts-extra7.ts in the same shape (two-page text PDF of L59), with its own Rng (the other seven sets
 * stay byte-for-byte the same). It is a CHECK set, never tuned on: its manifest keeps the same shape (split 'tuning',
 * so the code that reads manifests keeps working) but says so, and the bench prints only its totals.
 *
 * `--extra8` writes an eighth separate set, tests/fixtures/invoices-dev-extra8/ (ids M01…, seed EXTRA8_SEED), from the
 * six layouts of layouts-extra8.ts in the same shape (two-page text PDF of L61); all 'tuning', a normal tuning set like
 * the sixth, with its own Rng (the other eight sets stay byte-for-byte the same).
 *
 * `--extra9` writes a ninth separate set, tests/fixtures/invoices-dev-extra9/ (ids N01…, seed EXTRA9_SEED), from the
 * six layouts of layouts-extra9.ts in the same shape (two-page text PDF of L71); all 'tuning', a normal tuning set like
 * the eighth, with its own Rng (the other nine sets stay byte-for-byte the same). Its axis is the CONTENT of rows in
 * tables that are easy to find: its layouts' `finish` (decimal quantities, four-decimal prices, return rows, notes).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { readPdfText } from '~/server/extraction/pdf.server';
import { cleanPng, photograph, photoParams, PRINT_CSS, printLetterPdf, scannedPdf, type PhotoParams } from './effects';
import { drawInvoice, LAYOUTS, type Layout } from './layouts';
import { EXTRA_LAYOUTS } from './layouts-extra';
import { EXTRA2_LAYOUTS } from './layouts-extra2';
import { EXTRA3_LAYOUTS } from './layouts-extra3';
import { EXTRA4_LAYOUTS } from './layouts-extra4';
import { EXTRA5_LAYOUTS } from './layouts-extra5';
import { EXTRA6_LAYOUTS } from './layouts-extra6';
import { EXTRA7_LAYOUTS } from './layouts-extra7';
import { EXTRA8_LAYOUTS } from './layouts-extra8';
import { EXTRA9_LAYOUTS } from './layouts-extra9';
import type { ExtractedInvoice } from '~/lib/schemas/invoice';
import { formatDate, printedProblems, shiftDate, truthOf, type Invoice } from './model';
import { Rng } from './rng';

export const SEED = 18_2026;
export const SPLIT_SEED = 1124;
/** The held-out layouts, drawn once with SPLIT_SEED on 2026-11-24 before any tuning (the draw is re-checked below). */
export const HELD_OUT_LAYOUTS = [
  'L01-ford-counter',
  'L04-honda-dense',
  'L05-mopar-wholesale',
  'L06-nissan-serif',
  'L07-aftermarket-distributor',
  'L14-dot-matrix-plain',
];
/** How many photographed invoices of tuning layouts are held out too (drawn with SPLIT_SEED). */
const HELD_OUT_PHOTOS = 3;

/** The seed of the extra tuning set (`--extra`): different from SEED so its invoices are new draws. */
export const EXTRA_SEED = SEED + 1;
/** The seed of the second extra tuning set (`--extra2`, layouts L25–L30). */
export const EXTRA2_SEED = SEED + 2;
/** The seed of the third extra tuning set (`--extra3`, layouts L31–L36). */
export const EXTRA3_SEED = SEED + 3;
/** The seed of the fourth extra tuning set (`--extra4`, layouts L37–L42). */
export const EXTRA4_SEED = SEED + 4;
/** The seed of the fifth extra tuning set (`--extra5`, layouts L43–L48). */
export const EXTRA5_SEED = SEED + 5;
/** The seed of the sixth extra tuning set (`--extra6`, layouts L49–L54). */
export const EXTRA6_SEED = SEED + 6;
/** The seed of the seventh set (`--extra7`, layouts L55–L60), a CHECK set never tuned on. */
export const EXTRA7_SEED = SEED + 7;
/** The seed of the eighth extra tuning set (`--extra8`, layouts L61–L66). */
export const EXTRA8_SEED = SEED + 8;
/** The seed of the ninth extra tuning set (`--extra9`, layouts L67–L72). */
export const EXTRA9_SEED = SEED + 9;
const EXTRA9 = process.argv.includes('--extra9');
const EXTRA8 = process.argv.includes('--extra8');
const EXTRA7 = process.argv.includes('--extra7');
const EXTRA6 = process.argv.includes('--extra6');
const EXTRA5 = process.argv.includes('--extra5');
const EXTRA4 = process.argv.includes('--extra4');
const EXTRA3 = process.argv.includes('--extra3');
const EXTRA2 = process.argv.includes('--extra2');
const EXTRA = process.argv.includes('--extra');
const outDir = path.resolve(
  import.meta.dirname,
  EXTRA9
    ? '../../tests/fixtures/invoices-dev-extra9'
    : EXTRA8
    ? '../../tests/fixtures/invoices-dev-extra8'
    : EXTRA7
    ? '../../tests/fixtures/invoices-dev-extra7'
    : EXTRA6
    ? '../../tests/fixtures/invoices-dev-extra6'
    : EXTRA5
    ? '../../tests/fixtures/invoices-dev-extra5'
    : EXTRA4
    ? '../../tests/fixtures/invoices-dev-extra4'
    : EXTRA3
    ? '../../tests/fixtures/invoices-dev-extra3'
    : EXTRA2
    ? '../../tests/fixtures/invoices-dev-extra2'
    : EXTRA
      ? '../../tests/fixtures/invoices-dev-extra'
      : '../../tests/fixtures/invoices-dev',
);

type Variant = 'clean' | 'photo' | 'scan-pdf' | 'text-pdf-2page';
export interface Plan {
  id: string;
  layout: Layout;
  variant: Variant;
  rows: number;
}

export interface ManifestEntry {
  id: string;
  file: string;
  truth: string;
  layout: string;
  layout_title: string;
  features: string[];
  variant: Variant;
  effects: Record<string, unknown>;
  pages: number;
  rows: number;
  charges: number;
  split: 'tuning' | 'heldout';
}

/** Draws the held-out layouts and photographed invoices; the layout draw must equal HELD_OUT_LAYOUTS. */
function drawSplit(plans: Plan[]): { layouts: Set<string>; photos: Set<string> } {
  const rng = new Rng(SPLIT_SEED);
  const drawn = rng
    .sample(
      LAYOUTS.map((l) => l.id),
      6,
    )
    .sort();
  if (JSON.stringify(drawn) !== JSON.stringify([...HELD_OUT_LAYOUTS].sort())) {
    throw new Error(
      `split drift: drew ${drawn.join(', ')} but HELD_OUT_LAYOUTS says ${HELD_OUT_LAYOUTS.join(', ')}`,
    );
  }
  const layouts = new Set(drawn);
  const photoCandidates = plans
    .filter((p) => p.variant === 'photo' && !layouts.has(p.layout.id))
    .map((p) => p.id);
  return { layouts, photos: new Set(rng.sample(photoCandidates, HELD_OUT_PHOTOS)) };
}

function planAll(): Plan[] {
  const rng = new Rng(SEED);
  const rowChoices = [1, 2, 3, 3, 4, 5, 5, 6, 7, 8, 9, 10, 12, 14];
  const plans: Omit<Plan, 'id'>[] = [];
  for (const layout of LAYOUTS) {
    const dense = layout.features.includes('many-rows');
    for (let k = 0; k < 2; k += 1)
      plans.push({ layout, variant: 'clean', rows: dense ? rng.int(15, 25) : rng.pick(rowChoices) });
  }
  // Photographs of 14 layouts, scans of 3, two two-page text PDFs.
  for (const layout of rng.sample(LAYOUTS, 14))
    plans.push({ layout, variant: 'photo', rows: rng.pick([2, 3, 4, 5, 6, 8, 10]) });
  for (const layout of rng.sample(
    LAYOUTS.filter((l) => !l.features.includes('monospace')),
    3,
  ))
    plans.push({ layout, variant: 'scan-pdf', rows: rng.pick([3, 5, 7]) });
  const twoPage = ['L05-mopar-wholesale', 'L10-pbe-zebra'];
  for (const id of twoPage)
    plans.push({
      layout: LAYOUTS.find((l) => l.id === id)!,
      variant: 'text-pdf-2page',
      rows: rng.int(22, 25),
    });
  // Make sure the extremes are present: a one-row invoice and a 25-row one.
  plans[0]!.rows = 1;
  plans.find((p) => p.layout.id === 'L16-fasteners-dense')!.rows = 25;
  return plans.map((p, i) => ({ ...p, id: `D${String(i + 1).padStart(2, '0')}` }));
}

/**
 * The extra tuning set's plan: per layout of EXTRA_LAYOUTS two clean PNGs and one photograph, then two-page text PDFs
 * (22–25 rows) of L19 and L24; ids E01…. Uses its own Rng(EXTRA_SEED), never the default plan's stream.
 */
function planExtra(): Plan[] {
  const rng = new Rng(EXTRA_SEED);
  const rowChoices = [1, 2, 3, 4, 5, 6, 7, 8, 10, 12];
  const plans: Omit<Plan, 'id'>[] = [];
  for (const layout of EXTRA_LAYOUTS) {
    for (let k = 0; k < 2; k += 1) plans.push({ layout, variant: 'clean', rows: rng.pick(rowChoices) });
    plans.push({ layout, variant: 'photo', rows: rng.pick([2, 3, 4, 5, 6, 8]) });
  }
  for (const id of ['L19-serif-dealer', 'L24-shaded-core-return'])
    plans.push({
      layout: EXTRA_LAYOUTS.find((l) => l.id === id)!,
      variant: 'text-pdf-2page',
      rows: rng.int(22, 25),
    });
  return plans.map((p, i) => ({ ...p, id: `E${String(i + 1).padStart(2, '0')}` }));
}

/**
 * The plan of the second and third extra tuning sets: per layout of `layouts` two clean PNGs, one photograph and one
 * scanned PDF, then one two-page text PDF (22–25 rows) of `twoPage`; ids `prefix`01…. Uses its own Rng(`seed`).
 * Second set: EXTRA2_LAYOUTS, EXTRA2_SEED, L25, "F"; third: EXTRA3_LAYOUTS, EXTRA3_SEED, L31, "G"; fourth:
 * EXTRA4_LAYOUTS, EXTRA4_SEED, L41, "H"; fifth: EXTRA5_LAYOUTS, EXTRA5_SEED, L45, "I"; sixth: EXTRA6_LAYOUTS, EXTRA6_SEED,
 * L50, "J"; seventh (the check set): EXTRA7_LAYOUTS, EXTRA7_SEED, L59, "K"; eighth: EXTRA8_LAYOUTS, EXTRA8_SEED, L61, "M"; ninth: EXTRA9_LAYOUTS,
 * EXTRA9_SEED, L71, "N".
 */
function planExtraSet(layouts: Layout[], seed: number, twoPage: string, prefix: string): Plan[] {
  const rng = new Rng(seed);
  const rowChoices = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14];
  const plans: Omit<Plan, 'id'>[] = [];
  for (const layout of layouts) {
    for (let k = 0; k < 2; k += 1) plans.push({ layout, variant: 'clean', rows: rng.pick(rowChoices) });
    plans.push({ layout, variant: 'photo', rows: rng.pick([2, 3, 4, 5, 6, 8]) });
    plans.push({ layout, variant: 'scan-pdf', rows: rng.pick([3, 5, 7]) });
  }
  plans.push({ layout: layouts.find((l) => l.id === twoPage)!, variant: 'text-pdf-2page', rows: rng.int(22, 25) });
  return plans.map((p, i) => ({ ...p, id: `${prefix}${String(i + 1).padStart(2, '0')}` }));
}

function isoDate(rng: Rng): string {
  const month = rng.chance(0.6) ? rng.int(10, 11) : rng.int(1, 9);
  const day = rng.int(1, month === 2 ? 28 : 30);
  return `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A random invoice of the plan's layout and row count (its own date, supplier, numbers, lines and charges). */
export function makeInvoice(plan: Plan, rng: Rng): Invoice {
  const { layout } = plan;
  const dateIso = isoDate(rng);
  const otherDates = rng.chance(0.5)
    ? [
        { label: 'Order Date', text: formatDate(shiftDate(dateIso, -rng.int(1, 6)), layout.dateFormat) },
        { label: 'Due Date', text: formatDate(shiftDate(dateIso, 30), layout.dateFormat) },
      ]
    : [];
  const inv = drawInvoice(rng, layout, plan.id, plan.rows, dateIso, otherDates);
  if (!layout.features.includes('monospace')) return inv;
  // A dot-matrix printer prints capitals: the truth is what is printed.
  return {
    ...inv,
    lines: inv.lines.map((l) => ({
      ...l,
      part_number: l.part_number.toUpperCase(),
      description: l.description.toUpperCase(),
    })),
    charges: inv.charges.map((c) => ({ ...c, description: c.description.toUpperCase() })),
  };
}

/** Throws when the page does not show the truth (model.ts {@link printedProblems}). */
function assertPrinted(id: string, text: string, inv: Invoice, expected: ExtractedInvoice) {
  const missing = printedProblems(text, inv, expected);
  if (missing.length) throw new Error(`${id}: truth not printed on the page: ${missing.map((m) => JSON.stringify(m)).join(', ')}`);
}


export { PRINT_CSS, printLetterPdf } from './effects';

async function render(
  browser: Browser,
  plan: Plan,
  inv: Invoice,
  expected: ExtractedInvoice,
  rng: Rng,
): Promise<Omit<ManifestEntry, 'truth' | 'layout_title' | 'features' | 'rows' | 'charges' | 'split'>> {
  const ctx = await browser.newContext({
    viewport: { width: plan.layout.width, height: 700 },
    deviceScaleFactor: 1.5,
  });
  try {
    const page = await ctx.newPage();
    const html = plan.layout.html(inv);
    await page.setContent(
      plan.variant === 'text-pdf-2page' ? html.replace('</head>', `${PRINT_CSS}</head>`) : html,
    );
    assertPrinted(plan.id, await page.evaluate(() => document.body.innerText), inv, expected);
    const base = `${plan.id}-${plan.layout.id.split('-')[0]}`;
    if (plan.variant === 'text-pdf-2page') {
      const pdf = await printLetterPdf(page);
      const pages = (await readPdfText(pdf)).pages;
      if (pages !== 2) throw new Error(`${plan.id}: the long invoice printed to ${pages} pages, not 2`);
      const file = `${base}.pdf`;
      fs.writeFileSync(path.join(outDir, file), pdf);
      return {
        id: plan.id,
        file,
        layout: plan.layout.id,
        variant: plan.variant,
        effects: { pdf: 'text layer, printed by Chromium' },
        pages,
      };
    }
    const png = await page.screenshot({ fullPage: true, type: 'png' });
    // The third extra set never enlarges a narrow page (a thermal ticket): a phone photo or a scan of a 3-inch ticket
    // has about the ticket's own pixels. The older sets keep their bytes (their pages are all wider than the photo).
    const pageWidth = (await sharp(png).metadata()).width!;
    if (plan.variant === 'photo') {
      const p: PhotoParams = photoParams(rng);
      if (EXTRA3 || EXTRA4 || EXTRA5 || EXTRA6 || EXTRA7 || EXTRA8 || EXTRA9) p.width = Math.min(p.width, Math.round(pageWidth * 1.08));
      const file = `${base}.jpg`;
      fs.writeFileSync(path.join(outDir, file), await photograph(png, p, rng));
      return {
        id: plan.id,
        file,
        layout: plan.layout.id,
        variant: plan.variant,
        effects: { ...p },
        pages: 1,
      };
    }
    if (plan.variant === 'scan-pdf') {
      const angle = (Math.round(rng.float(0.4, 1.5) * 10) / 10) * (rng.chance(0.5) ? 1 : -1);
      const { pdf } = await scannedPdf(png, angle, EXTRA3 || EXTRA4 || EXTRA5 || EXTRA6 || EXTRA7 || EXTRA8 || EXTRA9 ? Math.min(1275, pageWidth) : 1275);
      const file = `${base}.pdf`;
      fs.writeFileSync(path.join(outDir, file), pdf);
      return {
        id: plan.id,
        file,
        layout: plan.layout.id,
        variant: plan.variant,
        effects: { pdf: 'scanned: grey JPEG 70 in a PDF, no text layer', angle },
        pages: 1,
      };
    }
    const file = `${base}.png`;
    fs.writeFileSync(path.join(outDir, file), await cleanPng(png));
    return {
      id: plan.id,
      file,
      layout: plan.layout.id,
      variant: plan.variant,
      effects: { png: 'palette 64 colours, 1.5× device scale' },
      pages: 1,
    };
  } finally {
    await ctx.close();
  }
}

async function main() {
  const only = process.argv.slice(2).filter((a) => !['--extra', '--extra2', '--extra3', '--extra4', '--extra5', '--extra6', '--extra7', '--extra8', '--extra9'].includes(a));
  const plans = EXTRA9
    ? planExtraSet(EXTRA9_LAYOUTS, EXTRA9_SEED, 'L71-fastener-qty-after-amount', 'N')
    : EXTRA8
    ? planExtraSet(EXTRA8_LAYOUTS, EXTRA8_SEED, 'L61-toyota-whs-bkord', 'M')
    : EXTRA7
    ? planExtraSet(EXTRA7_LAYOUTS, EXTRA7_SEED, 'L59-clip-bins-packing', 'K')
    : EXTRA6
    ? planExtraSet(EXTRA6_LAYOUTS, EXTRA6_SEED, 'L50-import-price-first', 'J')
    : EXTRA5
    ? planExtraSet(EXTRA5_LAYOUTS, EXTRA5_SEED, 'L45-resale-totals-top', 'I')
    : EXTRA4
    ? planExtraSet(EXTRA4_LAYOUTS, EXTRA4_SEED, 'L41-linecode-compact', 'H')
    : EXTRA3
    ? planExtraSet(EXTRA3_LAYOUTS, EXTRA3_SEED, 'L31-billto-shipto-grid', 'G')
    : EXTRA2
      ? planExtraSet(EXTRA2_LAYOUTS, EXTRA2_SEED, 'L25-paint-mix-desc-first', 'F')
      : EXTRA
        ? planExtra()
        : planAll();
  const split =
    EXTRA || EXTRA2 || EXTRA3 || EXTRA4 || EXTRA5 || EXTRA6 || EXTRA7 || EXTRA8 || EXTRA9 ? { layouts: new Set<string>(), photos: new Set<string>() } : drawSplit(plans);
  const seed = EXTRA9 ? EXTRA9_SEED : EXTRA8 ? EXTRA8_SEED : EXTRA7 ? EXTRA7_SEED : EXTRA6 ? EXTRA6_SEED : EXTRA5 ? EXTRA5_SEED : EXTRA4 ? EXTRA4_SEED : EXTRA3 ? EXTRA3_SEED : EXTRA2 ? EXTRA2_SEED : EXTRA ? EXTRA_SEED : SEED;
  fs.mkdirSync(outDir, { recursive: true });
  if (!only.length)
    for (const old of fs.readdirSync(outDir))
      if (/^[DEFGHIJKMN]\d\d/.test(old) || old === 'manifest.json') fs.rmSync(path.join(outDir, old));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const manifest: ManifestEntry[] = [];
  try {
    for (const plan of plans) {
      // Each invoice has its own random stream, so regenerating one id gives the same invoice.
      const rng = new Rng(seed * 1000 + Number(plan.id.slice(1)));
      const inv = makeInvoice(plan, rng);
      const expected = truthOf(inv);
      const heldout = split.layouts.has(plan.layout.id) || split.photos.has(plan.id);
      const entryBase = {
        truth: `${plan.id}.json`,
        layout_title: plan.layout.title,
        features: plan.layout.features,
        rows: inv.lines.length,
        charges: inv.charges.length,
        split: heldout ? ('heldout' as const) : ('tuning' as const),
      };
      if (only.length && !only.includes(plan.id)) {
        const prior = fs.existsSync(path.join(outDir, 'manifest.json'))
          ? (
              JSON.parse(fs.readFileSync(path.join(outDir, 'manifest.json'), 'utf8')) as {
                invoices: ManifestEntry[];
              }
            ).invoices.find((e) => e.id === plan.id)
          : undefined;
        if (prior) manifest.push(prior);
        continue;
      }
      const out = await render(browser, plan, inv, expected, rng);
      const entry: ManifestEntry = { ...out, ...entryBase };
      manifest.push(entry);
      fs.writeFileSync(
        path.join(outDir, entry.truth),
        `${JSON.stringify({ id: entry.id, file: entry.file, layout: entry.layout, variant: entry.variant, split: entry.split, expected }, null, 2)}\n`,
      );
      const kb = Math.round(fs.statSync(path.join(outDir, entry.file)).size / 1024);
      console.log(
        `${entry.id} ${entry.file.padEnd(22)} ${entry.split.padEnd(8)} rows ${String(entry.rows).padStart(2)} charges ${entry.charges} ${kb} KB`,
      );
    }
  } finally {
    await browser.close();
  }
  /** The manifest head of an extra tuning set: every invoice tuning, nothing held out. */
  const extraDoc = (name: string, layoutsFile: string, flag: string, seed: number, decided: string, layouts: Layout[]) => ({
    description: `${name} tuning set (layouts ${layouts[0]!.id.split('-')[0]}–${layouts[layouts.length - 1]!.id.split('-')[0]} of scripts/invoice-devset/${layoutsFile}), generated by \`npx tsx scripts/invoice-devset/generate.ts ${flag}\` (Chromium + sharp, seeded). Every invoice is tuning; nothing here is held out. Each entry: the file to read, its ground truth (<id>.json, key "expected"), layout, effects, pages and split.`,
    seed,
    split: { decided, seed: null, heldout_layouts: [], heldout_photos: [] },
    layouts: layouts.map((l) => ({ id: l.id, title: l.title, date_format: l.dateFormat, features: l.features, split: 'tuning' })),
    invoices: manifest,
  });
  const doc = EXTRA9
    ? extraDoc('NINTH extra', 'layouts-extra9.ts', '--extra9', EXTRA9_SEED, '2026-11-29: all tuning', EXTRA9_LAYOUTS)
    : EXTRA8
    ? extraDoc('EIGHTH extra', 'layouts-extra8.ts', '--extra8', EXTRA8_SEED, '2026-11-29: all tuning', EXTRA8_LAYOUTS)
    : EXTRA7
    ? {
        ...extraDoc('SEVENTH', 'layouts-extra7.ts', '--extra7', EXTRA7_SEED, '2026-11-29: a CHECK set, never tuned on', EXTRA7_LAYOUTS),
        description: `SEVENTH set, a CHECK set never tuned on (layouts L55–L60 of scripts/invoice-devset/layouts-extra7.ts), generated by \`npx tsx scripts/invoice-devset/generate.ts --extra7\` (Chromium + sharp, seeded). It measures whether a change to the reader generalises to layouts it has never seen: nobody tunes on it, and \`npm run bench:extract -- --set extra7\` prints its totals only. The split field keeps the other sets' shape ('tuning') so the code reading manifests works unchanged; it does not mean tuning. Each entry: the file to read, its ground truth (<id>.json, key "expected"), layout, effects, pages and split.`,
      }
    : EXTRA6
    ? extraDoc('SIXTH extra', 'layouts-extra6.ts', '--extra6', EXTRA6_SEED, '2026-11-29: all tuning', EXTRA6_LAYOUTS)
    : EXTRA5
    ? extraDoc('FIFTH extra', 'layouts-extra5.ts', '--extra5', EXTRA5_SEED, '2026-11-28: all tuning', EXTRA5_LAYOUTS)
    : EXTRA4
    ? extraDoc('FOURTH extra', 'layouts-extra4.ts', '--extra4', EXTRA4_SEED, '2026-11-28: all tuning', EXTRA4_LAYOUTS)
    : EXTRA3
    ? extraDoc('THIRD extra', 'layouts-extra3.ts', '--extra3', EXTRA3_SEED, '2026-11-28: all tuning', EXTRA3_LAYOUTS)
    : EXTRA2
    ? extraDoc('SECOND extra', 'layouts-extra2.ts', '--extra2', EXTRA2_SEED, '2026-11-28: all tuning', EXTRA2_LAYOUTS)
    : EXTRA
      ? extraDoc('EXTRA', 'layouts-extra.ts', '--extra', EXTRA_SEED, '2026-11-25: all tuning', EXTRA_LAYOUTS)
      : {
          description:
            'Invoice development set for issue 18, generated by scripts/invoice-devset/generate.ts (Chromium + sharp, seeded). Each entry: the file to read, its ground truth (<id>.json, key "expected"), layout, effects, pages and split.',
          seed: SEED,
          split: {
            decided: '2026-11-24, before tuning',
            seed: SPLIT_SEED,
            heldout_layouts: HELD_OUT_LAYOUTS,
            heldout_photos: [...split.photos].sort(),
          },
          layouts: LAYOUTS.map((l) => ({
            id: l.id,
            title: l.title,
            date_format: l.dateFormat,
            features: l.features,
            split: split.layouts.has(l.id) ? 'heldout' : 'tuning',
          })),
          invoices: manifest,
        };
  fs.writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(doc, null, 2)}\n`);
  const tuning = manifest.filter((e) => e.split === 'tuning').length;
  console.log(
    `${manifest.length} invoices (${tuning} tuning, ${manifest.length - tuning} held out) in ${(EXTRA9 ? EXTRA9_LAYOUTS : EXTRA8 ? EXTRA8_LAYOUTS : EXTRA7 ? EXTRA7_LAYOUTS : EXTRA6 ? EXTRA6_LAYOUTS : EXTRA5 ? EXTRA5_LAYOUTS : EXTRA4 ? EXTRA4_LAYOUTS : EXTRA3 ? EXTRA3_LAYOUTS : EXTRA2 ? EXTRA2_LAYOUTS : EXTRA ? EXTRA_LAYOUTS : LAYOUTS).length} layouts → ${outDir}`,
  );
}

// Run only as a script, so other scripts can import makeInvoice and printLetterPdf.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
