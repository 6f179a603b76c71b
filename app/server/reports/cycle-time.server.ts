/**
 * Cycle-time report (issue 17 §4), computed from the status history in ONE SQL statement (aggregation in the database,
 * never row by row in JavaScript; no sort or window function), aimed at the 500 ms budget for a year at 100,000 work
 * orders (measure with scripts/bench-reports.ts).
 *
 * Definitions (also on /admin/reports and in docs/reports.md):
 * - Arrival: the work order's first status-history row, the one with no from-status (written when it is opened: at
 *   check-in or when staff create it).
 * - Delivery: the latest history row that moved the work order to "Ready for Pickup" (the last status of the list),
 *   counted only while the work order is still in "Ready for Pickup" (one sent back to an earlier status is not
 *   delivered). A work order is "delivered in the range" when that moment falls on a calendar day from `from` to `to`
 *   (inclusive) in the shop's time zone.
 * - Key-to-key days: delivery − arrival in days (hours ÷ 24), averaged over the delivered work orders.
 * - Days in each stage: a history row's status lasts until the next row (the last one before delivery ends at the
 *   delivery). Per status: the total time all delivered work orders spent in it ÷ the number of delivered work orders
 *   (a work order that skipped the status counts 0), so the stages add up to the key-to-key average. `entries` says
 *   how many times delivered work orders moved into the status.
 * - Touch time per day in the shop: the closed time entries of the delivered work orders (all their clocked time) in
 *   hours ÷ the sum of their key-to-key days (a ratio of totals, not an average of ratios).
 * - On-time rate: among delivered work orders with an estimated completion date, the share delivered on or before that
 *   date (the delivery's calendar day in the shop's time zone ≤ the date). Work orders without a date are left out
 *   and counted in `withoutDate`.
 * - Delivered per week: delivered work orders per calendar week (Monday to Sunday, shop time zone) of the delivery day,
 *   every week of the range listed (zero included); the first and last weeks may be partial.
 * - Average repair value: among delivered work orders with an approved estimate, the mean of the total of the
 *   latest approved version (estimate or supplement), whose `total_cents` was computed by the one totals module
 *   (~/lib/estimates/totals.ts) when it was sent and frozen with it; rounded half up to whole cents.
 *
 * Units: days and hours-per-day are numbers rounded to one decimal (two for hours per day); touch time is integer
 * tenths of an hour; money integer cents; rates in percent rounded to one decimal. `null` means "no data".
 */
import { tz } from '@date-fns/tz';
import { addDays, format, parseISO, startOfDay, startOfISOWeek } from 'date-fns';
import { sql } from 'drizzle-orm';
import { defaultReportRange } from '~/lib/reports';
import { ReportRangeSchema } from '~/lib/schemas/time';
import { WORK_ORDER_STATUSES, type WorkOrderStatus } from '~/lib/work-order-status';
import { getConfig } from '../config.server';
import type { Executor } from '../db/client.server';
import { DomainError } from '../errors.server';

/** The status that marks delivery (the last one of the list). */
export const DELIVERED_STATUS: WorkOrderStatus = 'Ready for Pickup';

export interface CycleTimeReportInput {
  /** First calendar day, "YYYY-MM-DD", shop time zone (inclusive). */
  from: string;
  /** Last calendar day, "YYYY-MM-DD", shop time zone (inclusive). */
  to: string;
  /** IANA zone; defaults to the shop's (config SHOP_TIMEZONE). */
  timeZone?: string;
}

export interface StageFigure {
  status: WorkOrderStatus;
  /** Total days in this status ÷ delivered work orders (one decimal); null when nothing was delivered. */
  averageDays: number | null;
  /** How many times the delivered work orders moved into this status before delivery (one sent back counts again). */
  entries: number;
}

export interface WeekFigure {
  /** The Monday starting the week, "YYYY-MM-DD". */
  weekStart: string;
  delivered: number;
}

