/**
 * The booking's calendar file (issue 16 §2), made with ical-generator: one VEVENT per appointment, times in UTC (every
 * calendar shows them in its own zone), UID `{appointmentId}@{host of APP_URL}` so a rescheduled booking's new file
 * replaces the old event (with a higher SEQUENCE, RFC 5545 3.8.7.4), the shop as LOCATION, the manage link as URL.
 *
 * `bookingIcs(facts)` → the `.ics` text (CRLF lines, RFC 5545).
 */
import ical from 'ical-generator';
import { getConfig } from '../config.server';

export interface BookingIcsFacts {
  id: string;
  startsAt: Date;
  endsAt: Date;
  typeLabel: string;
  shopName: string;
  shopAddress: string;
  manageUrl: string;
  description: string;
  sequence: number;
}

/** See the module docs. */
export function bookingIcs(f: BookingIcsFacts): string {
  const host = new URL(getConfig().appUrl).hostname || 'localhost';
  const calendar = ical({ prodId: { company: f.shopName, product: 'Online booking' }, name: f.shopName });
  calendar.createEvent({
    id: `${f.id}@${host}`,
    sequence: f.sequence,
    start: f.startsAt,
    end: f.endsAt,
    summary: `${f.typeLabel} at ${f.shopName}`,
    location: `${f.shopName}, ${f.shopAddress}`,
    description: `${f.description ? `${f.description}\n\n` : ''}Reschedule or cancel: ${f.manageUrl}`,
    url: f.manageUrl,
  });
  return calendar.toString();
}
