/**
 * The parts inventory (admin-back-office §2 "Inventory", DECISIONS 16): staff list, add, edit and adjust stock.
 *
 * - `listInventory({ q })` → items ordered by part number (search: part number, description or supplier).
 * - `listPartOptions()` → id, part number, description, quantity, price for the part pickers (quantity ≤ 0 disabled).
 * - `addInventoryItem(actor, input)` → id; a starting quantity > 0 is recorded as an adjustment 'Initial stock'.
 *   Duplicate part number → DomainError('conflict', …, 'partNumber'). Audit 'inventory.create'.
 * - `updateInventoryItem(actor, input)` → part number, description, price, supplier (not the stock). Audit
 *   'inventory.update' with the fields that changed.
 * - `adjustStock(actor, { inventoryId, change, reason })` → new quantity; one transaction writes the
 *   `inventory_adjustments` row and changes the stock with a guard so it never goes below zero
 *   ('Failed to update inventory: not enough stock (available: n).'). Audit 'inventory.adjust': quantity from/to and
 *   the reason.
 * Each audit row is written in the transaction of its change; a refused change leaves none.
 */
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { InventoryItemInput } from '~/lib/schemas/admin';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import { getDb } from '../db/client.server';
import { inventory, inventoryAdjustments } from '../db/schema';
import { DomainError, isUniqueViolation, isUuid } from '../errors.server';
import { likePattern } from '../customers/list-customers.server';

export type InventoryItem = typeof inventory.$inferSelect;

export async function listInventory({ q = '' }: { q?: string } = {}): Promise<InventoryItem[]> {
  const term = q.trim().slice(0, 100);
  const pattern = likePattern(term);
  return getDb()
    .select()
    .from(inventory)
    .where(
      term
        ? or(ilike(inventory.partNumber, pattern), ilike(inventory.description, pattern), ilike(inventory.supplier, pattern))
        : undefined,
    )
    .orderBy(asc(inventory.partNumber))
    .limit(1000);
}

export async function listPartOptions() {
  return getDb()
    .select({
      id: inventory.id,
      partNumber: inventory.partNumber,
      description: inventory.description,
      quantity: inventory.quantity,
      unitPrice: inventory.unitPrice,
    })
    .from(inventory)
    .orderBy(asc(inventory.partNumber))
    .limit(1000);
}

const duplicate = (partNumber: string) =>
  new DomainError('conflict', `Failed to update inventory: part number ${partNumber} already exists.`, 'partNumber');

/** The audited fields of a part, apart from its stock. */
const itemDetails = (i: InventoryItem) => ({
  partNumber: i.partNumber,
  description: i.description,
  unitPrice: i.unitPrice,
  supplier: i.supplier,
});

export async function addInventoryItem(actor: StaffActor, input: InventoryItemInput): Promise<string> {
  try {
    return await getDb().transaction(async (tx) => {
      const [row] = await tx
        .insert(inventory)
        .values({
          partNumber: input.partNumber,
          description: input.description,
          quantity: input.quantity,
          unitPrice: input.unitPrice,
          supplier: input.supplier,
        })
        .returning();
      if (input.quantity > 0) {
        await tx.insert(inventoryAdjustments).values({
          inventoryId: row!.id,
          quantityChange: input.quantity,
          reason: 'Initial stock',
          adjustedByUserId: actor.id,
        });
      }
      await recordAudit(tx, actor, { action: 'inventory.create', entityId: row!.id, after: { ...itemDetails(row!), quantity: row!.quantity } });
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'part_number')) throw duplicate(input.partNumber);
    throw error;
  }
}

export async function updateInventoryItem(
  actor: StaffActor,
  input: Omit<InventoryItemInput, 'quantity'> & { inventoryId: string },
): Promise<void> {
  const notFound = () => new DomainError('not_found', 'Failed to update inventory: part not found.');
  if (!isUuid(input.inventoryId)) throw notFound();
  try {
    await getDb().transaction(async (tx) => {
      const [before] = await tx.select().from(inventory).where(eq(inventory.id, input.inventoryId)).for('update');
      if (!before) throw notFound();
      const [after] = await tx
        .update(inventory)
        .set({
          partNumber: input.partNumber,
          description: input.description,
          unitPrice: input.unitPrice,
          supplier: input.supplier,
        })
        .where(eq(inventory.id, input.inventoryId))
        .returning();
      await recordAudit(tx, actor, {
        action: 'inventory.update',
        entityId: input.inventoryId,
        before: itemDetails(before),
        after: itemDetails(after!),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'part_number')) throw duplicate(input.partNumber);
    throw error;
  }
}

export async function adjustStock(
  actor: StaffActor,
  input: { inventoryId: string; change: number; reason: string },
): Promise<number> {
  if (!isUuid(input.inventoryId)) throw new DomainError('not_found', 'Failed to update inventory: part not found.');
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(inventory)
      .set({ quantity: sql`${inventory.quantity} + ${input.change}` })
      .where(sql`${inventory.id} = ${input.inventoryId} and ${inventory.quantity} + ${input.change} >= 0`)
      .returning({ quantity: inventory.quantity });
    if (!row) {
      const [item] = await tx.select({ quantity: inventory.quantity }).from(inventory).where(eq(inventory.id, input.inventoryId));
      if (!item) throw new DomainError('not_found', 'Failed to update inventory: part not found.');
      throw new DomainError(
        'conflict',
        `Failed to update inventory: not enough stock (available: ${item.quantity}).`,
        'change',
      );
    }
    await tx.insert(inventoryAdjustments).values({
      inventoryId: input.inventoryId,
      quantityChange: input.change,
      reason: input.reason,
      adjustedByUserId: actor.id,
    });
    await recordAudit(tx, actor, {
      action: 'inventory.adjust',
      entityId: input.inventoryId,
      before: { quantity: row.quantity - input.change },
      after: { quantity: row.quantity, reason: input.reason },
    });
    return row.quantity;
  });
}
