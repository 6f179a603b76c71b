/**
 * Fault tests (issue 6): storage failing during an upload, and the row failing after the file was stored. Rule: every
 * multi-step write is one transaction, and a file stored for a row that failed is removed.
 *
 * For each upload path (work-order document, several repair photos at once, vendor invoice) the user gets the spec's
 * message (never a 500), no row is written (documents, invoices, line items, stock, audit log unchanged), and no file of
 * that request is left in the storage folder — files stored earlier in the same batch are removed again.
 *
 * Failures are real where the file system can make them: the bucket's folder is replaced by a plain file, so every
 * write into it fails with ENOTDIR (a read-only folder would not do: tests may run as root). "The third of four photos
 * fails" needs a failure after two good writes; there a wrapper around the real local storage refuses the Nth put, as
 * an S3 service answering 503 mid-batch would. Row failures come from a trigger in the database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bucket } from '~/lib/work-order-status';
import { INVOICE_MESSAGES, type InvoiceFormState } from '~/lib/schemas/invoice';
import * as invoicesRoute from '~/routes/admin/invoices';
import * as photosRoute from '~/routes/admin/photos';
import * as workOrderDetails from '~/routes/admin/work-orders/details';
import { auditLog, customerDocuments, inventory, invoiceLineItems, invoices } from '~/server/db/schema';
import {
  DOCUMENT_RECORD_FAILED,
  DOCUMENT_STORE_FAILED,
  PHOTOS_RECORD_FAILED,
  PHOTOS_STORE_FAILED,
} from '~/server/documents/upload-documents.server';
import { closeOcrWorker } from '~/server/extraction/ocr.server';
import { INVOICE_FILE_NOT_STORED } from '~/server/invoices/receive-vendor-invoice.server';
import { createLocalStorage, setStorage, type Storage } from '~/server/storage/storage.server';
import { createAccount, settle, testContext, uid, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { createCustomerWithWorkOrder, dataOf, multipartRequest } from '../admin/helpers';
import { fixture, invoiceRequest } from '../invoices/helpers';

const t = withTestDatabase();
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: testContext }) as never;
type Result = { ok: boolean; message: string; fieldErrors: Record<string, string> };

let admin: TestAccount;
let root: string;

beforeAll(async () => {
  admin = await createAccount({ admin: true, name: 'Fault Admin' });
});
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-faults-'));
  setStorage(createLocalStorage(root));
});
afterEach(() => {
  setStorage(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});
afterAll(() => closeOcrWorker());

/** Every file under the storage folder (relative paths, sorted). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** Makes every write into `bucket` fail for real: its folder becomes a plain file (ENOTDIR below it). */
function breakBucket(bucket: Bucket): void {
  fs.writeFileSync(path.join(root, bucket), 'not a folder');
}

/**
 * The real local storage, watched: records every successful put (and whether the file then existed). With `failOnPut`
 * the put of that number (1-based) throws instead, as an S3 service answering 503 mid-batch would.
 */
function watchStorage(inner: Storage, failOnPut?: number) {
  const puts: { bucket: Bucket; key: string; existedAfterPut: boolean }[] = [];
  let n = 0;
  const storage: Storage = {
    ...inner,
    async put(bucket, key, data, options) {
      n += 1;
      if (n === failOnPut) throw new Error('503 Service Unavailable: SlowDown');
      await inner.put(bucket, key, data, options);
      puts.push({ bucket, key, existedAfterPut: await inner.exists(bucket, key) });
    },
  };
  return { storage, puts };
}

/** Everything a failed upload must leave untouched. */
async function snapshot() {
  const db = t.db;
  const [docs] = await db.select({ n: count() }).from(customerDocuments);
  const [inv] = await db.select({ n: count() }).from(invoices);
  const [lines] = await db.select({ n: count() }).from(invoiceLineItems);
  const [audit] = await db.select({ n: count() }).from(auditLog);
  const stock = await db.select({ part: inventory.partNumber, qty: inventory.quantity, price: inventory.unitPrice }).from(inventory);
  return { documents: docs!.n, invoices: inv!.n, lineItems: lines!.n, audit: audit!.n, stock: stock.sort((a, b) => a.part.localeCompare(b.part)) };
}

