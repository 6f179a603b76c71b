import { requireStaff } from '~/server/auth/permissions.server';
import { getDb } from '~/server/db/client.server';
import { computeCycleTimeReport, readReportRange } from '~/server/reports/cycle-time.server';
import { cycleTimeReportCsv } from '~/server/reports/report-csv.server';
import { shopToday } from '~/server/work-orders/list-work-orders.server';
import type { Route } from './+types/reports-csv';

/**
 * GET /admin/reports.csv?from=YYYY-MM-DD&to=YYYY-MM-DD — the cycle-time report of /admin/reports as CSV (issue 17 §4),
 * a download for staff with the 'reports' permission. No range → the last 90 days; a bad range → 400 with the reason.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, 'reports');
  const { range, fieldErrors } = readReportRange(new URL(request.url), shopToday());
  if (!range) {
    return new Response(Object.values(fieldErrors)[0] ?? 'Choose a date range.', {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const csv = cycleTimeReportCsv(await computeCycleTimeReport(getDb(), range));
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="cycle-time-${range.from}-to-${range.to}.csv"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
