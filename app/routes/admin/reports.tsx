import { Form } from 'react-router';
import { HorizontalBarChart } from '~/components/admin/charts';
import { buttonClass, StatCard, tableClass, tdClass, thClass } from '~/components/admin/ui';
import { formatCalendarDay } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { formatCents, formatTenths } from '~/lib/money';
import { REPORT_DEFINITIONS as D } from '~/lib/reports';
import { requireStaff } from '~/server/auth/permissions.server';
import { getDb } from '~/server/db/client.server';
import { computeCycleTimeReport, readReportRange } from '~/server/reports/cycle-time.server';
import { shopToday } from '~/server/work-orders/list-work-orders.server';
import type { Route } from './+types/reports';

/**
 * /admin/reports (issue 17 §4): cycle time and touch time for work orders delivered in a date range (GET form, so a
 * report is a link), each figure with its definition, bar charts with the numbers written on them, and the same
 * figures as CSV at /admin/reports.csv. Permission 'reports' (owner, service writer).
 */
export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Reports', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, 'reports');
  const { range, typed, fieldErrors } = readReportRange(new URL(request.url), shopToday());
  const report = range ? await computeCycleTimeReport(getDb(), range) : null;
  return { typed, fieldErrors, report };
}

const days = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)} days`);

function Figure({ label, value, definition }: { label: string; value: string; definition: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <StatCard label={label} value={value} />
      <p className="mt-2 text-sm text-slate-700">{definition}</p>
    </div>
  );
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { typed, fieldErrors, report } = loaderData;
  const csvHref = report ? `/admin/reports.csv?${new URLSearchParams({ from: report.from, to: report.to })}` : null;
  return (
    <div className="max-w-5xl space-y-6">
      <h1 className="text-2xl font-bold text-navy-900">Reports</h1>
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <label className="flex flex-col text-sm font-semibold text-slate-800">
          From
          <input type="date" name="from" defaultValue={typed.from} required aria-invalid={fieldErrors.from ? true : undefined} aria-describedby={fieldErrors.from ? 'from-error' : undefined} className="mt-1 min-h-11 rounded border border-slate-400 px-2" />
        </label>
        <label className="flex flex-col text-sm font-semibold text-slate-800">
          To
          <input type="date" name="to" defaultValue={typed.to} required aria-invalid={fieldErrors.to ? true : undefined} aria-describedby={fieldErrors.to ? 'to-error' : undefined} className="mt-1 min-h-11 rounded border border-slate-400 px-2" />
        </label>
        <button type="submit" className={buttonClass}>
          Show report
        </button>
        {csvHref ? (
          <a href={csvHref} className="min-h-11 py-2 font-semibold text-brand-700 underline" download>
            Download CSV
          </a>
        ) : null}
        {fieldErrors.from ? (
          <p id="from-error" role="alert" className="w-full text-sm font-semibold text-red-700">
            {fieldErrors.from}
          </p>
        ) : null}
        {fieldErrors.to ? (
          <p id="to-error" role="alert" className="w-full text-sm font-semibold text-red-700">
            {fieldErrors.to}
          </p>
        ) : null}
      </Form>

      {report ? (
        <>
          <p className="text-slate-700">
            Work orders delivered from {formatCalendarDay(report.from)} to {formatCalendarDay(report.to)} (shop time, {report.timeZone}). {D.arrival}{' '}
            {D.deliveryMoment}
          </p>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Figure label="Delivered" value={String(report.delivered)} definition={D.delivered} />
            <Figure label="Key-to-key (average)" value={days(report.keyToKeyDays)} definition={D.keyToKey} />
            <Figure
              label="Touch time per day in the shop"
              value={report.touchHoursPerDay === null ? '—' : `${report.touchHoursPerDay.toFixed(2)} h/day`}
              definition={`${D.touchPerDay} Clocked: ${formatTenths(report.touchTenths)} h over ${report.totalDaysInShop.toFixed(1)} days.`}
            />
            <Figure
              label="On time"
              value={report.onTime.ratePercent === null ? '—' : `${report.onTime.ratePercent.toFixed(1)} %`}
              definition={`${D.onTime} ${report.onTime.onTime} of ${report.onTime.withDate} on time; ${report.onTime.withoutDate} without a date.`}
            />
            <Figure
              label="Average repair value"
              value={report.repairValue.averageCents === null ? '—' : formatCents(report.repairValue.averageCents)}
              definition={`${D.repairValue} ${report.repairValue.withApprovedEstimate} work orders had one.`}
            />
          </div>

          <section aria-labelledby="stages-h" className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="stages-h" className="text-lg font-bold text-navy-900">
              Days in each stage
            </h2>
            <p className="text-sm text-slate-700">{D.stages}</p>
            <HorizontalBarChart
              title="Average days in each status"
              bars={report.stages.map((s) => ({ label: s.status, value: s.averageDays ?? 0 }))}
            />
            <table className={`${tableClass} mt-3`}>
              <thead>
                <tr>
                  <th className={thClass}>Status</th>
                  <th className={thClass}>Average days</th>
                  <th className={thClass}>Times entered</th>
                </tr>
              </thead>
              <tbody>
                {report.stages.map((s) => (
                  <tr key={s.status}>
                    <td className={tdClass}>{s.status}</td>
                    <td className={tdClass}>{s.averageDays === null ? '—' : s.averageDays.toFixed(1)}</td>
                    <td className={tdClass}>{s.entries}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>

          <section aria-labelledby="weeks-h" className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="weeks-h" className="text-lg font-bold text-navy-900">
              Delivered per week
            </h2>
            <p className="text-sm text-slate-700">{D.perWeek}</p>
            <HorizontalBarChart
              title="Work orders delivered, by week starting Monday"
              bars={report.perWeek.map((w) => ({ label: formatCalendarDay(w.weekStart), value: w.delivered }))}
            />
          </section>
        </>
      ) : (
        <p className="text-slate-700">Choose a date range to see the report.</p>
      )}
    </div>
  );
}
