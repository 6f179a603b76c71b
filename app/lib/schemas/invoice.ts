/**
 * Vendor invoices (admin-back-office §2 Invoices, §4 Invoice upload flow, §5, §8): the spec's messages, the shape an
 * extractor returns, the review/save form schema and date parsing shared by the browser and the server.
 *
 * Dates: `parseInvoiceDate(text)` understands ISO (2026-03-14), US numeric (03/14/2026, 3-14-26), day-first numeric
 * when the first number is over 12 (31/01/2026), and month names (March 14, 2026 · Mar 14 2026 · 14 March 2026). It
 * returns `{ ok: true, iso }`, or `{ ok: false, reason: 'impossible' }` for a calendar date that does not exist
 * (31/02/2026), or `{ ok: false, reason: 'unrecognised' }`.
 */
import { z } from 'zod';
import { INVOICE_CHARGE_KINDS, INVOICE_CHARGE_LABELS, type InvoiceChargeKind } from '~/lib/invoice-charge-kinds';
import { MAX_LINE_CENTS, parseMoneyToCents } from '~/lib/money';
import { isSingleLine, SINGLE_LINE_MESSAGE } from './text';

export { INVOICE_CHARGE_KINDS, INVOICE_CHARGE_LABELS, type InvoiceChargeKind } from '~/lib/invoice-charge-kinds';

export const INVOICE_MESSAGES = {
  readFailed: 'Failed to read file.',
  invalidJson: 'AI returned invalid JSON. Please check the image quality.',
  insufficient: 'AI could not extract sufficient data. Please ensure the image is clear or enter details manually.',
  processingFailed: (msg: string) => `AI processing failed: ${msg}. Check your API key or network.`,
  extracted: 'Data extracted successfully!',
  saved: 'Invoice uploaded and recorded successfully! Inventory updated.',
  submissionFailed: (msg: string) => `Submission failed: ${msg}`,
  pdfNotSupported: 'PDFs cannot be processed by AI directly. Please enter details manually or upload an image.',
  required: 'Please fill all required fields and select a file.',
  loadFailed: (msg: string) => `Failed to load invoices: ${msg}`,
} as const;

/** Messages for a refused invoice file (shared by the browser's early check and the server). */
export const INVOICE_FILE_MESSAGES = {
  tooLarge: 'The file is larger than 15 MB. Please upload a smaller image or PDF.',
  empty: 'The selected file is empty (0 bytes). Please choose the invoice image or PDF again.',
} as const;

/** Largest accepted invoice file (bytes). */
export const MAX_INVOICE_FILE_BYTES = 15 * 1024 * 1024;
/** Blank line-item rows the form always offers (so it works without JavaScript), and the most rows accepted. */
export const BLANK_LINE_ITEM_ROWS = 3;
export const MAX_LINE_ITEMS = 100;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

export type ParsedDate = { ok: true; iso: string } | { ok: false; reason: 'impossible' | 'unrecognised' };

