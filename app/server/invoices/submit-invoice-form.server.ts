/**
 * The invoice page's one form, told apart by `intent` (admin-back-office §4 "Invoice upload flow"):
 * - `extract`: keep the chosen file as a pending upload, read it with the configured extractor, refill the form
 *   ('Data extracted successfully!' or the extractor's message; the file stays pending so details can be typed);
 * - `save`: check the fields (SaveInvoiceSchema) and the file (new or pending), then `receiveVendorInvoice`;
 * - `add-row` / `remove-row:{n}`: re-render with one more / one fewer line-item row (works without JavaScript);
 * - `add-charge` / `remove-charge:{n}`: the same for the rows that are not parts (charges, issue 18).
 *
 * `submitInvoiceForm(actor, request)` → `{ redirectTo }` after a save, else `{ status, state }` with an
 * {@link InvoiceFormState} for the page. Never throws for bad input: every expected failure becomes a message.
 * Storage failing is expected too: a file that cannot be stored is 'Submission failed: the invoice file could not be
 * stored…' (503) with nothing recorded, and a file that cannot be kept between steps is simply not kept.
 *
 * Never a silent success (issue 18): after a read, `reviewExtraction` checks it; 'Data extracted successfully!' is
 * the message only when the read is complete and its parts, charges and tax add up to the total. Otherwise the
 * review's warnings (`state.extras.warnings`) are shown at the top instead. The read's charges and tax fill editable
 * charge rows (`state.charges`), saved with the invoice; its subtotal travels with the form (hidden `readExtras`);
 * fields read with low confidence are marked (`state.lowConfidence`, row `low`),
 * and the kept file is shown beside the fields (`state.preview`, served by /files/invoices/pending/{token}). A read
 * that takes longer than the time limit (offline: {@link OFFLINE_READ_LIMIT_MS}) stops with a clear message; an
 * unexpected failure of the reader is 'Failed to read file.' (422, logged) — the form stays usable by hand either way.
 */
import crypto from 'node:crypto';
import {
  blankChargeRow,
  chargeRowsFromRead,
  INVOICE_MESSAGES,
  LOW_CONFIDENCE,
  ReadExtrasSchema,
  SaveInvoiceSchema,
  withBlankRows,
  type ExtractedInvoice,
  type InvoiceChargeRow,
  type InvoiceFormState,
  type InvoiceRow,
  type ReadExtras,
} from '~/lib/schemas/invoice';
import { parseForm } from '~/lib/forms';
import type { StaffActor } from '~/server/audit/audit.server';
import type { PartialInvoice } from '~/server/extraction/contract.server';
import { ExtractionError, getInvoiceExtractor, CANCELLED_MESSAGE } from '~/server/extraction/extractor.server';
import { reviewExtraction } from '~/server/extraction/review.server';
import { DomainError } from '~/server/errors.server';
import { log } from '~/server/logger.server';
import { UploadError } from '~/server/uploads/upload.server';
import {
  discardPendingUpload,
  isPendingToken,
  loadPendingUpload,
  stashPendingUpload,
  type PendingFile,
} from './pending-upload.server';
import { readInvoiceUpload } from './read-invoice-upload.server';
import { receiveVendorInvoice } from './receive-vendor-invoice.server';

export type InvoiceFormOutcome = { redirectTo: string } | { status: number; state: InvoiceFormState };

/** How long the offline reader may take for one upload before the form answers without it (ms). */
export const OFFLINE_READ_LIMIT_MS = 60_000;
/** The limit in force (tests shorten it). */
export const readLimits = { offlineMs: OFFLINE_READ_LIMIT_MS };

/** The message when a read ran past its time limit. */
export const READ_TIME_LIMIT_MESSAGE = (seconds: number) =>
  `Reading the invoice took longer than ${seconds} s and was stopped. Please enter the details by hand, or try a clearer image or a shorter PDF.`;

/** The read's extras carried in the hidden field `readExtras`, or null when absent or not valid. */
function parseExtras(value: string): ReadExtras | null {
  if (!value) return null;
  try {
    const parsed = ReadExtrasSchema.safeParse(JSON.parse(value));
    return parsed.success ? { ...parsed.data, warnings: [] } : null;
  } catch {
    return null;
  }
}

