import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailQueue } from '~/server/db/schema';
import { enqueueMail, processDueMail, retryMail } from '~/server/mail/mail-queue.server';
import { createFileTransport, createSmtpTransport, setMailTransport } from '~/server/mail/transport.server';
import { makeQueuedMailDue, withTestSmtp } from '../setup/smtp';
import { uid } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';

const t = withTestDatabase();
const smtp = withTestSmtp();

const makeDue = makeQueuedMailDue;

describe('mail queue', () => {
  it('delivers a queued message through SMTP and marks it sent', async () => {
    const to = `c-${uid()}@example.com`;
    const id = await enqueueMail(t.db, {
      kind: 'test',
      to,
      subject: 'Your repair',
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    const result = await processDueMail();
    expect(result.sent).toBe(1);
    const received = smtp().messages.filter((m) => m.to.includes(to));
    expect(received).toHaveLength(1);
    expect(received[0]!.raw).toContain('Subject: Your repair');
    const [row] = await t.db.select().from(mailQueue).where(eq(mailQueue.id, id));
    expect(row).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('keeps mail queued while the server refuses, then delivers each message exactly once', async () => {
    smtp().setRefusing(true);
    const recipients = [1, 2, 3].map(() => `down-${uid()}@example.com`);
    for (const to of recipients) await enqueueMail(t.db, { kind: 'test', to, subject: 'Status', text: 'x' });
    const first = await processDueMail();
    expect(first).toMatchObject({ sent: 0, retried: 3 });
    const waiting = await t.db.select().from(mailQueue).where(eq(mailQueue.state, 'queued'));
    expect(waiting).toHaveLength(3);
    expect(waiting.every((m) => m.nextAttemptAt.getTime() > Date.now() + 30_000)).toBe(true);
    expect(waiting.every((m) => m.lastError)).toBe(true);

    smtp().setRefusing(false);
    expect((await processDueMail()).sent).toBe(0); // not due yet
    await makeDue();
    expect((await processDueMail()).sent).toBe(3);
    expect((await processDueMail()).sent).toBe(0);
    for (const to of recipients) expect(smtp().messages.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it('marks a message failed after the last try, and staff can retry it', async () => {
    smtp().setRefusing(true);
    const to = `fail-${uid()}@example.com`;
    const id = await enqueueMail(t.db, { kind: 'test', to, subject: 'S', text: 'x' });
    for (let i = 0; i < 6; i += 1) {
      await makeDue();
      await processDueMail();
    }
    const [failed] = await t.db.select().from(mailQueue).where(eq(mailQueue.id, id));
    expect(failed).toMatchObject({ state: 'failed', attempts: 6 });
    smtp().setRefusing(false);
    expect(await retryMail({ id: 'staff-user-id', email: 'staff@example.com' }, id)).toBe(true);
    await processDueMail();
    const [sent] = await t.db.select().from(mailQueue).where(eq(mailQueue.id, id));
    expect(sent?.state).toBe('sent');
    expect(smtp().messages.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it('writes .eml files when no SMTP server is configured', async () => {
    const dir = path.join(t.dataDir, 'mail');
    setMailTransport(createFileTransport(dir, 'Shop <no-reply@localhost>'));
    try {
      await enqueueMail(t.db, {
        kind: 'test',
        to: 'file@example.com',
        subject: 'Saved to disk',
        text: 'body',
      });
      expect((await processDueMail()).sent).toBe(1);
      const files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      expect(fs.readFileSync(path.join(dir, files[0]!), 'utf8')).toContain('Subject: Saved to disk');
    } finally {
      setMailTransport(createSmtpTransport(smtp().url, 'Shop <no-reply@localhost>'));
    }
  });
});
