/**
 * The invoice model of the development set and its ground truth.
 *
 * An invoice has part lines (quantity ordered and shipped, unit of measure, list price, discount %, net price — the
 * unit price is the net — and an application) and charge rows that are not parts (core, deposit, freight, fee,
 * discount, warranty, credit, other) printed either inside the parts table or below it, plus sales tax. All money is
 * integer cents here; the truth JSON is in dollars (the ExtractedInvoice contract of app/lib/schemas/invoice.ts).
 *
 * Reconciliation (asserted for every invoice): Σ qty shipped × net + Σ charges + tax = total, to the cent, both with
 * this module's own arithmetic and with `reconcileInvoice` of app/server/extraction/review.server.ts.
 */
import { addDays, format, parseISO } from 'date-fns';
import type { ExtractedInvoice, InvoiceChargeKind } from '~/lib/schemas/invoice';
import { reconcileInvoice } from '~/server/extraction/review.server';
import { randomPart, recyclerNote, type CatalogId } from './catalog';
import type { Rng } from './rng';

export interface PartLine {
  lineNo: number;
  part_number: string;
  description: string;
  application: string;
  /** Extra note column (recycler grade, mfr line code…); never part of the description. */
  note: string;
  uom: string;
  qtyOrdered: number;
  /** Billed quantity (the truth's quantity). */
  qtyShipped: number;
  /** cents */
  list: number;
  discountPct: number;
  /** cents: list less discount, the unit price billed. */
  net: number;
  /**
   * The ninth set's row contents (layouts-extra9.ts; no other set sets them, so their pages are unchanged): the
   * quantity as printed when the contract cannot hold it (`1.5` GAL: the truth is then quantity 1 at the line's
   * amount), the unit price as printed with more than two decimals (`0.4275`: the truth is the price rounded to the
   * cent, as the contract keeps it), and note lines printed under the row ("SUPERSEDES 23456789") that are not rows.
   */
  qtyText?: string;
  unitText?: string;
  notes?: string[];
}

export interface ChargeRow {
  kind: Exclude<InvoiceChargeKind, 'tax'>;
  description: string;
  /** Code printed in the part-number column when the row sits in the table ("CORE", "FRT", "HAZ"…), or ''. */
  code: string;
  qty: number;
  /** cents per unit; the row's amount is qty × unit (negative for discounts and credits). */
  unit: number;
  /** 'table': a row of the parts table (after part line `after`, 1-based); 'footer': in the totals block. */
  placement: 'table' | 'footer';
  after: number;
}

export const DATE_FORMATS = [
  'MM/dd/yyyy',
  'M/d/yy',
  'yyyy-MM-dd',
  'yyyy/MM/dd',
  'MMM d, yyyy',
  'MMMM do, yyyy',
  'd MMM yyyy',
  'dd-MMM-yy',
] as const;
/**
 * More formats real suppliers print, used by the fourth extra set (L37–L42): Nov. 3, 2026 · 3-Nov-2026 · 11.03.2026 ·
 * November 3, 2026 — all read by the layout reader's dates.ts. The eight stay DATE_FORMATS.
 */
export const EXTRA_DATE_FORMATS = ['MMM. d, yyyy', 'd-MMM-yyyy', 'MM.dd.yyyy', 'MMMM d, yyyy'] as const;
/**
 * Six more, used by the fifth extra set (L43–L48), each printed by real suppliers' systems: 03NOV26 (a dealer DMS, no
 * separators) · 11-03-26 · Tuesday, November 3, 2026 · 11/3/2026 · 3 November 2026 (a Canadian supplier) ·
 * Nov 03, 2026. Chosen before the reader was tried on them: not all are read by the layout reader's dates.ts.
 */
export const EXTRA5_DATE_FORMATS = [
  'ddMMMyy',
  'MM-dd-yy',
  'EEEE, MMMM d, yyyy',
  'M/d/yyyy',
  'd MMMM yyyy',
  'MMM dd, yyyy',
] as const;
/**
 * Six more, used by the sixth extra set (L49–L54), one a layout, each printed by real suppliers' systems: 11/03/26 (a
 * dealer's continuous-form printout) · 2026.11.03 (an import wholesaler) · Tue 11/03/2026 (a jobber's counter system)
 * · 11-3-26 (typed on a salvage ticket) · November 03, 2026 · NOV-03-2026 (a distributor's system, in capitals).
 * Chosen before the reader was tried on them.
 */
