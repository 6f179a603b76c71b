import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as outbox from '~/routes/admin/outbox';
import { auditLog, jobs } from '~/server/db/schema';
import { enqueueMail, processDueMail } from '~/server/mail/mail-queue.server';
import {
  claimDueJobs as claimDueMail,
  dismissJob as dismissMail,
  JOB_WORKER_ID as MAIL_WORKER_ID,
  recoverInterruptedJobs as recoverInterruptedMail,
  retryJob as retryMail,
  RUNNING_LEASE_MINUTES as SENDING_LEASE_MINUTES,
} from '~/server/jobs/job-queue.server';
import { createFileTransport, createSmtpTransport, setMailTransport } from '~/server/mail/transport.server';
import { mailRows, makeQueuedMailDue, withTestSmtp } from '../setup/smtp';
import { createAccount, makeRequest, testContext, uid } from '../setup/factories';
import { dataOf } from '../admin/helpers';
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
    const [row] = await mailRows(eq(jobs.id, id));
    expect(row).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('keeps mail queued while the server refuses, then delivers each message exactly once', async () => {
    smtp().setRefusing(true);
    const recipients = [1, 2, 3].map(() => `down-${uid()}@example.com`);
    for (const to of recipients) await enqueueMail(t.db, { kind: 'test', to, subject: 'Status', text: 'x' });
    const first = await processDueMail();
    expect(first).toMatchObject({ sent: 0, retried: 3 });
    const waiting = await mailRows(eq(jobs.state, 'queued'));
    expect(waiting).toHaveLength(3);
    expect(waiting.every((m) => m.runAt.getTime() > Date.now() + 30_000)).toBe(true);
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
    const [failed] = await mailRows(eq(jobs.id, id));
    expect(failed).toMatchObject({ state: 'failed', attempts: 6 });
    smtp().setRefusing(false);
    expect(await retryMail({ id: 'staff-user-id', email: 'staff@example.com' }, id)).toBe(true);
    await processDueMail();
    const [sent] = await mailRows(eq(jobs.id, id));
    expect(sent?.state).toBe('done');
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

  describe('a worker that dies while sending (issue 13)', () => {
    /** A message left in 'running' by a worker that is gone: claimed by `claimedBy`, `minutesAgo` minutes ago. */
    async function leftSending(claimedBy: string | null, minutesAgo = 0) {
      const to = `crash-${uid()}@example.com`;
      const id = await enqueueMail(t.db, { kind: 'test', to, subject: 'Your car is ready', text: 'x' });
      await t.db
        .update(jobs)
        .set({ state: 'running', attempts: 1, claimedBy, lockedAt: sql`now() - make_interval(mins => ${minutesAgo})` })
        .where(eq(jobs.id, id));
      return { id, to };
    }
    const row = async (id: string) => (await mailRows(eq(jobs.id, id)))[0]!;

    it('claims record which worker holds the message', async () => {
      const id = await enqueueMail(t.db, { kind: 'test', to: `w-${uid()}@example.com`, subject: 'S', text: 'x' });
      const claimed = await claimDueMail(50);
      expect(claimed.find((m) => m.id === id)).toMatchObject({ state: 'running', claimedBy: MAIL_WORKER_ID });
      await t.db.update(jobs).set({ state: 'done', claimedBy: null }).where(eq(jobs.id, id));
    });

    it('at start-up, a message held by a dead worker becomes "interrupted" and is never re-sent by itself', async () => {
      // Same host, a process id that cannot be alive, another worker token: a previous run of this server.
      const dead = await leftSending(`${MAIL_WORKER_ID.split(':')[0]}:999999999:deadbeef`);
      const legacy = await leftSending(null);
      const otherHost = await leftSending('some-other-host:123:abcd1234');
      const recovered = await recoverInterruptedMail({ atStart: true });
      expect(recovered).toBeGreaterThanOrEqual(2);
      expect(await row(dead.id)).toMatchObject({ state: 'interrupted', claimedBy: null, lockedAt: null });
      expect((await row(dead.id)).lastError).toMatch(/may have been sent/);
      expect((await row(legacy.id)).state).toBe('interrupted');
      // A worker on another host may still be sending: its lease has not run out, so it is left alone.
      expect((await row(otherHost.id)).state).toBe('running');
      for (let i = 0; i < 3; i += 1) {
        await makeDue();
        await processDueMail(50);
      }
      expect(smtp().messages.filter((m) => m.to.includes(dead.to) || m.to.includes(legacy.to))).toEqual([]);
    });

    it(`a message held past the ${SENDING_LEASE_MINUTES}-minute lease becomes "interrupted" in the next round, not re-sent`, async () => {
      const stuck = await leftSending('some-other-host:123:abcd1234', SENDING_LEASE_MINUTES + 1);
      const fresh = await leftSending('some-other-host:123:abcd1234', 0);
      // Before this change a stale 'running' row was claimed again after 10 minutes and sent a second time.
      await t.db.update(jobs).set({ lockedAt: sql`now() - interval '11 minutes'` }).where(eq(jobs.id, stuck.id));
      await processDueMail(50);
      expect((await row(stuck.id)).state).toBe('interrupted');
      expect((await row(fresh.id)).state).toBe('running');
      expect(smtp().messages.filter((m) => m.to.includes(stuck.to))).toEqual([]);
    });

    it('staff retry an interrupted or stuck message from the Outbox (audited) and it is sent once; or dismiss it', async () => {
      const admin = await createAccount({ admin: true });
      const interrupted = await leftSending(null);
      await recoverInterruptedMail({ atStart: true });
      const stuck = await leftSending('some-other-host:1:abcd', SENDING_LEASE_MINUTES + 5);
      const busy = await leftSending(MAIL_WORKER_ID, 0);
      const post = async (form: Record<string, string>) =>
        dataOf<{ ok: boolean; message: string }>(
          await outbox.action({ request: makeRequest('/admin/outbox', { cookie: admin.cookie, form }), params: {}, context: testContext } as never),
        );
      expect((await post({ intent: 'retry', mailId: interrupted.id })).data.ok).toBe(true);
      expect((await post({ mailId: stuck.id })).data.ok).toBe(true);
      // One being sent right now by a live worker cannot be retried (that would send it twice).
      const refused = await post({ intent: 'retry', mailId: busy.id });
      expect(refused.status).toBe(409);
      expect((await row(busy.id)).state).toBe('running');
      for (const id of [interrupted.id, stuck.id]) {
        expect(await row(id)).toMatchObject({ state: 'queued', attempts: 0, claimedBy: null });
        const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'mail.retry')));
        expect(audit).toMatchObject({ actorUserId: admin.userId });
      }
      await processDueMail(50);
      expect(smtp().messages.filter((m) => m.to.includes(interrupted.to))).toHaveLength(1);
      expect(smtp().messages.filter((m) => m.to.includes(stuck.to))).toHaveLength(1);

      const other = await leftSending(null);
      await recoverInterruptedMail({ atStart: true });
      expect((await post({ intent: 'dismiss', mailId: other.id })).data.ok).toBe(true);
      expect((await row(other.id)).state).toBe('dismissed');
      const [dismissAudit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, other.id), eq(auditLog.action, 'mail.dismiss')));
      expect(dismissAudit).toBeTruthy();
      expect(await dismissMail({ id: admin.userId, email: admin.email }, busy.id)).toBe(false);
      await t.db.update(jobs).set({ state: 'done' }).where(eq(jobs.id, busy.id));
    });

    it('a worker whose send finishes after its lease ran out still records the message as sent', async () => {
      const to = `late-${uid()}@example.com`;
      const id = await enqueueMail(t.db, { kind: 'test', to, subject: 'S', text: 'x' });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const transport = createSmtpTransport(smtp().url, 'Shop <no-reply@localhost>');
      setMailTransport({
        async send(mail) {
          await gate;
          await transport.send(mail);
        },
      });
      try {
        const round = processDueMail(50);
        await expect.poll(async () => (await row(id)).state).toBe('running');
        await t.db.update(jobs).set({ lockedAt: sql`now() - interval '1 hour'` }).where(eq(jobs.id, id));
        await recoverInterruptedMail();
        expect((await row(id)).state).toBe('interrupted');
        release();
        await round;
        expect((await row(id)).state).toBe('done');
      } finally {
        setMailTransport(transport);
      }
    });
  });
});
