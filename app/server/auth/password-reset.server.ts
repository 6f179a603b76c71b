/**
 * Password reset by e-mail (portal issue): asking for a link and setting a new password with it, both through Better
 * Auth (`sendResetPassword` puts the mail on the queue, see auth.server.ts). The request answer never tells whether an
 * account exists for the address.
 */
import { APIError } from 'better-auth/api';
import { callAuthEndpoint, getAuth } from './auth.server';
import { withMinimumDuration } from './even-timing.server';
import { RESET_LINK_INVALID } from '~/lib/schemas/password-reset';
import { log } from '../logger.server';

export { PASSWORD_CHANGED, RESET_LINK_INVALID, RESET_LINK_SENT } from '~/lib/schemas/password-reset';

/**
 * Asks Better Auth to e-mail a reset link leading back to /reset-password. Always resolves, and never sooner than
 * `MIN_ANSWER_MS` (500 ms): a known address costs two database writes more than an unknown one, which would otherwise
 * show in the timing (no account probing, issue 6).
 */
export async function requestPasswordResetEmail(request: Request, email: string): Promise<void> {
  await withMinimumDuration(async () => {
    try {
      const response = await callAuthEndpoint(request, '/request-password-reset', { email, redirectTo: '/reset-password' });
      if (!response.ok) log().warn({ status: response.status }, 'password reset request refused');
    } catch (error) {
      log().warn({ err: (error as Error).message }, 'password reset request failed');
    }
  });
}

/** Sets the new password; `{ ok: false, message }` with the auth server's message or the invalid-link text. */
export async function resetPasswordWithToken(
  request: Request,
  input: { token: string; password: string },
): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await getAuth().api.resetPassword({ body: { newPassword: input.password, token: input.token }, headers: request.headers });
    return { ok: true };
  } catch (error) {
    if (error instanceof APIError) {
      const message = error.body?.code === 'INVALID_TOKEN' ? RESET_LINK_INVALID : error.body?.message || RESET_LINK_INVALID;
      return { ok: false, message };
    }
    throw error;
  }
}
