/**
 * `/admin/appointments/:appointmentId` (issue 16 §3): one appointment. Opening it marks it read. Staff confirm,
 * cancel or mark it a no-show, or **check in**: the form shows which customer the booking matches (by phone or
 * e-mail) and asks staff to choose when unsure, asks for the vehicle (the VIN is required; prefilled from the
 * booking when it has one) and the work order number (the next free one), then creates or matches the customer,
 * the vehicle and the work order with the damage photos in one step and lands on the work order.
 */
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { AppointmentCard, AppointmentStatusButtons } from '~/components/admin/appointment-card';
import { AdminLoadError } from '~/components/admin/load-error';
import { buttonClass } from '~/components/admin/ui';
import { FormMessage, TextField } from '~/components/ui/field';
import { APPOINTMENT_STATUS_LABELS, CHOOSE_CUSTOMER, canApply } from '~/lib/appointments';
import { formatDateTime } from '~/lib/format';
import { parseForm, type FieldErrors } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import { AppointmentActionSchema, CheckInSchema, VIN_REQUIRED_MESSAGE } from '~/lib/schemas/appointment';
import { checkInAppointment, matchCustomer } from '~/server/appointments/check-in-appointment.server';
import { changeAppointmentStatus, openAppointment } from '~/server/appointments/manage-appointments.server';
import { requireStaff } from '~/server/auth/permissions.server';
import { getConfig } from '~/server/config.server';
import { getDb } from '~/server/db/client.server';
import { DomainError, toErrorResponse } from '~/server/errors.server';
import { readForm } from '~/server/forms/read-form.server';
import { suggestWorkOrderNumber } from '~/server/work-orders/create-work-order.server';
import type { Route } from './+types/details';

export const meta: Route.MetaFunction = ({ matches, data: d }) =>
  pageMeta({ matches, title: d ? `Appointment: ${d.appointment.name}` : 'Appointment', noindex: true });

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireStaff(request, 'appointments');
  let opened;
  try {
    opened = await openAppointment(admin, params.appointmentId);
  } catch (error) {
    throw toErrorResponse(error);
  }
  const { appointment, photos } = opened;
  const checkInOpen = canApply('check-in', appointment.status);
  const [match, workOrderNumber] = checkInOpen ? await Promise.all([matchCustomer(getDb(), appointment), suggestWorkOrderNumber()]) : [null, null];
  return { appointment: { ...appointment, photos }, match, workOrderNumber, checkInOpen, timeZone: getConfig().shop.timeZone };
}

type ActionResult = { message: string; ok: boolean; fieldErrors?: FieldErrors; values?: Record<string, string> };

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireStaff(request, 'appointments');
  const form = await readForm(request);
  const reply = (result: ActionResult, status = 200) => data(result, { status });
  try {
    if (form.get('intent') === 'check-in') {
      const parsed = parseForm(CheckInSchema, form);
      if (!parsed.success) {
        return reply({ message: 'Error: check the fields below; nothing was saved.', ok: false, fieldErrors: parsed.fieldErrors, values: parsed.values }, 400);
      }
      const result = await checkInAppointment(admin, params.appointmentId, parsed.data);
      if (result.status === 'choose') {
        return reply({ message: `Error: ${CHOOSE_CUSTOMER}`, ok: false, fieldErrors: { customerChoice: 'Choose a customer.' }, values: Object.fromEntries([...form].filter((e): e is [string, string] => typeof e[1] === 'string')) }, 409);
      }
      return redirect(`/admin/work-orders/details/${result.workOrderId}`);
    }
    const parsed = parseForm(AppointmentActionSchema, form);
    if (!parsed.success) return reply({ message: 'Error: unknown action.', ok: false }, 400);
    const status = await changeAppointmentStatus(admin, params.appointmentId, parsed.data.intent);
    return reply({ message: `Appointment ${APPOINTMENT_STATUS_LABELS[status].toLowerCase()}.`, ok: true });
  } catch (error) {
    if (error instanceof DomainError) {
      const values = Object.fromEntries([...form].filter((e): e is [string, string] => typeof e[1] === 'string'));
      return reply({ message: `Error: ${error.message}`, ok: false, fieldErrors: error.field ? { [error.field]: error.message } : {}, values }, error.status);
    }
    throw error;
  }
}

