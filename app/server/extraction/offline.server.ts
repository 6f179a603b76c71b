/**
 * The offline extractor (no key, no network), issue 18: reads the page's layout.
 *
 * - Images: prepared with sharp and read by tesseract.js as word boxes (`recognizeWords`); the table's lines are then
 *   read a second time at another scale and a word the two reads do not agree on is marked (`crossCheckLines`).
 * - PDFs: the text layer's items with their positions (`readPdfPages`), all pages up to {@link MAX_PDF_PAGES} stacked
 *   so a table may continue on page 2; a page without a text layer (a scan) is rendered and OCR'd.
 * - The words go through `readInvoiceLayout` (table header → columns → rows, non-part rows as `charges`, subtotal,
 *   tax, total, per-field confidence). Where the layout reader finds no table or misses a header field, the older
 *   line-based `parseInvoiceText` fills in (it reads simple "label: value" text the same as before).
 * - Then the shared `validateExtraction`; `subtotal`, `tax_amount`, `charges` and `confidence` are added to its result.
 *
 * Bad input gives an {@link ExtractionError} with a clear message, never a crash: an unreadable file, an encrypted
 * PDF ({@link PDF_ENCRYPTED}), a PDF of more than {@link MAX_PDF_PAGES} pages ({@link pdfTooManyPages}, with what
 * the first pages gave pre-filled), a blank page or a picture of something else ({@link NOT_AN_INVOICE}), a page whose
 * OCR takes longer than `OCR_PAGE_LIMIT_MS` ({@link OCR_TOO_SLOW}).
 */
import { INVOICE_MESSAGES, LOW_CONFIDENCE, type ExtractedInvoice } from '~/lib/schemas/invoice';
import { ExtractionError, partialExtraction, validateExtraction, type InvoiceExtractor } from './contract.server';
import { readInvoiceLayout, type LayoutInvoice } from './layout/read-layout';
import { proseInk } from './layout/prose-ink';
import { onesUnlikePage, sReadAsFive } from './layout/s-or-five';
import { median, tallForItsLetters, type WordBox } from './layout/words';
import { crossCheckLines, OCR_PAGE_LIMIT_MS, OcrTimeoutError, recognizeMissedHeading, recognizeTopSparse, recognizeWords, type OcrOptions } from './ocr.server';
import { parseInvoiceText } from './parse-invoice-text.server';
import { MAX_PDF_PAGES, PdfPasswordError, PdfReadError, readPdfPages } from './pdf.server';

export const PDF_NO_PAGES = 'This PDF has no pages. Please upload the invoice again or enter details manually.';
export const PDF_ENCRYPTED = 'This PDF is password-protected, so it cannot be read. Please upload an unprotected copy or an image, or enter details manually.';
export const NOT_AN_INVOICE =
  'No invoice could be read in this file: the page looks blank or is not an invoice. Please upload a clear picture of the invoice or enter details manually.';
export const OCR_TOO_SLOW = `Reading this page took longer than ${OCR_PAGE_LIMIT_MS / 1000} seconds, so it was stopped: the picture may be very large or not a printed invoice. Please upload a clear picture of the invoice or enter details manually.`;
export const pdfTooManyPages = (pages: number) =>
  `This PDF has ${pages} pages; only the first ${MAX_PDF_PAGES} were read. Please upload just the invoice's pages, or check the fields read and enter the rest by hand.`;

/** Vertical offset between stacked pages (larger than any page in pixels or points). */
const PAGE_STRIDE = 100_000;

export interface PageRead {
  words: WordBox[];
  text: string;
}

/** Layout reading of the pages, with the line-based reader filling what the layout missed. */
export function combineReads(pages: PageRead[]): LayoutInvoice {
  const words = pages.flatMap((p, n) => p.words.map((w) => ({ ...w, y0: w.y0 + n * PAGE_STRIDE, y1: w.y1 + n * PAGE_STRIDE, lineKey: w.lineKey === undefined ? undefined : `${n}:${w.lineKey}` })));
  const layout = readInvoiceLayout(words);
  const text = pages.map((p) => p.text).join('\n');
  const old = parseInvoiceText(text);
  const useOldItems = !layout.tableFound || (layout.line_items.length === 0 && old.line_items.length > 0);
  return {
    ...layout,
    invoice_number: layout.invoice_number ?? old.invoice_number,
    supplier: layout.supplier ?? old.supplier,
    // Not a date the layout reader refused as another date's (see LayoutInvoice.otherDatesOnly): none is asked for instead.
    invoice_date: layout.invoice_date ?? (layout.otherDatesOnly ? null : old.invoice_date),
    impossible_date: layout.invoice_date ? null : (layout.impossible_date ?? old.impossible_date),
    total_amount: layout.total_amount ?? old.total_amount,
    line_items: useOldItems ? old.line_items : layout.line_items,
    confidence: useOldItems
      ? {
          ...layout.confidence,
          // A table header was seen but its rows could not be read by column: rows taken from the text lines are a
          // guess (a vehicle column run into the description adds up like a right row), so their text is marked.
          line_items: layout.tableFound ? old.line_items.map(() => ({ part_number: GUESSED_ROW_CONFIDENCE, description: GUESSED_ROW_CONFIDENCE })) : undefined,
        }
      : layout.confidence,
  };
}

