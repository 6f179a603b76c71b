/**
 * The durable mail queue (DECISIONS 13, DESIGN.md). Callers enqueue inside their own transaction, so a message exists
 * exactly when the change that caused it was committed. A worker claims due rows with FOR UPDATE SKIP LOCKED (any
 * number of processes may run it), sends them through the transport, and either marks them sent or puts them back
 * with a growing delay; after `maxAttempts` tries a message is marked failed and shown in the back office's Outbox.
 *
 * Retry delays after attempt n (minutes): 1, 2, 5, 15, 40 → six tries spread over a little more than an hour.
 *
 * A worker that dies while sending (issue 13): each claim records the worker ({@link MAIL_WORKER_ID}) and the time.
 * A message still 'sending' after {@link SENDING_LEASE_MINUTES}, or at start-up one held by a worker of this host that
 * no longer runs, becomes 'interrupted': it may or may not have reached the SMTP server, and it is never re-sent by
 * itself (that is how a customer got the same e-mail twice). Staff retry or dismiss it in the Outbox. SMTP itself
 * cannot tell us whether a message whose conversation was cut off was delivered: delivery is at least once when staff
 * retry such a message, at most once when they dismiss it — never exactly once.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import type { Executor } from '../db/client.server';
import { getDb } from '../db/client.server';
import { mailQueue } from '../db/schema';
import { log } from '../logger.server';
import { getMailTransport } from './transport.server';
import { isProcessAlive } from '../process-alive.server';

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
/**
 * How long (minutes) a worker may hold a message in 'sending' before it counts as interrupted. A worker claims one
 * message at a time and a send is bounded by the SMTP transport's timeouts (10 s to connect, 10 s for the greeting,
 * 20 s of silence), so a live worker is done well within it.
 */
export const SENDING_LEASE_MINUTES = 2;

/** A claim older than the lease ({@link SENDING_LEASE_MINUTES}). */
const leaseExpired = () => sql<boolean>`${mailQueue.lockedAt} < now() - make_interval(mins => ${SENDING_LEASE_MINUTES})`;

