import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES, type InvoiceFormState } from '~/lib/schemas/invoice';
import * as detailsRoute from '~/routes/admin/invoice-details';
import * as invoicesRoute from '~/routes/admin/invoices';
import * as fileRoute from '~/routes/resources/invoice-file';
import { inventory, invoiceLineItems, invoices } from '~/server/db/schema';
import { setInvoiceExtractor } from '~/server/extraction/extractor.server';
import { closeOcrWorker } from '~/server/extraction/ocr.server';
import { INVOICE_UPLOAD_MESSAGES } from '~/server/invoices/read-invoice-upload.server';
import { removeStalePendingUploads, stashPendingUpload } from '~/server/invoices/pending-upload.server';
import { duplicateInvoiceMessage } from '~/server/invoices/receive-vendor-invoice.server';
import { getStorage } from '~/server/storage/storage.server';
import { createAccount, makeRequest, redirectLocation, settle, testContext, uid, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { dataOf, fixture, invoiceRequest, rowCounts, storedFiles, useTempStorage } from './helpers';

const t = withTestDatabase();
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: testContext }) as never;

let admin: TestAccount;
let storageRoot: string;
const png = () => ({ bytes: fixture('01-classic.png'), name: 'classic invoice.png', type: 'image/png' });

beforeAll(async () => {
  storageRoot = useTempStorage();
  admin = await createAccount({ admin: true });
});
beforeEach(() => setInvoiceExtractor(undefined));
afterAll(() => closeOcrWorker());

const savedFiles = () => storedFiles(storageRoot).filter((f) => f.startsWith('invoice-files/invoices/'));

async function save(fields: Record<string, string>, rows: { part_number: string; description: string; quantity: string; unit_price: string }[], file: ReturnType<typeof png> | null = png()) {
  const { value, thrown } = await settle(() => invoicesRoute.action(args(invoiceRequest(admin.cookie, { intent: 'save', file, fields, rows }))));
  return thrown ?? value;
}

async function stockOf(partNumber: string) {
  const [row] = await t.db.select().from(inventory).where(eq(inventory.partNumber, partNumber));
  return row;
}

