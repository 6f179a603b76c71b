import { AdminLoadError } from '~/components/admin/load-error';
import { Form, Link, useNavigation } from 'react-router';
import { PhotoUploadForm } from '~/components/admin/photo-upload';
import {
  buttonClass,
  EmailLink,
  formatCalendarDate,
  money,
  na,
  PhoneLink,
  SelectField,
  tableClass,
  tdClass,
  thClass,
  TimedMessage,
  useFormatDate,
} from '~/components/admin/ui';
import { AddPartForm, DocumentUploadForm, type FormResult } from '~/components/admin/work-order-forms';
import {
  ConfirmPastDate,
  DescriptionEditor,
  FileFixes,
  RemovePartForm,
} from '~/components/admin/work-order-fixes';
import { pageMeta } from '~/lib/meta';
import { WORK_ORDER_STATUSES } from '~/lib/work-order-status';
import { can, forbidden, requireStaff, requireWorkOrderAccess } from '~/server/auth/permissions.server';
import { parseForm } from '~/lib/forms';
import { AssignTechnicianSchema, STAFF_MESSAGES } from '~/lib/schemas/staff';
import { assignTechnician, listActiveTechnicians, technicianName } from '~/server/staff/staff.server';
import { intentFailure, intentResult, readAdminForm } from '~/server/documents/admin-form.server';
import { PHOTO_MAX_BYTES, PHOTO_MAX_FILES } from '~/server/documents/upload-documents.server';
import { isUuid, toErrorResponse } from '~/server/errors.server';
import { listPartOptions } from '~/server/inventory/inventory.server';
import { getWorkOrderDetails } from '~/server/work-orders/get-work-order.server';
import { getEstimateSummary } from '~/server/estimates/get-estimate.server';
import { VERSION_STATE_LABELS } from '~/components/estimates';
import { formatCents } from '~/lib/money';
import { handleWorkOrderIntent } from '~/server/work-orders/work-order-intents.server';
import { statusMessagePreview } from '~/server/notifications/customer-notifications.server';
import { NotifyCustomerField } from '~/components/admin/notify-customer';
import { ClockButton, TimeEntries } from '~/components/admin/clock-button';
import { loadWorkOrderTime } from '~/server/time/time-clock.server';
import type { Route } from './+types/details';

export const meta: Route.MetaFunction = ({ matches, data: d }) =>
  pageMeta({ matches, title: d ? `WO #${d.workOrder.workOrderNumber}` : 'Work order', noindex: true });

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, ['work_orders.all', 'work_orders.assigned']);
  try {
    const details = await getWorkOrderDetails(params.workOrderId);
    // A technician opens only the work orders assigned to them: another one is 404 (issue 17 §2).
    requireWorkOrderAccess(user, details.workOrder);
    const mayMoney = can(user, 'money');
    // Part prices: for those who handle money or the stock (Parts sees them on the inventory page anyway).
    const mayPrices = mayMoney || can(user, 'inventory');
    const mayParts = can(user, 'parts_on_work_orders');
    const mayAll = can(user, 'work_orders.all');
    const mayEdit = can(user, 'work_orders.edit');
    const assignedId = details.workOrder.assignedTechnicianId;
    const [parts, estimate, preview, technicians, assignedTechnicianName, time] = await Promise.all([
      mayParts && mayPrices ? listPartOptions() : Promise.resolve([]),
      mayMoney ? getEstimateSummary(params.workOrderId) : Promise.resolve(null),
      statusMessagePreview(params.workOrderId),
      mayEdit ? listActiveTechnicians() : Promise.resolve([]),
      assignedId ? technicianName(assignedId) : Promise.resolve(null),
      loadWorkOrderTime(user, params.workOrderId),
    ]);
    // What the role may not see is not sent at all (not only hidden): a technician gets no customer phone, e-mail or
    // address, no prices, no quotes or invoices and no message addresses.
    const { customer } = details;
    return {
      ...details,
      customer: can(user, 'customers') ? customer : { ...customer, email: null, phone: null, address: null },
      parts: details.parts.map((p) => (mayPrices ? p : { ...p, unitPriceAtTime: null })),
      documents: mayMoney ? details.documents : [],
      mail: can(user, 'messages') ? details.mail : [],
      partOptions: parts,
      estimate,
      preview,
      technicians,
      assignedTechnicianName,
      time,
      may: {
        all: mayAll,
        edit: mayEdit,
        money: mayMoney,
        prices: mayPrices,
        parts: mayParts,
        photos: can(user, 'photos'),
        customers: can(user, 'customers'),
        messages: can(user, 'messages'),
      },
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    throw toErrorResponse(error);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, ['work_orders.all', 'work_orders.assigned']);
  if (!isUuid(params.workOrderId)) throw new Response('Work order not found.', { status: 404 });
  const form = await readAdminForm(request, { maxFileSize: PHOTO_MAX_BYTES, maxFiles: PHOTO_MAX_FILES });
  // This page acts on its own work order only, whatever the form says.
  form.fields.set('workOrderId', params.workOrderId);
  if (form.fields.get('intent') === 'assign-technician') {
    if (!can(user, 'work_orders.edit')) throw forbidden();
    const parsed = parseForm(AssignTechnicianSchema, form.fields);
    if (!parsed.success)
      return intentFailure('assign-technician', STAFF_MESSAGES.notTechnician, 400, parsed.fieldErrors);
    return intentResult('assign-technician', () =>
      assignTechnician(user, params.workOrderId, parsed.data.technicianId),
    );
  }
  const result = await handleWorkOrderIntent(user, form);
  return result ?? intentFailure(String(form.fields.get('intent') ?? ''), 'Error: unknown action.', 400);
}

