/**
 * Creating a work order from a customer's vehicle (admin-back-office §2 "Customer details", §5): the number is
 * required and unique (the database's unique index decides), the description optional, the status starts as
 * Estimate Scheduled and a first status-history row records who opened it.
 *
 * - `suggestWorkOrderNumber()` → the next free number in the shop's `WO-{n}` series (pre-fills the form).
 * - `createWorkOrder(actor, customerId, input)` → the new row; the same transaction writes the history row and the
 *   audit row 'work_order.create' (number, description, vehicle, customer, status). Errors: DomainError('not_found') when the vehicle
 *   is not this customer's; DomainError('conflict', 'Error creating work order: work order number … already exists.',
 *   'workOrderNumber') on a duplicate number.
 * - `insertWorkOrder(tx, actor, customerId, input)` → the same inside a caller's transaction (appointment check-in,
 *   issue 16); a duplicate number surfaces as the unique violation: map it with {@link mapWorkOrderNumberConflict}.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { CreateWorkOrder } from '~/lib/schemas/admin';
import { INITIAL_WORK_ORDER_STATUS } from '~/lib/work-order-status';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import { getDb, type Executor } from '../db/client.server';
import { vehicles, workOrders, workOrderStatusHistory } from '../db/schema';
import { DomainError, isUniqueViolation } from '../errors.server';

/** The next `WO-{n}` number: one more than the highest numeric one in use, at least WO-1001. */
export async function suggestWorkOrderNumber(): Promise<string> {
  const [row] = await getDb()
    .select({
      max: sql<string | null>`max(substring(${workOrders.workOrderNumber} from 4)::bigint)`,
    })
    .from(workOrders)
    .where(sql`${workOrders.workOrderNumber} ~ '^WO-[0-9]{1,15}$'`);
  const max = Math.max(1000, Number(row?.max ?? 0));
  return `WO-${max + 1}`;
}

export async function createWorkOrder(actor: StaffActor, customerId: string, input: CreateWorkOrder) {
  try {
    return await getDb().transaction((tx) => insertWorkOrder(tx, actor, customerId, input));
  } catch (error) {
    throw mapWorkOrderNumberConflict(error, input.workOrderNumber);
  }
}

/** A duplicate-number unique violation as the spec's DomainError; any other error unchanged. */
export function mapWorkOrderNumberConflict(error: unknown, workOrderNumber: string): unknown {
  if (isUniqueViolation(error, 'number')) {
    return new DomainError('conflict', `Error creating work order: work order number ${workOrderNumber} already exists.`, 'workOrderNumber');
  }
  return error;
}

/** See the module docs: the work order, its first history row and its audit row, written with `tx`. */
export async function insertWorkOrder(tx: Executor, actor: StaffActor, customerId: string, input: CreateWorkOrder) {
  const [vehicle] = await tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.id, input.vehicleId), eq(vehicles.customerId, customerId)));
  if (!vehicle) throw new DomainError('not_found', 'Error creating work order: vehicle not found for this customer.');
  const [row] = await tx
    .insert(workOrders)
    .values({
      workOrderNumber: input.workOrderNumber,
      description: input.description,
      vehicleId: vehicle.id,
      customerId,
      currentStatus: INITIAL_WORK_ORDER_STATUS,
    })
    .returning();
  await tx.insert(workOrderStatusHistory).values({
    workOrderId: row!.id,
    fromStatus: null,
    toStatus: INITIAL_WORK_ORDER_STATUS,
    changedByUserId: actor.id,
  });
  await recordAudit(tx, actor, {
    action: 'work_order.create',
    entityId: row!.id,
    after: {
      workOrderNumber: row!.workOrderNumber,
      description: row!.description,
      vehicleId: row!.vehicleId,
      customerId: row!.customerId,
      currentStatus: row!.currentStatus,
    },
  });
  return row!;
}
