/**
 * The OpenAI-compatible extractor (issue 18): any chat-completions endpoint with image input — a model on the shop's
 * own machine (Ollama, llama.cpp server, vLLM) or a hosted provider. See docs/invoice-reading.md for setups.
 *
 * `POST {baseUrl}/chat/completions` with `{ model, temperature: 0, messages: [{ role: 'user', content: [prompt text,
 * { type: 'image_url', image_url: { url: 'data:image/png;base64,…' } }] }], response_format }`, the key (when set) as
 * `Authorization: Bearer …`, from the server only.
 * - Images are turned upright and converted to PNG with sharp, at most 2048 px on the longer side (vision models
 *   scale down anyway; this keeps a 15 MB photo's request small).
 * - PDFs: the text layer is sent as text (the first 24,000 characters); a PDF without one (a scan) has its first two
 *   pages rendered on the server and sent as images; one that renders nothing gets the spec's PDF message.
 * - `response_format` is a JSON schema (`json_schema`, the same fields as the Gemini path); when the server refuses it
 *   (HTTP 400/422/501) the request is sent once more with `{ type: 'json_object' }`, and the extractor remembers that.
 * - The answer (`choices[0].message.content`, fences and text around the object tolerated) goes through the same
 *   `validateExtraction` as every extractor, so missing fields pre-fill what was read.
 *
 * Errors (ExtractionError, message fit to show): HTTP errors and network failures → 'AI processing failed: … Check
 * your API key or network.' (one retry on 429/5xx); a timeout per attempt (`timeoutMs`, default 120 s); a refusal →
 * 'The AI model declined to read this invoice: …'; a reply that is not JSON → the spec's invalid-JSON message; an abort
 * of the request → the cancelled message.
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
  type InvoiceFile,
} from './contract.server';
import { PdfReadError, readPdfPages, readPdfText } from './pdf.server';

export interface OpenAiCompatibleOptions {
  /** e.g. http://localhost:11434/v1 (no trailing slash needed; tests: http://127.0.0.1:port/v1). */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer …` when set; local servers usually need none. */
  apiKey?: string;
  /** Per attempt (ms); default 120 000. */
  timeoutMs?: number;
  /** Wait before the one retry after 429/5xx (ms); default 1 000. */
  retryDelayMs?: number;
}

/** Longest side of the image sent (px). */
export const MAX_IMAGE_SIDE = 2048;
/** Most characters of a PDF's text layer sent. */
export const MAX_PDF_TEXT = 24_000;

const amount = { type: ['number', 'null'] } as const;

/** The JSON schema sent as `response_format.json_schema.schema`: the fields of {@link EXTRACTION_PROMPT}. */
export const INVOICE_JSON_SCHEMA = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string' },
    supplier: { type: 'string' },
    invoice_date: { type: 'string', description: 'Invoice date as YYYY-MM-DD' },
    total_amount: amount,
    subtotal: amount,
    tax_amount: amount,
    line_items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          part_number: { type: 'string' },
          description: { type: 'string' },
          quantity: { type: 'number' },
          unit_price: { type: 'number' },
        },
        required: ['part_number', 'description', 'quantity', 'unit_price'],
        additionalProperties: false,
      },
    },
    charges: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: [...MODEL_CHARGE_KINDS] },
          description: { type: 'string' },
          amount: { type: 'number' },
        },
        required: ['kind', 'description', 'amount'],
        additionalProperties: false,
      },
    },
  },
  required: ['invoice_number', 'supplier', 'invoice_date', 'total_amount', 'subtotal', 'tax_amount', 'line_items', 'charges'],
  additionalProperties: false,
} as const;

type ResponseFormat = 'json_schema' | 'json_object';

function responseFormat(kind: ResponseFormat) {
  return kind === 'json_schema'
    ? { type: 'json_schema', json_schema: { name: 'vendor_invoice', strict: true, schema: INVOICE_JSON_SCHEMA } }
    : { type: 'json_object' };
}

/** Pages of a scanned PDF sent as images (each costs the model's image tokens; an invoice's table starts on page 1). */
export const MAX_SCANNED_PDF_PAGES = 2;

/** A page image as a PNG data URL part: turned upright, at most {@link MAX_IMAGE_SIDE} px on its longer side. */
async function imagePart(bytes: Uint8Array): Promise<unknown> {
  let png: Buffer;
  try {
    png = await (await loadSharp())(bytes, { failOn: 'error' })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw new ExtractionError(INVOICE_MESSAGES.readFailed, 'read');
  }
  return { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } };
}

/**
 * The user message's content parts for a file: the prompt and the page image; for a PDF with a text layer the prompt
 * and the text; for a scanned PDF (no text layer) the prompt and its first {@link MAX_SCANNED_PDF_PAGES} pages
 * rendered on the server (pdfjs with @napi-rs/canvas, as the offline reader does).
 */
async function messageContent(file: InvoiceFile): Promise<unknown[]> {
  if (file.mime === 'application/pdf') {
    let pdf;
    try {
      pdf = await readPdfText(file.bytes);
    } catch (error) {
      if (error instanceof PdfReadError) throw new ExtractionError(INVOICE_MESSAGES.readFailed, 'read');
      throw error;
    }
    if (pdf.text.replace(/[^A-Za-z0-9]/g, '').length < 20) {
      const rendered = (await readPdfPages(file.bytes, MAX_SCANNED_PDF_PAGES).catch(() => null))?.read.filter((p) => p.image) ?? [];
      if (!rendered.length) throw new ExtractionError(INVOICE_MESSAGES.pdfNotSupported, 'pdf');
      const note = `The invoice is a scanned PDF of ${pdf.pages} page${pdf.pages === 1 ? '' : 's'}; ${rendered.length === 1 ? 'its first page follows' : `its first ${rendered.length} pages follow`} as images.`;
      return [{ type: 'text', text: `${EXTRACTION_PROMPT}\n\n${note}` }, ...(await Promise.all(rendered.map((p) => imagePart(p.image!))))];
    }
    const text = pdf.text.length > MAX_PDF_TEXT ? pdf.text.slice(0, MAX_PDF_TEXT) : pdf.text;
    return [
      {
        type: 'text',
        text: `${EXTRACTION_PROMPT}\n\nThe invoice is a PDF of ${pdf.pages} page${pdf.pages === 1 ? '' : 's'}; its text layer follows.\n\n${text}`,
      },
    ];
  }
  return [{ type: 'text', text: EXTRACTION_PROMPT }, await imagePart(file.bytes)];
}

/** The JSON object in a model's text: the whole text, or inside ``` fences, or the outermost {…}. Null if none. */
export function jsonFromModelText(text: string): unknown {
  const candidates = [text.trim(), text.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, '')];
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(text.slice(first, last + 1));
  for (const c of candidates) {
    try {
      return JSON.parse(c);
    } catch {
      // Try the next shape.
    }
  }
  return null;
}

