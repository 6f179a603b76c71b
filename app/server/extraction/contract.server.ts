/**
 * The extractor contract and the checks every provider's answer goes through: {@link InvoiceExtractor},
 * {@link ExtractionError} (message fit to show: the spec's text or a clear one), and `validateExtraction(raw)`.
 */
import {
  ExtractedInvoiceSchema,
  INVOICE_CHARGE_KINDS,
  INVOICE_MESSAGES,
  MAX_LINE_ITEMS,
  parseInvoiceDate,
  type ExtractedCharge,
  type ExtractedInvoice,
  type ExtractionConfidence,
  type InvoiceChargeKind,
} from '~/lib/schemas/invoice';

export interface InvoiceFile {
  bytes: Uint8Array;
  /** Sniffed MIME type: image/* or application/pdf. */
  mime: string;
  fileName: string;
}

export interface InvoiceExtractor {
  readonly name: 'gemini' | 'openai-compatible' | 'offline-ocr';
  extract(file: InvoiceFile, options?: { signal?: AbortSignal }): Promise<ExtractedInvoice>;
}

export type ExtractionErrorKind = 'read' | 'invalid_json' | 'insufficient' | 'provider' | 'pdf' | 'invalid_data' | 'cancelled';

/** What could be read when the reply as a whole was not good enough: empty strings / null where nothing usable. */
export interface PartialInvoice {
  invoice_number: string;
  supplier: string;
  invoice_date: string;
  total_amount: number | null;
  line_items: ExtractedInvoice['line_items'];
  /** The optional extras (issue 18), kept when valid so they reach the form even from a partial read. */
  subtotal?: number | null;
  tax_amount?: number | null;
  charges?: ExtractedCharge[];
  confidence?: ExtractionConfidence;
}

export class ExtractionError extends Error {
  override name = 'ExtractionError';
  constructor(
    message: string,
    readonly kind: ExtractionErrorKind,
    /** Fields that were read and are valid, to pre-fill the form for manual completion. */
    readonly partial: PartialInvoice | null = null,
  ) {
    super(message);
  }
}

export const CANCELLED_MESSAGE = 'Reading the invoice was cancelled.';

/** A model provider answered with an HTTP error status; `message` is its own error text (≤ 200 characters) or the status line. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The JSON body of a model provider's reply (Gemini, OpenAI-compatible). Throws {@link HttpStatusError} for an error
 * status (with the provider's `error.message` or `error` string when it sent one) and ExtractionError('invalid_json')
 * for a body that is not JSON.
 */
export async function providerJson(response: Response): Promise<unknown> {
  const raw = await response.text();
  if (!response.ok) {
    let message = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    try {
      const error = (JSON.parse(raw) as { error?: { message?: string } | string }).error;
      const detail = typeof error === 'string' ? error : error?.message;
      if (detail) message = detail.replace(/\s+/g, ' ').slice(0, 200);
    } catch {
      // Not JSON: keep the status line.
    }
    throw new HttpStatusError(response.status, message);
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw new ExtractionError(INVOICE_MESSAGES.invalidJson, 'invalid_json');
  }
}

/**
 * The instruction every AI extractor sends with the page (Gemini and OpenAI-compatible): the JSON fields of
 * {@link ExtractedInvoice}, with the rows that are not parts (issue 18) kept apart in `charges`.
 */
export const EXTRACTION_PROMPT =
  'Extract the data of this vendor parts invoice. invoice_number: the invoice number; supplier: the company that ' +
  'issued the invoice; invoice_date: the invoice date as YYYY-MM-DD; total_amount: the invoice total (amount due) in ' +
  'dollars as a number (null if absent); subtotal: the subtotal before tax and charges (null if absent); tax_amount: ' +
  'the sales tax in dollars (null if absent); line_items: every part row with part_number, description, quantity ' +
  '(whole number, the quantity shipped) and unit_price (dollars, the net price per unit after any discount); charges: ' +
  'every row that is not a part, with kind (one of core, deposit, freight, fee, discount, warranty, credit, other — ' +
  'hazmat and environmental fees are fee; sales tax goes in tax_amount, not here), description as printed, and amount ' +
  'in dollars (negative for a discount or credit). Never put a charge in line_items. Copy part numbers exactly as ' +
  'printed. Answer with JSON only.';

