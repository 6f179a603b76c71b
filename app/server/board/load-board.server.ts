/**
 * The job board's read (issue 17 §1): `loadBoard(db, user, { technicianId })`.
 *
 * Open work orders, one column per status of WORK_ORDER_STATUSES (in that order, empty columns included). "Open" means
 * not yet delivered. The app has no "delivered" mark: a car stays 'Ready for Pickup' after the customer drove it away.
 * So every status before 'Ready for Pickup' is open (including 'Complete': the car is still in the shop), and a work
 * order in 'Ready for Pickup' is open for READY_FOR_PICKUP_BOARD_DAYS (7) days after it reached it
 * (`ready_for_pickup_at`, or `updated_at` when that is missing), then it leaves the board.
 *
 * Scope: a user with 'work_orders.all' sees every open work order and may filter by technician (`technicianId`: a user
 * id, or 'none' for unassigned; anything else or undefined is everyone). A user without it (a technician) sees only the
 * work orders assigned to them, whatever filter they ask for: the canSeeWorkOrder rule, written in the SQL.
 *
 * Cost: two statements whatever the number of work orders. The cards' query reads the open rows through the
 * (current_status, updated_at) index (or (assigned_technician_id, current_status) when a technician is given) and
 * joins customers, vehicles and the technician's name by primary key; the second lists the active technicians for the
 * filter (skipped for a technician). No customer phone, e-mail or address is read.
 *
 * Errors: none expected (an unknown technician id gives empty columns).
 */
import { TZDate } from '@date-fns/tz';
import { differenceInCalendarDays, format, parseISO, subDays } from 'date-fns';
import { and, asc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { READY_FOR_PICKUP_BOARD_DAYS, type Board, type BoardCard, type BoardColumn } from '~/lib/board';
import { WORK_ORDER_STATUSES, type WorkOrderStatus } from '~/lib/work-order-status';
import { can } from '../auth/permissions.server';
import type { SessionUser } from '../auth/session.server';
import { getConfig } from '../config.server';
import type { Database } from '../db/client.server';
import { customers, profiles, users, vehicles, workOrders } from '../db/schema';
import { isOverdue, shopToday } from '../work-orders/list-work-orders.server';

/** Every status before 'Ready for Pickup': always on the board. */
const IN_SHOP_STATUSES = WORK_ORDER_STATUSES.filter((s) => s !== 'Ready for Pickup');


/** Whole calendar days from `from` to `to` ('YYYY-MM-DD'): date-fns on the two calendar dates. */
const daysBetween = (from: string, to: string) => differenceInCalendarDays(parseISO(to), parseISO(from));

export interface LoadBoardOptions {
  /** A technician's user id, 'none' for unassigned work orders, or undefined/'' for everyone. Ignored for technicians. */
  technicianId?: string | null;
  /** "Now" (tests); default the clock. */
  now?: Date;
}

export async function loadBoard(
  db: Database,
  user: Pick<SessionUser, 'id' | 'isAdmin' | 'role'>,
  { technicianId, now = new Date() }: LoadBoardOptions = {},
): Promise<Board> {
  const seesAll = can(user, 'work_orders.all');
  // canSeeWorkOrder in SQL: all of them, or only the ones assigned to me (and nothing for a role with neither).
  const filter: string | null = seesAll ? technicianId || null : can(user, 'work_orders.assigned') ? user.id : '';
  const cutoff = subDays(now, READY_FOR_PICKUP_BOARD_DAYS);
  const open = or(
    inArray(workOrders.currentStatus, IN_SHOP_STATUSES),
    // updated_at is set with ready_for_pickup_at, so the index range on updated_at narrows before the exact test.
    and(
      eq(workOrders.currentStatus, 'Ready for Pickup'),
      gte(workOrders.updatedAt, cutoff),
      gte(sql`coalesce(${workOrders.readyForPickupAt}, ${workOrders.updatedAt})`, cutoff),
    ),
  )!;
  const scope: SQL | undefined =
    filter === null ? undefined : filter === 'none' ? isNull(workOrders.assignedTechnicianId) : eq(workOrders.assignedTechnicianId, filter);
  const techUser = alias(users, 'tech_user');
  const techProfile = alias(profiles, 'tech_profile');
  const [rows, technicians] = await Promise.all([
    db
      .select({
        id: workOrders.id,
        workOrderNumber: workOrders.workOrderNumber,
        status: workOrders.currentStatus,
        createdAt: workOrders.createdAt,
        estimatedCompletionDate: workOrders.estimatedCompletionDate,
        assignedTechnicianId: workOrders.assignedTechnicianId,
        version: workOrders.version,
        customerName: customers.name,
        year: vehicles.year,
        make: vehicles.make,
        model: vehicles.model,
        technicianName: sql<string | null>`coalesce(nullif(${techProfile.fullName}, ''), nullif(${techUser.name}, ''), ${techUser.email})`,
      })
      .from(workOrders)
      .innerJoin(customers, eq(customers.id, workOrders.customerId))
      .innerJoin(vehicles, eq(vehicles.id, workOrders.vehicleId))
      .leftJoin(techUser, eq(techUser.id, workOrders.assignedTechnicianId))
      .leftJoin(techProfile, eq(techProfile.id, workOrders.assignedTechnicianId))
      .where(scope ? and(open, scope) : open)
      .orderBy(asc(workOrders.createdAt), asc(workOrders.workOrderNumber)),
    seesAll ? listBoardTechnicians(db) : Promise.resolve([]),
  ]);
  const timeZone = getConfig().shop.timeZone;
  const today = shopToday(now, timeZone);
  const byStatus = new Map<WorkOrderStatus, BoardCard[]>(WORK_ORDER_STATUSES.map((s) => [s, []]));
  for (const r of rows) {
    byStatus.get(r.status)!.push({
      id: r.id,
      workOrderNumber: r.workOrderNumber,
      status: r.status,
      customerName: r.customerName,
      vehicle: `${r.year} ${r.make} ${r.model}`,
      daysInShop: Math.max(0, daysBetween(format(new TZDate(r.createdAt, timeZone), 'yyyy-MM-dd'), today)),
      estimatedCompletionDate: r.estimatedCompletionDate,
      overdue: isOverdue(r.status, r.estimatedCompletionDate, today),
      assignedTechnicianId: r.assignedTechnicianId,
      assignedTechnicianName: r.assignedTechnicianId ? r.technicianName : null,
      partsWaiting: r.status === 'Parts Ordered',
      version: r.version,
    });
  }
  const columns: BoardColumn[] = WORK_ORDER_STATUSES.map((status) => ({ status, cards: byStatus.get(status)! }));
  return { columns, technicians, technicianId: seesAll ? filter : user.id, today };
}

/** Active (not deactivated) staff with the Technician role, by name: the board's filter and assignment choices. */
export async function listBoardTechnicians(db: Database): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .select({ id: profiles.id, fullName: profiles.fullName, name: users.name, email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(and(eq(profiles.staffRole, 'technician'), isNull(profiles.deactivatedAt)));
  return rows
    .map((r) => ({ id: r.id, name: r.fullName?.trim() || r.name.trim() || r.email }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