export const EXTRA6_DATE_FORMATS = ['MM/dd/yy', 'yyyy.MM.dd', 'EEE MM/dd/yyyy', 'M-d-yy', 'MMMM dd, yyyy', 'MMM-dd-yyyy'] as const;
/**
 * Six more, used by the seventh set (L55–L60, a CHECK set never tuned on), one a layout, each as a real supplier's
 * system prints it: 11-03-2026 (a dealer's DMS) · 03 Nov 2026 (an online invoicing app) · 20261103 (a paint
 * manufacturer's ERP "Billing date") · Tue, Nov 3, 2026 (a calibration company's web app) · Nov 3 2026 (a fastener
 * supplier's order system) · 11.03.26 (a tow company's dispatch software). Chosen before the reader was tried on them.
 */
export const EXTRA7_DATE_FORMATS = ['MM-dd-yyyy', 'dd MMM yyyy', 'yyyyMMdd', 'EEE, MMM d, yyyy', 'MMM d yyyy', 'MM.dd.yy'] as const;
/**
 * Six more, used by the eighth extra tuning set (L61–L66), each as a real supplier's system prints it: Nov. 03, 2026
 * (a Toyota dealer's wholesale invoice) · 03/NOV/2026 (a Chrysler dealer's DMS, in capitals) · Tuesday, Nov 3, 2026
 * (a Kia dealer's web invoice) · 03-Nov-2026 (a paint store's point of sale) · 11.3.26 (an abrasives distributor's
 * billing program) · Tue Nov 03 2026 (a used-parts broker's emailed invoice). Chosen before the reader was tried on them.
 */
export const EXTRA8_DATE_FORMATS = ['MMM. dd, yyyy', 'dd/MMM/yyyy', 'EEEE, MMM d, yyyy', 'dd-MMM-yyyy', 'M.d.yy', 'EEE MMM dd yyyy'] as const;
export type DateFormat =
  | (typeof DATE_FORMATS)[number]
  | (typeof EXTRA_DATE_FORMATS)[number]
  | (typeof EXTRA5_DATE_FORMATS)[number]
  | (typeof EXTRA6_DATE_FORMATS)[number]
  | (typeof EXTRA7_DATE_FORMATS)[number]
  | (typeof EXTRA8_DATE_FORMATS)[number];

/** A date printed in one of the formats (dd-MMM-yy, ddMMMyy, MMM-dd-yyyy and dd/MMM/yyyy in capitals: 03-NOV-26, 03NOV26, NOV-03-2026, 03/NOV/2026). */
/** The ISO date (yyyy-MM-dd) `days` after `iso` (before it when negative), by date-fns on the calendar. */
export function shiftDate(iso: string, days: number): string {
  return format(addDays(parseISO(iso), days), 'yyyy-MM-dd');
}

/**
 * What of the truth is missing from a page's text: the invoice number, supplier, date as printed, every part number
 * and description, every charge's description, and the total with or without thousands separators (dot-matrix
 * layouts print none). Empty when everything is printed, so a truth can never differ from the print.
 */
export function printedProblems(text: string, inv: Invoice, truth: ExtractedInvoice): string[] {
  const flat = text.replace(/\s+/g, ' ');
  const wanted = [
    truth.invoice_number,
    truth.supplier,
    inv.dateText,
    ...truth.line_items.flatMap((l) => [l.part_number, l.description]),
    ...(truth.charges ?? []).map((c) => c.description),
  ];
  const missing = wanted.filter((w) => !flat.includes(w.replace(/\s+/g, ' ')));
  if (![true, false].some((comma) => flat.includes(money(inv.total, { comma })))) missing.push(money(inv.total));
  return missing;
}

export function formatDate(iso: string, fmt: DateFormat): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const s = format(new Date(y, m - 1, d), fmt);
  return fmt === 'dd-MMM-yy' || fmt === 'ddMMMyy' || fmt === 'MMM-dd-yyyy' || fmt === 'dd/MMM/yyyy' ? s.toUpperCase() : s;
}

