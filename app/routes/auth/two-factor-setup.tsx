import { data, Link } from 'react-router';
import { TwoFactorSettings } from '~/components/two-factor-settings';
import { pageMeta } from '~/lib/meta';
import { getConfig } from '~/server/config.server';
import { requireUser } from '~/server/auth/session.server';
import { cookieHeaders } from '~/server/auth/sign-in.server';
import { handleTwoFactorForm } from '~/server/auth/two-factor-form.server';
import type { Route } from './+types/two-factor-setup';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Two-Factor Authentication', noindex: true });

/** Two-factor settings for any signed-in account; where REQUIRE_ADMIN_2FA sends staff without it. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return {
    enabled: user.twoFactorEnabled,
    required: user.isAdmin && getConfig().requireAdmin2fa,
    home: user.isAdmin ? '/admin' : '/portal',
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireUser(request);
  const { body, status, cookies } = await handleTwoFactorForm(request);
  return data(body, { status, headers: cookieHeaders(cookies) });
}

export default function TwoFactorSetup({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-navy-900">Two-Factor Authentication</h1>
      <div className="mt-6">
        <TwoFactorSettings enabled={loaderData.enabled} required={loaderData.required} actionData={actionData} />
      </div>
      <p className="mt-8">
        <Link to={loaderData.home} className="font-semibold text-brand-700 underline">
          {loaderData.home === '/admin' ? 'Go to the back office' : 'Go to my portal'}
        </Link>
      </p>
    </main>
  );
}
