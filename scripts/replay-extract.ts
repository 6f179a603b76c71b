/**
 * Replays the layout reader on cached OCR words of the TUNING sets (issue 18), so a reader change can be checked in
 * seconds instead of a bench run of 15–20 minutes:
 *
 *   npx tsx scripts/replay-extract.ts --cache extra6,extra5      (OCR every page once into /tmp/replay-cache/)
 *   npx tsx scripts/replay-extract.ts extra6 [--id J03] [--show]  (read the cached words again and score)
 *   npx tsx scripts/replay-extract.ts extra6 --id J03 --lines      (the cached words, grouped in lines)
 *
 * The cached words are what `readImagePage` of offline.server.ts gives (the first read, the table's words checked by a
 * second read, and the sparse header re-read cut at the first read's table top): a rule that moves the table top changes the re-read, which only a real bench run
 * (`npm run bench:extract`) shows. Sets: dev (its TUNING split only: held-out invoices are never read here), extra …
 * extra6, extra8, extra9. Scoring is scripts/invoice-devset/score.ts's, as the bench's. The seventh set (extra7, L55–L60) is a CHECK
 * set never tuned on: it is deliberately not here (no per-invoice replay of it), only `npm run bench:extract -- --set
 * extra7` scores it, as totals.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ExtractedInvoice } from '~/lib/schemas/invoice';
import { validateExtraction } from '~/server/extraction/contract.server';
import { groupLines } from '~/server/extraction/layout/words';
import { combineReads, readImagePage, wordsToText, type PageRead } from '~/server/extraction/offline.server';
import { closeOcrWorker } from '~/server/extraction/ocr.server';
import { readPdfPages } from '~/server/extraction/pdf.server';
import { reviewExtraction } from '~/server/extraction/review.server';
import { scoreRead } from './invoice-devset/score';

const root = path.resolve(import.meta.dirname, '..');
const cacheDir = '/tmp/replay-cache';
const SETS: Record<string, string> = {
  dev: 'tests/fixtures/invoices-dev',
  extra: 'tests/fixtures/invoices-dev-extra',
  extra2: 'tests/fixtures/invoices-dev-extra2',
  extra3: 'tests/fixtures/invoices-dev-extra3',
  extra4: 'tests/fixtures/invoices-dev-extra4',
  extra5: 'tests/fixtures/invoices-dev-extra5',
  extra6: 'tests/fixtures/invoices-dev-extra6',
  extra8: 'tests/fixtures/invoices-dev-extra8',
  extra9: 'tests/fixtures/invoices-dev-extra9',
};
interface Entry {
  id: string;
  file: string;
  truth: string;
  variant: string;
  split: string;
}

function entries(set: string): Entry[] {
  const dir = path.join(root, SETS[set]!);
  const m = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { invoices: Entry[] };
  // Only tuning invoices, ever.
  return m.invoices.filter((e) => e.split === 'tuning');
}

async function pagesOf(file: string): Promise<PageRead[]> {
  const bytes = new Uint8Array(fs.readFileSync(file));
  if (!file.endsWith('.pdf')) return [await readImagePage(bytes)];
  const pdf = await readPdfPages(bytes);
  const out: PageRead[] = [];
  for (const p of pdf.read) out.push(p.image ? await readImagePage(p.image, undefined, { scan: true }) : { words: p.words, text: wordsToText(p.words) });
  return out;
}

const args = process.argv.slice(2);
const show = args.includes('--show');
const idAt = args.indexOf('--id');
const ids = idAt >= 0 ? new Set(args[idAt + 1]!.split(',')) : null;
if (args[0] === '--cache') {
  fs.mkdirSync(cacheDir, { recursive: true });
  for (const set of args[1]!.split(',')) {
    for (const e of entries(set)) {
      const out = path.join(cacheDir, `${set}-${e.id}.json`);
      if (fs.existsSync(out)) continue;
      const pages = await pagesOf(path.join(root, SETS[set]!, e.file));
      fs.writeFileSync(out, JSON.stringify(pages));
      console.log(`${set} ${e.id} cached`);
    }
  }
  await closeOcrWorker();
} else {
  const total = { header: 0, headerAll: 0, items: 0, itemsAll: 0, extra: 0, silent: 0, warned: 0 };
  for (const set of args[0]!.split(',')) {
    for (const e of entries(set)) {
      if (ids && !ids.has(e.id)) continue;
      const cached = path.join(cacheDir, `${set}-${e.id}.json`);
      if (!fs.existsSync(cached)) continue;
      const pages = JSON.parse(fs.readFileSync(cached, 'utf8')) as PageRead[];
      if (args.includes('--lines')) {
        for (const p of pages)
          for (const l of groupLines(p.words))
            console.log(`${Math.round(l.y0)}-${Math.round(l.y1)} ${l.words.map((w) => `${w.text}@${Math.round(w.x0)}(${w.conf.toFixed(2)})`).join(' ')}`);
        continue;
      }
      // A PDF text layer's page text is rebuilt by the extractor from its words; the line-based reader only fills in.
      const read = combineReads(pages);
      const truth = (JSON.parse(fs.readFileSync(path.join(root, SETS[set]!, e.truth), 'utf8')) as { expected: ExtractedInvoice }).expected;
      let result: ExtractedInvoice;
      let complete = false;
      try {
        const checked = validateExtraction({ ...read, invoice_date: read.invoice_date ?? read.impossible_date });
        result = { ...checked, charges: read.charges, confidence: read.confidence };
        complete = reviewExtraction(result).complete;
      } catch (error) {
        // What the form would be pre-filled with (ExtractionError.partial), as the bench scores it.
        result = ((error as { partial?: ExtractedInvoice }).partial ?? { line_items: [] }) as ExtractedInvoice;
      }
      const s = scoreRead(result, truth, complete);
      total.header += s.header;
      total.headerAll += 4;
      total.items += s.items;
      total.itemsAll += s.itemsAll;
      total.extra += s.extra;
      total.silent += s.silent ? 1 : 0;
      total.warned += s.warned ? 1 : 0;
      const bad = s.header < 4 || s.items < s.itemsAll || s.extra || s.silent;
      if (bad || show)
        console.log(`${set} ${e.id} ${e.variant} header ${s.header}/4 rows ${s.items}/${s.itemsAll} extra ${s.extra}${s.silent ? ' SILENT' : ''}${s.warned ? ' warned' : ''} ${s.headerMisses.join(', ')}`);
      if (show) {
        for (const m of s.missing) console.log(`   - ${m.part_number} | ${m.description} | ${m.quantity} | ${m.unit_price}`);
        for (const m of s.unmatched) console.log(`   + ${m.part_number} | ${m.description} | ${m.quantity} | ${m.unit_price}`);
      }
    }
  }
  console.log(`TOTAL header ${total.header}/${total.headerAll} rows ${total.items}/${total.itemsAll} extra ${total.extra} silent ${total.silent} warned ${total.warned}`);
}
