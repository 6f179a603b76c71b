/**
 * Account linking (DECISIONS 8) and password reset by e-mail: the mails go through the queue, the links in them work
 * against the real Better Auth handler, and a staff-created customer is linked only once the e-mail is verified.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as choosePassword from '~/routes/auth/choose-password';
import * as forgotPassword from '~/routes/auth/forgot-password';
import * as login from '~/routes/auth/login';
import * as register from '~/routes/auth/register';
import * as resetPassword from '~/routes/auth/reset-password';
import * as dashboard from '~/routes/portal/dashboard';
import * as layout from '~/routes/portal/layout';
import * as myVehicles from '~/routes/portal/my-vehicles';
import { getAuth } from '~/server/auth/auth.server';
import { getOptionalUser } from '~/server/auth/session.server';
import { PASSWORD_CHANGED, RESET_LINK_INVALID, RESET_LINK_SENT } from '~/server/auth/password-reset.server';
import { customers, sessions, users, vehicles, workOrders } from '~/server/db/schema';
import { cookieOf, createAccount, createVehicle, createWorkOrder, makeRequest, redirectLocation, settle, signInCookie, testContext, uid } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { mailRows, mailField } from '../setup/smtp';

const t = withTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: testContext }) as never;

async function lastMail(to: string, kind: string) {
  const rows = await mailRows(mailField('to', to));
  const mail = rows.filter((r) => r.kind === kind).at(-1);
  if (!mail) throw new Error(`no ${kind} mail to ${to}`);
  const link = mail.textBody.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error('no link in mail');
  return { mail, link };
}

/** Opens a link from an e-mail against the auth handler, as the browser would (with its `cookie`, if any). */
async function openLink(link: string, cookie?: string) {
  return getAuth().handler(new Request(link, { headers: { Origin: 'http://localhost:3000', ...(cookie ? { Cookie: cookie } : {}) } }));
}


async function staffCustomer(email: string) {
  const [row] = await t.db.insert(customers).values({ name: 'Walk-in Wanda', email, phone: '(281) 555-0199' }).returning();
  const vehicle = await createVehicle(row!.id, { make: 'Staffmade', model: 'Sedan' });
  return { customer: row!, vehicle };
}

describe('account linking', () => {
  it('links a staff-created customer only after the e-mail is verified, and removes the empty sign-up record', async () => {
    const email = `wanda-${uid()}@example.com`;
    const staff = await staffCustomer(email.toUpperCase());
    const account = await createAccount({ email, verified: false });

    // Before verification: nobody can sign in with the password, and the staff record is not linked.
    await expect(signInCookie(email, account.password)).rejects.toThrow(/403/);
    expect((await t.db.select().from(customers).where(eq(customers.id, staff.customer.id)))[0]!.userId).toBeNull();

    // The verification mail is on the queue; its link verifies, signs this browser in and lands on /account/password.
    const { mail, link } = await lastMail(email, 'verify_email');
    expect(mail.state).toBe('queued');
    expect(link).toContain('callbackURL=%2Faccount%2Fpassword');
    const response = await openLink(link);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/account/password');
    const cookie = cookieOf(response);

    const [linked] = await t.db.select().from(customers).where(eq(customers.id, staff.customer.id));
    expect(linked!.userId).toBe(account.userId);
    expect(await t.db.select().from(customers).where(eq(customers.id, account.customerId!))).toHaveLength(0);
    const after = await myVehicles.loader(args(makeRequest('/portal/my-vehicles', { cookie })));
    expect(JSON.stringify(after)).toContain('Staffmade');
    const notice = await layout.loader(args(makeRequest('/portal', { cookie })));
    expect(notice.emailVerified).toBe(true);
  });

  it('moves vehicles added before verification onto the staff record', async () => {
    const email = `merge-${uid()}@example.com`;
    const staff = await staffCustomer(email);
    const account = await createAccount({ email, verified: false });
    const own = await createVehicle(account.customerId!, { make: 'Selfadded' });
    await openLink((await lastMail(email, 'verify_email')).link);
    const [moved] = await t.db.select().from(vehicles).where(eq(vehicles.id, own.id));
    expect(moved!.customerId).toBe(staff.customer.id);
  });

  it('merges a vehicle both records have (same VIN) into the staff one, with its work orders', async () => {
    const email = `same-vin-${uid()}@example.com`;
    const staff = await staffCustomer(email);
    const account = await createAccount({ email, verified: false });
    const own = await createVehicle(account.customerId!, { vin: staff.vehicle.vin, make: 'Selfadded' });
    const order = await createWorkOrder(own);
    await openLink((await lastMail(email, 'verify_email')).link);
    expect(await t.db.select().from(vehicles).where(eq(vehicles.id, own.id))).toHaveLength(0);
    const [moved] = await t.db.select().from(workOrders).where(eq(workOrders.id, order.id));
    expect(moved).toMatchObject({ vehicleId: staff.vehicle.id, customerId: staff.customer.id });
  });

  it('leaves accounts without a matching staff record alone', async () => {
    const account = await createAccount({ verified: false });
    await openLink((await lastMail(account.email, 'verify_email')).link);
    const [row] = await t.db.select().from(customers).where(eq(customers.userId, account.userId));
    expect(row!.id).toBe(account.customerId);
    const [user] = await t.db.select().from(users).where(eq(users.id, account.userId));
    expect(user!.emailVerified).toBe(true);
  });

  it('re-sends the verification e-mail from the portal notice (a session from before confirmation was required)', async () => {
    const account = await createAccount();
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, account.userId));
    const before = (await mailRows(mailField('to', account.email))).length;
    const { thrown, value } = await settle(() =>
      dashboard.action(args(makeRequest('/portal?index', { cookie: account.cookie, form: { intent: 'resend-verification' } }))),
    );
    expect(redirectLocation(thrown ?? value)).toBe('/portal?verification=sent');
    const after = (await mailRows(mailField('to', account.email))).length;
    expect(after).toBe(before + 1);
  });
});

