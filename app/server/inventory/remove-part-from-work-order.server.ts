/**
 * Taking back a part added to a work order by mistake (issue 17 §6 "Fix mistakes").
 *
 * `removePartFromWorkOrder(actor, { workOrderId, partId, quantity })` → `{ message }`. One transaction: the part row is
 * locked (`FOR UPDATE`), `quantity` (whole, ≥ 1, at most the quantity used) comes off it — the row goes when none is
 * left —, the same quantity goes back into stock (when the inventory item still exists), and the audit row
 * 'work_order_part.remove' records the part row and the stock before and after. Errors (nothing changes, no audit row):
 * - a part that is not on this work order → DomainError('not_found', {@link PART_NOT_ON_WORK_ORDER});
 * - more than was used → DomainError('validation', "You can remove at most {n} of {description}: that is what this
 *   work order used.", field 'quantity');
 * - the final invoice already issued → DomainError('conflict', {@link PART_INVOICED}): the invoice lists the part.
 */
import { and, eq, sql } from 'drizzle-orm';
import { REMOVE_PART_INVALID, type RemovePart } from '~/lib/schemas/admin';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import { getDb } from '../db/client.server';
import { inventory, repairInvoices, workOrderParts } from '../db/schema';
import { DomainError, isUuid } from '../errors.server';

export const PART_NOT_ON_WORK_ORDER = 'That part is not on this work order (it may have been removed already).';
export const PART_INVOICED =
  'The final invoice for this work order was already issued and lists this part: the part cannot be removed.';
export const partRemovedMessage = (quantity: number, description: string, restocked: boolean) =>
  `Removed ${quantity} x ${description} from the work order.${restocked ? ' Stock restored.' : ' The inventory item no longer exists, so no stock was restored.'}`;
export const tooManyMessage = (used: number, description: string) =>
  `You can remove at most ${used} of ${description}: that is what this work order used.`;

export async function removePartFromWorkOrder(actor: StaffActor, input: RemovePart): Promise<{ message: string }> {
  const { workOrderId, partId, quantity } = input;
  if (!isUuid(workOrderId) || !isUuid(partId) || !Number.isInteger(quantity) || quantity < 1) {
    throw new DomainError('validation', REMOVE_PART_INVALID);
  }
  return getDb().transaction(async (tx) => {
    const [part] = await tx
      .select()
      .from(workOrderParts)
      .where(and(eq(workOrderParts.id, partId), eq(workOrderParts.workOrderId, workOrderId)))
      .for('update');
    if (!part) throw new DomainError('not_found', PART_NOT_ON_WORK_ORDER);
    if (quantity > part.quantityUsed) throw new DomainError('validation', tooManyMessage(part.quantityUsed, part.description), 'quantity');
    const [invoice] = await tx.select({ id: repairInvoices.id }).from(repairInvoices).where(eq(repairInvoices.workOrderId, workOrderId)).limit(1);
    if (invoice) throw new DomainError('conflict', PART_INVOICED);

    const left = part.quantityUsed - quantity;
    if (left === 0) await tx.delete(workOrderParts).where(eq(workOrderParts.id, part.id));
    else await tx.update(workOrderParts).set({ quantityUsed: left }).where(eq(workOrderParts.id, part.id));

    const [stock] = part.inventoryId
      ? await tx
          .update(inventory)
          .set({ quantity: sql`${inventory.quantity} + ${quantity}` })
          .where(eq(inventory.id, part.inventoryId))
          .returning({ quantity: inventory.quantity })
      : [];
    await recordAudit(tx, actor, {
      action: 'work_order_part.remove',
      entityId: part.id,
      before: { workOrderId, partNumber: part.partNumber, description: part.description, quantityUsed: part.quantityUsed, inventoryQuantity: stock ? stock.quantity - quantity : null },
      after: { workOrderId, partNumber: part.partNumber, description: part.description, quantityUsed: left, inventoryQuantity: stock ? stock.quantity : null, removed: quantity },
    });
    return { message: partRemovedMessage(quantity, part.description, Boolean(stock)) };
  });
}
