import { EmptyState } from '~/components/portal/empty-state';
import { PortalErrorBoundary } from '~/components/portal/portal-error';
import { ProgressList } from '~/components/portal/progress-list';
import { pageMeta } from '~/lib/meta';
import { DASHBOARD_TEXT, documentTypeLabel, documentUrl, PORTAL_TEXT, vehicleTitle } from '~/lib/portal-text';
import { formatCalendarDayLong } from '~/lib/format';
import { requireCustomer } from '~/server/auth/session.server';
import { getDb } from '~/server/db/client.server';
import { listRepairUpdates } from '~/server/portal/repairs.server';
import { listCustomerEstimates } from '~/server/estimates/get-estimate.server';
import { VERSION_STATE_LABELS } from '~/components/estimates';
import { formatCents } from '~/lib/money';
import { Link } from 'react-router';
import type { Route } from './+types/repair-updates';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Repair Updates', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const [updates, estimates] = await Promise.all([listRepairUpdates(getDb(), user.customerId), listCustomerEstimates(user.customerId)]);
  return { updates, estimates };
}

export default function RepairUpdates({ loaderData }: Route.ComponentProps) {
  const { updates, estimates } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold text-navy-900">Repair Updates</h1>
      {updates.length === 0 ? (
        <EmptyState>{PORTAL_TEXT.noRepairUpdates}</EmptyState>
      ) : (
        <ul className="mt-4 space-y-6">
          {updates.map((wo) => (
            <li key={wo.id} className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
              <h2 className="text-xl font-bold text-navy-900">{vehicleTitle(wo.vehicle)}</h2>
              <p className="text-slate-700">
                Work Order {wo.workOrderNumber}
                {wo.description ? ` · ${wo.description}` : ''}
              </p>
              {wo.estimatedCompletionDate ? (
                <p className="mt-1 text-slate-800">
                  {DASHBOARD_TEXT.estimatedCompletion}: <strong>{formatCalendarDayLong(wo.estimatedCompletionDate)}</strong>
                </p>
              ) : null}
              {estimates.some((e) => e.workOrderId === wo.id) ? (
                <>
                  <h3 className="mt-3 font-semibold text-slate-800">Estimates</h3>
                  <ul className="mt-1 space-y-1">
                    {estimates
                      .filter((e) => e.workOrderId === wo.id)
                      .map((e) => (
                        <li key={e.id}>
                          <Link to={`/portal/estimates/${e.id}`} className="font-semibold text-brand-700 underline">
                            {e.title} (version {e.versionNumber})
                          </Link>{' '}
                          · {formatCents(e.totalCents)} · {e.state === 'sent' ? 'Waiting for your approval' : VERSION_STATE_LABELS[e.state]}
                        </li>
                      ))}
                  </ul>
                </>
              ) : null}
              <h3 className="mt-3 font-semibold text-slate-800">Repair Progress</h3>
              <ProgressList status={wo.currentStatus} label={`Repair progress for work order ${wo.workOrderNumber}`} />
              <h3 className="mt-4 font-semibold text-slate-800">Parts Used</h3>
              {wo.parts.length ? (
                <div className="mt-1 overflow-x-auto">
                  <table className="w-full text-left text-sm">
                    <thead>
                      <tr className="border-b border-slate-300">
                        <th scope="col" className="py-1 pr-3">Part Number</th>
                        <th scope="col" className="py-1 pr-3">Description</th>
                        <th scope="col" className="py-1 text-right">Quantity</th>
                      </tr>
                    </thead>
                    <tbody>
                      {wo.parts.map((p, i) => (
                        <tr key={`${p.partNumber}-${i}`} className="border-b border-slate-200">
                          <td className="py-1 pr-3 font-mono">{p.partNumber}</td>
                          <td className="py-1 pr-3">{p.description}</td>
                          <td className="py-1 text-right">{p.quantityUsed}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : (
                <p className="mt-1 text-slate-700">No parts recorded yet.</p>
              )}
              <h3 className="mt-4 font-semibold text-slate-800">Documents</h3>
              {wo.documents.length ? (
                <ul className="mt-1 space-y-1">
                  {wo.documents.map((d) => (
                    <li key={d.id}>
                      <a href={documentUrl(d.id)} target="_blank" rel="noreferrer" className="font-semibold text-brand-700 underline">
                        {documentTypeLabel(d.documentType)}: {d.fileName}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-1 text-slate-700">No documents yet.</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <PortalErrorBoundary fallback="Failed to load your repair updates: please try again later." />;
}
