import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES, type InvoiceFormState } from '~/lib/schemas/invoice';
import * as invoicesRoute from '~/routes/admin/invoices';
import { setConfig } from '~/server/config.server';
import { setInvoiceExtractor } from '~/server/extraction/extractor.server';
import { createGeminiExtractor } from '~/server/extraction/gemini.server';
import { createAccount, makeRequest, testContext, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import {
  candidateReply,
  dataOf,
  expectedOf,
  fixture,
  invoiceRequest,
  rowCounts,
  startFakeGemini,
  storedFiles,
  useTempStorage,
  type FakeReply,
} from './helpers';

const t = withTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: testContext }) as never;

let admin: TestAccount;
let storageRoot: string;
let nextReply: (n: number) => FakeReply = () => ({ status: 500 });
let gemini: Awaited<ReturnType<typeof startFakeGemini>>;
const KEY = 'test-key-0123456789-never-in-the-browser';

beforeAll(async () => {
  gemini = await startFakeGemini((_req, n) => nextReply(n));
  setConfig({ ...t.config, gemini: { apiKey: KEY, model: 'gemini-test-flash', baseUrl: gemini.baseUrl } });
  storageRoot = useTempStorage();
  admin = await createAccount({ admin: true });
});
afterAll(async () => {
  setInvoiceExtractor(undefined);
  await gemini.close();
});
beforeEach(() => {
  gemini.requests.length = 0;
  setInvoiceExtractor(undefined);
});

const photo = { bytes: fixture('10-photographed.jpg'), name: '10-photographed.jpg', type: 'image/jpeg' };

async function extract(file = photo) {
  const result = await invoicesRoute.action(args(invoiceRequest(admin.cookie, { intent: 'extract', file })));
  return dataOf<InvoiceFormState>(result);
}

async function expectNothingSaved() {
  expect(await rowCounts()).toEqual({ invoices: 0, lineItems: 0, inventory: 0 });
  expect(storedFiles(storageRoot).filter((f) => !f.includes('/pending/'))).toEqual([]);
}