describe('walk-in account takeover (issue 13, hole 1)', () => {
  const registerIn = async (email: string, password: string) => {
    const result = (await register.action(args(makeRequest('/register', { form: { email, password } })))) as {
      init?: { headers?: HeadersInit };
    };
    return new Headers(result.init?.headers)
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  };
  const logIn = async (email: string, password: string) => {
    const { thrown, value } = await settle(() => login.action(args(makeRequest('/login', { form: { email, password } }))));
    const result = (thrown ?? value) as Response | { init?: { status?: number }; data?: { formError?: string } };
    return result instanceof Response ? result.status : (result.init?.status ?? 200);
  };

  it("gives someone who registered a walk-in's address nothing: no sign-in, and once the owner confirms, only the owner", async () => {
    const email = `walkin-${uid()}@example.com`;
    const staff = await staffCustomer(email);

    // Someone else registers the walk-in's address with a password of their own, in their own browser.
    const attackerBrowser = await registerIn(email, 'attackers-password-1');
    expect(attackerBrowser).toMatch(/^shop_registered=/);
    const [attacker] = await t.db.select().from(users).where(eq(users.email, email));
    // They cannot sign in: the address is not confirmed (the login page says so).
    expect(await logIn(email, 'attackers-password-1')).toBe(403);
    // A session they might hold anyway (e.g. from before this rule) is ended by the owner's confirmation below.
    const held = await (await getAuth().$context).internalAdapter.createSession(attacker!.id);

    // The owner opens the link from their mailbox in their own browser (no registration cookie).
    const { link } = await lastMail(email, 'verify_email');
    const opened = await openLink(link);
    expect(opened.headers.get('Location')).toBe('/account/password');
    const owner = cookieOf(opened);

    // The other person's session is gone and their password no longer works.
    expect(await t.db.select().from(sessions).where(eq(sessions.id, held.id))).toHaveLength(0);
    expect(await logIn(email, 'attackers-password-1')).toBe(401);
    // The attacker's browser (with its registration cookie but no session) sees nothing.
    expect(await getOptionalUser(makeRequest('/portal', { cookie: attackerBrowser }))).toBeNull();

    // The owner, signed in by the link, is asked to choose a password, and then sees the walk-in's records.
    const page = await choosePassword.loader(args(makeRequest('/account/password', { cookie: owner })));
    expect(page).toEqual({ email });
    const chosen = await settle(() =>
      choosePassword.action(
        args(makeRequest('/account/password', { cookie: owner, form: { password: 'owners-password-2', confirmPassword: 'owners-password-2' } })),
      ),
    );
    expect(redirectLocation(chosen.thrown ?? chosen.value)).toBe('/portal');
    const list = await myVehicles.loader(args(makeRequest('/portal/my-vehicles', { cookie: owner })));
    expect(JSON.stringify(list)).toContain('Staffmade');
    expect((await t.db.select().from(customers).where(eq(customers.id, staff.customer.id)))[0]!.userId).toBe(attacker!.id);
    expect(await logIn(email, 'owners-password-2')).toBe(302);
    expect(await logIn(email, 'attackers-password-1')).toBe(401);
  });

  it('keeps the password chosen at registration when the link is opened in the browser that registered', async () => {
    const email = `same-browser-${uid()}@example.com`;
    await staffCustomer(email);
    const browser = await registerIn(email, 'my-own-password-3');
    const opened = await openLink((await lastMail(email, 'verify_email')).link, browser);
    expect(opened.headers.get('Location')).toBe('/account/password');
    const signedIn = `${browser}; ${cookieOf(opened)}`;
    // Nothing to choose: the page sends the owner on to the portal, and the password works.
    const { thrown } = await settle(() => choosePassword.loader(args(makeRequest('/account/password', { cookie: signedIn }))));
    expect(redirectLocation(thrown)).toBe('/portal');
    expect(await logIn(email, 'my-own-password-3')).toBe(302);
  });

  it("does not accept another account's registration cookie, nor a forged one", async () => {
    const other = `other-${uid()}@example.com`;
    const otherBrowser = await registerIn(other, 'other-password-4');
    const email = `victim-${uid()}@example.com`;
    await registerIn(email, 'first-password-5');
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const forged = `shop_registered=${user!.id}.${otherBrowser.split('.')[1]}`;
    const link = (await lastMail(email, 'verify_email')).link;
    await openLink(link, `${otherBrowser}; ${forged}`);
    expect(await logIn(email, 'first-password-5')).toBe(401);
  });
});