/**
 * Confidence (0..1) of the part number and description of rows the line-based reader filled in under a table header
 * the layout reader found but could not read by column: under the form's low-confidence mark, so staff check them.
 */
export const GUESSED_ROW_CONFIDENCE = 0.5;

/** Whether two boxes overlap (both ways). */
const overlaps = (a: WordBox, b: WordBox) => Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0) && Math.min(a.y1, b.y1) > Math.max(a.y0, b.y0);

/**
 * Whether the first read's word `f` is at the same place as the re-read's word `w`: overlapping it, and mostly inside
 * its height, not a word of the line above or below whose box it grazes ("Harbor" at 72–102 px against "Macon," at
 * 100–117 of the next line).
 */
const atSamePlace = (f: WordBox, w: WordBox) => overlaps(f, w) && Math.min(f.y1, w.y1) - Math.max(f.y0, w.y0) >= 0.5 * Math.max(1, f.y1 - f.y0);

/**
 * The sparse re-read of the header (`sparse`) with its implausible boxes mended from the first read (`first`, same
 * pixels): a word of four or more characters whose box is far taller than its letters are wide (narrower than 0.3 ×
 * characters × height: a band's edge read into it, "Refinish" 190 px wide and 110 px high) would pass for the
 * largest print on the page and break its line. Such a word is replaced by the first read's words that overlap its
 * box, when there are any; else it is dropped. With `minConfidence` (0..1; a scanned page or a photograph:
 * {@link SCAN_SPARSE_MIN_CONFIDENCE}) a word read with less confidence is mended the same way, but kept (with its low
 * confidence, so its field is marked) when nothing replaces it and it is of a plausible shape with three letters or
 * digits in a row.
 */
export function keepPlausibleBoxes(sparse: WordBox[], first: WordBox[], minConfidence = 0): WordBox[] {
  const badShape = (w: WordBox) => tallForItsLetters(w, 4);
  const implausible = (w: WordBox) => badShape(w) || w.conf < minConfidence;
  // On a scan or a photograph: a word much taller than the first read's word at the same place has a rule in it —
  // taller than the two reads' boxes of one word usually differ on this page (the median over words both read alike,
  // when there are three or more: one photograph's re-read boxed every word about twice as tall as the first read).
  const height = (w: WordBox) => Math.max(1, w.y1 - w.y0);
  const ratios = sparse.flatMap((w) => {
    const f = first.find((x) => x.text === w.text && overlaps(x, w));
    return f ? [height(w) / height(f)] : [];
  });
  const usual = ratios.length >= 3 ? Math.max(1, median(ratios)) : 1;
  const swollen = (w: WordBox) =>
    minConfidence > 0 && first.some((f) => atSamePlace(f, w) && !implausible(f) && height(w) > SWOLLEN_SPARSE_HEIGHT * usual * height(f));
  const mended: WordBox[] = [];
  const kept = sparse.flatMap((w) => {
    if (!implausible(w) && !swollen(w)) return [w];
    // Like the sparse words, the replacements are lined up by position, not by the first read's own lines.
    const replacements = first.filter((f) => overlaps(f, w) && !implausible(f)).map(({ lineKey: _line, ...f }) => f);
    // A faint word of a plausible shape with three letters or digits in a row ("Powerline" at 0.2 in a photographed
    // name) stays with its low confidence, so the field it goes into is marked: dropped, the name read "Electrical
    // Supply" at high confidence and passed unwarned. Specks and borders ("[ee", "a db") have no such run.
    if (!replacements.length && !badShape(w) && /[A-Za-z0-9]{3}/.test(w.text)) return [w];
    mended.push(...replacements);
    return replacements;
  });
  // A sparse word inside a replacement's box (the rest of the word the replacement reads whole) goes.
  const inside = (w: WordBox, r: WordBox) => overlaps(w, r) && w.x0 >= r.x0 - 2 && w.x1 <= r.x1 + 2;
  // A replacement the sparse read already has (a swollen word's tall box overlaps the first read's words of the lines
  // beside it: "Northgate Northgate Northgate GM Parts") goes, and so does a second copy of one replacement.
  const sameWord = (a: WordBox, b: WordBox) =>
    a.text === b.text &&
    Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.5 * Math.min(a.x1 - a.x0, b.x1 - b.x0) &&
    Math.abs(a.y0 + a.y1 - b.y0 - b.y1) / 2 < Math.max(a.y1 - a.y0, b.y1 - b.y0);
  const survivors = kept.filter((w) => !mended.includes(w) && !mended.some((r) => inside(w, r)));
  const added: WordBox[] = [];
  for (const r of mended) if (kept.includes(r) && ![...survivors, ...added].some((o) => sameWord(o, r))) added.push(r);
  return kept.filter((w) => survivors.includes(w) || added.includes(w));
}