/** This process's worker id, `host:pid:token` (a new random token at every start), recorded on the rows it claims. */
export const MAIL_WORKER_ID = `${os.hostname().replace(/:/g, '-')}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;

/** Shown in the Outbox for an interrupted message. */
export const INTERRUPTED_MESSAGE =
  'Interrupted while sending: the server stopped before the result was known, so it may have been sent. Retry or dismiss it.';

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

/** The states a worker may still be sending from (an interrupted one may finish late: its outcome is still recorded). */
const inFlight = () =>
  or(and(eq(mailQueue.state, 'sending'), eq(mailQueue.claimedBy, MAIL_WORKER_ID)), eq(mailQueue.state, 'interrupted'));

/**
 * Claims up to `limit` due queued messages for this worker (state → sending, `claimedBy` = {@link MAIL_WORKER_ID},
 * `lockedAt` = now, attempts + 1). A message in 'sending' is never claimed again: see {@link recoverInterruptedMail}.
 */
export async function claimDueMail(limit = 1): Promise<MailRow[]> {
  const db = getDb();
  const due = db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(and(eq(mailQueue.state, 'queued'), lte(mailQueue.nextAttemptAt, sql`now()`)))
    .orderBy(mailQueue.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailQueue)
    .set({ state: 'sending', lockedAt: sql`now()`, claimedBy: MAIL_WORKER_ID, attempts: sql`${mailQueue.attempts} + 1` })
    .where(inArray(mailQueue.id, due))
    .returning();
}

/** Sends one claimed message and records the outcome. */
async function deliver(mail: MailRow, outcome: { sent: number; retried: number; failed: number }): Promise<void> {
  try {
    await getMailTransport().send({ to: mail.toAddress, subject: mail.subject, text: mail.textBody, html: mail.htmlBody ?? undefined });
    await getDb()
      .update(mailQueue)
      .set({ state: 'sent', sentAt: sql`now()`, lockedAt: null, claimedBy: null, lastError: null })
      .where(and(eq(mailQueue.id, mail.id), inFlight()));
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
        claimedBy: null,
        lastError: message,
        nextAttemptAt: final ? mail.nextAttemptAt : sql`now() + make_interval(mins => ${delay})`,
      })
      .where(and(eq(mailQueue.id, mail.id), inFlight()));
    log().warn({ mailId: mail.id, attempt: mail.attempts, final, err: message }, 'mail delivery failed');
    if (final) outcome.failed += 1;
    else outcome.retried += 1;
  }
}

/**
 * One round of the worker: first marks messages held past the lease as interrupted ({@link recoverInterruptedMail}),
 * then claims and sends due messages one at a time, at most `limit` of them, so a crash can leave at most the one
 * message in flight in doubt. Returns how many were sent, put back for a later try, and failed for good.
 */
export async function processDueMail(limit = 10): Promise<{ sent: number; retried: number; failed: number }> {
  await recoverInterruptedMail();
  const outcome = { sent: 0, retried: 0, failed: 0 };
  for (let i = 0; i < limit; i += 1) {
    const [mail] = await claimDueMail(1);
    if (!mail) break;
    await deliver(mail, outcome);
  }
  return outcome;
}


/**
 * True when the worker named `claimedBy` (host:pid:token) certainly no longer exists, as far as this process can
 * tell: no name at all (claimed before worker ids were recorded), or this host with another token and a process id
 * that is this process's own (a restarted container) or not running. A worker on another host is never judged here.
 */
export function isDeadWorker(claimedBy: string | null): boolean {
  if (!claimedBy) return true;
  const [host, pidText, token] = claimedBy.split(':');
  const [myHost, , myToken] = MAIL_WORKER_ID.split(':');
  if (host !== myHost || token === myToken) return false;
  const pid = Number(pidText);
  return !Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isProcessAlive(pid);
}

/**
 * Marks 'sending' messages whose worker is gone as 'interrupted' (issue 13): those held longer than
 * {@link SENDING_LEASE_MINUTES}, and with `atStart` (the worker's first round after the process starts) those held by a
 * worker {@link isDeadWorker} says is dead. Such a message may or may not have reached the SMTP server, so it is never
 * sent again by itself: staff retry or dismiss it in the Outbox. Returns how many were marked.
 */
export async function recoverInterruptedMail({ atStart = false }: { atStart?: boolean } = {}): Promise<number> {
  const db = getDb();
  const held = await db
    .select({
      id: mailQueue.id,
      claimedBy: mailQueue.claimedBy,
      expired: sql<boolean>`${mailQueue.lockedAt} is null or ${leaseExpired()}`,
    })
    .from(mailQueue)
    .where(eq(mailQueue.state, 'sending'));
  const ids = held.filter((m) => m.expired || (atStart && isDeadWorker(m.claimedBy))).map((m) => m.id);
  if (!ids.length) return 0;
  const marked = await db
    .update(mailQueue)
    .set({ state: 'interrupted', lockedAt: null, claimedBy: null, lastError: INTERRUPTED_MESSAGE })
    .where(and(inArray(mailQueue.id, ids), eq(mailQueue.state, 'sending')))
    .returning({ id: mailQueue.id });
  if (marked.length) log().warn({ mailIds: marked.map((m) => m.id) }, 'mail: messages interrupted while sending; staff can retry or dismiss them');
  return marked.length;
}

/** A 'sending' message held past the lease (its worker is gone): what staff may retry. */
const stuckSending = () => and(eq(mailQueue.state, 'sending'), leaseExpired());

/**
 * Puts a failed, waiting, interrupted or stuck ('sending' past the lease) message back for an immediate new try,
 * audited as 'mail.retry' (state and attempts from/to) in the same transaction; returns false, writing nothing, when
 * there is no such message or it is being sent right now or already sent. `id` must be a UUID.
 */
export async function retryMail(actor: StaffActor, id: string): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ state: mailQueue.state, attempts: mailQueue.attempts })
      .from(mailQueue)
      .where(and(eq(mailQueue.id, id), or(inArray(mailQueue.state, ['failed', 'queued', 'interrupted']), stuckSending())))
      .for('update');
    if (!before) return false;
    const [after] = await tx
      .update(mailQueue)
      .set({ state: 'queued', nextAttemptAt: sql`now()`, attempts: 0, lockedAt: null, claimedBy: null })
      .where(eq(mailQueue.id, id))
      .returning({ state: mailQueue.state, attempts: mailQueue.attempts });
    await recordAudit(tx, actor, { action: 'mail.retry', entityId: id, before, after: after! });
    return true;
  });
}

/**
 * Closes an interrupted or failed message without a new try (staff know it arrived, or it is no longer needed):
 * state → 'dismissed', audited as 'mail.dismiss' in the same transaction. Returns false, writing nothing, for any
 * other message. `id` must be a UUID.
 */
export async function dismissMail(actor: StaffActor, id: string): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ state: mailQueue.state })
      .from(mailQueue)
      .where(and(eq(mailQueue.id, id), inArray(mailQueue.state, ['failed', 'interrupted'])))
      .for('update');
    if (!before) return false;
    await tx.update(mailQueue).set({ state: 'dismissed', lockedAt: null, claimedBy: null }).where(eq(mailQueue.id, id));
    await recordAudit(tx, actor, { action: 'mail.dismiss', entityId: id, before, after: { state: 'dismissed' } });
    return true;
  });
}

/** Newest messages first, for the Outbox page. */
export async function listMail(limit = 100): Promise<MailRow[]> {
  return getDb().select().from(mailQueue).orderBy(desc(mailQueue.createdAt)).limit(limit);
}

/**
 * Runs `processDueMail` every `intervalMs` until the returned stop function is called (which waits for the round in
 * progress); the first round first marks messages left by a dead worker as interrupted (`recoverInterruptedMail` with
 * `atStart`). Errors are logged and the loop goes on.
 */
export function startMailWorker(intervalMs = 5000): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let first = true;
  const tick = () => {
    if (stopped) return;
    const round = first ? recoverInterruptedMail({ atStart: true }).then(() => processDueMail()) : processDueMail();
    first = false;
    running = round
      .catch((error: unknown) => log().error({ err: error }, 'mail worker round failed'))
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
