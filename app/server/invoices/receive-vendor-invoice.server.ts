/**
 * Saving a reviewed vendor invoice (admin-back-office §4 "Invoice upload flow", DECISIONS 10).
 *
 * `receiveVendorInvoice(actor, invoice, file)`:
 *   1. refuses a supplier + invoice number already recorded (case-insensitive supplier) with a conflict DomainError;
 *   2. stores the file in the `invoice-files` bucket under `invoices/{invoiceId}/{epoch ms}-{name}` (storage refusing
 *      it → DomainError('unavailable', {@link INVOICE_FILE_NOT_STORED}), nothing written);
 *   3. in ONE transaction inserts the invoice, raises inventory per line (an existing part number gets its quantity
 *      increased and its unit price and supplier updated; an unknown one is created), inserts the line items and the
 *      rows that are not parts (`invoice_charges`: kind, text, signed cents, in order; never stock);
 *      the same transaction writes the audit rows: 'invoice.create' (its fields, the number of lines, the charges when any) and, per
 *      line, 'inventory.receive' (quantity, unit price, supplier from/to, and the invoice id) or 'inventory.create'
 *      for a new part;
 *   4. on any failure rolls back and removes the stored file, then rethrows (a duplicate found only at commit time
 *      becomes the same conflict DomainError). A process killed between 2 and 3 leaves a file without a row: the
 *      orphan sweep (`storage/orphan-sweep.server.ts`) removes it later.
 * Input: `SaveInvoice` (ISO date, total as a 2-decimal string or null, items with whole quantities > 0 and prices as
 * 2-decimal strings, charges in signed cents) and the file bytes with their sniffed MIME type. Returns `{ invoiceId, lineItems }`.
 */
import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SaveInvoice } from '~/lib/schemas/invoice';
import { recordAudit, type StaffActor } from '~/server/audit/audit.server';
import { getDb } from '~/server/db/client.server';
import { inventory, invoiceCharges, invoiceLineItems, invoices } from '~/server/db/schema';
import { DomainError, isUniqueViolation } from '~/server/errors.server';
import { log } from '~/server/logger.server';
import { getStorage } from '~/server/storage/storage.server';
import { safeFileName } from '~/server/uploads/upload.server';

export interface InvoiceFileInput {
  bytes: Uint8Array;
  mime: string;
  fileName: string;
}

/** Shown (after 'Submission failed: ') when storage refuses the invoice file; nothing is recorded then. */
export const INVOICE_FILE_NOT_STORED =
  'the invoice file could not be stored. Nothing was recorded, and stock was not changed; please try again';

export const duplicateInvoiceMessage = (invoiceNumber: string, supplier: string) =>
  `Invoice ${invoiceNumber} from ${supplier} has already been recorded. Nothing was saved, and stock was not changed.`;

