/**
 * One queue for everything the product sends or does later (issue 15; the mail queue of DECISIONS 13, generalised).
 *
 * A job is a row of `jobs`: a `kind` naming a definition made with {@link defineJob} (its Zod schema checks the
 * payload when the job is queued AND when it runs) and a JSON payload. Callers queue jobs inside their own transaction
 * ({@link enqueueJob}), so a job exists exactly when the change that caused it was committed. A worker in every
 * process claims due jobs with FOR UPDATE SKIP LOCKED, runs them one at a time, and marks them done, or puts them back
 * with a growing delay ({@link RETRY_DELAYS_MINUTES}: 1, 2, 5, 15, 40 minutes → six tries over a little more than an
 * hour), or after `maxAttempts` marks them failed; failed e-mails and texts show in the back office's Outbox, where
 * staff retry or dismiss them.
 *
 * Two kinds of effect:
 * - 'external' (an e-mail, a text): the effect leaves the machine and cannot be undone or asked about. A job held
 *   'running' past {@link RUNNING_LEASE_MINUTES}, or at start-up one held by a worker of this host that no longer runs,
 *   becomes 'interrupted' and is never run again by itself (issue 13: that is how a customer got the same e-mail
 *   twice); staff retry (at least once) or dismiss (at most once) it.
 * - 'internal' (work on the database only: a status message waiting out its window, a review request): the handler
 *   receives the transaction that also marks the job done, so its writes and the completion commit together; a run cut
 *   off midway left nothing and is simply queued again.
 *
 * A handler may throw {@link RescheduleJob} (run later without using an attempt: quiet hours) or {@link CancelJob}
 * (the job became pointless: state 'cancelled' with the reason). Any other error counts as a failed attempt; its
 * message (500 characters at most) is kept in `lastError`.
 *
 * Deduplication: a job queued with a `dedupeKey` while another with the same key still waits replaces that one's
 * payload (it keeps its `runAt`), so several status changes within the 2-minute window send one message.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { and, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { isAuditAction, type AuditAction } from '~/lib/audit';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import type { Executor } from '../db/client.server';
import { getDb } from '../db/client.server';
import { jobs } from '../db/schema';
import { log } from '../logger.server';
import { isProcessAlive } from '../process-alive.server';

export type JobRow = typeof jobs.$inferSelect;

export const RETRY_DELAYS_MINUTES = [1, 2, 5, 15, 40] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MINUTES.length + 1;
/**
 * How long (minutes) a worker may hold a job in 'running' before it counts as interrupted (external) or is queued
 * again (internal). A worker runs one job at a time and a send is bounded by its transport's timeouts (SMTP: 10 s to
 * connect, 10 s for the greeting, 20 s of silence; texts: 15 s), so a live worker is done well within it.
 */
export const RUNNING_LEASE_MINUTES = 2;