describe('Gemini extraction against a fake API on 127.0.0.1', () => {
  it('sends the image as PNG with the response schema and the key in a header, and fills the form', async () => {
    const expected = expectedOf('10-photographed.jpg');
    nextReply = () => ({ body: candidateReply(JSON.stringify({ ...expected, invoice_date: '09/10/2026' })) });
    const { data, status } = await extract();
    expect(status).toBe(200);
    expect(data.message).toBe(INVOICE_MESSAGES.extracted);
    expect(data.formError).toBeNull();
    expect(data.values).toEqual({
      invoiceNumber: expected.invoice_number,
      supplier: expected.supplier,
      invoiceDate: '2026-09-10',
      totalAmount: expected.total_amount.toFixed(2),
    });
    expect(data.rows.slice(0, 3)).toEqual(
      expected.line_items.map((i) => ({
        part_number: i.part_number,
        description: i.description,
        quantity: String(i.quantity),
        unit_price: i.unit_price.toFixed(2),
      })),
    );
    expect(data.pendingToken).toMatch(/^\d{13}-[a-f0-9]{24}$/);

    expect(gemini.requests).toHaveLength(1);
    const sent = gemini.requests[0]!;
    expect(sent.path).toBe('/v1beta/models/gemini-test-flash:generateContent');
    expect(sent.apiKey).toBe(KEY);
    const image = sent.body.contents[0]!.parts.find((p) => p.inlineData)!.inlineData!;
    expect(image.mimeType).toBe('image/png');
    expect(Buffer.from(image.data, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(sent.body.generationConfig.responseMimeType).toBe('application/json');
    expect(Object.keys(sent.body.generationConfig.responseSchema.properties).sort()).toEqual(
      ['charges', 'invoice_date', 'invoice_number', 'line_items', 'subtotal', 'supplier', 'tax_amount', 'total_amount'],
    );
    expect(JSON.stringify(data)).not.toContain(KEY);
    await expectNothingSaved();
  });

  it('answers invalid JSON with the spec message and saves nothing', async () => {
    nextReply = () => ({ body: candidateReply('{"invoice_number": "A1", oops') });
    const { data, status } = await extract();
    expect(status).toBe(422);
    expect(data.formError).toBe(INVOICE_MESSAGES.invalidJson);
    await expectNothingSaved();
  });

  it('answers missing required fields with the spec message and saves nothing', async () => {
    nextReply = () => ({ body: candidateReply(JSON.stringify({ invoice_number: 'X-1', supplier: '', invoice_date: null, line_items: [] })) });
    const { data } = await extract();
    expect(data.formError).toBe(INVOICE_MESSAGES.insufficient);
    // What was read is still filled in for manual completion.
    expect(data.values).toEqual({ invoiceNumber: 'X-1', supplier: '', invoiceDate: '', totalAmount: '' });
    await expectNothingSaved();
  });

  it('retries once on HTTP 500, then shows the spec message and saves nothing', async () => {
    nextReply = () => ({ status: 500, body: JSON.stringify({ error: { code: 500, message: 'Internal error encountered.' } }) });
    const { data } = await extract();
    expect(gemini.requests).toHaveLength(2);
    expect(data.formError).toBe(INVOICE_MESSAGES.processingFailed('Internal error encountered'));
    expect(data.formError).toBe('AI processing failed: Internal error encountered. Check your API key or network.');
    await expectNothingSaved();
  });

  it('succeeds when the one retry after HTTP 429 succeeds', async () => {
    const expected = expectedOf('10-photographed.jpg');
    nextReply = (n) => (n === 1 ? { status: 429, body: '{"error":{"message":"Resource exhausted"}}' } : { body: candidateReply(JSON.stringify(expected)) });
    const { data } = await extract();
    expect(gemini.requests).toHaveLength(2);
    expect(data.message).toBe(INVOICE_MESSAGES.extracted);
  });

  it('gives up after its timeout with the spec message and saves nothing', async () => {
    setInvoiceExtractor(createGeminiExtractor({ apiKey: KEY, model: 'gemini-test-flash', baseUrl: gemini.baseUrl, timeoutMs: 400 }));
    nextReply = () => ({ body: candidateReply('{}'), delayMs: 5_000 });
    const started = Date.now();
    const { data } = await extract();
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(data.formError).toBe('AI processing failed: the request timed out after 400 ms. Check your API key or network.');
    await expectNothingSaved();
  });

  it('refuses a reply with a negative quantity or an impossible date, with a clear message', async () => {
    const expected = expectedOf('10-photographed.jpg');
    nextReply = () => ({
      body: candidateReply(JSON.stringify({ ...expected, line_items: [{ ...expected.line_items[0], quantity: -3 }] })),
    });
    let { data } = await extract();
    expect(data.formError).toBe('Line item 1 (BP-4410) has a negative quantity (-3). Please check the image or enter details manually.');
    nextReply = () => ({ body: candidateReply(JSON.stringify({ ...expected, invoice_date: '31/02/2026' })) });
    ({ data } = await extract());
    expect(data.formError).toBe('The invoice date "31/02/2026" is not a real date. Please check the image or enter details manually.');
    await expectNothingSaved();
  });

  it('sends a PDF as a PDF', async () => {
    const expected = expectedOf('01-classic.png');
    nextReply = () => ({ body: candidateReply(JSON.stringify(expected)) });
    const { data } = await extract({ bytes: fixture('scanned.pdf'), name: 'scan.pdf', type: 'application/pdf' });
    expect(data.message).toBe(INVOICE_MESSAGES.extracted);
    expect(gemini.requests[0]!.body.contents[0]!.parts.find((p) => p.inlineData)!.inlineData!.mimeType).toBe('application/pdf');
  });

  it('never puts the key in the page data', async () => {
    const loaded = await invoicesRoute.loader(args(makeRequest('/admin/invoices', { cookie: admin.cookie })));
    expect(JSON.stringify(loaded)).not.toContain(KEY);
    expect(loaded.extractorLabel).toBe('AI');
  });
});
