/**
 * Free booking slots (issue 16 §2): a pure function of the shop's rules, the appointments already booked and "now".
 * No database, no clock: callers pass everything in, so tests and the benchmark (scripts/bench-booking.ts) run it as is.
 *
 * Rules:
 * - Days are shop calendar days in `timeZone` (config.shop.timeZone), today first, up to `daysAhead` days after today
 *   (today + daysAhead inclusive; the setting is at most 60).
 * - A day's slots come from its weekday's opening intervals (`weeklyHours`, Monday first): starts at `open`, then every
 *   `slotMinutes`, as long as the slot ends by `close`. A day listed in `closures` (ISO dates) has none.
 * - Times are wall-clock times in the shop's zone (TZDate from @date-fns/tz), so "08:00" is 08:00 local on either side
 *   of a DST change.
 * - A slot starting before `now + leadHours` is not offered.
 * - `remaining` = `capacity` − the appointments (not cancelled) starting at that instant; full slots are left out.
 *
 * API:
 * - `freeSlots(rules, bookedStarts, now)` → {@link SlotDay}[] (every day in range, also those without a free slot).
 * - `daySlotStarts(rules, isoDate)` → the start instants (ms) of one day's slots, ignoring lead time and capacity.
 * - `checkSlot(rules, startsAt, bookedCount, now)` → null when bookable, else a {@link SlotProblem}.
 * - `shopToday(now, timeZone)` / `shopDate(instant, timeZone)` → "YYYY-MM-DD" on the shop's calendar.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import type { WeeklyHours } from '../db/schema';

export interface SlotRules {
  /** Index 0 = Monday … 6 = Sunday; "HH:MM" intervals, shop time. */
  weeklyHours: WeeklyHours;
  /** ISO dates the shop is closed. */
  closures: readonly string[];
  slotMinutes: number;
  capacity: number;
  /** Days after today that may be booked (≤ 60). */
  daysAhead: number;
  /** The earliest bookable start, in hours from now. */
  leadHours: number;
  /** IANA zone, e.g. "America/Chicago". */
  timeZone: string;
}

export interface Slot {
  startsAt: Date;
  endsAt: Date;
  /** Places left in the slot (≥ 1). */
  remaining: number;
}

export interface SlotDay {
  /** "YYYY-MM-DD", shop calendar. */
  date: string;
  slots: Slot[];
}

export type SlotProblem = 'not_a_slot' | 'past' | 'too_far' | 'closed' | 'full';

const MINUTE = 60_000;

function minutesOf(hhmm: string): number {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/** "YYYY-MM-DD" of an instant on the shop's calendar. */
export function shopDate(instant: Date | number, timeZone: string): string {
  return format(new TZDate(typeof instant === 'number' ? instant : instant.getTime(), timeZone), 'yyyy-MM-dd');
}

/** Today on the shop's calendar, "YYYY-MM-DD". */
export const shopToday = (now: Date, timeZone: string): string => shopDate(now, timeZone);

function parseIsoDate(iso: string): [number, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  return [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
}

/** Start instants (ms since epoch) of the slots of one shop day, from the weekly hours; [] on a closure. */
export function daySlotStarts(rules: Pick<SlotRules, 'weeklyHours' | 'closures' | 'slotMinutes' | 'timeZone'>, isoDate: string): number[] {
  const parts = parseIsoDate(isoDate);
  if (!parts || rules.closures.includes(isoDate)) return [];
  const [y, m, d] = parts;
  const midnight = new TZDate(y, m, d, 0, 0, 0, 0, rules.timeZone);
  const weekday = (midnight.getDay() + 6) % 7; // Monday = 0
  const starts: number[] = [];
  for (const interval of rules.weeklyHours[weekday] ?? []) {
    const open = minutesOf(interval.open);
    const close = minutesOf(interval.close);
    const at = (minute: number) => new TZDate(y, m, d, Math.floor(minute / 60), minute % 60, 0, 0, rules.timeZone).getTime();
    const openMs = at(open);
    // Without a UTC-offset change inside the interval, wall-clock minutes are elapsed minutes (one zone lookup per
    // interval end instead of one per slot); across a change each slot is placed on the wall clock.
    const steady = at(close) - openMs === (close - open) * MINUTE;
    for (let minute = open; minute + rules.slotMinutes <= close; minute += rules.slotMinutes) {
      const start = steady ? openMs + (minute - open) * MINUTE : at(minute);
      // A wall time in a spring-forward gap lands on a later slot's instant: keep each instant once.
      if (starts.at(-1) === undefined || start > starts.at(-1)!) starts.push(start);
    }
  }
  return starts;
}

/** The last bookable shop date (today + daysAhead). */
function lastDate(rules: SlotRules, now: Date): string {
  return format(addDays(new TZDate(now.getTime(), rules.timeZone), rules.daysAhead), 'yyyy-MM-dd');
}

/** See the module docs. `bookedStarts`: start instants of appointments that are not cancelled (one entry each). */
export function freeSlots(rules: SlotRules, bookedStarts: readonly (Date | number)[], now: Date): SlotDay[] {
  const booked = new Map<number, number>();
  for (const start of bookedStarts) {
    const ms = typeof start === 'number' ? start : start.getTime();
    booked.set(ms, (booked.get(ms) ?? 0) + 1);
  }
  const earliest = now.getTime() + rules.leadHours * 60 * MINUTE;
  const closures = new Set(rules.closures);
  const today = new TZDate(now.getTime(), rules.timeZone);
  const days: SlotDay[] = [];
  for (let offset = 0; offset <= rules.daysAhead; offset++) {
    const date = format(addDays(today, offset), 'yyyy-MM-dd');
    const slots: Slot[] = [];
    if (!closures.has(date)) {
      for (const start of daySlotStarts({ ...rules, closures: [] }, date)) {
        if (start < earliest) continue;
        const remaining = rules.capacity - (booked.get(start) ?? 0);
        if (remaining <= 0) continue;
        slots.push({ startsAt: new Date(start), endsAt: new Date(start + rules.slotMinutes * MINUTE), remaining });
      }
    }
    days.push({ date, slots });
  }
  return days;
}

/**
 * Whether `startsAt` may be booked now with `bookedCount` appointments (not cancelled) already starting then:
 * null when it may, else why not ('past' also covers inside the lead time).
 */
export function checkSlot(rules: SlotRules, startsAt: Date, bookedCount: number, now: Date): SlotProblem | null {
  const date = shopDate(startsAt, rules.timeZone);
  if (startsAt.getTime() < now.getTime() + rules.leadHours * 60 * MINUTE) return 'past';
  if (date > lastDate(rules, now)) return 'too_far';
  if (rules.closures.includes(date)) return 'closed';
  if (!daySlotStarts(rules, date).includes(startsAt.getTime())) return 'not_a_slot';
  if (bookedCount >= rules.capacity) return 'full';
  return null;
}
