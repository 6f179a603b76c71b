/**
 * Account linking (DECISIONS 8) and password reset by e-mail: the mails go through the queue, the links in them work
 * against the real Better Auth handler, and a staff-created customer is linked only once the e-mail is verified.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as forgotPassword from '~/routes/auth/forgot-password';
import * as resetPassword from '~/routes/auth/reset-password';
import * as dashboard from '~/routes/portal/dashboard';
import * as layout from '~/routes/portal/layout';
import * as myVehicles from '~/routes/portal/my-vehicles';
import { getAuth } from '~/server/auth/auth.server';
import { PASSWORD_CHANGED, RESET_LINK_INVALID, RESET_LINK_SENT } from '~/server/auth/password-reset.server';
import { customers, mailQueue, users, vehicles } from '~/server/db/schema';
import { createAccount, createVehicle, makeRequest, redirectLocation, settle, signInCookie, testContext, uid } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';

const t = withTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: testContext }) as never;

async function lastMail(to: string, kind: string) {
  const rows = await t.db.select().from(mailQueue).where(eq(mailQueue.toAddress, to));
  const mail = rows.filter((r) => r.kind === kind).at(-1);
  if (!mail) throw new Error(`no ${kind} mail to ${to}`);
  const link = mail.textBody.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error('no link in mail');
  return { mail, link };
}

/** Opens a link from an e-mail against the auth handler, as the browser would. */
async function openLink(link: string) {
  return getAuth().handler(new Request(link, { headers: { Origin: 'http://localhost:3000' } }));
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
    const account = await createAccount({ email });

    // Before verification: the portal shows the notice and none of the staff record's data.
    const before = await layout.loader(args(makeRequest('/portal', { cookie: account.cookie })));
    expect(before).toMatchObject({ emailVerified: false, email });
    const list = await myVehicles.loader(args(makeRequest('/portal/my-vehicles', { cookie: account.cookie })));
    expect(JSON.stringify(list)).not.toContain('Staffmade');
    expect((await t.db.select().from(customers).where(eq(customers.id, staff.customer.id)))[0]!.userId).toBeNull();

    // The verification mail is on the queue; its link verifies and lands on /portal.
    const { mail, link } = await lastMail(email, 'verify_email');
    expect(mail.state).toBe('queued');
    expect(link).toContain('callbackURL=%2Fportal');
    const response = await openLink(link);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/portal');

    const [linked] = await t.db.select().from(customers).where(eq(customers.id, staff.customer.id));
    expect(linked!.userId).toBe(account.userId);
    expect(await t.db.select().from(customers).where(eq(customers.id, account.customerId!))).toHaveLength(0);
    const after = await myVehicles.loader(args(makeRequest('/portal/my-vehicles', { cookie: account.cookie })));
    expect(JSON.stringify(after)).toContain('Staffmade');
    const notice = await layout.loader(args(makeRequest('/portal', { cookie: account.cookie })));
    expect(notice.emailVerified).toBe(true);
  });

  it('moves vehicles added before verification onto the staff record', async () => {
    const email = `merge-${uid()}@example.com`;
    const staff = await staffCustomer(email);
    const account = await createAccount({ email });
    const own = await createVehicle(account.customerId!, { make: 'Selfadded' });
    await openLink((await lastMail(email, 'verify_email')).link);
    const [moved] = await t.db.select().from(vehicles).where(eq(vehicles.id, own.id));
    expect(moved!.customerId).toBe(staff.customer.id);
  });

  it('leaves accounts without a matching staff record alone', async () => {
    const account = await createAccount();
    await openLink((await lastMail(account.email, 'verify_email')).link);
    const [row] = await t.db.select().from(customers).where(eq(customers.userId, account.userId));
    expect(row!.id).toBe(account.customerId);
    const [user] = await t.db.select().from(users).where(eq(users.id, account.userId));
    expect(user!.emailVerified).toBe(true);
  });

  it('re-sends the verification e-mail from the portal notice', async () => {
    const account = await createAccount();
    const before = (await t.db.select().from(mailQueue).where(eq(mailQueue.toAddress, account.email))).length;
    const { thrown, value } = await settle(() =>
      dashboard.action(args(makeRequest('/portal?index', { cookie: account.cookie, form: { intent: 'resend-verification' } }))),
    );
    expect(redirectLocation(thrown ?? value)).toBe('/portal?verification=sent');
    const after = (await t.db.select().from(mailQueue).where(eq(mailQueue.toAddress, account.email))).length;
    expect(after).toBe(before + 1);
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
    expect(await t.db.select().from(mailQueue).where(eq(mailQueue.toAddress, email))).toHaveLength(0);
  });

  it('refuses a malformed e-mail with a field message', async () => {
    const result = await forgotPassword.action(args(makeRequest('/forgot-password', { form: { email: 'nope' } })));
    expect(JSON.stringify(result)).toContain('Enter a valid email address.');
  });
});