export interface Invoice {
  id: string;
  layout: string;
  supplier: { name: string; lines: string[]; phone: string };
  customer: string;
  invoiceNumber: string;
  dateIso: string;
  dateText: string;
  /** Other dates printed (order, ship, due) — not the invoice date. */
  otherDates: { label: string; text: string }[];
  po: string;
  account: string;
  lines: PartLine[];
  charges: ChargeRow[];
  taxLabel: string;
  /** cents */
  tax: number;
  /** cents: parts plus table charges (what a printed "Subtotal" shows). */
  subtotal: number;
  /** cents */
  total: number;
}

export interface InvoiceSpec {
  catalog: CatalogId;
  rows: number;
  /** Probability a line has a discount off list; range of discount %. */
  discount: { p: number; min: number; max: number };
  /** Probability a line ships less than ordered. */
  shortShip: number;
  maxQty: number;
  /** Charge rows to consider: kind, descriptions, code, amount range (cents), where, probability. */
  charges: {
    kind: ChargeRow['kind'];
    text: string[];
    code: string;
    min: number;
    max: number;
    placement: ChargeRow['placement'];
    p: number;
    perPart?: boolean;
  }[];
  /** Sales tax rate (0 for none, e.g. resale/exempt), label. */
  taxRate: number;
  taxLabel: string;
}

const cents = (n: number) => n / 100;

/**
 * The same part number with its last two digits redrawn (`84236812` → `84236857`, `FW04210 GTY` → `FW04263 GTY`); a
 * number without digits gets two appended (`MX-UX` → `MX-UX2`…, else it could never change: a long invoice of a small
 * catalogue looped for ever). No committed set ever drew such a sibling, so they stay byte for byte the same.
 */
function siblingNumber(pn: string, rng: Rng): string {
  if (!/\d/.test(pn)) return `${pn}${rng.digits(2)}`;
  const chars = [...pn];
  const digitsAt = chars.flatMap((c, i) => (/\d/.test(c) ? [i] : []));
  for (const i of digitsAt.slice(-2)) chars[i] = rng.digits(1);
  return chars.join('');
}

/** Builds one invoice's lines, charges and totals from `spec`. */
export function buildInvoice(
  rng: Rng,
  spec: InvoiceSpec,
  head: Omit<Invoice, 'lines' | 'charges' | 'tax' | 'subtotal' | 'total' | 'taxLabel'>,
): Invoice {
  const lines: PartLine[] = [];
  const seen = new Set<string>();
  let guard = 0;
  while (lines.length < spec.rows && guard < 500) {
    guard += 1;
    const part = randomPart(rng, spec.catalog);
    if (seen.has(part.part_number)) {
      // A catalogue has a dozen entries: past that, a sibling number (last digits changed) keeps rows distinct.
      if (guard < 40) continue;
      while (seen.has(part.part_number)) part.part_number = siblingNumber(part.part_number, rng);
    }
    seen.add(part.part_number);
    const cheap = part.list < 2000;
    const qtyOrdered = cheap ? rng.int(1, Math.max(1, spec.maxQty)) : rng.chance(0.8) ? 1 : rng.int(1, 2);
    const qtyShipped = qtyOrdered > 1 && rng.chance(spec.shortShip) ? rng.int(1, qtyOrdered - 1) : qtyOrdered;
    const discountPct = rng.chance(spec.discount.p) ? rng.int(spec.discount.min, spec.discount.max) : 0;
    const net = Math.round((part.list * (100 - discountPct)) / 100);
    lines.push({
      lineNo: lines.length + 1,
      part_number: part.part_number,
      description: part.description,
      application: part.application,
      note: spec.catalog === 'recycler' ? recyclerNote(part.description) : (part.note ?? ''),
      uom: part.uom,
      qtyOrdered,
      qtyShipped,
      list: part.list,
      discountPct,
      net,
    });
  }
  const charges: ChargeRow[] = [];
  for (const c of spec.charges) {
    if (!rng.chance(c.p)) continue;
    const after = rng.int(1, lines.length);
    const qty = c.perPart ? lines[after - 1]!.qtyShipped : 1;
    let unit = Math.round(rng.int(c.min, c.max) / 5) * 5;
    if (c.kind === 'discount' || c.kind === 'credit') unit = -Math.abs(unit);
    charges.push({
      kind: c.kind,
      description: rng.pick(c.text),
      code: c.code,
      qty,
      unit,
      placement: c.placement,
      after,
    });
  }
  const parts = lines.reduce((s, l) => s + l.qtyShipped * l.net, 0);
  const tableCharges = charges.filter((c) => c.placement === 'table').reduce((s, c) => s + c.qty * c.unit, 0);
  const allCharges = charges.reduce((s, c) => s + c.qty * c.unit, 0);
  const subtotal = parts + tableCharges;
  const tax = Math.max(0, Math.round(((parts + allCharges) * spec.taxRate) / 100));
  const total = parts + allCharges + tax;
  return { ...head, lines, charges, taxLabel: spec.taxLabel, tax, subtotal, total };
}

