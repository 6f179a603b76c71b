/**
 * `/book/manage/:token` (issue 16 §2): the visitor's own appointment, opened by the token in the confirmation e-mail;
 * with `?booked=1` it is the confirmation page right after booking. Shows the appointment; while it is booked or
 * confirmed and has not begun, the visitor may cancel it or move it to another free time (capacity re-checked).
 * HTML-first (the slot picker's script only), never page-cached, not indexed. A token that opens nothing gets a 404
 * page saying so; no other appointment is ever shown.
 */
import { data, redirect } from 'react-router';
import { SlotPicker } from '~/components/booking/slot-picker';
import { PageHero } from '~/components/site/page-parts';
import { FormMessage } from '~/components/ui/field';
import { telHref } from '~/content/shop';
import { formatAppointmentTime } from '~/lib/format';
import { parseForm } from '~/lib/forms';
import type { RouteHandle } from '~/lib/route-handle';
import { BOOKING_TEXTS, BOOKING_TYPE_LABELS, ManageBookingSchema } from '~/lib/schemas/booking';
import { useRootData } from '~/root';
import {
  cancelBooking,
  getBookingByToken,
  listFreeSlots,
  rescheduleBooking,
  slotPickerData,
  SlotUnavailableError,
} from '~/server/booking/booking.server';
import { getConfig } from '~/server/config.server';
import { DomainError } from '~/server/errors.server';
import { readForm } from '~/server/forms/read-form.server';
import type { Route } from './+types/book-manage';

export const handle: RouteHandle = { hydrate: false, pageCache: false, script: 'book' };

export const meta: Route.MetaFunction = () => [
  { title: 'Your appointment' },
  { name: 'robots', content: 'noindex, nofollow' },
];

const STATUS_TEXT = {
  booked: 'Booked',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  no_show: 'Missed',
  checked_in: 'Checked in',
} as const;

async function pageData(token: string, wantedDay: string | null) {
  let booking;
  try {
    booking = await getBookingByToken(token);
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) return null;
    throw error;
  }
  const timeZone = getConfig().shop.timeZone;
  const picker = booking.changeable ? slotPickerData((await listFreeSlots()).days, timeZone, wantedDay) : null;
  return {
    booking: {
      typeLabel: BOOKING_TYPE_LABELS[booking.type],
      when: formatAppointmentTime(booking.startsAt, timeZone),
      status: STATUS_TEXT[booking.status],
      vehicle: booking.vehicle,
      name: booking.name,
      changeable: booking.changeable,
      cancelled: booking.status === 'cancelled',
    },
    picker,
  };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const day = url.searchParams.get('day');
  const page = await pageData(params.token, day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null);
  if (!page) throw new Response(BOOKING_TEXTS.manageNotFound, { status: 404 });
  const done = url.searchParams.get('done');
  const notice =
    url.searchParams.get('booked') === '1'
      ? BOOKING_TEXTS.booked
      : done === 'cancelled'
        ? BOOKING_TEXTS.cancelled
        : done === 'moved'
          ? BOOKING_TEXTS.rescheduled
          : null;
  return { ...page, notice };
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = parseForm(ManageBookingSchema, form);
  const base = `/book/manage/${params.token}`;
  const again = async (status: number, formError: string, fieldErrors: Record<string, string> = {}) => {
    const page = await pageData(params.token, null);
    if (!page) throw new Response(BOOKING_TEXTS.manageNotFound, { status: 404 });
    return data({ ...page, notice: null, formError, fieldErrors }, { status });
  };
  if (!parsed.success) return again(400, parsed.fieldErrors.slot ?? BOOKING_TEXTS.slotRequired, parsed.fieldErrors);
  try {
    if (parsed.data.intent === 'cancel') {
      await cancelBooking(params.token);
      return redirect(`${base}?done=cancelled`);
    }
    await rescheduleBooking(params.token, parsed.data.slot);
    return redirect(`${base}?done=moved`);
  } catch (error) {
    if (error instanceof SlotUnavailableError) return again(409, error.message, { slot: error.message });
    if (error instanceof DomainError && error.status === 404) throw new Response(BOOKING_TEXTS.manageNotFound, { status: 404 });
    if (error instanceof DomainError) return again(error.status, error.message);
    throw error;
  }
}

export function ErrorBoundary() {
  return (
    <main id="main">
      <PageHero title="Your appointment" lead={BOOKING_TEXTS.manageNotFound} />
    </main>
  );
}

export default function BookManage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { shop } = useRootData();
  const page = actionData ?? loaderData;
  const { booking, picker } = page;
  const formError = actionData && 'formError' in actionData ? actionData.formError : null;
  const fieldErrors: Record<string, string> = actionData && 'fieldErrors' in actionData ? actionData.fieldErrors : {};
  const notice = 'notice' in page ? page.notice : null;
  const action = `/book/manage/${params.token}`;
  return (
    <main id="main">
      <PageHero title="Your appointment" lead={`${booking.typeLabel}, ${booking.when}`} />
      <form id="manage-day-form" method="get" action={action} />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10">
        <div aria-live="polite" className="space-y-2">
          <FormMessage text={notice} tone="success" />
          <FormMessage text={formError} tone="error" />
        </div>
        <section aria-labelledby="appointment-heading" className="rounded-xl bg-slate-100 p-6">
          <h2 id="appointment-heading" className="text-xl font-bold text-navy-900">
            {booking.typeLabel}
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
            <dt className="font-semibold">When</dt>
            <dd>{booking.when}</dd>
            <dt className="font-semibold">Status</dt>
            <dd>{booking.status}</dd>
            <dt className="font-semibold">Name</dt>
            <dd>{booking.name}</dd>
            {booking.vehicle ? (
              <>
                <dt className="font-semibold">Vehicle</dt>
                <dd>{booking.vehicle}</dd>
              </>
            ) : null}
          </dl>
          <p className="mt-4 text-sm text-slate-700">
            Keep this page’s address (it is in your confirmation e-mail) to change or cancel your appointment. Questions? Call{' '}
            <a href={telHref(shop.phone)} className="font-semibold text-brand-700 underline">
              {shop.phone}
            </a>
            .
          </p>
        </section>

        {booking.changeable && picker ? (
          <>
            <section aria-labelledby="move-heading">
              <h2 id="move-heading" className="text-xl font-bold text-navy-900">
                Choose another time
              </h2>
              <form method="post" action={action} className="mt-4 space-y-4">
                <input type="hidden" name="intent" value="reschedule" />
                <SlotPicker data={picker} dayFormId="manage-day-form" error={fieldErrors.slot} phone={shop.phone} />
                <button type="submit" className="inline-flex min-h-11 items-center rounded bg-brand-600 px-6 py-3 font-bold text-white hover:bg-brand-700">
                  Move My Appointment
                </button>
              </form>
            </section>
            <section aria-labelledby="cancel-heading">
              <h2 id="cancel-heading" className="text-xl font-bold text-navy-900">
                Cancel
              </h2>
              <form method="post" action={action} className="mt-4">
                <input type="hidden" name="intent" value="cancel" />
                <button type="submit" className="inline-flex min-h-11 items-center rounded border-2 border-red-700 px-6 py-3 font-bold text-red-800 hover:bg-red-50">
                  Cancel My Appointment
                </button>
              </form>
            </section>
          </>
        ) : booking.cancelled ? (
          <p className="text-slate-800">
            This appointment is cancelled.{' '}
            <a href="/book" className="font-semibold text-brand-700 underline">
              Book a new time
            </a>
            .
          </p>
        ) : null}
      </div>
    </main>
  );
}