const str = (v: FormDataEntryValue | null) => (typeof v === 'string' ? v.slice(0, 1000) : '');

function typedRows(fields: FormData): InvoiceRow[] {
  const all = (name: string) => fields.getAll(name).map(str);
  const parts = all('part_number');
  const descs = all('description');
  const qtys = all('quantity');
  const prices = all('unit_price');
  const n = Math.min(200, Math.max(parts.length, descs.length, qtys.length, prices.length));
  return Array.from({ length: n }, (_, i) => ({
    part_number: parts[i] ?? '',
    description: descs[i] ?? '',
    quantity: qtys[i] ?? '',
    unit_price: prices[i] ?? '',
  }));
}

function typedCharges(fields: FormData): InvoiceChargeRow[] {
  const all = (name: string) => fields.getAll(name).map(str);
  const kinds = all('charge_kind');
  const descs = all('charge_description');
  const amounts = all('charge_amount');
  const n = Math.min(200, Math.max(kinds.length, descs.length, amounts.length));
  return Array.from({ length: n }, (_, i) => ({ kind: kinds[i] ?? '', description: descs[i] ?? '', amount: amounts[i] ?? '' }));
}

function baseState(fields: FormData | null, intent: InvoiceFormState['intent']): InvoiceFormState {
  return {
    resultId: crypto.randomUUID(),
    intent,
    message: null,
    formError: null,
    fieldErrors: {},
    values: {
      invoiceNumber: fields ? str(fields.get('invoiceNumber')) : '',
      supplier: fields ? str(fields.get('supplier')) : '',
      invoiceDate: fields ? str(fields.get('invoiceDate')) : '',
      totalAmount: fields ? str(fields.get('totalAmount')) : '',
    },
    rows: withBlankRows(fields ? typedRows(fields) : []),
    charges: fields ? typedCharges(fields) : [],
    pendingToken: null,
    fileName: null,
    preview: null,
    extras: fields ? parseExtras(typeof fields.get('readExtras') === 'string' ? (fields.get('readExtras') as string).slice(0, 50_000) : '') : null,
    lowConfidence: {},
  };
}

const low = (value: number | undefined) => (value !== undefined && value < LOW_CONFIDENCE ? value : undefined);

/** Drops the undefined entries of a marks object; undefined when none is left. */
function marks<K extends string>(entries: [K, number | undefined][]): Partial<Record<K, number>> | undefined {
  const out: Partial<Record<K, number>> = {};
  for (const [k, v] of entries) if (v !== undefined) out[k] = v;
  return Object.keys(out).length ? out : undefined;
}

/**
 * Fills the form from a read: values, rows, the low-confidence marks (below LOW_CONFIDENCE), the charge rows (its
 * charges and tax) and the extras (subtotal; `warnings` as given).
 */
function fillFromExtraction(state: InvoiceFormState, extracted: PartialInvoice | ExtractedInvoice, warnings: string[] = []): void {
  state.values = {
    invoiceNumber: extracted.invoice_number,
    supplier: extracted.supplier,
    invoiceDate: extracted.invoice_date,
    totalAmount: extracted.total_amount == null ? '' : extracted.total_amount.toFixed(2),
  };
  const confidence = extracted.confidence;
  state.lowConfidence =
    marks([
      ['invoiceNumber', low(confidence?.invoice_number)],
      ['supplier', low(confidence?.supplier)],
      ['invoiceDate', low(confidence?.invoice_date)],
      ['totalAmount', low(confidence?.total_amount)],
    ]) ?? {};
  state.rows = withBlankRows(
    extracted.line_items.map((i, index) => {
      const c = confidence?.line_items?.[index];
      const row: InvoiceRow = {
        part_number: i.part_number,
        description: i.description,
        quantity: String(i.quantity),
        unit_price: i.unit_price.toFixed(2),
      };
      const rowMarks = c
        ? marks([
            ['part_number', low(c.part_number)],
            ['description', low(c.description)],
            ['quantity', low(c.quantity)],
            ['unit_price', low(c.unit_price)],
          ])
        : undefined;
      if (rowMarks) row.low = rowMarks;
      return row;
    }),
  );
  state.charges = chargeRowsFromRead(extracted);
  state.extras = { subtotal: extracted.subtotal ?? null, warnings };
}