/**
 * Subtotal, tax and total of `inv` again after a layout changed its lines or charges (the ninth set's `finish`), the
 * way buildInvoice makes them; `taxable` says which charges are taxed (a layout printing a T/N flag per row).
 */
export function retotal(inv: Invoice, taxRate: number, taxable: (c: ChargeRow) => boolean = () => true): Invoice {
  const parts = inv.lines.reduce((s, l) => s + l.qtyShipped * l.net, 0);
  const tableCharges = inv.charges.filter((c) => c.placement === 'table').reduce((s, c) => s + c.qty * c.unit, 0);
  const allCharges = inv.charges.reduce((s, c) => s + c.qty * c.unit, 0);
  const taxedCharges = inv.charges.filter(taxable).reduce((s, c) => s + c.qty * c.unit, 0);
  const tax = Math.max(0, Math.round(((parts + taxedCharges) * taxRate) / 100));
  return { ...inv, subtotal: parts + tableCharges, tax, total: parts + allCharges + tax };
}

/** The ground truth of an invoice in the extended ExtractedInvoice contract; throws when it does not reconcile. */
export function truthOf(inv: Invoice): ExtractedInvoice {
  const truth: ExtractedInvoice = {
    invoice_number: inv.invoiceNumber,
    supplier: inv.supplier.name,
    invoice_date: inv.dateIso,
    total_amount: cents(inv.total),
    line_items: inv.lines.map((l) => ({
      part_number: l.part_number,
      description: l.description,
      quantity: l.qtyShipped,
      unit_price: cents(l.net),
    })),
    charges: inv.charges.map((c) => ({
      kind: c.kind,
      description: c.description,
      amount: cents(c.qty * c.unit),
    })),
    subtotal: cents(inv.subtotal),
    tax_amount: cents(inv.tax),
  };
  const own =
    truth.line_items.reduce((s, l) => s + l.quantity * Math.round(l.unit_price * 100), 0) +
    (truth.charges ?? []).reduce((s, c) => s + Math.round(c.amount * 100), 0) +
    Math.round((truth.tax_amount ?? 0) * 100);
  const rec = reconcileInvoice(truth);
  if (own !== inv.total || rec.differenceCents !== 0) {
    throw new Error(
      `${inv.id}: truth does not reconcile (own ${own}, total ${inv.total}, review difference ${rec.differenceCents})`,
    );
  }
  if (truth.line_items.length < 1 || truth.line_items.length > 25)
    throw new Error(`${inv.id}: ${truth.line_items.length} part rows`);
  return truth;
}

/** Money as printed: `1,234.56`, optionally with `$`, negatives as -12.50, (12.50) or 12.50- . */
export function money(
  c: number,
  opts: { dollar?: boolean; negative?: 'minus' | 'paren' | 'trailing'; comma?: boolean } = {},
): string {
  const abs = Math.abs(c) / 100;
  const body = abs.toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: opts.comma ?? true,
  });
  const s = `${opts.dollar ? '$' : ''}${body}`;
  if (c >= 0) return s;
  switch (opts.negative ?? 'minus') {
    case 'paren':
      return `(${s})`;
    case 'trailing':
      return `${s}-`;
    default:
      return `-${s}`;
  }
}
