/**
 * "Send the confirmation link again", from the portal notice (signed-in, the account's own address) and from the login
 * page after "confirm your e-mail address first" (anonymous, the address typed there). Both go through Better Auth's
 * HTTP API, so its database-stored limit applies (3 per minute per client address, like the password reset links;
 * issue 13, hole 6: the portal button used to call the server API directly and sent a mail per post).
 *
 * Resolves `'sent'` when Better Auth accepted the request (for an anonymous request this is also the answer for an
 * unknown or already confirmed address: Better Auth answers those alike, after the same minimum time), `'limited'` on
 * 429, `'failed'` otherwise. The link's destination is pinned to /account/password by the mail itself.
 */
import { callAuthEndpoint } from '../auth/auth.server';
import { log } from '../logger.server';

export type ResendOutcome = 'sent' | 'limited' | 'failed';

export async function resendConfirmationLink(request: Request, email: string): Promise<ResendOutcome> {
  const response = await callAuthEndpoint(request, '/send-verification-email', { email });
  if (response.ok) return 'sent';
  if (response.status === 429) return 'limited';
  const body = (await response.json().catch(() => null)) as { code?: string } | null;
  log().warn({ status: response.status, code: body?.code ?? null }, 'confirmation link not re-sent');
  return 'failed';
}