/**
 * The sparse re-read of the header (`sparse`) with a stop or comma it read away given back from the first read
 * (`first`, same pixels): a word of letters whose first-read twin at the same place is the same word and one "." or
 * "," more, boxed at least {@link STOP_PAST_BOX} px further right (the first read saw ink there the re-read left out
 * of its box), takes the twin's text and right edge. The sparse read gave "Keystone Automotive, Inc" where the first
 * read had "Inc." (553–620 px against 553–610), and the name passed without its stop, silently (random layout R2458,
 * a page image). Other words are returned as they are.
 */
export function withStopsOfFirstRead(sparse: WordBox[], first: WordBox[]): WordBox[] {
  return sparse.map((w) => {
    if (!/[A-Za-z]$/.test(w.text)) return w;
    const twin = first.find((f) => atSamePlace(f, w) && /^[.,]$/.test(f.text.slice(w.text.length)) && f.text.startsWith(w.text) && f.x1 >= w.x1 + STOP_PAST_BOX);
    return twin ? { ...w, text: twin.text, x1: twin.x1 } : w;
  });
}

/**
 * The sparse re-read of the header (`sparse`) with a word it read in pieces, characters lost between them, taken
 * whole from the first read (`first`, same pixels): when a first-read word of four characters or more, read at
 * {@link LOW_CONFIDENCE} or above, holds two or more re-read words at the same place inside its box, and their
 * characters in order are its own with some left out, the pieces give way to it (without its OCR line). The re-read
 * gave "39257" and "5" under "Invoice #", both at 0.97, where the first read had "392571-35" at 0.91; the reader
 * took "39257" for the invoice number, silently (random layout R2712, a page image). A re-read that splits a word the
 * first read joined ("Invoice#" as "Invoice" "#") loses nothing and is kept.
 */
export function withWordsOfFirstRead(sparse: WordBox[], first: WordBox[]): WordBox[] {
  const gone = new Set<WordBox>();
  const added: WordBox[] = [];
  for (const f of first) {
    if (f.text.length < 4 || f.conf < LOW_CONFIDENCE) continue;
    const touching = sparse.filter((w) => !gone.has(w) && atSamePlace(f, w));
    const pieces = touching.filter((w) => w.x0 >= f.x0 - 2 && w.x1 <= f.x1 + 2).sort((a, b) => a.x0 - b.x0);
    if (pieces.length < 2 || pieces.length !== touching.length) continue;
    const joined = pieces.map((w) => w.text).join('');
    if (joined.length >= f.text.length || !isSubsequence(joined, f.text)) continue;
    for (const w of pieces) gone.add(w);
    const { lineKey: _line, ...whole } = f;
    added.push(whole);
  }
  return gone.size ? [...sparse.filter((w) => !gone.has(w)), ...added] : sparse;
}

/**
 * The sparse re-read of the header (`sparse`) with a mark it read into a word given back to the first read's twin
 * (`first`, same pixels): a re-read word at the same place as a first-read word read at {@link LOW_CONFIDENCE} or
 * above and more surely than it, whose characters are the first read's in order with marks (not letters or digits)
 * added, takes the first read's text, box and confidence. The re-read gave "17-)JAN-26" at 0.60 beside "Date:", where
 * the first read had "17-JAN-26" at 0.86; no date was read there, and the due date under it was taken for the
 * invoice's (random layout R3167, a page image).
 */
