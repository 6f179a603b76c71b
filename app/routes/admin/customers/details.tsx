import { AdminLoadError } from '~/components/admin/load-error';
import { data, Form, Link, useNavigation, useSearchParams } from 'react-router';
import { CustomerFields, VehicleFields } from '~/components/admin/customer-fields';
import { buttonClass, EmailLink, na, PhoneLink, secondaryButtonClass, TimedMessage, useFormatDate } from '~/components/admin/ui';
import { AddPartForm, DocumentUploadForm, type FormResult } from '~/components/admin/work-order-forms';
import { TextField } from '~/components/ui/field';
import { parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import { NOTIFY_CHANNEL_LABELS } from '~/lib/notify-channels';
import { CreateWorkOrderSchema, CustomerSchema } from '~/lib/schemas/admin';
import { AddVehicleSchema } from '~/lib/schemas/vehicle';
import { requireStaff } from '~/server/auth/permissions.server';
import { addCustomerVehicle, getCustomerDetails, updateCustomer } from '~/server/customers/manage-customers.server';
import { getTextSettings } from '~/server/customers/text-settings.server';
import { intentFailure, intentResult, readAdminForm } from '~/server/documents/admin-form.server';
import { DOCUMENT_MAX_BYTES } from '~/server/documents/upload-documents.server';
import { DomainError, isUuid } from '~/server/errors.server';
import { listPartOptions } from '~/server/inventory/inventory.server';
import { createWorkOrder, suggestWorkOrderNumber } from '~/server/work-orders/create-work-order.server';
import { handleWorkOrderIntent } from '~/server/work-orders/work-order-intents.server';
import type { Route } from './+types/details';

export const PROFILE_UPDATED = 'Customer profile updated successfully!';
export const VEHICLE_ADDED = 'New vehicle added successfully!';
export const WORK_ORDER_CREATED = 'New work order created successfully!';

export const meta: Route.MetaFunction = ({ matches, data: d }) =>
  pageMeta({ matches, title: d && 'customer' in d && d.customer ? d.customer.name : 'Customer Not Found', noindex: true });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, 'customers');
  if (!isUuid(params.customerId)) return data({ notFound: true as const }, 404);
  try {
    const [details, parts, nextNumber, texting] = await Promise.all([
      getCustomerDetails(params.customerId),
      listPartOptions(),
      suggestWorkOrderNumber(),
      getTextSettings(params.customerId),
    ]);
    return { notFound: false as const, ...details, parts, nextNumber, texting };
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') return data({ notFound: true as const }, 404);
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, 'customers');
  if (!isUuid(params.customerId)) throw new Response('Customer not found.', { status: 404 });
  const form = await readAdminForm(request, { maxFileSize: DOCUMENT_MAX_BYTES, maxFiles: 1 });
  const intent = String(form.fields.get('intent') ?? '');
  const customerId = params.customerId;
  if (intent === 'update-profile') {
    const parsed = parseForm(CustomerSchema, form.fields);
    if (!parsed.success) return intentFailure(intent, 'Error updating customer: please check the fields.', 400, parsed.fieldErrors);
    return intentResult(intent, async () => {
      try {
        await updateCustomer(user, customerId, parsed.data);
      } catch (error) {
        if (error instanceof DomainError) throw new DomainError(error.code, `Error updating customer: ${error.message}`);
        throw error;
      }
      return PROFILE_UPDATED;
    });
  }
  if (intent === 'add-vehicle') {
    const parsed = parseForm(AddVehicleSchema, form.fields);
    if (!parsed.success) return intentFailure(intent, 'Error adding new vehicle: please check the fields.', 400, parsed.fieldErrors);
    return intentResult(intent, async () => {
      try {
        await addCustomerVehicle(user, customerId, parsed.data);
      } catch (error) {
        if (error instanceof DomainError) {
          throw new DomainError(error.code, `Error adding new vehicle: ${error.message.replace(/^Error: /, '')}`, error.field);
        }
        throw error;
      }
      return VEHICLE_ADDED;
    });
  }
  if (intent === 'create-work-order') {
    const parsed = parseForm(CreateWorkOrderSchema, form.fields);
    const vehicleId = String(form.fields.get('vehicleId') ?? '');
    if (!parsed.success) {
      return data(
        { intent, ok: false, message: 'Error creating work order: please check the fields.', fieldErrors: parsed.fieldErrors, at: Date.now(), vehicleId },
        400,
      );
    }
    const result = await intentResult(intent, async () => {
      await createWorkOrder(user, customerId, parsed.data);
      return WORK_ORDER_CREATED;
    });
    return data({ ...result.data, vehicleId }, result.init ?? undefined);
  }
  const shared = await handleWorkOrderIntent(user, form);
  if (shared) return shared;
  return intentFailure(intent, 'Error: unknown action.', 400);
}

