/**
 * The benchmark's scoring rules for one read invoice (issue 18), shared by the scripts that read generated invoices
 * outside the committed sets (bench-textpdf.ts, bench-rephoto.ts):
 * - header fields: invoice_number, supplier, invoice_date, total_amount exactly equal to the truth (0..4);
 * - line items: an expected part row counts when a returned row equals it in all four fields (part number,
 *   description, quantity, unit price); each returned row matches at most one; returned rows left over are `extra`;
 * - silent: the review would show 'Data extracted successfully!' (`complete`) and yet something above is wrong;
 * - warned: everything is right and yet the review warns (a false alarm).
 */
import type { ExtractedInvoice } from '~/lib/schemas/invoice';

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
