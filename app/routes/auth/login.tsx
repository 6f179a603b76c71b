import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { EmailField, FormMessage, GoogleButtonForm, PasswordField, SubmitButton } from '~/components/ui/field';
import { parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import {
  CONFIRM_ADDRESS_FIRST,
  CONFIRMATION_RESENT,
  LoginSchema,
  ResendConfirmationSchema,
  TOO_MANY_LINKS,
} from '~/lib/schemas/auth';
import { useRootData } from '~/root';
import { getOptionalUser } from '~/server/auth/session.server';
import {
  cookieHeaders,
  EMAIL_NOT_VERIFIED_CODE,
  redirectAfterSignIn,
  signInWithPassword,
  startGoogleSignIn,
} from '~/server/auth/sign-in.server';
import { log } from '~/server/logger.server';
import { resendConfirmationLink } from '~/server/portal/resend-verification.server';
import { readForm } from '~/server/forms/read-form.server';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: 'Customer Login', description: 'Log in to see your repair progress, photos and documents.' });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  if (user) throw redirect(user.isAdmin ? '/admin' : '/portal');
  const url = new URL(request.url);
  return { redirectTo: url.searchParams.get('redirectTo') ?? '', oauthError: url.searchParams.get('error') };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  if (formData.get('intent') === 'resend-verification') {
    const parsed = ResendConfirmationSchema.safeParse({ email: formData.get('email') });
    if (!parsed.success) return data({ formError: null, fieldErrors: {}, values: {}, unconfirmed: null, notice: null }, 400);
    const outcome = await resendConfirmationLink(request, parsed.data.email);
    const values = { email: parsed.data.email };
    if (outcome === 'limited') return data({ formError: TOO_MANY_LINKS, fieldErrors: {}, values, unconfirmed: parsed.data.email, notice: null }, 429);
    return { formError: null, fieldErrors: {}, values, unconfirmed: null, notice: CONFIRMATION_RESENT };
  }
  if (formData.get('intent') === 'google') {
    const started = await startGoogleSignIn(request, '/login');
    if (!started.ok) {
      log().warn({ message: started.message }, 'google sign-in failed to start');
      return data({ formError: started.message, fieldErrors: {}, values: {}, unconfirmed: null, notice: null }, 400);
    }
    return redirect(started.url, { headers: cookieHeaders(started.cookies) });
  }
  const parsed = parseForm(LoginSchema, formData);
  if (!parsed.success) {
    return data({ formError: null, fieldErrors: parsed.fieldErrors, values: parsed.values, unconfirmed: null, notice: null }, 400);
  }
  const { email, password, redirectTo } = parsed.data;
  const result = await signInWithPassword(request, { email, password });
  if (result.ok === false && result.code === EMAIL_NOT_VERIFIED_CODE) {
    return data({ formError: CONFIRM_ADDRESS_FIRST, fieldErrors: {}, values: { email }, unconfirmed: email, notice: null }, 403);
  }
  if (result.ok === false) {
    return data({ formError: result.message, fieldErrors: {}, values: { email }, unconfirmed: null, notice: null }, result.status);
  }
  if (result.ok === 'two-factor') {
    const next = `/login/two-factor?${new URLSearchParams({ redirectTo: redirectTo ?? '' })}`;
    return redirect(next, { headers: cookieHeaders(result.cookies) });
  }
  const outcome = await redirectAfterSignIn({ id: result.userId, email }, redirectTo, result.cookies);
  if (outcome instanceof Response) return outcome;
  return data({ formError: outcome.roleError, fieldErrors: {}, values: { email }, unconfirmed: null, notice: null }, 503);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { googleEnabled } = useRootData();
  const busy = useNavigation().state === 'submitting';
  const fieldErrors: Record<string, string> = actionData?.fieldErrors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  const oauthError = loaderData.oauthError ? 'Google sign-in did not complete. Please try again.' : null;
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-navy-900">Customer Login</h1>
      <div className="mt-6 space-y-4">
        <FormMessage text={actionData?.formError ?? oauthError} tone="error" />
        <FormMessage text={actionData?.notice ?? null} tone="success" />
        {actionData?.unconfirmed ? (
          <Form method="post">
            <input type="hidden" name="intent" value="resend-verification" />
            <input type="hidden" name="email" value={actionData.unconfirmed} />
            <button type="submit" className="font-semibold text-brand-700 underline">
              Send the confirmation link again
            </button>
          </Form>
        ) : null}
        <Form method="post" className="space-y-4" noValidate={false}>
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <EmailField value={values.email} error={fieldErrors.email} />
          <PasswordField autoComplete="current-password" error={fieldErrors.password} />
          <SubmitButton busy={busy}>Log In</SubmitButton>
        </Form>
        {googleEnabled ? (
          <GoogleButtonForm label="Sign in with Google" />
        ) : null}
        <p className="text-center">
          <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
            Forgot your password?
          </Link>
        </p>
        <p className="text-center">
          Don&apos;t have an account?{' '}
          <Link to="/register" className="font-semibold text-brand-700 underline">
            Register here
          </Link>
        </p>
      </div>
    </main>
  );
}
