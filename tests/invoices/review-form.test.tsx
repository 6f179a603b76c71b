/**
 * The review form after a read (issue 18 "Never a silent success"): 'Data extracted successfully!' only for a complete
 * read that adds up (parts + charges + tax = total); otherwise the review's warnings at the top. The kept file is shown
 * beside the fields through the admin-only pending-file route; low-confidence fields are marked; bad input keeps the
 * form usable. Extractors are replaced with `setInvoiceExtractor` to return fixed invoices.
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES, MAX_INVOICE_FILE_BYTES, type ExtractedInvoice, type InvoiceFormState } from '~/lib/schemas/invoice';
import * as invoicesRoute from '~/routes/admin/invoices';
import * as pendingFileRoute from '~/routes/resources/pending-invoice-file';
import { ExtractionError, validateExtraction } from '~/server/extraction/contract.server';
import { setInvoiceExtractor, type InvoiceExtractor } from '~/server/extraction/extractor.server';
import { loadSharp } from '~/server/load-on-use.server';
import { createAccount, makeRequest, redirectLocation, settle, testContext, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { dataOf, fixture, invoiceRequest, rowCounts, useTempStorage } from './helpers';

withTestDatabase();
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: testContext }) as never;

let admin: TestAccount;
let customer: TestAccount;

beforeAll(async () => {
  useTempStorage();
  admin = await createAccount({ admin: true });
  customer = await createAccount({});
});
beforeEach(() => setInvoiceExtractor(undefined));
afterAll(() => setInvoiceExtractor(undefined));

/** An extractor that answers `result` (an invoice to validate, or an error to throw). */
function fixed(result: Record<string, unknown> | Error): InvoiceExtractor {
  return {
    name: 'gemini',
    async extract() {
      if (result instanceof Error) throw result;
      return validateExtraction(result);
    },
  };
}

const png = { bytes: fixture('01-classic.png'), name: 'supplier-invoice.png', type: 'image/png' };

async function read(file: { bytes: Uint8Array; name: string; type?: string } | null = png) {
  const value = await invoicesRoute.action(args(invoiceRequest(admin.cookie, { intent: 'extract', file })));
  return dataOf<InvoiceFormState>(value);
}

const loaderData = { invoices: [], page: 1, pageCount: 1, total: 0, loadError: null, saved: null, extractorLabel: 'AI' };

/** The invoices page as the server renders it for this action answer. */
function renderPage(actionData: InvoiceFormState): string {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => null,
      children: [
        {
          id: 'page',
          path: 'admin/invoices',
          Component: invoicesRoute.default as ComponentType as never,
          loader: () => null,
          action: () => null,
        },
      ],
    },
  ]);
  return renderToString(
    <Stub initialEntries={['/admin/invoices']} hydrationData={{ loaderData: { root: null, page: loaderData }, actionData: { page: actionData } }} />,
  );
}

const good = {
  invoice_number: 'INV-77120',
  supplier: 'Metro Auto Parts',
  invoice_date: '2026-11-03',
  // 2 × 120.00 + 1 × 35.50 = 275.50; + core 40.00 + freight 12.00 − discount 10.00 + tax 22.59 = 340.09
  total_amount: 340.09,
  line_items: [
    { part_number: 'HC3Z 8200 A', description: 'Grille', quantity: 2, unit_price: 120 },
    { part_number: '5S4Z-1OO-B', description: 'Bracket', quantity: 1, unit_price: 35.5 },
  ],
  tax_amount: 22.59,
  charges: [
    { kind: 'core', description: 'CORE CHARGE', amount: 40 },
    { kind: 'freight', description: 'FREIGHT', amount: 12 },
    { kind: 'discount', description: 'ACCT DISCOUNT', amount: -10 },
  ],
} satisfies Record<string, unknown> & Partial<ExtractedInvoice>;