/** The charge kinds a model may answer in `charges` (tax goes in `tax_amount`). */
export const MODEL_CHARGE_KINDS = INVOICE_CHARGE_KINDS.filter((k) => k !== 'tax');

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
function num(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.replace(/[$,\s]/g, ''));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const CHARGE_KINDS = new Set<string>(INVOICE_CHARGE_KINDS);

/** A non-negative amount in dollars, or null when absent or not usable. */
function amountOrNull(v: unknown): number | null {
  const n = num(v);
  return n !== null && n >= 0 && n < 1e10 ? round2(n) : null;
}

/**
 * The non-part rows of a reply: kind one of INVOICE_CHARGE_KINDS (an unknown kind becomes 'other'), a finite amount
 * (rows without one are dropped; a discount or credit is made negative), description at most 200 characters. At most
 * MAX_LINE_ITEMS rows.
 */
function cleanCharges(v: unknown): ExtractedCharge[] {
  if (!Array.isArray(v)) return [];
  return v.slice(0, MAX_LINE_ITEMS).flatMap((value) => {
    const c = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    const amount = num(c.amount);
    if (amount === null || Math.abs(amount) >= 1e10) return [];
    const kindText = text(c.kind).toLowerCase();
    const kind = (CHARGE_KINDS.has(kindText) ? kindText : 'other') as InvoiceChargeKind;
    // A discount or credit lowers the total whatever sign the reader gave it (INVOICE_CHARGE_KINDS' rule).
    const signed = kind === 'discount' || kind === 'credit' ? -Math.abs(amount) : amount;
    return [{ kind, description: text(c.description).slice(0, 200) || kind, amount: round2(signed) }];
  });
}

/** A confidence 0..1, or undefined (out of range, not a number). Percentages 1 < x ≤ 100 are not guessed at. */
function score(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1 ? v : undefined;
}

function pick<K extends string>(r: Record<string, unknown>, keys: readonly K[]): Partial<Record<K, number>> {
  const out: Partial<Record<K, number>> = {};
  for (const k of keys) {
    const s = score(r[k]);
    if (s !== undefined) out[k] = s;
  }
  return out;
}

/** The per-field confidence of a reply, values outside 0..1 dropped; undefined when none is left. */
function cleanConfidence(v: unknown): ExtractionConfidence | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const r = v as Record<string, unknown>;
  const out: ExtractionConfidence = pick(r, ['invoice_number', 'supplier', 'invoice_date', 'total_amount'] as const);
  if (Array.isArray(r.line_items)) {
    out.line_items = r.line_items.slice(0, MAX_LINE_ITEMS).map((item) =>
      item && typeof item === 'object' ? pick(item as Record<string, unknown>, ['part_number', 'description', 'quantity', 'unit_price'] as const) : {},
    );
  }
  return Object.keys(out).length ? out : undefined;
}

/** subtotal, tax_amount, charges and confidence of a reply, each only when present and valid. */
function extras(r: Record<string, unknown>): Pick<ExtractedInvoice, 'subtotal' | 'tax_amount' | 'charges' | 'confidence'> {
  const out: Pick<ExtractedInvoice, 'subtotal' | 'tax_amount' | 'charges' | 'confidence'> = {};
  const subtotal = amountOrNull(r.subtotal);
  if (subtotal !== null) out.subtotal = subtotal;
  const tax = amountOrNull(r.tax_amount);
  if (tax !== null) out.tax_amount = tax;
  const charges = cleanCharges(r.charges);
  if (charges.length) out.charges = charges;
  const confidence = cleanConfidence(r.confidence);
  if (confidence) out.confidence = confidence;
  return out;
}

