/**
 * The Gemini extractor (REST `models/{model}:generateContent`): the image converted to PNG with sharp (PDFs sent as
 * PDFs, which the API reads), a response schema with exactly the invoice fields, JSON read from the first candidate's
 * text. 60 s timeout per attempt; one retry on HTTP 429 or 5xx. The key goes in the `x-goog-api-key` header from
 * the server only. Errors carry the spec's messages (admin-back-office §8), see `extractor.server.ts`.
 */
import { INVOICE_MESSAGES } from '~/lib/schemas/invoice';
import { loadSharp } from '~/server/load-on-use.server';
import { log } from '~/server/logger.server';
import {
  CANCELLED_MESSAGE,
  EXTRACTION_PROMPT,
  ExtractionError,
  HttpStatusError,
  MODEL_CHARGE_KINDS,
  providerJson,
  validateExtraction,
  type InvoiceExtractor,
} from './contract.server';

export interface GeminiOptions {
  apiKey: string;
  model: string;
  /** e.g. https://generativelanguage.googleapis.com (tests: http://127.0.0.1:port). */
  baseUrl: string;
  timeoutMs?: number;
  /** Wait before the one retry (ms). */
  retryDelayMs?: number;
}

/**
 * The response schema: the fields of the spec (admin-back-office §7) plus issue 18's `subtotal`, `tax_amount` and
 * `charges` (rows that are not parts), so the total can be reconciled.
 */
export const INVOICE_RESPONSE_SCHEMA = {
  type: 'OBJECT',
  properties: {
    invoice_number: { type: 'STRING' },
    supplier: { type: 'STRING' },
    invoice_date: { type: 'STRING', description: 'Invoice date as YYYY-MM-DD' },
    total_amount: { type: 'NUMBER', nullable: true },
    line_items: {
      type: 'ARRAY',
      items: {
        type: 'OBJECT',
        properties: {
          part_number: { type: 'STRING' },
          description: { type: 'STRING' },
          quantity: { type: 'NUMBER' },
          unit_price: { type: 'NUMBER' },
        },
        required: ['part_number', 'description', 'quantity', 'unit_price'],
      },
    },
    subtotal: { type: 'NUMBER', nullable: true },
    tax_amount: { type: 'NUMBER', nullable: true },
    charges: {
      type: 'ARRAY',
      items: {
        type: 'OBJECT',
        properties: {
          kind: { type: 'STRING', enum: [...MODEL_CHARGE_KINDS] },
          description: { type: 'STRING' },
          amount: { type: 'NUMBER' },
        },
        required: ['kind', 'description', 'amount'],
      },
    },
  },
  required: ['invoice_number', 'supplier', 'invoice_date', 'total_amount', 'line_items', 'charges'],
} as const;

const PROMPT = EXTRACTION_PROMPT;

export function createGeminiExtractor(options: GeminiOptions): InvoiceExtractor {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const url = `${options.baseUrl}/v1beta/models/${encodeURIComponent(options.model)}:generateContent`;

  async function call(body: string, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': options.apiKey },
      body,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    return providerJson(response);
  }

  return {
    name: 'gemini',
    async extract(file, { signal } = {}) {
      let data: Buffer;
      let mimeType: string;
      if (file.mime === 'application/pdf') {
        data = Buffer.from(file.bytes);
        mimeType = 'application/pdf';
      } else {
        try {
          data = await (await loadSharp())(file.bytes, { failOn: 'error' }).rotate().png().toBuffer();
          mimeType = 'image/png';
        } catch {
          throw new ExtractionError(INVOICE_MESSAGES.readFailed, 'read');
        }
      }
      const body = JSON.stringify({
        contents: [{ role: 'user', parts: [{ inlineData: { mimeType, data: data.toString('base64') } }, { text: PROMPT }] }],
        generationConfig: { responseMimeType: 'application/json', responseSchema: INVOICE_RESPONSE_SCHEMA, temperature: 0 },
      });
      let reply: unknown;
      for (let attempt = 1; ; attempt += 1) {
        try {
          reply = await call(body, signal);
          break;
        } catch (error) {
          if (error instanceof ExtractionError) throw error;
          if (signal?.aborted) throw new ExtractionError(CANCELLED_MESSAGE, 'cancelled');
          const retriable = error instanceof HttpStatusError && (error.status === 429 || error.status >= 500);
          if (retriable && attempt === 1) {
            log().warn({ status: (error as HttpStatusError).status }, 'gemini: retrying once');
            await new Promise((r) => setTimeout(r, retryDelayMs));
            continue;
          }
          const e = error as Error;
          const message =
            e.name === 'TimeoutError' || e.name === 'AbortError'
              ? `the request timed out after ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}`
              : e instanceof HttpStatusError
                ? e.message
                : (e.cause as Error | undefined)?.message ?? e.message;
          log().warn({ reason: message }, 'gemini: extraction failed');
          throw new ExtractionError(INVOICE_MESSAGES.processingFailed(message.replace(/\.$/, '')), 'provider');
        }
      }
      const candidateText = (reply as { candidates?: { content?: { parts?: { text?: string }[] } }[] })?.candidates?.[0]
        ?.content?.parts?.map((p) => p.text ?? '')
        .join('');
      if (!candidateText) throw new ExtractionError(INVOICE_MESSAGES.invalidJson, 'invalid_json');
      let parsed: unknown;
      try {
        parsed = JSON.parse(candidateText.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ''));
      } catch {
        throw new ExtractionError(INVOICE_MESSAGES.invalidJson, 'invalid_json');
      }
      return validateExtraction(parsed);
    },
  };
}
