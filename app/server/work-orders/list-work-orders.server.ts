/**
 * The work orders overview (admin-back-office §2 "Work orders overview", §4 derived groupings).
 *
 * `getWorkOrderOverview({ view, page, today })` →
 *   - `stats`: Active, Completed, Overdue, Total (see getWorkOrderStats);
 *   - `overdue`: up to 50 overdue rows, earliest due date first (estimated completion date before today in the shop's
 *     time zone, status neither Complete nor Ready for Pickup);
 *   - view 'grouped': per status (in the spec's order, empty ones skipped) the 25 most recently changed rows,
 *     read through the (current_status, updated_at) index; `count` (null when unknown) says when more exist;
 *   - view 'all': 50 a page, newest first over the created_at index, `hasNext` from one extra row.
 * Rows: `{ id, workOrderNumber, customerName, vehicle, createdAt, status, estimatedCompletionDate, overdue }`.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { COMPLETED_STATUSES, WORK_ORDER_STATUSES, type WorkOrderStatus } from '~/lib/work-order-status';
import { getConfig } from '../config.server';
import { getDb } from '../db/client.server';
import { customers, vehicles, workOrders } from '../db/schema';

export const WORK_ORDERS_PAGE_SIZE = 50;
export const GROUP_SIZE = 25;

export interface WorkOrderRow {
  id: string;
  workOrderNumber: string;
  customerName: string;
  vehicle: string;
  createdAt: Date;
  status: WorkOrderStatus;
  estimatedCompletionDate: string | null;
  overdue: boolean;
}

/** Today's calendar date (YYYY-MM-DD) in the shop's time zone (DECISIONS 12). */
export function shopToday(now = new Date(), timeZone = getConfig().shop.timeZone): string {
  return format(new TZDate(now, timeZone), 'yyyy-MM-dd');
}

export function isOverdue(status: WorkOrderStatus, eta: string | null, today: string): boolean {
  return eta !== null && eta < today && !COMPLETED_STATUSES.includes(status);
}

function baseQuery() {
  return getDb()
    .select({
      id: workOrders.id,
      workOrderNumber: workOrders.workOrderNumber,
      customerName: customers.name,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
      createdAt: workOrders.createdAt,
      status: workOrders.currentStatus,
      estimatedCompletionDate: workOrders.estimatedCompletionDate,
    })
    .from(workOrders)
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .innerJoin(vehicles, eq(vehicles.id, workOrders.vehicleId))
    .$dynamic();
}

type BaseRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

const toRow = (today: string) => (r: BaseRow): WorkOrderRow => ({
  id: r.id,
  workOrderNumber: r.workOrderNumber,
  customerName: r.customerName,
  vehicle: `${r.year} ${r.make} ${r.model}`,
  createdAt: r.createdAt,
  status: r.status,
  estimatedCompletionDate: r.estimatedCompletionDate,
  overdue: isOverdue(r.status, r.estimatedCompletionDate, today),
});

/** Active statuses named positively, so the (current_status, updated_at) index narrows the rows to open work. */
export const ACTIVE_STATUSES = WORK_ORDER_STATUSES.filter((s) => !COMPLETED_STATUSES.includes(s));

/** The listed rows for `ids`, in that order: the joins only ever see one page of work orders. */
async function rowsFor(ids: { id: string }[]): Promise<BaseRow[]> {
  if (ids.length === 0) return [];
  const found = await baseQuery().where(inArray(workOrders.id, ids.map((r) => r.id)));
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.map((r) => byId.get(r.id)).filter((r): r is BaseRow => Boolean(r));
}

const idQuery = () => getDb().select({ id: workOrders.id }).from(workOrders).$dynamic();

const overdueWhere = (today: string) =>
  and(inArray(workOrders.currentStatus, ACTIVE_STATUSES), lt(workOrders.estimatedCompletionDate, today));

/** Work orders per active status only: an index range over open work, not a count of the whole table. */
export async function countActiveWorkOrders(): Promise<Record<WorkOrderStatus, number>> {
  const rows = await getDb()
    .select({ status: workOrders.currentStatus, n: sql<number>`count(*)::int` })
    .from(workOrders)
    .where(inArray(workOrders.currentStatus, ACTIVE_STATUSES))
    .groupBy(workOrders.currentStatus);
  const byStatus = Object.fromEntries(WORK_ORDER_STATUSES.map((s) => [s, 0])) as Record<WorkOrderStatus, number>;
  for (const r of rows) byStatus[r.status] = r.n;
  return byStatus;
}

/** The rows of a raw `db.execute` result (node-postgres answers `{ rows }`, PGlite too). */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

export interface WorkOrderStats {
  active: number;
  completed: number;
  overdue: number;
  total: number;
  /** Counts of the active statuses (the completed ones are not counted one by one: see getWorkOrderStats). */
  activeByStatus: Record<WorkOrderStatus, number>;
}

/**
 * The four stat cards. Active and Overdue are read through the status index (open work only); Total is the counter
 * the database keeps in `work_order_totals` (migration 0007), so no figure grows with history; Completed = Total −
 * Active.
 */
