/**
 * The back office's Outbox (issue 15): e-mails and texts, newest first, whatever their state, with what staff need to
 * act on a failed or interrupted one. One row per job of kind 'mail' or 'sms'; a text's number and body come from its
 * `sms_messages` row.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { getDb } from '../db/client.server';
import { jobs, smsMessages } from '../db/schema';
import { MailPayloadSchema } from '../mail/mail-queue.server';
import { RUNNING_LEASE_MINUTES } from './job-queue.server';

/** The job kinds the Outbox lists. */
export const OUTBOX_KINDS = ['mail', 'sms'] as const;

export interface OutboxRow {
  id: string;
  channel: 'E-mail' | 'Text';
  to: string;
  /** The e-mail's subject, or the text's first 80 characters. */
  summary: string;
  state: (typeof jobs.$inferSelect)['state'];
  /** Held in 'running' past the lease: its worker is gone; staff may retry it (the worker marks it interrupted). */
  stuck: boolean;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  runAt: Date;
  /** Queued to go later than in a minute (a retry's backoff, quiet hours, a status message's 2-minute window). */
  later: boolean;
  finishedAt: Date | null;
  createdAt: Date;
  workOrderId: string | null;
}

/** The newest `limit` e-mails and texts (see module docs), all of them or those of one work order. */
export async function listOutbox(limit = 200, workOrderId?: string): Promise<OutboxRow[]> {
  const rows = await getDb()
    .select({ job: jobs, smsPhone: smsMessages.phoneE164, smsBody: smsMessages.body })
    .from(jobs)
    .leftJoin(smsMessages, eq(smsMessages.jobId, jobs.id))
    .where(and(inArray(jobs.kind, [...OUTBOX_KINDS]), workOrderId ? eq(jobs.workOrderId, workOrderId) : undefined))
    .orderBy(desc(jobs.createdAt))
    .limit(limit);
  const now = Date.now();
  const leaseEnd = now - RUNNING_LEASE_MINUTES * 60_000;
  return rows.map(({ job, smsPhone, smsBody }) => {
    const mail = job.kind === 'mail' ? MailPayloadSchema.safeParse(job.payload) : null;
    const body = smsBody ?? '';
    return {
      id: job.id,
      channel: job.kind === 'mail' ? 'E-mail' : 'Text',
      to: mail?.success ? mail.data.to : (smsPhone ?? ''),
      summary: mail?.success ? mail.data.subject : body.length > 80 ? `${body.slice(0, 79)}…` : body,
      state: job.state,
      stuck: job.state === 'running' && job.lockedAt !== null && job.lockedAt.getTime() < leaseEnd,
      attempts: job.attempts,
      maxAttempts: job.maxAttempts,
      lastError: job.lastError,
      runAt: job.runAt,
      later: job.state === 'queued' && job.runAt.getTime() > now + 60_000,
      finishedAt: job.finishedAt,
      createdAt: job.createdAt,
      workOrderId: job.workOrderId,
    };
  });
}