describe('the review form after a read', () => {
  it('says "Data extracted successfully!" for a complete read that adds up with tax, freight, core and discount', async () => {
    setInvoiceExtractor(fixed(good));
    const { data, status } = await read();
    expect(status).toBe(200);
    expect(data.message).toBe(INVOICE_MESSAGES.extracted);
    expect(data.extras).toEqual({ subtotal: null, warnings: [] });
    // The charges and the tax fill editable rows, in the order read, the tax last.
    expect(data.charges).toEqual([
      { kind: 'core', description: 'CORE CHARGE', amount: '40.00' },
      { kind: 'freight', description: 'FREIGHT', amount: '12.00' },
      { kind: 'discount', description: 'ACCT DISCOUNT', amount: '-10.00' },
      { kind: 'tax', description: 'Sales tax', amount: '22.59' },
    ]);
    expect(data.preview).toEqual({ url: `/files/invoices/pending/${data.pendingToken}`, kind: 'image' });
    const html = renderPage(data);
    expect(html).toContain('Data extracted successfully!');
    expect(html).not.toContain('Check this invoice before saving');
    expect(html).not.toContain('Warning:');
    // The image beside the fields, and the charges with the reconciliation.
    expect(html).toContain(`<img src="/files/invoices/pending/${data.pendingToken}" alt="The uploaded invoice (supplier-invoice.png)"`);
    expect(html).toContain('Charges (not parts)');
    expect(html).toContain('value="CORE CHARGE"');
    expect(html).toContain('value="-10.00"');
    expect(html).toContain('<dt>Charges and tax</dt><dd class="text-right">$64.59</dd>');
    expect(html).toContain('✓ Adds up to the invoice total.');
    expect(html).toContain('name="readExtras"');
  });

  it('shows a warning instead of the success message when the total does not add up', async () => {
    setInvoiceExtractor(fixed({ ...good, tax_amount: null, charges: [] }));
    const { data, status } = await read();
    expect(status).toBe(200);
    expect(data.message).toBeNull();
    expect(data.extras?.warnings).toEqual([
      'The parts, charges and tax read do not add up to the invoice total. Please check every row against the image.',
    ]);
    // The form is filled all the same, to be corrected by hand.
    expect(data.values.invoiceNumber).toBe('INV-77120');
    expect(data.rows[0]!.part_number).toBe('HC3Z 8200 A');
    const html = renderPage(data);
    expect(html).not.toContain('Data extracted successfully!');
    expect(html).toContain('Check this invoice before saving');
    expect(html).toContain('do not add up to the invoice total');
    expect(html).toContain('Warning: <!-- -->Line items add up to $275.50, but the total is $340.09.');
  });

  it('warns on an empty parts table', async () => {
    setInvoiceExtractor(fixed({ ...good, line_items: [], charges: [], tax_amount: null }));
    const { data } = await read();
    expect(data.message).toBeNull();
    expect(data.extras?.warnings).toEqual(['No parts were found on this invoice. Please check the image and add the parts by hand.']);
    expect(renderPage(data)).toContain('No parts were found on this invoice.');
  });

  it('marks fields read with low confidence, with words and not colour alone', async () => {
    setInvoiceExtractor(
      fixed({ ...good, confidence: { invoice_number: 0.55, supplier: 0.97, line_items: [{ part_number: 0.62, quantity: 0.99 }, {}] } }),
    );
    const { data } = await read();
    expect(data.lowConfidence).toEqual({ invoiceNumber: 0.55 });
    expect(data.rows[0]!.low).toEqual({ part_number: 0.62 });
    expect(data.rows[1]!.low).toBeUndefined();
    // The read adds up, but a misread part number would too: low confidence withholds the success message.
    expect(data.message).not.toBe(INVOICE_MESSAGES.extracted);
    expect(data.extras?.warnings).toContain('1 cell of the parts table was read with low confidence and marked ⚠. Please check it against the invoice.');
    const html = renderPage(data);
    expect(html).toContain('⚠ Check against the invoice: read with low confidence (55 %).');
    expect(html).toContain('Check <!-- -->Part #<!-- -->: low confidence (<!-- -->62 %<!-- -->)');
    expect(html).toContain('aria-describedby="low-0-part_number"');
    expect(data.extras?.warnings).toContain('The invoice number was read with low confidence (55 %). Please check it against the invoice.');
    expect(html.match(/low confidence/g)).toHaveLength(4); // the two marks and the two warnings at the top
  });

  it('keeps the charge rows as edited through a save that fails validation, so the reconciliation stays', async () => {
    setInvoiceExtractor(fixed(good));
    const { data: first } = await read();
    const value = await invoicesRoute.action(
      args(
        invoiceRequest(admin.cookie, {
          intent: 'save',
          file: null,
          fields: {
            pendingToken: first.pendingToken!,
            pendingFileName: first.fileName!,
            invoiceNumber: '',
            supplier: 'Metro Auto Parts',
            invoiceDate: '2026-11-03',
            totalAmount: '340.09',
            readExtras: JSON.stringify({ subtotal: 281.5 }),
          },
          rows: [{ part_number: 'HC3Z 8200 A', description: 'Grille', quantity: '2', unit_price: '120.00' }],
          charges: [
            { kind: 'freight', description: 'FREIGHT', amount: '12.00' },
            { kind: 'tax', description: 'Sales tax', amount: '22.59' },
          ],
        }),
      ),
    );
    const { data, status } = dataOf<InvoiceFormState>(value);
    expect(status).toBe(400);
    expect(data.charges).toEqual([
      { kind: 'freight', description: 'FREIGHT', amount: '12.00' },
      { kind: 'tax', description: 'Sales tax', amount: '22.59' },
    ]);
    expect(data.extras?.subtotal).toBe(281.5);
    expect(data.preview?.url).toBe(`/files/invoices/pending/${first.pendingToken}`);
    expect(await rowCounts()).toEqual({ invoices: 0, lineItems: 0, inventory: 0 });
  });
});

