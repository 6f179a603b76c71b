/**
 * Bad input at the form level (issue 18): a blank page, a photo of something else, a 40-page PDF, a PDF locked with a
 * password and a 15 MB image each get a clear message within the time limit — never a 500 — and the form comes back
 * usable by hand (typed values kept, nothing saved). Runs the real offline reader (tesseract.js, pdfjs), no stubs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES, type InvoiceFormState } from '~/lib/schemas/invoice';
import * as invoicesRoute from '~/routes/admin/invoices';
import { renderPdf } from '~/server/documents/pdf/render-pdf.server';
import { setInvoiceExtractor } from '~/server/extraction/extractor.server';
import { closeOcrWorker } from '~/server/extraction/ocr.server';
import { INVOICE_UPLOAD_MESSAGES } from '~/server/invoices/read-invoice-upload.server';
import { OFFLINE_READ_LIMIT_MS } from '~/server/invoices/submit-invoice-form.server';
import { loadSharp } from '~/server/load-on-use.server';
import { createAccount, settle, testContext, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { dataOf, invoiceRequest, rowCounts, storedFiles, useTempStorage } from './helpers';

withTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: testContext }) as never;

let admin: TestAccount;
let storageRoot: string;
beforeAll(async () => {
  storageRoot = useTempStorage();
  admin = await createAccount({ admin: true });
  setInvoiceExtractor(undefined);
});
afterAll(() => closeOcrWorker());

/** Reads `file` through the page's action with a typed supplier; checks the outcome is an answer, not a crash. */
async function readUpload(file: { bytes: Uint8Array; name: string; type: string }) {
  const started = Date.now();
  const { value, thrown } = await settle(() =>
    invoicesRoute.action(args(invoiceRequest(admin.cookie, { intent: 'extract', file, fields: { supplier: 'Typed Supplier' } }))),
  );
  const ms = Date.now() - started;
  expect(thrown).toBeUndefined();
  const { data, status } = dataOf<InvoiceFormState>(value);
  expect(status).not.toBe(500);
  expect(data.message).not.toBe(INVOICE_MESSAGES.extracted);
  expect(ms).toBeLessThan(OFFLINE_READ_LIMIT_MS + 2_000);
  expect(await rowCounts()).toEqual({ invoices: 0, lineItems: 0, inventory: 0 });
  expect(storedFiles(storageRoot).filter((f) => !f.includes('/pending/'))).toEqual([]);
  if (process.env.SHOW_BAD_INPUT) console.log(file.name, status, `${ms} ms`, data.formError, data.extras?.warnings);
  return { data, status, ms };
}


describe('bad input at the invoice form (offline reader)', () => {
  it('a blank page: a clear message, the typed supplier kept, the file kept to save by hand', async () => {
    const sharp = await loadSharp();
    const bytes = new Uint8Array(await sharp({ create: { width: 1275, height: 1650, channels: 3, background: '#ffffff' } }).png().toBuffer());
    const { data, status } = await readUpload({ bytes, name: 'blank.png', type: 'image/png' });
    expect(status).toBe(422);
    expect(data.formError).toBeTruthy();
    expect(data.values.supplier).toBe('Typed Supplier');
    expect(data.pendingToken).toBeTruthy();
    expect(data.preview?.kind).toBe('image');
  }, 90_000);

  it('a photo of something else: a clear message or a warned read, never the success message', async () => {
    // A "photo": soft gradients and blobs, no text.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
      <defs><radialGradient id="g"><stop offset="0" stop-color="#8ab"/><stop offset="1" stop-color="#234"/></radialGradient></defs>
      <rect width="1200" height="900" fill="url(#g)"/><circle cx="400" cy="420" r="210" fill="#c84"/><ellipse cx="850" cy="600" rx="260" ry="120" fill="#563"/></svg>`;
    const bytes = new Uint8Array(await (await loadSharp())(Buffer.from(svg)).blur(3).jpeg({ quality: 70 }).toBuffer());
    const { data } = await readUpload({ bytes, name: 'car-park.jpg', type: 'image/jpeg' });
    expect(Boolean(data.formError) || (data.extras?.warnings.length ?? 0) > 0).toBe(true);
  }, 90_000);

  it('a 40-page PDF: answered within the limit with a clear message', async () => {
    const pages = Array.from({ length: 40 }, (_, i) => ({
      text: `Service manual chapter ${i + 1}. Torque the bolts to specification and check the alignment twice.`,
      ...(i < 39 ? { pageBreak: 'after' as const } : {}),
    }));
    const bytes = new Uint8Array(await renderPdf({ content: pages }));
    const { data, ms } = await readUpload({ bytes, name: 'manual.pdf', type: 'application/pdf' });
    expect(data.formError).toBeTruthy();
    expect(ms).toBeLessThan(20_000);
  }, 90_000);

  it('a PDF locked with a password: says so, keeps the typed values', async () => {
    const bytes = new Uint8Array(
      await renderPdf({ content: [{ text: 'Invoice INV-5 Metro Parts 11/03/2026 Total $10.00' }], userPassword: 'secret', ownerPassword: 'owner' }),
    );
    const { data, status } = await readUpload({ bytes, name: 'locked.pdf', type: 'application/pdf' });
    expect(status).toBe(400);
    expect(data.formError).toBe(INVOICE_UPLOAD_MESSAGES.encryptedPdf);
    expect(data.formError).toBe(
      'This PDF is protected with a password, so it cannot be read. Please upload an unprotected copy or an image of the invoice, or enter the details by hand.',
    );
    expect(data.values.supplier).toBe('Typed Supplier');
  });

  it('a 15 MB image: the size message at once, nothing kept', async () => {
    const bytes = new Uint8Array(15 * 1024 * 1024 + 10);
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    const { data, status, ms } = await readUpload({ bytes, name: 'huge.jpg', type: 'image/jpeg' });
    expect(status).toBe(413);
    expect(data.formError).toBe('The file is larger than 15 MB. Please upload a smaller image or PDF.');
    expect(data.pendingToken).toBeNull();
    expect(ms).toBeLessThan(5_000);
  });
});
