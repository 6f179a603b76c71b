import { EmptyState } from '~/components/portal/empty-state';
import { PortalErrorBoundary } from '~/components/portal/portal-error';
import { pageMeta } from '~/lib/meta';
import { documentTypeLabel, documentUrl, PORTAL_TEXT, vehicleTitle } from '~/lib/portal-text';
import { requireCustomer } from '~/server/auth/session.server';
import { getConfig } from '~/server/config.server';
import { getDb } from '~/server/db/client.server';
import { listCustomerDocuments } from '~/server/portal/documents.server';
import { listCustomerEstimates } from '~/server/estimates/get-estimate.server';
import { Link } from 'react-router';
import type { Route } from './+types/my-documents';
import { dateTimeFormat } from '~/lib/intl';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'My Documents', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const [rows, estimates] = await Promise.all([listCustomerDocuments(getDb(), user.customerId), listCustomerEstimates(user.customerId)]);
  // An estimate's PDF links to its page, where it is approved or declined online (issue 14).
  const estimateByDocument = new Map(estimates.map((e) => [e.documentId, e]));
  // Upload dates in the shop's time zone (DECISIONS 12), formatted on the server so every browser shows the same.
  const format = dateTimeFormat({ timeZone: getConfig().shop.timeZone, dateStyle: 'medium' });
  return {
    documents: rows.map((d) => ({
      id: d.id,
      typeLabel: documentTypeLabel(d.documentType),
      fileName: d.fileName,
      workOrderNumber: d.workOrderNumber,
      vehicle: vehicleTitle(d.vehicle),
      uploaded: format.format(d.createdAt),
      uploadedIso: d.createdAt.toISOString(),
      estimate: estimateByDocument.has(d.id) ? { id: estimateByDocument.get(d.id)!.id, title: estimateByDocument.get(d.id)!.title } : null,
    })),
  };
}

export default function MyDocuments({ loaderData }: Route.ComponentProps) {
  const { documents } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold text-navy-900">My Documents</h1>
      {documents.length === 0 ? (
        <EmptyState>{PORTAL_TEXT.noDocuments}</EmptyState>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {documents.map((d) => (
            <li key={d.id} className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
              <h2 className="text-lg font-bold text-navy-900">{d.typeLabel}</h2>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
                <dt className="font-semibold">Work Order</dt>
                <dd>{d.workOrderNumber}</dd>
                <dt className="font-semibold">Vehicle</dt>
                <dd>{d.vehicle}</dd>
                <dt className="font-semibold">Uploaded</dt>
                <dd>
                  <time dateTime={d.uploadedIso}>{d.uploaded}</time>
                </dd>
              </dl>
              <a
                href={documentUrl(d.id)}
                target="_blank"
                rel="noreferrer"
                className="mt-3 inline-block rounded bg-brand-600 px-3 py-1.5 font-semibold text-white hover:bg-brand-700"
              >
                View {d.typeLabel}
                <span className="sr-only">
                  {' '}
                  for work order {d.workOrderNumber} (opens in a new tab)
                </span>
              </a>
              {d.estimate ? (
                <Link to={`/portal/estimates/${d.estimate.id}`} className="mt-3 ml-3 inline-block font-semibold text-brand-700 underline">
                  Review {d.estimate.title.toLowerCase()} online
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <PortalErrorBoundary fallback="Failed to load your documents: please try again later." />;
}
