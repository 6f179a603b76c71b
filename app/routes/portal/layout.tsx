import { Outlet } from 'react-router';
import { AppShell } from '~/components/app-shell';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LiveUpdates } from '~/components/portal/live-updates';
import { VerifyEmailNotice } from '~/components/portal/verify-email-notice';
import { requireCustomer } from '~/server/auth/session.server';
import type { Route } from './+types/layout';

/** Portal sidebar (spec §2) plus My Documents (DECISIONS 4). */
export const PORTAL_LINKS = [
  { to: '/portal', label: 'Dashboard', end: true },
  { to: '/portal/my-vehicles', label: 'My Vehicles' },
  { to: '/portal/add-vehicle', label: 'Add Vehicle' },
  { to: '/portal/repair-updates', label: 'Repair Updates' },
  { to: '/portal/repair-photos', label: 'Repair Photos' },
  { to: '/portal/my-documents', label: 'My Documents' },
  { to: '/portal/settings', label: 'Settings' },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const url = new URL(request.url);
  return {
    userLabel: user.name || user.email,
    email: user.email,
    emailVerified: user.emailVerified,
    verificationSent: url.searchParams.get('verification') === 'sent',
    verificationLimited: url.searchParams.get('verification') === 'limited',
  };
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell title="Customer Portal" links={PORTAL_LINKS} userLabel={loaderData.userLabel}>
      {loaderData.emailVerified ? null : (
        <VerifyEmailNotice email={loaderData.email} sent={loaderData.verificationSent} limited={loaderData.verificationLimited} />
      )}
      {/* Status, dates, photos and estimates appear without a reload (issue 15 §2; app/routes/portal/events.ts). */}
      <LiveUpdates url="/portal/events" />
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