describe('saving an invoice (one transaction)', () => {
  it('stores the file, records the invoice and its lines, raises existing stock and creates unknown parts', async () => {
    const known = `BP-${uid()}`;
    const unknown = `NEW-${uid()}`;
    await t.db.insert(inventory).values({ partNumber: known, description: 'Front bumper cover', quantity: 4, unitPrice: '150.00', supplier: 'Old Supplier' });
    const number = `INV-${uid()}`;
    const outcome = await save(
      { invoiceNumber: number, supplier: 'Midwest Auto Parts', invoiceDate: '03/14/2026', totalAmount: '424.00' },
      [
        { part_number: known, description: 'Front bumper cover', quantity: '2', unit_price: '189.50' },
        { part_number: unknown, description: 'Clip set', quantity: '15', unit_price: '3.00' },
        { part_number: '', description: '', quantity: '', unit_price: '' },
      ],
    );
    const location = redirectLocation(outcome);
    expect(location).toMatch(/^\/admin\/invoices\?saved=[0-9a-f-]{36}$/);
    const invoiceId = location!.split('=')[1]!;

    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(invoice).toMatchObject({ invoiceNumber: number, supplier: 'Midwest Auto Parts', invoiceDate: '2026-03-14', totalAmount: '424.00', createdByUserId: admin.userId });
    const lines = await t.db.select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoiceId)).orderBy(invoiceLineItems.createdAt);
    expect(lines.map((l) => [l.partNumber, l.quantity, l.unitPrice])).toEqual([
      [known, 2, '189.50'],
      [unknown, 15, '3.00'],
    ]);
    expect(await stockOf(known)).toMatchObject({ quantity: 6, unitPrice: '189.50', supplier: 'Midwest Auto Parts', description: 'Front bumper cover' });
    expect(await stockOf(unknown)).toMatchObject({ quantity: 15, unitPrice: '3.00', supplier: 'Midwest Auto Parts', description: 'Clip set' });
    expect(invoice!.fileKey).toMatch(new RegExp(`^invoices/${invoiceId}/\\d+-classic-invoice.png$`));
    expect(await getStorage().exists('invoice-files', invoice!.fileKey!)).toBe(true);

    // The list shows it, the detail page shows its lines with today's stock, the file route serves it to admins only.
    const list = await invoicesRoute.loader(args(makeRequest(`/admin/invoices?saved=${invoiceId}`, { cookie: admin.cookie })));
    expect(list.saved).toBe(invoiceId);
    expect(list.invoices.find((i) => i.id === invoiceId)).toMatchObject({ invoiceNumber: number, hasFile: true, totalAmount: '424.00' });
    const details = await detailsRoute.loader(args(makeRequest(`/admin/invoices/${invoiceId}`, { cookie: admin.cookie }), { invoiceId }));
    expect(details.invoice.items.map((i) => [i.partNumber, i.inStock])).toEqual([
      [known, 6],
      [unknown, 15],
    ]);
    const file = (await fileRoute.loader(args(makeRequest(`/files/invoices/${invoiceId}`, { cookie: admin.cookie }), { invoiceId }))) as Response;
    expect(file.headers.get('Content-Type')).toBe('image/png');
    expect(file.headers.get('Cache-Control')).toBe('private, no-store');
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(png().bytes))).toBe(true);

    const customer = await createAccount();
    const asCustomer = await settle(() => fileRoute.loader(args(makeRequest(`/files/invoices/${invoiceId}`, { cookie: customer.cookie }), { invoiceId })));
    expect(redirectLocation(asCustomer.thrown)).toBe('/portal');
    const notUuid = await settle(() => fileRoute.loader(args(makeRequest('/files/invoices/abc', { cookie: admin.cookie }), { invoiceId: 'abc' })));
    expect((notUuid.thrown as Response).status).toBe(404);
    const detailsNotUuid = await settle(() => detailsRoute.loader(args(makeRequest('/admin/invoices/abc', { cookie: admin.cookie }), { invoiceId: 'abc' })));
    expect((detailsNotUuid.thrown as Response).status).toBe(404);
  });

  it('refuses the same supplier + invoice number twice (any letter case) without touching stock', async () => {
    const part = `DUP-${uid()}`;
    const number = `D-${uid()}`;
    const fields = { invoiceNumber: number, supplier: 'Lakeside Paint & Parts', invoiceDate: '2026-01-22' };
    const rows = [{ part_number: part, description: 'Reducer', quantity: '2', unit_price: '39.95' }];
    expect(redirectLocation(await save(fields, rows))).toMatch(/saved=/);
    const filesBefore = savedFiles();
    const value = await save({ ...fields, supplier: 'LAKESIDE PAINT & PARTS' }, rows);
    const { data, status } = dataOf<InvoiceFormState>(value);
    expect(status).toBe(409);
    expect(data.formError).toBe(INVOICE_MESSAGES.submissionFailed(duplicateInvoiceMessage(number, 'LAKESIDE PAINT & PARTS')));
    expect((await stockOf(part))!.quantity).toBe(2);
    expect(savedFiles()).toEqual(filesBefore);
    expect(data.pendingToken).toBeTruthy();
  });

  it('rolls everything back when the line-item insert fails: no invoice, no stock change, no stored file', async () => {
    const part = `ATOM-${uid()}`;
    await t.db.insert(inventory).values({ partNumber: part, description: 'Hood latch', quantity: 7, unitPrice: '30.00', supplier: 'Keystone' });
    const before = await rowCounts();
    const filesBefore = savedFiles();
    await t.db.execute(sql`CREATE FUNCTION fail_line_items() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'line items unavailable'; END $$`);
    await t.db.execute(sql`CREATE TRIGGER fail_line_items BEFORE INSERT ON invoice_line_items FOR EACH ROW EXECUTE FUNCTION fail_line_items()`);
    try {
      const value = await save(
        { invoiceNumber: `A-${uid()}`, supplier: 'Keystone Collision Parts', invoiceDate: '2026-11-05' },
        [
          { part_number: part, description: 'Hood latch', quantity: '3', unit_price: '36.40' },
          { part_number: `ATOM-NEW-${uid()}`, description: 'Insulator', quantity: '1', unit_price: '41.20' },
        ],
      );
      const { data, status } = dataOf<InvoiceFormState>(value);
      expect(status).toBe(500);
      expect(data.formError).toMatch(/^Submission failed: /);
    } finally {
      await t.db.execute(sql`DROP TRIGGER fail_line_items ON invoice_line_items`);
      await t.db.execute(sql`DROP FUNCTION fail_line_items()`);
    }
    expect(await rowCounts()).toEqual(before);
    expect(await stockOf(part)).toMatchObject({ quantity: 7, unitPrice: '30.00', supplier: 'Keystone' });
    expect(savedFiles()).toEqual(filesBefore);
  });

  it('asks for the required fields and a file with the spec message', async () => {
    const before = await rowCounts();
    let value = await save({ invoiceNumber: '', supplier: 'X', invoiceDate: '' }, []);
    let { data, status } = dataOf<InvoiceFormState>(value);
    expect(status).toBe(400);
    expect(data.formError).toBe(INVOICE_MESSAGES.required);
    expect(data.fieldErrors).toMatchObject({ invoiceNumber: INVOICE_MESSAGES.required, invoiceDate: INVOICE_MESSAGES.required });
    value = await save({ invoiceNumber: 'N-1', supplier: 'X', invoiceDate: '2026-01-01' }, [], null);
    ({ data, status } = dataOf<InvoiceFormState>(value));
    expect(data.formError).toBe(INVOICE_MESSAGES.required);
    expect(data.fieldErrors.file).toBe(INVOICE_MESSAGES.required);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('bad input: clear messages, nothing saved', () => {
  const valid = { invoiceNumber: 'BAD-1', supplier: 'Bad Input Co', invoiceDate: '2026-02-10' };
  const row = { part_number: 'BAD-P1', description: 'Part', quantity: '1', unit_price: '1.00' };

  async function expectRefused(result: unknown, message: string | RegExp, field?: string) {
    expect(result).not.toBeInstanceOf(Response);
    const { data, status } = dataOf<InvoiceFormState>(result);
    expect(status).toBeGreaterThanOrEqual(400);
    const shown = field ? data.fieldErrors[field] : data.formError;
    if (typeof message === 'string') expect(shown).toBe(message);
    else expect(shown).toMatch(message);
    return data;
  }

  it('refuses each bad file and each bad value', async () => {
    const before = await rowCounts();
    const filesBefore = savedFiles();
    const refused = await expectRefused(await save(valid, [row], { bytes: new TextEncoder().encode('MZ this is not an invoice at all, just text'), name: 'notes.png', type: 'image/png' }), INVOICE_UPLOAD_MESSAGES.wrongType);
    expect(refused.values.invoiceNumber).toBe('BAD-1');
    expect(refused.rows[0]).toEqual(row);
    await expectRefused(await save(valid, [row], { bytes: new Uint8Array(0), name: 'empty.png', type: 'image/png' }), INVOICE_UPLOAD_MESSAGES.empty);
    const big = new Uint8Array(15 * 1024 * 1024 + 10);
    big.set(png().bytes.subarray(0, 64));
    await expectRefused(await save(valid, [row], { bytes: big, name: 'huge.png', type: 'image/png' }), INVOICE_UPLOAD_MESSAGES.tooLarge);
    const noPages = new TextEncoder().encode(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    await expectRefused(await save(valid, [row], { bytes: noPages, name: 'empty.pdf', type: 'application/pdf' }), INVOICE_UPLOAD_MESSAGES.pdfNoPages);
    await expectRefused(await save({ ...valid, invoiceDate: '31/02/2026' }, [row]), '"31/02/2026" is not a real date. Please check the invoice date.', 'invoiceDate');
    await expectRefused(await save(valid, [{ ...row, quantity: '-2' }]), 'Line 1: quantity cannot be negative.', 'items.0');
    await expectRefused(await save(valid, [{ ...row, unit_price: '-1.00' }]), 'Line 1: unit price cannot be negative.', 'items.0');
    await expectRefused(await save({ ...valid, totalAmount: '12.345' }, [row]), /two decimals/, 'totalAmount');
    expect(await rowCounts()).toEqual(before);
    expect(savedFiles()).toEqual(filesBefore);
  });
});

describe('read, review, save without JavaScript state', () => {
  it('reads a fixture offline, keeps the file on the server, and saves it from the token alone', async () => {
    const read = dataOf<InvoiceFormState>(
      await invoicesRoute.action(args(invoiceRequest(admin.cookie, { intent: 'extract', file: { bytes: fixture('04-vendor-label.png'), name: 'vendor.png', type: 'image/png' } }))),
    );
    expect(read.data.message).toBe(INVOICE_MESSAGES.extracted);
    expect(read.data.values).toEqual({ invoiceNumber: 'PO-44871', supplier: 'Northern Glass Co', invoiceDate: '2026-04-09', totalAmount: '384.00' });
    const token = read.data.pendingToken!;
    expect(storedFiles(storageRoot).some((f) => f.includes(`pending/${token}/vendor.png`))).toBe(true);

    // Add a row without JavaScript: the re-render keeps everything typed and the file.
    const added = dataOf<InvoiceFormState>(
      await invoicesRoute.action(
        args(invoiceRequest(admin.cookie, { intent: 'add-row', fields: { ...read.data.values, pendingToken: token, pendingFileName: 'vendor.png' }, rows: read.data.rows })),
      ),
    );
    expect(added.data.rows).toHaveLength(read.data.rows.length + 1);
    expect(added.data.pendingToken).toBe(token);
    expect(added.data.values.supplier).toBe('Northern Glass Co');

    const edited = { ...read.data.values, supplier: 'Northern Glass Company', pendingToken: token };
    const saved = await invoicesRoute.action(args(invoiceRequest(admin.cookie, { intent: 'save', fields: edited, rows: added.data.rows })));
    const location = redirectLocation(saved);
    expect(location).toMatch(/saved=/);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.id, location!.split('=')[1]!));
    expect(invoice).toMatchObject({ supplier: 'Northern Glass Company', invoiceNumber: 'PO-44871' });
    const stored = await getStorage().get('invoice-files', invoice!.fileKey!);
    expect(Buffer.from(await new Response(stored!.body).arrayBuffer()).equals(Buffer.from(fixture('04-vendor-label.png')))).toBe(true);
    expect(storedFiles(storageRoot).some((f) => f.includes(`pending/${token}`))).toBe(false);
    expect((await stockOf('WS-3301'))!.quantity).toBe(1);
  });

  it('reads a scanned PDF offline by OCR of the rendered page, keeps the file, and a text PDF from its text layer', async () => {
    const scanned = dataOf<InvoiceFormState>(
      await invoicesRoute.action(args(invoiceRequest(admin.cookie, { intent: 'extract', file: { bytes: fixture('scanned.pdf'), name: 'scan.pdf', type: 'application/pdf' } }))),
    );
    expect(scanned.data.formError).toBeNull();
    expect(scanned.data.values.invoiceNumber).toBe('INV-10234');
    expect(scanned.data.values.invoiceDate).toBe('2026-03-14');
    expect(scanned.data.rows.filter((r) => r.part_number)).toHaveLength(3);
    expect(scanned.data.pendingToken).toBeTruthy();
    const text = dataOf<InvoiceFormState>(
      await invoicesRoute.action(args(invoiceRequest(admin.cookie, { intent: 'extract', file: { bytes: fixture('text-layer.pdf'), name: 'inv.pdf', type: 'application/pdf' } }))),
    );
    expect(text.data.message).toBe(INVOICE_MESSAGES.extracted);
    expect(text.data.values.invoiceNumber).toBe('INV-10234');
    expect(text.data.rows.filter((r) => r.part_number)).toHaveLength(3);
  });

  it('removes pending files older than a day', async () => {
    const old = Date.now() - 2 * 24 * 60 * 60 * 1000;
    const token = await stashPendingUpload({ bytes: png().bytes, mime: 'image/png', fileName: 'old.png' }, old);
    expect(storedFiles(storageRoot).some((f) => f.includes(token))).toBe(true);
    expect(await removeStalePendingUploads()).toBeGreaterThanOrEqual(1);
    expect(storedFiles(storageRoot).some((f) => f.includes(token))).toBe(false);
  });
});

describe('the invoice list', () => {
  it('orders by invoice date, newest first, and pages', async () => {
    const supplier = `Pager ${uid()}`;
    for (const [n, date] of [['P-1', '2020-01-05'], ['P-2', '2020-03-01'], ['P-3', '2020-02-01']] as const) {
      await t.db.insert(invoices).values({ invoiceNumber: n, supplier, invoiceDate: date });
    }
    const all = await invoicesRoute.loader(args(makeRequest('/admin/invoices?page=1', { cookie: admin.cookie })));
    const dates = all.invoices.map((i) => i.invoiceDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const mine = all.invoices.filter((i) => i.supplier === supplier);
    expect(mine.map((i) => i.invoiceNumber)).toEqual(['P-2', 'P-3', 'P-1']);
    expect(mine.every((i) => i.hasFile === false)).toBe(true);
    const { listInvoices } = await import('~/server/invoices/list-invoices.server');
    const page2 = await listInvoices({ page: 2, pageSize: 2 });
    expect(page2.page).toBe(2);
    expect(page2.invoices).toHaveLength(2);
    expect(page2.pageCount).toBe(Math.ceil(page2.total / 2));
  });
});
