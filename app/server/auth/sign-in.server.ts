/**
 * Sign-in, sign-up, Google and sign-out as form actions (they work before JavaScript loads): each calls Better Auth
 * with the browser's headers and hands back the cookies it set, so the route can redirect with them.
 *
 * Results: `{ ok: true, userId, cookies }` or `{ ok: false, status, message }` where `message` is the auth server's
 * own text (spec §8: "the server's message is shown"). Sign-up is the exception: it never signs in and answers the same
 * whether or not the address has an account (issue 6, see `registerWithPassword`).
 */
import { redirect } from 'react-router';
import { ensureProfileAndCustomer } from '../db/accounts.server';
import { getDb } from '../db/client.server';
import { log } from '../logger.server';
import { getConfig } from '../config.server';
import { callAuthEndpoint, getAuth, resolveAuthSecret } from './auth.server';
import { registrationCookie } from './verified-owner.server';
import { withMinimumDuration } from './even-timing.server';
import { safeRedirectPath } from './session.server';

import { UNABLE_TO_VERIFY_ROLE } from '~/lib/schemas/auth';

/**
 * After a successful sign-in: reads the role (creating a missing profile) and redirects — admin → /admin, others →
 * /portal, or to a same-site `redirectTo` inside the user's own area — with the session cookies. Returns
 * `{ roleError }` (spec §8 'Unable to verify user role.') when the profile lookup fails: then no redirect, no session.
 */
export async function redirectAfterSignIn(
  user: { id: string; email: string },
  redirectTo: unknown,
  cookies: readonly string[],
): Promise<Response | { roleError: string }> {
  let isAdmin: boolean;
  try {
    isAdmin = (await ensureProfileAndCustomer(getDb(), user)).isAdmin;
  } catch (error) {
    log().error({ err: (error as Error).message }, 'profile lookup failed after login');
    return { roleError: UNABLE_TO_VERIFY_ROLE };
  }
  const home = isAdmin ? '/admin' : '/portal';
  const target = safeRedirectPath(redirectTo, home);
  const allowed = isAdmin ? target.startsWith('/admin') : target.startsWith('/portal');
  return redirect(allowed ? target : home, { headers: cookieHeaders(cookies) });
}

export type AuthResult =
  | { ok: true; userId: string; cookies: string[] }
  | { ok: 'two-factor'; cookies: string[] }
  | { ok: false; status: number; message: string; code?: string };

/** Better Auth's code when the password was right but the address is not confirmed yet (issue 13). */
export const EMAIL_NOT_VERIFIED_CODE = 'EMAIL_NOT_VERIFIED';

async function toResult(response: Response, fallback: string): Promise<AuthResult> {
  const body = (await response.json().catch(() => null)) as
    | { user?: { id?: string }; message?: string; code?: string; twoFactorRedirect?: boolean }
    | null;
  // Two-factor on: no session yet, only the challenge cookie (exchanged at /login/two-factor).
  if (response.ok && body?.twoFactorRedirect) return { ok: 'two-factor', cookies: response.headers.getSetCookie() };
  if (!response.ok || !body?.user?.id) {
    const status = response.status >= 400 ? response.status : 400;
    return { ok: false, status, message: body?.message || fallback, ...(body?.code ? { code: body.code } : {}) };
  }
  return { ok: true, userId: body.user.id, cookies: response.headers.getSetCookie() };
}

/**
 * Signs in with e-mail and password. A wrong password, an unknown address and an account without a password (Google
 * only) all fail alike: 401 'Invalid email or password' (Better Auth hashes the typed password even when there is no
 * account, so the timing matches too). Two-factor accounts get `{ ok: 'two-factor' }` and the challenge cookie. The
 * right password for an address not confirmed yet fails with 403 and `code` {@link EMAIL_NOT_VERIFIED_CODE} (issue 13:
 * an account is used only once its address's owner has opened a link sent to it).
 */
export async function signInWithPassword(request: Request, input: { email: string; password: string }) {
  const response = await callAuthEndpoint(request, '/sign-in/email', { email: input.email, password: input.password });
  return toResult(response, 'Invalid email or password');
}

/**
 * Creates an e-mail and password account through Better Auth, without signing anybody in (issue 6: no account
 * enumeration). Resolves `{ ok: true }` both for a new address (account created, verification e-mail queued) and for an
 * address that already has an account (nothing created, the owner is e-mailed instead), so the caller cannot tell them
 * apart and must answer both the same. `{ ok: false, status, message }` only for input Better Auth refuses for every
 * address alike (password too short or too long, malformed e-mail) or a server failure, with its own message.
 * Cookies Better Auth might set are dropped: a sign-up never starts a session; `cookies` holds only the registration
 * cookie that lets this browser keep the password through confirmation (verified-owner.server.ts). Every answer takes at least
 * `MIN_ANSWER_MS` (500 ms), so the extra database writes of a new account do not show in the timing either.
 */
export async function registerWithPassword(
  request: Request,
  input: { email: string; password: string },
): Promise<{ ok: true; cookies: string[] } | { ok: false; status: number; message: string }> {
  return withMinimumDuration(async () => {
    const response = await callAuthEndpoint(request, '/sign-up/email', { email: input.email, password: input.password, name: '' });
    const result = await toResult(response, 'Registration failed. Please try again.');
    if (result.ok === false) return result;
    if (result.ok !== true) return { ok: false as const, status: 500, message: 'Registration failed. Please try again.' };
    // The browser that chose the password keeps it through confirmation (issue 13, verified-owner.server.ts). For an
    // address that already had an account the id is synthetic: the cookie then names nothing, and looks the same.
    const config = getConfig();
    const cookie = registrationCookie(resolveAuthSecret(config), result.userId, config.appUrl.startsWith('https://'));
    return { ok: true as const, cookies: [cookie] };
  });
}

/**
 * Starts Google sign-in: returns the provider URL to redirect to and the state cookies to set.
 * `errorPath` is where Better Auth sends the browser back with `?error=` when the provider fails.
 */
export async function startGoogleSignIn(request: Request, errorPath: string) {
  const response = await getAuth().api.signInSocial({
    body: { provider: 'google', callbackURL: '/portal', errorCallbackURL: errorPath, newUserCallbackURL: '/portal' },
    headers: request.headers,
    asResponse: true,
  });
  const body = (await response.json().catch(() => null)) as { url?: string; message?: string } | null;
  if (!response.ok || !body?.url) {
    return { ok: false as const, message: body?.message || 'Google sign-in is not available right now.' };
  }
  return { ok: true as const, url: body.url, cookies: response.headers.getSetCookie() };
}

/** Ends the session; returns the cookies that clear it. */
export async function signOut(request: Request): Promise<string[]> {
  try {
    const response = await getAuth().api.signOut({ headers: request.headers, asResponse: true });
    return response.headers.getSetCookie();
  } catch {
    return [];
  }
}

/** Headers carrying Set-Cookie lines. */
export function cookieHeaders(cookies: readonly string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return headers;
}
