import { EmptyState } from '~/components/portal/empty-state';
import { PhotoGrid } from '~/components/portal/photo-grid';
import { PortalErrorBoundary } from '~/components/portal/portal-error';
import { pageMeta } from '~/lib/meta';
import { PORTAL_TEXT, vehicleTitle } from '~/lib/portal-text';
import { requireCustomer } from '~/server/auth/session.server';
import { getDb } from '~/server/db/client.server';
import { listRepairPhotos } from '~/server/portal/repairs.server';
import type { Route } from './+types/repair-photos';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Repair Photos', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  return listRepairPhotos(getDb(), user.customerId);
}

export default function RepairPhotos({ loaderData }: Route.ComponentProps) {
  const { hasVehicles, groups } = loaderData;
  const anyPhoto = groups.some((g) => g.photos.length > 0);
  return (
    <>
      <h1 className="text-2xl font-bold text-navy-900">Repair Photos</h1>
      {!hasVehicles ? <EmptyState>{PORTAL_TEXT.noVehiclesFound}</EmptyState> : null}
      {hasVehicles && !anyPhoto ? <EmptyState>{PORTAL_TEXT.noRepairPhotos}</EmptyState> : null}
      {groups.length ? (
        <ul className="mt-4 space-y-6">
          {groups.map((g) => (
            <li key={g.id} className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
              <h2 className="text-xl font-bold text-navy-900">
                Work Order {g.workOrderNumber}: {vehicleTitle(g.vehicle)}
              </h2>
              <p className="text-slate-700">Status: {g.currentStatus}</p>
              {g.photos.length ? (
                <PhotoGrid photos={g.photos} label={`Work order ${g.workOrderNumber} photos`} altPrefix={`Work order ${g.workOrderNumber} repair`} />
              ) : (
                <p className="mt-2 text-slate-700">{PORTAL_TEXT.noPhotosForWorkOrder}</p>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <PortalErrorBoundary fallback="Failed to load your repair photos: please try again later." />;
}