export interface CycleTimeReport {
  from: string;
  to: string;
  timeZone: string;
  delivered: number;
  /** Average key-to-key days (one decimal), null when nothing was delivered. */
  keyToKeyDays: number | null;
  /** Sum of all delivered work orders' key-to-key days (one decimal). */
  totalDaysInShop: number;
  stages: StageFigure[];
  /** Clocked time on the delivered work orders, integer tenths of an hour. */
  touchTenths: number;
  /** Touch hours per day in the shop (two decimals), null when there are no days in the shop. */
  touchHoursPerDay: number | null;
  onTime: { onTime: number; withDate: number; withoutDate: number; ratePercent: number | null };
  perWeek: WeekFigure[];
  repairValue: { averageCents: number | null; withApprovedEstimate: number };
}

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** "YYYY-MM-DD" in `timeZone` at midnight → the instant (@date-fns/tz reads the calendar date in that zone). */
function dayStart(isoDate: string, timeZone: string): Date {
  return new Date(startOfDay(parseISO(isoDate, { in: tz(timeZone) })).getTime());
}

/** Calendar arithmetic on "YYYY-MM-DD" (date-fns; no time zone involved). */
const plusDays = (isoDate: string, days: number): string => format(addDays(parseISO(isoDate), days), 'yyyy-MM-dd');

/** The Monday of the week holding `isoDate` (ISO weeks start on Monday, as PostgreSQL's date_trunc('week')). */
const mondayOf = (isoDate: string): string => format(startOfISOWeek(parseISO(isoDate)), 'yyyy-MM-dd');

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const isoDay = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

interface ReportRow {
  delivered: number;
  deliveries: number | string | null;
  hist: { kind: 'left' | 'entered'; status: string | null; delivery: boolean | null; t: number; n: number }[] | null;
  with_date: number;
  on_time: number;
  touch_seconds: number | string | null;
  valued: number;
  value_avg: number | string | null;
  weeks: { week: string; n: number }[] | null;
}

/**
 * The report for work orders delivered from `from` to `to` (calendar days, inclusive, shop time zone). Returns a
 * {@link CycleTimeReport}. One SQL statement. Errors: DomainError('validation') for dates that are not "YYYY-MM-DD"
 * or a `to` before `from` (the page's schema refuses those first).
 */
