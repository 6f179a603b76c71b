import { Form, Link } from 'react-router';
import { PhotoUploadForm } from '~/components/admin/photo-upload';
import { CustomerSearchField, usePickerChoices } from '~/components/admin/search-box';
import { buttonClass, SelectField } from '~/components/admin/ui';
import type { FormResult } from '~/components/admin/work-order-forms';
import { pageMeta } from '~/lib/meta';
import { requireStaff } from '~/server/auth/permissions.server';
import { getDb } from '~/server/db/client.server';
import { intentFailure, readAdminForm } from '~/server/documents/admin-form.server';
import { PHOTO_MAX_BYTES, PHOTO_MAX_FILES } from '~/server/documents/upload-documents.server';
import { isUuid } from '~/server/errors.server';
import { listCustomerWorkOrderOptions } from '~/server/work-orders/get-work-order.server';
import { findCustomerChoices } from '~/server/search/search.server';
import { handleWorkOrderIntent } from '~/server/work-orders/work-order-intents.server';
import type { Route } from './+types/photos';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Repair Photos', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, 'customers');
  const url = new URL(request.url);
  const customerId = url.searchParams.get('customerId') ?? '';
  const workOrderId = url.searchParams.get('workOrderId') ?? '';
  // The picker lists the customers matching customerQuery (issue 17 §5), or the newest; the chosen one stays listed.
  const customerQuery = (url.searchParams.get('customerQuery') ?? '').slice(0, 500);
  const [picker, workOrders] = await Promise.all([
    findCustomerChoices(getDb(), user, customerQuery, { includeId: isUuid(customerId) ? customerId : null }),
    isUuid(customerId) ? listCustomerWorkOrderOptions(customerId) : Promise.resolve([]),
  ]);
  const selected = workOrders.find((w) => w.id === workOrderId) ?? null;
  return { customers: picker.customers, pickerMessage: picker.message, customerQuery, workOrders, customerId, selected };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, 'customers');
  const form = await readAdminForm(request, { maxFileSize: PHOTO_MAX_BYTES, maxFiles: PHOTO_MAX_FILES });
  if (!form.uploadError && form.fields.get('intent') !== 'upload-photos') {
    return intentFailure('upload-photos', 'Upload failed: unknown action.', 400);
  }
  form.fields.set('intent', 'upload-photos');
  return (await handleWorkOrderIntent(user, form))!;
}

export default function Photos({ loaderData, actionData }: Route.ComponentProps) {
  const { customers, pickerMessage, customerQuery, workOrders, customerId, selected } = loaderData;
  // Results as you type replace the loaded list until the page loads again.
  const { options, live, setResults } = usePickerChoices(customers);
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold text-navy-900">Upload Repair Photos</h1>
      <Form method="get" className="mt-4 space-y-3">
        <CustomerSearchField id="photos-customer-query" defaultValue={customerQuery} serverMessage={pickerMessage} onResults={setResults} />
        <SelectField label="1. Customer" name="customerId" defaultValue={customerId} key={customerId}>
          <option value="">{customerQuery || live ? 'Select a matching customer' : 'Select a customer (newest first; search to find others)'}</option>
          {options.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.email ?? 'no email'})
            </option>
          ))}
        </SelectField>
        <button type="submit" className={buttonClass}>
          Show Work Orders
        </button>
      </Form>
      {customerId ? (
        <Form method="get" className="mt-6 space-y-3">
          <input type="hidden" name="customerId" value={customerId} />
          {workOrders.length === 0 ? (
            <p className="text-slate-700">This customer has no work orders yet.</p>
          ) : (
            <>
              <SelectField label="2. Work order" name="workOrderId" defaultValue={selected?.id ?? ''} key={selected?.id ?? 'none'}>
                <option value="">Select a work order</option>
                {workOrders.map((w) => (
                  <option key={w.id} value={w.id}>
                    WO #{w.workOrderNumber}: {w.year} {w.make} {w.model}
                  </option>
                ))}
              </SelectField>
              <button type="submit" className={buttonClass}>
                Choose Work Order
              </button>
            </>
          )}
        </Form>
      ) : null}
      {selected ? (
        <section aria-labelledby="upload-h" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="upload-h" className="text-lg font-bold text-navy-900">
            3. Photos for WO #{selected.workOrderNumber}
          </h2>
          <PhotoUploadForm workOrderId={selected.id} result={actionData as FormResult | undefined} />
          <p className="mt-3 text-sm">
            <Link to={`/admin/work-orders/details/${selected.id}`} className="font-semibold text-brand-700 underline">
              Open the work order
            </Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}
