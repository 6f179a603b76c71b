import { Link } from 'react-router';
import { EmptyState } from '~/components/portal/empty-state';
import { PhotoGrid } from '~/components/portal/photo-grid';
import { PortalErrorBoundary } from '~/components/portal/portal-error';
import { pageMeta } from '~/lib/meta';
import { PORTAL_TEXT, vehicleTitle } from '~/lib/portal-text';
import { requireCustomer } from '~/server/auth/session.server';
import { getDb } from '~/server/db/client.server';
import { toErrorResponse } from '~/server/errors.server';
import { getCustomerVehicleDetails } from '~/server/portal/vehicles.server';
import type { Route } from './+types/vehicle-details';

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta({ matches, title: data ? vehicleTitle(data.vehicle) : 'Vehicle Details', noindex: true });

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  try {
    return await getCustomerVehicleDetails(getDb(), user.customerId, params.vehicleId);
  } catch (error) {
    throw toErrorResponse(error);
  }
}

const BACK = { to: '/portal/my-vehicles', label: '← Back to My Vehicles' };

export default function VehicleDetails({ loaderData }: Route.ComponentProps) {
  const { vehicle, workOrders } = loaderData;
  const facts: [string, string][] = [
    ['Year', String(vehicle.year)],
    ['Make', vehicle.make],
    ['Model', vehicle.model],
    ['VIN', vehicle.vin],
    ['License Plate', vehicle.licensePlate || 'N/A'],
    ['Color', vehicle.color || 'N/A'],
  ];
  return (
    <>
      <p>
        <Link to={BACK.to} className="font-semibold text-brand-700 underline">
          {BACK.label}
        </Link>
      </p>
      <h1 className="mt-3 text-2xl font-bold text-navy-900">{vehicleTitle(vehicle)}</h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-slate-300 bg-white p-4">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-800">{label}</dt>
            <dd className="break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-8 text-xl font-bold text-navy-900">Work Orders</h2>
      {workOrders.length === 0 ? (
        <EmptyState>{PORTAL_TEXT.noWorkOrdersForVehicle}</EmptyState>
      ) : (
        <ul className="mt-3 space-y-4">
          {workOrders.map((wo) => (
            <li key={wo.id} className="rounded-lg border border-slate-300 bg-white p-4">
              <h3 className="text-lg font-bold text-navy-900">Work Order {wo.workOrderNumber}</h3>
              <p className="mt-1">
                <span className="font-semibold">Status:</span> {wo.currentStatus}
              </p>
              {wo.description ? <p className="mt-1 text-slate-700">{wo.description}</p> : null}
              <h4 className="mt-3 font-semibold text-slate-800">Repair Photos</h4>
              {wo.photos.length ? (
                <PhotoGrid photos={wo.photos} label={`Work order ${wo.workOrderNumber} photos`} altPrefix={`Work order ${wo.workOrderNumber} repair`} />
              ) : (
                <p className="mt-1 text-slate-700">{PORTAL_TEXT.noPhotosForWorkOrder}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <PortalErrorBoundary fallback={PORTAL_TEXT.vehicleUnexpected} backTo={BACK} />;
}
