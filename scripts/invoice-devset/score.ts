/**
 * The benchmark's scoring rules for one read invoice (issue 18), shared by the scripts that read generated invoices
 * outside the committed sets (bench-textpdf.ts, bench-rephoto.ts, bench-rescan.ts):
 * - header fields: invoice_number, supplier, invoice_date, total_amount exactly equal to the truth (0..4);
 * - line items: an expected part row counts when a returned row equals it in all four fields (part number,
 *   description, quantity, unit price); each returned row matches at most one; returned rows left over are `extra`;
 * - silent: the review would show 'Data extracted successfully!' (`complete`) and yet something above is wrong;
 * - warned: everything is right and yet the review warns (a false alarm).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ExtractedInvoice } from '~/lib/schemas/invoice';
import { createOfflineExtractor } from '~/server/extraction/offline.server';
import { reviewExtraction } from '~/server/extraction/review.server';

export const HEADER_FIELDS = ['invoice_number', 'supplier', 'invoice_date', 'total_amount'] as const;

type Row = ExtractedInvoice['line_items'][number];
/** What a reader returned, or the partial read it pre-filled the form with. */
export type Read = Partial<Pick<ExtractedInvoice, (typeof HEADER_FIELDS)[number] | 'line_items'>>;

export interface Score {
  header: number;
  /** Header fields that differ, as `field=value read`. */
  headerMisses: string[];
  items: number;
  itemsAll: number;
  extra: number;
  silent: boolean;
  warned: boolean;
  /** Expected rows not returned, and returned rows that matched nothing. */
  missing: Row[];
  unmatched: Row[];
}

export const rowKey = (i: Row) => JSON.stringify([i.part_number, i.description, i.quantity, i.unit_price]);

/** Scores `got` against `truth`; `complete` is `reviewExtraction(read).complete` (false when the reader gave up). */
export function scoreRead(got: Read, truth: ExtractedInvoice, complete: boolean): Score {
  const headerMisses = HEADER_FIELDS.filter((k) => got[k] !== truth[k]).map((k) => `${k}=${JSON.stringify(got[k] ?? null)}`);
  const unmatched = [...(got.line_items ?? [])];
  const missing: Row[] = [];
  for (const want of truth.line_items) {
    const at = unmatched.findIndex((r) => rowKey(r) === rowKey(want));
    if (at >= 0) unmatched.splice(at, 1);
    else missing.push(want);
  }
  const header = HEADER_FIELDS.length - headerMisses.length;
  const wrong = headerMisses.length > 0 || missing.length > 0 || unmatched.length > 0;
  return {
    header,
    headerMisses,
    items: truth.line_items.length - missing.length,
    itemsAll: truth.line_items.length,
    extra: unmatched.length,
    silent: complete && wrong,
    warned: !complete && !wrong,
    missing,
    unmatched,
  };
}

/** Sums of scores, printed as one line: `name: header h/H = x % | lines … | extra | silent | warned`. */
export function scoreLine(name: string, scores: Score[]): string {
  const sum = (f: (s: Score) => number) => scores.reduce((t, s) => t + f(s), 0);
  const h = sum((s) => s.header);
  const hAll = scores.length * HEADER_FIELDS.length;
  const l = sum((s) => s.items);
  const lAll = sum((s) => s.itemsAll);
  const pct = (a: number, b: number) => (b ? ((100 * a) / b).toFixed(1) : '0.0');
  return `${name}: ${scores.length} invoices | header ${h}/${hAll} = ${pct(h, hAll)} % | lines ${l}/${lAll} = ${pct(l, lAll)} % | extra ${sum((s) => s.extra)} | silent ${sum((s) => (s.silent ? 1 : 0))} | right but warned ${sum((s) => (s.warned ? 1 : 0))}`;
}

/** A committed tuning page: its file, its truth and the folder they are in. */
export interface TuningPage {
  id: string;
  file: string;
  truth: ExtractedInvoice;
}

/**
 * The clean tuning pages of the development set, then (unless `EXTRA=0`) of the extra set, then (only with
 * `extra2`) of the second extra set, then (only with `extra3`) of the third — the pages bench-rephoto and bench-rescan
 * photograph or scan again, in that order (so a seed draws the same effects for the first sets whether or not the
 * later extra sets follow). Held-out pages are never among them: every page of the three extra sets is tuning data,
 * and the development set's are filtered by its split.
 */
export function tuningCleanPages(options: { extra2?: boolean; extra3?: boolean } = {}): TuningPage[] {
  const dirs = [
    'tests/fixtures/invoices-dev',
    ...(process.env.EXTRA === '0' ? [] : ['tests/fixtures/invoices-dev-extra']),
    ...(options.extra2 ? ['tests/fixtures/invoices-dev-extra2'] : []),
    ...(options.extra3 ? ['tests/fixtures/invoices-dev-extra3'] : []),
  ];
  return dirs.flatMap((dir) =>
    (JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { invoices: { id: string; file: string; truth: string; variant: string; split: string }[] }).invoices
      .filter((e) => e.split === 'tuning' && e.variant === 'clean')
      .map((e) => ({
        id: e.id,
        file: path.join(dir, e.file),
        truth: (JSON.parse(fs.readFileSync(path.join(dir, e.truth), 'utf8')) as { expected: ExtractedInvoice }).expected,
      })),
  );
}

const extractor = createOfflineExtractor();

/**
 * Reads a file with the offline reader and scores it (`label` starts the SHOW=1 line; MISSES=1 adds the missed and
 * extra rows). Returns the score and the seconds the read took.
 */
export async function readAndScore(file: string, mime: string, truth: ExtractedInvoice, label: string): Promise<{ score: Score; seconds: number }> {
  let got: Read = {};
  let complete = false;
  const started = performance.now();
  try {
    const read = await extractor.extract({ bytes: new Uint8Array(fs.readFileSync(file)), mime, fileName: path.basename(file) });
    got = read;
    complete = reviewExtraction(read).complete;
  } catch (e) {
    got = ((e as { partial?: Read }).partial ?? {}) as Read;
  }
  const seconds = (performance.now() - started) / 1000;
  const s = scoreRead(got, truth, complete);
  if (process.env.SHOW || process.env.MISSES)
    console.log(`${label} ${s.header}/4 ${s.items}/${s.itemsAll} extra ${s.extra}${s.silent ? ' SILENT' : ''}${s.warned ? ' warned' : ''} ${s.headerMisses.join('; ')}`);
  if (process.env.MISSES) {
    for (const m of s.missing) console.log(`  - ${rowKey(m)}`);
    for (const u of s.unmatched) console.log(`  + ${rowKey(u)}`);
  }
  return { score: s, seconds };
}
