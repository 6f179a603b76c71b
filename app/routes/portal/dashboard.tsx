import { Link, redirect } from 'react-router';
import { telHref } from '~/content/shop';
import { formatCalendarDayLong } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { DASHBOARD_TEXT, stepText, vehicleTitle } from '~/lib/portal-text';
import { statusIndex, WORK_ORDER_STATUSES } from '~/lib/work-order-status';
import { useRootData } from '~/root';
import { requireCustomer } from '~/server/auth/session.server';
import { getDb } from '~/server/db/client.server';
import { listOpenRepairs } from '~/server/portal/repairs.server';
import { resendConfirmationLink } from '~/server/portal/resend-verification.server';
import { readForm } from '~/server/forms/read-form.server';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: 'Dashboard', noindex: true });

const CARDS = [
  {
    to: '/portal/my-vehicles',
    title: 'My Vehicles',
    text: 'See the vehicles registered to your account and their repair history.',
  },
  {
    to: '/portal/repair-updates',
    title: 'Repair Updates',
    text: 'Follow each repair step by step, with the parts used and your documents.',
  },
  {
    to: '/portal/repair-photos',
    title: 'Repair Photos',
    text: 'View the photos our technicians take while they work on your vehicle.',
  },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  return { repairs: await listOpenRepairs(getDb(), user.customerId) };
}

/** The verification notice's "send again" button posts here (intent=resend-verification). */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireCustomer(request);
  const form = await readForm(request);
  if (form.get('intent') !== 'resend-verification') throw new Response('Bad Request', { status: 400 });
  if (user.emailVerified) return redirect('/portal');
  const outcome = await resendConfirmationLink(request, user.email);
  return redirect(
    outcome === 'sent'
      ? '/portal?verification=sent'
      : outcome === 'limited'
        ? '/portal?verification=limited'
        : '/portal',
  );
}

/**
 * The portal's first page (spec: welcome text and three cards; issue 15 §2): it leads with each open repair — vehicle,
 * current step of the eight, estimated completion date and the shop's phone to tap — and refreshes itself when the
 * shop changes one (the portal layout's live updates).
 */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { repairs } = loaderData;
  const { shop } = useRootData();
  return (
    <>
      <h1 className="text-2xl font-bold text-navy-900">Welcome to Your Customer Portal</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Here you can check where your repair stands, see the photos our technicians take and keep your quotes
        and invoices at hand.
      </p>
      <section aria-labelledby="open-repairs-heading" className="mt-6">
        <h2 id="open-repairs-heading" className="text-xl font-bold text-navy-900">
          {DASHBOARD_TEXT.openRepairs}
        </h2>
        {repairs.length === 0 ? (
          <p className="mt-2 text-slate-700">{DASHBOARD_TEXT.noOpenRepairs}</p>
        ) : (
          <ul className="mt-3 grid gap-4 lg:grid-cols-2">
            {repairs.map((repair) => (
              <li key={repair.id} className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
                <h3 className="text-lg font-bold text-navy-900">{vehicleTitle(repair.vehicle)}</h3>
                <p className="text-sm text-slate-700">Work Order {repair.workOrderNumber}</p>
                <p className="mt-2 font-semibold text-slate-900">
                  {stepText(
                    statusIndex(repair.currentStatus) + 1,
                    WORK_ORDER_STATUSES.length,
                    repair.currentStatus,
                  )}
                </p>
                <p className="mt-1 text-slate-800">
                  {DASHBOARD_TEXT.estimatedCompletion}:{' '}
                  {repair.estimatedCompletionDate ? (
                    <strong>{formatCalendarDayLong(repair.estimatedCompletionDate)}</strong>
                  ) : (
                    DASHBOARD_TEXT.etaNotSet
                  )}
                </p>
                <p className="mt-3 flex flex-wrap gap-x-4 gap-y-2">
                  <span>
                    {DASHBOARD_TEXT.questions}{' '}
                    <a href={telHref(shop.phone)} className="font-semibold text-brand-700 underline">
                      Call {shop.phone}
                    </a>
                  </span>
                  <Link to="/portal/repair-updates" className="font-semibold text-brand-700 underline">
                    {DASHBOARD_TEXT.details}
                  </Link>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {CARDS.map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              className="block h-full rounded-lg border border-slate-300 bg-white p-5 shadow-sm hover:border-navy-700 hover:shadow"
            >
              <h2 className="text-lg font-bold text-navy-900">{card.title}</h2>
              <p className="mt-1 text-slate-700">{card.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