interface ChatReply {
  choices?: {
    finish_reason?: string | null;
    message?: { content?: string | { type?: string; text?: string }[] | null; refusal?: string | null };
  }[];
}

export function createOpenAiCompatibleExtractor(options: OpenAiCompatibleOptions): InvoiceExtractor {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  // Once a server has refused json_schema, ask it for json_object straight away.
  let format: ResponseFormat = 'json_schema';

  async function call(body: unknown, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    return providerJson(response);
  }

  /** One request with retries: json_schema → json_object on a refusal of the format; once more on 429/5xx. */
  async function complete(content: unknown[], signal?: AbortSignal): Promise<unknown> {
    let retried = false;
    for (;;) {
      const body = {
        model: options.model,
        temperature: 0,
        messages: [{ role: 'user', content }],
        response_format: responseFormat(format),
      };
      try {
        return await call(body, signal);
      } catch (error) {
        if (error instanceof ExtractionError) throw error;
        if (signal?.aborted) throw new ExtractionError(CANCELLED_MESSAGE, 'cancelled');
        if (error instanceof HttpStatusError && format === 'json_schema' && [400, 422, 501].includes(error.status)) {
          log().warn({ status: error.status, reason: error.message }, 'openai-compatible: json_schema refused, using json_object');
          format = 'json_object';
          continue;
        }
        if (error instanceof HttpStatusError && (error.status === 429 || error.status >= 500) && !retried) {
          retried = true;
          log().warn({ status: error.status }, 'openai-compatible: retrying once');
          await new Promise((r) => setTimeout(r, retryDelayMs));
          continue;
        }
        const e = error as Error;
        const message =
          e.name === 'TimeoutError' || e.name === 'AbortError'
            ? `the request timed out after ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}`
            : e instanceof HttpStatusError
              ? e.message
              : ((e.cause as Error | undefined)?.message ?? e.message);
        log().warn({ reason: message }, 'openai-compatible: extraction failed');
        throw new ExtractionError(INVOICE_MESSAGES.processingFailed(message.replace(/\.$/, '')), 'provider');
      }
    }
  }

  return {
    name: 'openai-compatible',
    async extract(file, { signal } = {}) {
      const content = await messageContent(file);
      signal?.throwIfAborted();
      const reply = (await complete(content, signal)) as ChatReply;
      const choice = reply?.choices?.[0];
      const refusal = choice?.message?.refusal;
      if (refusal) {
        throw new ExtractionError(
          `The AI model declined to read this invoice: ${refusal.replace(/\s+/g, ' ').slice(0, 200).replace(/\.$/, '')}. Please enter the details manually.`,
          'provider',
        );
      }
      const raw = choice?.message?.content;
      const text = typeof raw === 'string' ? raw : Array.isArray(raw) ? raw.map((p) => p.text ?? '').join('') : '';
      if (!text.trim()) {
        if (choice?.finish_reason === 'content_filter') {
          throw new ExtractionError('The AI model declined to read this invoice. Please enter the details manually.', 'provider');
        }
        throw new ExtractionError(INVOICE_MESSAGES.invalidJson, 'invalid_json');
      }
      const parsed = jsonFromModelText(text);
      if (parsed === null) throw new ExtractionError(INVOICE_MESSAGES.invalidJson, 'invalid_json');
      return validateExtraction(parsed);
    },
  };
}
