import { AdminLoadError } from '~/components/admin/load-error';
import { useEffect } from 'react';
import { data, Form, Link, useNavigate, useNavigation } from 'react-router';
import { CustomerFields } from '~/components/admin/customer-fields';
import { CONSENT_SOURCE_LABELS, TextSettingsFields } from '~/components/text-settings-fields';
import { buttonClass } from '~/components/admin/ui';
import { FormMessage } from '~/components/ui/field';
import { formValues, parseForm } from '~/lib/forms';
import { formatDate } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { CustomerSchema } from '~/lib/schemas/admin';
import { textSettingsSchema } from '~/lib/schemas/sms';
import { requireStaff } from '~/server/auth/permissions.server';
import { getConfig } from '~/server/config.server';
import { getCustomer, updateCustomer } from '~/server/customers/manage-customers.server';
import { getTextSettings, resolveTextSettings } from '~/server/customers/text-settings.server';
import { DomainError, toErrorResponse } from '~/server/errors.server';
import { readForm } from '~/server/forms/read-form.server';
import type { Route } from './+types/edit';

export const CUSTOMER_UPDATED = 'Customer updated.';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Edit Customer', noindex: true });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, 'customers');
  try {
    const customer = await getCustomer(params.customerId);
    const texting = await getTextSettings(customer.id);
    return { customer, texting, timeZone: getConfig().shop.timeZone };
  } catch (error) {
    throw toErrorResponse(error);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, 'customers');
  const formData = await readForm(request);
  const parsed = parseForm(CustomerSchema, formData);
  const texting = parseForm(textSettingsSchema('staff'), formData);
  if (!parsed.success || !texting.success) {
    const fieldErrors = { ...(parsed.success ? {} : parsed.fieldErrors), ...(texting.success ? {} : texting.fieldErrors) };
    return data({ ok: false, fieldErrors, values: formValues(formData), message: null }, 400);
  }
  try {
    await updateCustomer(user, params.customerId, parsed.data, resolveTextSettings(texting.data));
    return { ok: true, fieldErrors: {}, values: {}, message: CUSTOMER_UPDATED };
  } catch (error) {
    if (error instanceof DomainError) {
      const fieldErrors: Record<string, string> = error.field ? { [error.field]: error.message } : {};
      return data({ ok: false, fieldErrors, values: error.field ? formValues(formData) : {}, message: error.field ? null : error.message }, error.status);
    }
    throw error;
  }
}

export default function EditCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const navigate = useNavigate();
  const done = actionData?.ok === true;
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/admin/customers'), 1000);
    return () => clearTimeout(timer);
  }, [done, navigate]);
  const { texting } = loaderData;
  const values =
    actionData && !actionData.ok && Object.keys(actionData.values).length
      ? actionData.values
      : { ...loaderData.customer, mobile: texting.mobile, smsConsent: texting.smsConsent, notifyChannel: texting.notifyChannel };
  const consentStatus = texting.consentSince
    ? `${texting.smsConsent ? 'Agreed' : 'Withdrawn'} on ${formatDate(texting.consentSince, loaderData.timeZone)} (${CONSENT_SOURCE_LABELS[texting.consentSource ?? ''] ?? ''}).`
    : null;
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold text-navy-900">Edit Customer</h1>
      <div className="mt-4">
        <FormMessage text={actionData?.message} />
        {done ? (
          <noscript>
            <meta httpEquiv="refresh" content="1;url=/admin/customers" />
          </noscript>
        ) : null}
      </div>
      <Form method="post" className="mt-4 space-y-4">
        <CustomerFields values={values} errors={actionData?.fieldErrors ?? {}} />
        <fieldset className="space-y-4">
          <legend className="text-lg font-bold text-navy-900">Texts and updates</legend>
          <TextSettingsFields values={values} errors={actionData?.fieldErrors ?? {}} disclosure={texting.disclosure} who="staff" status={consentStatus} />
        </fieldset>
        <div className="flex gap-3">
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </button>
          <Link to="/admin/customers" className="self-center font-semibold text-brand-700 underline">
            Back to customers
          </Link>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError what="customer details" back={{ to: '/admin/customers', label: 'Back to the customer list' }} />;
}
