/**
 * Sign-in, sign-up, Google and sign-out as form actions (they work before JavaScript loads): each calls Better Auth
 * with the browser's headers and hands back the cookies it set, so the route can redirect with them.
 *
 * Results: `{ ok: true, userId, cookies }` or `{ ok: false, status, message }` where `message` is the auth server's
 * own text (spec §8: "the server's message is shown").
 */
import { redirect } from 'react-router';
import { ensureProfileAndCustomer } from '../db/accounts.server';
import { getDb } from '../db/client.server';
import { log } from '../logger.server';
import { getAuth } from './auth.server';
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
  | { ok: false; status: number; message: string };

async function toResult(response: Response, fallback: string): Promise<AuthResult> {
  const body = (await response.json().catch(() => null)) as
    | { user?: { id?: string }; message?: string; twoFactorRedirect?: boolean }
    | null;
  // Two-factor on: no session yet, only the challenge cookie (exchanged at /login/two-factor).
  if (response.ok && body?.twoFactorRedirect) return { ok: 'two-factor', cookies: response.headers.getSetCookie() };
  if (!response.ok || !body?.user?.id) {
    return { ok: false, status: response.status >= 400 ? response.status : 400, message: body?.message || fallback };
  }
  return { ok: true, userId: body.user.id, cookies: response.headers.getSetCookie() };
}

export async function signInWithPassword(request: Request, input: { email: string; password: string }) {
  const response = await getAuth().api.signInEmail({
    body: { email: input.email, password: input.password },
    headers: request.headers,
    asResponse: true,
  });
  return toResult(response, 'Invalid email or password');
}

export async function registerWithPassword(request: Request, input: { email: string; password: string }) {
  const response = await getAuth().api.signUpEmail({
    body: { email: input.email, password: input.password, name: '' },
    headers: request.headers,
    asResponse: true,
  });
  return toResult(response, 'Registration failed. Please try again.');
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
