import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import { EmailField, FormMessage, GoogleButtonForm, PasswordField, SubmitButton } from '~/components/ui/field';
import { parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import { KEEP_PASSWORD_HINT, RegisterSchema, registrationSentText } from '~/lib/schemas/auth';
import { useRootData } from '~/root';
import { getOptionalUser } from '~/server/auth/session.server';
import { cookieHeaders, registerWithPassword, startGoogleSignIn } from '~/server/auth/sign-in.server';
import { readForm } from '~/server/forms/read-form.server';
import type { Route } from './+types/register';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: 'Create Your Account', description: 'Create an account to follow your repair online.' });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  if (user) throw redirect(user.isAdmin ? '/admin' : '/portal');
  const params = new URL(request.url).searchParams;
  // `?email=` comes from the link in a walk-in customer's status e-mail (issue 13): the page then says how to create
  // the account with the address the shop has on file.
  const onFile = z.email().max(254).safeParse(params.get('email')?.trim().toLowerCase());
  return { oauthError: params.get('error'), onFileEmail: onFile.success ? onFile.data : null };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  if (formData.get('intent') === 'google') {
    const started = await startGoogleSignIn(request, '/register');
    if (!started.ok) return data({ formError: started.message, fieldErrors: {}, values: {} }, 400);
    return redirect(started.url, { headers: cookieHeaders(started.cookies) });
  }
  const parsed = parseForm(RegisterSchema, formData);
  if (!parsed.success) return data({ formError: null, fieldErrors: parsed.fieldErrors, values: parsed.values }, 400);
  const result = await registerWithPassword(request, parsed.data);
  if (result.ok === false) {
    return data({ formError: result.message, fieldErrors: {}, values: { email: parsed.data.email } }, result.status);
  }
  // The same answer for a new address and for one that already has an account (issue 6, docs/decisions/0003): no
  // session, no redirect, "check your e-mail". The verification link then signs the new owner in and opens /portal.
  return data(
    { formError: null, fieldErrors: {}, values: {}, sentTo: parsed.data.email },
    { headers: cookieHeaders(result.cookies) },
  );
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { googleEnabled } = useRootData();
  const busy = useNavigation().state === 'submitting';
  const fieldErrors: Record<string, string> = actionData?.fieldErrors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  const oauthError = loaderData.oauthError ? `Google sign-up failed: ${loaderData.oauthError}` : null;
  const sentTo = actionData && 'sentTo' in actionData ? actionData.sentTo : null;
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-navy-900">Create Your Account</h1>
      <div className="mt-6 space-y-4">
        {sentTo ? (
          <>
            <h2 className="text-xl font-bold text-navy-900">Check your e-mail</h2>
            <FormMessage text={registrationSentText(sentTo)} tone="success" />
            <p className="text-slate-700">{KEEP_PASSWORD_HINT}</p>
            <p className="text-slate-700">
              Nothing arrived after a few minutes? Look in your spam folder, or{' '}
              <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
                reset your password
              </Link>{' '}
              if the address already has an account.
            </p>
          </>
        ) : (
          <>
            {loaderData.onFileEmail ? <OnFileSteps email={loaderData.onFileEmail} googleEnabled={googleEnabled} /> : null}
            <FormMessage text={actionData?.formError ?? oauthError} tone="error" />
            <Form method="post" className="space-y-4">
              <EmailField value={values.email ?? loaderData.onFileEmail ?? undefined} error={fieldErrors.email} />
              <PasswordField autoComplete="new-password" error={fieldErrors.password} />
              <SubmitButton busy={busy}>Register</SubmitButton>
            </Form>
            {googleEnabled ? (
              <GoogleButtonForm label="Sign up with Google" />
            ) : null}
          </>
        )}
        <p className="text-center">
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-brand-700 underline">
            Log in here
          </Link>
        </p>
      </div>
    </main>
  );
}

/** How a walk-in customer, whose repair the shop already has on file under `email`, gets to follow it online. */
function OnFileSteps({ email, googleEnabled }: { email: string; googleEnabled: boolean }) {
  return (
    <section aria-labelledby="on-file-heading" className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-slate-800">
      <h2 id="on-file-heading" className="text-lg font-bold text-navy-900">
        Your repair is on file under {email}
      </h2>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        <li>
          Create your account below with <strong>{email}</strong>
          {googleEnabled ? ', or sign up with Google using that address' : ''}.
        </li>
        <li>Open the confirmation link we then e-mail to that address.</li>
        <li>Your vehicle, its repair progress, photos and documents appear in your portal.</li>
      </ol>
    </section>
  );
}