class ReadTimeLimitError extends Error {}

/**
 * Runs the extractor with the request's signal and, for the offline reader, a time limit: past it the reader is told
 * to stop (abort) and the form answers at once, whether or not the reader notices.
 */
async function readWithLimit(file: PendingFile, requestSignal: AbortSignal): Promise<ExtractedInvoice> {
  const extractor = getInvoiceExtractor();
  if (extractor.name !== 'offline-ocr') return extractor.extract(file, { signal: requestSignal });
  const limit = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      limit.abort(new ReadTimeLimitError());
      reject(new ReadTimeLimitError());
    }, readLimits.offlineMs);
  });
  try {
    const work = extractor.extract(file, { signal: AbortSignal.any([requestSignal, limit.signal]) });
    work.catch(() => undefined); // may settle after the deadline answered
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Keeps a chosen file on the server for the next step, or returns null when storage refuses it (logged): the page then
 * works on without a kept file, and the admin picks it again. Never throws.
 */
async function keepPending(file: PendingFile): Promise<string | null> {
  try {
    return await stashPendingUpload(file);
  } catch (error) {
    log().warn({ err: (error as Error).message }, 'invoice: the chosen file could not be kept on the server');
    return null;
  }
}

/** The kept file of a token, or null when there is none or storage cannot read it (logged). Never throws. */
async function loadKept(token: string): Promise<PendingFile | null> {
  try {
    return await loadPendingUpload(token);
  } catch (error) {
    log().warn({ err: (error as Error).message }, 'invoice: the kept file could not be read');
    return null;
  }
}

export async function submitInvoiceForm(actor: StaffActor, request: Request): Promise<InvoiceFormOutcome> {
  const outcome = await handleInvoiceForm(actor, request);
  if ('state' in outcome) {
    const { state } = outcome;
    state.preview = state.pendingToken
      ? { url: `/files/invoices/pending/${state.pendingToken}`, kind: /\.pdf$/i.test(state.fileName ?? '') ? 'pdf' : 'image' }
      : null;
  }
  return outcome;
}

async function handleInvoiceForm(actor: StaffActor, request: Request): Promise<InvoiceFormOutcome> {
  let upload;
  try {
    upload = await readInvoiceUpload(request);
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    const state = baseState(null, 'extract');
    state.formError = error.message;
    state.fieldErrors.file = error.message;
    return { status: error.status, state };
  }
  const { fields, file, fileError } = upload;
  const rawIntent = str(fields.get('intent'));
  const intent: InvoiceFormState['intent'] = rawIntent.startsWith('remove-row')
    ? 'remove-row'
    : rawIntent.startsWith('remove-charge')
      ? 'remove-charge'
      : rawIntent === 'add-row' || rawIntent === 'add-charge' || rawIntent === 'extract'
        ? rawIntent
        : 'save';
  const state = baseState(fields, intent);
  const token = str(fields.get('pendingToken'));
  let pending = isPendingToken(token) ? token : null;
  state.fileName = pending ? str(fields.get('pendingFileName')) || null : null;

  // A newly chosen file replaces the pending one (kept on the server so no re-selection is needed).
  if (file && intent !== 'save') {
    if (pending) await discardPendingUpload(pending).catch(() => undefined);
    pending = await keepPending(file);
    state.fileName = pending ? file.fileName : null;
  }
  state.pendingToken = pending;

  if (fileError) {
    // A refused file: keep everything typed (and any earlier pending file), say why.
    state.formError = fileError.message;
    state.fieldErrors.file = fileError.message;
    return { status: fileError.status, state };
  }

  if (intent === 'add-row') {
    state.rows = [...state.rows, { part_number: '', description: '', quantity: '', unit_price: '' }];
    return { status: 200, state };
  }
  if (intent === 'remove-row') {
    const index = Number(rawIntent.split(':')[1]);
    const rows = state.rows.filter((_, i) => i !== index);
    state.rows = withBlankRows(rows);
    return { status: 200, state };
  }

  if (intent === 'add-charge') {
    state.charges = [...state.charges, blankChargeRow()];
    return { status: 200, state };
  }
  if (intent === 'remove-charge') {
    const index = Number(rawIntent.split(':')[1]);
    state.charges = state.charges.filter((_, i) => i !== index);
    return { status: 200, state };
  }

  if (intent === 'extract') {
    const source = file ?? (pending ? await loadKept(pending) : null);
    if (!source) {
      state.pendingToken = null;
      state.fileName = null;
      state.formError = 'Please select an invoice image or PDF to read.';
      state.fieldErrors.file = state.formError;
      return { status: 400, state };
    }
    // A new read replaces what an earlier one added.
    state.extras = null;
    state.lowConfidence = {};
    try {
      const extracted = await readWithLimit(source, request.signal);
      const review = reviewExtraction(extracted);
      // The spec's message only for a complete read that adds up; otherwise the warnings say what to check.
      state.message = review.complete ? INVOICE_MESSAGES.extracted : null;
      fillFromExtraction(state, extracted, review.warnings);
      return { status: 200, state };
    } catch (error) {
      if (error instanceof ExtractionError) {
        state.formError = error.message;
        // Whatever was read is filled in, so only the rest has to be typed; the review says what is missing.
        if (error.partial) fillFromExtraction(state, error.partial, reviewExtraction(error.partial as ExtractedInvoice).warnings);
        return { status: 422, state };
      }
      if (error instanceof ReadTimeLimitError) {
        log().warn({ limitMs: readLimits.offlineMs, file: source.fileName }, 'invoice: reading stopped at the time limit');
        state.formError = READ_TIME_LIMIT_MESSAGE(Math.round(readLimits.offlineMs / 1000));
        return { status: 422, state };
      }
      if (request.signal.aborted) {
        state.formError = CANCELLED_MESSAGE;
        return { status: 400, state };
      }
      // A reader's bug must not cost the admin the form: say it plainly, keep everything, log it for us.
      log().error({ err: error }, 'invoice extraction failed unexpectedly');
      state.formError = INVOICE_MESSAGES.readFailed;
      return { status: 422, state };
    }
  }

  // Save.
  const parsed = parseForm(SaveInvoiceSchema, fields);
  const source = file ?? (pending ? await loadKept(pending) : null);
  if (!source || !parsed.success) {
    if (!source) {
      state.pendingToken = null;
      state.fileName = null;
      state.fieldErrors.file = INVOICE_MESSAGES.required;
    }
    if (!parsed.success) Object.assign(state.fieldErrors, parsed.fieldErrors);
    const missing = !source || Object.values(state.fieldErrors).includes(INVOICE_MESSAGES.required);
    state.formError = missing ? INVOICE_MESSAGES.required : 'Please correct the highlighted fields.';
    // Keep a newly chosen file for the next attempt.
    if (file && !pending) {
      state.pendingToken = await keepPending(file);
      state.fileName = state.pendingToken ? file.fileName : null;
    }
    return { status: 400, state };
  }
  try {
    const { invoiceId } = await receiveVendorInvoice(actor, parsed.data, source);
    if (pending) await discardPendingUpload(pending).catch(() => undefined);
    return { redirectTo: `/admin/invoices?saved=${invoiceId}` };
  } catch (error) {
    const message =
      error instanceof DomainError ? error.message : 'the invoice could not be saved. Nothing was recorded; please try again';
    if (!(error instanceof DomainError)) log().error({ err: error }, 'invoice save failed');
    state.formError = INVOICE_MESSAGES.submissionFailed(message);
    if (error instanceof DomainError && error.field) state.fieldErrors[error.field] = error.message;
    if (file && !pending) {
      state.pendingToken = await keepPending(file);
      state.fileName = state.pendingToken ? file.fileName : null;
    }
    return { status: error instanceof DomainError ? error.status : 500, state };
  }
}