export async function computeCycleTimeReport(db: Executor, input: CycleTimeReportInput): Promise<CycleTimeReport> {
  const { from, to } = input;
  const timeZone = input.timeZone ?? getConfig().shop.timeZone;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || from > to) {
    throw new DomainError('validation', 'Choose a start date on or before the end date.', 'to');
  }
  const start = dayStart(from, timeZone);
  const end = dayStart(plusDays(to, 1), timeZone);
  const delivered = DELIVERED_STATUS;

  const query = sql`
    with last_ready as (
      -- Rows since the start only: the latest one is then the latest of all when it falls before the end.
      select h.work_order_id, max(h.created_at) as delivered_at
      from work_order_status_history h
      where h.to_status = ${delivered} and h.created_at >= ${start}
      group by h.work_order_id
      having max(h.created_at) < ${end}
    ),
    d as materialized (
      select r.work_order_id, r.delivered_at, w.estimated_completion_date as eta,
        (r.delivered_at at time zone ${timeZone})::date as delivered_day
      from last_ready r
      join work_orders w on w.id = r.work_order_id and w.current_status = ${delivered}
    ),
    moves as (
      -- Each history row up to the delivery, as time since the range's start. Time in a status = the moments rows
      -- left it (their from_status) − the moments rows entered it (their to_status): sums, no sort or window. The
      -- delivery row enters Ready for Pickup without leaving it within the report; the row with no from_status is
      -- the arrival.
      select h.from_status, h.to_status, date_part('epoch', h.created_at - ${start}::timestamptz) as t,
        (h.created_at = d.delivered_at and h.to_status = ${delivered}) as is_delivery
      from work_order_status_history h
      join d on d.work_order_id = h.work_order_id and h.created_at <= d.delivered_at
    ),
    hist as (
      -- One pass, two groupings: by the status a row left (kind 'left'; null = arrivals) and by the status it entered.
      select case when grouping(m.from_status) = 0 then 'left' else 'entered' end as kind,
        coalesce(m.from_status, m.to_status) as status, m.is_delivery as delivery, sum(m.t) as t, count(*)::int as n
      from moves m
      group by grouping sets ((m.from_status), (m.to_status, m.is_delivery))
    ),
    approved as (
      -- The latest approved version of each delivered work order.
      select v.total_cents
      from estimate_versions v
      join d on d.work_order_id = v.work_order_id
      where v.state = 'approved' and not exists (
        select 1 from estimate_versions later
        where later.work_order_id = v.work_order_id and later.state = 'approved' and later.version_number > v.version_number
      )
    ),
    weeks as (
      select date_trunc('week', delivered_day)::date as week, count(*)::int as n from d group by 1
    )
    select
      dd.delivered, dd.with_date, dd.on_time,
      dd.deliveries,
      (select sum(date_part('epoch', t.ended_at - t.started_at))
         from time_entries t join d on d.work_order_id = t.work_order_id where t.ended_at is not null) as touch_seconds,
      av.valued, av.value_avg,
      (select json_agg(json_build_object('week', to_char(week, 'YYYY-MM-DD'), 'n', n)) from weeks) as weeks,
      (select json_agg(hist) from hist) as hist
    from (
      select count(*)::int as delivered,
        (count(*) filter (where eta is not null))::int as with_date,
        (count(*) filter (where eta is not null and delivered_day <= eta))::int as on_time,
        coalesce(sum(date_part('epoch', delivered_at - ${start}::timestamptz)), 0) as deliveries
      from d
    ) dd,
    (select count(*)::int as valued, round(avg(total_cents))::float8 as value_avg from approved) av
  `;
  // Enough memory for the hash joins of a year's rows to stay off disk.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    return tx.execute(query);
  });
  const row = rowsOf<ReportRow>(result)[0]!;
  const count = Number(row.delivered);
  // Per status: seconds = Σ moments rows left it − Σ moments rows entered it (the delivery row excluded).
  const seconds = new Map<string, number>();
  const entries = new Map<string, number>();
  let arrivals = 0;
  for (const g of row.hist ?? []) {
    if (g.kind === 'left' && g.status === null) arrivals += Number(g.t);
    else if (g.kind === 'left') seconds.set(g.status!, (seconds.get(g.status!) ?? 0) + Number(g.t));
    else if (!g.delivery) {
      seconds.set(g.status!, (seconds.get(g.status!) ?? 0) - Number(g.t));
      entries.set(g.status!, (entries.get(g.status!) ?? 0) + Number(g.n));
    }
  }
  const keySeconds = Number(row.deliveries ?? 0) - arrivals;
  const touchSeconds = Number(row.touch_seconds ?? 0);
  const touchTenths = Math.floor((touchSeconds + 180) / 360);
  const weekMap = new Map((row.weeks ?? []).map((w) => [isoDay(w.week), Number(w.n)]));
  const perWeek: WeekFigure[] = [];
  for (let week = mondayOf(from); week <= to; week = plusDays(week, 7)) {
    perWeek.push({ weekStart: week, delivered: weekMap.get(week) ?? 0 });
  }
  const withDate = Number(row.with_date);
  const onTime = Number(row.on_time);
  const valued = Number(row.valued);

  return {
    from,
    to,
    timeZone,
    delivered: count,
    keyToKeyDays: count ? round(keySeconds / count / 86_400, 1) : null,
    totalDaysInShop: round(keySeconds / 86_400, 1),
    stages: WORK_ORDER_STATUSES.map((status) => ({
      status,
      averageDays: count ? round(Math.max(0, seconds.get(status) ?? 0) / count / 86_400, 1) : null,
      entries: entries.get(status) ?? 0,
    })),
    touchTenths,
    touchHoursPerDay: keySeconds > 0 ? round(touchSeconds / 3600 / (keySeconds / 86_400), 2) : null,
    onTime: {
      onTime,
      withDate,
      withoutDate: count - withDate,
      ratePercent: withDate ? round((onTime / withDate) * 100, 1) : null,
    },
    perWeek,
    repairValue: { averageCents: valued ? Number(row.value_avg) : null, withApprovedEstimate: valued },
  };
}

/**
 * The range asked for in a report URL (`?from=YYYY-MM-DD&to=YYYY-MM-DD`, parsed with ReportRangeSchema): both absent
 * → the default (last 90 days up to the shop's today), no errors; invalid → the default range plus the field errors
 * and what was typed, so the page shows them beside the inputs instead of failing.
 */
export function readReportRange(url: URL, today: string) {
  const raw = { from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' };
  const fallback = defaultReportRange(today);
  if (!raw.from && !raw.to) return { range: fallback, typed: fallback, fieldErrors: {} as Record<string, string> };
  const parsed = ReportRangeSchema.safeParse(raw);
  if (parsed.success) return { range: parsed.data, typed: parsed.data, fieldErrors: {} as Record<string, string> };
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? 'to')] ??= issue.message;
  return { range: null, typed: raw, fieldErrors };
}