export async function getWorkOrderStats(today = shopToday()): Promise<WorkOrderStats> {
  const db = getDb();
  const [activeByStatus, [overdue], [total]] = await Promise.all([
    countActiveWorkOrders(),
    db.select({ n: sql<number>`count(*)::int` }).from(workOrders).where(overdueWhere(today)),
    // Kept by triggers in the writing transactions (migration 0007): exact, and one row to read at any size.
    db.execute(sql`select "total"::int as n from "work_order_totals"`).then((r) => rowsOf<{ n: number }>(r)),
  ]);
  const active = Object.values(activeByStatus).reduce((a, b) => a + b, 0);
  const all = total?.n ?? 0;
  return { active, completed: all - active, overdue: overdue?.n ?? 0, total: all, activeByStatus };
}

export async function getWorkOrderOverview({
  view,
  page = 1,
  today = shopToday(),
}: {
  view: 'grouped' | 'all';
  page?: number;
  today?: string;
}) {
  const safePage = Math.max(1, Math.min(page, 10_000));
  const [stats, overdueRows] = await Promise.all([
    getWorkOrderStats(today),
    idQuery().where(overdueWhere(today)).orderBy(asc(workOrders.estimatedCompletionDate)).limit(50).then(rowsFor),
  ]);
  const map = toRow(today);
  if (view === 'grouped') {
    // One statement for all eight groups: per status, the 25 most recently changed ids straight off the
    // (current_status, updated_at) index (a LATERAL subquery with its own LIMIT), then their joins in one go.
    const statuses = sql.join(
      WORK_ORDER_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    );
    const groupIds = rowsOf<{ status: WorkOrderStatus; id: string }>(
      await getDb().execute(sql`
        SELECT s.status, wo.id
        FROM unnest(ARRAY[${statuses}]::text[]) WITH ORDINALITY AS s(status, position),
        LATERAL (
          SELECT ${workOrders.id} AS id, ${workOrders.updatedAt} AS updated_at FROM ${workOrders}
          WHERE ${workOrders.currentStatus} = s.status
          ORDER BY ${workOrders.updatedAt} DESC
          LIMIT ${GROUP_SIZE}
        ) AS wo
        ORDER BY s.position, wo.updated_at DESC`),
    );
    const byId = new Map((await rowsFor(groupIds)).map((r) => [r.id, map(r)]));
    const all = WORK_ORDER_STATUSES.map((status) => {
      const rows = groupIds.filter((g) => g.status === status).flatMap((g) => byId.get(g.id) ?? []);
      // Exact for active statuses; for completed ones known only when the group is not cut off.
      const count: number | null = COMPLETED_STATUSES.includes(status)
        ? rows.length < GROUP_SIZE
          ? rows.length
          : null
        : stats.activeByStatus[status];
      return { status, count, rows };
    });
    const groups = all.filter((g) => g.rows.length > 0);
    return { stats, overdue: overdueRows.map(map), view, groups, rows: [], page: 1, hasNext: false };
  }
  // The page's ids first, straight off the created_at index (one sort key: a second one would sort the whole table),
  // then their customer and vehicle: the joins never see more than one page of rows.
  const ids = await idQuery()
    .orderBy(desc(workOrders.createdAt))
    .limit(WORK_ORDERS_PAGE_SIZE + 1)
    .offset((safePage - 1) * WORK_ORDERS_PAGE_SIZE);
  const rows = await rowsFor(ids.slice(0, WORK_ORDERS_PAGE_SIZE));
  return {
    stats,
    overdue: overdueRows.map(map),
    view,
    groups: [],
    rows: rows.map(map),
    page: safePage,
    hasNext: ids.length > WORK_ORDERS_PAGE_SIZE,
  };
}

/** The most work orders a technician's list shows (their assigned ones, newest first). */
export const ASSIGNED_LIMIT = 200;

/**
 * A technician's work orders list (issue 17 §2): only the work orders assigned to `technicianId`, in the same shape as
 * {@link getWorkOrderOverview} (stats, overdue, groups or rows) so the page renders it unchanged. At most
 * {@link ASSIGNED_LIMIT} rows, newest first; the stats count those rows.
 */
export async function getAssignedWorkOrderOverview({
  technicianId,
  view,
  today = shopToday(),
}: {
  technicianId: string;
  view: 'grouped' | 'all';
  today?: string;
}) {
  const found = await baseQuery()
    .where(eq(workOrders.assignedTechnicianId, technicianId))
    .orderBy(desc(workOrders.createdAt))
    .limit(ASSIGNED_LIMIT);
  const rows = found.map(toRow(today));
  const activeByStatus = Object.fromEntries(WORK_ORDER_STATUSES.map((s) => [s, 0])) as Record<WorkOrderStatus, number>;
  for (const r of rows) if (!COMPLETED_STATUSES.includes(r.status)) activeByStatus[r.status] += 1;
  const active = Object.values(activeByStatus).reduce((a, b) => a + b, 0);
  const overdue = rows.filter((r) => r.overdue);
  const stats: WorkOrderStats = { active, completed: rows.length - active, overdue: overdue.length, total: rows.length, activeByStatus };
  if (view === 'grouped') {
    const groups = WORK_ORDER_STATUSES.map((status) => {
      const inGroup = rows.filter((r) => r.status === status);
      return { status, count: inGroup.length as number | null, rows: inGroup };
    }).filter((g) => g.rows.length > 0);
    return { stats, overdue, view, groups, rows: [], page: 1, hasNext: false };
  }
  return { stats, overdue, view, groups: [], rows, page: 1, hasNext: false };
}
