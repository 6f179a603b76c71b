import { Link, redirect } from 'react-router';
import { pageMeta } from '~/lib/meta';
import { requireCustomer } from '~/server/auth/session.server';
import { resendConfirmationLink } from '~/server/portal/resend-verification.server';
import { readForm } from '~/server/forms/read-form.server';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Dashboard', noindex: true });

const CARDS = [
  { to: '/portal/my-vehicles', title: 'My Vehicles', text: 'See the vehicles registered to your account and their repair history.' },
  { to: '/portal/repair-updates', title: 'Repair Updates', text: 'Follow each repair step by step, with the parts used and your documents.' },
  { to: '/portal/repair-photos', title: 'Repair Photos', text: 'View the photos our technicians take while they work on your vehicle.' },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireCustomer(request);
  return null;
}

/** The verification notice's "send again" button posts here (intent=resend-verification). */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireCustomer(request);
  const form = await readForm(request);
  if (form.get('intent') !== 'resend-verification') throw new Response('Bad Request', { status: 400 });
  if (user.emailVerified) return redirect('/portal');
  const outcome = await resendConfirmationLink(request, user.email);
  return redirect(outcome === 'sent' ? '/portal?verification=sent' : outcome === 'limited' ? '/portal?verification=limited' : '/portal');
}

export default function Dashboard() {
  return (
    <>
      <h1 className="text-2xl font-bold text-navy-900">Welcome to Your Customer Portal</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Here you can check where your repair stands, see the photos our technicians take and keep your quotes and
        invoices at hand.
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
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
