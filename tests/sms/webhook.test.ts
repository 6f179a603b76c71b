/**
 * Texts from customers (issue 15) through a stub Twilio that posts signed webhooks over HTTP: replies land in the
 * conversation and on the dashboard, STOP / START / HELP change consent and are answered once, forged or unsigned
 * posts are refused with nothing recorded, floods are limited, long and odd texts are kept whole.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as conversationPage from '~/routes/admin/messages/text-conversation';
import * as messagesPage from '~/routes/admin/messages';
import { getConfig, setConfig } from '~/server/config.server';
import { getDashboard } from '~/server/dashboard/get-dashboard.server';
import { auditLog, jobs, smsConsents, smsMessages } from '~/server/db/schema';
import { countUnreadConversations } from '~/server/sms/conversations.server';
import { keywordOf, keywordReplyText } from '~/server/sms/receive-text.server';
import { enqueueText, processDueTexts } from '~/server/sms/send-text.server';
import { WEBHOOK_LIMIT } from '~/server/sms/webhook.server';
import { createAccount, makeRequest, testContext } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { newSid, type InboundOptions } from '../setup/twilio-stub';
import { consentsOf, createTextCustomer, newMobile, textsTo, withTwilioStub } from './helpers';

const t = withTestDatabase();
const sms = withTwilioStub(t);
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: testContext }) as never;

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
const inbound = (from: string, body: string, extra: Partial<InboundOptions> = {}) =>
  sms.stub.postInbound(sms.webhookUrl, { from, body, signedUrl: sms.publicUrl, ...extra });
const rowCount = async () => ({
  texts: (await t.db.select({ n: count() }).from(smsMessages))[0]!.n,
  consents: (await t.db.select({ n: count() }).from(smsConsents))[0]!.n,
});
/** Sends what is due and returns what the stub received for `phone` in this round. */
async function deliver(phone: string) {
  const before = sms.stub.sent.length;
  await processDueTexts(50);
  return sms.stub.sent.slice(before).filter((m) => m.to === phone);
}

describe('a reply from a customer', () => {
  it('is stored on the customer, counted unread on the dashboard and in Messages, and marked read (audited) when staff open it', async () => {
    const customer = await createTextCustomer({ name: 'Rita Reply' });
    const admin = await createAccount({ admin: true });
    const unreadBefore = await countUnreadConversations();

    const response = await inbound(customer.mobile, 'Is my car ready? 🚗');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(await response.text()).toBe(EMPTY_TWIML);

    const [text] = await textsTo(customer.mobile);
    expect(text).toMatchObject({ customerId: customer.id, direction: 'inbound', state: 'received', body: 'Is my car ready? 🚗', readAt: null });
    expect(text!.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(await countUnreadConversations()).toBe(unreadBefore + 1);
    expect((await getDashboard()).unreadTextConversations).toBe(unreadBefore + 1);

    const list = await messagesPage.loader(args(makeRequest('/admin/messages', { cookie: admin.cookie })));
    expect(list.conversations.find((c) => c.key === customer.id)).toMatchObject({ title: 'Rita Reply', unread: 1, lastDirection: 'inbound' });

    const page = await conversationPage.loader(args(makeRequest(`/admin/messages/texts/${customer.id}`, { cookie: admin.cookie }), { conversationKey: customer.id }));
    expect(page.conversation.customer).toMatchObject({ id: customer.id, name: 'Rita Reply' });
    expect(page.conversation.texts.map((x) => [x.body, x.unread])).toEqual([['Is my car ready? 🚗', true]]);
    expect(await countUnreadConversations()).toBe(unreadBefore);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, customer.id));
    expect(audit).toMatchObject({ action: 'sms.read', actorUserId: admin.userId, changes: { texts: { to: 1 } } });

    // Opening it again writes nothing more.
    await conversationPage.loader(args(makeRequest(`/admin/messages/texts/${customer.id}`, { cookie: admin.cookie }), { conversationKey: customer.id }));
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, customer.id))).toHaveLength(1);
  });

  it('from a number no customer has lands in an unknown-number conversation that cannot be answered', async () => {
    const stranger = newMobile();
    expect((await inbound(stranger, 'Wrong number?')).status).toBe(200);
    const [text] = await textsTo(stranger);
    expect(text).toMatchObject({ customerId: null, body: 'Wrong number?', readAt: null });
    const admin = await createAccount({ admin: true });
    const list = await messagesPage.loader(args(makeRequest('/admin/messages', { cookie: admin.cookie })));
    expect(list.conversations.find((c) => c.key === stranger)).toMatchObject({ customerId: null, title: '(281) 552-' + stranger.slice(-4) + ' (unknown number)', unread: 1 });
    const page = await conversationPage.loader(args(makeRequest(`/admin/messages/texts/${encodeURIComponent(stranger)}`, { cookie: admin.cookie }), { conversationKey: stranger }));
    expect(page.conversation.customer).toBeNull();
    expect(page.conversation.texts).toHaveLength(1);
    const reply = await conversationPage.action(
      args(makeRequest(`/admin/messages/texts/${encodeURIComponent(stranger)}`, { cookie: admin.cookie, form: { body: 'Who is this?' } }), { conversationKey: stranger }),
    );
    expect(reply).toMatchObject({ data: { ok: false, message: expect.stringMatching(/^Not sent: this number is not on file/) }, init: { status: 400 } });
    expect(await textsTo(stranger)).toHaveLength(1);
  });

  it('keeps a 2,000-character reply whole, emoji, accents and line breaks included', async () => {
    const customer = await createTextCustomer();
    const head = 'Ça va? 👍🏽 '.repeat(165); // 12 UTF-16 units each
    const tail = '\nLast line ✅';
    const body = `${head}${'x'.repeat(2000 - head.length - tail.length)}${tail}`;
    expect(body.length).toBe(2000);
    expect((await inbound(customer.mobile, body)).status).toBe(200);
    const [text] = await textsTo(customer.mobile);
    expect(text!.body).toBe(body);
  });

  it('is stored once when the provider posts the same MessageSid twice', async () => {
    const customer = await createTextCustomer();
    const sid = newSid();
    expect((await inbound(customer.mobile, 'Thanks!', { sid })).status).toBe(200);
    const again = await inbound(customer.mobile, 'Thanks!', { sid });
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(EMPTY_TWIML);
    expect(await textsTo(customer.mobile)).toHaveLength(1);
  });

  it('stores a picture message without text with a note for staff', async () => {
    const customer = await createTextCustomer();
    await inbound(customer.mobile, '', { params: { NumMedia: '1', MediaUrl0: 'https://api.twilio.com/media/x', MediaContentType0: 'image/jpeg' } });
    const [text] = await textsTo(customer.mobile);
    expect(text!.body).toMatch(/picture or other attachment/);
  });
});

