/**
 * The durable mail queue (DECISIONS 13, DESIGN.md). Callers enqueue inside their own transaction, so a message exists
 * exactly when the change that caused it was committed. A worker claims due rows with FOR UPDATE SKIP LOCKED (any
 * number of processes may run it), sends them through the transport, and either marks them sent or puts them back
 * with a growing delay; after `maxAttempts` tries a message is marked failed and shown in the back office's Outbox.
 *
 * Retry delays after attempt n (minutes): 1, 2, 5, 15, 40 → six tries spread over a little more than an hour.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import type { Executor } from '../db/client.server';
import { getDb } from '../db/client.server';
import { mailQueue } from '../db/schema';
import { log } from '../logger.server';
import { getMailTransport } from './transport.server';

export interface NewMail {
  /** What the message is for: 'status_update', 'contact', 'verify_email', 'password_reset', ... */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  workOrderId?: string | undefined;
}

export type MailRow = typeof mailQueue.$inferSelect;

export const RETRY_DELAYS_MINUTES = [1, 2, 5, 15, 40] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MINUTES.length + 1;
/** A row left in 'sending' longer than this (its process died) is claimed again. */
export const STALE_SENDING_MINUTES = 10;

/** Line breaks and other control characters, which must never reach a header. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const HEADER_UNSAFE = /[\u0000-\u001F\u007F\u0085\u2028\u2029]+/g;

/**
 * Adds a message to the queue inside the caller's transaction (or on its own); returns its id.
 * Headers cannot be forged through it (issue 13): the subject is put on one line (each run of line breaks or control
 * characters becomes a space), and a recipient containing any is refused with an Error (nothing is queued).
 */
export async function enqueueMail(db: Executor, mail: NewMail): Promise<string> {
  if (new RegExp(HEADER_UNSAFE.source).test(mail.to)) throw new Error('A mail recipient cannot contain line breaks.');
  const [row] = await db
    .insert(mailQueue)
    .values({
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject.replace(HEADER_UNSAFE, ' '),
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      workOrderId: mail.workOrderId ?? null,
      maxAttempts: MAX_ATTEMPTS,
    })
    .returning({ id: mailQueue.id });
  return row!.id;
}

/** Claims up to `limit` due messages for this process (state → sending, attempts + 1). */
export async function claimDueMail(limit = 10): Promise<MailRow[]> {
  const db = getDb();
  const due = db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(
      sql`(${mailQueue.state} = 'queued' and ${mailQueue.nextAttemptAt} <= now())
        or (${mailQueue.state} = 'sending' and ${mailQueue.lockedAt} < now() - make_interval(mins => ${STALE_SENDING_MINUTES}))`,
    )
    .orderBy(mailQueue.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailQueue)
    .set({ state: 'sending', lockedAt: sql`now()`, attempts: sql`${mailQueue.attempts} + 1` })
    .where(inArray(mailQueue.id, due))
    .returning();
}

/** Sends claimed messages and records the outcome; returns how many were sent and how many failed this round. */
export async function processDueMail(limit = 10): Promise<{ sent: number; retried: number; failed: number }> {
  const claimed = await claimDueMail(limit);
  const outcome = { sent: 0, retried: 0, failed: 0 };
  const transport = getMailTransport();
  for (const mail of claimed) {
    try {
      await transport.send({ to: mail.toAddress, subject: mail.subject, text: mail.textBody, html: mail.htmlBody ?? undefined });
      await getDb()
        .update(mailQueue)
        .set({ state: 'sent', sentAt: sql`now()`, lockedAt: null, lastError: null })
        .where(eq(mailQueue.id, mail.id));
      outcome.sent += 1;
    } catch (error) {
      const message = (error as Error).message.slice(0, 500);
      const final = mail.attempts >= mail.maxAttempts;
      const delay = RETRY_DELAYS_MINUTES[Math.min(mail.attempts, RETRY_DELAYS_MINUTES.length) - 1] ?? 40;
      await getDb()
        .update(mailQueue)
        .set({
          state: final ? 'failed' : 'queued',
          lockedAt: null,
          lastError: message,
          nextAttemptAt: final ? mail.nextAttemptAt : sql`now() + make_interval(mins => ${delay})`,
        })
        .where(eq(mailQueue.id, mail.id));
      log().warn({ mailId: mail.id, attempt: mail.attempts, final, err: message }, 'mail delivery failed');
      if (final) outcome.failed += 1;
      else outcome.retried += 1;
    }
  }
  return outcome;
}

/**
 * Puts a failed (or waiting) message back for an immediate new try, audited as 'mail.retry' (state and attempts
 * from/to) in the same transaction; returns false, writing nothing, when there is no such message or it is being sent
 * or already sent. `id` must be a UUID.
 */
export async function retryMail(actor: StaffActor, id: string): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ state: mailQueue.state, attempts: mailQueue.attempts })
      .from(mailQueue)
      .where(and(eq(mailQueue.id, id), inArray(mailQueue.state, ['failed', 'queued'])))
      .for('update');
    if (!before) return false;
    const [after] = await tx
      .update(mailQueue)
      .set({ state: 'queued', nextAttemptAt: sql`now()`, attempts: 0, lockedAt: null })
      .where(eq(mailQueue.id, id))
      .returning({ state: mailQueue.state, attempts: mailQueue.attempts });
    await recordAudit(tx, actor, { action: 'mail.retry', entityId: id, before, after: after! });
    return true;
  });
}

/** Newest messages first, for the Outbox page. */
export async function listMail(limit = 100): Promise<MailRow[]> {
  return getDb().select().from(mailQueue).orderBy(desc(mailQueue.createdAt)).limit(limit);
}

/**
 * Runs `processDueMail` every `intervalMs` until the returned stop function is called (which waits for the round in
 * progress). Errors are logged and the loop goes on.
 */
export function startMailWorker(intervalMs = 5000): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = processDueMail()
      .catch((error) => log().error({ err: (error as Error).message }, 'mail worker round failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  let timer: NodeJS.Timeout = setTimeout(tick, 500);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
