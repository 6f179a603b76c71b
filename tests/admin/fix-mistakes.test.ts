/**
 * Fixing mistakes on a work order (issue 17 §6), through the work order page's action on a real database and real
 * files: edit the description; remove (some of) a part used with the stock restored in one transaction, and refuse
 * more than was used; delete or replace a document or photo (the file is gone, the row points at the new file); a
 * date in the past asks first. Every write leaves one audit row; every refusal leaves none and changes nothing.
 */
import path from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import * as workOrderDetails from '~/routes/admin/work-orders/details';
import * as estimateEditor from '~/routes/admin/work-orders/estimate';
import { auditLog, customerDocuments, estimateVersions, inventory, workOrderParts, workOrders } from '~/server/db/schema';
import { FILE_IS_A_RECORD, FILE_NOT_ON_WORK_ORDER } from '~/server/documents/fix-documents.server';
import { PART_NOT_ON_WORK_ORDER } from '~/server/inventory/remove-part-from-work-order.server';
import { createLocalStorage, getStorage, setStorage } from '~/server/storage/storage.server';
import { createAccount, makeRequest, testContext, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { createCustomerWithWorkOrder, createInventoryItem, dataOf, multipartRequest } from './helpers';

const t = withTestDatabase();
let admin: TestAccount;

beforeAll(async () => {
  setStorage(createLocalStorage(path.join(t.dataDir, 'files')));
  admin = await createAccount({ admin: true, name: 'Fixing Admin' });
});

type Result = { ok: boolean; message: string; fieldErrors: Record<string, string> };
const args = (request: Request, workOrderId: string) => ({ request, params: { workOrderId }, context: testContext }) as never;
const url = (id: string) => `/admin/work-orders/details/${id}`;
const post = async (workOrderId: string, form: Record<string, string>) =>
  dataOf<Result>(await workOrderDetails.action(args(makeRequest(url(workOrderId), { cookie: admin.cookie, form }), workOrderId)));
const upload = async (workOrderId: string, fields: Record<string, string>, files: { field: string; name: string; bytes: Uint8Array }[]) =>
  dataOf<Result>(
    await workOrderDetails.action(
      args(multipartRequest(`${url(workOrderId)}?intent=${fields.intent}`, { cookie: admin.cookie, fields, files }), workOrderId),
    ),
  );
const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;
const auditRows = (entityId: string) => t.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(asc(auditLog.createdAt));
const stockOf = async (id: string) => (await t.db.select({ q: inventory.quantity }).from(inventory).where(eq(inventory.id, id)))[0]!.q;
const jpeg = (colour: string) => sharp({ create: { width: 8, height: 8, channels: 3, background: colour } }).jpeg().toBuffer().then((b) => new Uint8Array(b));
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('the description', () => {
  it('is fixed with an audit row, and the same text again writes nothing', async () => {
    const { workOrder } = await createCustomerWithWorkOrder();
    const saved = await post(workOrder.id, { intent: 'edit-description', description: 'Rear bumper and tail light, left side' });
    expect(saved.data).toMatchObject({ ok: true, message: 'Description updated.' });
    const [row] = await t.db.select({ d: workOrders.description }).from(workOrders).where(eq(workOrders.id, workOrder.id));
    expect(row!.d).toBe('Rear bumper and tail light, left side');
    const audits = (await auditRows(workOrder.id)).filter((r) => r.action === 'work_order.update');
    expect(audits).toHaveLength(1);
    expect(audits[0]!.changes).toEqual({ description: { from: workOrder.description ?? null, to: 'Rear bumper and tail light, left side' } });

    const before = await auditCount();
    expect((await post(workOrder.id, { intent: 'edit-description', description: 'Rear bumper and tail light, left side' })).data.ok).toBe(true);
    expect(await auditCount()).toBe(before);

    const tooLong = await post(workOrder.id, { intent: 'edit-description', description: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.data.fieldErrors.description).toBeTruthy();
  });
});

describe('removing a part used', () => {
  it('takes back part of the quantity, then the rest, restoring stock each time in one audited step', async () => {
    const { workOrder } = await createCustomerWithWorkOrder();
    const item = await createInventoryItem({ quantity: 10, description: 'Bumper clip set' });
    expect((await post(workOrder.id, { intent: 'add-part', inventoryId: item.id, quantity: '4' })).data.ok).toBe(true);
    expect(await stockOf(item.id)).toBe(6);
    const [part] = await t.db.select().from(workOrderParts).where(eq(workOrderParts.workOrderId, workOrder.id));

    const some = await post(workOrder.id, { intent: 'remove-part', partId: part!.id, quantity: '1' });
    expect(some.data).toMatchObject({ ok: true, message: 'Removed 1 x Bumper clip set from the work order. Stock restored.' });
    expect(await stockOf(item.id)).toBe(7);
    expect((await t.db.select().from(workOrderParts).where(eq(workOrderParts.id, part!.id)))[0]!.quantityUsed).toBe(3);

    const rest = await post(workOrder.id, { intent: 'remove-part', partId: part!.id, quantity: '3' });
    expect(rest.data.ok).toBe(true);
    expect(await stockOf(item.id)).toBe(10);
    expect(await t.db.select().from(workOrderParts).where(eq(workOrderParts.id, part!.id))).toHaveLength(0);

    const removals = (await auditRows(part!.id)).filter((r) => r.action === 'work_order_part.remove');
    expect(removals).toHaveLength(2);
    expect(removals[0]!.actorUserId).toBe(admin.userId);
    expect(removals[0]!.changes).toMatchObject({ quantityUsed: { from: 4, to: 3 }, inventoryQuantity: { from: 6, to: 7 }, removed: { to: 1 } });
    expect(removals[1]!.changes).toMatchObject({ quantityUsed: { from: 3, to: 0 }, inventoryQuantity: { from: 7, to: 10 } });
  });

  it('refuses more than was used, a part of another work order, and nonsense, changing nothing', async () => {
    const { workOrder } = await createCustomerWithWorkOrder();
    const other = await createCustomerWithWorkOrder();
    const item = await createInventoryItem({ quantity: 5, description: 'Headlamp bulb' });
    await post(workOrder.id, { intent: 'add-part', inventoryId: item.id, quantity: '2' });
    const [part] = await t.db.select().from(workOrderParts).where(eq(workOrderParts.workOrderId, workOrder.id));
    const before = await auditCount();

    const tooMany = await post(workOrder.id, { intent: 'remove-part', partId: part!.id, quantity: '3' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.data.message).toBe('You can remove at most 2 of Headlamp bulb: that is what this work order used.');
    expect(tooMany.data.fieldErrors.quantity).toBe(tooMany.data.message);

    // The page acts on its own work order only: the part of another work order is "not on this work order".
    const elsewhere = await post(other.workOrder.id, { intent: 'remove-part', partId: part!.id, quantity: '1' });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.data.message).toBe(PART_NOT_ON_WORK_ORDER);

    for (const quantity of ['0', '-1', '1.5', 'two', '']) {
      const bad = await post(workOrder.id, { intent: 'remove-part', partId: part!.id, quantity });
      expect(bad.status, quantity).toBe(400);
    }
    expect(await auditCount()).toBe(before);
    expect(await stockOf(item.id)).toBe(3);
    expect((await t.db.select().from(workOrderParts).where(eq(workOrderParts.id, part!.id)))[0]!.quantityUsed).toBe(2);
  });

  it('two people taking back the last unit at once: one succeeds, stock goes back once', async () => {
    const { workOrder } = await createCustomerWithWorkOrder();
    const item = await createInventoryItem({ quantity: 1, description: 'Mirror glass' });
    await post(workOrder.id, { intent: 'add-part', inventoryId: item.id, quantity: '1' });
    const [part] = await t.db.select().from(workOrderParts).where(eq(workOrderParts.workOrderId, workOrder.id));
    const answers = await Promise.all([1, 2].map(() => post(workOrder.id, { intent: 'remove-part', partId: part!.id, quantity: '1' })));
    expect(answers.map((a) => a.data.ok).sort()).toEqual([false, true]);
    expect(await stockOf(item.id)).toBe(1);
  });
});

describe('documents and photos', () => {
  it('deletes a photo: the row, the file and its thumbnail go, with one audit row', async () => {
    const { workOrder } = await createCustomerWithWorkOrder();
    expect((await upload(workOrder.id, { intent: 'upload-photos' }, [{ field: 'photos', name: 'wrong-car.jpg', bytes: await jpeg('#c00') }])).data.ok).toBe(true);
    const [photo] = await t.db.select().from(customerDocuments).where(eq(customerDocuments.workOrderId, workOrder.id));
    const storage = getStorage();
    await storage.put('repair-photos', `thumbs/${photo!.fileKey}.webp`, new Uint8Array([1, 2, 3]), { contentType: 'image/webp' });

    const deleted = await post(workOrder.id, { intent: 'delete-file', documentId: photo!.id });
    expect(deleted.data).toMatchObject({ ok: true, message: 'Deleted wrong-car.jpg.' });
    expect(await t.db.select().from(customerDocuments).where(eq(customerDocuments.id, photo!.id))).toHaveLength(0);
    expect(await storage.exists('repair-photos', photo!.fileKey)).toBe(false);
    expect(await storage.exists('repair-photos', `thumbs/${photo!.fileKey}.webp`)).toBe(false);
    const rows = (await auditRows(photo!.id)).filter((r) => r.action === 'photo.delete');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.changes).toMatchObject({ fileKey: { from: photo!.fileKey }, fileName: { from: 'wrong-car.jpg' } });

    const again = await post(workOrder.id, { intent: 'delete-file', documentId: photo!.id });
    expect(again.status).toBe(404);
    expect(again.data.message).toBe(FILE_NOT_ON_WORK_ORDER);
  });

  it('replaces a quote: the row points at the new file, the old file is gone; a wrong type is refused and leaves no file', async () => {
    const { workOrder } = await createCustomerWithWorkOrder();
    await upload(workOrder.id, { intent: 'upload-document', documentType: 'quote' }, [{ field: 'file', name: 'old-quote.pdf', bytes: PDF }]);
    const [doc] = await t.db.select().from(customerDocuments).where(eq(customerDocuments.workOrderId, workOrder.id));
    const storage = getStorage();

    const refused = await upload(workOrder.id, { intent: 'replace-file', documentId: doc!.id }, [{ field: 'file', name: 'notes.txt', bytes: new TextEncoder().encode('plain text') }]);
    expect(refused.status).toBe(400);
    expect(refused.data.message).toBe('Only PDF files or images are accepted.');
    expect(await storage.list('customer-files', `work_orders/${workOrder.id}/`)).toEqual([doc!.fileKey]);

    const replaced = await upload(workOrder.id, { intent: 'replace-file', documentId: doc!.id }, [{ field: 'file', name: 'new-quote.jpg', bytes: await jpeg('#00c') }]);
    expect(replaced.data).toMatchObject({ ok: true, message: 'Replaced old-quote.pdf with new-quote.jpg.' });
    const [now] = await t.db.select().from(customerDocuments).where(eq(customerDocuments.id, doc!.id));
    expect(now).toMatchObject({ fileName: 'new-quote.jpg', contentType: 'image/jpeg', documentType: 'quote' });
    expect(await storage.exists('customer-files', doc!.fileKey)).toBe(false);
    expect(await storage.exists('customer-files', now!.fileKey)).toBe(true);
    const rows = (await auditRows(doc!.id)).filter((r) => r.action === 'document.replace');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.changes).toMatchObject({ fileKey: { from: doc!.fileKey, to: now!.fileKey }, fileName: { from: 'old-quote.pdf', to: 'new-quote.jpg' } });
  });

  it("keeps a sent estimate's PDF exactly as sent", async () => {
    const { workOrder } = await createCustomerWithWorkOrder();
    const estimateUrl = `/admin/work-orders/${workOrder.id}/estimate`;
    const estimatePost = async (form: Record<string, string>) =>
      dataOf<Result>(await estimateEditor.action(args(makeRequest(estimateUrl, { cookie: admin.cookie, form }), workOrder.id)));
    expect((await estimatePost({ intent: 'save-line', lineType: 'part', description: 'Bumper cover', partNumber: 'BPR-1', partType: 'oem', quantity: '1', unitPrice: '100.00' })).data.ok).toBe(true);
    expect((await estimatePost({ intent: 'send' })).data.ok).toBe(true);
    const [version] = await t.db.select({ documentId: estimateVersions.documentId }).from(estimateVersions).where(eq(estimateVersions.workOrderId, workOrder.id));
    const [doc] = await t.db.select().from(customerDocuments).where(eq(customerDocuments.id, version!.documentId));

    const before = await auditCount();
    const refused = await post(workOrder.id, { intent: 'delete-file', documentId: doc!.id });
    expect(refused.status).toBe(409);
    expect(refused.data.message).toBe(FILE_IS_A_RECORD);
    const replace = await upload(workOrder.id, { intent: 'replace-file', documentId: doc!.id }, [{ field: 'file', name: 'other.pdf', bytes: PDF }]);
    expect(replace.status).toBe(409);
    expect(await auditCount()).toBe(before);
    expect(await getStorage().exists(doc!.bucket, doc!.fileKey)).toBe(true);
    expect(await getStorage().list(doc!.bucket, `work_orders/${workOrder.id}/`)).toEqual([doc!.fileKey]);
  });
});

describe('an estimated completion date in the past', () => {
  it('asks first, and saves it once staff confirm', async () => {
    const { workOrder } = await createCustomerWithWorkOrder();
    const asked = await post(workOrder.id, { intent: 'set-eta', estimatedCompletionDate: '2020-03-02' });
    expect(asked.status).toBe(400);
    expect(asked.data.message).toBe('Mar 2, 2020 is in the past. Check the date, or choose “Save it anyway”.');
    expect(asked.data.fieldErrors.confirmPast).toBe('2020-03-02');
    expect((await t.db.select({ eta: workOrders.estimatedCompletionDate }).from(workOrders).where(eq(workOrders.id, workOrder.id)))[0]!.eta).toBeNull();

    const saved = await post(workOrder.id, { intent: 'set-eta', estimatedCompletionDate: '2020-03-02', confirmPast: '1' });
    expect(saved.data.ok).toBe(true);
    expect((await t.db.select({ eta: workOrders.estimatedCompletionDate }).from(workOrders).where(eq(workOrders.id, workOrder.id)))[0]!.eta).toBe('2020-03-02');
  });
});
