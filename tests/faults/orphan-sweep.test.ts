/**
 * The orphan-file sweep (issue 6: a file stored for a row that failed is removed, even after the process died between
 * "file stored" and "row committed"). Real uploads make the referenced files; the orphans are what a killed process
 * leaves: files stored under the same kind of keys with no row, a thumbnail of a document that is gone, an unfinished
 * local write (`.part`). Ages are set on the files themselves (mtime), as time passing would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bucket } from '~/lib/work-order-status';
import { uploadCustomerDocument, uploadRepairPhotos } from '~/server/documents/upload-documents.server';
import { stashPendingUpload } from '~/server/invoices/pending-upload.server';
import { receiveVendorInvoice } from '~/server/invoices/receive-vendor-invoice.server';
import { makeThumbnail, thumbnailKey } from '~/server/portal/serve-document.server';
import { ORPHAN_GRACE_MS, startOrphanSweeper, sweepOrphanFiles } from '~/server/storage/orphan-sweep.server';
import { createLocalStorage, setStorage, type Storage } from '~/server/storage/storage.server';
import type { UploadedFile } from '~/server/uploads/upload.server';
import { createAccount, uid, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { createCustomerWithWorkOrder } from '../admin/helpers';

withTestDatabase();

let admin: TestAccount;
let root: string;
let storage: Storage;

beforeAll(async () => {
  admin = await createAccount({ admin: true });
});
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'orphan-sweep-'));
  storage = createLocalStorage(root);
  setStorage(storage);
});
afterEach(() => {
  setStorage(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

const HOUR = 60 * 60 * 1000;
const fileOf = (bucket: Bucket, key: string) => path.join(root, bucket, ...key.split('/'));
const exists = (bucket: Bucket, key: string) => fs.existsSync(fileOf(bucket, key));

/** Sets a stored file's modification time to `ms` ago. */
function age(bucket: Bucket, key: string, ms: number): void {
  const when = new Date(Date.now() - ms);
  fs.utimesSync(fileOf(bucket, key), when, when);
}

async function jpegFile(name: string): Promise<UploadedFile> {
  const bytes = new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background: '#258' } }).jpeg().toBuffer());
  return { fieldName: 'photos', fileName: name, sniffedType: { mime: 'image/jpeg', ext: 'jpg' }, size: bytes.length, bytes };
}
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const pdfFile: UploadedFile = { fieldName: 'file', fileName: 'quote.pdf', sniffedType: { mime: 'application/pdf', ext: 'pdf' }, size: PDF.length, bytes: PDF };

/** The admin as the acting staff member of the use cases. */
const actor = () => ({ id: admin.userId, email: admin.email });

/** Files with rows, made through the real use cases: a photo (and its thumbnail), a quote, a vendor invoice. */
async function referencedFiles() {
  const { workOrder } = await createCustomerWithWorkOrder();
  const photo = await uploadRepairPhotos(actor(), { workOrderId: workOrder.id, files: [await jpegFile('kept.jpg')] });
  const quote = await uploadCustomerDocument(actor(), { workOrderId: workOrder.id, documentType: 'quote', file: pdfFile });
  const invoice = await receiveVendorInvoice(
    actor(),
    { invoiceNumber: `S-${uid()}`, supplier: 'Sweep Supply', invoiceDate: '2026-01-02', totalAmount: null, items: [], charges: [] },
    { bytes: PDF, mime: 'application/pdf', fileName: 'inv.pdf' },
  );
  const find = async (bucket: Bucket, prefix: string) => (await storage.list(bucket, prefix)).filter((k) => !k.startsWith('thumbs/'));
  const [photoKey] = await find('repair-photos', `work_orders/${workOrder.id}/`);
  const [quoteKey] = await find('customer-files', `work_orders/${workOrder.id}/`);
  const [invoiceKey] = await find('invoice-files', `invoices/${invoice.invoiceId}/`);
  expect(photo.documentIds).toHaveLength(1);
  expect(quote.documentId).toBeTruthy();
  expect((await makeThumbnail('repair-photos', photoKey!)).ok).toBe(true);
  return { workOrderId: workOrder.id, photoKey: photoKey!, quoteKey: quoteKey!, invoiceKey: invoiceKey! };
}

