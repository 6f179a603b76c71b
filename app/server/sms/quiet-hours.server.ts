/**
 * Quiet hours for texts (issue 15): no text leaves between `startMinute` and `endMinute` shop time (minutes after
 * midnight, default 20:00 to 08:00, `shop_settings`); one due then waits until the window ends.
 *
 * Source of the rule: the TCPA forbids telephone solicitations before 8 a.m. or after 9 p.m. at the called party's
 * location (47 CFR 64.1200(c)(1)). Repair-status texts are not solicitations, but the shop holds them to a stricter
 * window of its own choosing (a setting), and counts it in the shop's time zone (its customers are local).
 *
 * - `nextAllowedSendTime(now, window, timeZone)` → `now` itself when it is outside the window, else the first instant
 *   the shop's clock reads `endMinute` after `now`. A window whose start is later than its end crosses midnight
 *   (20:00–08:00); one whose start equals its end is empty (texts any time). Days are shop calendar days, so a DST
 *   change is handled: 08:00 is 08:00 local on the day after the clocks change, whatever the UTC offset. An end time
 *   that does not exist that day (inside the spring-forward gap) resolves to the instant TZDate gives for it (the
 *   wall time one hour later).
 * - `isQuietTime(now, window, timeZone)` → whether `now` falls inside the window.
 * - `getQuietHours(db)` → the shop's window (Shop settings, `/admin/settings`; the defaults until settings are saved).
 */
import { TZDate } from '@date-fns/tz';
import { getDb, type Executor } from '../db/client.server';
import { getShopSettings } from '../settings/shop-settings.server';

export interface QuietHours {
  /** Minutes after midnight, shop time, 0–1439: texts stop here… */
  startMinute: number;
  /** …and start again here. */
  endMinute: number;
}

export const DEFAULT_QUIET_HOURS: QuietHours = { startMinute: 20 * 60, endMinute: 8 * 60 };

/** Minutes after midnight of `date` on the shop's clock. */
function minuteOfDay(local: TZDate): number {
  return local.getHours() * 60 + local.getMinutes();
}

/** See the module docs. */
export function isQuietTime(now: Date, window: QuietHours, timeZone: string): boolean {
  const { startMinute: start, endMinute: end } = window;
  if (start === end) return false;
  const minute = minuteOfDay(new TZDate(now.getTime(), timeZone));
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** See the module docs. */
export function nextAllowedSendTime(now: Date, window: QuietHours, timeZone: string): Date {
  if (!isQuietTime(now, window, timeZone)) return now;
  const local = new TZDate(now.getTime(), timeZone);
  const hours = Math.floor(window.endMinute / 60);
  const minutes = window.endMinute % 60;
  for (let dayOffset = 0; dayOffset <= 1; dayOffset += 1) {
    const candidate = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + dayOffset, hours, minutes, 0, 0, timeZone);
    if (candidate.getTime() > now.getTime()) return new Date(candidate.getTime());
  }
  // Unreachable: inside the window the end comes today or tomorrow.
  return now;
}

/** See the module docs. */
export async function getQuietHours(db: Executor = getDb()): Promise<QuietHours> {
  const settings = await getShopSettings(db);
  return { startMinute: settings.quietHoursStartMinute, endMinute: settings.quietHoursEndMinute };
}