export function withoutMarksOfFirstRead(sparse: WordBox[], first: WordBox[]): WordBox[] {
  return sparse.map((w) => {
    const twin = first.find(
      (f) =>
        f.conf >= LOW_CONFIDENCE &&
        f.conf > w.conf &&
        atSamePlace(f, w) &&
        w.text.length > f.text.length &&
        isSubsequence(f.text, w.text) &&
        alphanumerics(w.text) === alphanumerics(f.text),
    );
    if (!twin) return w;
    const { lineKey: _line, ...whole } = twin;
    return whole;
  });
}

/** A word's letters and digits, its marks left out. */
const alphanumerics = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');

/** Whether the characters of `part` appear in `whole` in the same order (others may lie between them). */
function isSubsequence(part: string, whole: string): boolean {
  let at = 0;
  for (const ch of whole) if (at < part.length && ch === part[at]) at += 1;
  return at === part.length;
}

/** Least distance (px) the first read's box of a word must reach past the re-read's for its stop to be given back. */
export const STOP_PAST_BOX = 2;

/**
 * How many times taller than the first read's word at the same place a word of the sparse header re-read of a
 * photograph or a scan may be ({@link keepPlausibleBoxes}). A photographed ticket's dashed rule, left where it passed
 * close above "INV# 76-12887", was read into the number's first part: "76-" in a box twice the line's height, then
 * "12887" apart; the reader took "76-" for the invoice number with no warning (rephoto seed 8080, G06), where the
 * first read had "76-12887" whole. Such a word is replaced by the first read's words, as an implausible one.
 */
export const SWOLLEN_SPARSE_HEIGHT = 1.6;

/**
 * Least confidence (0..1) of a word the sparse header re-read of a scanned page or a photograph keeps
 * ({@link keepPlausibleBoxes}): the band is cut just above the table, and the remains of a dashed rule there came back
 * as "a db" (confidence 0.23, a box taller than the text), which the reader took for the supplier's name. Measured on
 * tuning data only (2026-11-28, `bench-rescan.ts` seed 37). On a photograph a header box's left border came back as
 * "[ee" (0.23), as tall as two lines, and put "Invoice" on the line below "No. 7592722": the customer's PO number
 * under it was read as the invoice number with no warning (rephoto seed 6464, G01).
 */
export const SCAN_SPARSE_MIN_CONFIDENCE = 0.3;

/**
 * Confidence at or above which a word of the header's reads covers its ink when looking for a heading neither read
 * took in ({@link recognizeMissedHeading}): a heading read as noise (words under 0.4) is one to read again.
 */
export const MISSED_HEADING_MASK_CONFIDENCE = 0.4;

/**
 * Text of stacked words, line by line (for the line-based reader on a PDF text layer): words whose bottoms lie within
 * 3 px share a line, in x order, a gap over 12 px written as four spaces.
 */
export function wordsToText(words: WordBox[]): string {
  const lines: { y: number; words: WordBox[] }[] = [];
  for (const w of [...words].sort((a, b) => a.y1 - b.y1)) {
    const line = lines.find((l) => Math.abs(l.y - w.y1) < 3);
    if (line) line.words.push(w);
    else lines.push({ y: w.y1, words: [w] });
  }
  return lines
    .map((l) => {
      const ws = l.words.sort((a, b) => a.x0 - b.x0);
      let out = '';
      let end = -Infinity;
      for (const w of ws) {
        if (out) out += w.x0 - end > 12 ? '    ' : ' ';
        out += w.text;
        end = w.x1;
      }
      return out;
    })
    .join('\n');
}

/** Whether anything invoice-like was read at all (else: blank page or not an invoice). */
function looksLikeInvoice(read: LayoutInvoice, wordCount: number): boolean {
  if (wordCount < 8) return false;
  const found = [read.invoice_number, read.invoice_date, read.total_amount].filter((v) => v !== null).length;
  return found >= 1 || read.line_items.length > 0;
}

/** The checked invoice with the issue-18 extras added. */
function finish(read: LayoutInvoice): ExtractedInvoice {
  const raw = {
    ...read,
    invoice_date: read.invoice_date ?? read.impossible_date,
  };
  const checked = validateExtraction(raw);
  const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
  return {
    ...checked,
    subtotal: read.subtotal !== null && read.subtotal >= 0 ? round(read.subtotal) : null,
    tax_amount: read.tax_amount !== null && read.tax_amount >= 0 ? round(read.tax_amount) : null,
    charges: read.charges.map((c) => ({ ...c, amount: Math.round(c.amount * 100) / 100 })),
    confidence: read.confidence.line_items && read.confidence.line_items.length !== checked.line_items.length ? { ...read.confidence, line_items: undefined } : read.confidence,
  };
}

