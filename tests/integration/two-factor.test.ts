import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as adminDashboard from '~/routes/admin/dashboard';
import * as login from '~/routes/auth/login';
import * as challenge from '~/routes/auth/two-factor-challenge';
import * as setup from '~/routes/auth/two-factor-setup';
import * as portalSettings from '~/routes/portal/settings';
import { resetAuth } from '~/server/auth/auth.server';
import { getOptionalUser } from '~/server/auth/session.server';
import { createLocalStorage, setStorage } from '~/server/storage/storage.server';
import * as documentFile from '~/routes/resources/document-file';
import { CODE_NOT_CHECKED } from '~/server/auth/two-factor.server';
import { getConfig, setConfig } from '~/server/config.server';
import { cookieOf, createAccount, createVehicle, createWorkOrder, makeRequest, redirectLocation, settle, signInCookie, testContext } from '../setup/factories';
import { addDocument } from '../portal/helpers';
import { withTestDatabase } from '../setup/test-db';
import { totpFor } from '../setup/totp';

const t = withTestDatabase({ REQUIRE_ADMIN_2FA: 'true' });
beforeAll(() => setStorage(createLocalStorage(path.join(t.dataDir, 'files'))));

const args = (request: Request) => ({ request, params: {}, context: testContext }) as never;
const body = (value: unknown) => (value as { data: Record<string, unknown> }).data;

async function enrol(path: string, action: (a: never) => Promise<unknown>, cookie: string, password: string) {
  const started = body(await action(args(makeRequest(path, { cookie, form: { intent: 'enable', password } }))));
  expect(started).toMatchObject({ step: 'verify' });
  expect(started.qrDataUri).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(started.backupCodes).toHaveLength(10);
  const secret = String(started.secret);
  const wrong = body(await action(args(makeRequest(path, { cookie, form: { intent: 'verify', code: '000000', secret } }))));
  expect(wrong).toMatchObject({ step: 'verify', formError: 'Invalid code' });
  const result = await action(args(makeRequest(path, { cookie, form: { intent: 'verify', code: await totpFor(secret), secret } })));
  expect(body(result)).toEqual({ step: 'done', message: 'Two-factor authentication is now on.' });
  // Turning two-factor on renews the session: the page sends the new cookie, as a browser would keep it.
  const headers = new Headers((result as { init?: { headers?: HeadersInit } }).init?.headers);
  const renewed = headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { secret, backupCodes: started.backupCodes as string[], cookie: renewed || cookie };
}

