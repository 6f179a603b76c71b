import { Outlet } from 'react-router';
import { HeaderSearch } from '~/components/admin/search-box';
import { AppShell } from '~/components/app-shell';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { can, requireStaff, type Permission } from '~/server/auth/permissions.server';
import type { Route } from './+types/layout';

/**
 * Back-office sidebar (admin spec §2 "Admin layout"), plus the pages this product adds: all customers, the contact
 * inbox (DECISIONS 7) and the mail outbox (DECISIONS 13).
 */
export const ADMIN_LINKS: readonly { to: string; label: string; end?: boolean; permission: Permission | readonly Permission[] | null }[] = [
  { to: '/admin', label: 'Dashboard', end: true, permission: 'board.view' },
  { to: '/admin/board', label: 'Board', permission: 'board.view' },
  { to: '/admin/appointments', label: 'Appointments', permission: 'appointments' },
  { to: '/admin/work-orders', label: 'Work Orders', permission: ['work_orders.all', 'work_orders.assigned'] },
  { to: '/admin/inventory', label: 'Inventory', permission: 'inventory' },
  { to: '/admin/invoices', label: 'Invoices', permission: 'vendor_invoices' },
  { to: '/admin/photos', label: 'Photos', permission: 'customers' },
  { to: '/admin/customers', label: 'Customers', permission: 'customers' },
  { to: '/admin/messages', label: 'Messages', permission: 'messages' },
  { to: '/admin/outbox', label: 'Outbox', permission: 'messages' },
  { to: '/admin/reports', label: 'Reports', permission: 'reports' },
  { to: '/admin/staff', label: 'Staff', permission: 'staff' },
  { to: '/admin/audit', label: 'Audit Log', permission: 'audit' },
  { to: '/admin/settings', label: 'Settings', permission: 'settings' },
  { to: '/admin/site', label: 'Site Content', permission: 'settings' },
  { to: '/account/two-factor', label: 'Two-Factor', permission: null },
];

/** The sidebar links `user` may open (issue 17 §2: hiding is a courtesy, each page checks again). */
function linksFor(user: Parameters<typeof can>[0]) {
  return ADMIN_LINKS.filter((l) => {
    if (l.permission === null) return true;
    const wanted: readonly Permission[] = typeof l.permission === 'string' ? [l.permission] : l.permission;
    return wanted.some((p) => can(user, p));
  }).map(({ to, label, end }) => (end ? { to, label, end } : { to, label }));
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, 'board.view');
  return { userLabel: user.name || user.email, links: linksFor(user) };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell title="Shop Admin" links={loaderData.links} userLabel={loaderData.userLabel} header={<HeaderSearch />}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
