/**
 * Work order statuses: one ordered list used by the database check, the portal progress list, the admin selects
 * and the e-mails (spec: admin-back-office §4, public-site-and-portal §4).
 */
export const WORK_ORDER_STATUSES = [
  'Estimate Scheduled',
  'Parts Ordered',
  'Parts Received',
  'Repairs Started',
  'Paint',
  'Quality Check',
  'Complete',
  'Ready for Pickup',
] as const;

export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/** Status every new work order starts in. */
export const INITIAL_WORK_ORDER_STATUS: WorkOrderStatus = 'Estimate Scheduled';

/** Statuses that count as completed (spec §4 "Derived groupings"); every other status is active. */
export const COMPLETED_STATUSES: readonly WorkOrderStatus[] = ['Complete', 'Ready for Pickup'];

export function isWorkOrderStatus(value: unknown): value is WorkOrderStatus {
  return typeof value === 'string' && (WORK_ORDER_STATUSES as readonly string[]).includes(value);
}

/** True when the status is neither Complete nor Ready for Pickup. */
export function isActiveStatus(status: WorkOrderStatus): boolean {
  return !COMPLETED_STATUSES.includes(status);
}

/** Zero-based position of a status in the progress list. */
export function statusIndex(status: WorkOrderStatus): number {
  return WORK_ORDER_STATUSES.indexOf(status);
}

/** Customer document types (admin-back-office §3). Any type other than quote displays as 'Paid Invoice'. */
export const DOCUMENT_TYPES = ['quote', 'paid_invoice', 'repair_photo'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * Storage buckets (DESIGN.md). Nothing in them is public: `site-images` (issue 16: the gallery's resized photos) are
 * served by a route that answers only for published items; `booking-photos` (issue 16: damage photos sent with an
 * online booking) only to staff.
 */
export const BUCKETS = ['customer-files', 'repair-photos', 'invoice-files', 'site-images', 'booking-photos'] as const;
export type Bucket = (typeof BUCKETS)[number];
