import { Outlet } from 'react-router';
import { HeaderSearch } from '~/components/admin/search-box';
import { AppShell } from '~/components/app-shell';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { requireAdmin } from '~/server/auth/session.server';
import type { Route } from './+types/layout';

/**
 * Back-office sidebar (admin spec §2 "Admin layout"), plus the pages this product adds: all customers, the contact
 * inbox (DECISIONS 7) and the mail outbox (DECISIONS 13).
 */
export const ADMIN_LINKS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/appointments', label: 'Appointments' },
  { to: '/admin/work-orders', label: 'Work Orders' },
  { to: '/admin/inventory', label: 'Inventory' },
  { to: '/admin/invoices', label: 'Invoices' },
  { to: '/admin/photos', label: 'Photos' },
  { to: '/admin/customers', label: 'Customers' },
  { to: '/admin/messages', label: 'Messages' },
  { to: '/admin/outbox', label: 'Outbox' },
  { to: '/admin/audit', label: 'Audit Log' },
  { to: '/admin/settings', label: 'Settings' },
  { to: '/admin/site', label: 'Site Content' },
  { to: '/account/two-factor', label: 'Two-Factor' },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  return { userLabel: user.name || user.email };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell title="Shop Admin" links={ADMIN_LINKS} userLabel={loaderData.userLabel} header={<HeaderSearch />}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
