/**
 * Invoice extraction behind one interface (admin-back-office §4 and §7, DECISIONS 9):
 * `extract(file, { signal })` → {@link ExtractedInvoice} `{ invoice_number, supplier, invoice_date (YYYY-MM-DD),
 * total_amount (dollars or null), line_items[{ part_number, description, quantity (whole, > 0), unit_price (dollars)
 * }] }`, validated with Zod. Failures throw {@link ExtractionError} whose message is the spec's text (or a clear one
 * for impossible values such as 31/02/2026 or a negative quantity), fit to show as is.
 *
 * `getInvoiceExtractor()` picks Gemini when GEMINI_API_KEY is set, offline OCR otherwise; tests may replace it with
 * `setInvoiceExtractor()`. Everything here runs on the server: the API key never reaches the browser.
 */
import type { InvoiceExtractor } from './contract.server';
import { getConfig } from '~/server/config.server';
import { createGeminiExtractor } from './gemini.server';
import { createOfflineExtractor } from './offline.server';

export { CANCELLED_MESSAGE, ExtractionError, validateExtraction } from './contract.server';
export type { ExtractionErrorKind, InvoiceExtractor, InvoiceFile } from './contract.server';

let override: InvoiceExtractor | undefined;

/** The configured extractor: Gemini when GEMINI_API_KEY is set, offline OCR otherwise (or the test override). */
export function getInvoiceExtractor(): InvoiceExtractor {
  if (override) return override;
  const { gemini } = getConfig();
  return gemini.apiKey
    ? createGeminiExtractor({ apiKey: gemini.apiKey, model: gemini.model, baseUrl: gemini.baseUrl })
    : createOfflineExtractor();
}

/** Replaces the extractor (tests); `undefined` restores the configured one. */
export function setInvoiceExtractor(extractor: InvoiceExtractor | undefined): void {
  override = extractor;
}
