/**
 * Consent capture (issue 15): staff on the Add and Edit Customer forms (a spoken OK, source 'staff_intake', the staff
 * member recorded), the customer in the portal's Settings (source 'portal', their own record only). Every change is
 * a new consent row with the disclosure shown, audited in the same transaction; bad numbers get a field message and
 * nothing is saved.
 */
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as addCustomer from '~/routes/admin/customers/add';
import * as editCustomer from '~/routes/admin/customers/edit';
import * as portalSettings from '~/routes/portal/settings';
import { auditLog, customers, smsConsents } from '~/server/db/schema';
import { smsDisclosureText } from '~/server/sms/consent.server';
import { LANDLINE_MESSAGE } from '~/server/sms/phone.server';
import { createAccount, makeRequest, testContext, uid, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { consentsOf } from './helpers';

const t = withTestDatabase();
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: testContext }) as never;
type Result = { ok: boolean; message: string | null; fieldErrors: Record<string, string>; customerId?: string };
const dataOf = (value: unknown) => {
  const v = value as { type?: string; data: Result; init?: { status?: number } | null };
  return v?.type === 'DataWithResponseInit' ? { data: v.data, status: v.init?.status ?? 200 } : { data: value as Result, status: 200 };
};

let admin: TestAccount;
beforeAll(async () => {
  admin = await createAccount({ admin: true });
});

const consentCount = async () => (await t.db.select({ n: count() }).from(smsConsents))[0]!.n;

describe('staff: Add Customer', () => {
  it('shows the disclosure to read out', async () => {
    const page = await addCustomer.loader(args(makeRequest('/admin/customers/add', { cookie: admin.cookie })));
    expect(page.disclosure).toBe(smsDisclosureText());
    expect(page.disclosure).toMatch(/C\.A\.R\.S Collision & Refinish.*Msg & data rates may apply\. Reply STOP to opt out, HELP for help\. Consent is not a condition of service\./);
  });

  it('records the mobile number, the channel and the spoken OK with the staff member and the disclosure', async () => {
    const name = `Intake ${uid()}`;
    const result = dataOf(
      await addCustomer.action(
        args(makeRequest('/admin/customers/add', { cookie: admin.cookie, form: { name, mobile: '(281) 555-0147', smsConsent: 'on', notifyChannel: 'both' } })),
      ),
    );
    expect(result.data.ok).toBe(true);
    const [customer] = await t.db.select().from(customers).where(eq(customers.name, name));
    expect(customer).toMatchObject({ mobileE164: '+12815550147', notifyChannel: 'both' });
    const [consent] = await consentsOf(customer!.id);
    expect(consent).toMatchObject({ phoneE164: '+12815550147', granted: true, source: 'staff_intake', recordedByUserId: admin.userId, disclosureText: smsDisclosureText() });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, consent!.id));
    expect(audit).toMatchObject([{ action: 'sms_consent.record', actorUserId: admin.userId }]);
    const [created] = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, customer!.id), eq(auditLog.action, 'customer.create')));
    expect(created!.changes).toMatchObject({ mobileE164: { to: '+12815550147' }, notifyChannel: { to: 'both' } });
  });

  it('refuses a landline, texts without a number, and texts without the OK, with field messages and nothing saved', async () => {
    const before = await consentCount();
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ mobile: '(800) 555-0100', smsConsent: 'on', notifyChannel: 'sms' }, 'mobile', new RegExp(`^${LANDLINE_MESSAGE.replace(/[.()]/g, '\\$&')}$`)],
      [{ mobile: 'not a number', notifyChannel: 'email' }, 'mobile', /^Enter a mobile number, e\.g\. \(281\) 555-0147$/],
      [{ smsConsent: 'on', notifyChannel: 'email' }, 'mobile', /^Enter a mobile number to send texts\.$/],
      [{ mobile: '(281) 555-0148', notifyChannel: 'sms' }, 'smsConsent', /tick the box once they agree out loud/],
      [{ notifyChannel: 'pigeon' }, 'notifyChannel', /^Choose how the customer hears from us\.$/],
    ];
    for (const [fields, field, message] of cases) {
      const name = `Refused ${uid()}`;
      const result = dataOf(await addCustomer.action(args(makeRequest('/admin/customers/add', { cookie: admin.cookie, form: { name, ...fields } }))));
      expect(result.status, JSON.stringify(fields)).toBe(400);
      expect(result.data.fieldErrors[field], JSON.stringify(fields)).toMatch(message);
      expect(await t.db.select().from(customers).where(eq(customers.name, name))).toEqual([]);
    }
    expect(await consentCount()).toBe(before);
  });
});