function build(year: number, month: number, day: number): ParsedDate {
  if (year < 100) year += 2000;
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2200) return { ok: false, reason: 'impossible' };
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return { ok: false, reason: 'impossible' };
  }
  return { ok: true, iso: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` };
}

/** Finds and parses the first date in `text` (see module docs). */
export function parseInvoiceDate(text: string): ParsedDate {
  const s = text.trim();
  let m = /(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(s);
  if (m) return build(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?!\d)/.exec(s);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const year = Number(m[3]);
    return a > 12 && b <= 12 ? build(year, b, a) : build(year, a, b);
  }
  m = /([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})/.exec(s);
  if (m) {
    const month = MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase());
    if (month >= 0) return build(Number(m[3]), month + 1, Number(m[2]));
  }
  m = /(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})/.exec(s);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase());
    if (month >= 0) return build(Number(m[3]), month + 1, Number(m[1]));
  }
  return { ok: false, reason: 'unrecognised' };
}

/** One line item as an extractor returns it. */
export const ExtractedLineItemSchema = z.object({
  part_number: z.string().trim().max(100),
  description: z.string().trim().max(500),
  quantity: z.number().int().positive(),
  unit_price: z.number().nonnegative(),
});

/** A non-part row of an invoice: kind, the text read, and its amount in dollars (negative for a discount or credit). */
export const ExtractedChargeSchema = z.object({
  kind: z.enum(INVOICE_CHARGE_KINDS),
  description: z.string().trim().max(200),
  amount: z.number(),
});
export type ExtractedCharge = z.infer<typeof ExtractedChargeSchema>;

/** Confidence of a read, 0 (a guess) to 1 (certain): the OCR's word confidence or a model's own estimate. */
const confidence = z.number().min(0).max(1);
/**
 * Per-field confidence (issue 18), carried to the review form to mark what staff should check. Absent keys: unknown.
 * `line_items[i]` matches `line_items[i]` of the invoice.
 */
export const ExtractionConfidenceSchema = z.object({
  invoice_number: confidence.optional(),
  supplier: confidence.optional(),
  invoice_date: confidence.optional(),
  total_amount: confidence.optional(),
  line_items: z
    .array(
      z.object({
        part_number: confidence.optional(),
        description: confidence.optional(),
        quantity: confidence.optional(),
        unit_price: confidence.optional(),
      }),
    )
    .optional(),
});
export type ExtractionConfidence = z.infer<typeof ExtractionConfidenceSchema>;

/**
 * What every extractor returns (`extract(file)`), already checked: ISO date, positive whole quantities. Amounts are
 * dollars as read (the form converts to cents). Issue 18 added the optional `subtotal`, `tax_amount`, `charges` (rows
 * that are not parts) and `confidence`; an extractor that cannot tell leaves them out.
 */
export const ExtractedInvoiceSchema = z.object({
  invoice_number: z.string().trim().min(1).max(100),
  supplier: z.string().trim().min(1).max(200),
  invoice_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  total_amount: z.number().nonnegative().nullable(),
  line_items: z.array(ExtractedLineItemSchema).max(MAX_LINE_ITEMS),
  subtotal: z.number().nonnegative().nullable().optional(),
  tax_amount: z.number().nonnegative().nullable().optional(),
  charges: z.array(ExtractedChargeSchema).max(MAX_LINE_ITEMS).optional(),
  confidence: ExtractionConfidenceSchema.optional(),
});
export type ExtractedInvoice = z.infer<typeof ExtractedInvoiceSchema>;
export type ExtractedLineItem = z.infer<typeof ExtractedLineItemSchema>;

const money = (label: string) =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(/[$,\s]/g, ''))
    .refine((v) => /^\d+(\.\d{1,2})?$/.test(v), `${label} must be an amount such as 12.50 (two decimals at most, not negative).`)
    .refine((v) => Number(v) < 1e10, `${label} is too large.`);

const LineItemRowSchema = z.object({
  part_number: z.string().trim().max(100).refine(isSingleLine, SINGLE_LINE_MESSAGE),
  description: z.string().trim().max(500).refine(isSingleLine, SINGLE_LINE_MESSAGE),
  quantity: z.string().trim(),
  unit_price: z.string().trim(),
});

/** A line item as saved: cents as a numeric(12,2) string, whole positive quantity. */
export interface SaveLineItem {
  partNumber: string;
  description: string;
  quantity: number;
  unitPrice: string;
}

/** A row that is not a part, as saved (issue 18): its kind, the text (the kind's label when left blank), signed cents. */
export interface SaveCharge {
  kind: InvoiceChargeKind;
  description: string;
  amountCents: number;
}

const isChargeKind = (v: string): v is InvoiceChargeKind => (INVOICE_CHARGE_KINDS as readonly string[]).includes(v);

/**
 * The review/save form: invoiceNumber, supplier, invoiceDate (any format `parseInvoiceDate` reads), totalAmount
 * (optional, step 0.01), and parallel arrays `part_number`, `description`, `quantity`, `unit_price` (blank rows are
 * skipped). Text fields are one line each (issue 13). Field errors use the names `invoiceNumber`, `supplier`, `invoiceDate`, `totalAmount`, `items.{row}`.
 * The rows that are not parts (issue 18) come as parallel arrays `charge_kind` (one of INVOICE_CHARGE_KINDS),
 * `charge_description` and `charge_amount` (dollars, two decimals at most, at most $1,000,000 either way; a discount or
 * a credit is refused above zero, since it takes money off); a row with neither text nor amount is skipped; errors use
 * `charges.{row}`.
 */
export const SaveInvoiceSchema = z
  .object({
    invoiceNumber: z.string().trim().max(100).refine(isSingleLine, SINGLE_LINE_MESSAGE).default(''),
    supplier: z.string().trim().max(200).refine(isSingleLine, SINGLE_LINE_MESSAGE).default(''),
    invoiceDate: z.string().trim().default(''),
    totalAmount: z.string().trim().default(''),
    part_number: z.union([z.string(), z.array(z.string())]).optional(),
    description: z.union([z.string(), z.array(z.string())]).optional(),
    quantity: z.union([z.string(), z.array(z.string())]).optional(),
    unit_price: z.union([z.string(), z.array(z.string())]).optional(),
    charge_kind: z.union([z.string(), z.array(z.string())]).optional(),
    charge_description: z.union([z.string(), z.array(z.string())]).optional(),
    charge_amount: z.union([z.string(), z.array(z.string())]).optional(),
  })
  .transform((raw, ctx) => {
    const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
    const parts = list(raw.part_number);
    const descs = list(raw.description);
    const qtys = list(raw.quantity);
    const prices = list(raw.unit_price);
    const rows = Math.max(parts.length, descs.length, qtys.length, prices.length);
    const required = (value: string, path: string) => {
      if (!value) ctx.addIssue({ code: 'custom', path: [path], message: INVOICE_MESSAGES.required });
    };
    required(raw.invoiceNumber, 'invoiceNumber');
    required(raw.supplier, 'supplier');
    required(raw.invoiceDate, 'invoiceDate');
    let invoiceDate = '';
    if (raw.invoiceDate) {
      const parsed = parseInvoiceDate(raw.invoiceDate);
      if (parsed.ok) invoiceDate = parsed.iso;
      else
        ctx.addIssue({
          code: 'custom',
          path: ['invoiceDate'],
          message:
            parsed.reason === 'impossible'
              ? `"${raw.invoiceDate}" is not a real date. Please check the invoice date.`
              : 'Enter the invoice date as MM/DD/YYYY or YYYY-MM-DD.',
        });
    }
    let totalAmount: string | null = null;
    if (raw.totalAmount) {
      const parsed = money('Total').safeParse(raw.totalAmount);
      if (parsed.success) totalAmount = Number(parsed.data).toFixed(2);
      else ctx.addIssue({ code: 'custom', path: ['totalAmount'], message: parsed.error.issues[0]!.message });
    }
    const items: SaveLineItem[] = [];
    if (rows > MAX_LINE_ITEMS) ctx.addIssue({ code: 'custom', path: ['items'], message: `At most ${MAX_LINE_ITEMS} line items per invoice.` });
    for (let i = 0; i < Math.min(rows, MAX_LINE_ITEMS); i += 1) {
      const row = LineItemRowSchema.safeParse({
        part_number: parts[i] ?? '',
        description: descs[i] ?? '',
        quantity: qtys[i] ?? '',
        unit_price: prices[i] ?? '',
      });
      if (!row.success) {
        ctx.addIssue({ code: 'custom', path: ['items', String(i)], message: `Line ${i + 1}: ${row.error.issues[0]!.message}` });
        continue;
      }
      const r = row.data;
      if (!r.part_number && !r.description && !r.quantity && !r.unit_price) continue;
      const problems: string[] = [];
      if (!r.part_number) problems.push('part number is required');
      const qty = Number(r.quantity);
      if (!/^-?\d+$/.test(r.quantity)) problems.push('quantity must be a whole number');
      else if (qty < 0) problems.push('quantity cannot be negative');
      else if (qty === 0) problems.push('quantity must be at least 1');
      else if (qty > 1_000_000) problems.push('quantity is too large');
      const price = money('unit price').safeParse(r.unit_price || '0');
      if (!price.success) problems.push(r.unit_price.trim().startsWith('-') ? 'unit price cannot be negative' : 'unit price must be an amount such as 12.50');
      if (problems.length) {
        ctx.addIssue({ code: 'custom', path: ['items', String(i)], message: `Line ${i + 1}: ${problems.join(', ')}.` });
        continue;
      }
      items.push({
        partNumber: r.part_number,
        description: r.description || r.part_number,
        quantity: qty,
        unitPrice: Number(price.data).toFixed(2),
      });
    }
    const charges = saveCharges(
      { kinds: list(raw.charge_kind), descriptions: list(raw.charge_description), amounts: list(raw.charge_amount) },
      (row, message) => ctx.addIssue({ code: 'custom', path: row === null ? ['charges'] : ['charges', String(row)], message }),
    );
    return { invoiceNumber: raw.invoiceNumber, supplier: raw.supplier, invoiceDate, totalAmount, items, charges };
  });
export type SaveInvoice = z.output<typeof SaveInvoiceSchema>;

/** The charge rows of the save form, checked; `problem(row, message)` is told of each bad row (row null: the list). */
function saveCharges(
  raw: { kinds: string[]; descriptions: string[]; amounts: string[] },
  problem: (row: number | null, message: string) => void,
): SaveCharge[] {
  const rows = Math.max(raw.kinds.length, raw.descriptions.length, raw.amounts.length);
  if (rows > MAX_LINE_ITEMS) problem(null, `At most ${MAX_LINE_ITEMS} charges per invoice.`);
  const out: SaveCharge[] = [];
  for (let i = 0; i < Math.min(rows, MAX_LINE_ITEMS); i += 1) {
    const kind = (raw.kinds[i] ?? '').trim();
    const description = (raw.descriptions[i] ?? '').trim();
    const amount = (raw.amounts[i] ?? '').trim();
    if (!description && !amount) continue;
    const problems: string[] = [];
    if (!isChargeKind(kind)) problems.push('choose what kind of charge it is');
    if (description.length > 200) problems.push('the text is longer than 200 characters');
    else if (!isSingleLine(description)) problems.push('keep the text on one line');
    const cents = amount ? parseMoneyToCents(amount) : null;
    if (!amount) problems.push('the amount is required');
    else if (cents === null) problems.push('the amount must be such as 12.50 or -5.00 (two decimals at most)');
    else if (Math.abs(cents) > MAX_LINE_CENTS) problems.push('the amount is too large');
    else if ((kind === 'discount' || kind === 'credit') && cents > 0) problems.push(`a ${kind} takes money off: enter it as a negative amount, such as -${amount.replace(/^\+/, '')}`);
    if (problems.length || cents === null || !isChargeKind(kind)) {
      problem(i, `Charge ${i + 1}: ${problems.join(', ')}.`);
      continue;
    }
    out.push({ kind, description: description || INVOICE_CHARGE_LABELS[kind], amountCents: cents });
  }
  return out;
}

/** Sum of quantity × unit price in cents; compared with the total for the review warning. */
export function lineItemsTotalCents(items: { quantity: number | string; unit_price: number | string }[]): number {
  let cents = 0;
  for (const item of items) {
    const q = Number(item.quantity);
    const p = Number(String(item.unit_price).replace(/[$,\s]/g, ''));
    if (Number.isFinite(q) && Number.isFinite(p)) cents += Math.round(q * p * 100);
  }
  return cents;
}

/**
 * The review warning text when line items and total disagree, or null (both in dollars). `otherCents` is what the
 * invoice adds besides its parts — charges (cores, freight, fees, discounts) and tax, in cents, as read (issue 18) — so
 * an invoice with tax does not warn; a difference of at most 2 cents (rounding of per-line prices) is not a mismatch.
 */
export function totalMismatchWarning(
  items: { quantity: number | string; unit_price: number | string }[],
  total: string,
  otherCents = 0,
): string | null {
  const t = Number(String(total).replace(/[$,\s]/g, ''));
  if (!total.trim() || !Number.isFinite(t)) return null;
  const filled = items.filter((i) => String(i.quantity).trim() !== '' && String(i.unit_price).trim() !== '');
  if (!filled.length) return null;
  const cents = lineItemsTotalCents(filled);
  const tolerance = otherCents === 0 ? 0 : 2;
  if (Math.abs(cents + otherCents - Math.round(t * 100)) <= tolerance) return null;
  const dollars = (c: number) => `${c < 0 ? '-' : ''}$${(Math.abs(c) / 100).toFixed(2)}`;
  if (otherCents === 0) return `Line items add up to ${dollars(cents)}, but the total is $${t.toFixed(2)}. Please check the amounts.`;
  return `Line items (${dollars(cents)}) plus charges and tax (${dollars(otherCents)}) add up to ${dollars(cents + otherCents)}, but the total is $${t.toFixed(2)}. Please check the amounts.`;
}

/**
 * What a read added besides the fields and the charge rows (issue 18), kept with the form: the subtotal read (dollars)
 * and the warnings of the review. Carried between posts in the hidden field `readExtras` (JSON, checked with this
 * schema; the warnings are not carried, they belong to the answer of the read).
 */
export const ReadExtrasSchema = z.object({
  subtotal: z.number().nonnegative().nullable().default(null),
  warnings: z.array(z.string().max(300)).max(10).default([]),
});
export type ReadExtras = z.infer<typeof ReadExtrasSchema>;

/** One editable row that is not a part (issue 18), as typed: its kind (INVOICE_CHARGE_KINDS), text and dollars. */
export interface InvoiceChargeRow {
  kind: string;
  description: string;
  amount: string;
}

export const blankChargeRow = (): InvoiceChargeRow => ({ kind: 'freight', description: '', amount: '' });

/**
 * The charge rows a read fills the form with: its charges in the order read, then the tax read as one row ("Sales
 * tax"); when the read has a tax amount, the tax rows among its charges give way to it (they are the same money).
 */
export function chargeRowsFromRead(read: Pick<ExtractedInvoice, 'charges' | 'tax_amount'>): InvoiceChargeRow[] {
  const row = (kind: InvoiceChargeKind, description: string, dollars: number): InvoiceChargeRow => ({
    kind,
    description,
    amount: dollars.toFixed(2),
  });
  const charges = read.charges ?? [];
  const hasTaxAmount = read.tax_amount != null;
  return [
    ...charges.filter((c) => !(hasTaxAmount && c.kind === 'tax')).map((c) => row(c.kind, c.description, c.amount)),
    ...(hasTaxAmount ? [row('tax', 'Sales tax', read.tax_amount!)] : []),
  ];
}

/** The sum of the charge rows' amounts in cents (rows whose amount is not an amount count 0): what the total holds besides the parts. */
export function chargeRowsCents(rows: readonly InvoiceChargeRow[]): number {
  return rows.reduce((sum, r) => sum + (parseMoneyToCents(r.amount) ?? 0), 0);
}

/** Confidence below this marks a field for checking on the review form (issue 18). */
export const LOW_CONFIDENCE = 0.8;

/** Header fields of a read marked for low confidence, by form name, each with its confidence 0..1 (rows: `InvoiceRow.low`). */
export type LowConfidenceFields = Partial<Record<'invoiceNumber' | 'supplier' | 'invoiceDate' | 'totalAmount', number>>;

/** The uploaded file as the review form shows it beside the fields (served by /files/invoices/pending/{token}). */
export interface InvoicePreview {
  url: string;
  kind: 'image' | 'pdf';
}

/** One editable line-item row as typed (strings). */
export interface InvoiceRow {
  part_number: string;
  description: string;
  quantity: string;
  unit_price: string;
  /** Cells read with low confidence (below LOW_CONFIDENCE), with their confidence; absent when typed. */
  low?: Partial<Record<'part_number' | 'description' | 'quantity' | 'unit_price', number>>;
}

/** What the invoice form shows after a post: the values to refill, messages, and the file kept on the server. */
export interface InvoiceFormState {
  /** New for every answer, so the form re-initialises from it. */
  resultId: string;
  intent: 'extract' | 'save' | 'add-row' | 'remove-row' | 'add-charge' | 'remove-charge';
  message: string | null;
  formError: string | null;
  fieldErrors: Record<string, string>;
  values: { invoiceNumber: string; supplier: string; invoiceDate: string; totalAmount: string };
  rows: InvoiceRow[];
  /** The rows that are not parts (issue 18): filled by a read, edited, saved with the invoice. */
  charges: InvoiceChargeRow[];
  /** Token of the file stored between reading and saving (see pending-upload.server.ts). */
  pendingToken: string | null;
  fileName: string | null;
  /** The kept file, to show beside the fields (issue 18); null without one. */
  preview?: InvoicePreview | null;
  /** The subtotal and the review's warnings of the last read (issue 18); null when nothing was read. */
  extras?: ReadExtras | null;
  /** Header fields read with low confidence (issue 18). */
  lowConfidence?: LowConfidenceFields;
}

export const blankRow = (): InvoiceRow => ({ part_number: '', description: '', quantity: '', unit_price: '' });

/** Rows to show: the given ones followed by blank ones, at least BLANK_LINE_ITEM_ROWS in all and one blank at the end. */
export function withBlankRows(rows: InvoiceRow[]): InvoiceRow[] {
  const filled = rows.filter((r) => r.part_number || r.description || r.quantity || r.unit_price);
  const out = [...filled, blankRow()];
  while (out.length < BLANK_LINE_ITEM_ROWS) out.push(blankRow());
  return out;
}
