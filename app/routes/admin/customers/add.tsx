import { data, Form, Link, useNavigation } from 'react-router';
import { CustomerFields, VehicleFields } from '~/components/admin/customer-fields';
import { TextSettingsFields } from '~/components/text-settings-fields';
import { buttonClass, TimedMessage } from '~/components/admin/ui';
import { FormMessage } from '~/components/ui/field';
import { formValues, parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import { AddCustomerSchema } from '~/lib/schemas/admin';
import { textSettingsSchema } from '~/lib/schemas/sms';
import { requireAdmin } from '~/server/auth/session.server';
import { addCustomerWithVehicle } from '~/server/customers/manage-customers.server';
import { resolveTextSettings } from '~/server/customers/text-settings.server';
import { smsDisclosureText } from '~/server/sms/consent.server';
import { DomainError } from '~/server/errors.server';
import { readForm } from '~/server/forms/read-form.server';
import type { Route } from './+types/add';

export const CUSTOMER_ADDED = 'Customer and vehicle added successfully.';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Add Customer', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { disclosure: smsDisclosureText() };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const formData = await readForm(request);
  const parsed = parseForm(AddCustomerSchema, formData);
  const texting = parseForm(textSettingsSchema('staff'), formData);
  if (!parsed.success || !texting.success) {
    const fieldErrors = { ...(parsed.success ? {} : parsed.fieldErrors), ...(texting.success ? {} : texting.fieldErrors) };
    return data({ ok: false as const, fieldErrors, values: formValues(formData), message: null, customerId: null }, 400);
  }
  try {
    const { customerId } = await addCustomerWithVehicle(user, parsed.data, resolveTextSettings(texting.data));
    return { ok: true as const, fieldErrors: {}, values: {}, message: CUSTOMER_ADDED, customerId };
  } catch (error) {
    if (error instanceof DomainError) {
      const message = error.message.startsWith('Error') ? error.message : `Error: ${error.message}`;
      const fieldErrors: Record<string, string> = error.field ? { [error.field]: error.message } : {};
      return data({ ok: false as const, fieldErrors, values: formValues(formData), message, customerId: null }, error.status);
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
            <p>
              <Link to={`/admin/customers/${actionData.customerId}`} className="font-semibold text-brand-700 underline">
                Open the new customer
              </Link>
            </p>
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
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? 'Adding Customer...' : 'Add Customer'}
        </button>
      </Form>
    </div>
  );
}