describe('orphan-file sweep', () => {
  it('removes old files no row refers to, keeps referenced ones of any age and young ones', async () => {
    const ref = await referencedFiles();
    const kept: [Bucket, string][] = [
      ['repair-photos', ref.photoKey],
      ['repair-photos', thumbnailKey(ref.photoKey)],
      ['customer-files', ref.quoteKey],
      ['invoice-files', ref.invoiceKey],
    ];
    const put = (bucket: Bucket, key: string, bytes: Uint8Array = PDF) => storage.put(bucket, key, bytes, { contentType: 'application/octet-stream' });
    const wo = ref.workOrderId;
    const orphans: [Bucket, string][] = [
      ['repair-photos', `work_orders/${wo}/1700000000000001-killed-mid-upload.jpg`],
      ['repair-photos', thumbnailKey(`work_orders/${wo}/1700000000000002-deleted.jpg`)],
      ['customer-files', `work_orders/${wo}/quote/1700000000000003-estimate.pdf`],
      ['invoice-files', `invoices/${crypto.randomUUID()}/1700000000000-invoice.png`],
      // The quote's key exists as a row in customer-files only: the same key in another bucket is not referenced.
      ['repair-photos', ref.quoteKey],
    ];
    for (const [bucket, key] of orphans) await put(bucket, key);
    // An unfinished write of the local driver, left by a process killed inside `put`.
    const partial = `work_orders/${wo}/1700000000000004-big.jpg.999.1700000000000abcdef.part`;
    fs.writeFileSync(fileOf('repair-photos', partial), 'half a photo');
    orphans.push(['repair-photos', partial]);
    // Young orphan: another process may be about to commit its row.
    const young: [Bucket, string] = ['customer-files', `work_orders/${wo}/paid_invoice/1700000000000005-new.pdf`];
    await put(...young);
    // Pending invoice files follow their own one-day rule.
    const freshToken = await stashPendingUpload({ bytes: PDF, mime: 'application/pdf', fileName: 'fresh.pdf' });
    const staleToken = await stashPendingUpload({ bytes: PDF, mime: 'application/pdf', fileName: 'stale.pdf' }, Date.now() - 2 * 24 * HOUR);

    for (const [bucket, key] of [...kept, ...orphans]) age(bucket, key, 2 * HOUR);
    age(young[0], young[1], ORPHAN_GRACE_MS - 5 * 60 * 1000);
    for (const key of await storage.list('invoice-files', 'pending/')) age('invoice-files', key, 2 * HOUR);

    const result = await sweepOrphanFiles();

    for (const [bucket, key] of orphans) expect(exists(bucket, key), `${bucket}/${key} removed`).toBe(false);
    for (const [bucket, key] of kept) expect(exists(bucket, key), `${bucket}/${key} kept`).toBe(true);
    expect(exists(...young)).toBe(true);
    const pending = await storage.list('invoice-files', 'pending/');
    expect(pending.some((k) => k.includes(freshToken))).toBe(true);
    expect(pending.some((k) => k.includes(staleToken))).toBe(false);
    expect(result).toEqual({ scanned: kept.length + orphans.length + 1 + 2, removed: orphans.length, failed: 0, pendingRemoved: 1 });

    // The young one goes once it is past the grace period (a later start or hourly sweep), unless a row appeared.
    expect((await sweepOrphanFiles({ now: Date.now() + 10 * 60 * 1000 })).removed).toBe(1);
    expect(exists(...young)).toBe(false);
    for (const [bucket, key] of kept) expect(exists(bucket, key)).toBe(true);
  });

  it('keeps sweeping the other buckets when one cannot be listed, and says so', async () => {
    const orphan = 'work_orders/00000000-0000-4000-8000-00000000000a/1-x.jpg';
    await storage.put('repair-photos', orphan, PDF, { contentType: 'image/jpeg' });
    age('repair-photos', orphan, 2 * HOUR);
    setStorage({ ...storage, listObjects: (bucket, prefix) => (bucket === 'customer-files' ? Promise.reject(new Error('timeout')) : storage.listObjects(bucket, prefix)) });
    const result = await sweepOrphanFiles();
    expect(result).toMatchObject({ removed: 1, failed: 1 });
    expect(exists('repair-photos', orphan)).toBe(false);
  });

  it('runs at once when started (as start-up does), and stop waits for it', async () => {
    const orphan = 'invoices/00000000-0000-4000-8000-00000000000b/1-left.pdf';
    await storage.put('invoice-files', orphan, PDF, { contentType: 'application/pdf' });
    age('invoice-files', orphan, 3 * HOUR);
    const stop = startOrphanSweeper({ intervalMs: 60_000 });
    await stop();
    expect(exists('invoice-files', orphan)).toBe(false);
  });
});
