/**
 * The job board (issue 17 §1): the shapes the server hands the page, the form schema of a move, and the board's
 * messages (one place, so pages and tests use the same words). Browser-safe.
 */
import { z } from 'zod';
import { WORK_ORDER_STATUSES, type WorkOrderStatus } from './work-order-status';

/**
 * A work order in 'Ready for Pickup' stays on the board this many days after it got there, then leaves it. The app has
 * no "delivered" mark, so a car that was picked up keeps that status; a week shows the cars waiting on the lot without
 * piling up every car ever delivered.
 */
export const READY_FOR_PICKUP_BOARD_DAYS = 7;

/** One card: what a person at the board needs, and nothing of the customer's contact details. */
export interface BoardCard {
  id: string;
  workOrderNumber: string;
  status: WorkOrderStatus;
  customerName: string;
  /** "2021 Toyota Camry". */
  vehicle: string;
  /** Whole calendar days since the work order was created, in the shop's time zone (0 on the first day). */
  daysInShop: number;
  /** 'YYYY-MM-DD' or null. */
  estimatedCompletionDate: string | null;
  /** The estimated completion date is before today (shop time zone) and the work is not Complete / Ready for Pickup. */
  overdue: boolean;
  assignedTechnicianId: string | null;
  assignedTechnicianName: string | null;
  /**
   * The job waits for parts. The app keeps no parts-on-order lines (work_order_parts are parts already taken from
   * stock), so this is the status 'Parts Ordered'.
   */
  partsWaiting: boolean;
  /** The work order's `version`: a move sends it back, so a move made on a stale card is refused. */
  version: number;
}

export interface BoardColumn {
  status: WorkOrderStatus;
  cards: BoardCard[];
}

export interface BoardTechnician {
  id: string;
  name: string;
}

/** The technician filter: a technician's user id, 'none' (unassigned) or null (everyone). */
export type BoardTechnicianFilter = string | null;

export interface Board {
  columns: BoardColumn[];
  /** Active technicians, by name (the filter's choices); empty for a technician, who sees only their own cards. */
  technicians: BoardTechnician[];
  /** The filter applied (a technician's own id for a technician, whatever they asked). */
  technicianId: BoardTechnicianFilter;
  /** Today in the shop's time zone ('YYYY-MM-DD'), the day "overdue" and "days in the shop" were computed against. */
  today: string;
}

/** A move from the board: a drag or the card's "Move to…" form. `notify` follows the status form's rule. */
export const BoardMoveSchema = z
  .object({
    workOrderId: z.string({ error: 'Choose a work order.' }).trim().uuid('Choose a work order.'),
    status: z.enum(WORK_ORDER_STATUSES, { error: 'Choose one of the listed statuses.' }),
    expectedVersion: z.coerce.number({ error: 'Reload the board and try again.' }).int().min(0),
    notify: z.string().optional(),
    notifyShown: z.string().optional(),
  })
  .transform(({ notify, notifyShown, ...rest }) => ({ ...rest, notify: notifyShown === undefined || notify !== undefined }));
export type BoardMove = z.infer<typeof BoardMoveSchema>;

/** What the person who moved a card second is told (the board then shows the card where it is now). */
export const boardConflictMessage = (workOrderNumber: string, status: WorkOrderStatus) =>
  `WO #${workOrderNumber} was moved by someone else to ${status}. The board is up to date now.`;
