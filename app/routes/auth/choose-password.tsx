/**
 * `/account/password`: where a confirmation link lands (issue 13, app/server/auth/verified-owner.server.ts). An account
 * that can sign in (its password survived because the link was opened in the browser that registered, or it signs in
 * with Google) goes straight on to its portal or back office. One whose registration password was discarded (the link
 * was opened in another browser) chooses a password here; the link has already signed this browser in.
 */
import { data, Form, redirect, useNavigation } from 'react-router';
import { FormMessage, NewPasswordFields, SubmitButton } from '~/components/ui/field';
import { parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import { ADDRESS_CONFIRMED_CHOOSE_PASSWORD, ChoosePasswordSchema } from '~/lib/schemas/password-reset';
import { getAuth } from '~/server/auth/auth.server';
import { requireUser } from '~/server/auth/session.server';
import { hasSignInMethod } from '~/server/auth/verified-owner.server';
import { getDb } from '~/server/db/client.server';
import { readForm } from '~/server/forms/read-form.server';
import { log } from '~/server/logger.server';
import type { Route } from './+types/choose-password';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Choose Your Password', noindex: true });

const home = (user: { isAdmin: boolean }) => (user.isAdmin ? '/admin' : '/portal');

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  if (await hasSignInMethod(getDb(), user.id)) throw redirect(home(user));
  return { email: user.email };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  if (await hasSignInMethod(getDb(), user.id)) throw redirect(home(user));
  const parsed = parseForm(ChoosePasswordSchema, await readForm(request));
  if (!parsed.success) return data({ formError: null, fieldErrors: parsed.fieldErrors }, 400);
  try {
    await getAuth().api.setPassword({ body: { newPassword: parsed.data.password }, headers: request.headers });
  } catch (error) {
    log().warn({ err: (error as Error).message }, 'password not set after confirmation');
    return data({ formError: 'The password could not be saved. Please try again.', fieldErrors: {} as Record<string, string> }, 400);
  }
  return redirect(home(user));
}

export default function ChoosePassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const fieldErrors: Record<string, string> = actionData?.fieldErrors ?? {};
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-navy-900">Choose Your Password</h1>
      <div className="mt-6 space-y-4">
        <p className="text-slate-700">{ADDRESS_CONFIRMED_CHOOSE_PASSWORD}</p>
        <p className="text-slate-700">
          Account: <strong>{loaderData.email}</strong>
        </p>
        <FormMessage text={actionData?.formError} tone="error" />
        <Form method="post" className="space-y-4">
          <NewPasswordFields errors={fieldErrors} />
          <SubmitButton busy={busy}>{busy ? 'Saving...' : 'Set My Password'}</SubmitButton>
        </Form>
      </div>
    </main>
  );
}
