/**
 * "Send the verification e-mail again" from the portal notice (DECISIONS 8): asks Better Auth for a fresh link for the
 * signed-in user's own address (never an address from the form); the mail goes through the queue.
 * Returns false when the address is already verified or Better Auth refused (the notice is then simply not shown).
 */
import { getAuth } from '../auth/auth.server';
import type { SessionUser } from '../auth/session.server';
import { log } from '../logger.server';

export async function resendVerificationEmail(request: Request, user: SessionUser): Promise<boolean> {
  if (user.emailVerified) return false;
  try {
    await getAuth().api.sendVerificationEmail({
      body: { email: user.email, callbackURL: '/portal' },
      headers: request.headers,
    });
    return true;
  } catch (error) {
    log().warn({ err: (error as Error).message }, 'verification e-mail not re-sent');
    return false;
  }
}
