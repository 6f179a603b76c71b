import { AdminLoadError } from '~/components/admin/load-error';
import { useEffect } from 'react';
import { data, Form, Link, useNavigate, useNavigation } from 'react-router';
import { CustomerFields } from '~/components/admin/customer-fields';
import { buttonClass } from '~/components/admin/ui';
import { FormMessage } from '~/components/ui/field';
import { parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import { CustomerSchema } from '~/lib/schemas/admin';
import { requireAdmin } from '~/server/auth/session.server';
import { getCustomer, updateCustomer } from '~/server/customers/manage-customers.server';
import { DomainError, toErrorResponse } from '~/server/errors.server';
import { readForm } from '~/server/forms/read-form.server';
import type { Route } from './+types/edit';

export const CUSTOMER_UPDATED = 'Customer updated.';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Edit Customer', noindex: true });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { customer: await getCustomer(params.customerId) };
  } catch (error) {
    throw toErrorResponse(error);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const parsed = parseForm(CustomerSchema, await readForm(request));
  if (!parsed.success) return data({ ok: false, fieldErrors: parsed.fieldErrors, values: parsed.values, message: null }, 400);
  try {
    await updateCustomer(user, params.customerId, parsed.data);
    return { ok: true, fieldErrors: {}, values: {}, message: CUSTOMER_UPDATED };
  } catch (error) {
    if (error instanceof DomainError) return data({ ok: false, fieldErrors: {}, values: {}, message: error.message }, error.status);
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
  const values = actionData && !actionData.ok && Object.keys(actionData.values).length ? actionData.values : loaderData.customer;
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
