/**
 * Reads the session on the server and enforces who may see what (DECISIONS 5, 17). Every loader and action calls one
 * of these, even under a guarded layout: loaders run in parallel and every action is its own endpoint.
 *
 * - `getOptionalUser(request)` → the signed-in {@link SessionUser} or null (a tampered or expired cookie is null).
 * - `requireUser(request)` → user, or throws a redirect to `/login?redirectTo=<path>`.
 * - `requireAdmin(request)` → staff user (back-office routes call `requireStaff(request, permission)` from
 *   permissions.server.ts, which starts here), or redirects: anonymous → /login, customer → /portal, and (REQUIRE_ADMIN_2FA)
 *   an admin without two-factor → /account/two-factor.
 * - `requireCustomer(request)` → customer user with `customerId`, or redirects: anonymous → /login, admin → /admin.
 * - `requireFileViewer(request)` → any signed-in user, with the staff two-factor rule of `requireAdmin`.
 */
import { redirect } from 'react-router';
import type { StaffRole } from '~/lib/staff-roles';
import { getConfig } from '../config.server';
import { loadAccount } from '../db/accounts.server';
import { getDb } from '../db/client.server';
import { memoizeForRequest } from '../logger.server';
import { getAuth } from './auth.server';

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  /** A staff account (the back office opens); what it may do there is `role` (permissions.server.ts). */
  isAdmin: boolean;
  /** The staff role (issue 17 §2); null for a customer. */
  role: StaffRole | null;
  twoFactorEnabled: boolean;
  /** The linked customer record; null for staff. */
  customerId: string | null;
}

export interface CustomerUser extends SessionUser {
  customerId: string;
}

/**
 * The signed-in user, or null. Creates a missing profile and customer record (spec §4 "First sign-in"). Read once per
 * GET request and cookie: the layout's and the page's loaders share the answer.
 */
export function getOptionalUser(request: Request): Promise<SessionUser | null> {
  // Only reads are memoized: an action may change the account (two-factor, name) before the loaders run again.
  if (request.method !== 'GET' && request.method !== 'HEAD') return readUser(request);
  return memoizeForRequest(`session:${request.headers.get('cookie') ?? ''}`, () => readUser(request));
}

async function readUser(request: Request): Promise<SessionUser | null> {
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const { user } = session;
  const { profile, customerId } = await loadAccount(getDb(), user);
  // A deactivated staff account is signed out everywhere at once (issue 17 §2), whatever its cookie says.
  if (profile.deactivatedAt) return null;
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    name: profile.fullName ?? user.name ?? '',
    isAdmin: profile.isAdmin,
    role: profile.isAdmin ? (profile.staffRole ?? 'owner') : null,
    twoFactorEnabled: Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
    customerId,
  };
}

/** Only same-site paths are allowed as a return address (no open redirects). */
export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return fallback;
  }
  return value;
}

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return redirect(`/login?${new URLSearchParams({ redirectTo: back })}`);
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) throw loginRedirect(request);
  return user;
}

/** Where an admin without two-factor is sent when REQUIRE_ADMIN_2FA is on. */
export const TWO_FACTOR_SETUP_PATH = '/account/two-factor';

/** With REQUIRE_ADMIN_2FA, a staff account without two-factor is sent to turn it on (throws that redirect). */
function enforceStaffTwoFactor(user: SessionUser): void {
  if (user.isAdmin && getConfig().requireAdmin2fa && !user.twoFactorEnabled) throw redirect(`${TWO_FACTOR_SETUP_PATH}?required=1`);
}

export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw redirect('/portal');
  enforceStaffTwoFactor(user);
  return user;
}

/**
 * Anyone signed in who may look at a private file (customers their own, staff all; the caller checks ownership), with
 * the staff two-factor rule applied as on every back-office page (issue 13: `/files/documents/*` used to skip it).
 */
export async function requireFileViewer(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  enforceStaffTwoFactor(user);
  return user;
}

export async function requireCustomer(request: Request): Promise<CustomerUser> {
  const user = await requireUser(request);
  if (user.isAdmin) throw redirect('/admin');
  if (!user.customerId) throw new Response('Customer record not found for this user.', { status: 403 });
  return { ...user, customerId: user.customerId };
}
