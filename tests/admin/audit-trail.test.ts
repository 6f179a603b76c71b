/**
 * Issue 6: every admin write leaves exactly one audit row per record it changes (who, what, the fields before and
 * after), written in the write's own transaction, so a refused write leaves none. Each write is driven through the
 * real route action, signed in as a staff member, as a browser would post it.
 */
import path from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, auditEntityType } from '~/lib/audit';
import * as auditPage from '~/routes/admin/audit';
import * as addCustomer from '~/routes/admin/customers/add';
import * as customerDetails from '~/routes/admin/customers/details';
import * as editCustomer from '~/routes/admin/customers/edit';
import * as inventoryPage from '~/routes/admin/inventory';
import * as invoicesRoute from '~/routes/admin/invoices';
import * as messagesPage from '~/routes/admin/messages';
import * as outboxPage from '~/routes/admin/outbox';
import * as workOrderDetails from '~/routes/admin/work-orders/details';
import { auditLog, contactMessages, customerDocuments, inventory, jobs, vehicles, workOrderParts, workOrders } from '~/server/db/schema';
import { enqueueMail } from '~/server/mail/mail-queue.server';
import { createLocalStorage, setStorage } from '~/server/storage/storage.server';
import { fixture, invoiceRequest } from '../invoices/helpers';
import { createAccount, makeRequest, randomVin, redirectLocation, settle, testContext, uid, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { createCustomerWithWorkOrder, createInventoryItem, dataOf, multipartRequest } from './helpers';

const t = withTestDatabase();
let admin: TestAccount;

beforeAll(async () => {
  setStorage(createLocalStorage(path.join(t.dataDir, 'files')));
  admin = await createAccount({ admin: true, name: 'Audit Admin' });
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: testContext }) as never;
type Result = { ok: boolean; message: string; fieldErrors: Record<string, string> };
const post = (pathname: string, form: Record<string, string>) => makeRequest(pathname, { cookie: admin.cookie, form });

/** Every audit row about one record, oldest first. */
const rowsFor = (entityId: string) => t.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(asc(auditLog.createdAt));

/** The one audit row about `entityId` (fails when there are none or several), checked to name the signed-in admin. */
async function onlyRow(entityId: string) {
  const rows = await rowsFor(entityId);
  expect(rows, `audit rows for ${entityId}`).toHaveLength(1);
  const row = rows[0]!;
  expect(row).toMatchObject({ actorUserId: admin.userId, actorLabel: admin.email, entityId });
  expect(row.entityType).toBe(auditEntityType(row.action as never));
  return row;
}

const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;

/** Runs a write that must be refused, and checks it added no audit row at all. */
async function expectNoAudit<T>(write: () => Promise<T>): Promise<T> {
  const before = await auditCount();
  const result = await write();
  expect(await auditCount()).toBe(before);
  return result;
}

describe('audit vocabulary', () => {
  it('names every action after an entity type the Audit Log page offers, and every type has an action', () => {
    for (const action of AUDIT_ACTIONS) expect(AUDIT_ENTITY_TYPES).toContain(auditEntityType(action));
    for (const type of AUDIT_ENTITY_TYPES) expect(AUDIT_ACTIONS.some((a) => auditEntityType(a) === type), type).toBe(true);
  });
});

describe('customers and vehicles', () => {
  it('customer.create and vehicle.create for a new customer with a first vehicle, also with a VIN another customer has', async () => {
    const vin = randomVin();
    const name = `Audit Customer ${uid()}`;
    const added = dataOf<Result & { customerId: string }>(
      await addCustomer.action(args(post('/admin/customers/add', { name, email: 'ann@example.com', year: '2020', make: 'Kia', model: 'Soul', vin }))),
    );
    expect(added.data.ok).toBe(true);
    const customerRow = await onlyRow(added.data.customerId);
    expect(customerRow.action).toBe('customer.create');
    expect(customerRow.changes).toEqual({ name: { to: name }, email: { to: 'ann@example.com' }, phone: { to: null }, address: { to: null } });
    const [vehicle] = await t.db.select().from(vehicles).where(eq(vehicles.vin, vin));
    const vehicleRow = await onlyRow(vehicle!.id);
    expect(vehicleRow.action).toBe('vehicle.create');
    expect(vehicleRow.changes).toMatchObject({ vin: { to: vin }, make: { to: 'Kia' }, year: { to: 2020 }, customerId: { to: added.data.customerId } });

    // A VIN is unique per customer (issue 13): a second owner of the same car is added, with its own audit rows.
    const second = dataOf<Result & { customerId: string }>(
      await addCustomer.action(args(post('/admin/customers/add', { name: 'Second Owner', year: '2021', make: 'Kia', model: 'Rio', vin }))),
    );
    expect(second.data.ok).toBe(true);
    expect((await onlyRow(second.data.customerId)).action).toBe('customer.create');
    expect(await t.db.select().from(vehicles).where(eq(vehicles.vin, vin))).toHaveLength(2);
  });

  it('customer.update keeps only the changed fields with before and after, from both edit forms', async () => {
    const { customer } = await createCustomerWithWorkOrder({ name: 'Pat Doe' });
    const edited = dataOf<Result>(
      await editCustomer.action(args(post(`/admin/customers/edit/${customer.id}`, { name: 'Pat Doe', email: customer.email!, phone: '713-555-0101' }), { customerId: customer.id })),
    );
    expect(edited.data.ok).toBe(true);
    const row = await onlyRow(customer.id);
    expect(row.action).toBe('customer.update');
    expect(row.changes).toEqual({ phone: { from: null, to: '713-555-0101' } });

    const profile = dataOf<Result>(
      await customerDetails.action(
        args(post(`/admin/customers/${customer.id}`, { intent: 'update-profile', name: 'Pat Doe-Smith', email: customer.email!, phone: '713-555-0101' }), { customerId: customer.id }),
      ),
    );
    expect(profile.data.ok).toBe(true);
    const rows = await rowsFor(customer.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.changes).toEqual({ name: { from: 'Pat Doe', to: 'Pat Doe-Smith' } });

    // An unknown customer: nothing saved, nothing recorded.
    const missing = '00000000-0000-4000-8000-000000000000';
    const notFound = await expectNoAudit(async () =>
      dataOf<Result>(await editCustomer.action(args(post(`/admin/customers/edit/${missing}`, { name: 'Nobody' }), { customerId: missing }))),
    );
    expect(notFound.status).toBe(404);
  });

  it('vehicle.create from the customer page; a duplicate VIN records nothing', async () => {
    const { customer, vehicle: existing } = await createCustomerWithWorkOrder();
    const vin = randomVin();
    const url = `/admin/customers/${customer.id}`;
    const ok = dataOf<Result>(
      await customerDetails.action(args(post(url, { intent: 'add-vehicle', year: '2019', make: 'Ford', model: 'F-150', vin, licensePlate: 'ABC-123' }), { customerId: customer.id })),
    );
    expect(ok.data.ok).toBe(true);
    const [vehicle] = await t.db.select().from(vehicles).where(eq(vehicles.vin, vin));
    const row = await onlyRow(vehicle!.id);
    expect(row.action).toBe('vehicle.create');
    expect(row.changes).toMatchObject({ vin: { to: vin }, licensePlate: { to: 'ABC-123' }, customerId: { to: customer.id } });

    const dup = await expectNoAudit(async () =>
      dataOf<Result>(
        await customerDetails.action(args(post(url, { intent: 'add-vehicle', year: '2019', make: 'Ford', model: 'F-150', vin: existing.vin }), { customerId: customer.id })),
      ),
    );
    expect(dup.status).toBe(409);
  });
});

describe('work orders', () => {
  it('work_order.create; a duplicate number records nothing', async () => {
    const { customer, vehicle } = await createCustomerWithWorkOrder();
    const number = `WO-A${uid()}`;
    const create = () =>
      customerDetails.action(
        args(post(`/admin/customers/${customer.id}`, { intent: 'create-work-order', vehicleId: vehicle.id, workOrderNumber: number, description: 'Door ding' }), {
          customerId: customer.id,
        }),
      );
    expect(dataOf<Result>(await create()).data.ok).toBe(true);
    const [wo] = await t.db.select().from(workOrders).where(eq(workOrders.workOrderNumber, number));
    const row = await onlyRow(wo!.id);
    expect(row.action).toBe('work_order.create');
    expect(row.changes).toEqual({
      workOrderNumber: { to: number },
      description: { to: 'Door ding' },
      vehicleId: { to: vehicle.id },
      customerId: { to: customer.id },
      currentStatus: { to: 'Estimate Scheduled' },
    });
    const dup = await expectNoAudit(async () => dataOf<Result>(await create()));
    expect(dup.status).toBe(409);
  });

  it('work_order.status with the status from and to; an unknown status records nothing', async () => {
    const { workOrder } = await createCustomerWithWorkOrder();
    const url = `/admin/work-orders/details/${workOrder.id}`;
    const changed = dataOf<Result>(await workOrderDetails.action(args(post(url, { intent: 'change-status', status: 'Paint' }), { workOrderId: workOrder.id })));
    expect(changed.data.ok).toBe(true);
    const row = await onlyRow(workOrder.id);
    expect(row.action).toBe('work_order.status');
    expect(row.changes).toEqual({ currentStatus: { from: 'Estimate Scheduled', to: 'Paint' } });
    const bad = await expectNoAudit(async () =>
      dataOf<Result>(await workOrderDetails.action(args(post(url, { intent: 'change-status', status: 'Teleported' }), { workOrderId: workOrder.id }))),
    );
    expect(bad.status).toBe(400);
  });

  it('work_order.update for setting and clearing the estimated completion date', async () => {
    const { workOrder } = await createCustomerWithWorkOrder();
    const url = `/admin/work-orders/details/${workOrder.id}`;
    const set = dataOf<Result>(await workOrderDetails.action(args(post(url, { intent: 'set-eta', estimatedCompletionDate: '2030-01-02' }), { workOrderId: workOrder.id })));
    expect(set.data.ok).toBe(true);
    const row = await onlyRow(workOrder.id);
    expect(row).toMatchObject({ action: 'work_order.update', changes: { estimatedCompletionDate: { from: null, to: '2030-01-02' } } });
    const cleared = dataOf<Result>(
      await workOrderDetails.action(args(post(url, { intent: 'set-eta', estimatedCompletionDate: '2030-01-02', clear: '1' }), { workOrderId: workOrder.id })),
    );
    expect(cleared.data.ok).toBe(true);
    const rows = await rowsFor(workOrder.id);
    expect(rows.map((r) => r.changes)).toEqual([
      { estimatedCompletionDate: { from: null, to: '2030-01-02' } },
      { estimatedCompletionDate: { from: '2030-01-02', to: null } },
    ]);
  });
});

describe('parts and inventory', () => {
  it('work_order_part.add with the part and the stock from/to; not enough stock records nothing', async () => {
    const { workOrder } = await createCustomerWithWorkOrder();
    const item = await createInventoryItem({ quantity: 3, description: 'Mirror glass', unitPrice: '40.00' });
    const url = `/admin/work-orders/details/${workOrder.id}`;
    const ok = dataOf<Result>(await workOrderDetails.action(args(post(url, { intent: 'add-part', inventoryId: item.id, quantity: '2' }), { workOrderId: workOrder.id })));
    expect(ok.data.message).toBe('Added 2 x Mirror glass to work order.');
    const [part] = await t.db.select().from(workOrderParts).where(eq(workOrderParts.inventoryId, item.id));
    const row = await onlyRow(part!.id);
    expect(row.action).toBe('work_order_part.add');
    expect(row.changes).toEqual({
      workOrderId: { to: workOrder.id },
      inventoryId: { to: item.id },
      partNumber: { to: item.partNumber },
      description: { to: 'Mirror glass' },
      quantityUsed: { to: 2 },
      unitPriceAtTime: { to: '40.00' },
      inventoryQuantity: { from: 3, to: 1 },
    });
    const short = await expectNoAudit(async () =>
      dataOf<Result>(await workOrderDetails.action(args(post(url, { intent: 'add-part', inventoryId: item.id, quantity: '5' }), { workOrderId: workOrder.id }))),
    );
    expect(short.data.message).toBe('Not enough Mirror glass in inventory. Available: 1');
  });

  it('inventory.create, inventory.update (changed fields only) and inventory.adjust (quantity from/to and the reason)', async () => {
    const partNumber = `AUD-${uid()}`;
    const send = (form: Record<string, string>) => inventoryPage.action(args(post('/admin/inventory', form)));
    expect(dataOf<Result>(await send({ intent: 'add-item', partNumber, description: 'Door seal', quantity: '4', unitPrice: '19.5' })).data.ok).toBe(true);
    const [item] = await t.db.select().from(inventory).where(eq(inventory.partNumber, partNumber));
    const created = await onlyRow(item!.id);
    expect(created).toMatchObject({
      action: 'inventory.create',
      changes: { partNumber: { to: partNumber }, description: { to: 'Door seal' }, quantity: { to: 4 }, unitPrice: { to: '19.50' }, supplier: { to: null } },
    });

    const edit = dataOf<Result>(
      await send({ intent: 'edit-item', inventoryId: item!.id, partNumber, description: 'Door seal, front', unitPrice: '19.50', supplier: 'Acme' }),
    );
    expect(edit.data.ok).toBe(true);
    const adjust = dataOf<Result>(await send({ intent: 'adjust-stock', inventoryId: item!.id, change: '-3', reason: 'Damaged in storage' }));
    expect(adjust.data.message).toBe('Stock updated. New quantity: 1.');
    const rows = await rowsFor(item!.id);
    expect(rows.map((r) => [r.action, r.changes, r.actorLabel])).toEqual([
      ['inventory.create', created.changes, admin.email],
      ['inventory.update', { description: { from: 'Door seal', to: 'Door seal, front' }, supplier: { from: null, to: 'Acme' } }, admin.email],
      ['inventory.adjust', { quantity: { from: 4, to: 1 }, reason: { to: 'Damaged in storage' } }, admin.email],
    ]);

    // Refused: more stock taken than there is, a duplicate part number on add and on edit.
    const other = await createInventoryItem();
    const refusals = await expectNoAudit(async () => [
      dataOf<Result>(await send({ intent: 'adjust-stock', inventoryId: item!.id, change: '-2', reason: 'Count' })),
      dataOf<Result>(await send({ intent: 'add-item', partNumber, description: 'x', quantity: '1', unitPrice: '1' })),
      dataOf<Result>(await send({ intent: 'edit-item', inventoryId: other.id, partNumber, description: 'x', unitPrice: '1' })),
    ]);
    expect(refusals.map((r) => r.status)).toEqual([409, 409, 409]);
  });
});

describe('documents and photos', () => {
  const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const jpeg = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#0c0' } }).jpeg().toBuffer().then((b) => new Uint8Array(b));

  it('document.upload for a quote and one photo.upload per photo; a refused file records nothing', async () => {
    const { workOrder, customer } = await createCustomerWithWorkOrder();
    const url = `/admin/work-orders/details/${workOrder.id}`;
    const upload = async (fields: Record<string, string>, files: Parameters<typeof multipartRequest>[1]['files']) =>
      dataOf<Result>(await workOrderDetails.action(args(multipartRequest(`${url}?intent=${fields.intent}`, { cookie: admin.cookie, fields, files }), { workOrderId: workOrder.id })));

    expect((await upload({ intent: 'upload-document', documentType: 'quote' }, [{ field: 'file', name: 'estimate.pdf', bytes: PDF }])).data.ok).toBe(true);
    const [doc] = await t.db.select().from(customerDocuments).where(eq(customerDocuments.workOrderId, workOrder.id));
    const docRow = await onlyRow(doc!.id);
    expect(docRow.action).toBe('document.upload');
    expect(docRow.changes).toEqual({
      workOrderId: { to: workOrder.id },
      customerId: { to: customer.id },
      documentType: { to: 'quote' },
      bucket: { to: 'customer-files' },
      fileKey: { to: doc!.fileKey },
      fileName: { to: 'estimate.pdf' },
      contentType: { to: 'application/pdf' },
      sizeBytes: { to: PDF.length },
    });

    const photos = await upload({ intent: 'upload-photos' }, [
      { field: 'photos', name: 'front.jpg', bytes: await jpeg() },
      { field: 'photos', name: 'rear.jpg', bytes: await jpeg() },
    ]);
    expect(photos.data.ok).toBe(true);
    const pics = await t.db.select().from(customerDocuments).where(eq(customerDocuments.documentType, 'repair_photo'));
    const mine = pics.filter((p) => p.workOrderId === workOrder.id);
    expect(mine).toHaveLength(2);
    for (const pic of mine) {
      const row = await onlyRow(pic.id);
      expect(row.action).toBe('photo.upload');
      expect(row.changes).toMatchObject({ bucket: { to: 'repair-photos' }, fileName: { to: pic.fileName }, documentType: { to: 'repair_photo' } });
    }

    const refused = await expectNoAudit(() => upload({ intent: 'upload-photos' }, [{ field: 'photos', name: 'quote.pdf', bytes: PDF }]));
    expect(refused.status).toBe(400);
  });
});

describe('vendor invoices', () => {
  it('invoice.create, then per line inventory.receive (stock raised) or inventory.create; a duplicate invoice records nothing', async () => {
    const known = `BP-${uid()}`;
    const fresh = `NEW-${uid()}`;
    const [stock] = await t.db
      .insert(inventory)
      .values({ partNumber: known, description: 'Bumper cover', quantity: 4, unitPrice: '150.00', supplier: 'Old Supplier' })
      .returning();
    const number = `INV-${uid()}`;
    const save = () =>
      settle(() =>
        invoicesRoute.action(
          args(
            invoiceRequest(admin.cookie, {
              intent: 'save',
              file: { bytes: fixture('01-classic.png'), name: 'invoice.png', type: 'image/png' },
              fields: { invoiceNumber: number, supplier: 'Midwest Auto Parts', invoiceDate: '2026-03-14', totalAmount: '424.00' },
              rows: [
                { part_number: known, description: 'Bumper cover', quantity: '2', unit_price: '189.50' },
                { part_number: fresh, description: 'Clip set', quantity: '15', unit_price: '3.00' },
              ],
            }),
          ),
        ),
      );
    const saved = await save();
    const location = redirectLocation(saved.thrown ?? saved.value);
    expect(location).toMatch(/^\/admin\/invoices\?saved=/);
    const invoiceId = location!.split('=')[1]!;

    const invoiceRow = await onlyRow(invoiceId);
    expect(invoiceRow.action).toBe('invoice.create');
    expect(invoiceRow.changes).toEqual({
      invoiceNumber: { to: number },
      supplier: { to: 'Midwest Auto Parts' },
      invoiceDate: { to: '2026-03-14' },
      totalAmount: { to: '424.00' },
      fileName: { to: 'invoice.png' },
      lineItems: { to: 2 },
    });
    const raised = await onlyRow(stock!.id);
    expect(raised.action).toBe('inventory.receive');
    expect(raised.changes).toEqual({
      quantity: { from: 4, to: 6 },
      unitPrice: { from: '150.00', to: '189.50' },
      supplier: { from: 'Old Supplier', to: 'Midwest Auto Parts' },
      invoiceId: { to: invoiceId },
    });
    const [created] = await t.db.select().from(inventory).where(eq(inventory.partNumber, fresh));
    const createdRow = await onlyRow(created!.id);
    expect(createdRow.action).toBe('inventory.create');
    expect(createdRow.changes).toMatchObject({ partNumber: { to: fresh }, quantity: { to: 15 }, unitPrice: { to: '3.00' }, invoiceId: { to: invoiceId } });

    const dup = await expectNoAudit(save);
    expect(dataOf<{ formError: string }>(dup.value).status).toBe(409);
  });
});

describe('contact inbox and outbox', () => {
  it('contact_message.read and .unread with readAt from/to; an unknown message records nothing', async () => {
    const [message] = await t.db.insert(contactMessages).values({ name: 'Sam', email: 'sam@example.com', message: 'Hello' }).returning();
    const mark = (intent: string, messageId: string) => messagesPage.action(args(post('/admin/messages', { intent, messageId })));
    expect(await mark('mark-read', message!.id)).toEqual({ error: null });
    const [read] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, message!.id));
    const row = await onlyRow(message!.id);
    expect(row).toMatchObject({ action: 'contact_message.read', changes: { readAt: { from: null, to: read!.readAt!.toISOString() } } });
    expect(await mark('mark-unread', message!.id)).toEqual({ error: null });
    const rows = await rowsFor(message!.id);
    expect(rows.map((r) => [r.action, r.changes])).toEqual([
      ['contact_message.read', row.changes],
      ['contact_message.unread', { readAt: { from: read!.readAt!.toISOString(), to: null } }],
    ]);
    const missing = await expectNoAudit(() => mark('mark-read', '00000000-0000-4000-8000-000000000000'));
    expect(dataOf(missing).status).toBe(404);
  });

  it('mail.retry with state and attempts from/to; retrying a sent message records nothing', async () => {
    const id = await enqueueMail(t.db, { kind: 'test', to: 'x@example.com', subject: 'S', text: 'x' });
    await t.db.update(jobs).set({ state: 'failed', attempts: 6 }).where(eq(jobs.id, id));
    const retry = () => outboxPage.action(args(post('/admin/outbox', { mailId: id })));
    expect(dataOf<Result>(await retry()).data.ok).toBe(true);
    const row = await onlyRow(id);
    expect(row).toMatchObject({ action: 'mail.retry', changes: { state: { from: 'failed', to: 'queued' }, attempts: { from: 6, to: 0 } } });
    await t.db.update(jobs).set({ state: 'done' }).where(eq(jobs.id, id));
    const refused = await expectNoAudit(async () => dataOf<Result>(await retry()));
    expect(refused.status).toBe(409);
  });
});

describe('the Audit Log page', () => {
  it('lists the rows written above and filters them by record type and staff e-mail', async () => {
    const load = async (query: string) =>
      (await auditPage.loader(args(makeRequest(`/admin/audit?${query}`, { cookie: admin.cookie })))) as Awaited<ReturnType<typeof auditPage.loader>>;
    const byType = await load('entityType=work_order');
    expect(byType.total).toBeGreaterThanOrEqual(4);
    expect(byType.rows.every((r) => r.entity.startsWith('work_order ') && r.action.startsWith('work_order.'))).toBe(true);
    expect(byType.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['work_order.create', 'work_order.status', 'work_order.update']));
    expect(byType.rows.some((r) => r.changes.includes('currentStatus: "Estimate Scheduled" → "Paint"'))).toBe(true);
    const byActor = await load(`actor=${encodeURIComponent(admin.email)}`);
    expect(byActor.total).toBe(await auditCount());
    expect((await load('actor=someone-else%40example.com')).total).toBe(0);
  });
});
