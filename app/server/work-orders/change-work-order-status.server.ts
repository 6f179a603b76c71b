/**
 * Status changes (admin-back-office §4, DECISIONS 13, issue 15). Any status may follow any status.
 *
 * `changeWorkOrderStatus(actor, workOrderId, status, { notify, expectedVersion, visibleTo })` runs ONE transaction that
 * saves the status and `updated_at`, adds one to `version` (issue 17 §1: every status change, from any form, moves it),
 * keeps `ready_for_pickup_at` (set on reaching Ready for Pickup, cleared on leaving it: the status link
 * ends 30 days after it), writes a `work_order_status_history` row naming the acting user and the audit row
 * 'work_order.status' (currentStatus from/to), and:
 * - with `notify` (the form's "Notify customer", checked by default): queues the status message, which waits
 *   STATUS_MESSAGE_DELAY_SECONDS (120 s) so several changes send one message with the latest status
 *   (notifications/customer-notifications.server.ts); without it, drops a message still waiting;
 * - on reaching Ready for Pickup: queues the review request (once per work order, when the shop has a review link).
 * After the commit it announces the change on the live channel (open status and portal pages refresh).
 * Returns `{ workOrderNumber, changed, channels, notify }`; `channels` says which channels the message goes by (from
 * the customer's preference, e-mail address and text consent). Saving the status the work order already has is a
 * no-op (issue 13): `changed` false, and no update, history, audit row or message. Errors: DomainError('not_found').
 *
 * Two options serve the job board (app/server/board/move-work-order.server.ts), both checked on the locked row:
 * - `expectedVersion`: the `version` the caller saw; another value means someone changed the status meanwhile, and
 *   {@link StatusVersionConflict} (409, the status the work order is in now) is thrown with nothing written;
 * - `visibleTo`: a staff user; a work order they may not see (a technician's, not assigned to them: `canSeeWorkOrder`)
 *   is answered DomainError('not_found') with nothing written.
 *
 * `setEstimatedCompletionDate(actor, workOrderId, date)` sets or clears the date (audit 'work_order.update' with
 * estimatedCompletionDate from/to) and announces it live; the date it already has writes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import type { NotifyChannels } from '~/lib/status-message';
import type { WorkOrderStatus } from '~/lib/work-order-status';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import { canSeeWorkOrder } from '../auth/permissions.server';
import type { SessionUser } from '../auth/session.server';
import { getDb, type Database } from '../db/client.server';
import { customers, workOrders, workOrderStatusHistory } from '../db/schema';
import { DomainError, isUuid } from '../errors.server';
import { publishLive } from '../live/live.server';
import {
  cancelStatusNotification,
  channelsFor,
  scheduleReviewRequest,
  scheduleStatusNotification,
} from '../notifications/customer-notifications.server';
import { getShopSettings } from '../settings/shop-settings.server';

export { statusChangeAnswer } from '~/lib/status-message';

/** The answer to saving the status a work order already has (nothing written, nothing sent). */
export const unchangedStatusMessage = (workOrderNumber: string, status: WorkOrderStatus) =>
  `WO #${workOrderNumber} is already ${status}: nothing was changed and no e-mail was sent.`;

export interface StatusChangeResult {
  workOrderNumber: string;
  changed: boolean;
  notify: boolean;
  channels: NotifyChannels;
  /** The work order's `version` after this call (one more than before when `changed`). */
  version: number;
}

/** The status was changed by someone else since the caller read `version` (409); nothing was written. */
export class StatusVersionConflict extends DomainError {
  override name = 'StatusVersionConflict';
  constructor(
    readonly workOrderNumber: string,
    /** The status the work order is in now. */
    readonly currentStatus: WorkOrderStatus,
    /** Its version now. */
    readonly currentVersion: number,
  ) {
    super('conflict', `WO #${workOrderNumber} was moved by someone else to ${currentStatus}. Nothing was changed.`);
  }
}

export interface StatusChangeOptions {
  /** Queue the status message (the form's "Notify customer"); default true. */
  notify?: boolean;
  /** Refuse the change (StatusVersionConflict) unless the work order's `version` is still this. */
  expectedVersion?: number;
  /** Refuse (not_found) a work order this staff user may not see (a technician: only those assigned to them). */
  visibleTo?: Pick<SessionUser, 'id' | 'isAdmin' | 'role'>;
  /** The database to use (default: the process's, `getDb()`). */
  db?: Database;
}

