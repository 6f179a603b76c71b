import { data, Form, Link, useNavigation } from 'react-router';
import { FormMessage, NewPasswordFields, SubmitButton } from '~/components/ui/field';
import { parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import { PASSWORD_CHANGED, RESET_LINK_INVALID, ResetPasswordSchema } from '~/lib/schemas/password-reset';
import { resetPasswordWithToken } from '~/server/auth/password-reset.server';
import { readForm } from '~/server/forms/read-form.server';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: 'Reset Your Password', noindex: true });

/** Better Auth's e-mailed link lands here with `?token=` (or `?error=INVALID_TOKEN` when it expired). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? '';
  return { token, invalid: Boolean(url.searchParams.get('error')) || !token };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = parseForm(ResetPasswordSchema, form);
  if (!parsed.success) {
    const formError = parsed.fieldErrors.token ? RESET_LINK_INVALID : null;
    return data({ done: false, formError, fieldErrors: parsed.fieldErrors }, 400);
  }
  const result = await resetPasswordWithToken(request, parsed.data);
  if (!result.ok) return data({ done: false, formError: result.message, fieldErrors: {} as Record<string, string> }, 400);
  return { done: true, formError: null, fieldErrors: {} as Record<string, string> };
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const fieldErrors: Record<string, string> = actionData?.fieldErrors ?? {};
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-navy-900">Reset Your Password</h1>
      <div className="mt-6 space-y-4">
        {actionData?.done ? (
          <>
            <FormMessage text={PASSWORD_CHANGED} tone="success" />
            <p className="text-center">
              <Link to="/login" className="font-semibold text-brand-700 underline">
                Log In
              </Link>
            </p>
          </>
        ) : loaderData.invalid ? (
          <>
            <FormMessage text={RESET_LINK_INVALID} tone="error" />
            <p className="text-center">
              <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
                Ask for a new link
              </Link>
            </p>
          </>
        ) : (
          <>
            <FormMessage text={actionData?.formError} tone="error" />
            <Form method="post" className="space-y-4">
              <input type="hidden" name="token" value={loaderData.token} />
              <NewPasswordFields errors={fieldErrors} />
              <SubmitButton busy={busy}>{busy ? 'Saving...' : 'Set New Password'}</SubmitButton>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
