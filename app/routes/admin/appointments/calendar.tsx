/**
 * `/admin/appointments` (issue 16 §3): the appointments of a day or a week in the shop's time zone, with
 * previous / next / today navigation and a date field (plain links and a GET form: works without JavaScript), the
 * new (unopened) bookings on top, and the confirm / cancel / no-show buttons on each appointment.
 */
import { data, Form, Link, useNavigation } from 'react-router';
import { AppointmentCard, AppointmentStatusButtons } from '~/components/admin/appointment-card';
import { AdminLoadError } from '~/components/admin/load-error';
import { secondaryButtonClass } from '~/components/admin/ui';
import { FormMessage } from '~/components/ui/field';
import { formatCalendarDayLong } from '~/lib/format';
import { parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import { AppointmentActionSchema, AppointmentCalendarQuerySchema } from '~/lib/schemas/appointment';
import { APPOINTMENT_STATUS_LABELS } from '~/lib/appointments';
import { calendarRange, listAppointments, listNewAppointments } from '~/server/appointments/list-appointments.server';
import { changeAppointmentStatus } from '~/server/appointments/manage-appointments.server';
import { requireStaff } from '~/server/auth/permissions.server';
import { getConfig } from '~/server/config.server';
import { DomainError } from '~/server/errors.server';
import { readForm } from '~/server/forms/read-form.server';
import type { Route } from './+types/calendar';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Appointments', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, 'appointments');
  const url = new URL(request.url);
  const query = AppointmentCalendarQuerySchema.parse(Object.fromEntries(url.searchParams));
  const timeZone = getConfig().shop.timeZone;
  const range = calendarRange(query.view, query.date, timeZone);
  const [appointments, newBookings] = await Promise.all([listAppointments(range, timeZone), listNewAppointments(timeZone)]);
  return { range, appointments, newBookings, timeZone };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireStaff(request, 'appointments');
  const form = await readForm(request);
  const parsed = parseForm(AppointmentActionSchema, form);
  if (!parsed.success) return data({ message: 'Error: unknown action.', ok: false }, { status: 400 });
  try {
    const status = await changeAppointmentStatus(admin, String(form.get('appointmentId') ?? ''), parsed.data.intent);
    return { message: `Appointment ${APPOINTMENT_STATUS_LABELS[status].toLowerCase()}.`, ok: true };
  } catch (error) {
    if (error instanceof DomainError) return data({ message: `Error: ${error.message}`, ok: false }, { status: error.status });
    throw error;
  }
}

const linkClass = `${secondaryButtonClass} py-1 text-sm`;

export default function AppointmentsCalendar({ loaderData, actionData }: Route.ComponentProps) {
  const { range, appointments, newBookings, timeZone } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const at = (date: string, view = range.view) => `/admin/appointments?view=${view}&date=${date}`;
  const title =
    range.view === 'day'
      ? formatCalendarDayLong(range.date)
      : `Week of ${formatCalendarDayLong(range.days[0]!)}`;
  return (
    <div>
      <h1 className="text-2xl font-bold text-navy-900">Appointments</h1>
      <nav aria-label="Calendar" className="mt-4 flex flex-wrap items-end gap-2">
        <Link to={at(range.prev)} className={linkClass}>
          {range.view === 'day' ? 'Previous day' : 'Previous week'}
        </Link>
        <Link to={at(range.today)} className={linkClass}>
          Today
        </Link>
        <Link to={at(range.next)} className={linkClass}>
          {range.view === 'day' ? 'Next day' : 'Next week'}
        </Link>
        <span className="mx-2 flex gap-2">
          <Link to={at(range.date, 'day')} aria-current={range.view === 'day' ? 'page' : undefined} className={`${linkClass} aria-[current=page]:border-navy-900 aria-[current=page]:bg-navy-900 aria-[current=page]:text-white`}>
            Day
          </Link>
          <Link to={at(range.date, 'week')} aria-current={range.view === 'week' ? 'page' : undefined} className={`${linkClass} aria-[current=page]:border-navy-900 aria-[current=page]:bg-navy-900 aria-[current=page]:text-white`}>
            Week
          </Link>
        </span>
        <Form method="get" className="flex items-end gap-2">
          <input type="hidden" name="view" value={range.view} />
          <label className="text-sm font-semibold text-slate-800">
            Go to date
            <input type="date" name="date" defaultValue={range.date} className="mt-1 block rounded border border-slate-400 px-2 py-1" />
          </label>
          <button type="submit" className={linkClass}>
            Show
          </button>
        </Form>
      </nav>
      <div className="mt-4">
        <FormMessage text={actionData?.message} tone={actionData ? (actionData.ok ? 'success' : 'error') : undefined} />
      </div>

      {newBookings.length ? (
        <section aria-labelledby="new-bookings" className="mt-6">
          <h2 id="new-bookings" className="text-xl font-bold text-navy-900">
            New bookings ({newBookings.length})
          </h2>
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-brand-600 bg-white">
            {newBookings.map((b) => (
              <li key={b.id} className="px-4 py-2">
                <Link to={`/admin/appointments/${b.id}`} className="font-semibold text-brand-700 underline">
                  {b.name}
                </Link>{' '}
                <span className="text-slate-700">
                  · {formatCalendarDayLong(b.day)} {b.time}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <h2 className="mt-6 text-xl font-bold text-navy-900">{title}</h2>
      <p className="text-sm text-slate-600">Times in {timeZone}.</p>
      <div className={`mt-3 grid gap-4 ${range.view === 'week' ? 'md:grid-cols-2 xl:grid-cols-4' : ''}`}>
        {range.days.map((day) => {
          const items = appointments.filter((a) => a.day === day);
          return (
            <section key={day} aria-labelledby={`day-${day}`} className={`rounded-lg border p-3 ${day === range.today ? 'border-navy-700 bg-brand-50' : 'border-slate-200 bg-slate-50'}`}>
              <h3 id={`day-${day}`} className="font-bold text-navy-900">
                {range.view === 'week' ? (
                  <Link to={at(day, 'day')} className="hover:underline">
                    {formatCalendarDayLong(day)}
                  </Link>
                ) : (
                  formatCalendarDayLong(day)
                )}
              </h3>
              {items.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">No appointments.</p>
              ) : (
                <ul className="mt-2 space-y-3">
                  {items.map((a) => (
                    <li key={a.id}>
                      <AppointmentCard appointment={a} timeZone={timeZone} headingLevel={3} actions={<AppointmentStatusButtons appointment={a} busy={busy} />} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError what="appointments" />;
}
