import { data, Form, Link, useNavigation } from 'react-router';
import { CustomerFields, VehicleFields } from '~/components/admin/customer-fields';
import { TextSettingsFields } from '~/components/text-settings-fields';
import { buttonClass, TimedMessage } from '~/components/admin/ui';
import { FormMessage } from '~/components/ui/field';
import { formValues, parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import { AddCustomerSchema } from '~/lib/schemas/admin';
import { textSettingsSchema } from '~/lib/schemas/sms';
import { requireStaff } from '~/server/auth/permissions.server';
import { addCustomerWithVehicle, findPossibleMatches, type PossibleMatch } from '~/server/customers/manage-customers.server';
import { resolveTextSettings } from '~/server/customers/text-settings.server';
import { smsDisclosureText } from '~/server/sms/consent.server';
import { DomainError } from '~/server/errors.server';
import { readForm } from '~/server/forms/read-form.server';
import type { Route } from './+types/add';

export const CUSTOMER_ADDED = 'Customer and vehicle added successfully.';
/** When no vehicle was given (issue 17 §6: the spec's message names a vehicle, so it is kept for that case only). */
export const CUSTOMER_ADDED_NO_VEHICLE = 'Customer added successfully. Add a vehicle to start a work order.';
/** Shown instead of saving when the e-mail or phone is already on file (issue 17 §6). */
export const POSSIBLE_MATCH = 'Possible match: a customer with this e-mail or phone number is already on file. Open them, or add this customer anyway.';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Add Customer', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, 'customers');
  return { disclosure: smsDisclosureText() };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, 'customers');
  const formData = await readForm(request);
  const parsed = parseForm(AddCustomerSchema, formData);
  const texting = parseForm(textSettingsSchema('staff'), formData);
  if (!parsed.success || !texting.success) {
    const fieldErrors = { ...(parsed.success ? {} : parsed.fieldErrors), ...(texting.success ? {} : texting.fieldErrors) };
    return data({ ok: false as const, fieldErrors, values: formValues(formData), message: null, customerId: null, matches: [] as PossibleMatch[] }, 400);
  }
  if (formData.get('confirmNew') !== '1') {
    const matches = await findPossibleMatches(parsed.data.customer);
    if (matches.length > 0) {
      return data({ ok: false as const, fieldErrors: {}, values: formValues(formData), message: POSSIBLE_MATCH, customerId: null, matches }, 409);
    }
  }
  try {
    const { customerId, vehicleId } = await addCustomerWithVehicle(user, parsed.data, resolveTextSettings(texting.data));
    return {
      ok: true as const,
      fieldErrors: {},
      values: {},
      message: vehicleId ? CUSTOMER_ADDED : CUSTOMER_ADDED_NO_VEHICLE,
      customerId,
      vehicleId,
      matches: [] as PossibleMatch[],
    };
  } catch (error) {
    if (error instanceof DomainError) {
      const message = error.message.startsWith('Error') ? error.message : `Error: ${error.message}`;
      const fieldErrors: Record<string, string> = error.field ? { [error.field]: error.message } : {};
      return data({ ok: false as const, fieldErrors, values: formValues(formData), message, customerId: null, matches: [] as PossibleMatch[] }, error.status);
    }
    throw error;
  }
}

export default function AddCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.ok ? {} : (actionData?.values ?? {});
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold text-navy-900">Add Customer</h1>
      <div className="mt-4">
        {actionData?.ok ? (
          <div className="space-y-2">
            <TimedMessage text={actionData.message} token={actionData} />
            <p className="flex flex-wrap gap-4">
              {actionData.vehicleId ? (
                <Link to={`/admin/customers/${actionData.customerId}?newWorkOrder=${actionData.vehicleId}#vehicle-${actionData.vehicleId}`} className={buttonClass}>
                  Continue to a new work order
                </Link>
              ) : (
                <Link to={`/admin/customers/${actionData.customerId}#add-vehicle-h`} className={buttonClass}>
                  Add a vehicle
                </Link>
              )}
              <Link to={`/admin/customers/${actionData.customerId}`} className="font-semibold text-brand-700 underline">
                Open the new customer
              </Link>
            </p>
          </div>
        ) : actionData?.matches.length ? (
          <div role="alert" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
            <p className="font-semibold">{actionData.message}</p>
            <ul className="mt-1 list-disc pl-6">
              {actionData.matches.map((m) => (
                <li key={m.id}>
                  <Link to={`/admin/customers/${m.id}`} className="font-semibold underline">
                    {m.name}
                  </Link>{' '}
                  ({[m.sameEmail ? `same e-mail ${m.email}` : '', m.samePhone ? `same phone ${m.phone}` : ''].filter(Boolean).join(', ')})
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <FormMessage text={actionData?.message} />
        )}
      </div>
      <Form method="post" className="mt-4 space-y-6" key={actionData?.ok ? actionData.customerId : 'form'}>
        <fieldset className="space-y-4">
          <legend className="text-lg font-bold text-navy-900">Customer</legend>
          <CustomerFields values={values} errors={errors} />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-lg font-bold text-navy-900">Texts and updates</legend>
          <TextSettingsFields values={values} errors={errors} disclosure={loaderData.disclosure} who="staff" />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-lg font-bold text-navy-900">Vehicle (optional)</legend>
          <VehicleFields values={values} errors={errors} required={false} />
        </fieldset>
        {actionData?.matches.length ? (
          <label className="flex items-center gap-2 font-semibold text-slate-800">
            <input type="checkbox" name="confirmNew" value="1" /> This is a different customer: add them anyway
          </label>
        ) : null}
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? 'Adding Customer...' : 'Add Customer'}
        </button>
      </Form>
    </div>
  );
}
