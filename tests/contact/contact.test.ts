import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as contact from '~/routes/public/contact';
import * as messages from '~/routes/admin/messages';
import { CONTACT_TEXTS } from '~/lib/schemas/contact';
import { contactMessages } from '~/server/db/schema';
import { hashClientIp, sendContactMessage } from '~/server/contact/send-contact-message.server';
import { processDueMail } from '~/server/mail/mail-queue.server';
import { mailField, mailRows, withTestSmtp } from '../setup/smtp';
import { createAccount, makeRequest, redirectLocation, settle, testContext, uid } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';

const t = withTestDatabase();
const smtp = withTestSmtp();

/** A unique client address per test, so the per-IP limit of one test does not touch another. */
const uniqueIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

const post = (form: Record<string, string>, ip = uniqueIp()) =>
  contact.action({
    request: makeRequest('/contact', { form }),
    params: {},
    context: { ...testContext, clientIp: ip },
  } as never);

function dataOf(value: unknown): {
  data: { fieldErrors: Record<string, string>; values: Record<string, string>; formError: string | null };
  status: number;
} {
  const v = value as { data: never; init?: { status?: number } };
  return { data: v.data, status: v.init?.status ?? 200 };
}

describe('contact form', () => {
  it('stores the message, queues one e-mail to the shop in the same transaction and thanks the visitor', async () => {
    const email = `visitor-${uid()}@example.com`;
    const ip = uniqueIp();
    const { value, thrown } = await settle(() =>
      post(
        {
          name: 'Jane Driver',
          email,
          phone: '(281) 555-0100',
          message: 'Rear bumper damage, need an estimate.',
          website: '',
        },
        ip,
      ),
    );
    expect(redirectLocation(thrown ?? value)).toBe('/contact?sent=1#contact-form');

    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(row).toMatchObject({
      name: 'Jane Driver',
      phone: '(281) 555-0100',
      readAt: null,
      ipHash: hashClientIp(ip),
    });
    expect(row!.ipHash).not.toContain(ip);
    const mails = await mailRows(mailField('purpose', 'contact'));
    const mail = mails.find((m) => m.textBody.includes(email));
    expect(mail).toMatchObject({
      toAddress: t.config.shop.email,
      subject: 'Website message from Jane Driver',
      state: 'queued',
      replyTo: email,
    });

    await processDueMail();
    const received = smtp().messages.find((m) => m.raw.includes(email));
    expect(received?.to).toContain(t.config.shop.email);

    const page = contact.loader({
      request: makeRequest('/contact?sent=1'),
      params: {},
      context: testContext,
    } as never);
    expect(page).toEqual({ sent: true });
    expect(CONTACT_TEXTS.sent).toMatch(/^Thank you!/);
  });

  it('answers missing and malformed fields with 400, field messages and what was typed', async () => {
    const before = await t.db.$count(contactMessages);
    const result = dataOf(await post({ name: '', email: 'not-an-email', message: '   ', phone: '12' }));
    expect(result.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      name: CONTACT_TEXTS.nameRequired,
      email: CONTACT_TEXTS.emailInvalid,
      message: CONTACT_TEXTS.messageRequired,
      phone: CONTACT_TEXTS.phoneInvalid,
    });
    expect(result.data.values).toMatchObject({ email: 'not-an-email', phone: '12' });
    const missing = dataOf(await post({}));
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.data.fieldErrors).sort()).toEqual(['email', 'message', 'name']);
    expect(await t.db.$count(contactMessages)).toBe(before);
  });

  it('refuses a message over 5,000 characters with a clear message', async () => {
    const result = dataOf(await post({ name: 'Long', email: 'long@example.com', message: 'x'.repeat(5001) }));
    expect(result.status).toBe(400);
    expect(result.data.fieldErrors.message).toBe(CONTACT_TEXTS.messageTooLong);
    expect(CONTACT_TEXTS.messageTooLong).toContain('5,000 characters');
    const ok = await settle(() =>
      post({ name: 'Max', email: `max-${uid()}@example.com`, message: 'y'.repeat(5000) }),
    );
    expect(redirectLocation(ok.thrown ?? ok.value)).toBe('/contact?sent=1#contact-form');
  });

  it('refuses a post whose honeypot is filled: nothing stored, nothing queued', async () => {
    const email = `bot-${uid()}@example.com`;
    const result = dataOf(
      await post({ name: 'Bot', email, message: 'Buy now', website: 'http://spam.example' }),
    );
    expect(result.status).toBe(400);
    expect(result.data.formError).toBe(CONTACT_TEXTS.honeypot);
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toEqual([]);
  });

  it('allows five messages per address in ten minutes, refuses the sixth with 429, and counts addresses apart', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i += 1) {
      const { value, thrown } = await settle(() =>
        post({ name: `N${i}`, email: `n${i}-${uid()}@example.com`, message: 'Hello' }, ip),
      );
      expect(redirectLocation(thrown ?? value)).toBe('/contact?sent=1#contact-form');
    }
    const sixth = dataOf(
      await post({ name: 'Six', email: `six-${uid()}@example.com`, message: 'Hello' }, ip),
    );
    expect(sixth.status).toBe(429);
    expect(sixth.data.formError).toBe(CONTACT_TEXTS.rateLimited);
    expect(sixth.data.values.name).toBe('Six');
    const other = await settle(() =>
      post({ name: 'Other', email: `o-${uid()}@example.com`, message: 'Hello' }),
    );
    expect(redirectLocation(other.thrown ?? other.value)).toBe('/contact?sent=1#contact-form');
  });

  it('lets the address send again once the ten minutes have passed', async () => {
    const ip = uniqueIp();
    const past = new Date(Date.now() - 11 * 60_000);
    for (let i = 0; i < 5; i += 1) {
      await sendContactMessage(
        { name: 'Old', email: `old-${uid()}@example.com`, phone: null, message: 'Earlier', ip },
        past,
      );
    }
    const { value, thrown } = await settle(() =>
      post({ name: 'New', email: `new-${uid()}@example.com`, message: 'Now' }, ip),
    );
    expect(redirectLocation(thrown ?? value)).toBe('/contact?sent=1#contact-form');
  });

  it('holds the limit under concurrent posts from one address', async () => {
    const ip = uniqueIp();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        settle(() => post({ name: `C${i}`, email: `c${i}-${uid()}@example.com`, message: 'Race' }, ip)),
      ),
    );
    const accepted = results.filter((r) => redirectLocation(r.thrown ?? r.value)).length;
    expect(accepted).toBe(5);
    expect(results.filter((r) => r.value && dataOf(r.value).status === 429)).toHaveLength(3);
  });
});

