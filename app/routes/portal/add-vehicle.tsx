import { useEffect, useRef, useSyncExternalStore } from 'react';
import { data, redirect, useFetcher, useNavigate } from 'react-router';
import { FormMessage, TextField } from '~/components/ui/field';
import { parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import { ADD_VEHICLE_REDIRECT_MS, PORTAL_TEXT } from '~/lib/portal-text';
import { AddVehicleSchema, maxVehicleYear } from '~/lib/schemas/vehicle';
import { requireCustomer } from '~/server/auth/session.server';
import { getDb } from '~/server/db/client.server';
import { DomainError } from '~/server/errors.server';
import { log } from '~/server/logger.server';
import { addVehicle } from '~/server/vehicles/add-vehicle.server';
import { readForm } from '~/server/forms/read-form.server';
import type { Route } from './+types/add-vehicle';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Add Vehicle', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireCustomer(request);
  return { maxYear: maxVehicleYear() };
}

type ActionResult = {
  ok: boolean;
  message: string | null;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
};

/**
 * Adds a vehicle to the signed-in customer (the id comes from the session, never the form). Bad input → 400 with field
 * messages and what was typed; duplicate VIN → the spec's message; success → JSON for the enhanced form (`js=1`), or
 * a redirect to My Vehicles carrying the success message when the browser posted the form without JavaScript.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireCustomer(request);
  const form = await readForm(request);
  const parsed = parseForm(AddVehicleSchema, form);
  if (!parsed.success) {
    return data<ActionResult>({ ok: false, message: null, fieldErrors: parsed.fieldErrors, values: parsed.values }, 400);
  }
  try {
    await addVehicle(getDb(), user.customerId, parsed.data);
  } catch (error) {
    const values = Object.fromEntries(Object.entries(parsed.data).map(([k, v]) => [k, v == null ? '' : String(v)]));
    if (error instanceof DomainError) {
      const fieldErrors: Record<string, string> = error.field ? { [error.field]: error.message } : {};
      return data<ActionResult>({ ok: false, message: error.message, fieldErrors, values }, error.status);
    }
    log().error({ err: (error as Error).message }, 'add vehicle failed');
    return data<ActionResult>({ ok: false, message: PORTAL_TEXT.unexpected, fieldErrors: {}, values }, 500);
  }
  if (form.get('js') !== '1') throw redirect('/portal/my-vehicles?added=1');
  return data<ActionResult>({ ok: true, message: PORTAL_TEXT.vehicleAdded, fieldErrors: {}, values: {} });
}

const noSubscription = () => () => {};
/** False while server-rendering and hydrating, true once React runs in the browser (the form then posts `js=1`). */
function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

export default function AddVehicle({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const busy = fetcher.state !== 'idle';
  // With JavaScript the fetcher holds the answer; a native post (no JavaScript) renders it as the page's action data.
  const result = (fetcher.data ?? actionData) as ActionResult | undefined;
  const fieldErrors = result?.fieldErrors ?? {};
  const values = result?.values ?? {};

  useEffect(() => {
    if (fetcher.state !== 'idle' || !result?.ok) return;
    formRef.current?.reset();
    const timer = setTimeout(() => navigate('/portal/my-vehicles'), ADD_VEHICLE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [fetcher.state, result, navigate]);

  // A failed attempt remounts the inputs with what was typed; a success clears them.
  const formKey = result ? JSON.stringify(values) : 'empty';
  return (
    <>
      <h1 className="text-2xl font-bold text-navy-900">Add New Vehicle</h1>
      <div className="mt-4 max-w-xl">
        <FormMessage text={result?.message} />
        <fetcher.Form ref={formRef} method="post" className="mt-4 space-y-4" key={formKey}>
          {hydrated ? <input type="hidden" name="js" value="1" /> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Make" name="make" required maxLength={60} defaultValue={values.make} error={fieldErrors.make} />
            <TextField label="Model" name="model" required maxLength={60} defaultValue={values.model} error={fieldErrors.model} />
            <TextField
              label="Year"
              name="year"
              type="number"
              inputMode="numeric"
              required
              min={1900}
              max={loaderData.maxYear}
              step={1}
              defaultValue={values.year}
              error={fieldErrors.year}
            />
            <TextField label="Color" name="color" maxLength={40} defaultValue={values.color} error={fieldErrors.color} />
            <TextField
              label="VIN"
              name="vin"
              required
              maxLength={17}
              autoCapitalize="characters"
              spellCheck={false}
              defaultValue={values.vin}
              error={fieldErrors.vin}
            />
            <TextField
              label="License Plate"
              name="licensePlate"
              maxLength={15}
              autoCapitalize="characters"
              defaultValue={values.licensePlate}
              error={fieldErrors.licensePlate}
            />
          </div>
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded bg-brand-600 px-4 py-3 font-bold text-white hover:bg-brand-700 disabled:opacity-70 sm:w-auto"
          >
            {busy ? PORTAL_TEXT.addingVehicle : PORTAL_TEXT.addVehicle}
          </button>
        </fetcher.Form>
      </div>
    </>
  );
}
