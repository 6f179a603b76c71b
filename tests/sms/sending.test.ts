/**
 * Sending texts (issue 15) through the stub Twilio: no consent, no text; staff replies from Messages; consent checked
 * again at send time; quiet hours with a fixed clock; long texts split in order; provider errors (21610, refusals,
 * outages); the outbox driver's files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import * as conversationPage from '~/routes/admin/messages/text-conversation';
import { auditLog, customers, jobs, shopSettings, smsMessages, workOrders } from '~/server/db/schema';
import { enqueueJob, processDueJobs, retryJob } from '~/server/jobs/job-queue.server';
import { statusNotificationJob } from '~/server/notifications/customer-notifications.server';
import { listOutbox } from '~/server/jobs/outbox.server';
import { getConfig, setConfig } from '~/server/config.server';
import { NO_CONSENT_REPLY } from '~/server/sms/conversations.server';
import { recordSmsConsent } from '~/server/sms/consent.server';
import { createOutboxProvider, setSmsProvider } from '~/server/sms/provider.server';
import { enqueueText, NO_CONSENT_REASON, processDueTexts, setSmsClock } from '~/server/sms/send-text.server';
import { createAccount, createVehicle, createWorkOrder, makeRequest, testContext, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { consentsOf, createTextCustomer, SHOP_NOON, textsTo, withTwilioStub } from './helpers';

const t = withTestDatabase();
const sms = withTwilioStub(t);
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: testContext }) as never;

afterEach(() => setSmsClock(() => SHOP_NOON));

async function deliver(phone: string) {
  const before = sms.stub.sent.length;
  await processDueTexts(50);
  return sms.stub.sent.slice(before).filter((m) => m.to === phone);
}
const queue = (customerId: string, body: string, purpose = 'status_update') => t.db.transaction((tx) => enqueueText(tx, { customerId, body, purpose }));
const jobOf = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

let adminAccount: TestAccount | undefined;
async function reply(customerId: string, body: string) {
  adminAccount ??= await createAccount({ admin: true, name: 'Sam Staff' });
  return conversationPage.action(
    args(makeRequest(`/admin/messages/texts/${customerId}`, { cookie: adminAccount.cookie, form: { body } }), { conversationKey: customerId }),
  ) as Promise<{ data: { ok: boolean; message: string; fieldErrors: Record<string, string> }; init: { status?: number } | null }>;
}

describe('no consent, no text', () => {
  it('queues nothing for a customer without a mobile number or without a current OK', async () => {
    const noConsent = await createTextCustomer({ consent: false });
    expect(await queue(noConsent.id, 'Hello')).toBeNull();
    const withdrawn = await createTextCustomer();
    await recordSmsConsent(t.db, { customerId: withdrawn.id, phone: withdrawn.mobile, granted: false, source: 'portal', disclosureText: 'x', actor: 'system' });
    expect(await queue(withdrawn.id, 'Hello')).toBeNull();
    // Consent given for an earlier number does not carry over to a new one.
    const moved = await createTextCustomer();
    await t.db.update(customers).set({ mobileE164: '+12815559999' }).where(eq(customers.id, moved.id));
    expect(await queue(moved.id, 'Hello')).toBeNull();
    for (const c of [noConsent, withdrawn, moved]) expect(await t.db.select().from(smsMessages).where(eq(smsMessages.customerId, c.id))).toEqual([]);
  });

  it('a staff reply to a customer without consent says so and stores nothing', async () => {
    const customer = await createTextCustomer({ consent: false });
    const result = await reply(customer.id, 'Your car is ready.');
    expect(result.data).toMatchObject({ ok: false, message: NO_CONSENT_REPLY });
    expect(result.init?.status).toBe(409);
    expect(await textsTo(customer.mobile)).toEqual([]);
    const page = await conversationPage.loader(
      args(makeRequest(`/admin/messages/texts/${customer.id}`, { cookie: adminAccount!.cookie }), { conversationKey: customer.id }),
    );
    expect(page.conversation.consent).toMatchObject({ granted: false, mobileE164: customer.mobile });
  });

  it('a text queued before the customer withdrew is cancelled at send time, not sent', async () => {
    const customer = await createTextCustomer();
    const queued = await queue(customer.id, 'Your estimate is ready.');
    await recordSmsConsent(t.db, { customerId: customer.id, phone: customer.mobile, granted: false, source: 'portal', disclosureText: 'x', actor: 'system' });
    expect(await deliver(customer.mobile)).toEqual([]);
    expect(await jobOf(queued!.jobIds[0]!)).toMatchObject({ state: 'cancelled', lastError: NO_CONSENT_REASON });
    expect((await textsTo(customer.mobile))[0]!.state).toBe('cancelled');
  });
});

describe('a staff reply', () => {
  it('goes through Twilio’s Messages API with the shop’s number, and is recorded as sent with Twilio’s id (audited)', async () => {
    const customer = await createTextCustomer();
    const result = await reply(customer.id, '  Your Civic is ready for pickup 🎉  ');
    expect(result.data).toMatchObject({ ok: true, message: 'Text queued: it goes out in a moment.' });
    const [sent] = await deliver(customer.mobile);
    expect(sent).toMatchObject({ to: customer.mobile, from: sms.stub.fromNumber, messagingServiceSid: null, body: 'Your Civic is ready for pickup 🎉' });
    const [text] = await textsTo(customer.mobile);
    expect(text).toMatchObject({ direction: 'outbound', state: 'sent', providerMessageId: sent!.sid, sentByUserId: adminAccount!.userId, customerId: customer.id });
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, text!.id), eq(auditLog.action, 'sms.reply')));
    expect(audit).toMatchObject({ actorUserId: adminAccount!.userId, changes: { customerId: { to: customer.id }, phone: { to: customer.mobile }, parts: { to: 1 } } });

    const page = await conversationPage.loader(
      args(makeRequest(`/admin/messages/texts/${customer.id}`, { cookie: adminAccount!.cookie }), { conversationKey: customer.id }),
    );
    expect(page.conversation.texts.map((x) => [x.body, x.delivery, x.sentBy])).toEqual([['Your Civic is ready for pickup 🎉', 'sent', 'Sam Staff']]);
    expect((await listOutbox(50)).find((row) => row.id === text!.jobId)).toMatchObject({ channel: 'Text', to: customer.mobile, state: 'done' });
  });

  it('refuses an empty or over-long reply with a field message', async () => {
    const customer = await createTextCustomer();
    expect((await reply(customer.id, '   ')).data.fieldErrors.body).toBe('Write a text first.');
    expect((await reply(customer.id, 'x'.repeat(2001))).data.fieldErrors.body).toBe('At most 2,000 characters.');
    expect(await textsTo(customer.mobile)).toEqual([]);
  });

  it('of 2,000 characters goes as two texts, cut at a word, sent in order', async () => {
    const customer = await createTextCustomer();
    const words = Array.from({ length: 400 }, (_, i) => `w${i}🙂`).join(' ');
    const body = words.slice(0, words.lastIndexOf(' ', 2000));
    const result = await reply(customer.id, body);
    expect(result.data.message).toBe('Text queued as 2 texts: it goes out in a moment.');
    const sent = await deliver(customer.mobile);
    expect(sent).toHaveLength(2);
    for (const m of sent) expect(m.body.length).toBeLessThanOrEqual(1600);
    expect(sent.map((m) => m.body).join(' ')).toBe(body);
    expect((await textsTo(customer.mobile)).map((x) => x.state)).toEqual(['sent', 'sent']);
  });
});

describe('quiet hours (fixed clock)', () => {
  it('holds a text written at 9:30 pm until 8:00 am shop time, without using an attempt', async () => {
    setSmsClock(() => new Date('2030-01-16T03:30:00Z')); // Tue 2030-01-15 21:30 CST
    const customer = await createTextCustomer();
    const queued = await queue(customer.id, 'Estimate approved, parts ordered.');
    expect(await deliver(customer.mobile)).toEqual([]);
    const job = await jobOf(queued!.jobIds[0]!);
    expect(job).toMatchObject({ state: 'queued', attempts: 0 });
    expect(job.runAt.toISOString()).toBe('2030-01-16T14:00:00.000Z'); // Wed 08:00 CST
    expect(job.lastError).toMatch(/^Quiet hours: waits until Jan 16, 2030, 8:00 AM/);
    expect((await textsTo(customer.mobile))[0]!.state).toBe('queued');
  });

  it('follows the shop’s own setting', async () => {
    await t.db.insert(shopSettings).values({ id: 1, quietHoursStartMinute: 12 * 60, quietHoursEndMinute: 13 * 60 + 30 }).onConflictDoUpdate({
      target: shopSettings.id,
      set: { quietHoursStartMinute: 12 * 60, quietHoursEndMinute: 13 * 60 + 30 },
    });
    try {
      setSmsClock(() => new Date('2030-07-15T17:00:00Z')); // 12:00 CDT: inside 12:00–13:30
      const customer = await createTextCustomer();
      const queued = await queue(customer.id, 'Lunch-time text');
      await deliver(customer.mobile);
      expect((await jobOf(queued!.jobIds[0]!)).runAt.toISOString()).toBe('2030-07-15T18:30:00.000Z');
    } finally {
      await t.db.update(shopSettings).set({ quietHoursStartMinute: 20 * 60, quietHoursEndMinute: 8 * 60 }).where(eq(shopSettings.id, 1));
    }
  });

  it('does not hold the answer to STOP or HELP', async () => {
    setSmsClock(() => new Date('2030-01-16T03:30:00Z'));
    const customer = await createTextCustomer();
    await sms.stub.postInbound(sms.webhookUrl, { from: customer.mobile, body: 'HELP', signedUrl: sms.publicUrl });
    expect(await deliver(customer.mobile)).toHaveLength(1);
  });
});

describe('provider errors', () => {
  it('Twilio 21610 (the number replied STOP at the carrier): consent withdrawn, text cancelled, never retried', async () => {
    const customer = await createTextCustomer();
    sms.stub.unsubscribed.add(customer.mobile);
    const queued = await queue(customer.id, 'Hello?');
    expect(await deliver(customer.mobile)).toEqual([]);
    expect(await jobOf(queued!.jobIds[0]!)).toMatchObject({ state: 'cancelled', attempts: 1 });
    expect((await jobOf(queued!.jobIds[0]!)).lastError).toMatch(/opted out.*21610/);
    expect((await textsTo(customer.mobile))[0]!.state).toBe('cancelled');
    expect((await consentsOf(customer.id)).at(-1)).toMatchObject({ granted: false, source: 'sms_keyword' });
    expect(await queue(customer.id, 'Again?')).toBeNull();
  });

  it('a number Twilio refuses (400, e.g. 21614 not a mobile): failed at once with Twilio’s reason', async () => {
    const customer = await createTextCustomer();
    sms.stub.failNext({ status: 400, code: 21614, message: "'To' number is not a valid mobile number" });
    const queued = await queue(customer.id, 'Hello');
    await deliver(customer.mobile);
    expect(await jobOf(queued!.jobIds[0]!)).toMatchObject({ state: 'cancelled', lastError: "Not sent: Twilio 400 error 21614: 'To' number is not a valid mobile number" });
    expect((await textsTo(customer.mobile))[0]!.state).toBe('failed');
  });

  it('an outage is retried with backoff; the last failed try marks the text failed; staff retry sends it', async () => {
    const customer = await createTextCustomer();
    const queued = await queue(customer.id, 'Status update');
    const jobId = queued!.jobIds[0]!;
    sms.stub.failNext({ status: 503, code: 20503, message: 'Service Unavailable' });
    await deliver(customer.mobile);
    expect(await jobOf(jobId)).toMatchObject({ state: 'queued', attempts: 1, lastError: 'Twilio 503 error 20503: Service Unavailable' });
    // Run out the tries.
    const max = (await jobOf(jobId)).maxAttempts;
    for (let i = 1; i < max; i += 1) {
      sms.stub.failNext({ status: 500 });
      await t.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.id, jobId));
      await deliver(customer.mobile);
    }
    expect(await jobOf(jobId)).toMatchObject({ state: 'failed', attempts: max });
    expect((await textsTo(customer.mobile))[0]!.state).toBe('failed');
    adminAccount ??= await createAccount({ admin: true, name: 'Sam Staff' });
    expect(await retryJob({ id: adminAccount.userId, email: adminAccount.email }, jobId)).toBe(true);
    expect((await deliver(customer.mobile)).map((m) => m.body)).toEqual(['Status update']);
    expect((await textsTo(customer.mobile))[0]!.state).toBe('sent');
  });

  it('bad credentials are retried, not dropped (staff fix the token, then retry)', async () => {
    const customer = await createTextCustomer();
    const saved = getConfig();
    setConfig({ ...saved, sms: { provider: 'twilio', twilio: { ...saved.sms.twilio!, authToken: 'wrong' } } });
    setSmsProvider(undefined);
    try {
      const queued = await queue(customer.id, 'Hi');
      await deliver(customer.mobile);
      expect(await jobOf(queued!.jobIds[0]!)).toMatchObject({ state: 'queued', attempts: 1, lastError: 'Twilio 401 error 20003: Authenticate' });
    } finally {
      setConfig(saved);
      setSmsProvider(undefined);
    }
  });
});

describe('status and review texts (issue 15 §4 through enqueueText)', () => {
  it('a status change texts a customer who agreed, with the status link; one who withdrew gets none', async () => {
    const customer = await createTextCustomer();
    const vehicle = await createVehicle(customer.id, { year: 2019, make: 'Toyota', model: 'Camry' });
    const workOrder = await createWorkOrder(vehicle, { status: 'Paint' });
    await enqueueJob(t.db, statusNotificationJob, { workOrderId: workOrder.id }, { runAt: new Date(Date.now() - 1000) });
    await processDueJobs(10, ['status_notification']);
    const [sent] = await deliver(customer.mobile);
    expect(sent!.body).toMatch(new RegExp(`^${t.config.shop.name.replace(/[.&]/g, '\\$&')}: your 2019 Toyota Camry \\(WO #${workOrder.workOrderNumber}\\) is now at: Paint\\. Follow it live: http://localhost:3000/status/`));
    expect((await textsTo(customer.mobile))[0]).toMatchObject({ workOrderId: workOrder.id, state: 'sent' });

    await recordSmsConsent(t.db, { customerId: customer.id, phone: customer.mobile, granted: false, source: 'portal', disclosureText: 'x', actor: 'system' });
    await t.db.update(workOrders).set({ currentStatus: 'Quality Check' }).where(eq(workOrders.id, workOrder.id));
    await enqueueJob(t.db, statusNotificationJob, { workOrderId: workOrder.id }, { runAt: new Date(Date.now() - 1000) });
    await processDueJobs(10, ['status_notification']);
    expect(await deliver(customer.mobile)).toEqual([]);
  });
});

describe('the outbox driver', () => {
  it('writes each text as a JSON file in DATA_DIR/sms and records its id', async () => {
    const dir = path.join(t.dataDir, 'sms');
    setSmsProvider(createOutboxProvider(dir));
    try {
      const customer = await createTextCustomer();
      await queue(customer.id, 'Hello from the outbox 👋');
      await processDueTexts(10);
      const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
      const written = files.map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { id: string; to: string; body: string; time: string });
      const mine = written.find((w) => w.to === customer.mobile);
      expect(mine).toMatchObject({ body: 'Hello from the outbox 👋', id: expect.stringMatching(/^SM[0-9a-f]{32}$/) });
      expect(Number.isNaN(Date.parse(mine!.time))).toBe(false);
      expect((await textsTo(customer.mobile))[0]).toMatchObject({ state: 'sent', providerMessageId: mine!.id });
    } finally {
      setSmsProvider(undefined);
    }
  });
});
