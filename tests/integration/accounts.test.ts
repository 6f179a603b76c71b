import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONFIRM_ADDRESS_FIRST, UNABLE_TO_VERIFY_ROLE } from '~/lib/schemas/auth';
import * as adminLayout from '~/routes/admin/layout';
import * as login from '~/routes/auth/login';
import * as register from '~/routes/auth/register';
import * as authApi from '~/routes/resources/auth-api';
import * as portalLayout from '~/routes/portal/layout';
import { getOptionalUser, requireAdmin, safeRedirectPath } from '~/server/auth/session.server';
import { customers, profiles, users } from '~/server/db/schema';
import {
  createAccount,
  makeRequest,
  redirectLocation,
  settle,
  testContext,
  uid,
} from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';

const t = withTestDatabase();

const routeArgs = (request: Request) => ({ request, params: {}, context: testContext }) as never;

/** A data() result from an action: `{ data, init }`. */
function dataOf(value: unknown): { data: Record<string, unknown>; status: number } {
  const v = value as { data: Record<string, unknown>; init?: { status?: number } };
  return { data: v.data, status: v.init?.status ?? 200 };
}

function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe('the auth API', () => {
  it('refuses a NUL character in a JSON body with one clear 400 (issue 13)', async () => {
    const post = (body: string) =>
      authApi.action(
        routeArgs(
          new Request('http://localhost:3000/api/auth/sign-up/email', {
            method: 'POST',
            headers: { Origin: 'http://localhost:3000', 'Content-Type': 'application/json' },
            body,
          }),
        ),
      );
    const email = `nul-${uid()}@example.com`;
    const refused = await post(JSON.stringify({ email, password: 'a-long-password', name: 'Nul\u0000Name' }));
    expect(refused.status).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    // Without it the same request goes through.
    const accepted = await post(JSON.stringify({ email, password: 'a-long-password', name: 'Plain Name' }));
    expect(accepted.status).toBe(200);
  });
});

describe('register', () => {
  it('creates the account, its profile (not admin) and its customer record, and says to check the e-mail', async () => {
    const email = `new-${uid()}@example.com`;
    const result = await register.action(routeArgs(makeRequest('/register', { form: { email, password: 'a-long-password' } })));
    // No session and no redirect: the same answer an address with an account gets (no-account-enumeration.test.tsx).
    expect(dataOf(result)).toEqual({ data: { formError: null, fieldErrors: {}, values: {}, sentTo: email }, status: 200 });

    const [customer] = await t.db.select().from(customers).where(eq(customers.email, email));
    expect(customer).toMatchObject({ name: 'Unknown', phone: null, address: null });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, customer!.userId!));
    expect(profile).toMatchObject({ isAdmin: false, fullName: null });

    // Not before the address is confirmed (issue 13): the login page says so and offers the link again.
    const early = await login.action(routeArgs(makeRequest('/login', { form: { email, password: 'a-long-password' } })));
    expect(dataOf(early)).toMatchObject({ status: 403, data: { formError: CONFIRM_ADDRESS_FIRST, unconfirmed: email } });
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));

    // Once confirmed, the password chosen works at the login page, which hands out the HttpOnly SameSite=Lax cookie.
    const { thrown, value } = await settle(() =>
      login.action(routeArgs(makeRequest('/login', { form: { email, password: 'a-long-password' } }))),
    );
    const response = (thrown ?? value) as Response;
    expect(redirectLocation(response)).toBe('/portal');
    expect(response.headers.getSetCookie().some((c) => /HttpOnly/i.test(c) && /SameSite=Lax/i.test(c))).toBe(true);
    const user = await getOptionalUser(makeRequest('/portal', { cookie: cookieFrom(response) }));
    expect(user).toMatchObject({ email, isAdmin: false });
  });

  it('shows the auth server message for a weak password and keeps the e-mail typed', async () => {
    const email = `weak-${uid()}@example.com`;
    const result = await register.action(routeArgs(makeRequest('/register', { form: { email, password: 'short' } })));
    const { data, status } = dataOf(result);
    expect(status).toBe(400);
    expect(data.formError).toBe('Password too short');
    expect(data.values).toEqual({ email });
  });

  it('answers missing or malformed fields with field messages and 400', async () => {
    const result = await register.action(routeArgs(makeRequest('/register', { form: { email: 'not-an-email' } })));
    const { data, status } = dataOf(result);
    expect(status).toBe(400);
    expect(data.fieldErrors).toMatchObject({ email: 'Enter a valid email address.', password: 'Password is required.' });
  });
});