const MAIL_STATE_LABEL: Record<string, string> = {
  queued: 'Queued (waiting to send)',
  running: 'Sending',
  done: 'Sent',
  cancelled: 'Not sent',
  failed: 'Delivery failed',
  interrupted: 'Interrupted — may have been sent (see the Outbox)',
  dismissed: 'Dismissed',
};

export default function WorkOrderDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { workOrder, vehicle, customer, parts, documents, photos, history, mail, estimate, may } = loaderData;
  const formatDate = useFormatDate();
  const navigation = useNavigation();
  const result = actionData as FormResult | undefined;
  const resultFor = (intent: string) => (result?.intent === intent ? result : undefined);
  const busy = (intent: string) =>
    navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const statusResult = resultFor('change-status');
  const etaResult = resultFor('set-eta');
  return (
    <div className="max-w-5xl">
      <p>
        <Link to="/admin/work-orders" className="font-semibold text-brand-700 underline">
          Back to work orders
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-navy-900">Work Order #{workOrder.workOrderNumber}</h1>
      {may.all ? (
        <p>
          <Link
            to={`/admin/work-orders/${workOrder.id}/ticket`}
            className="font-semibold text-brand-700 underline"
          >
            Print ticket / status link
          </Link>
        </p>
      ) : null}
      <p className="text-slate-700">{na(workOrder.description)}</p>
      {may.edit ? <DescriptionEditor description={workOrder.description} result={result} /> : null}
      <AssignTechnician
        may={may.edit}
        technicians={loaderData.technicians}
        assignedId={workOrder.assignedTechnicianId}
        assignedName={loaderData.assignedTechnicianName}
        result={resultFor('assign-technician')}
        busy={busy('assign-technician')}
      />
      <FileFixResult result={result} />
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="vehicle-h" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="vehicle-h" className="text-lg font-bold text-navy-900">
            Vehicle
          </h2>
          <p>
            {vehicle.year} {vehicle.make} {vehicle.model} ({na(vehicle.color)})
          </p>
          <p className="text-sm text-slate-700">
            VIN {vehicle.vin} · Plate {na(vehicle.licensePlate)}
          </p>
        </section>
        <section aria-labelledby="customer-h" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="customer-h" className="text-lg font-bold text-navy-900">
            Customer
          </h2>
          {may.customers ? (
            <>
              <p>
                <Link
                  to={`/admin/customers/${customer.id}`}
                  className="font-semibold text-brand-700 underline"
                >
                  {customer.name}
                </Link>
              </p>
              <p className="text-sm text-slate-700">
                <EmailLink email={customer.email} /> · <PhoneLink phone={customer.phone} />
              </p>
            </>
          ) : (
            <p>{customer.name}</p>
          )}
        </section>
      </div>

      <section aria-labelledby="time-h" className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="time-h" className="text-lg font-bold text-navy-900">
          Time
        </h2>
        {loaderData.time.canClock ? (
          <div className="mt-2">
            <ClockButton workOrderId={workOrder.id} workOrderNumber={workOrder.workOrderNumber} openClock={loaderData.time.openClock} result={result} />
          </div>
        ) : null}
        <div className="mt-3">
          <TimeEntries workOrderId={workOrder.id} entries={loaderData.time.entries} touchTenths={loaderData.time.touchTenths} canCorrect={loaderData.time.canCorrect} result={result} />
        </div>
      </section>

      {estimate ? (
        <section
          aria-labelledby="estimate-h"
          className="mt-4 rounded-lg border border-slate-200 bg-white p-4"
        >
          <h2 id="estimate-h" className="text-lg font-bold text-navy-900">
            Estimate
          </h2>
          <p>
            {estimate.latest
              ? `${estimate.latest.title} version ${estimate.latest.versionNumber}: ${VERSION_STATE_LABELS[estimate.latest.state]}`
              : estimate.lineCount
                ? 'Draft: not sent yet'
                : 'No estimate yet'}
            {estimate.lineCount
              ? ` · ${estimate.lineCount} lines · total ${formatCents(estimate.totalCents)}`
              : ''}
            {estimate.lineCount && estimate.insured
              ? ` · insurance pays ${formatCents(estimate.insurancePaysCents)} · customer pays ${formatCents(estimate.customerPaysCents)}`
              : ''}
            {estimate.invoice
              ? ` · invoice ${estimate.invoice.invoiceNumber}: ${estimate.invoice.status === 'Paid' ? 'Paid' : `balance due ${formatCents(estimate.invoice.balanceCents)}`}`
              : ''}
          </p>
          <p className="mt-2">
            <Link
              to={`/admin/work-orders/${workOrder.id}/estimate`}
              className="font-semibold text-brand-700 underline"
            >
              {estimate.lineCount ? 'Open the estimate' : 'Write the estimate'}
            </Link>
          </p>
        </section>
      ) : null}

      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="status-h" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="status-h" className="text-lg font-bold text-navy-900">
            Status
          </h2>
          <Form method="post" className="mt-2 space-y-3">
            <input type="hidden" name="intent" value="change-status" />
            <SelectField
              label="Current status"
              name="status"
              defaultValue={workOrder.currentStatus}
              key={workOrder.currentStatus}
            >
              {WORK_ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </SelectField>
            {loaderData.preview ? (
              <NotifyCustomerField
                preview={loaderData.preview}
                statusSelectName="status"
                initialStatus={workOrder.currentStatus}
              />
            ) : null}
            <button type="submit" className={buttonClass} disabled={busy('change-status')}>
              {busy('change-status') ? 'Updating Status...' : 'Update Status'}
            </button>
            <TimedMessage text={statusResult?.message} token={statusResult} />
          </Form>
        </section>
        {may.edit ? (
          <section aria-labelledby="eta-h" className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="eta-h" className="text-lg font-bold text-navy-900">
              Estimated completion
            </h2>
            <p className="text-sm text-slate-700">
              Currently: {formatCalendarDate(workOrder.estimatedCompletionDate)}
            </p>
            <Form method="post" className="mt-2 space-y-3">
              <input type="hidden" name="intent" value="set-eta" />
              <div>
                <label htmlFor="eta" className="block text-sm font-semibold text-slate-800">
                  Estimated completion date
                </label>
                <input
                  id="eta"
                  type="date"
                  name="estimatedCompletionDate"
                  defaultValue={workOrder.estimatedCompletionDate ?? ''}
                  key={workOrder.estimatedCompletionDate ?? 'none'}
                  className="mt-1 block rounded border border-slate-400 px-3 py-2"
                />
              </div>
              <div className="flex gap-3">
                <button type="submit" className={buttonClass} disabled={busy('set-eta')}>
                  Save Date
                </button>
                <button
                  type="submit"
                  name="clear"
                  value="1"
                  className="font-semibold text-brand-700 underline"
                >
                  Clear Date
                </button>
              </div>
              {etaResult?.fieldErrors.confirmPast ? null : (
                <TimedMessage text={etaResult?.message} token={etaResult} />
              )}
            </Form>
            {etaResult?.fieldErrors.confirmPast ? (
              <div className="mt-2 space-y-2" role="alert">
                <p className="text-sm font-semibold text-red-800">{etaResult.message}</p>
                <ConfirmPastDate date={etaResult.fieldErrors.confirmPast} />
              </div>
            ) : null}
          </section>
        ) : null}
      </div>

      <section aria-labelledby="parts-h" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="parts-h" className="text-lg font-bold text-navy-900">
          Parts used
        </h2>
        {parts.length === 0 ? (
          <p className="mt-2 text-slate-700">No parts used yet.</p>
        ) : (
          <div className="mt-2 overflow-x-auto">
            <table className={tableClass}>
              <thead className="bg-slate-100">
                <tr>
                  <th scope="col" className={thClass}>
                    Part #
                  </th>
                  <th scope="col" className={thClass}>
                    Description
                  </th>
                  <th scope="col" className={thClass}>
                    Quantity
                  </th>
                  {may.prices ? (
                    <th scope="col" className={thClass}>
                      Unit price
                    </th>
                  ) : null}
                  {may.parts ? (
                    <th scope="col" className={thClass}>
                      Fix a mistake
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {parts.map((p) => (
                  <tr key={p.id}>
                    <td className={tdClass}>{p.partNumber}</td>
                    <td className={tdClass}>{p.description}</td>
                    <td className={tdClass}>{p.quantityUsed}</td>
                    {may.prices && p.unitPriceAtTime !== null ? (
                      <td className={tdClass}>{money(p.unitPriceAtTime)}</td>
                    ) : null}
                    {may.parts ? (
                      <td className={tdClass}>
                        <RemovePartForm part={p} />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {resultFor('remove-part') ? (
          <p
            role="status"
            className={
              resultFor('remove-part')!.ok ? 'mt-2 text-green-800' : 'mt-2 font-semibold text-red-800'
            }
          >
            {resultFor('remove-part')!.message}
          </p>
        ) : null}
        {may.parts && may.prices ? (
          <>
            <h3 className="mt-4 font-semibold text-navy-900">Add a part</h3>
            <AddPartForm parts={loaderData.partOptions} workOrderId={workOrder.id} result={result} />
          </>
        ) : null}
      </section>

      {may.money ? (
        <section aria-labelledby="docs-h" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="docs-h" className="text-lg font-bold text-navy-900">
            Documents
          </h2>
          {documents.length === 0 ? (
            <p className="mt-2 text-slate-700">No documents yet.</p>
          ) : (
            <ul className="mt-2 list-disc pl-6">
              {documents.map((d) => (
                <li key={d.id}>
                  <a href={`/files/documents/${d.id}`} className="text-brand-700 underline">
                    {d.fileName}
                  </a>{' '}
                  ({d.documentType === 'quote' ? 'Quote' : 'Paid Invoice'}, {formatDate(d.createdAt)})
                  <FileFixes file={d} accept="application/pdf,image/*" />
                </li>
              ))}
            </ul>
          )}
          <h3 className="mt-4 font-semibold text-navy-900">Upload a document</h3>
          <DocumentUploadForm workOrderId={workOrder.id} result={result} />
        </section>
      ) : null}

      <section aria-labelledby="photos-h" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="photos-h" className="text-lg font-bold text-navy-900">
          Repair photos
        </h2>
        {photos.length === 0 ? (
          <p className="mt-2 text-slate-700">No repair photos yet.</p>
        ) : (
          <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {photos.map((p) => (
              <li key={p.id}>
                <a href={`/files/documents/${p.id}`} className="block text-sm text-brand-700 underline">
                  <img
                    src={`/files/documents/${p.id}?variant=thumb`}
                    alt={p.fileName}
                    loading="lazy"
                    className="aspect-square w-full rounded object-cover"
                  />
                  {p.fileName}
                </a>
                {may.photos ? <FileFixes file={p} accept="image/jpeg,image/png,image/webp" /> : null}
              </li>
            ))}
          </ul>
        )}
        {may.photos ? (
          <div className="mt-4">
            <PhotoUploadForm workOrderId={workOrder.id} result={result} />
          </div>
        ) : null}
      </section>

      <section aria-labelledby="history-h" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="history-h" className="text-lg font-bold text-navy-900">
          Status history
        </h2>
        {history.length === 0 ? (
          <p className="mt-2 text-slate-700">No status changes recorded.</p>
        ) : (
          <ol className="mt-2 space-y-1">
            {history.map((h) => (
              <li key={h.id}>
                {formatDate(h.createdAt, true)}: {h.fromStatus ? `${h.fromStatus} → ` : ''}
                <strong>{h.toStatus}</strong> by {h.by}
              </li>
            ))}
          </ol>
        )}
      </section>

      {may.messages ? (
        <section aria-labelledby="mail-h" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="mail-h" className="text-lg font-bold text-navy-900">
            Customer messages
          </h2>
          {mail.length === 0 ? (
            <p className="mt-2 text-slate-700">No e-mails or texts for this work order.</p>
          ) : (
            <ul className="mt-2 space-y-1">
              {mail.map((m) => (
                <li key={m.id}>
                  {formatDate(m.createdAt, true)}: {m.channel} “{m.summary}” to {m.to}:{' '}
                  <strong>{MAIL_STATE_LABEL[m.state] ?? m.state}</strong>
                  {m.state !== 'done' && m.lastError
                    ? ` (attempts: ${m.attempts}; last error: ${m.lastError})`
                    : ''}
                </li>
              ))}
            </ul>
          )}
          <p className="mt-2 text-sm">
            <Link to="/admin/outbox" className="font-semibold text-brand-700 underline">
              Open the outbox
            </Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}

/** Who works on this work order (issue 17 §2): a select of active technicians for those who see every work order. */
function AssignTechnician({
  may,
  technicians,
  assignedId,
  assignedName,
  result,
  busy,
}: {
  may: boolean;
  technicians: { id: string; name: string }[];
  assignedId: string | null;
  assignedName: string | null;
  result: FormResult | undefined;
  busy: boolean;
}) {
  if (!may) return <p className="mt-2 text-slate-700">Technician: {assignedName ?? 'not assigned'}</p>;
  return (
    <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="assign-technician" />
      <SelectField
        label="Technician"
        name="technicianId"
        defaultValue={assignedId ?? ''}
        key={assignedId ?? 'none'}
      >
        <option value="">Not assigned</option>
        {assignedId && !technicians.some((t) => t.id === assignedId) ? (
          <option value={assignedId}>{assignedName ?? 'Former technician'}</option>
        ) : null}
        {technicians.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </SelectField>
      <button type="submit" className={buttonClass} disabled={busy}>
        {busy ? 'Assigning...' : 'Assign'}
      </button>
      <TimedMessage text={result?.message} token={result} />
    </Form>
  );
}

/** The answer to deleting or replacing a document or photo, shown at the top of the page. */
function FileFixResult({ result }: { result: FormResult | undefined }) {
  if (!result || (result.intent !== 'delete-file' && result.intent !== 'replace-file')) return null;
  return (
    <p role="status" className={result.ok ? 'mt-2 text-green-800' : 'mt-2 font-semibold text-red-800'}>
      {result.message}
    </p>
  );
}

export function ErrorBoundary() {
  return (
    <AdminLoadError what="work orders" back={{ to: '/admin/work-orders', label: 'Back to work orders' }} />
  );
}
