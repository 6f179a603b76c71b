import { TZDate } from '@date-fns/tz';
import { Form, Link } from 'react-router';
import { AUDIT_ENTITY_TYPES } from '~/lib/audit';
import { pageMeta } from '~/lib/meta';
import { AuditFilterSchema } from '~/lib/schemas/audit';
import { listAuditEntries } from '~/server/audit/audit.server';
import { requireStaff } from '~/server/auth/permissions.server';
import { getConfig } from '~/server/config.server';
import type { Route } from './+types/audit';
import { dateTimeFormat } from '~/lib/intl';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Audit Log', noindex: true });

/** Start of a calendar day in the shop's time zone. */
function dayStart(isoDate: string, timeZone: string, plusDays = 0): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d + plusDays, timeZone).getTime());
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, 'audit');
  const url = new URL(request.url);
  const parsed = AuditFilterSchema.safeParse(Object.fromEntries(url.searchParams));
  const filters = parsed.success ? parsed.data : { page: 1, entityType: undefined, actor: undefined, from: undefined, to: undefined };
  const timeZone = getConfig().shop.timeZone;
  const result = await listAuditEntries({
    entityType: filters.entityType,
    actor: filters.actor,
    from: filters.from ? dayStart(filters.from, timeZone) : undefined,
    to: filters.to ? dayStart(filters.to, timeZone, 1) : undefined,
    page: filters.page,
  });
  const when = dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short', timeZone });
  return {
    filters,
    error: parsed.success ? null : 'Some filters were not understood and were ignored.',
    page: result.page,
    pageCount: result.pageCount,
    total: result.total,
    rows: result.rows.map((r) => ({
      id: r.id,
      when: when.format(r.createdAt),
      actor: r.actorLabel,
      action: r.action,
      entity: `${r.entityType} ${r.entityId}`,
      changes: Object.entries(r.changes).map(([field, c]) =>
        'from' in c && 'to' in c ? `${field}: ${JSON.stringify(c.from)} → ${JSON.stringify(c.to)}` : `${field}: ${JSON.stringify('to' in c ? c.to : c.from)}`,
      ),
    })),
  };
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { filters, rows, page, pageCount, total } = loaderData;
  const pageLink = (p: number) => {
    const params = new URLSearchParams(Object.entries({ ...filters, page: String(p) }).filter(([, v]) => v !== undefined) as [string, string][]);
    return `?${params}`;
  };
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-navy-900">Audit Log</h1>
      {loaderData.error ? (
        <p role="alert" className="text-red-800">
          {loaderData.error}
        </p>
      ) : null}
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-semibold">
          Record type
          <select name="entityType" defaultValue={filters.entityType ?? ''} className="mt-1 block rounded border border-slate-400 px-2 py-2">
            <option value="">All</option>
            {AUDIT_ENTITY_TYPES.map((t) => (
              <option key={t} value={t}>
                {t.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          Staff e-mail
          <input name="actor" type="email" defaultValue={filters.actor ?? ''} className="mt-1 block rounded border border-slate-400 px-2 py-2" />
        </label>
        <label className="text-sm font-semibold">
          From
          <input name="from" type="date" defaultValue={filters.from ?? ''} className="mt-1 block rounded border border-slate-400 px-2 py-2" />
        </label>
        <label className="text-sm font-semibold">
          To
          <input name="to" type="date" defaultValue={filters.to ?? ''} className="mt-1 block rounded border border-slate-400 px-2 py-2" />
        </label>
        <button type="submit" className="rounded bg-navy-900 px-4 py-2 font-semibold text-white">
          Filter
        </button>
      </Form>
      <p className="text-sm text-slate-700">{total} entries</p>
      {rows.length === 0 ? (
        <p>No audit entries found.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full border-collapse bg-white text-left text-sm stack-table">
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="p-2">When</th>
                <th scope="col" className="p-2">Who</th>
                <th scope="col" className="p-2">Action</th>
                <th scope="col" className="p-2">Record</th>
                <th scope="col" className="p-2">Changes</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-200 align-top">
                  <td data-label="When" className="p-2 whitespace-nowrap">{r.when}</td>
                  <td data-label="Who" className="p-2">{r.actor}</td>
                  <td data-label="Action" className="p-2">{r.action}</td>
                  <td data-label="Record" className="p-2 font-mono text-xs">{r.entity}</td>
                  <td data-label="Changes" className="p-2">
                    <ul>
                      {r.changes.map((c) => (
                        <li key={c} className="break-all">
                          {c}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Pages" className="flex gap-4">
          {page > 1 ? <Link to={pageLink(page - 1)}>Previous page</Link> : null}
          <span>
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? <Link to={pageLink(page + 1)}>Next page</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
