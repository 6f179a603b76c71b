/**
 * Abuse limits (issue 6): the sign-in, sign-up and password-reset FORMS go through Better Auth's HTTP API, so its rate
 * limits apply to them (not only to /api/auth/*), per client address, counted in the database (they hold across
 * processes and restarts). Production configuration with AUTH_RATE_LIMIT on; the client address is the header the
 * Express layer sets (`clientIpHeader`, tested in http-app.test.ts).
 */
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as forgotPassword from '~/routes/auth/forgot-password';
import * as login from '~/routes/auth/login';
import * as register from '~/routes/auth/register';
import * as dashboard from '~/routes/portal/dashboard';
import { CLIENT_IP_HEADER, resetAuth } from '~/server/auth/auth.server';
import { jobs, rateLimits, users } from '~/server/db/schema';
import { createAccount, makeRequest, settle, testContext, uid } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { mailField } from '../setup/smtp';

const t = withTestDatabase({ NODE_ENV: 'production', AUTH_RATE_LIMIT: 'true', REQUIRE_ADMIN_2FA: 'false' });

type ActionFn = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;

/** Posts `form` to a route action from `ip`; returns the HTTP status and the message shown on the form. */
async function post(action: ActionFn, path: string, form: Record<string, string>, ip: string) {
  const request = makeRequest(path, { form });
  request.headers.set(CLIENT_IP_HEADER, ip);
  const { value, thrown } = await settle(() => action({ request, params: {}, context: testContext }));
  const result = (thrown ?? value) as Response | { data?: { formError?: string | null }; init?: { status?: number } } | undefined;
  if (result instanceof Response) return { status: result.status, message: null };
  return { status: result?.init?.status ?? 200, message: result?.data?.formError ?? null };
}

describe('rate limits on the account forms', () => {
  it('refuses the 11th sign-in within a minute from one address with the server message, not another address', async () => {
    const account = await createAccount();
    const attempt = (ip: string) => post(login.action as ActionFn, '/login', { email: account.email, password: 'wrong-password-1' }, ip);
    for (let i = 0; i < 10; i += 1) expect((await attempt('203.0.113.7')).status).toBe(401);
    const limited = await attempt('203.0.113.7');
    expect(limited.status).toBe(429);
    expect(limited.message).toMatch(/too many requests/i);
    // Even the right password waits: the limit is per address and endpoint, before any password is checked.
    expect((await post(login.action as ActionFn, '/login', { email: account.email, password: account.password }, '203.0.113.7')).status).toBe(429);
    // Another client is not affected.
    const other = await post(login.action as ActionFn, '/login', { email: account.email, password: account.password }, '198.51.100.20');
    expect(other.status).toBe(302);
  });

  it('keeps the count in the database, so a new auth instance (another process) still refuses', async () => {
    const attempt = () => post(register.action as ActionFn, '/register', { email: `rl-${uid()}@example.com`, password: 'long-enough-pass', confirmPassword: 'long-enough-pass' }, '203.0.113.50');
    for (let i = 0; i < 5; i += 1) expect((await attempt()).status).toBe(200);
    const [stored] = await t.db.select({ n: count() }).from(rateLimits);
    expect(stored!.n).toBeGreaterThan(0);
    resetAuth();
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.message).toMatch(/too many requests/i);
  });

  it('sends at most three reset links a minute for one address, answering the same page each time', async () => {
    const account = await createAccount();
    const mailTo = async () => (await t.db.select({ n: count() }).from(jobs).where(mailField('to', account.email)))[0]!.n;
    const before = await mailTo();
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push(await post(forgotPassword.action as ActionFn, '/forgot-password', { email: account.email }, '203.0.113.99'));
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect((await mailTo()) - before).toBe(3);
  });

  it('sends at most three confirmation links a minute from the portal notice (15 posts used to send 15)', async () => {
    const account = await createAccount();
    // A session from before confirmation was required: the portal shows the notice with its "send again" button.
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, account.userId));
    const mailTo = async () =>
      (await t.db.select({ n: count() }).from(jobs).where(and(mailField('to', account.email), mailField('purpose', 'verify_email'))))[0]!.n;
    const before = await mailTo();
    const locations = [];
    for (let i = 0; i < 15; i += 1) {
      const request = makeRequest('/portal?index', { cookie: account.cookie, form: { intent: 'resend-verification' } });
      request.headers.set(CLIENT_IP_HEADER, '203.0.113.120');
      const { thrown, value } = await settle(() => dashboard.action({ request, params: {}, context: testContext } as never));
      locations.push(((thrown ?? value) as Response).headers.get('Location'));
    }
    expect((await mailTo()) - before).toBe(3);
    expect(locations.slice(0, 3)).toEqual(Array(3).fill('/portal?verification=sent'));
    expect(locations.slice(3)).toEqual(Array(12).fill('/portal?verification=limited'));
  });

  it('sends at most three confirmation links a minute from the login page, with the same answer for any address', async () => {
    const email = `unconfirmed-${uid()}@example.com`;
    await createAccount({ email, verified: false });
    const mailTo = async () =>
      (await t.db.select({ n: count() }).from(jobs).where(and(mailField('to', email), mailField('purpose', 'verify_email'))))[0]!.n;
    const before = await mailTo();
    const resend = (address: string) => post(login.action as ActionFn, '/login', { intent: 'resend-verification', email: address }, '203.0.113.121');
    const first = await resend(email);
    expect(await resend(`nobody-${uid()}@example.com`)).toEqual(first);
    await resend(email);
    const answers = [];
    for (let i = 0; i < 12; i += 1) answers.push(await resend(email));
    expect(answers.every((a) => a.status === 429)).toBe(true);
    expect((await mailTo()) - before).toBe(2);
  });
});