export async function changeWorkOrderStatus(
  actor: StaffActor,
  workOrderId: string,
  status: WorkOrderStatus,
  { notify = true, expectedVersion, visibleTo, db = getDb() }: StatusChangeOptions = {},
): Promise<StatusChangeResult> {
  if (!isUuid(workOrderId)) throw new DomainError('not_found', 'Work order not found.');
  const result = await db.transaction(async (tx) => {
    // Lock the row so the history's from-status is the one this change replaced.
    const [current] = await tx
      .select({
        number: workOrders.workOrderNumber,
        status: workOrders.currentStatus,
        lastNotifiedStatus: workOrders.lastNotifiedStatus,
        version: workOrders.version,
        assignedTechnicianId: workOrders.assignedTechnicianId,
        customer: {
          id: customers.id,
          email: customers.email,
          mobileE164: customers.mobileE164,
          notifyChannel: customers.notifyChannel,
        },
      })
      .from(workOrders)
      .innerJoin(customers, eq(customers.id, workOrders.customerId))
      .where(eq(workOrders.id, workOrderId))
      .for('update', { of: workOrders });
    if (!current || (visibleTo && !canSeeWorkOrder(visibleTo, current))) throw new DomainError('not_found', 'Work order not found.');
    if (expectedVersion !== undefined && current.version !== expectedVersion) {
      throw new StatusVersionConflict(current.number, current.status, current.version);
    }
    const channels = await channelsFor(tx, current.customer);
    const outcome = { workOrderNumber: current.number, customerId: current.customer.id, notify, channels };
    // The same status again (a second click, a re-submitted form): no "Paint → Paint" history, no second message.
    if (current.status === status) return { ...outcome, changed: false, version: current.version };
    const ready = status === 'Ready for Pickup';
    await tx
      .update(workOrders)
      .set({
        currentStatus: status,
        version: sql`${workOrders.version} + 1`,
        updatedAt: sql`now()`,
        readyForPickupAt: ready ? sql`now()` : null,
        // Never told anything yet: the status the car was in is what the customer knows (so A → B → A within the
        // message window sends nothing).
        lastNotifiedStatus: current.lastNotifiedStatus ?? current.status,
      })
      .where(eq(workOrders.id, workOrderId));
    await tx.insert(workOrderStatusHistory).values({
      workOrderId,
      fromStatus: current.status,
      toStatus: status,
      changedByUserId: actor.id,
    });
    await recordAudit(tx, actor, {
      action: 'work_order.status',
      entityId: workOrderId,
      before: { currentStatus: current.status },
      after: { currentStatus: status },
    });
    if (notify) await scheduleStatusNotification(tx, workOrderId, current.customer.id);
    else await cancelStatusNotification(tx, workOrderId);
    if (ready) await scheduleReviewRequest(tx, workOrderId, current.customer.id, await getShopSettings(tx));
    return { ...outcome, changed: true, version: current.version + 1 };
  });
  if (result.changed) await publishLive({ workOrderId, customerId: result.customerId, change: 'status' });
  const { customerId: _customerId, ...answer } = result;
  return answer;
}

export const ESTIMATED_DATE_UPDATED = 'Estimated completion date updated successfully.';

/**
 * Sets or clears (null) the estimated completion date ('YYYY-MM-DD'), audited as 'work_order.update';
 * DomainError('not_found') for an unknown work order.
 */
export async function setEstimatedCompletionDate(actor: StaffActor, workOrderId: string, date: string | null): Promise<void> {
  if (!isUuid(workOrderId)) throw new DomainError('not_found', 'Work order not found.');
  const customerId = await getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({ eta: workOrders.estimatedCompletionDate, customerId: workOrders.customerId })
      .from(workOrders)
      .where(eq(workOrders.id, workOrderId))
      .for('update');
    if (!current) throw new DomainError('not_found', 'Work order not found.');
    if (current.eta === date) return null;
    await tx.update(workOrders).set({ estimatedCompletionDate: date }).where(eq(workOrders.id, workOrderId));
    await recordAudit(tx, actor, {
      action: 'work_order.update',
      entityId: workOrderId,
      before: { estimatedCompletionDate: current.eta },
      after: { estimatedCompletionDate: date },
    });
    return current.customerId;
  });
  if (customerId) await publishLive({ workOrderId, customerId, change: 'eta' });
}

/** What staff are told after fixing a work order's description (issue 17 §6). */
export const DESCRIPTION_UPDATED = 'Description updated.';

/**
 * Fixes a work order's description (issue 17 §6): `description` null empties it. One transaction with the audit row
 * 'work_order.update' ({ description: { from, to } }); saving the same text again writes nothing.
 * Throws DomainError('not_found') for an unknown work order.
 */
export async function updateWorkOrderDescription(actor: StaffActor, workOrderId: string, description: string | null): Promise<void> {
  if (!isUuid(workOrderId)) throw new DomainError('not_found', 'Work order not found.');
  await getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({ description: workOrders.description })
      .from(workOrders)
      .where(eq(workOrders.id, workOrderId))
      .for('update');
    if (!current) throw new DomainError('not_found', 'Work order not found.');
    if ((current.description ?? null) === description) return;
    await tx.update(workOrders).set({ description }).where(eq(workOrders.id, workOrderId));
    await recordAudit(tx, actor, {
      action: 'work_order.update',
      entityId: workOrderId,
      before: { description: current.description },
      after: { description },
    });
  });
}