describe('login', () => {
  it('sends an admin to /admin and a customer to /portal, with the session cookie', async () => {
    const admin = await createAccount({ admin: true });
    const customer = await createAccount();
    for (const [account, target] of [
      [admin, '/admin'],
      [customer, '/portal'],
    ] as const) {
      const { thrown, value } = await settle(() =>
        login.action(routeArgs(makeRequest('/login', { form: { email: account.email, password: account.password } }))),
      );
      const response = (thrown ?? value) as Response;
      expect(redirectLocation(response)).toBe(target);
      expect(cookieFrom(response)).toMatch(/session_token=/);
    }
  });

  it('honours a same-site redirectTo for the right area only', async () => {
    const customer = await createAccount();
    const go = async (redirectTo: string) => {
      const { thrown, value } = await settle(() =>
        login.action(
          routeArgs(makeRequest('/login', { form: { email: customer.email, password: customer.password, redirectTo } })),
        ),
      );
      return redirectLocation(thrown ?? value);
    };
    expect(await go('/portal/my-vehicles')).toBe('/portal/my-vehicles');
    expect(await go('//evil.example.com/portal')).toBe('/portal');
    expect(await go('/admin')).toBe('/portal');
  });

  it('shows the server message in red for a wrong password, without signing in', async () => {
    const account = await createAccount();
    const result = await login.action(
      routeArgs(makeRequest('/login', { form: { email: account.email, password: 'wrong-password' } })),
    );
    const { data, status } = dataOf(result);
    expect(status).toBe(401);
    expect(data.formError).toBe('Invalid email or password');
  });

  it("says 'Unable to verify user role.' and does not redirect when the profile lookup fails", async () => {
    const account = await createAccount();
    const original = t.handle.db.insert.bind(t.handle.db);
    // Make the profile step fail the way a lost database connection would.
    (t.handle.db as { insert: unknown }).insert = (table: unknown) => {
      if (table === profiles) throw new Error('connection lost');
      return original(table as never);
    };
    try {
      const result = await login.action(
        routeArgs(makeRequest('/login', { form: { email: account.email, password: account.password } })),
      );
      const { data, status } = dataOf(result);
      expect(status).toBe(503);
      expect(data.formError).toBe(UNABLE_TO_VERIFY_ROLE);
    } finally {
      (t.handle.db as { insert: unknown }).insert = original;
    }
  });
});

describe('guards on the server', () => {
  it('treats a tampered or unknown session cookie as signed out', async () => {
    const account = await createAccount();
    const tampered = account.cookie.replace(/session_token=([^;.]+)/, 'session_token=AAAA$1');
    expect(await getOptionalUser(makeRequest('/portal', { cookie: tampered }))).toBeNull();
    expect(await getOptionalUser(makeRequest('/portal', { cookie: 'better-auth.session_token=forged.value' }))).toBeNull();
    const { thrown } = await settle(() => portalLayout.loader(routeArgs(makeRequest('/portal/my-vehicles', { cookie: tampered }))));
    expect(redirectLocation(thrown)).toBe('/login?redirectTo=%2Fportal%2Fmy-vehicles');
  });

  it('sends a customer away from /admin to /portal, and an admin away from /portal to /admin', async () => {
    const admin = await createAccount({ admin: true });
    const customer = await createAccount();
    const asCustomer = await settle(() => adminLayout.loader(routeArgs(makeRequest('/admin', { cookie: customer.cookie }))));
    expect(redirectLocation(asCustomer.thrown)).toBe('/portal');
    const asAdmin = await settle(() => portalLayout.loader(routeArgs(makeRequest('/portal', { cookie: admin.cookie }))));
    expect(redirectLocation(asAdmin.thrown)).toBe('/admin');
    const ok = await requireAdmin(makeRequest('/admin', { cookie: admin.cookie }));
    expect(ok.isAdmin).toBe(true);
  });

  it('creates a missing profile and customer record on the next signed-in request', async () => {
    const account = await createAccount({ name: 'Dana Lee' });
    await t.db.delete(customers).where(eq(customers.userId, account.userId));
    await t.db.delete(profiles).where(eq(profiles.id, account.userId));
    const user = await getOptionalUser(makeRequest('/portal', { cookie: account.cookie }));
    expect(user).toMatchObject({ isAdmin: false, name: 'Dana Lee' });
    const [customer] = await t.db.select().from(customers).where(eq(customers.userId, account.userId));
    expect(customer).toMatchObject({ name: 'Dana Lee', email: account.email });
  });

  it('only accepts same-site paths as a return address', () => {
    expect(safeRedirectPath('/portal/x')).toBe('/portal/x');
    expect(safeRedirectPath('https://evil.example.com')).toBe('/');
    expect(safeRedirectPath('//evil.example.com')).toBe('/');
    expect(safeRedirectPath('/\\evil.example.com')).toBe('/');
  });
});
