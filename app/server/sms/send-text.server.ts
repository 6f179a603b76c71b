/**
 * Outgoing texts as jobs of kind 'sms' on the one job queue (issue 15; modelled on the 'mail' kind).
 *
 * - `enqueueText(tx, { customerId, body, purpose, workOrderId?, sentByUserId? })` → `{ messageIds, jobIds }`, or
 *   null and nothing written when the customer has no mobile number or no current consent for it (newest
 *   `sms_consents` row for their current mobile is a grant; consent.server.ts). Inside the caller's transaction: one
 *   `sms_messages` row (outbound, 'queued') and one 'sms' job (payload `{ smsMessageId, purpose }`) per provider
 *   message — a body longer than 1,600 characters is split at word boundaries (`splitText`), the parts created a
 *   millisecond apart so they sort, and send, in order. Throws an Error for an empty body.
 * - `enqueueKeywordReply(tx, { phone, customerId, body, purpose })`: the answer to STOP, START or HELP. CTIA and the FCC
 *   allow (and CTIA requires) one such reply whatever the consent (47 CFR 64.1200(a)(12): one confirmation text within
 *   five minutes of an opt-out), so it skips the consent check, quiet hours and the queue order.
 * - `cancelQueuedTexts(tx, phone, reason)`: every text to `phone` still waiting (keyword replies excepted) becomes
 *   'cancelled' with its job (a STOP takes effect at once, not at the next send).
 *
 * The 'sms' job (an external effect: an interrupted send is left to staff in the Outbox), when it runs:
 * 1. a text already 'sent' is done (an interrupted run got that far); a 'cancelled' one is cancelled;
 * 2. unless it is a keyword reply: consent is checked again, for the number the text was queued for — withdrawn
 *    meanwhile (or the customer's mobile changed) → the text is 'cancelled' and so is the job ({@link CancelJob});
 *    inside quiet hours → {@link RescheduleJob} to the end of the window, shop time (quiet-hours.server.ts); an
 *    earlier text to the same number still waiting → rescheduled after it (texts arrive in the order written);
 * 3. sends through the configured provider and records the provider's message id and state 'sent';
 * 4. on Twilio 21610 (the recipient replied STOP to the provider) consent is withdrawn for the number and the text
 *    cancelled, never retried; a message the provider refused for good (HTTP 400) is 'failed' and the job cancelled
 *    with the provider's reason; any other error is retried by the queue, and the text is 'failed' when the last try
 *    fails (staff can retry it from the Outbox, which sends it again as 'queued').
 */
import crypto from 'node:crypto';
import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatDateTime } from '~/lib/format';
import { splitText } from '~/lib/sms-segments';
import { getConfig } from '../config.server';
import type { Executor } from '../db/client.server';
import { jobs, smsMessages } from '../db/schema';
import {
  CancelJob,
  defineJob,
  enqueueJob,
  processDueJobs,
  RescheduleJob,
  type JobOutcome,
} from '../jobs/job-queue.server';
import { getSmsConsent, hasSmsConsent, withdrawConsentForPhone } from './consent.server';
import { SmsRecipientUnsubscribedError, SmsRejectedError, getSmsProvider } from './provider.server';
import { getQuietHours, nextAllowedSendTime } from './quiet-hours.server';

/** Purposes of the keyword answers (they skip consent, quiet hours and order; see module docs). */
export const KEYWORD_REPLY_PURPOSES = ['keyword_stop', 'keyword_start', 'keyword_help'] as const;
export type KeywordReplyPurpose = (typeof KEYWORD_REPLY_PURPOSES)[number];
const isKeywordReply = (purpose: string) => (KEYWORD_REPLY_PURPOSES as readonly string[]).includes(purpose);

export const SmsPayloadSchema = z.object({
  smsMessageId: z.uuid(),
  /** 'reply' (staff), 'status_update', a keyword reply, ... */
  purpose: z.string().min(1).max(60),
});
export type SmsPayload = z.infer<typeof SmsPayloadSchema>;