export default function CustomerDetails({ loaderData, actionData }: Route.ComponentProps) {
  const formatDate = useFormatDate();
  const navigation = useNavigation();
  // "Continue to a new work order" after adding a customer (issue 17 §6) opens that vehicle's form.
  const [searchParams] = useSearchParams();
  const openWorkOrderFor = searchParams.get('newWorkOrder');
  if (loaderData.notFound) {
    return (
      <div>
        <h1 className="text-2xl font-bold text-navy-900">Customer Not Found</h1>
        <p className="mt-2 text-slate-700">The customer you are looking for could not be found.</p>
        <p className="mt-4">
          <Link to="/admin/customers" className="font-semibold text-brand-700 underline">
            Back to the customer list
          </Link>
        </p>
      </div>
    );
  }
  const { customer, vehicles, parts, nextNumber, texting } = loaderData;
  const result = actionData as (FormResult & { vehicleId?: string }) | undefined;
  const resultFor = (intent: string) => (result?.intent === intent ? result : undefined);
  const profile = resultFor('update-profile');
  const vehicleResult = resultFor('add-vehicle');
  const woResult = resultFor('create-work-order');
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const allWorkOrders = vehicles.flatMap((v) => v.workOrders.map((w) => ({ id: w.id, workOrderNumber: w.workOrderNumber })));
  return (
    <div className="max-w-5xl">
      <p>
        <Link to="/admin/customers" className="font-semibold text-brand-700 underline">
          Back to the customer list
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-navy-900">{customer.name}</h1>
      <dl className="mt-3 grid gap-2 sm:grid-cols-3">
        <div>
          <dt className="text-sm font-semibold text-slate-700">Email</dt>
          <dd>
            <EmailLink email={customer.email} />
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-700">Phone</dt>
          <dd>
            <PhoneLink phone={customer.phone} />
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-700">Address</dt>
          <dd>{na(customer.address)}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-700">Mobile (texts)</dt>
          <dd>
            {texting.mobile ? `${texting.mobile} · ${texting.smsConsent ? 'agreed to texts' : 'no consent to texts'}` : 'N/A'}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-700">Repair updates by</dt>
          <dd>{NOTIFY_CHANNEL_LABELS[texting.notifyChannel]}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-700">Texts</dt>
          <dd>
            <Link to={`/admin/messages/texts/${customer.id}`} className="text-brand-700 underline">
              Text conversation
            </Link>{' '}
            ·{' '}
            <Link to={`/admin/customers/edit/${customer.id}`} className="text-brand-700 underline">
              Change mobile or consent
            </Link>
          </dd>
        </div>
      </dl>

      <section aria-labelledby="profile-h" className="mt-8 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="profile-h" className="text-xl font-bold text-navy-900">
          Update Customer Profile
        </h2>
        <Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="update-profile" />
          <CustomerFields values={customer} errors={profile?.fieldErrors ?? {}} />
          <button type="submit" className={buttonClass} disabled={busy('update-profile')}>
            {busy('update-profile') ? 'Updating...' : 'Update Profile'}
          </button>
          <TimedMessage text={profile?.message} token={profile} />
        </Form>
      </section>

      <section aria-labelledby="add-vehicle-h" className="mt-8 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="add-vehicle-h" className="text-xl font-bold text-navy-900">
          Add Vehicle
        </h2>
        <Form method="post" className="mt-3 space-y-3" key={vehicleResult?.ok ? `v-${vehicleResult.at}` : 'v'}>
          <input type="hidden" name="intent" value="add-vehicle" />
          <VehicleFields values={{}} errors={vehicleResult?.fieldErrors ?? {}} required />
          <button type="submit" className={buttonClass} disabled={busy('add-vehicle')}>
            {busy('add-vehicle') ? 'Adding Vehicle...' : 'Add Vehicle'}
          </button>
          <TimedMessage text={vehicleResult?.message} token={vehicleResult} />
        </Form>
      </section>

      <section aria-labelledby="vehicles-h" className="mt-8">
        <h2 id="vehicles-h" className="text-xl font-bold text-navy-900">
          Vehicles
        </h2>
        {vehicles.length === 0 ? (
          <p className="mt-2 text-slate-700">No vehicles registered for this customer yet.</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {vehicles.map((v) => {
              const mine = woResult && woResult.vehicleId === v.id ? woResult : undefined;
              return (
                <li key={v.id} id={`vehicle-${v.id}`} className="rounded-lg border border-slate-200 bg-white p-4">
                  <h3 className="text-lg font-bold text-navy-900">
                    {v.year} {v.make} {v.model}
                  </h3>
                  <p className="text-sm text-slate-700">
                    VIN: {v.vin} · Plate: {na(v.licensePlate)}
                  </p>
                  {v.alsoOnFileFor.length > 0 ? (
                    <p className="mt-1 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
                      This VIN is also on file for{' '}
                      {v.alsoOnFileFor.map((other, i) => (
                        <span key={other.customerId}>
                          {i > 0 ? ', ' : ''}
                          <Link to={`/admin/customers/${other.customerId}`} className="font-semibold underline">
                            {other.name}
                          </Link>
                        </span>
                      ))}
                      . The car may have changed hands or a VIN may be mistyped: check before starting work.
                    </p>
                  ) : null}
                  <details className="mt-3" open={mine ? !mine.ok : openWorkOrderFor === v.id || undefined}>
                    <summary className="cursor-pointer font-semibold text-brand-700">Create New Work Order</summary>
                    <Form method="post" className="mt-3 space-y-3" key={mine?.ok ? `wo-${mine.at}` : 'wo'}>
                      <input type="hidden" name="intent" value="create-work-order" />
                      <input type="hidden" name="vehicleId" value={v.id} />
                      <div className="grid gap-3 sm:grid-cols-2">
                        <TextField
                          label="Work order number"
                          name="workOrderNumber"
                          required
                          defaultValue={nextNumber}
                          error={mine?.fieldErrors.workOrderNumber}
                        />
                        <TextField label="Description" name="description" error={mine?.fieldErrors.description} />
                      </div>
                      <div className="flex gap-3">
                        <button type="submit" className={buttonClass} disabled={busy('create-work-order')}>
                          Create Work Order
                        </button>
                        <button
                          type="button"
                          className={secondaryButtonClass}
                          onClick={(e) => e.currentTarget.closest('details')?.removeAttribute('open')}
                        >
                          Cancel
                        </button>
                      </div>
                    </Form>
                  </details>
                  {mine ? <TimedMessage text={mine.message} token={mine} /> : null}
                  <h4 className="mt-4 font-semibold text-navy-900">Work orders</h4>
                  {v.workOrders.length === 0 ? (
                    <p className="text-slate-700">No work orders yet for this vehicle.</p>
                  ) : (
                    <ul className="mt-2 divide-y divide-slate-200">
                      {v.workOrders.map((w) => (
                        <li key={w.id} className="py-2">
                          <Link to={`/admin/work-orders/details/${w.id}`} className="font-semibold text-brand-700 underline">
                            WO #{w.workOrderNumber}
                          </Link>{' '}
                          · {w.currentStatus} · {na(w.description)} · {formatDate(w.createdAt)}
                          {w.parts.length ? (
                            <p className="text-sm text-slate-700">
                              Parts: {w.parts.map((p) => `${p.quantityUsed} x ${p.description}`).join(', ')}
                            </p>
                          ) : null}
                          {w.documents.length ? (
                            <p className="text-sm text-slate-700">
                              Documents:{' '}
                              {w.documents.map((d, i) => (
                                <span key={d.id}>
                                  {i ? ', ' : ''}
                                  <a href={`/files/documents/${d.id}`} className="text-brand-700 underline">
                                    {d.fileName}
                                  </a>
                                </span>
                              ))}
                            </p>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {allWorkOrders.length ? (
        <details className="mt-8 rounded-lg border border-slate-200 bg-white p-4" open={result?.intent === 'add-part' || result?.intent === 'upload-document' ? true : undefined}>
          <summary className="cursor-pointer text-xl font-bold text-navy-900">Manage WO Details</summary>
          <div className="mt-4 space-y-8">
            <section aria-labelledby="parts-h">
              <h2 id="parts-h" className="text-lg font-bold text-navy-900">
                Add Part to Work Order
              </h2>
              <AddPartForm parts={parts} workOrders={allWorkOrders} result={result} />
            </section>
            <section aria-labelledby="docs-h">
              <h2 id="docs-h" className="text-lg font-bold text-navy-900">
                Upload Customer Document
              </h2>
              <DocumentUploadForm workOrders={allWorkOrders} result={result} />
            </section>
          </div>
        </details>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError what="customer details" back={{ to: '/admin/customers', label: 'Back to the customer list' }} />;
}