describe('keywords', () => {
  it('recognises the opt-out, opt-in and help words however they are typed, and nothing else', () => {
    for (const word of ['STOP', 'stop', ' Stop ', 'STOP.', 'stopall', 'Unsubscribe', 'cancel', 'END', 'quit', 'Revoke', 'opt out', 'OPT  OUT', 'optout']) {
      expect(keywordOf(word), word).toBe('stop');
    }
    for (const word of ['START', 'start', 'Unstop!']) expect(keywordOf(word), word).toBe('start');
    for (const word of ['HELP', 'help', 'Info']) expect(keywordOf(word), word).toBe('help');
    for (const text of ['Stop texting me', 'please stop', 'STOPP', 'started?', 'help me find my keys', '']) expect(keywordOf(text), text).toBeNull();
  });

  it('STOP withdraws consent at once for the number, cancels what was waiting, and sends exactly one confirmation', async () => {
    const customer = await createTextCustomer();
    const waiting = await t.db.transaction((tx) => enqueueText(tx, { customerId: customer.id, body: 'Your car is in paint.', purpose: 'status_update' }));
    expect(waiting).not.toBeNull();

    expect((await inbound(customer.mobile, 'Stop')).status).toBe(200);
    const consents = await consentsOf(customer.id);
    expect(consents.at(-1)).toMatchObject({ granted: false, source: 'sms_keyword', phoneE164: customer.mobile });
    expect(consents.at(-1)!.disclosureText).toContain('"Stop"');
    const [cancelledJob] = await t.db.select().from(jobs).where(eq(jobs.id, waiting!.jobIds[0]!));
    expect(cancelledJob).toMatchObject({ state: 'cancelled', lastError: 'Not sent: the customer replied STOP.' });

    const delivered = await deliver(customer.mobile);
    expect(delivered.map((m) => m.body)).toEqual([keywordReplyText('stop')]);
    expect(delivered[0]!.body).toMatch(/unsubscribed.*Reply START/);
    const texts = await textsTo(customer.mobile);
    expect(texts.map((x) => [x.direction, x.state])).toEqual([
      ['outbound', 'cancelled'],
      ['inbound', 'received'],
      ['outbound', 'sent'],
    ]);
    // The keyword itself needs no answer from staff.
    expect(texts[1]!.readAt).not.toBeNull();

    // No consent, no text: nothing more is queued, and a second STOP records nothing new but is confirmed again.
    expect(await t.db.transaction((tx) => enqueueText(tx, { customerId: customer.id, body: 'Ready!', purpose: 'status_update' }))).toBeNull();
    await inbound(customer.mobile, 'STOPALL');
    expect(await consentsOf(customer.id)).toHaveLength(consents.length);
  });

  it('START opts back in with one confirmation, and texts flow again', async () => {
    const customer = await createTextCustomer();
    await inbound(customer.mobile, 'QUIT');
    await deliver(customer.mobile);
    expect((await inbound(customer.mobile, 'start')).status).toBe(200);
    expect((await consentsOf(customer.id)).at(-1)).toMatchObject({ granted: true, source: 'sms_keyword' });
    expect((await deliver(customer.mobile)).map((m) => m.body)).toEqual([keywordReplyText('start')]);
    expect(await t.db.transaction((tx) => enqueueText(tx, { customerId: customer.id, body: 'Ready for pickup.', purpose: 'status_update' }))).not.toBeNull();
    expect((await deliver(customer.mobile)).map((m) => m.body)).toEqual(['Ready for pickup.']);
  });

  it('HELP answers with the shop’s name and phone, to customers and unknown numbers, and changes nothing', async () => {
    const customer = await createTextCustomer();
    const before = await consentsOf(customer.id);
    await inbound(customer.mobile, 'HELP');
    const [answer] = await deliver(customer.mobile);
    expect(answer!.body).toContain(t.config.shop.name);
    expect(answer!.body).toContain(t.config.shop.phone);
    expect(answer!.body).toContain('Reply STOP to opt out');
    expect(await consentsOf(customer.id)).toEqual(before);

    const stranger = newMobile();
    await inbound(stranger, 'info');
    expect((await deliver(stranger)).map((m) => m.body)).toEqual([keywordReplyText('help')]);
  });

  it('when Twilio already answered the keyword (Advanced Opt-Out), records the change without a second confirmation', async () => {
    const customer = await createTextCustomer();
    await inbound(customer.mobile, 'STOP', { params: { OptOutType: 'STOP' } });
    expect((await consentsOf(customer.id)).at(-1)).toMatchObject({ granted: false });
    expect(await deliver(customer.mobile)).toEqual([]);
  });

  it('STOP from a number two customer records share withdraws both', async () => {
    const shared = newMobile();
    const a = await createTextCustomer({ mobile: shared });
    const b = await createTextCustomer({ mobile: shared });
    await inbound(shared, 'END');
    expect((await consentsOf(a.id)).at(-1)!.granted).toBe(false);
    expect((await consentsOf(b.id)).at(-1)!.granted).toBe(false);
    expect(await deliver(shared)).toHaveLength(1);
  });
});