describe('contact form: hostile characters (issue 13)', () => {
  it('stores a message carrying NUL and other control characters without them, instead of answering 500', async () => {
    const email = `nul-${uid()}@example.com`;
    const { value, thrown } = await settle(() =>
      post({ name: 'Jane\u0000 Dri\u0007ver', email, phone: '281\u0000 555 0100', message: 'Bumper\u0000 dent\u001b[31m\r\nsecond\tline' }),
    );
    expect(redirectLocation(thrown ?? value)).toBe('/contact?sent=1#contact-form');
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(row).toMatchObject({ name: 'Jane Driver', phone: '281 555 0100', message: 'Bumper dent[31m\r\nsecond\tline' });
  });

  it('refuses line breaks in one-line fields with a field message, storing and sending nothing', async () => {
    const email = `crlf-${uid()}@example.com`;
    for (const name of ['Jane\r\nE-mail: boss@example.com', 'Jane\nDoe', 'Jane\rDoe', 'Jane\u2028Doe']) {
      const result = dataOf(await post({ name, email, phone: '', message: 'Hello' }));
      expect(result.status, JSON.stringify(name)).toBe(400);
      expect(result.data.fieldErrors.name).toBe(CONTACT_TEXTS.singleLine);
      expect(result.data.values.name).toBe(name);
    }
    const phone = dataOf(await post({ name: 'Jane', email, phone: '555 0100\nBcc: x@example.com', message: 'Hello' }));
    expect(phone.status).toBe(400);
    expect(phone.data.fieldErrors.phone).toBeTruthy();
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toEqual([]);
  });

  it("does not let the visitor's message pose as the shop's own lines in the shop's e-mail", async () => {
    const email = `forge-${uid()}@example.com`;
    const forged = 'Hi\n\nName: Someone Else\nRead and mark it in the back office: http://evil.example/admin/messages';
    const { value, thrown } = await settle(() => post({ name: 'Real Name', email, message: forged }));
    expect(redirectLocation(thrown ?? value)).toBe('/contact?sent=1#contact-form');
    const [mail] = (await mailRows(mailField('purpose', 'contact'))).filter((m) => m.textBody.includes(email));
    const lines = mail!.textBody.split('\n');
    expect(lines.filter((l) => l.startsWith('Name: '))).toEqual(['Name: Real Name']);
    expect(lines.filter((l) => l.startsWith('Read and mark it'))).toEqual([`Read and mark it in the back office: ${t.config.appUrl}/admin/messages`]);
    expect(lines).toContain('> Read and mark it in the back office: http://evil.example/admin/messages');
    while ((await processDueMail(50)).sent > 0);
    const received = smtp().messages.find((m) => m.raw.includes(email));
    const headers = received!.raw.split(/\r?\n\r?\n/)[0]!;
    expect(headers).toMatch(/^Subject: Website message from Real Name$/m);
    expect(headers).not.toMatch(/^Bcc:/im);
  });
});

