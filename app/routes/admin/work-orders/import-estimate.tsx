import { Form, Link, redirect, useNavigation } from 'react-router';
import { AdminLoadError } from '~/components/admin/load-error';
import { buttonClass } from '~/components/admin/ui';
import { FormMessage, TextField } from '~/components/ui/field';
import { pageMeta } from '~/lib/meta';
import { isSingleLine } from '~/lib/schemas/text';
import { requireStaff } from '~/server/auth/permissions.server';
import { intentFailure, readAdminForm } from '~/server/documents/admin-form.server';
import { MAX_BMS_BYTES } from '~/lib/schemas/estimate';
import { importBmsAsNewWorkOrder } from '~/server/estimates/import-bms.server';
import { DomainError } from '~/server/errors.server';
import { suggestWorkOrderNumber } from '~/server/work-orders/create-work-order.server';
import type { Route } from './+types/import-estimate';

/**
 * Import an estimate file as a new work order (issue 14): a CIECA BMS XML export from CCC ONE, Mitchell or Audatex
 * creates (or finds) the customer and vehicle and a new work order with the estimate, claim and totals. Staff only.
 */
export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Import an estimate', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, 'money');
  return { suggestedNumber: await suggestWorkOrderNumber() };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, 'money');
  const form = await readAdminForm(request, { maxFileSize: MAX_BMS_BYTES, maxFiles: 1 });
  const intent = 'import';
  if (form.uploadError) return intentFailure(intent, form.uploadError.message, form.uploadError.status);
  const number = String(form.fields.get('workOrderNumber') ?? '').trim();
  if (!number || number.length > 40 || !isSingleLine(number)) {
    return intentFailure(intent, 'Please correct the highlighted fields.', 400, { workOrderNumber: 'Work order number is required (one line, at most 40 characters).' });
  }
  const file = form.files.find((f) => f.fieldName === 'bmsFile');
  try {
    const result = await importBmsAsNewWorkOrder(user, file ? { fileName: file.fileName, bytes: file.bytes } : null, number);
    return redirect(`/admin/work-orders/${result.workOrderId}/estimate`);
  } catch (error) {
    if (error instanceof DomainError) return intentFailure(intent, error.message, error.status, error.field ? { [error.field]: error.message } : {});
    throw error;
  }
}

export default function ImportEstimate({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <div className="max-w-2xl">
      <p>
        <Link to="/admin/work-orders" className="font-semibold text-brand-700 underline">
          Back to work orders
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-navy-900">Import an estimate</h1>
      <p className="mt-1 text-slate-700">
        Upload the CIECA BMS XML file exported from CCC ONE, Mitchell or Audatex (at most 5 MB). The customer and vehicle are found or created from the file, and a new
        work order gets the estimate lines, the insurance claim and the file's totals beside ours. To add an estimate to an existing work order, use Import on its
        estimate page.
      </p>
      <Form method="post" encType="multipart/form-data" className="mt-4 space-y-4">
        <TextField label="New work order number" name="workOrderNumber" required defaultValue={loaderData.suggestedNumber} error={actionData?.fieldErrors.workOrderNumber} />
        <TextField label="BMS file" name="bmsFile" type="file" accept=".xml,.bms,text/xml,application/xml" required error={actionData?.fieldErrors.bmsFile} />
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? 'Importing...' : 'Import estimate'}
        </button>
        {actionData && !actionData.ok ? <FormMessage text={actionData.message} tone="error" /> : null}
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError what="the import page" />;
}
