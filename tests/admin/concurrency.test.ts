import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, inventory, workOrderParts } from '~/server/db/schema';
import { addPartToWorkOrder } from '~/server/inventory/add-part-to-work-order.server';
import { DomainError } from '~/server/errors.server';
import { createAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { createCustomerWithWorkOrder, createInventoryItem } from './helpers';

const t = withTestDatabase();
let staff: { id: string; email: string };

beforeAll(async () => {
  const admin = await createAccount({ admin: true });
  staff = { id: admin.userId, email: admin.email };
});

describe('parts used under concurrency (DECISIONS 11)', () => {
  it(`50 concurrent uses of one unit at stock 20: exactly 20 succeed, stock ends at 0 (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const { workOrder } = await createCustomerWithWorkOrder();
    const item = await createInventoryItem({ quantity: 20, description: 'Bumper clip' });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => addPartToWorkOrder(staff, { workOrderId: workOrder.id, inventoryId: item.id, quantity: 1 })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const r of refused) {
      const reason = (r as PromiseRejectedResult).reason as DomainError;
      expect(reason).toBeInstanceOf(DomainError);
      expect(reason.message).toMatch(/^Not enough Bumper clip in inventory\. Available: \d+$/);
    }
    const [after] = await t.db.select().from(inventory).where(eq(inventory.id, item.id));
    expect(after!.quantity).toBe(0);
    const used = await t.db.select().from(workOrderParts).where(eq(workOrderParts.inventoryId, item.id));
    expect(used).toHaveLength(20);
    expect(used.every((u) => u.unitPriceAtTime === '12.50' && u.quantityUsed === 1)).toBe(true);
    // One audit row per part actually used, none for the 30 refused; each names the stock it took from and left.
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'work_order_part.add'), sql`${auditLog.changes} -> 'inventoryId' ->> 'to' = ${item.id}`));
    expect(audited.map((a) => a.entityId).sort()).toEqual(used.map((u) => u.id).sort());
    const stockSteps = audited.map((a) => a.changes.inventoryQuantity).sort((x, y) => Number(y!.from) - Number(x!.from));
    expect(stockSteps).toEqual(Array.from({ length: 20 }, (_, i) => ({ from: 20 - i, to: 19 - i })));
  });

  it('mixed quantities racing for the last units never drive stock below zero', async () => {
    const { workOrder } = await createCustomerWithWorkOrder();
    const item = await createInventoryItem({ quantity: 7 });
    const quantities = [3, 3, 3, 2, 2, 1, 5, 4];
    const results = await Promise.allSettled(
      quantities.map((quantity) => addPartToWorkOrder(staff, { workOrderId: workOrder.id, inventoryId: item.id, quantity })),
    );
    const [after] = await t.db.select().from(inventory).where(eq(inventory.id, item.id));
    const used = await t.db.select().from(workOrderParts).where(eq(workOrderParts.inventoryId, item.id));
    const total = used.reduce((s, u) => s + u.quantityUsed, 0);
    expect(after!.quantity).toBeGreaterThanOrEqual(0);
    expect(after!.quantity + total).toBe(7);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(used.length);
  });
});
