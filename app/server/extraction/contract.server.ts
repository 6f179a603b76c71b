/**
 * The extractor contract and the checks every provider's answer goes through: {@link InvoiceExtractor},
 * {@link ExtractionError} (message fit to show: the spec's text or a clear one), and `validateExtraction(raw)`.
 */
import { ExtractedInvoiceSchema, INVOICE_MESSAGES, parseInvoiceDate, type ExtractedInvoice } from '~/lib/schemas/invoice';

export interface InvoiceFile {
  bytes: Uint8Array;
  /** Sniffed MIME type: image/* or application/pdf. */
  mime: string;
  fileName: string;
}

export interface InvoiceExtractor {
  readonly name: 'gemini' | 'offline-ocr';
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

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
function num(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.replace(/[$,\s]/g, ''));
    return Number.isFinite(n) ? n : null;
  }
  return null;
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
  };
  const found = partial.invoice_number || partial.supplier || partial.invoice_date || partial.total_amount !== null || items.length;
  return found ? partial : null;
}

/**
 * Checks a provider's reply (already parsed JSON) and returns the clean invoice, or throws ExtractionError:
 * 'insufficient' when the invoice number, supplier or date is missing, 'invalid_data' for an impossible date or a
 * negative/non-whole quantity or negative price, 'invalid_json' when the reply is not an object.
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
  });
  if (!parsed.success) throw fail(INVOICE_MESSAGES.insufficient, 'insufficient');
  return parsed.data;
}

