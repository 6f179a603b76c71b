/**
 * Display formatting for documents and pages of the estimate flow (issue 14), browser-safe: money and hours come from
 * ./money (integer cents and tenths), dates and times here, all in the shop's time zone. PDFs, e-mails and pages call
 * these so an estimate reads the same everywhere.
 *
 * - `formatDateTime(date, timeZone)` → "Nov 24, 2026, 3:05 PM".
 * - `formatDate(date, timeZone)` → "Nov 24, 2026".
 * - `formatCalendarDay(isoDate)` → "Nov 24, 2026" for a date without time ("2026-11-24"), no time-zone shift.
 * - `formatCalendarDayLong(isoDate)` → "Tuesday, November 24, 2026", the same date written out (customer e-mails).
 * - `formatTime(date, timeZone)` → "8:30 AM"; `formatAppointmentTime(date, timeZone)` → "Tuesday, November 24, 2026 at 8:30 AM".
 */
import { dateTimeFormat } from '~/lib/intl';

export { formatCents, formatTenths, formatTaxRate } from '~/lib/money';

export function formatDateTime(date: Date | string, timeZone: string): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  return dateTimeFormat({ timeZone, year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(d);
}

export function formatDate(date: Date | string, timeZone: string): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  return dateTimeFormat({ timeZone, year: 'numeric', month: 'short', day: 'numeric' }).format(d);
}

/** "2026-11-24" → that day at midnight UTC, so a UTC formatter shows the calendar day without a time-zone shift. */
function calendarDayUtc(isoDate: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
}

export function formatCalendarDay(isoDate: string): string {
  return dateTimeFormat({ timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' }).format(calendarDayUtc(isoDate));
}

export function formatCalendarDayLong(isoDate: string): string {
  return dateTimeFormat({ timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(calendarDayUtc(isoDate));
}

/** "8:30 AM" in `timeZone` (booking slots, issue 16). */
export function formatTime(date: Date | string, timeZone: string): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  return dateTimeFormat({ timeZone, hour: 'numeric', minute: '2-digit' }).format(d);
}

/** "Tuesday, November 24, 2026 at 8:30 AM" in `timeZone` (appointments in e-mails and pages, issue 16). */
export function formatAppointmentTime(date: Date | string, timeZone: string): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  const day = dateTimeFormat({ timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(d);
  return `${day} at ${formatTime(d, timeZone)}`;
}
