/**
 * The rows of a vendor invoice that are not parts (issue 18): core charges, freight, fees, discounts and tax, filled by
 * a read, edited as rows on the review form (with or without JavaScript), checked on the server and saved with the
 * invoice in the same transaction as its lines and its audit row; shown on the invoice page with the reconciliation.
 * Real database, real files on disk.
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { chargeRowsCents, chargeRowsFromRead, SaveInvoiceSchema, type InvoiceFormState } from '~/lib/schemas/invoice';
import { parseForm } from '~/lib/forms';
import * as detailsRoute from '~/routes/admin/invoice-details';
import * as invoicesRoute from '~/routes/admin/invoices';
import { auditLog, inventory, invoiceCharges, invoices } from '~/server/db/schema';
import { createAccount, makeRequest, redirectLocation, settle, testContext, uid, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { dataOf, fixture, invoiceRequest, rowCounts, storedFiles, useTempStorage } from './helpers';

const t = withTestDatabase();
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: testContext }) as never;

let admin: TestAccount;
let storageRoot: string;
const png = () => ({ bytes: fixture('01-classic.png'), name: 'metro.png', type: 'image/png' });

beforeAll(async () => {
  storageRoot = useTempStorage();
  admin = await createAccount({ admin: true });
});

type Row = { part_number: string; description: string; quantity: string; unit_price: string };
type Charge = { kind: string; description: string; amount: string };

async function post(intent: string, fields: Record<string, string>, rows: Row[], charges: Charge[], file: ReturnType<typeof png> | null = png()) {
  const { value, thrown } = await settle(() =>
    invoicesRoute.action(args(invoiceRequest(admin.cookie, { intent, file, fields, rows, charges }))),
  );
  return thrown ?? value;
}

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) data.append(k, one);
  return data;
};
const header = { invoiceNumber: 'INV-1', supplier: 'Metro Auto Parts', invoiceDate: '2026-11-03' };

describe('charge rows on the save form (SaveInvoiceSchema)', () => {
  it('reads kind, text and signed cents; skips blank rows; a blank text takes the kind’s name', () => {
    const parsed = parseForm(
      SaveInvoiceSchema,
      form({
        ...header,
        charge_kind: ['core', 'discount', 'freight', 'tax'],
        charge_description: ['CORE DEPOSIT', 'ACCT DISC 5%', '', ''],
        charge_amount: ['40', '-12.5', '', '1,022.59'],
      }),
    );
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(parsed.data.charges).toEqual([
      { kind: 'core', description: 'CORE DEPOSIT', amountCents: 4000 },
      { kind: 'discount', description: 'ACCT DISC 5%', amountCents: -1250 },
      { kind: 'tax', description: 'Tax', amountCents: 102259 },
    ]);
  });

  it('names the row and what is wrong: an unknown kind, an amount that is not money, text without an amount', () => {
    const parsed = parseForm(
      SaveInvoiceSchema,
      form({
        ...header,
        charge_kind: ['postage', 'freight', 'fee', 'fee'],
        charge_description: ['Stamps', 'FREIGHT', 'HAZMAT FEE', 'Line\nbreak'],
        charge_amount: ['3.00', '12.345', '', '1'],
      }),
    );
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.fieldErrors).toMatchObject({
      'charges.0': 'Charge 1: choose what kind of charge it is.',
      'charges.1': 'Charge 2: the amount must be such as 12.50 or -5.00 (two decimals at most).',
      'charges.2': 'Charge 3: the amount is required.',
      'charges.3': 'Charge 4: keep the text on one line.',
    });
  });

  it('refuses a discount or a credit above zero: it takes money off', () => {
    const parsed = parseForm(
      SaveInvoiceSchema,
      form({ ...header, charge_kind: ['discount', 'credit', 'core'], charge_description: ['ACCT DISC', 'CORE RETURN', 'CORE'], charge_amount: ['10.00', '40', '40'] }),
    );
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.fieldErrors['charges.0']).toBe('Charge 1: a discount takes money off: enter it as a negative amount, such as -10.00.');
    expect(parsed.fieldErrors['charges.1']).toBe('Charge 2: a credit takes money off: enter it as a negative amount, such as -40.');
    expect(parsed.fieldErrors['charges.2']).toBeUndefined();
  });

  it('refuses an amount over $1,000,000 either way', () => {
    const parsed = parseForm(SaveInvoiceSchema, form({ ...header, charge_kind: 'credit', charge_description: 'Credit', charge_amount: '-1000000.01' }));
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.fieldErrors['charges.0']).toBe('Charge 1: the amount is too large.');
  });
});

describe('charge rows from a read', () => {
  it('keeps the order read and puts the tax amount last, in place of tax rows (the same money)', () => {
    const rows = chargeRowsFromRead({
      charges: [
        { kind: 'freight', description: 'FREIGHT', amount: 12 },
        { kind: 'tax', description: 'STATE TAX', amount: 8.25 },
        { kind: 'discount', description: 'DISC', amount: -4.5 },
      ],
      tax_amount: 8.25,
    });
    expect(rows).toEqual([
      { kind: 'freight', description: 'FREIGHT', amount: '12.00' },
      { kind: 'discount', description: 'DISC', amount: '-4.50' },
      { kind: 'tax', description: 'Sales tax', amount: '8.25' },
    ]);
    expect(chargeRowsCents(rows)).toBe(1200 - 450 + 825);
    // Without a tax amount the tax rows stay; nothing read, nothing filled.
    expect(chargeRowsFromRead({ charges: [{ kind: 'tax', description: 'GST', amount: 3 }], tax_amount: null })).toEqual([
      { kind: 'tax', description: 'GST', amount: '3.00' },
    ]);
    expect(chargeRowsFromRead({})).toEqual([]);
    // A row still being typed counts nothing until it is an amount.
    expect(
      chargeRowsCents([
        { kind: 'fee', description: 'x', amount: '12' },
        { kind: 'fee', description: '', amount: '-' },
        { kind: 'fee', description: '', amount: '3.' },
      ]),
    ).toBe(1200);
  });
});

describe('saving an invoice with its charges', () => {
  it('stores the charges in order with the invoice, never as stock, audits them and shows them on the invoice page', async () => {
    const number = `CH-${uid()}`;
    const part = `HC3Z-${uid()}`;
    // 2 × 120.00 = 240.00; + core 40.00 + freight 12.00 − discount 10.00 + tax 22.59 = 304.59
    const outcome = await post(
      'save',
      { invoiceNumber: number, supplier: 'Metro Auto Parts', invoiceDate: '2026-11-03', totalAmount: '304.59' },
      [{ part_number: part, description: 'Grille', quantity: '2', unit_price: '120.00' }],
      [
        { kind: 'core', description: 'CORE CHARGE', amount: '40.00' },
        { kind: 'freight', description: 'FREIGHT', amount: '12.00' },
        { kind: 'discount', description: 'ACCT DISCOUNT', amount: '-10.00' },
        { kind: 'tax', description: 'Sales tax', amount: '22.59' },
        { kind: 'fee', description: '', amount: '' },
      ],
    );
    const location = redirectLocation(outcome);
    expect(location).toMatch(/^\/admin\/invoices\?saved=/);
    const invoiceId = location!.split('=')[1]!;
    const stored = await t.db
      .select({ position: invoiceCharges.position, kind: invoiceCharges.kind, description: invoiceCharges.description, amountCents: invoiceCharges.amountCents })
      .from(invoiceCharges)
      .where(eq(invoiceCharges.invoiceId, invoiceId))
      .orderBy(asc(invoiceCharges.position));
    expect(stored).toEqual([
      { position: 0, kind: 'core', description: 'CORE CHARGE', amountCents: 4000 },
      { position: 1, kind: 'freight', description: 'FREIGHT', amountCents: 1200 },
      { position: 2, kind: 'discount', description: 'ACCT DISCOUNT', amountCents: -1000 },
      { position: 3, kind: 'tax', description: 'Sales tax', amountCents: 2259 },
    ]);
    // Only the part went into the inventory.
    const stock = await t.db.select({ partNumber: inventory.partNumber }).from(inventory).where(sql`${inventory.partNumber} IN (${part}, 'CORE CHARGE', 'FREIGHT')`);
    expect(stock.map((s) => s.partNumber)).toEqual([part]);
    // The audit row of the invoice carries its charges.
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, invoiceId));
    expect(audit!.action).toBe('invoice.create');
    expect((audit!.changes as Record<string, { to: unknown }>).charges!.to).toEqual([
      { kind: 'core', description: 'CORE CHARGE', amountCents: 4000 },
      { kind: 'freight', description: 'FREIGHT', amountCents: 1200 },
      { kind: 'discount', description: 'ACCT DISCOUNT', amountCents: -1000 },
      { kind: 'tax', description: 'Sales tax', amountCents: 2259 },
    ]);
    // The invoice page's loader gives them in order.
    const details = await detailsRoute.loader(args(makeRequest(`/admin/invoices/${invoiceId}`, { cookie: admin.cookie }), { invoiceId }));
    expect(details.invoice.charges.map((c) => [c.kind, c.amountCents])).toEqual([
      ['core', 4000],
      ['freight', 1200],
      ['discount', -1000],
      ['tax', 2259],
    ]);
    // Deleting the invoice takes its charges with it (cascade).
    await t.db.delete(invoices).where(eq(invoices.id, invoiceId));
    const [left] = await t.db.select({ n: count() }).from(invoiceCharges).where(eq(invoiceCharges.invoiceId, invoiceId));
    expect(left!.n).toBe(0);
  });

  it('a bad charge row keeps everything typed, names the row, and saves nothing', async () => {
    const before = await rowCounts();
    const value = await post(
      'save',
      { invoiceNumber: `CH-${uid()}`, supplier: 'Metro Auto Parts', invoiceDate: '2026-11-03', totalAmount: '50.00' },
      [{ part_number: `P-${uid()}`, description: 'Clip', quantity: '1', unit_price: '40.00' }],
      [{ kind: 'freight', description: 'FREIGHT', amount: 'ten dollars' }],
    );
    const { data, status } = dataOf<InvoiceFormState>(value);
    expect(status).toBe(400);
    expect(data.fieldErrors['charges.0']).toBe('Charge 1: the amount must be such as 12.50 or -5.00 (two decimals at most).');
    expect(data.charges).toEqual([{ kind: 'freight', description: 'FREIGHT', amount: 'ten dollars' }]);
    expect(data.rows[0]!.description).toBe('Clip');
    expect(await rowCounts()).toEqual(before);
  });

  it('rolls everything back when the charges cannot be stored: no invoice, no stock, no file', async () => {
    const part = `ROLL-${uid()}`;
    const before = await rowCounts();
    const files = () => storedFiles(storageRoot).filter((f) => f.startsWith('invoice-files/invoices/'));
    const filesBefore = files();
    await t.db.execute(sql`CREATE FUNCTION fail_charges() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'charges unavailable'; END $$`);
    await t.db.execute(sql`CREATE TRIGGER fail_charges BEFORE INSERT ON invoice_charges FOR EACH ROW EXECUTE FUNCTION fail_charges()`);
    try {
      const value = await post(
        'save',
        { invoiceNumber: `R-${uid()}`, supplier: 'Keystone', invoiceDate: '2026-11-05' },
        [{ part_number: part, description: 'Latch', quantity: '3', unit_price: '36.40' }],
        [{ kind: 'freight', description: 'FREIGHT', amount: '9.00' }],
      );
      const { data, status } = dataOf<InvoiceFormState>(value);
      expect(status).toBe(500);
      expect(data.formError).toMatch(/^Submission failed: /);
      expect(data.charges).toEqual([{ kind: 'freight', description: 'FREIGHT', amount: '9.00' }]);
    } finally {
      await t.db.execute(sql`DROP TRIGGER fail_charges ON invoice_charges`);
      await t.db.execute(sql`DROP FUNCTION fail_charges()`);
    }
    expect(await rowCounts()).toEqual(before);
    expect(files()).toEqual(filesBefore);
  });
});

describe('Add Charge and Remove without JavaScript', () => {
  it('adds a blank row and removes the chosen one, keeping everything else typed', async () => {
    const fields = { invoiceNumber: 'N-9', supplier: 'Lakeside Paint', invoiceDate: '2026-11-03', totalAmount: '80.00' };
    const rows = [{ part_number: 'MIX-BC-QT', description: 'Basecoat mix', quantity: '1', unit_price: '70.00' }];
    const added = dataOf<InvoiceFormState>(await post('add-charge', fields, rows, [{ kind: 'fee', description: 'MIXING FEE', amount: '4.00' }], null));
    expect(added.status).toBe(200);
    expect(added.data.charges).toEqual([
      { kind: 'fee', description: 'MIXING FEE', amount: '4.00' },
      { kind: 'freight', description: '', amount: '' },
    ]);
    expect(added.data.values).toEqual(fields);
    expect(added.data.rows[0]!.part_number).toBe('MIX-BC-QT');
    const removed = dataOf<InvoiceFormState>(
      await post('remove-charge:0', fields, rows, [...added.data.charges.slice(0, 1), { kind: 'freight', description: 'DELIVERY', amount: '6.00' }], null),
    );
    expect(removed.data.charges).toEqual([{ kind: 'freight', description: 'DELIVERY', amount: '6.00' }]);
    expect(removed.data.rows[0]!.unit_price).toBe('70.00');
  });
});