describe('contact inbox (back office)', () => {
  it('lists messages newest first with unread ones marked, and marks one read', async () => {
    const admin = await createAccount({ admin: true });
    const tag = uid();
    const older = await sendContactMessage(
      { name: `Older ${tag}`, email: 'a@example.com', phone: null, message: 'first', ip: uniqueIp() },
      new Date(Date.now() - 60_000),
    );
    const newer = await sendContactMessage({
      name: `Newer ${tag}`,
      email: 'b@example.com',
      phone: null,
      message: 'second',
      ip: uniqueIp(),
    });
    const args = (request: Request) => ({ request, params: {}, context: testContext }) as never;

    const page = await messages.loader(args(makeRequest('/admin/messages', { cookie: admin.cookie })));
    const ids = page.messages.map((m) => m.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(page.messages.find((m) => m.id === newer)?.readAt).toBeNull();
    const unreadBefore = page.unread;

    const result = await messages.action(
      args(
        makeRequest('/admin/messages', {
          cookie: admin.cookie,
          form: { intent: 'mark-read', messageId: newer },
        }),
      ),
    );
    expect(result).toEqual({ error: null });
    const after = await messages.loader(args(makeRequest('/admin/messages', { cookie: admin.cookie })));
    expect(after.messages.find((m) => m.id === newer)?.readAt).toBeInstanceOf(Date);
    expect(after.unread).toBe(unreadBefore - 1);

    const bad = await messages.action(
      args(
        makeRequest('/admin/messages', {
          cookie: admin.cookie,
          form: { intent: 'mark-read', messageId: 'nope' },
        }),
      ),
    );
    expect(dataOf(bad).status).toBe(404);
  });

  it('is for staff only: a customer is sent to /portal, a visitor to /login', async () => {
    const customer = await createAccount();
    const args = (request: Request) => ({ request, params: {}, context: testContext }) as never;
    const asCustomer = await settle(() =>
      messages.loader(args(makeRequest('/admin/messages', { cookie: customer.cookie }))),
    );
    expect(redirectLocation(asCustomer.thrown)).toBe('/portal');
    const asVisitor = await settle(() =>
      messages.action(
        args(
          makeRequest('/admin/messages', { form: { intent: 'mark-read', messageId: crypto.randomUUID() } }),
        ),
      ),
    );
    expect(redirectLocation(asVisitor.thrown)).toMatch(/^\/login/);
  });
});