describe('password reset by e-mail', () => {
  it('mails a link that leads to /reset-password, where a new password can be set', async () => {
    const account = await createAccount();
    const sent = await forgotPassword.action(args(makeRequest('/forgot-password', { form: { email: account.email.toUpperCase() } })));
    expect(sent).toMatchObject({ sent: true });
    const { link } = await lastMail(account.email, 'password_reset');
    const callback = await openLink(link);
    const location = callback.headers.get('Location')!;
    expect(location).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);

    const page = resetPassword.loader(args(makeRequest(location)));
    expect(page.invalid).toBe(false);
    const mismatch = await resetPassword.action(
      args(makeRequest('/reset-password', { form: { token: page.token, password: 'new-password-1', confirmPassword: 'other' } })),
    );
    expect(JSON.stringify(mismatch)).toContain('The two passwords do not match.');
    const done = await resetPassword.action(
      args(makeRequest('/reset-password', { form: { token: page.token, password: 'new-password-1', confirmPassword: 'new-password-1' } })),
    );
    expect(done).toMatchObject({ done: true });
    expect(PASSWORD_CHANGED).toContain('changed');
    await expect(signInCookie(account.email, 'new-password-1')).resolves.toContain('=');
    await expect(signInCookie(account.email, account.password)).rejects.toThrow();

    // The link works once.
    const again = await resetPassword.action(
      args(makeRequest('/reset-password', { form: { token: page.token, password: 'another-pass-2', confirmPassword: 'another-pass-2' } })),
    );
    expect(JSON.stringify(again)).toContain(RESET_LINK_INVALID);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = `nobody-${uid()}@example.com`;
    const result = await forgotPassword.action(args(makeRequest('/forgot-password', { form: { email } })));
    expect(result).toMatchObject({ sent: true });
    expect(RESET_LINK_SENT).toMatch(/If an account exists/);
    expect(await mailRows(mailField('to', email))).toHaveLength(0);
  });

  it('refuses a malformed e-mail with a field message', async () => {
    const result = await forgotPassword.action(args(makeRequest('/forgot-password', { form: { email: 'nope' } })));
    expect(JSON.stringify(result)).toContain('Enter a valid email address.');
  });
});