export default function AppointmentDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { appointment: a, match, workOrderNumber, checkInOpen, timeZone } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const checkingIn = busy && navigation.formData?.get('intent') === 'check-in';
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? {};
  const candidates = match?.kind === 'ask' ? match.candidates : match?.kind === 'existing' ? [match.customer] : [];
  const preselected = values.customerChoice ?? (match?.kind === 'existing' ? match.customer.id : match?.kind === 'new' ? 'new' : undefined);
  return (
    <div className="max-w-3xl">
      <p>
        <Link to="/admin/appointments" className="text-brand-700 underline">
          Back to appointments
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-navy-900">Appointment: {a.name}</h1>
      <p className="text-sm text-slate-600">
        Booked {formatDateTime(a.createdAt, timeZone)} ({a.source === 'online' ? 'online' : 'by staff'})
        {a.smsConsentAt ? ' · agreed to status texts' : ''}
      </p>
      <div className="mt-4">
        <FormMessage text={actionData?.message} tone={actionData ? (actionData.ok ? 'success' : 'error') : undefined} />
      </div>
      <div className="mt-4">
        <AppointmentCard appointment={a} timeZone={timeZone} headingLevel={2} actions={<AppointmentStatusButtons appointment={a} busy={busy} />} />
      </div>
      {a.status === 'checked_in' && a.checkedInAt ? (
        <p className="mt-4 text-slate-800">Checked in {formatDateTime(a.checkedInAt, timeZone)}.</p>
      ) : null}
      {a.status === 'cancelled' ? <p className="mt-4 text-slate-800">This appointment was cancelled; it cannot be checked in.</p> : null}

      {checkInOpen && match ? (
        <section aria-labelledby="check-in" className="mt-8 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="check-in" className="text-xl font-bold text-navy-900">
            Check in
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Creates (or uses) the customer, the vehicle and a work order, and copies the damage photos into the work order.
          </p>
          <Form method="post" className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="check-in" />
            <fieldset aria-describedby={errors.customerChoice ? 'customer-choice-error' : undefined}>
              <legend className="font-semibold text-slate-800">Customer</legend>
              {match.kind === 'new' ? (
                <p className="text-sm text-slate-700">No customer on file has this phone number or e-mail address.</p>
              ) : match.kind === 'ask' ? (
                <p className="text-sm font-medium text-amber-900">
                  {match.reason === 'name'
                    ? 'A customer on file has this phone number or e-mail address under another name. Choose who this is.'
                    : 'Several customers on file match this phone number or e-mail address. Choose who this is.'}
                </p>
              ) : (
                <p className="text-sm text-slate-700">Matched a customer on file by {match.customer.matchedBy.join(' and ')}.</p>
              )}
              <div className="mt-2 space-y-1">
                {candidates.map((c) => (
                  <label key={c.id} className="flex items-start gap-2">
                    <input type="radio" name="customerChoice" value={c.id} defaultChecked={preselected === c.id} required className="mt-1" />
                    <span>
                      <Link to={`/admin/customers/${c.id}`} className="font-semibold text-brand-700 underline">
                        {c.name}
                      </Link>{' '}
                      <span className="text-sm text-slate-700">
                        {[c.email, c.phone].filter(Boolean).join(' · ')} (same {c.matchedBy.join(' and ')})
                      </span>
                    </span>
                  </label>
                ))}
                <label className="flex items-start gap-2">
                  <input type="radio" name="customerChoice" value="new" defaultChecked={preselected === 'new'} required className="mt-1" />
                  <span>New customer: {a.name}</span>
                </label>
              </div>
              {errors.customerChoice ? (
                <p id="customer-choice-error" className="mt-1 text-sm font-medium text-red-700">
                  {errors.customerChoice}
                </p>
              ) : null}
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField label="Year" name="year" inputMode="numeric" required defaultValue={values.year ?? (a.vehicleYear ? String(a.vehicleYear) : '')} error={errors.year} />
              <TextField label="Make" name="make" required defaultValue={values.make ?? a.vehicleMake ?? ''} error={errors.make} />
              <TextField label="Model" name="model" required defaultValue={values.model ?? a.vehicleModel ?? ''} error={errors.model} />
            </div>
            <TextField
              label="VIN"
              name="vin"
              required
              maxLength={20}
              autoCapitalize="characters"
              defaultValue={values.vin ?? a.vin ?? ''}
              error={errors.vin}
              {...(a.vin ? {} : { hint: `The booking has no VIN. ${VIN_REQUIRED_MESSAGE}` })}
            />
            <TextField label="Work order number" name="workOrderNumber" required defaultValue={values.workOrderNumber ?? workOrderNumber ?? ''} error={errors.workOrderNumber} />
            <button type="submit" className={buttonClass} disabled={busy}>
              {checkingIn ? 'Checking In...' : 'Check in'}
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError what="the appointment" back={{ to: '/admin/appointments', label: 'Back to appointments' }} />;
}