describe('what the webhook refuses', () => {
  it('a missing, forged or mismatched signature: 403 and nothing recorded', async () => {
    const customer = await createTextCustomer();
    const before = await rowCount();
    const attempts = [
      { signature: null },
      { signature: '' },
      { signature: 'bm90IGEgc2lnbmF0dXJl' },
      { token: 'someone-elses-token' },
      { signedUrl: 'https://evil.example.com/webhooks/sms' },
      { signedUrl: sms.webhookUrl }, // signed for the internal address, not the public APP_URL
    ];
    for (const attempt of attempts) {
      const response = await inbound(customer.mobile, 'STOP', attempt);
      expect(response.status, JSON.stringify(attempt)).toBe(403);
      expect(await response.text()).toMatch(/^Forbidden/);
    }
    // A real signature over other parameters (a body swapped in transit).
    const sid = newSid();
    const { getExpectedTwilioSignature } = await import('twilio/lib/webhooks/webhooks.js');
    const signed = getExpectedTwilioSignature(sms.stub.authToken, sms.publicUrl, { MessageSid: sid, From: customer.mobile, Body: 'Hi' });
    const swapped = await inbound(customer.mobile, 'STOP', { sid, signature: signed });
    expect(swapped.status).toBe(403);
    expect(await rowCount()).toEqual(before);
    expect((await consentsOf(customer.id)).at(-1)!.granted).toBe(true);
  });

  it('every post when texts use the outbox driver (no token to check a signature with)', async () => {
    const customer = await createTextCustomer();
    const saved = getConfig();
    setConfig({ ...saved, sms: { provider: 'outbox', twilio: undefined } });
    try {
      const before = await rowCount();
      expect((await inbound(customer.mobile, 'Hello')).status).toBe(403);
      expect(await rowCount()).toEqual(before);
    } finally {
      setConfig(saved);
    }
  });

  it('a signed post without MessageSid or From: 400 and nothing recorded', async () => {
    const before = await rowCount();
    const response = await inbound(newMobile(), 'Hello', { params: { MessageSid: 'nope' } });
    expect(response.status).toBe(400);
    expect(await rowCount()).toEqual(before);
  });

  it('anything but POST: 405', async () => {
    const response = await fetch(sms.webhookUrl);
    expect(response.status).toBe(405);
    const { loader } = await import('~/routes/resources/sms-webhook');
    expect((loader() as Response).headers.get('Allow')).toBe('POST');
  });

  it(`a flood from one address: ${WEBHOOK_LIMIT} a minute, then 429 with Retry-After, forged or not, and other senders unaffected`, async () => {
    const customer = await createTextCustomer();
    const clientIp = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < WEBHOOK_LIMIT + 5; i += 1) {
      const response = await inbound(customer.mobile, `Flood ${i}`, { clientIp, ...(i % 2 ? { signature: 'forged' } : {}) });
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, WEBHOOK_LIMIT).every((s) => s === 200 || s === 403)).toBe(true);
    expect(statuses.slice(WEBHOOK_LIMIT)).toEqual(Array(5).fill(429));
    // The genuine ones before the limit were all kept; none after it.
    expect(await textsTo(customer.mobile)).toHaveLength(WEBHOOK_LIMIT / 2);
    expect((await inbound(customer.mobile, 'From Twilio’s other address', { clientIp: '203.0.113.78' })).status).toBe(200);
  });
});
