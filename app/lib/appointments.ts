/**
 * Appointments in the back office (issue 16 §3), browser-safe: labels, the status rules and the messages shared by the
 * domain, the pages and the tests.
 *
 * Status rules (the domain enforces them; the page only hides buttons):
 * - confirm: booked → confirmed;
 * - cancel and no-show: booked or confirmed → cancelled / no_show;
 * - check in: booked, confirmed or no_show (a customer who turns up late) → checked_in;
 * - nothing changes a checked-in or cancelled appointment (a cancelled slot may already be booked by someone else;
 *   the visitor books again).
 */
import type { AppointmentStatus, AppointmentType } from '~/server/db/schema';

export type { AppointmentStatus, AppointmentType };

export const APPOINTMENT_TYPE_LABELS: Record<AppointmentType, string> = {
  estimate: 'Estimate',
  drop_off: 'Drop-off',
};

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  booked: 'Booked',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
  checked_in: 'Checked in',
};

/** Staff actions on an appointment, as posted in the form's `intent`. */
export const APPOINTMENT_INTENTS = ['confirm', 'cancel', 'no-show', 'check-in'] as const;
export type AppointmentIntent = (typeof APPOINTMENT_INTENTS)[number];

/** The statuses each action may start from (see the module docs). */
export const ALLOWED_FROM: Record<AppointmentIntent, readonly AppointmentStatus[]> = {
  confirm: ['booked'],
  cancel: ['booked', 'confirmed'],
  'no-show': ['booked', 'confirmed'],
  'check-in': ['booked', 'confirmed', 'no_show'],
};

/** True when `intent` may be applied to an appointment in `status`. */
export const canApply = (intent: AppointmentIntent, status: AppointmentStatus): boolean => ALLOWED_FROM[intent].includes(status);

export const APPOINTMENT_NOT_FOUND = 'Appointment not found.';
export const ALREADY_CHECKED_IN = 'This appointment is already checked in: nothing was changed.';
export const APPOINTMENT_CANCELLED = 'This appointment was cancelled: nothing was changed.';
export const CHOOSE_CUSTOMER =
  'This booking matches more than one customer, or a customer under another name. Choose the customer (or a new one) and check in again.';
export const CHECK_IN_FAILED = 'Check-in failed: nothing was saved. Please try again.';

/** The message for an action the status does not allow (see {@link ALLOWED_FROM}). */
export function statusRefusal(intent: AppointmentIntent, status: AppointmentStatus): string {
  if (status === 'checked_in') return ALREADY_CHECKED_IN;
  if (status === 'cancelled') return APPOINTMENT_CANCELLED;
  const verb = { confirm: 'confirm', cancel: 'cancel', 'no-show': 'mark as no-show', 'check-in': 'check in' }[intent];
  return `Cannot ${verb} an appointment that is ${APPOINTMENT_STATUS_LABELS[status].toLowerCase()}: nothing was changed.`;
}
