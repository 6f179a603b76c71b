import { data, Form, redirect, useNavigation } from 'react-router';
import { FormMessage, SubmitButton, TextField } from '~/components/ui/field';
import { parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import { TwoFactorChallengeSchema } from '~/lib/schemas/two-factor';
import { getOptionalUser } from '~/server/auth/session.server';
import { redirectAfterSignIn } from '~/server/auth/sign-in.server';
import { verifyChallenge } from '~/server/auth/two-factor.server';
import { readForm } from '~/server/forms/read-form.server';
import type { Route } from './+types/two-factor-challenge';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Two-Factor Check', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  if (user) throw redirect(user.isAdmin ? '/admin' : '/portal');
  const url = new URL(request.url);
  return { redirectTo: url.searchParams.get('redirectTo') ?? '', backup: url.searchParams.get('method') === 'backup' };
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = parseForm(TwoFactorChallengeSchema, await readForm(request));
  if (!parsed.success) return data({ formError: null, fieldErrors: parsed.fieldErrors }, 400);
  const { code, method, redirectTo } = parsed.data;
  const result = await verifyChallenge(request, code, method);
  if (!result.ok) return data({ formError: result.message, fieldErrors: {} }, 401);
  const session = await getOptionalUser(
    new Request(request.url, { headers: { Cookie: result.cookies.map((c) => c.split(';')[0]).join('; ') } }),
  );
  const outcome = await redirectAfterSignIn({ id: result.userId, email: session?.email ?? '' }, redirectTo, result.cookies);
  if (outcome instanceof Response) return outcome;
  return data({ formError: outcome.roleError, fieldErrors: {} }, 503);
}

export default function TwoFactorChallenge({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const fieldErrors: Record<string, string> = actionData?.fieldErrors ?? {};
  const backup = loaderData.backup;
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-navy-900">Two-Factor Check</h1>
      <p className="mt-3 text-slate-700">
        {backup
          ? 'Enter one of the backup codes you saved when you turned on two-factor. Each code works once.'
          : 'Open your authenticator app and enter the 6-digit code for this account.'}
      </p>
      <div className="mt-6 space-y-4">
        <FormMessage text={actionData?.formError} tone="error" />
        <Form method="post" className="space-y-4">
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <input type="hidden" name="method" value={backup ? 'backup' : 'totp'} />
          <TextField
            label={backup ? 'Backup code' : 'Authentication code'}
            name="code"
            inputMode={backup ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            required
            error={fieldErrors.code}
          />
          <SubmitButton busy={busy}>Verify</SubmitButton>
        </Form>
        <p className="text-center">
          <a
            href={`/login/two-factor?${new URLSearchParams({ redirectTo: loaderData.redirectTo, ...(backup ? {} : { method: 'backup' }) })}`}
            className="font-semibold text-brand-700 underline"
          >
            {backup ? 'Use the code from my app instead' : 'Use a backup code instead'}
          </a>
        </p>
      </div>
    </main>
  );
}