describe('the kept file beside the form', () => {
  it('is served to admins only, inline with its type; unknown tokens are 404', async () => {
    setInvoiceExtractor(fixed(good));
    const { data } = await read();
    const token = data.pendingToken!;
    const url = `/files/invoices/pending/${token}`;
    const response = (await pendingFileRoute.loader(args(makeRequest(url, { cookie: admin.cookie }), { token }))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(png.bytes))).toBe(true);

    const anonymous = await settle(() => pendingFileRoute.loader(args(makeRequest(url), { token })));
    expect(redirectLocation(anonymous.thrown ?? anonymous.value)).toMatch(/^\/login\?/);
    const asCustomer = await settle(() => pendingFileRoute.loader(args(makeRequest(url, { cookie: customer.cookie }), { token })));
    expect((asCustomer.thrown ?? asCustomer.value) as Response).toBeInstanceOf(Response);
    expect(((asCustomer.thrown ?? asCustomer.value) as Response).status).not.toBe(200);
    for (const bad of ['1700000000000-000000000000000000000000', 'nope']) {
      const missing = await settle(() => pendingFileRoute.loader(args(makeRequest(`/files/invoices/pending/${bad}`, { cookie: admin.cookie }), { token: bad })));
      expect((missing.thrown as Response).status).toBe(404);
    }
  });

  it('frames a PDF: the form embeds it with a link to open it', async () => {
    setInvoiceExtractor(fixed(good));
    const { data } = await read({ bytes: fixture('text-layer.pdf'), name: 'invoice.pdf', type: 'application/pdf' });
    expect(data.preview).toEqual({ url: `/files/invoices/pending/${data.pendingToken}`, kind: 'pdf' });
    const html = renderPage(data);
    expect(html).toContain(`<iframe src="/files/invoices/pending/${data.pendingToken}" title="The uploaded invoice (invoice.pdf)"`);
    expect(html).toContain('Open <!-- -->the PDF<!-- --> in a new tab');
    const response = (await pendingFileRoute.loader(args(makeRequest(data.preview!.url, { cookie: admin.cookie }), { token: data.pendingToken! }))) as Response;
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-security-policy')).not.toContain('sandbox');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });
});

describe('bad input keeps the form usable', () => {
  it('a reader failing unexpectedly: a clear message, no 500, typed values kept', async () => {
    setInvoiceExtractor(fixed(new TypeError('Cannot read properties of undefined')));
    const value = await invoicesRoute.action(
      args(invoiceRequest(admin.cookie, { intent: 'extract', file: png, fields: { supplier: 'Typed by hand' } })),
    );
    const { data, status } = dataOf<InvoiceFormState>(value);
    expect(status).toBe(422);
    expect(data.formError).toBe(INVOICE_MESSAGES.readFailed);
    expect(data.values.supplier).toBe('Typed by hand');
    expect(data.pendingToken).toBeTruthy();
    expect(renderPage(data)).toContain('Save Invoice');
  });

  it('a reader’s own message (e.g. a blank page) is shown as it is, with what was read', async () => {
    const blank = new ExtractionError(INVOICE_MESSAGES.insufficient, 'insufficient', {
      invoice_number: '',
      supplier: '',
      invoice_date: '',
      total_amount: null,
      line_items: [],
    });
    setInvoiceExtractor(fixed(blank));
    const { data, status } = await read();
    expect(status).toBe(422);
    expect(data.formError).toBe(INVOICE_MESSAGES.insufficient);
    expect(data.message).toBeNull();
    const html = renderPage(data);
    expect(html).toContain(INVOICE_MESSAGES.insufficient);
    expect(html).not.toContain('Data extracted successfully!');
    // What is missing, in words, next to the reader's message.
    expect(data.extras?.warnings).toEqual([
      'No invoice number was found. Please type it from the invoice.',
      'No invoice date was found. Please type it from the invoice.',
      'No parts were found on this invoice. Please check the image and add the parts by hand.',
    ]);
    expect(html).toContain('No invoice date was found.');
    expect(html).toContain('The uploaded invoice (supplier-invoice.png)');
  });

  it('a file over 15 MB: the size message, nothing kept, the typed fields back', async () => {
    const sharp = await loadSharp();
    // An image of noise larger than 15 MB (uncompressible) — the limit is checked while streaming.
    const width = 2600;
    const height = 2200;
    const noise = Buffer.alloc(width * height * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.byteLength).toBeGreaterThan(MAX_INVOICE_FILE_BYTES);
    const { value, thrown } = await settle(() =>
      invoicesRoute.action(args(invoiceRequest(admin.cookie, { intent: 'extract', file: { bytes: new Uint8Array(big), name: 'huge.png', type: 'image/png' } }))),
    );
    expect(thrown).toBeUndefined();
    const { data, status } = dataOf<InvoiceFormState>(value);
    expect(status).toBe(413);
    expect(data.formError).toBe('The file is larger than 15 MB. Please upload a smaller image or PDF.');
    expect(data.pendingToken).toBeNull();
    expect(renderPage(data)).toContain('Save Invoice');
  });

  it('the offline reader past its time limit answers in time with a clear message, the form kept', async () => {
    const { readLimits, READ_TIME_LIMIT_MESSAGE } = await import('~/server/invoices/submit-invoice-form.server');
    const saved = readLimits.offlineMs;
    let aborted = false;
    setInvoiceExtractor({
      name: 'offline-ocr',
      // A reader stuck on a 40-page scan: it only stops when told to (and the form must not wait for that).
      extract: (_file, { signal } = {}) =>
        new Promise(() => {
          signal?.addEventListener('abort', () => (aborted = true));
        }),
    });
    readLimits.offlineMs = 1_000;
    try {
      const started = Date.now();
      const { data, status } = await read();
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(status).toBe(422);
      expect(data.formError).toBe(READ_TIME_LIMIT_MESSAGE(1));
      expect(data.formError).toBe(
        'Reading the invoice took longer than 1 s and was stopped. Please enter the details by hand, or try a clearer image or a shorter PDF.',
      );
      expect(aborted).toBe(true);
      expect(renderPage(data)).toContain('Save Invoice');
    } finally {
      readLimits.offlineMs = saved;
    }
  });
});
