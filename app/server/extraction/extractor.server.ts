/**
 * Invoice extraction behind one interface (admin-back-office §4 and §7, DECISIONS 9):
 * `extract(file, { signal })` → {@link ExtractedInvoice} `{ invoice_number, supplier, invoice_date (YYYY-MM-DD),
 * total_amount (dollars or null), line_items[{ part_number, description, quantity (whole, > 0), unit_price (dollars)
 * }] }`, validated with Zod. Failures throw {@link ExtractionError} whose message is the spec's text (or a clear one
 * for impossible values such as 31/02/2026 or a negative quantity), fit to show as is.
 *
 * `getInvoiceExtractor()` picks Gemini when GEMINI_API_KEY is set, else an OpenAI-compatible chat-completions endpoint
 * when AI_BASE_URL is set (issue 18: Ollama, llama.cpp, vLLM or a hosted provider), else offline OCR; tests may replace
 * it with `setInvoiceExtractor()`. `extractorLabel()` names the choice for the page. Everything here runs on the
 * server: the API keys never reach the browser.
 */
import type { InvoiceExtractor } from './contract.server';
import { getConfig } from '~/server/config.server';
import { createGeminiExtractor } from './gemini.server';
import { createOfflineExtractor } from './offline.server';
import { createOpenAiCompatibleExtractor } from './openai-compatible.server';

export { CANCELLED_MESSAGE, ExtractionError, validateExtraction } from './contract.server';
export type { ExtractionErrorKind, InvoiceExtractor, InvoiceFile } from './contract.server';

let override: InvoiceExtractor | undefined;

let cachedAi: { key: string; extractor: InvoiceExtractor } | undefined;

/**
 * The configured extractor (or the test override): Gemini when GEMINI_API_KEY is set, else the OpenAI-compatible one
 * when AI_BASE_URL (and AI_MODEL) are set, else offline OCR. The OpenAI-compatible extractor is kept while its settings
 * stay the same, so it remembers a server that refuses `json_schema`.
 */
export function getInvoiceExtractor(): InvoiceExtractor {
  if (override) return override;
  const { gemini, ai } = getConfig();
  if (gemini.apiKey) return createGeminiExtractor({ apiKey: gemini.apiKey, model: gemini.model, baseUrl: gemini.baseUrl });
  if (ai.baseUrl && ai.model) {
    const key = JSON.stringify([ai.baseUrl, ai.model, ai.apiKey ?? '', ai.timeoutMs]);
    if (cachedAi?.key !== key) {
      cachedAi = {
        key,
        extractor: createOpenAiCompatibleExtractor({ baseUrl: ai.baseUrl, model: ai.model, apiKey: ai.apiKey, timeoutMs: ai.timeoutMs }),
      };
    }
    return cachedAi.extractor;
  }
  return createOfflineExtractor();
}

/** How the page names the reader in use: 'AI' (Gemini), 'AI model {name}' (OpenAI-compatible) or 'offline OCR'. */
export function extractorLabel(): string {
  const { gemini, ai } = getConfig();
  if (gemini.apiKey) return 'AI';
  if (ai.baseUrl && ai.model) return `AI model ${ai.model}`;
  return 'offline OCR';
}

/** Replaces the extractor (tests); `undefined` restores the configured one. */
export function setInvoiceExtractor(extractor: InvoiceExtractor | undefined): void {
  override = extractor;
}
