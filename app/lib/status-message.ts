/**
 * What a customer is told when their repair moves on (issue 15), shared by the server (the text message it sends, the
 * answer to the status form) and the status form's preview (the same words, before saving).
 *
 * - `statusTextMessage(facts)` → the text message body: shop name, vehicle, work order number, the new status (Ready
 *   for Pickup reads as done, with the pickup hours), the estimated completion date while the car is in work, and the
 *   no-login status link. Under 320 characters for a usual vehicle, so it goes as at most two segments (three with
 *   emoji-free Unicode in a name).
 * - `statusChangeAnswer(number, channels)` → the message staff see after saving: the spec's text
 *   ("Status for WO #… updated successfully. Customer notified via email.") when an e-mail goes out, and fitting
 *   variants for texts, no channel, or notification switched off.
 */
import { formatCalendarDay } from './format';
import type { WorkOrderStatus } from './work-order-status';

export interface StatusMessageFacts {
  shopName: string;
  /** "2019 Toyota Camry". */
  vehicle: string;
  workOrderNumber: string;
  status: WorkOrderStatus;
  /** YYYY-MM-DD or null. */
  estimatedCompletionDate: string | null;
  /** The no-login status page, or null before it exists (the preview). */
  statusUrl: string | null;
  /** Shop settings' pickup hours ('' = not set). */
  pickupHours: string;
}

/** The text message for a status change (see module docs). */
export function statusTextMessage(f: StatusMessageFacts): string {
  const parts = [`${f.shopName}: your ${f.vehicle} (WO #${f.workOrderNumber})`];
  if (f.status === 'Ready for Pickup') {
    parts[0] += ' is ready for pickup.';
    if (f.pickupHours) parts.push(`Pickup hours: ${f.pickupHours}.`);
  } else {
    parts[0] += ` is now at: ${f.status}.`;
    if (f.estimatedCompletionDate && f.status !== 'Complete') parts.push(`Estimated completion: ${formatCalendarDay(f.estimatedCompletionDate)}.`);
  }
  if (f.statusUrl) parts.push(`Follow it live: ${f.statusUrl}`);
  return parts.join(' ');
}

/** Which channels a status message goes by; `none` says why neither does (when neither does). */
export interface NotifyChannels {
  email: boolean;
  sms: boolean;
  none?: 'no_email' | 'no_consent' | 'opted_out' | undefined;
}

const NOTHING_SENT = {
  no_email: 'No e-mail was sent: the customer has no e-mail address.',
  no_consent: 'No text was sent: the customer has no mobile number or has not agreed to texts.',
  opted_out: 'No message was sent: the customer asked for no messages.',
} as const;

/** The answer to saving a new status (see module docs). `notify` false: staff unchecked "Notify customer". */
export function statusChangeAnswer(workOrderNumber: string, channels: NotifyChannels, notify = true): string {
  const saved = `Status for WO #${workOrderNumber} updated successfully.`;
  if (!notify) return `${saved} The customer was not notified.`;
  if (channels.email && channels.sms) return `${saved} Customer notified via email and text message.`;
  if (channels.email) return `${saved} Customer notified via email.`;
  if (channels.sms) return `${saved} Customer notified via text message.`;
  return `${saved} ${NOTHING_SENT[channels.none ?? 'no_email']}`;
}