describe('two-factor authentication', () => {
  it('a customer turns it on in portal settings; signing in then needs a code from the app', async () => {
    const account = await createAccount();
    const { secret } = await enrol('/portal/settings', portalSettings.action, account.cookie, account.password);

    const first = await settle(() => login.action(args(makeRequest('/login', { form: { email: account.email, password: account.password } }))));
    const toChallenge = (first.thrown ?? first.value) as Response;
    expect(redirectLocation(toChallenge)).toBe('/login/two-factor?redirectTo=');
    expect(await getOptionalUser(makeRequest('/portal', { cookie: cookieOf(toChallenge) }))).toBeNull();

    const challengeCookie = cookieOf(toChallenge);
    const refused = await challenge.action(args(makeRequest('/login/two-factor', { cookie: challengeCookie, form: { code: '123456' } })));
    expect(body(refused).formError).toBe('Invalid code');

    const passed = await settle(() =>
      challenge.action(args(makeRequest('/login/two-factor', { cookie: challengeCookie, form: { code: '' } }))),
    );
    expect(body(passed.value).fieldErrors).toEqual({ code: 'Enter a code.' });

    const ok = await settle(async () =>
      challenge.action(args(makeRequest('/login/two-factor', { cookie: challengeCookie, form: { code: await totpFor(secret) } }))),
    );
    const response = (ok.thrown ?? ok.value) as Response;
    expect(redirectLocation(response)).toBe('/portal');
    expect(await getOptionalUser(makeRequest('/portal', { cookie: cookieOf(response) }))).toMatchObject({ email: account.email, twoFactorEnabled: true });
  });

  it('turning it on ends every other session of the account (issue 13), and keeps this one', async () => {
    const account = await createAccount();
    const elsewhere = await signInCookie(account.email, account.password);
    expect(await getOptionalUser(makeRequest('/portal', { cookie: elsewhere }))).not.toBeNull();
    const { cookie } = await enrol('/portal/settings', portalSettings.action, account.cookie, account.password);
    expect(await getOptionalUser(makeRequest('/portal', { cookie: elsewhere }))).toBeNull();
    expect(await getOptionalUser(makeRequest('/portal', { cookie }))).toMatchObject({ email: account.email, twoFactorEnabled: true });
  });

  it('a backup code works once in place of the app', async () => {
    const account = await createAccount();
    const { backupCodes } = await enrol('/portal/settings', portalSettings.action, account.cookie, account.password);
    const signIn = async () => {
      const r = await settle(() => login.action(args(makeRequest('/login', { form: { email: account.email, password: account.password } }))));
      return cookieOf((r.thrown ?? r.value) as Response);
    };
    const use = async (cookie: string) => {
      const r = await settle(() =>
        challenge.action(args(makeRequest('/login/two-factor', { cookie, form: { method: 'backup', code: backupCodes[0]! } }))),
      );
      return r.thrown ?? r.value;
    };
    expect(redirectLocation(await use(await signIn()))).toBe('/portal');
    expect(body(await use(await signIn())).formError).toBeTruthy();
  });

  it('with REQUIRE_ADMIN_2FA an admin is sent to enrol before any admin page, and gets in after', async () => {
    const admin = await createAccount({ admin: true });
    const blocked = await settle(() => adminDashboard.loader(args(makeRequest('/admin', { cookie: admin.cookie }))));
    expect(redirectLocation(blocked.thrown)).toBe('/account/two-factor?required=1');
    const page = await setup.loader(args(makeRequest('/account/two-factor', { cookie: admin.cookie })));
    expect(page).toMatchObject({ enabled: false, required: true, home: '/admin' });
    const { cookie } = await enrol('/account/two-factor', setup.action, admin.cookie, admin.password);
    const allowed = await settle(() => adminDashboard.loader(args(makeRequest('/admin', { cookie }))));
    expect(allowed.thrown).toBeUndefined();
  });

  it('with REQUIRE_ADMIN_2FA staff without two-factor cannot open customer files either (issue 13)', async () => {
    const admin = await createAccount({ admin: true });
    const customer = await createAccount();
    const workOrder = await createWorkOrder(await createVehicle(customer.customerId!));
    const doc = await addDocument(workOrder, 'quote');
    const open = (cookie: string) =>
      settle(() => documentFile.loader({ request: makeRequest(`/files/documents/${doc.id}`, { cookie }), params: { documentId: doc.id }, context: testContext } as never));
    const refused = await open(admin.cookie);
    expect(redirectLocation(refused.thrown)).toBe('/account/two-factor?required=1');
    const { cookie } = await enrol('/account/two-factor', setup.action, admin.cookie, admin.password);
    const served = await open(cookie);
    expect((served.value as Response).status).toBe(200);
    // The customer's own file is unaffected by the staff rule.
    expect(((await open(customer.cookie)).value as Response).status).toBe(200);
  });

  it('turning it off needs the password', async () => {
    const account = await createAccount();
    const { cookie } = await enrol('/portal/settings', portalSettings.action, account.cookie, account.password);
    const wrong = body(await portalSettings.action(args(makeRequest('/portal/settings', { cookie, form: { intent: 'disable', password: 'nope-nope' } }))));
    expect(wrong).toMatchObject({ step: 'error' });
    const off = body(await portalSettings.action(args(makeRequest('/portal/settings', { cookie, form: { intent: 'disable', password: account.password } }))));
    expect(off).toEqual({ step: 'done', message: 'Two-factor authentication is now off.' });
  });

  it('a code that cannot be checked (the auth secret changed since enrolment) gets a clear message, not a server error', async () => {
    const account = await createAccount();
    const { secret, backupCodes } = await enrol('/portal/settings', portalSettings.action, account.cookie, account.password);
    const original = getConfig();
    // As after a restore under another BETTER_AUTH_SECRET: the stored two-factor data no longer decrypts.
    setConfig({ ...original, authSecret: 'another-secret-another-secret-0123456789' });
    resetAuth();
    const serverLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const [method, code] of [['totp', await totpFor(secret)], ['backup', backupCodes[0]!]] as const) {
        const first = await settle(() => login.action(args(makeRequest('/login', { form: { email: account.email, password: account.password } }))));
        const cookie = cookieOf((first.thrown ?? first.value) as Response);
        const answer = await settle(() => challenge.action(args(makeRequest('/login/two-factor', { cookie, form: { method, code } }))));
        expect(answer.thrown).toBeUndefined();
        expect((answer.value as { init?: { status?: number } }).init?.status).toBe(401);
        expect(body(answer.value).formError).toBe(CODE_NOT_CHECKED);
      }
    } finally {
      serverLog.mockRestore();
      setConfig(original);
      resetAuth();
    }
  });
});
