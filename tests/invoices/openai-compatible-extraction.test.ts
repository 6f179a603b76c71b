import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES, type InvoiceFormState } from '~/lib/schemas/invoice';
import * as invoicesRoute from '~/routes/admin/invoices';
import { loadConfig, setConfig } from '~/server/config.server';
import { ExtractionError } from '~/server/extraction/contract.server';
import { extractorLabel, getInvoiceExtractor, setInvoiceExtractor } from '~/server/extraction/extractor.server';
import { createOpenAiCompatibleExtractor, jsonFromModelText } from '~/server/extraction/openai-compatible.server';
import { createAccount, makeRequest, testContext, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { chatReply, errorReply, startFakeOpenAi, type ChatReply } from './fake-openai';
import { dataOf, expectedOf, fixture, invoiceRequest, rowCounts, useTempStorage } from './helpers';

const t = withTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: testContext }) as never;
const KEY = 'sk-test-local-0123456789-never-in-the-browser';

let admin: TestAccount;
let nextReply: (n: number) => ChatReply = () => ({ status: 500 });
let server: Awaited<ReturnType<typeof startFakeOpenAi>>;

const photo = { bytes: fixture('10-photographed.jpg'), mime: 'image/jpeg', fileName: '10-photographed.jpg' };
const expected = expectedOf('10-photographed.jpg');

function extractor(options: { timeoutMs?: number; apiKey?: string } = {}) {
  return createOpenAiCompatibleExtractor({
    baseUrl: server.baseUrl,
    model: 'qwen2.5vl:7b',
    apiKey: 'apiKey' in options ? options.apiKey : KEY,
    timeoutMs: options.timeoutMs ?? 10_000,
    retryDelayMs: 10,
  });
}

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ExtractionError);
    return error as ExtractionError;
  }
  throw new Error('expected the extraction to fail');
}

beforeAll(async () => {
  server = await startFakeOpenAi((_req, n) => nextReply(n));
  useTempStorage();
  admin = await createAccount({ admin: true });
});
afterAll(async () => {
  setInvoiceExtractor(undefined);
  setConfig(t.config);
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  setInvoiceExtractor(undefined);
  setConfig({ ...t.config, gemini: { ...t.config.gemini, apiKey: undefined }, ai: { baseUrl: server.baseUrl, model: 'qwen2.5vl:7b', apiKey: KEY, timeoutMs: 10_000 } });
});

