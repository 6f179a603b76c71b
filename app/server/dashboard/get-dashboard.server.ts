/**
 * The back-office dashboard (admin-back-office §2 "Dashboard", DECISIONS 12 and 15).
 *
 * `getDashboard(now?)` →
 *   - `cards`: Total Customers, Vehicles Added Today, Active Work Orders, Completed Today ("today" is the calendar day
 *     in the shop's time zone; Completed Today = status Complete with `updated_at` inside that day);
 *   - `openByStatus`: count of work orders per active status, in the spec's order;
 *   - `completedPerDay`: for each of the last 30 shop-local days (oldest first) the number of work orders whose status
 *     is Complete and whose last change fell on that day (read through the (current_status, updated_at) index);
 *   - `unreadTextConversations`: text conversations with at least one unread text from the customer (issue 15);
 *   - `unreadAppointments`: bookings nobody in the back office has opened (`appointments.read_at` null, issue 16);
 *   - `unreadContactMessages`: contact form messages not marked read (`contact_messages.read_at` null, issue 16).
 */
import { TZDate } from '@date-fns/tz';
import { addDays, format, startOfDay } from 'date-fns';
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { WORK_ORDER_STATUSES, isActiveStatus } from '~/lib/work-order-status';
import { getConfig } from '../config.server';
import { getDb } from '../db/client.server';
import { customers, vehicles, workOrders } from '../db/schema';
import { countUnreadAppointments } from '../appointments/list-appointments.server';
import { countUnreadContactMessages } from '../contact/contact-inbox.server';
import { countUnreadConversations } from '../sms/conversations.server';
import { countActiveWorkOrders } from '../work-orders/list-work-orders.server';

export const CHART_DAYS = 30;

/** Start and end (exclusive) of the shop-local day containing `now`, as instants. */
export function shopDayBounds(now: Date, timeZone: string): { start: Date; end: Date } {
  const start = startOfDay(new TZDate(now, timeZone));
  return { start: new Date(start.getTime()), end: new Date(addDays(start, 1).getTime()) };
}

export async function getDashboard(now = new Date()) {
  const tz = getConfig().shop.timeZone;
  const db = getDb();
  const today = shopDayBounds(now, tz);
  const firstDay = startOfDay(addDays(new TZDate(now, tz), -(CHART_DAYS - 1)));
  const [[customerCount], [vehiclesToday], [completedToday], activeByStatus, perDay, unreadTextConversations, unreadAppointments, unreadContactMessages] =
    await Promise.all([
    db.select({ n: count() }).from(customers),
    db
      .select({ n: count() })
      .from(vehicles)
      .where(and(gte(vehicles.createdAt, today.start), lt(vehicles.createdAt, today.end))),
    db
      .select({ n: count() })
      .from(workOrders)
      .where(
        and(eq(workOrders.currentStatus, 'Complete'), gte(workOrders.updatedAt, today.start), lt(workOrders.updatedAt, today.end)),
      ),
    countActiveWorkOrders(),
    db
      .select({
        day: sql<string>`to_char(${workOrders.updatedAt} at time zone ${tz}, 'YYYY-MM-DD')`,
        n: sql<number>`count(*)::int`,
      })
      .from(workOrders)
      .where(
        and(
          eq(workOrders.currentStatus, 'Complete'),
          gte(workOrders.updatedAt, new Date(firstDay.getTime())),
          lt(workOrders.updatedAt, today.end),
        ),
      )
      .groupBy(sql`1`),
    countUnreadConversations(),
    countUnreadAppointments(),
    countUnreadContactMessages(),
  ]);
  const byDay = new Map(perDay.map((r) => [r.day, r.n]));
  const completedPerDay = Array.from({ length: CHART_DAYS }, (_, i) => {
    const day = format(addDays(firstDay, i), 'yyyy-MM-dd');
    return { day, count: byDay.get(day) ?? 0 };
  });
  return {
    cards: [
      { label: 'Total Customers', value: customerCount?.n ?? 0 },
      { label: 'Vehicles Added Today', value: vehiclesToday?.n ?? 0 },
      { label: 'Active Work Orders', value: Object.values(activeByStatus).reduce((a, b) => a + b, 0) },
      { label: 'Completed Today', value: completedToday?.n ?? 0 },
    ],
    openByStatus: WORK_ORDER_STATUSES.filter(isActiveStatus).map((status) => ({ status, count: activeByStatus[status] })),
    completedPerDay,
    unreadTextConversations,
    unreadAppointments,
    unreadContactMessages,
  };
}
