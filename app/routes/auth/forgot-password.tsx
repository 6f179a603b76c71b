import { data, Form, Link, useNavigation } from 'react-router';
import { EmailField, FormMessage, SubmitButton } from '~/components/ui/field';
import { parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import { ForgotPasswordSchema, RESET_LINK_SENT } from '~/lib/schemas/password-reset';
import { requestPasswordResetEmail } from '~/server/auth/password-reset.server';
import { readForm } from '~/server/forms/read-form.server';
import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: 'Reset Your Password', description: 'Get a link to choose a new password for the customer portal.' });

/** Sends the reset link (through the mail queue); the same answer whether or not the address has an account. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = parseForm(ForgotPasswordSchema, await readForm(request));
  if (!parsed.success) return data({ sent: false, fieldErrors: parsed.fieldErrors, values: parsed.values }, 400);
  await requestPasswordResetEmail(request, parsed.data.email);
  return { sent: true, fieldErrors: {} as Record<string, string>, values: {} as Record<string, string> };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-navy-900">Reset Your Password</h1>
      <div className="mt-6 space-y-4">
        {actionData?.sent ? (
          <FormMessage text={RESET_LINK_SENT} tone="success" />
        ) : (
          <>
            <p className="text-slate-700">Type the e-mail address of your account and we will send you a link to choose a new password.</p>
            <Form method="post" className="space-y-4">
              <EmailField value={actionData?.values?.email} error={actionData?.fieldErrors?.email} />
              <SubmitButton busy={busy}>{busy ? 'Sending...' : 'Send Reset Link'}</SubmitButton>
            </Form>
          </>
        )}
        <p className="text-center">
          <Link to="/login" className="font-semibold text-brand-700 underline">
            Back to Log In
          </Link>
        </p>
      </div>
    </main>
  );
}
