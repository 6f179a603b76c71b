import { Link } from 'react-router';
import { EmptyState } from '~/components/portal/empty-state';
import { FormMessage } from '~/components/ui/field';
import { pageMeta } from '~/lib/meta';
import { PORTAL_TEXT, vehicleTitle } from '~/lib/portal-text';
import { requireCustomer } from '~/server/auth/session.server';
import { getDb } from '~/server/db/client.server';
import { listCustomerVehicles } from '~/server/portal/vehicles.server';
import type { Route } from './+types/my-vehicles';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'My Vehicles', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const vehicles = await listCustomerVehicles(getDb(), user.customerId);
  // After adding a vehicle without JavaScript the action redirects here with the success message (spec §4).
  const added = new URL(request.url).searchParams.get('added') === '1';
  return { vehicles, added };
}

export default function MyVehicles({ loaderData }: Route.ComponentProps) {
  const { vehicles, added } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold text-navy-900">My Vehicles</h1>
      {added ? (
        <div className="mt-4">
          <FormMessage text={PORTAL_TEXT.vehicleAdded} tone="success" />
        </div>
      ) : null}
      {vehicles.length === 0 ? (
        <EmptyState>
          {PORTAL_TEXT.noVehicles}{' '}
          <Link to="/portal/add-vehicle" className="font-semibold text-brand-700 underline">
            Add Vehicle
          </Link>
        </EmptyState>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {vehicles.map((v) => (
            <li key={v.id}>
              <Link
                to={`/portal/vehicles/${v.id}`}
                className="block h-full rounded-lg border border-slate-300 bg-white p-4 shadow-sm hover:border-navy-700"
              >
                <h2 className="text-lg font-bold text-navy-900">{vehicleTitle(v)}</h2>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
                  <dt className="font-semibold">VIN</dt>
                  <dd className="break-all font-mono">{v.vin}</dd>
                  <dt className="font-semibold">Plate</dt>
                  <dd>{v.licensePlate || 'N/A'}</dd>
                </dl>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