/** This process's worker id, `host:pid:token` (a new random token at every start), recorded on the jobs it claims. */
export const JOB_WORKER_ID = `${os.hostname().replace(/:/g, '-')}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;

/** Shown in the Outbox for an interrupted job. */
export const INTERRUPTED_MESSAGE =
  'Interrupted while sending: the server stopped before the result was known, so it may have been sent. Retry or dismiss it.';

/** Thrown by a handler: run the job again at `runAt` without counting an attempt (e.g. quiet hours). */
export class RescheduleJob extends Error {
  constructor(
    readonly runAt: Date,
    reason: string,
  ) {
    super(reason);
    this.name = 'RescheduleJob';
  }
}

/** Thrown by a handler: the job is no longer wanted (state 'cancelled', `reason` kept as its last error). */
export class CancelJob extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CancelJob';
  }
}

export interface JobContext {
  job: JobRow;
  /** For an 'internal' job: the transaction that will also mark it done. For an 'external' one: the database. */
  db: Executor;
}

export interface JobDefinition<S extends z.ZodType> {
  kind: string;
  payload: S;
  effect: 'external' | 'internal';
  /** Tries before the job is failed (default {@link MAX_ATTEMPTS}). */
  maxAttempts?: number;
  run(payload: z.infer<S>, ctx: JobContext): Promise<void>;
}

const registry = new Map<string, JobDefinition<z.ZodType>>();

/**
 * Declares a job kind (once per process; module scope). Throws when another definition already uses `kind`.
 * Returns the definition, to pass to {@link enqueueJob}.
 */
export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  const existing = registry.get(definition.kind);
  if (existing && existing !== (definition as unknown)) throw new Error(`Job kind '${definition.kind}' is defined twice.`);
  registry.set(definition.kind, definition as unknown as JobDefinition<z.ZodType>);
  return definition;
}

/** The kinds this process can run (defined so far). */
export function definedJobKinds(): string[] {
  return [...registry.keys()];
}

export interface EnqueueOptions {
  /** When the job becomes due (default now); a Date or an SQL expression such as `now() + interval '2 minutes'`. */
  runAt?: Date | SQL | undefined;
  /** At most one queued job per key: a second one replaces the waiting one's payload (see module docs). */
  dedupeKey?: string | undefined;
  workOrderId?: string | null | undefined;
  customerId?: string | null | undefined;
}

/**
 * Queues a job inside the caller's transaction (or on its own) and returns its id. The payload is checked with the
 * definition's schema first: a ZodError is thrown and nothing is queued when it does not fit.
 */
export async function enqueueJob<S extends z.ZodType>(
  db: Executor,
  definition: JobDefinition<S>,
  payload: z.input<S>,
  options: EnqueueOptions = {},
): Promise<string> {
  const checked = definition.payload.parse(payload) as Record<string, unknown>;
  const values = {
    kind: definition.kind,
    payload: checked,
    maxAttempts: definition.maxAttempts ?? MAX_ATTEMPTS,
    runAt: options.runAt ?? sql`now()`,
    dedupeKey: options.dedupeKey ?? null,
    workOrderId: options.workOrderId ?? null,
    customerId: options.customerId ?? null,
  };
  const insert = db.insert(jobs).values(values);
  const [row] = options.dedupeKey
    ? await insert
        .onConflictDoUpdate({
          target: jobs.dedupeKey,
          targetWhere: sql`${jobs.state} = 'queued' AND ${jobs.dedupeKey} IS NOT NULL`,
          set: { payload: checked, updatedAt: sql`now()` },
        })
        .returning({ id: jobs.id })
    : await insert.returning({ id: jobs.id });
  return row!.id;
}

/**
 * Cancels the queued job with `dedupeKey` (if any) inside the caller's transaction, keeping `reason`; returns whether
 * one was waiting.
 */
export async function cancelQueuedJob(db: Executor, dedupeKey: string, reason: string): Promise<boolean> {
  const cancelled = await db
    .update(jobs)
    .set({ state: 'cancelled', lastError: reason, finishedAt: sql`now()`, dedupeKey: null })
    .where(and(eq(jobs.dedupeKey, dedupeKey), eq(jobs.state, 'queued')))
    .returning({ id: jobs.id });
  return cancelled.length > 0;
}

/** The states a worker may still be running from (an interrupted job may finish late: its outcome is still recorded). */
const inFlight = () => or(and(eq(jobs.state, 'running'), eq(jobs.claimedBy, JOB_WORKER_ID)), eq(jobs.state, 'interrupted'));

/** A claim older than the lease. */
const leaseExpired = () => sql<boolean>`${jobs.lockedAt} < now() - make_interval(mins => ${RUNNING_LEASE_MINUTES})`;

/**
 * Claims up to `limit` due queued jobs of the kinds this process knows (state → running, `claimedBy` =
 * {@link JOB_WORKER_ID}, `lockedAt` = now, attempts + 1), oldest due first.
 */
export async function claimDueJobs(limit = 1, kinds: string[] = definedJobKinds()): Promise<JobRow[]> {
  if (!kinds.length) return [];
  const db = getDb();
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.state, 'queued'), lte(jobs.runAt, sql`now()`), inArray(jobs.kind, kinds)))
    .orderBy(jobs.runAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({ state: 'running', lockedAt: sql`now()`, claimedBy: JOB_WORKER_ID, attempts: sql`${jobs.attempts} + 1`, dedupeKey: null })
    .where(inArray(jobs.id, due))
    .returning();
}

export interface JobOutcome {
  done: number;
  retried: number;
  failed: number;
  rescheduled: number;
  cancelled: number;
}

/** Runs one claimed job and records the outcome (see module docs). */
async function runJob(job: JobRow, outcome: JobOutcome): Promise<void> {
  const definition = registry.get(job.kind);
  type Finish = Partial<Record<'state' | 'lastError' | 'attempts', unknown>> & { finishedAt?: SQL; runAt?: Date | SQL };
  const finish = (db: Executor, set: Finish) =>
    db
      .update(jobs)
      .set({ lockedAt: null, claimedBy: null, ...(set as Partial<typeof jobs.$inferInsert>) })
      .where(and(eq(jobs.id, job.id), inFlight()));
  try {
    if (!definition) throw new Error(`No job definition for kind '${job.kind}'.`);
    const payload = definition.payload.parse(job.payload);
    if (definition.effect === 'internal') {
      await getDb().transaction(async (tx) => {
        await definition.run(payload, { job, db: tx });
        await finish(tx, { state: 'done', finishedAt: sql`now()`, lastError: null });
      });
    } else {
      await definition.run(payload, { job, db: getDb() });
      await finish(getDb(), { state: 'done', finishedAt: sql`now()`, lastError: null });
    }
    outcome.done += 1;
  } catch (error) {
    if (error instanceof RescheduleJob) {
      // Not an attempt: give it back.
      await finish(getDb(), { state: 'queued', runAt: error.runAt, attempts: Math.max(0, job.attempts - 1), lastError: error.message });
      outcome.rescheduled += 1;
      return;
    }
    if (error instanceof CancelJob) {
      await finish(getDb(), { state: 'cancelled', finishedAt: sql`now()`, lastError: error.message });
      outcome.cancelled += 1;
      return;
    }
    const message = ((error as Error).message || String(error)).slice(0, 500);
    const final = job.attempts >= job.maxAttempts;
    const delay = RETRY_DELAYS_MINUTES[Math.min(job.attempts, RETRY_DELAYS_MINUTES.length) - 1] ?? 40;
    await finish(getDb(), {
      state: final ? 'failed' : 'queued',
      lastError: message,
      runAt: final ? job.runAt : sql`now() + make_interval(mins => ${delay})`,
    });
    log().warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, final, err: message }, 'job failed');
    if (final) outcome.failed += 1;
    else outcome.retried += 1;
  }
}

/**
 * One round of the worker: first deals with jobs held past the lease ({@link recoverInterruptedJobs}), then claims
 * and runs due jobs one at a time, at most `limit` of them, so a crash can leave at most one external job in doubt.
 * `kinds` limits the round to some kinds (tests); by default every defined kind.
 */
export async function processDueJobs(limit = 10, kinds?: string[]): Promise<JobOutcome> {
  await recoverInterruptedJobs();
  const outcome: JobOutcome = { done: 0, retried: 0, failed: 0, rescheduled: 0, cancelled: 0 };
  for (let i = 0; i < limit; i += 1) {
    const [job] = await claimDueJobs(1, kinds);
    if (!job) break;
    await runJob(job, outcome);
  }
  return outcome;
}

/**
 * True when the worker named `claimedBy` (host:pid:token) certainly no longer exists, as far as this process can
 * tell: no name at all, or this host with another token and a process id that is this process's own (a restarted
 * container) or not running. A worker on another host is never judged here.
 */
export function isDeadWorker(claimedBy: string | null): boolean {
  if (!claimedBy) return true;
  const [host, pidText, token] = claimedBy.split(':');
  const [myHost, , myToken] = JOB_WORKER_ID.split(':');
  if (host !== myHost || token === myToken) return false;
  const pid = Number(pidText);
  return !Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isProcessAlive(pid);
}

/**
 * Jobs whose worker is gone — held 'running' past {@link RUNNING_LEASE_MINUTES}, or with `atStart` held by a worker
 * {@link isDeadWorker} says is dead: an external job becomes 'interrupted' (staff retry or dismiss it), an internal
 * one goes back to 'queued'. Returns how many were marked interrupted.
 */
export async function recoverInterruptedJobs({ atStart = false }: { atStart?: boolean } = {}): Promise<number> {
  const db = getDb();
  const held = await db
    .select({ id: jobs.id, kind: jobs.kind, claimedBy: jobs.claimedBy, expired: sql<boolean>`${jobs.lockedAt} is null or ${leaseExpired()}` })
    .from(jobs)
    .where(eq(jobs.state, 'running'));
  const gone = held.filter((j) => j.expired || (atStart && isDeadWorker(j.claimedBy)));
  if (!gone.length) return 0;
  const internal = gone.filter((j) => registry.get(j.kind)?.effect === 'internal').map((j) => j.id);
  const external = gone.filter((j) => registry.get(j.kind)?.effect !== 'internal').map((j) => j.id);
  if (internal.length) {
    await db
      .update(jobs)
      .set({ state: 'queued', lockedAt: null, claimedBy: null })
      .where(and(inArray(jobs.id, internal), eq(jobs.state, 'running')));
  }
  if (!external.length) return 0;
  const marked = await db
    .update(jobs)
    .set({ state: 'interrupted', lockedAt: null, claimedBy: null, lastError: INTERRUPTED_MESSAGE })
    .where(and(inArray(jobs.id, external), eq(jobs.state, 'running')))
    .returning({ id: jobs.id });
  if (marked.length) log().warn({ jobIds: marked.map((m) => m.id) }, 'jobs interrupted while sending; staff can retry or dismiss them');
  return marked.length;
}

/** 'mail.retry', 'sms.dismiss', ...; 'job.retry' / 'job.dismiss' for a kind without its own action. */
function jobAuditAction(kind: string, verb: 'retry' | 'dismiss'): AuditAction {
  const action = `${kind}.${verb}`;
  return isAuditAction(action) ? action : `job.${verb}`;
}

/** A 'running' job held past the lease (its worker is gone): what staff may retry. */
const stuckRunning = () => and(eq(jobs.state, 'running'), leaseExpired());

/**
 * Puts a failed, waiting, interrupted or stuck job back for an immediate new try, audited as `{kind}.retry` (e.g.
 * 'mail.retry'; state and attempts from/to) in the same transaction; returns false, writing nothing, when there is no
 * such job or it is running right now, done, dismissed or cancelled. `id` must be a UUID.
 */
export async function retryJob(actor: StaffActor, id: string): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ kind: jobs.kind, state: jobs.state, attempts: jobs.attempts })
      .from(jobs)
      .where(and(eq(jobs.id, id), or(inArray(jobs.state, ['failed', 'queued', 'interrupted']), stuckRunning())))
      .for('update');
    if (!before) return false;
    const [after] = await tx
      .update(jobs)
      .set({ state: 'queued', runAt: sql`now()`, attempts: 0, lockedAt: null, claimedBy: null })
      .where(eq(jobs.id, id))
      .returning({ state: jobs.state, attempts: jobs.attempts });
    await recordAudit(tx, actor, {
      action: jobAuditAction(before.kind, 'retry'),
      entityId: id,
      before: { state: before.state, attempts: before.attempts },
      after: after!,
    });
    return true;
  });
}

/**
 * Closes an interrupted or failed job without a new try: state → 'dismissed', audited as `{kind}.dismiss` in the same
 * transaction. Returns false, writing nothing, for any other job. `id` must be a UUID.
 */
export async function dismissJob(actor: StaffActor, id: string): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ kind: jobs.kind, state: jobs.state })
      .from(jobs)
      .where(and(eq(jobs.id, id), inArray(jobs.state, ['failed', 'interrupted'])))
      .for('update');
    if (!before) return false;
    await tx.update(jobs).set({ state: 'dismissed', lockedAt: null, claimedBy: null }).where(eq(jobs.id, id));
    await recordAudit(tx, actor, { action: jobAuditAction(before.kind, 'dismiss'), entityId: id, before: { state: before.state }, after: { state: 'dismissed' } });
    return true;
  });
}

/** Newest jobs of `kinds` first (the Outbox: e-mails and texts). */
export async function listJobs(kinds: string[], limit = 100): Promise<JobRow[]> {
  return getDb().select().from(jobs).where(inArray(jobs.kind, kinds)).orderBy(desc(jobs.createdAt)).limit(limit);
}

/**
 * Runs `processDueJobs` every `intervalMs` until the returned stop function is called (which waits for the round in
 * progress); the first round first deals with jobs left by a dead worker (`recoverInterruptedJobs` with `atStart`).
 * Errors are logged and the loop goes on.
 */
export function startJobWorker(intervalMs = 5000): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let first = true;
  const tick = () => {
    if (stopped) return;
    const round = first ? recoverInterruptedJobs({ atStart: true }).then(() => processDueJobs()) : processDueJobs();
    first = false;
    running = round
      .catch((error: unknown) => log().error({ err: error }, 'job worker round failed'))
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