describe('OpenAI-compatible extraction against a fake chat-completions server on 127.0.0.1', () => {
  it('sends the image as a PNG data URL with a JSON schema, the model and the key, and returns the checked invoice with its charges', async () => {
    const reply = {
      ...expected,
      invoice_date: 'Sep 10, 2026',
      subtotal: expected.total_amount,
      tax_amount: 22.24,
      total_amount: expected.total_amount + 22.24 + 15,
      charges: [{ kind: 'freight', description: 'Freight', amount: 15 }],
    };
    nextReply = () => ({ body: chatReply(JSON.stringify(reply)) });
    const invoice = await extractor().extract(photo);
    expect(invoice).toMatchObject({
      invoice_number: expected.invoice_number,
      supplier: expected.supplier,
      invoice_date: '2026-09-10',
      tax_amount: 22.24,
      charges: [{ kind: 'freight', description: 'Freight', amount: 15 }],
    });
    expect(invoice.line_items).toEqual(expected.line_items);
    const sent = server.requests[0]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body.model).toBe('qwen2.5vl:7b');
    expect(sent.body.temperature).toBe(0);
    const [text, image] = sent.body.messages[0]!.content;
    expect(sent.body.messages[0]!.role).toBe('user');
    expect(text).toMatchObject({ type: 'text' });
    expect((text as { text: string }).text).toContain('charges');
    expect(image!.type).toBe('image_url');
    const url = (image as { image_url: { url: string } }).image_url.url;
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    expect(Buffer.from(url.slice('data:image/png;base64,'.length), 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(sent.body.response_format?.type).toBe('json_schema');
    expect(Object.keys(sent.body.response_format!.json_schema!.schema.properties).sort()).toEqual(
      ['charges', 'invoice_date', 'invoice_number', 'line_items', 'subtotal', 'supplier', 'tax_amount', 'total_amount'],
    );
  });

  it('sends no Authorization header without a key (a local server)', async () => {
    nextReply = () => ({ body: chatReply(JSON.stringify(expected)) });
    await extractor({ apiKey: undefined }).extract(photo);
    expect(server.requests[0]!.authorization).toBeUndefined();
  });

  it('falls back to json_object when the server refuses json_schema, and remembers it', async () => {
    nextReply = () => ({ body: chatReply('{}') });
    nextReply = (n) =>
      n === 1
        ? { status: 400, body: errorReply("'response_format.type' must be 'json_object' or 'text'") }
        : { body: chatReply(`Here is the invoice:\n\`\`\`json\n${JSON.stringify(expected)}\n\`\`\``) };
    const ai = extractor();
    const invoice = await ai.extract(photo);
    expect(invoice.invoice_number).toBe(expected.invoice_number);
    expect(server.requests.map((r) => r.body.response_format?.type)).toEqual(['json_schema', 'json_object']);
    await ai.extract(photo);
    expect(server.requests.map((r) => r.body.response_format?.type)).toEqual(['json_schema', 'json_object', 'json_object']);
  });

  it('turns an error status into the spec message with the provider’s reason, retrying once on 5xx only', async () => {
    nextReply = () => ({ status: 401, body: errorReply('Incorrect API key provided: sk-test***', 'invalid_api_key') });
    let error = await failure(extractor().extract(photo));
    expect(error.message).toBe('AI processing failed: Incorrect API key provided: sk-test***. Check your API key or network.');
    expect(error.kind).toBe('provider');
    expect(server.requests).toHaveLength(1);

    server.requests.length = 0;
    nextReply = () => ({ status: 503, body: 'upstream overloaded', contentType: 'text/plain' });
    error = await failure(extractor().extract(photo));
    expect(server.requests).toHaveLength(2);
    expect(error.message).toBe('AI processing failed: HTTP 503 Service Unavailable. Check your API key or network.');
  });

  it('says so when nothing listens at AI_BASE_URL', async () => {
    const closed = await startFakeOpenAi(() => ({}));
    await closed.close();
    const gone = createOpenAiCompatibleExtractor({ baseUrl: closed.baseUrl, model: 'm', timeoutMs: 5_000, retryDelayMs: 10 });
    const error = await failure(gone.extract(photo));
    expect(error.message).toMatch(/^AI processing failed: .*ECONNREFUSED.*\. Check your API key or network\.$/);
  });

  it('answers a garbage reply with the spec’s invalid-JSON message', async () => {
    nextReply = () => ({ body: chatReply('I am sorry, I cannot see an invoice in this picture') });
    expect((await failure(extractor().extract(photo))).message).toBe(INVOICE_MESSAGES.invalidJson);
    nextReply = () => ({ body: '<html>502 Bad Gateway</html>', contentType: 'text/html' });
    expect((await failure(extractor().extract(photo))).message).toBe(INVOICE_MESSAGES.invalidJson);
    nextReply = () => ({ body: chatReply('') });
    expect((await failure(extractor().extract(photo))).kind).toBe('invalid_json');
    nextReply = () => ({ body: chatReply('[1, 2, 3]') });
    expect((await failure(extractor().extract(photo))).message).toBe(INVOICE_MESSAGES.invalidJson);
  });

  it('reports a refusal in words', async () => {
    nextReply = () => ({ body: chatReply(null, { refusal: 'I can’t help with that request.' }) });
    const error = await failure(extractor().extract(photo));
    expect(error.message).toBe('The AI model declined to read this invoice: I can’t help with that request. Please enter the details manually.');
  });

  it('gives up after its timeout with a clear message', async () => {
    nextReply = () => ({ body: chatReply('{}'), delayMs: 5_000 });
    const started = Date.now();
    const error = await failure(extractor({ timeoutMs: 400 }).extract(photo));
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(error.message).toBe('AI processing failed: the request timed out after 400 ms. Check your API key or network.');
  });

  it('sends a PDF’s text layer as text, and a scanned PDF’s first page rendered as an image', async () => {
    nextReply = () => ({ body: chatReply(JSON.stringify(expectedOf('01-classic.png'))) });
    await extractor().extract({ bytes: fixture('text-layer.pdf'), mime: 'application/pdf', fileName: 'a.pdf' });
    const content = server.requests[0]!.body.messages[0]!.content;
    expect(content).toHaveLength(1);
    expect(content[0]!.type).toBe('text');
    expect((content[0] as { text: string }).text).toMatch(/text layer follows/);
    server.requests.length = 0;
    const got = await extractor().extract({ bytes: fixture('scanned.pdf'), mime: 'application/pdf', fileName: 's.pdf' });
    expect(got.invoice_number).toBe(expectedOf('01-classic.png').invoice_number);
    const scanned = server.requests[0]!.body.messages[0]!.content as { type: string; text?: string; image_url?: { url: string } }[];
    expect(scanned.map((p) => p.type)).toEqual(['text', 'image_url']);
    expect(scanned[0]!.text).toMatch(/scanned PDF of 1 page; its first page follows as images?\./);
    const png = Buffer.from(scanned[1]!.image_url!.url.replace(/^data:image\/png;base64,/, ''), 'base64');
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeGreaterThan(800);
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(2048);
  });

  it('refuses a PDF that has no pages to render without calling the server', async () => {
    server.requests.length = 0;
    const error = await failure(extractor().extract({ bytes: new TextEncoder().encode('%PDF-1.4 not really'), mime: 'application/pdf', fileName: 'x.pdf' }));
    expect(error.message).toBe(INVOICE_MESSAGES.readFailed);
    expect(server.requests).toHaveLength(0);
  });

  it('finds the JSON object in a chatty answer', () => {
    expect(jsonFromModelText('Sure! {"a": 1} Hope this helps.')).toEqual({ a: 1 });
    expect(jsonFromModelText('```json\n{"a": 2}\n```')).toEqual({ a: 2 });
    expect(jsonFromModelText('no json here')).toBeNull();
  });
});

describe('choosing the OpenAI-compatible extractor, through the invoices page', () => {
  it('reads AI_BASE_URL, AI_MODEL, AI_API_KEY and AI_TIMEOUT_SECONDS, and refuses a base URL without a model', () => {
    const env = { NODE_ENV: 'test', DATA_DIR: t.dataDir, BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123' };
    expect(loadConfig(env).ai).toEqual({ baseUrl: undefined, model: undefined, apiKey: undefined, timeoutMs: 120_000 });
    expect(loadConfig({ ...env, AI_BASE_URL: 'http://localhost:11434/v1/', AI_MODEL: 'llama3.2-vision', AI_TIMEOUT_SECONDS: '300' }).ai).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      model: 'llama3.2-vision',
      apiKey: undefined,
      timeoutMs: 300_000,
    });
    expect(() => loadConfig({ ...env, AI_BASE_URL: 'http://localhost:11434/v1' })).toThrow(
      'Invalid configuration: AI_BASE_URL needs AI_MODEL (the model name the server knows, e.g. qwen2.5vl:7b)',
    );
    expect(() => loadConfig({ ...env, AI_BASE_URL: 'localhost:11434' })).toThrow(/AI_BASE_URL must be an http\(s\) URL/);
  });

  it('is used when AI_BASE_URL is set and Gemini is not; the page names the model and never shows the key', async () => {
    expect(getInvoiceExtractor().name).toBe('openai-compatible');
    expect(extractorLabel()).toBe('AI model qwen2.5vl:7b');
    setConfig({ ...t.config, gemini: { ...t.config.gemini, apiKey: 'g-key' }, ai: { ...t.config.ai, baseUrl: server.baseUrl, model: 'm' } });
    expect(getInvoiceExtractor().name).toBe('gemini');
    setConfig({ ...t.config, gemini: { ...t.config.gemini, apiKey: undefined }, ai: { ...t.config.ai, baseUrl: undefined } });
    expect(getInvoiceExtractor().name).toBe('offline-ocr');
    setConfig({ ...t.config, gemini: { ...t.config.gemini, apiKey: undefined }, ai: { baseUrl: server.baseUrl, model: 'qwen2.5vl:7b', apiKey: KEY, timeoutMs: 10_000 } });
    const loaded = await invoicesRoute.loader(args(makeRequest('/admin/invoices', { cookie: admin.cookie })));
    expect(loaded.extractorLabel).toBe('AI model qwen2.5vl:7b');
    expect(JSON.stringify(loaded)).not.toContain(KEY);
  });

  it('fills the form from the model, and pre-fills what it read when a field is missing', async () => {
    nextReply = () => ({ body: chatReply(JSON.stringify(expected)) });
    const file = { bytes: photo.bytes, name: photo.fileName, type: photo.mime };
    let { data, status } = dataOf<InvoiceFormState>(await invoicesRoute.action(args(invoiceRequest(admin.cookie, { intent: 'extract', file }))));
    expect(status).toBe(200);
    expect(data.message).toBe(INVOICE_MESSAGES.extracted);
    expect(data.values.invoiceNumber).toBe(expected.invoice_number);
    expect(JSON.stringify(data)).not.toContain(KEY);

    nextReply = () => ({ body: chatReply(JSON.stringify({ ...expected, invoice_number: '' })) });
    ({ data, status } = dataOf<InvoiceFormState>(await invoicesRoute.action(args(invoiceRequest(admin.cookie, { intent: 'extract', file })))));
    expect(status).toBe(422);
    expect(data.formError).toBe(INVOICE_MESSAGES.insufficient);
    expect(data.message).toBeNull();
    expect(data.values.supplier).toBe(expected.supplier);
    expect(data.rows[0]!.part_number).toBe(expected.line_items[0]!.part_number);
    expect(await rowCounts()).toEqual({ invoices: 0, lineItems: 0, inventory: 0 });
  });
});
