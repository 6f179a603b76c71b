/**
 * Reading invoices for the back office (admin-back-office §2 Invoices).
 *
 * - `listInvoices({ page, pageSize })` → `{ invoices[{ id, invoiceNumber, supplier, invoiceDate (YYYY-MM-DD),
 *   totalAmount (string | null), hasFile }], page, pageCount, total }`, newest invoice date first (then newest created).
 * - `getInvoice(id)` → the invoice with its line items (and each item's current stock) and its charges (the rows
 *   that are not parts, in order, signed `amountCents`), or throws a not-found
 *   DomainError (also for ids that are not UUIDs).
 * - `getInvoiceFile(id)` → `{ key, fileName, contentType }` or throws not-found.
 */
import { asc, count, desc, eq } from 'drizzle-orm';
import { getDb } from '~/server/db/client.server';
import { inventory, invoiceCharges, invoiceLineItems, invoices } from '~/server/db/schema';
import { isUuid, notFound } from '~/server/errors.server';

export const INVOICES_PAGE_SIZE = 20;

export async function listInvoices(options: { page?: number; pageSize?: number } = {}) {
  const db = getDb();
  const pageSize = options.pageSize ?? INVOICES_PAGE_SIZE;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(invoices);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pageCount);
  const rows = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      supplier: invoices.supplier,
      invoiceDate: invoices.invoiceDate,
      totalAmount: invoices.totalAmount,
      fileKey: invoices.fileKey,
    })
    .from(invoices)
    .orderBy(desc(invoices.invoiceDate), desc(invoices.createdAt), asc(invoices.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    invoices: rows.map(({ fileKey, ...r }) => ({ ...r, hasFile: Boolean(fileKey) })),
    page,
    pageCount,
    total,
  };
}

export async function getInvoice(id: string) {
  if (!isUuid(id)) throw notFound('Invoice not found.');
  const db = getDb();
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!invoice) throw notFound('Invoice not found.');
  const items = await db
    .select({
      id: invoiceLineItems.id,
      partNumber: invoiceLineItems.partNumber,
      description: invoiceLineItems.description,
      quantity: invoiceLineItems.quantity,
      unitPrice: invoiceLineItems.unitPrice,
      inStock: inventory.quantity,
    })
    .from(invoiceLineItems)
    .leftJoin(inventory, eq(inventory.id, invoiceLineItems.inventoryId))
    .where(eq(invoiceLineItems.invoiceId, id))
    .orderBy(asc(invoiceLineItems.createdAt), asc(invoiceLineItems.id));
  const charges = await db
    .select({ id: invoiceCharges.id, kind: invoiceCharges.kind, description: invoiceCharges.description, amountCents: invoiceCharges.amountCents })
    .from(invoiceCharges)
    .where(eq(invoiceCharges.invoiceId, id))
    .orderBy(asc(invoiceCharges.position));
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    supplier: invoice.supplier,
    invoiceDate: invoice.invoiceDate,
    totalAmount: invoice.totalAmount,
    hasFile: Boolean(invoice.fileKey),
    fileName: invoice.fileName,
    createdAt: invoice.createdAt.toISOString(),
    items,
    charges,
  };
}

export async function getInvoiceFile(id: string): Promise<{ key: string; fileName: string; contentType: string }> {
  if (!isUuid(id)) throw notFound();
  const [row] = await getDb()
    .select({ key: invoices.fileKey, fileName: invoices.fileName, contentType: invoices.contentType })
    .from(invoices)
    .where(eq(invoices.id, id));
  if (!row?.key) throw notFound();
  return { key: row.key, fileName: row.fileName ?? 'invoice', contentType: row.contentType ?? 'application/octet-stream' };
}