/** Kept as the job's reason when a text is not sent for want of consent. */
export const NO_CONSENT_REASON =
  'Not sent: the customer has not agreed to texts at this number (or withdrew).';
/** How long (ms) a text waits before looking again when an earlier text to the same number is still queued. */
const ORDER_WAIT_MS = 15_000;

let clock: () => Date = () => new Date();

/** Replaces the clock the job reads for quiet hours (tests with a fixed clock); undefined restores the real one. */
export function setSmsClock(now: (() => Date) | undefined): void {
  clock = now ?? (() => new Date());
}

/** "Now" as texting sees it (quiet hours): the real time, or the clock a test set. Pages telling staff when a text
 * goes out read this, so what they say and what the job does agree. */
export function smsNow(): Date {
  return clock();
}

const setState = (db: Executor, id: string, state: (typeof smsMessages.$inferSelect)['state']) =>
  db.update(smsMessages).set({ state }).where(eq(smsMessages.id, id));

/** The 'sms' job (see module docs). */
export const smsJob = defineJob({
  kind: 'sms',
  payload: SmsPayloadSchema,
  effect: 'external',
  async run({ smsMessageId, purpose }, { job, db }) {
    const [text] = await db.select().from(smsMessages).where(eq(smsMessages.id, smsMessageId));
    if (!text || text.direction !== 'outbound') throw new CancelJob('The text no longer exists.');
    if (text.state === 'sent') return;
    if (text.state === 'cancelled') throw new CancelJob('The text was cancelled.');

    if (!isKeywordReply(purpose)) {
      if (!text.customerId || !(await hasSmsConsent(db, text.customerId, text.phoneE164))) {
        await setState(db, text.id, 'cancelled');
        throw new CancelJob(NO_CONSENT_REASON);
      }
      const now = clock();
      const { timeZone } = getConfig().shop;
      const allowed = nextAllowedSendTime(now, await getQuietHours(db), timeZone);
      if (allowed.getTime() > now.getTime()) {
        throw new RescheduleJob(allowed, `Quiet hours: waits until ${formatDateTime(allowed, timeZone)}.`);
      }
      const [earlier] = await db
        .select({ runAt: jobs.runAt })
        .from(smsMessages)
        .innerJoin(jobs, eq(jobs.id, smsMessages.jobId))
        .where(
          and(
            eq(smsMessages.phoneE164, text.phoneE164),
            eq(smsMessages.direction, 'outbound'),
            lt(smsMessages.createdAt, text.createdAt),
            ne(smsMessages.id, text.id),
            inArray(jobs.state, ['queued', 'running']),
          ),
        )
        .orderBy(asc(jobs.runAt))
        .limit(1);
      if (earlier) {
        const after = Math.max(now.getTime() + ORDER_WAIT_MS, earlier.runAt.getTime() + ORDER_WAIT_MS);
        throw new RescheduleJob(new Date(after), 'Waits for an earlier text to this number.');
      }
    }

    try {
      const { providerMessageId } = await getSmsProvider().send({ to: text.phoneE164, body: text.body });
      await db
        .update(smsMessages)
        .set({ state: 'sent', providerMessageId })
        .where(eq(smsMessages.id, text.id));
    } catch (error) {
      if (error instanceof SmsRecipientUnsubscribedError) {
        await db.transaction(async (tx) => {
          await withdrawConsentForPhone(tx, text.phoneE164, {
            source: 'sms_keyword',
            disclosureText: `The texting provider reported that this number opted out (${error.message}).`,
            actor: { label: 'sms provider' },
          });
          await setState(tx, text.id, 'cancelled');
        });
        throw new CancelJob(`Not sent: the number has opted out of texts at the provider. ${error.message}`);
      }
      if (error instanceof SmsRejectedError) {
        await setState(db, text.id, 'failed');
        throw new CancelJob(`Not sent: ${error.message}`);
      }
      if (job.attempts >= job.maxAttempts) await setState(db, text.id, 'failed');
      throw error;
    }
  },
});

