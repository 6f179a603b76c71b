/**
 * The appointment calendar of the back office (issue 16 §3): a day or a week (Monday to Sunday) in the shop's time
 * zone (`config.shop.timeZone`), computed with date-fns and `@date-fns/tz`.
 *
 * - `calendarRange(view, date?, timeZone, now?)` → `{ view, date, start, end, prev, next, today, days }`: `date` is the
 *   shop-local day shown ('yyyy-MM-dd'; today when omitted), `start`/`end` the instants bounding the day or week
 *   (end exclusive), `prev`/`next`/`today` the dates the navigation links to, `days` the shop-local days of the range.
 * - `listAppointments(range)` → every appointment starting in the range (cancelled ones included, marked), oldest
 *   first, each with its shop-local `day` and its photos (id, name, position). Callers are staff (the route guards).
 * - `listNewAppointments(timeZone)` → the unopened bookings (see its docs).
 * - `countUnreadAppointments()` → appointments nobody in the back office has opened yet (`read_at` null).
 */
import { TZDate } from '@date-fns/tz';
import { addDays, format, startOfDay, startOfWeek } from 'date-fns';
import { and, asc, count, desc, gte, inArray, isNull, lt } from 'drizzle-orm';
import { dateTimeFormat } from '~/lib/intl';
import type { CalendarView } from '~/lib/schemas/appointment';
import { getDb } from '../db/client.server';
import { appointmentPhotos, appointments } from '../db/schema';

export interface CalendarRange {
  view: CalendarView;
  date: string;
  start: Date;
  end: Date;
  prev: string;
  next: string;
  today: string;
  days: string[];
}

const DAY = 'yyyy-MM-dd';

/** See the module docs. An unparsable `date` counts as omitted. */
export function calendarRange(view: CalendarView, date: string | undefined, timeZone: string, now = new Date()): CalendarRange {
  const today = startOfDay(new TZDate(now, timeZone));
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  const anchor = match ? new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), timeZone) : today;
  const start = view === 'day' ? startOfDay(anchor) : startOfWeek(anchor, { weekStartsOn: 1 });
  const length = view === 'day' ? 1 : 7;
  const step = view === 'day' ? 1 : 7;
  return {
    view,
    date: format(anchor, DAY),
    start: new Date(start.getTime()),
    end: new Date(addDays(start, length).getTime()),
    prev: format(addDays(anchor, -step), DAY),
    next: format(addDays(anchor, step), DAY),
    today: format(today, DAY),
    days: Array.from({ length }, (_, i) => format(addDays(start, i), DAY)),
  };
}

export type CalendarAppointment = Awaited<ReturnType<typeof listAppointments>>[number];

/** See the module docs. */
export async function listAppointments(range: CalendarRange, timeZone: string) {
  const db = getDb();
  const rows = await db
    .select({
      id: appointments.id,
      type: appointments.type,
      status: appointments.status,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      name: appointments.name,
      phone: appointments.phone,
      phoneE164: appointments.phoneE164,
      email: appointments.email,
      vehicleYear: appointments.vehicleYear,
      vehicleMake: appointments.vehicleMake,
      vehicleModel: appointments.vehicleModel,
      vin: appointments.vin,
      insurer: appointments.insurer,
      claimNumber: appointments.claimNumber,
      description: appointments.description,
      readAt: appointments.readAt,
      workOrderId: appointments.workOrderId,
    })
    .from(appointments)
    .where(and(gte(appointments.startsAt, range.start), lt(appointments.startsAt, range.end)))
    .orderBy(asc(appointments.startsAt), asc(appointments.createdAt));
  const ids = rows.map((r) => r.id);
  const photos = ids.length
    ? await db
        .select({ id: appointmentPhotos.id, appointmentId: appointmentPhotos.appointmentId, fileName: appointmentPhotos.fileName })
        .from(appointmentPhotos)
        .where(inArray(appointmentPhotos.appointmentId, ids))
        .orderBy(asc(appointmentPhotos.position))
    : [];
  return rows.map((r) => ({
    ...r,
    day: format(new TZDate(r.startsAt, timeZone), DAY),
    photos: photos.filter((p) => p.appointmentId === r.id).map(({ id, fileName }) => ({ id, fileName })),
  }));
}

/** See the module docs. */
export async function countUnreadAppointments(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(appointments).where(isNull(appointments.readAt));
  return row?.n ?? 0;
}

/**
 * The bookings nobody has opened yet, newest booking first (at most `limit`, default 50), with their shop-local day
 * and start time ("9:30 AM"): the calendar's "New bookings" list, whatever week they fall in.
 */
export async function listNewAppointments(timeZone: string, limit = 50) {
  const rows = await getDb()
    .select({ id: appointments.id, name: appointments.name, startsAt: appointments.startsAt })
    .from(appointments)
    .where(isNull(appointments.readAt))
    .orderBy(desc(appointments.createdAt), desc(appointments.id))
    .limit(limit);
  const time = dateTimeFormat({ hour: 'numeric', minute: '2-digit', timeZone });
  return rows.map((r) => ({ ...r, day: format(new TZDate(r.startsAt, timeZone), DAY), time: time.format(r.startsAt) }));
}
