/**
 * Test data that is unique per call, so tests do not depend on each other or on order, plus request helpers for
 * calling route loaders and actions directly.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import type { StaffRole } from '~/lib/staff-roles';
import { withCheckDigit } from '~/lib/vin';
import { getAuth } from '~/server/auth/auth.server';
import { getDb } from '~/server/db/client.server';
import { customers, profiles, users, vehicles, workOrders } from '~/server/db/schema';
import type { WorkOrderStatus } from '~/lib/work-order-status';

export const TEST_ORIGIN = 'http://localhost:3000';
export const uid = () => crypto.randomBytes(5).toString('hex');

export interface TestAccount {
  userId: string;
  email: string;
  password: string;
  /** Cookie header value carrying the session. */
  cookie: string;
  customerId: string | null;
}

/** The Cookie header value a browser sends after `response` set its cookies. */
export const cookieOf = (response: Response): string =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** Signs in through Better Auth and returns the Cookie header value. */
export async function signInCookie(email: string, password: string): Promise<string> {
  const response = await getAuth().api.signInEmail({ body: { email, password }, asResponse: true });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * Registers an account (as the register page does) and signs it in; `admin: true` makes it staff with `role` (Owner
 * unless given; issue 17 §2). The address is
 * marked confirmed directly (a password signs in only then, issue 13) without running the confirmation link's hooks;
 * `verified: false` leaves it unconfirmed, and then `cookie` is empty (such an account cannot sign in).
 */
export async function createAccount(
  options: { admin?: boolean; role?: StaffRole; name?: string; email?: string; verified?: boolean } = {},
): Promise<TestAccount> {
  const email = options.email ?? `user-${uid()}@example.com`;
  const password = 'correct-horse-battery';
  const { user } = await getAuth().api.signUpEmail({ body: { email, password, name: options.name ?? '' } });
  if (options.admin || options.role) {
    await getDb()
      .update(profiles)
      .set({ isAdmin: true, staffRole: options.role ?? 'owner' })
      .where(eq(profiles.id, user.id));
  }
  const verified = options.verified ?? true;
  if (verified) await getDb().update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  const [customer] = await getDb().select({ id: customers.id }).from(customers).where(eq(customers.userId, user.id));
  const cookie = verified ? await signInCookie(email, password) : '';
  return { userId: user.id, email, password, cookie, customerId: customer?.id ?? null };
}

/** A 17-character VIN with a valid check digit, unique per call. */
export function randomVin(): string {
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  let body = '1HG';
  for (let i = 0; i < 14; i += 1) body += alphabet[crypto.randomInt(alphabet.length)];
  return withCheckDigit(body);
}

export async function createVehicle(customerId: string, overrides: Partial<typeof vehicles.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(vehicles)
    .values({ customerId, make: 'Honda', model: 'Civic', year: 2020, vin: randomVin(), ...overrides })
    .returning();
  return row!;
}

export async function createWorkOrder(
  vehicle: { id: string; customerId: string },
  overrides: { status?: WorkOrderStatus; number?: string; description?: string } = {},
) {
  const [row] = await getDb()
    .insert(workOrders)
    .values({
      vehicleId: vehicle.id,
      customerId: vehicle.customerId,
      workOrderNumber: overrides.number ?? `WO-${uid()}`,
      currentStatus: overrides.status ?? 'Estimate Scheduled',
      description: overrides.description ?? 'Bumper repair',
    })
    .returning();
  return row!;
}

/** A browser-like request to the app: same-origin, optional session cookie and url-encoded form body. */
export function makeRequest(
  pathname: string,
  options: { method?: string; cookie?: string; form?: Record<string, string> } = {},
): Request {
  const headers = new Headers({ Origin: TEST_ORIGIN });
  if (options.cookie) headers.set('Cookie', options.cookie);
  let body: URLSearchParams | undefined;
  if (options.form) {
    body = new URLSearchParams(options.form);
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
  }
  return new Request(new URL(pathname, TEST_ORIGIN), {
    method: options.method ?? (options.form ? 'POST' : 'GET'),
    headers,
    body,
  });
}

export const testContext: AppLoadContext = { cspNonce: 'test', requestId: 'test' };

/** Runs a loader or action and returns what it returned or threw (redirects and error responses are thrown). */
export async function settle<T>(fn: () => Promise<T> | T): Promise<{ value?: T; thrown?: unknown }> {
  try {
    return { value: await fn() };
  } catch (thrown) {
    return { thrown };
  }
}

/** The Location of a redirect Response, or null. */
export function redirectLocation(value: unknown): string | null {
  if (value instanceof Response && value.status >= 300 && value.status < 400) return value.headers.get('Location');
  return null;
}
