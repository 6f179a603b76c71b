/**
 * A move on the job board (issue 17 §1): `moveWorkOrderOnBoard(db, actor, { workOrderId, toStatus, expectedVersion,
 * notify })`.
 *
 * The status change of the status form (changeWorkOrderStatus: one transaction with the status history row naming
 * `actor`, the audit row 'work_order.status', the customer's message when `notify`, the review request on reaching
 * Ready for Pickup, the live announcement), with two more rules checked on the locked row:
 * - optimistic concurrency: `expectedVersion` is the `version` the card showed. When the work order's version moved
 *   meanwhile (someone else moved the card, or changed the status on the work order page), nothing is written and
 *   {@link BoardMoveConflict} (409) says where the work order is now: "WO #… was moved by someone else to X. The board
 *   is up to date now." A second move of the same stale card is refused the same way, so nobody's move is lost.
 * - scope: `actor` needs 'work_orders.status' (otherwise DomainError('forbidden'), 403), and a technician may move only
 *   the work orders assigned to them: another's is DomainError('not_found') (404; its existence is not disclosed).
 *
 * Returns `{ workOrderNumber, changed, version, message }`: `changed` false (and nothing written) when the card was
 * dropped on its own column; `message` is what the person is told (the status form's words).
 */
import { boardConflictMessage } from '~/lib/board';
import { statusChangeAnswer } from '~/lib/status-message';
import type { WorkOrderStatus } from '~/lib/work-order-status';
import { can } from '../auth/permissions.server';
import type { SessionUser } from '../auth/session.server';
import type { Database } from '../db/client.server';
import { DomainError } from '../errors.server';
import { changeWorkOrderStatus, StatusVersionConflict, unchangedStatusMessage } from '../work-orders/change-work-order-status.server';

export interface BoardMoveInput {
  workOrderId: string;
  toStatus: WorkOrderStatus;
  /** The `version` the card showed. */
  expectedVersion: number;
  /** The "Notify customer" choice (checked by default on the board, as on the status form). */
  notify: boolean;
}

export interface BoardMoveResult {
  workOrderNumber: string;
  changed: boolean;
  /** The work order's version now. */
  version: number;
  message: string;
}

/** Someone else moved the card first (409); nothing was changed. `currentStatus` is where the work order is now. */
export class BoardMoveConflict extends DomainError {
  override name = 'BoardMoveConflict';
  constructor(
    readonly workOrderNumber: string,
    readonly currentStatus: WorkOrderStatus,
    readonly currentVersion: number,
  ) {
    super('conflict', boardConflictMessage(workOrderNumber, currentStatus));
  }
}

export async function moveWorkOrderOnBoard(
  db: Database,
  actor: Pick<SessionUser, 'id' | 'email' | 'isAdmin' | 'role'>,
  { workOrderId, toStatus, expectedVersion, notify }: BoardMoveInput,
): Promise<BoardMoveResult> {
  if (!can(actor, 'work_orders.status')) throw new DomainError('forbidden', 'Your role does not allow moving work orders.');
  try {
    const result = await changeWorkOrderStatus(actor, workOrderId, toStatus, { notify, expectedVersion, visibleTo: actor, db });
    return {
      workOrderNumber: result.workOrderNumber,
      changed: result.changed,
      version: result.version,
      message: result.changed
        ? statusChangeAnswer(result.workOrderNumber, result.channels, result.notify)
        : unchangedStatusMessage(result.workOrderNumber, toStatus),
    };
  } catch (error) {
    if (error instanceof StatusVersionConflict) {
      throw new BoardMoveConflict(error.workOrderNumber, error.currentStatus, error.currentVersion);
    }
    throw error;
  }
}