describe('staff: Edit Customer', () => {
  it('records a withdrawal when the box is cleared, a new grant for a new number, and nothing when nothing changed', async () => {
    const created = dataOf(
      await addCustomer.action(
        args(makeRequest('/admin/customers/add', { cookie: admin.cookie, form: { name: `Edit ${uid()}`, mobile: '281-555-0150', smsConsent: 'on', notifyChannel: 'sms' } })),
      ),
    );
    const id = created.data.customerId!;
    const edit = (form: Record<string, string>) =>
      editCustomer.action(args(makeRequest(`/admin/customers/edit/${id}`, { cookie: admin.cookie, form: { name: 'Edited Name', ...form } }), { customerId: id }));

    const page = await editCustomer.loader(args(makeRequest(`/admin/customers/edit/${id}`, { cookie: admin.cookie }), { customerId: id }));
    expect(page.texting).toMatchObject({ mobile: '(281) 555-0150', smsConsent: true, notifyChannel: 'sms', consentSource: 'staff_intake' });

    // Same number, box still ticked: no new consent row.
    expect(dataOf(await edit({ mobile: '(281) 555-0150', smsConsent: 'on', notifyChannel: 'sms' })).data.ok).toBe(true);
    expect(await consentsOf(id)).toHaveLength(1);

    // Box cleared (and the channel back to e-mail): a withdrawal.
    expect(dataOf(await edit({ mobile: '(281) 555-0150', notifyChannel: 'email' })).data.ok).toBe(true);
    expect((await consentsOf(id)).map((c) => [c.phoneE164, c.granted, c.source])).toEqual([
      ['+12815550150', true, 'staff_intake'],
      ['+12815550150', false, 'staff_intake'],
    ]);

    // A new number with the box ticked: a grant for that number.
    expect(dataOf(await edit({ mobile: '+1 281 555 0151', smsConsent: 'on', notifyChannel: 'both' })).data.ok).toBe(true);
    expect((await consentsOf(id)).at(-1)).toMatchObject({ phoneE164: '+12815550151', granted: true, recordedByUserId: admin.userId });
    const [row] = await t.db.select().from(customers).where(eq(customers.id, id));
    expect(row).toMatchObject({ mobileE164: '+12815550151', notifyChannel: 'both', name: 'Edited Name' });
    const updates = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'customer.update')));
    expect(updates.at(-1)!.changes).toMatchObject({ mobileE164: { from: '+12815550150', to: '+12815550151' }, notifyChannel: { from: 'email', to: 'both' } });

    // A landline: field message, nothing changed.
    const refused = dataOf(await edit({ mobile: '(800) 555-0100', smsConsent: 'on', notifyChannel: 'both' }));
    expect(refused.status).toBe(400);
    expect(refused.data.fieldErrors.mobile).toBe(LANDLINE_MESSAGE);
    expect((await t.db.select().from(customers).where(eq(customers.id, id)))[0]!.mobileE164).toBe('+12815550151');
  });
});

describe('customer: portal Settings', () => {
  it('lets the customer give and withdraw consent for their own record only (source portal, audited as them)', async () => {
    const me = await createAccount({ name: 'Portal Pat' });
    const other = await createAccount({ name: 'Other Olive' });
    const save = (form: Record<string, string>) =>
      portalSettings.action(args(makeRequest('/portal/settings', { cookie: me.cookie, form: { intent: 'save-texting', ...form } })));

    const page = await portalSettings.loader(args(makeRequest('/portal/settings', { cookie: me.cookie })));
    expect(page.texting).toMatchObject({ mobile: '', smsConsent: false, notifyChannel: 'email', disclosure: smsDisclosureText() });

    // A customer id in the form is ignored: the record is the session's.
    const saved = dataOf(await save({ mobile: '(713) 555-0190', smsConsent: 'on', notifyChannel: 'sms', customerId: other.customerId! }));
    expect(saved.data).toMatchObject({ ok: true, message: 'Your message settings are saved.' });
    expect((await t.db.select().from(customers).where(eq(customers.id, me.customerId!)))[0]).toMatchObject({ mobileE164: '+17135550190', notifyChannel: 'sms' });
    expect((await t.db.select().from(customers).where(eq(customers.id, other.customerId!)))[0]).toMatchObject({ mobileE164: null, notifyChannel: 'email' });
    expect(await consentsOf(other.customerId!)).toEqual([]);
    const [grant] = await consentsOf(me.customerId!);
    expect(grant).toMatchObject({ granted: true, source: 'portal', recordedByUserId: null, phoneE164: '+17135550190', disclosureText: smsDisclosureText() });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, grant!.id))).toMatchObject([{ action: 'sms_consent.record', actorUserId: me.userId }]);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, me.customerId!), eq(auditLog.action, 'customer.update')))).toMatchObject([
      { actorUserId: me.userId, changes: { mobileE164: { from: null, to: '+17135550190' }, notifyChannel: { from: 'email', to: 'sms' } } },
    ]);

    // Withdrawing: untick and choose e-mail.
    expect(dataOf(await save({ mobile: '(713) 555-0190', notifyChannel: 'email' })).data.ok).toBe(true);
    expect((await consentsOf(me.customerId!)).at(-1)).toMatchObject({ granted: false, source: 'portal' });

    // Texts without agreeing: a field message.
    const refused = dataOf(await save({ mobile: '(713) 555-0190', notifyChannel: 'both' }));
    expect(refused.status).toBe(400);
    expect(refused.data.fieldErrors.smsConsent).toBe('To get texts, tick the box to agree, or choose E-mail.');
  });

  it('still answers the two-factor forms', async () => {
    const me = await createAccount();
    const result = (await portalSettings.action(args(makeRequest('/portal/settings', { cookie: me.cookie, form: { intent: 'enable', password: 'wrong' } })))) as {
      data: { step: string };
    };
    expect(result.data.step).toBe('error');
  });
});
