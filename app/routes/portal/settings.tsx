import { data } from 'react-router';
import { TwoFactorSettings } from '~/components/two-factor-settings';
import { pageMeta } from '~/lib/meta';
import { requireCustomer } from '~/server/auth/session.server';
import { cookieHeaders } from '~/server/auth/sign-in.server';
import { handleTwoFactorForm } from '~/server/auth/two-factor-form.server';
import type { Route } from './+types/settings';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Settings', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  return { enabled: user.twoFactorEnabled, email: user.email };
}

export async function action({ request }: Route.ActionArgs) {
  await requireCustomer(request);
  const { body, status, cookies } = await handleTwoFactorForm(request);
  return data(body, { status, headers: cookieHeaders(cookies) });
}

export default function PortalSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold text-navy-900">Settings</h1>
      <p className="text-slate-700">Signed in as {loaderData.email}.</p>
      <TwoFactorSettings enabled={loaderData.enabled} required={false} actionData={actionData} />
    </div>
  );
}