/**
 * OCR of one page image — an uploaded photo or scan, or a PDF page with no text layer — with the header area above the
 * table read again in sparse mode (scattered label boxes, a tall name), which the single-block read often garbles.
 * `options.scan` marks a page of a PDF without a text layer (see {@link OcrOptions}).
 */
export async function readImagePage(bytes: Uint8Array, signal?: AbortSignal, options: OcrOptions = {}): Promise<PageRead> {
  const ocr = await recognizeWords(bytes, signal, options);
  // An S read as 5 and a letter read as 1, told from the page's own fives and ones, then spaces read away and points
  // read in, told from the ink: measured on clean page images only (see s-or-five.ts, prose-ink.ts).
  const checkInk = (words: WordBox[]) =>
    options.scan || ocr.photo ? words : proseInk(onesUnlikePage(sReadAsFive(words, ocr.grey), ocr.grey), ocr.grey);
  const read = { words: ocr.words, text: ocr.text };
  const first = combineReads([read]);
  if (first.tableTop === null) return { ...read, words: checkInk(read.words) };
  // The table's words (below its header line) checked by a second read at another scale (see crossCheckLines).
  const tokens = new Set(first.line_items.flatMap((item) => `${item.part_number} ${item.description}`.split(/\s+/)));
  const page = { words: await crossCheckLines(ocr.grey, ocr.words, first.tableTop + 3, tokens, signal), text: ocr.text };
  if (first.tableTop <= 40) return { ...page, words: checkInk(page.words) };
  const top = first.tableTop - 4;
  const headerWords = await recognizeTopSparse(ocr.prepared, top, signal);
  const firstAbove = ocr.words.filter((w) => w.y0 < top);
  const kept = keepPlausibleBoxes(
    withWordsOfFirstRead(withoutMarksOfFirstRead(withStopsOfFirstRead(headerWords, firstAbove), firstAbove), firstAbove),
    firstAbove,
    options.scan || ocr.photo ? SCAN_SPARSE_MIN_CONFIDENCE : 0,
  );
  // A large heading neither read took in (a name in big condensed bold), read again cut out on its own.
  const readAbove = [...headerWords, ...firstAbove].filter((w) => w.conf >= MISSED_HEADING_MASK_CONFIDENCE);
  const heading = await recognizeMissedHeading(ocr.grey, readAbove, top, signal);
  const words = headerWords.length ? [...kept, ...page.words.filter((w) => w.y0 >= top)] : page.words;
  return { words: checkInk([...heading, ...words]), text: ocr.text };
}

export function createOfflineExtractor(): InvoiceExtractor {
  return {
    name: 'offline-ocr',
    async extract(file, options = {}) {
      const pages: PageRead[] = [];
      let pageCount = 1;
      if (file.mime === 'application/pdf') {
        let pdf;
        try {
          pdf = await readPdfPages(file.bytes);
        } catch (error) {
          if (error instanceof PdfPasswordError) throw new ExtractionError(PDF_ENCRYPTED, 'read');
          if (error instanceof PdfReadError) throw new ExtractionError(INVOICE_MESSAGES.readFailed, 'read');
          throw error;
        }
        if (pdf.pages === 0) throw new ExtractionError(PDF_NO_PAGES, 'read');
        pageCount = pdf.pages;
        for (const page of pdf.read) {
          options.signal?.throwIfAborted();
          if (page.image) {
            pages.push(
              await readImagePage(page.image, options.signal, { scan: true }).catch((error: unknown) => {
                if (error instanceof OcrTimeoutError) throw new ExtractionError(OCR_TOO_SLOW, 'read');
                throw error;
              }),
            );
          } else pages.push({ words: page.words, text: wordsToText(page.words) });
        }
      } else {
        try {
          pages.push(await readImagePage(file.bytes, options.signal));
        } catch (error) {
          if (options.signal?.aborted) throw error;
          if (error instanceof OcrTimeoutError) throw new ExtractionError(OCR_TOO_SLOW, 'read');
          throw new ExtractionError(INVOICE_MESSAGES.readFailed, 'read');
        }
      }
      options.signal?.throwIfAborted();
      const read = combineReads(pages);
      const wordCount = pages.reduce((s, p) => s + p.words.length, 0);
      if (!looksLikeInvoice(read, wordCount)) throw new ExtractionError(NOT_AN_INVOICE, 'insufficient');
      if (pageCount > MAX_PDF_PAGES) {
        throw new ExtractionError(pdfTooManyPages(pageCount), 'read', partialExtraction({ ...read, invoice_date: read.invoice_date ?? '' }));
      }
      return finish(read);
    },
  };
}