export interface NewText {
  customerId: string;
  body: string;
  /** What the text is for: 'reply', 'status_update', 'review_request', ... */
  purpose: string;
  workOrderId?: string | null | undefined;
  /** The staff member who wrote it (a reply from Messages). */
  sentByUserId?: string | null | undefined;
}

export interface EnqueuedText {
  /** One per provider message, in order. */
  messageIds: string[];
  jobIds: string[];
  /** The number the text goes to (E.164). */
  phone: string;
}

interface TextParts {
  phone: string;
  customerId: string | null;
  body: string;
  purpose: string;
  workOrderId?: string | null | undefined;
  sentByUserId?: string | null | undefined;
}

/** Inserts one message row and one job per part (see module docs). */
async function insertText(tx: Executor, text: TextParts): Promise<EnqueuedText> {
  const body = text.body.trim();
  if (!body) throw new Error('A text needs a body.');
  const result: EnqueuedText = { messageIds: [], jobIds: [], phone: text.phone };
  const parts = splitText(body);
  for (const [index, part] of parts.entries()) {
    const smsMessageId = crypto.randomUUID();
    const jobId = await enqueueJob(
      tx,
      smsJob,
      { smsMessageId, purpose: text.purpose },
      { customerId: text.customerId, workOrderId: text.workOrderId },
    );
    await tx.insert(smsMessages).values({
      id: smsMessageId,
      customerId: text.customerId,
      phoneE164: text.phone,
      direction: 'outbound',
      body: part,
      state: 'queued',
      jobId,
      workOrderId: text.workOrderId ?? null,
      sentByUserId: text.sentByUserId ?? null,
      // Parts of one text share the transaction's now(): a millisecond apart, they sort (and send) in order.
      createdAt: sql`now() + make_interval(secs => ${index / 1000})`,
    });
    result.messageIds.push(smsMessageId);
    result.jobIds.push(jobId);
  }
  return result;
}

/** See the module docs. */
export async function enqueueText(tx: Executor, text: NewText): Promise<EnqueuedText | null> {
  const consent = await getSmsConsent(tx, text.customerId);
  if (!consent.mobileE164 || !consent.granted) return null;
  return insertText(tx, { ...text, phone: consent.mobileE164 });
}

/** See the module docs. */
export async function enqueueKeywordReply(
  tx: Executor,
  reply: { phone: string; customerId: string | null; body: string; purpose: KeywordReplyPurpose },
): Promise<EnqueuedText> {
  return insertText(tx, reply);
}

/** See the module docs. Returns how many texts were cancelled. */
export async function cancelQueuedTexts(tx: Executor, phone: string, reason: string): Promise<number> {
  const waiting = await tx
    .select({ id: smsMessages.id, jobId: smsMessages.jobId })
    .from(smsMessages)
    .innerJoin(jobs, eq(jobs.id, smsMessages.jobId))
    .where(
      and(
        eq(smsMessages.phoneE164, phone),
        eq(smsMessages.direction, 'outbound'),
        eq(smsMessages.state, 'queued'),
        eq(jobs.state, 'queued'),
        sql`coalesce(${jobs.payload}->>'purpose', '') NOT IN (${sql.join(
          KEYWORD_REPLY_PURPOSES.map((p) => sql`${p}`),
          sql`, `,
        )})`,
      ),
    );
  if (!waiting.length) return 0;
  await tx
    .update(jobs)
    .set({ state: 'cancelled', lastError: reason, finishedAt: sql`now()`, dedupeKey: null })
    .where(
      and(
        inArray(
          jobs.id,
          waiting.map((w) => w.jobId!),
        ),
        eq(jobs.state, 'queued'),
      ),
    );
  await tx
    .update(smsMessages)
    .set({ state: 'cancelled' })
    .where(
      inArray(
        smsMessages.id,
        waiting.map((w) => w.id),
      ),
    );
  return waiting.length;
}

/** Sends due texts only (tests and scripts). */
export async function processDueTexts(limit = 10): Promise<JobOutcome> {
  return processDueJobs(limit, [smsJob.kind]);
}
