import { AdminLoadError } from '~/components/admin/load-error';
import { Link } from 'react-router';
import { HorizontalBarChart, ColumnChart } from '~/components/admin/charts';
import { StatCard } from '~/components/admin/ui';
import { pageMeta } from '~/lib/meta';
import { can, requireStaff } from '~/server/auth/permissions.server';
import { getDashboard } from '~/server/dashboard/get-dashboard.server';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Dashboard', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  // Every role opens the dashboard and sees what its role allows (issue 17 §2): the rest is not sent.
  const user = await requireStaff(request, 'board.view');
  const dashboard = await getDashboard();
  const customerCards = new Set(['Total Customers', 'Vehicles Added Today']);
  return {
    ...dashboard,
    cards: can(user, 'customers') ? dashboard.cards : dashboard.cards.filter((c) => !customerCards.has(c.label)),
    unreadTextConversations: can(user, 'messages') ? dashboard.unreadTextConversations : null,
    unreadContactMessages: can(user, 'messages') ? dashboard.unreadContactMessages : null,
    unreadAppointments: can(user, 'appointments') ? dashboard.unreadAppointments : null,
    quickActions: QUICK_ACTIONS.filter((a) => a.permissions.some((p) => can(user, p))).map(({ to, label }) => ({ to, label })),
  };
}

const QUICK_ACTIONS = [
  { to: '/admin/customers/add', label: 'Add Customer', permissions: ['customers'] },
  { to: '/admin/work-orders', label: 'Work Orders', permissions: ['work_orders.all', 'work_orders.assigned'] },
  { to: '/admin/inventory', label: 'Inventory', permissions: ['inventory'] },
  { to: '/admin/photos', label: 'Upload Photos', permissions: ['customers'] },
  { to: '/admin/customers', label: 'All Customers', permissions: ['customers'] },
] as const;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { cards, openByStatus, completedPerDay, unreadTextConversations, unreadAppointments, unreadContactMessages, quickActions } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold text-navy-900">Admin Dashboard</h1>
      <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((c) => (
          <StatCard key={c.label} label={c.label} value={c.value} />
        ))}
      </div>
      <p className="mt-6 flex flex-wrap gap-3">
        {unreadAppointments === null ? null : (
          <UnreadLink to="/admin/appointments" count={unreadAppointments} none="No new bookings" one="new booking" many="new bookings" />
        )}
        {unreadContactMessages === null ? null : (
          <UnreadLink
            to="/admin/messages#contact-messages"
            count={unreadContactMessages}
            none="No unread contact messages"
            one="unread contact message"
            many="unread contact messages"
          />
        )}
        {unreadTextConversations === null ? null : (
        <Link
          to="/admin/messages"
          className={`inline-block rounded border-2 px-4 py-2 font-semibold ${unreadTextConversations ? 'border-brand-600 bg-brand-50 text-navy-900' : 'border-slate-300 bg-white text-slate-800'} hover:bg-slate-100`}
        >
          {unreadTextConversations === 0
            ? 'No unread texts'
            : `${unreadTextConversations} unread text ${unreadTextConversations === 1 ? 'conversation' : 'conversations'}`}
        </Link>
        )}
      </p>
      <section aria-labelledby="quick-actions" className="mt-8">
        <h2 id="quick-actions" className="text-xl font-bold text-navy-900">
          Quick Actions
        </h2>
        <ul className="mt-3 flex flex-wrap gap-3">
          {quickActions.map((a) => (
            <li key={a.to}>
              <Link to={a.to} className="inline-block rounded border-2 border-navy-700 bg-white px-4 py-2 font-semibold text-navy-900 hover:bg-slate-100">
                {a.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <div className="mt-8 grid gap-8 xl:grid-cols-2">
        <section aria-labelledby="open-chart" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="open-chart" className="text-lg font-bold text-navy-900">
            Open work orders by status
          </h2>
          <HorizontalBarChart title="Open work orders by status" bars={openByStatus.map((b) => ({ label: b.status, value: b.count }))} />
        </section>
        <section aria-labelledby="done-chart" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="done-chart" className="text-lg font-bold text-navy-900">
            Completed per day, last 30 days
          </h2>
          <ColumnChart title="Work orders completed per day (month-day)" bars={completedPerDay.map((d) => ({ label: d.day, value: d.count }))} />
        </section>
      </div>
    </div>
  );
}

/** A dashboard link to a page with unread items (issue 16): highlighted while there are any. */
function UnreadLink({ to, count, none, one, many }: { to: string; count: number; none: string; one: string; many: string }) {
  return (
    <Link
      to={to}
      className={`inline-block rounded border-2 px-4 py-2 font-semibold ${count ? 'border-brand-600 bg-brand-50 text-navy-900' : 'border-slate-300 bg-white text-slate-800'} hover:bg-slate-100`}
    >
      {count === 0 ? none : `${count} ${count === 1 ? one : many}`}
    </Link>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError what="dashboard stats" />;
}