export async function receiveVendorInvoice(
  actor: StaffActor,
  invoice: SaveInvoice,
  file: InvoiceFileInput,
): Promise<{ invoiceId: string; lineItems: number }> {
  const db = getDb();
  const duplicate = () => new DomainError('conflict', duplicateInvoiceMessage(invoice.invoiceNumber, invoice.supplier), 'invoiceNumber');
  const [existing] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(sql`lower(${invoices.supplier}) = lower(${invoice.supplier})`, eq(invoices.invoiceNumber, invoice.invoiceNumber)))
    .limit(1);
  if (existing) throw duplicate();

  const invoiceId = crypto.randomUUID();
  const fileName = safeFileName(file.fileName, file.mime === 'application/pdf' ? 'pdf' : 'png');
  const fileKey = `invoices/${invoiceId}/${Date.now()}-${fileName}`;
  const storage = getStorage();
  try {
    await storage.put('invoice-files', fileKey, file.bytes, { contentType: file.mime });
  } catch (error) {
    log().warn({ err: (error as Error).message }, 'invoice: the file could not be stored; nothing was recorded');
    throw new DomainError('unavailable', INVOICE_FILE_NOT_STORED);
  }
  try {
    await db.transaction(async (tx) => {
      await tx.insert(invoices).values({
        id: invoiceId,
        invoiceNumber: invoice.invoiceNumber,
        supplier: invoice.supplier,
        invoiceDate: invoice.invoiceDate,
        totalAmount: invoice.totalAmount,
        fileKey,
        fileName,
        contentType: file.mime,
        createdByUserId: actor.id,
      });
      await recordAudit(tx, actor, {
        action: 'invoice.create',
        entityId: invoiceId,
        after: {
          invoiceNumber: invoice.invoiceNumber,
          supplier: invoice.supplier,
          invoiceDate: invoice.invoiceDate,
          totalAmount: invoice.totalAmount,
          fileName,
          lineItems: invoice.items.length,
          ...(invoice.charges.length ? { charges: invoice.charges } : {}),
        },
      });
      // The stock rows this invoice raises, locked, as they were before it (for the audit rows' "from"); one SELECT.
      type Stock = { quantity: number; unitPrice: string; supplier: string | null };
      const partNumbers = [...new Set(invoice.items.map((i) => i.partNumber))];
      const known = new Map<string, Stock>();
      if (partNumbers.length) {
        const current = await tx
          .select({ partNumber: inventory.partNumber, quantity: inventory.quantity, unitPrice: inventory.unitPrice, supplier: inventory.supplier })
          .from(inventory)
          .where(inArray(inventory.partNumber, partNumbers))
          .orderBy(inventory.partNumber) // one lock order for every invoice: two overlapping invoices cannot deadlock here
          .for('update');
        for (const { partNumber, ...stock } of current) known.set(partNumber, stock);
      }
      const rows: (typeof invoiceLineItems.$inferInsert)[] = [];
      // now() is fixed within a transaction: explicit, increasing times keep the invoice's line order.
      const base = Date.now();
      for (const [index, item] of invoice.items.entries()) {
        const [stock] = await tx
          .insert(inventory)
          .values({
            partNumber: item.partNumber,
            description: item.description,
            quantity: item.quantity,
            unitPrice: item.unitPrice,
            supplier: invoice.supplier,
          })
          .onConflictDoUpdate({
            target: inventory.partNumber,
            set: {
              quantity: sql`${inventory.quantity} + excluded.quantity`,
              unitPrice: sql`excluded.unit_price`,
              supplier: sql`excluded.supplier`,
              updatedAt: new Date(),
            },
          })
          .returning({
            id: inventory.id,
            quantity: inventory.quantity,
            unitPrice: inventory.unitPrice,
            supplier: inventory.supplier,
            // xmax is 0 on a freshly inserted row version, set when ON CONFLICT updated an existing one.
            inserted: sql<boolean>`(xmax = 0)`,
          });
        const now: Stock = { quantity: stock!.quantity, unitPrice: stock!.unitPrice, supplier: stock!.supplier };
        if (stock!.inserted) {
          await recordAudit(tx, actor, {
            action: 'inventory.create',
            entityId: stock!.id,
            after: { partNumber: item.partNumber, description: item.description, ...now, invoiceId },
          });
        } else {
          await recordAudit(tx, actor, {
            action: 'inventory.receive',
            entityId: stock!.id,
            before: known.get(item.partNumber) ?? { quantity: now.quantity - item.quantity },
            after: { ...now, invoiceId },
          });
        }
        known.set(item.partNumber, now);
        rows.push({
          invoiceId,
          inventoryId: stock!.id,
          partNumber: item.partNumber,
          description: item.description,
          quantity: item.quantity,
          unitPrice: item.unitPrice,
          createdAt: new Date(base + index),
        });
      }
      if (rows.length) await tx.insert(invoiceLineItems).values(rows);
      if (invoice.charges.length)
        await tx.insert(invoiceCharges).values(invoice.charges.map((c, position) => ({ invoiceId, position, ...c })));
    });
  } catch (error) {
    await storage.delete('invoice-files', fileKey).catch((e: unknown) => {
      log().error({ err: e, fileKey }, 'invoice: could not remove the stored file after a failed save');
    });
    if (isUniqueViolation(error, 'invoices_supplier_number')) throw duplicate();
    throw error;
  }
  log().info({ invoiceId, lineItems: invoice.items.length }, 'invoice received');
  return { invoiceId, lineItems: invoice.items.length };
}