const jpeg = (color: string) =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: color } })
    .jpeg()
    .toBuffer()
    .then((b) => new Uint8Array(b));
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function uploadDocument(workOrderId: string) {
  const request = multipartRequest(`/admin/work-orders/details/${workOrderId}?intent=upload-document`, {
    cookie: admin.cookie,
    fields: { intent: 'upload-document', documentType: 'quote' },
    files: [{ field: 'file', name: 'estimate.pdf', bytes: PDF, type: 'application/pdf' }],
  });
  return dataOf<Result>(await workOrderDetails.action(args(request, { workOrderId })));
}

async function uploadPhotos(workOrderId: string, count: number) {
  const files = [];
  for (let i = 1; i <= count; i += 1) {
    files.push({ field: 'photos', name: `damage-${i}.jpg`, bytes: await jpeg(`#${i}${i}0000`.slice(0, 7)), type: 'image/jpeg' });
  }
  const request = multipartRequest('/admin/photos?intent=upload-photos', {
    cookie: admin.cookie,
    fields: { intent: 'upload-photos', workOrderId },
    files,
  });
  return dataOf<Result>(await photosRoute.action(args(request)));
}

/** A trigger that refuses every new customer_documents row, as a failing constraint would; returns its removal. */
async function refuseDocumentRows(): Promise<() => Promise<void>> {
  await t.db.execute(sql`CREATE FUNCTION refuse_documents() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'documents refused'; END $$`);
  await t.db.execute(sql`CREATE TRIGGER refuse_documents BEFORE INSERT ON customer_documents FOR EACH ROW EXECUTE FUNCTION refuse_documents()`);
  return async () => {
    await t.db.execute(sql`DROP TRIGGER refuse_documents ON customer_documents`);
    await t.db.execute(sql`DROP FUNCTION refuse_documents()`);
  };
}

describe('storage write failing', () => {
  it('work-order document: the spec message (503), no row, no file', async () => {
    const { workOrder } = await createCustomerWithWorkOrder();
    breakBucket('customer-files');
    const before = await snapshot();
    const result = await uploadDocument(workOrder.id);
    expect(result.status).toBe(503);
    expect(result.data).toMatchObject({ ok: false, message: DOCUMENT_STORE_FAILED });
    expect(result.data.message).toMatch(/^File upload failed: /);
    expect(await snapshot()).toEqual(before);
    expect(filesUnder(root)).toEqual(['customer-files']); // only the plain file that broke the bucket
  });

  it('repair photos: the third of four fails; the two stored before it are removed, no row at all', async () => {
    const { workOrder } = await createCustomerWithWorkOrder();
    const { storage, puts } = watchStorage(createLocalStorage(root), 3);
    setStorage(storage);
    const before = await snapshot();
    const result = await uploadPhotos(workOrder.id, 4);
    expect(result.status).toBe(503);
    expect(result.data).toMatchObject({ ok: false, message: PHOTOS_STORE_FAILED });
    // Two photos really were on disk before the failure...
    expect(puts).toHaveLength(2);
    expect(puts.every((p) => p.existedAfterPut && p.bucket === 'repair-photos')).toBe(true);
    // ...and neither they nor anything else of the request remains.
    expect(filesUnder(root)).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(await t.db.select().from(customerDocuments).where(eq(customerDocuments.workOrderId, workOrder.id))).toEqual([]);
  });

  it('repair photos: storage refusing the first photo is the same clean failure', async () => {
    const { workOrder } = await createCustomerWithWorkOrder();
    breakBucket('repair-photos');
    const before = await snapshot();
    const result = await uploadPhotos(workOrder.id, 2);
    expect(result.status).toBe(503);
    expect(result.data.message).toBe(PHOTOS_STORE_FAILED);
    expect(await snapshot()).toEqual(before);
    expect(filesUnder(root)).toEqual(['repair-photos']);
  });

  it('vendor invoice: "Submission failed: …" (503), no invoice, no line items, stock unchanged, no file', async () => {
    const part = `FLT-${uid()}`;
    await t.db.insert(inventory).values({ partNumber: part, description: 'Door shell', quantity: 3, unitPrice: '210.00', supplier: 'Keystone' });
    breakBucket('invoice-files');
    const before = await snapshot();
    const { value, thrown } = await settle(() =>
      invoicesRoute.action(
        args(
          invoiceRequest(admin.cookie, {
            intent: 'save',
            file: { bytes: fixture('01-classic.png'), name: 'invoice.png', type: 'image/png' },
            fields: { invoiceNumber: `F-${uid()}`, supplier: 'Keystone Collision Parts', invoiceDate: '2026-11-05' },
            rows: [
              { part_number: part, description: 'Door shell', quantity: '2', unit_price: '215.00' },
              { part_number: `NEW-${uid()}`, description: 'Clips', quantity: '10', unit_price: '1.25' },
            ],
          }),
        ),
      ),
    );
    expect(thrown).toBeUndefined();
    const { data, status } = dataOf<InvoiceFormState>(value);
    expect(status).toBe(503);
    expect(data.formError).toBe(INVOICE_MESSAGES.submissionFailed(INVOICE_FILE_NOT_STORED));
    // The file could not be kept for another try either: the form says nothing is kept, so the admin picks it again.
    expect(data.pendingToken).toBeNull();
    expect(data.fileName).toBeNull();
    expect(data.values.supplier).toBe('Keystone Collision Parts');
    expect(await snapshot()).toEqual(before);
    expect(filesUnder(root)).toEqual(['invoice-files']);
  });

  it('vendor invoice: reading a file still works when it cannot be kept on the server (no 500)', async () => {
    breakBucket('invoice-files');
    const result = dataOf<InvoiceFormState>(
      await invoicesRoute.action(
        args(invoiceRequest(admin.cookie, { intent: 'extract', file: { bytes: fixture('text-layer.pdf'), name: 'inv.pdf', type: 'application/pdf' } })),
      ),
    );
    expect(result.status).toBe(200);
    expect(result.data.message).toBe(INVOICE_MESSAGES.extracted);
    expect(result.data.values.invoiceNumber).toBe('INV-10234');
    expect(result.data.pendingToken).toBeNull();
    expect(filesUnder(root)).toEqual(['invoice-files']);
  });
});

