/**
 * Using a part on a work order (admin-back-office §4-5, DECISIONS 11).
 *
 * `addPartToWorkOrder(actor, { workOrderId, inventoryId, quantity })` → `{ message }` ('Added {n} x {description} to
 * work order.'). One transaction: the guarded decrement
 *   UPDATE inventory SET quantity = quantity - n WHERE id = ? AND quantity >= n
 * (atomic under concurrency: stock never goes below zero, whatever the number of simultaneous requests), then the
 * work_order_parts row with the description and unit price of that moment, then the audit row 'work_order_part.add'
 * (the part row's fields, and the stock `inventoryQuantity` from/to). Errors (nothing changes, no audit row):
 * - unknown work order or part → DomainError('validation', 'Please select a work order, a part, and a valid quantity.');
 * - not enough stock → DomainError('conflict', 'Not enough {part description} in inventory. Available: {n}').
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { ADD_PART_INVALID, type AddPart } from '~/lib/schemas/admin';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import { getDb } from '../db/client.server';
import { inventory, workOrderParts, workOrders } from '../db/schema';
import { DomainError, isUuid } from '../errors.server';

export const partAddedMessage = (quantity: number, description: string) => `Added ${quantity} x ${description} to work order.`;
export const notEnoughMessage = (description: string, available: number) =>
  `Not enough ${description} in inventory. Available: ${available}`;

export async function addPartToWorkOrder(actor: StaffActor, input: AddPart): Promise<{ message: string }> {
  const { workOrderId, inventoryId, quantity } = input;
  if (!isUuid(workOrderId) || !isUuid(inventoryId) || !Number.isInteger(quantity) || quantity < 1) {
    throw new DomainError('validation', ADD_PART_INVALID);
  }
  return getDb().transaction(async (tx) => {
    const [order] = await tx.select({ id: workOrders.id }).from(workOrders).where(eq(workOrders.id, workOrderId));
    if (!order) throw new DomainError('validation', ADD_PART_INVALID);
    const [taken] = await tx
      .update(inventory)
      .set({ quantity: sql`${inventory.quantity} - ${quantity}` })
      .where(and(eq(inventory.id, inventoryId), gte(inventory.quantity, quantity)))
      .returning({
        partNumber: inventory.partNumber,
        description: inventory.description,
        unitPrice: inventory.unitPrice,
        quantity: inventory.quantity,
      });
    if (!taken) {
      const [item] = await tx
        .select({ description: inventory.description, quantity: inventory.quantity })
        .from(inventory)
        .where(eq(inventory.id, inventoryId));
      if (!item) throw new DomainError('validation', ADD_PART_INVALID);
      throw new DomainError('conflict', notEnoughMessage(item.description, item.quantity), 'quantity');
    }
    const values = {
      workOrderId,
      inventoryId,
      partNumber: taken.partNumber,
      description: taken.description,
      quantityUsed: quantity,
      unitPriceAtTime: taken.unitPrice,
    };
    const [part] = await tx.insert(workOrderParts).values(values).returning({ id: workOrderParts.id });
    await recordAudit(tx, actor, {
      action: 'work_order_part.add',
      entityId: part!.id,
      before: { inventoryQuantity: taken.quantity + quantity },
      after: { ...values, inventoryQuantity: taken.quantity },
    });
    return { message: partAddedMessage(quantity, taken.description) };
  });
}