/** The valid parts of a reply (impossible dates, bad quantities and negative amounts dropped). */
export function partialExtraction(r: Record<string, unknown>): PartialInvoice | null {
  const date = parseInvoiceDate(text(r.invoice_date));
  const total = num(r.total_amount);
  const items = (Array.isArray(r.line_items) ? r.line_items : []).flatMap((value) => {
    const item = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    const quantity = num(item.quantity);
    const unitPrice = num(item.unit_price) ?? 0;
    if (!text(item.part_number) || quantity === null || quantity <= 0 || !Number.isInteger(quantity) || unitPrice < 0) return [];
    return [{ part_number: text(item.part_number), description: text(item.description), quantity, unit_price: Math.round(unitPrice * 100) / 100 }];
  });
  const partial = {
    invoice_number: text(r.invoice_number).slice(0, 100),
    supplier: text(r.supplier).slice(0, 200),
    invoice_date: date.ok ? date.iso : '',
    total_amount: total !== null && total >= 0 ? Math.round(total * 100) / 100 : null,
    line_items: items,
    ...extras(r),
  };
  const found = partial.invoice_number || partial.supplier || partial.invoice_date || partial.total_amount !== null || items.length;
  return found ? partial : null;
}

/**
 * Checks a provider's reply (already parsed JSON) and returns the clean invoice, or throws ExtractionError:
 * 'insufficient' when the invoice number, supplier or date is missing, 'invalid_data' for an impossible date or a
 * negative/non-whole quantity or negative price, 'invalid_json' when the reply is not an object.
 *
 * The optional extras (issue 18) are kept when valid and dropped quietly when not, so a good read is never refused for
 * them: `subtotal` / `tax_amount` (non-negative dollars), `charges` (kind one of INVOICE_CHARGE_KINDS — an unknown kind
 * becomes 'other' — and a finite amount; rows without one are dropped) and `confidence` (numbers 0..1 only).
 */
export function validateExtraction(raw: unknown): ExtractedInvoice {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ExtractionError(INVOICE_MESSAGES.invalidJson, 'invalid_json');
  const r = raw as Record<string, unknown>;
  const invoiceNumber = text(r.invoice_number);
  const supplier = text(r.supplier);
  const dateText = text(r.invoice_date);
  const fail = (message: string, kind: ExtractionErrorKind) => new ExtractionError(message, kind, partialExtraction(r));
  if (!invoiceNumber || !supplier || !dateText) throw fail(INVOICE_MESSAGES.insufficient, 'insufficient');
  const date = parseInvoiceDate(dateText);
  if (!date.ok) {
    if (date.reason === 'impossible') {
      throw fail(
        `The invoice date "${dateText}" is not a real date. Please check the image or enter details manually.`,
        'invalid_data',
      );
    }
    throw fail(INVOICE_MESSAGES.insufficient, 'insufficient');
  }
  const total = r.total_amount === null || r.total_amount === undefined || r.total_amount === '' ? null : num(r.total_amount);
  if (total !== null && total < 0) {
    throw fail(`The total amount (${total}) cannot be negative. Please check the image or enter details manually.`, 'invalid_data');
  }
  const rawItems = Array.isArray(r.line_items) ? r.line_items : [];
  const items = rawItems.map((value, index) => {
    const item = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    const label = `Line item ${index + 1}${text(item.part_number) ? ` (${text(item.part_number)})` : ''}`;
    const quantity = num(item.quantity);
    const unitPrice = num(item.unit_price) ?? 0;
    if (quantity === null || quantity === 0) {
      throw fail(`${label} has no quantity. Please check the image or enter details manually.`, 'invalid_data');
    }
    if (quantity < 0) {
      throw fail(`${label} has a negative quantity (${quantity}). Please check the image or enter details manually.`, 'invalid_data');
    }
    if (!Number.isInteger(quantity)) {
      throw fail(`${label} has a quantity that is not a whole number (${quantity}). Please check the image or enter details manually.`, 'invalid_data');
    }
    if (unitPrice < 0) {
      throw fail(`${label} has a negative unit price (${unitPrice}). Please check the image or enter details manually.`, 'invalid_data');
    }
    return {
      part_number: text(item.part_number),
      description: text(item.description),
      quantity,
      unit_price: Math.round(unitPrice * 100) / 100,
    };
  });
  const parsed = ExtractedInvoiceSchema.safeParse({
    invoice_number: invoiceNumber,
    supplier,
    invoice_date: date.iso,
    total_amount: total === null ? null : Math.round(total * 100) / 100,
    line_items: items,
    ...extras(r),
  });
  if (!parsed.success) throw fail(INVOICE_MESSAGES.insufficient, 'insufficient');
  return parsed.data;
}