describe('the row failing after the file was stored', () => {
  it('work-order document: the stored file is removed, the spec message says the record failed', async () => {
    const { workOrder } = await createCustomerWithWorkOrder();
    const { storage, puts } = watchStorage(createLocalStorage(root));
    setStorage(storage);
    const before = await snapshot();
    const restore = await refuseDocumentRows();
    try {
      const result = await uploadDocument(workOrder.id);
      expect(result.status).toBe(503);
      expect(result.data.message).toBe(DOCUMENT_RECORD_FAILED);
      expect(result.data.message).not.toMatch(/insert into|documents refused/); // no SQL or database text shown
    } finally {
      await restore();
    }
    expect(puts.map((p) => [p.bucket, p.existedAfterPut])).toEqual([['customer-files', true]]);
    expect(filesUnder(root)).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('repair photos: all three stored files are removed when their rows fail', async () => {
    const { workOrder } = await createCustomerWithWorkOrder();
    const { storage, puts } = watchStorage(createLocalStorage(root));
    setStorage(storage);
    const before = await snapshot();
    const restore = await refuseDocumentRows();
    try {
      const result = await uploadPhotos(workOrder.id, 3);
      expect(result.status).toBe(503);
      expect(result.data.message).toBe(PHOTOS_RECORD_FAILED);
    } finally {
      await restore();
    }
    expect(puts).toHaveLength(3);
    expect(puts.every((p) => p.existedAfterPut)).toBe(true);
    expect(filesUnder(root)).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('after the fault is gone the same upload succeeds, every photo with its row (all or nothing, not "some")', async () => {
    const { workOrder } = await createCustomerWithWorkOrder();
    const result = await uploadPhotos(workOrder.id, 3);
    expect(result.status).toBe(200);
    expect(result.data.message.split('\n')).toHaveLength(3);
    const rows = await t.db.select().from(customerDocuments).where(eq(customerDocuments.workOrderId, workOrder.id));
    expect(rows.map((r) => r.fileName).sort()).toEqual(['damage-1.jpg', 'damage-2.jpg', 'damage-3.jpg']);
    expect(filesUnder(path.join(root, 'repair-photos')).map((f) => f.replace(/\\/g, '/')).sort()).toEqual(
      rows.map((r) => r.fileKey).sort(),
    );
  });
});
