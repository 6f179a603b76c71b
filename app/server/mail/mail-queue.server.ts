/**
 * Outgoing e-mail as jobs of kind 'mail' on the one job queue (issue 15; DECISIONS 13; jobs/job-queue.server.ts).
 * Callers enqueue inside their own transaction, so a message exists exactly when the change that caused it was
 * committed; the worker sends it through the transport with retries, and an interrupted send is left to staff (a mail
 * is an 'external' job). SMTP cannot tell us whether a message whose conversation was cut off was delivered: delivery
 * is at least once when staff retry such a message, at most once when they dismiss it — never exactly once.
 *
 * Payload (`MailPayload`): `purpose` ('status_update', 'contact', 'verify_email', 'password_reset', ...), `to`,
 * `subject`, `text`, optional `html` and `replyTo` (status e-mails answer to the shop's address, the contact-form
 * e-mail to the visitor; issue 15), and optional `attachments` (issue 16: the booking's `.ics`): small files kept in
 * the payload as base64, at most {@link MAIL_ATTACHMENT_MAX_BYTES} each.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../db/client.server';
import { jobs } from '../db/schema';
import { defineJob, enqueueJob, processDueJobs } from '../jobs/job-queue.server';
import { getMailTransport } from './transport.server';

/** Line breaks and other control characters, which must never reach a header. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const HEADER_UNSAFE = /[\u0000-\u001F\u007F\u0085\u2028\u2029]+/;

/** Largest attachment kept in a mail job's payload (bytes before base64): calendar files and the like, not photos. */
export const MAIL_ATTACHMENT_MAX_BYTES = 256 * 1024;

const MailAttachmentSchema = z.object({
  filename: z.string().min(1).max(120).refine((v) => !HEADER_UNSAFE.test(v), 'An attachment name cannot contain line breaks.'),
  contentType: z.string().min(3).max(120).refine((v) => !HEADER_UNSAFE.test(v), 'A content type cannot contain line breaks.'),
  /** The bytes, base64. */
  content: z.string().max(Math.ceil(MAIL_ATTACHMENT_MAX_BYTES / 3) * 4, 'The attachment is too large.'),
});
export type MailAttachment = z.infer<typeof MailAttachmentSchema>;

export const MailPayloadSchema = z.object({
  purpose: z.string().min(1).max(60),
  to: z.string().min(3).max(320).refine((v) => !HEADER_UNSAFE.test(v), 'A mail recipient cannot contain line breaks.'),
  subject: z.string().max(998),
  text: z.string(),
  html: z.string().optional(),
  replyTo: z.string().max(320).refine((v) => !HEADER_UNSAFE.test(v), 'A Reply-To address cannot contain line breaks.').optional(),
  attachments: z.array(MailAttachmentSchema).max(5).optional(),
});
export type MailPayload = z.infer<typeof MailPayloadSchema>;

/** The 'mail' job: sends one message through the configured transport (SMTP or the `.eml` outbox). */
export const mailJob = defineJob({
  kind: 'mail',
  payload: MailPayloadSchema,
  effect: 'external',
  async run(mail) {
    await getMailTransport().send({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      replyTo: mail.replyTo,
      ...(mail.attachments?.length
        ? { attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content, encoding: 'base64' as const })) }
        : {}),
    });
  },
});

export interface NewMail {
  /** What the message is for: 'status_update', 'contact', 'verify_email', 'password_reset', ... */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  replyTo?: string | undefined;
  /** Small files (base64 content), e.g. a calendar invitation. */
  attachments?: MailAttachment[] | undefined;
  workOrderId?: string | undefined;
  customerId?: string | undefined;
  /** When to send (default now). */
  runAt?: Date | SQL | undefined;
}

/**
 * Adds a message to the queue inside the caller's transaction (or on its own); returns its job id.
 * Headers cannot be forged through it (issue 13): the subject is put on one line (each run of line breaks or control
 * characters becomes a space), and a recipient or Reply-To containing any is refused with an Error (nothing queued).
 */
export async function enqueueMail(db: Executor, mail: NewMail): Promise<string> {
  const payload = {
    purpose: mail.kind,
    to: mail.to,
    subject: mail.subject.replace(new RegExp(HEADER_UNSAFE.source, 'g'), ' '),
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
  };
  const parsed = MailPayloadSchema.safeParse(payload);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Invalid mail.');
  return enqueueJob(db, mailJob, parsed.data, { workOrderId: mail.workOrderId, customerId: mail.customerId, runAt: mail.runAt });
}

/** Sends due e-mails only (tests and scripts): `{ sent, retried, failed }`. */
export async function processDueMail(limit = 10): Promise<{ sent: number; retried: number; failed: number }> {
  const outcome = await processDueJobs(limit, [mailJob.kind]);
  return { sent: outcome.done, retried: outcome.retried, failed: outcome.failed };
}

/** A queued mail job's row with its payload read as a mail (for pages and tests). */
export type MailJob = typeof jobs.$inferSelect & { mail: MailPayload };

/** The e-mails matching `where` (oldest first), payload typed. */
export async function selectMail(db: Executor, where?: SQL): Promise<MailJob[]> {
  const rows = await db
    .select()
    .from(jobs)
    .where(where ? and(eq(jobs.kind, mailJob.kind), where) : eq(jobs.kind, mailJob.kind))
    .orderBy(jobs.createdAt);
  return rows.map((row) => ({ ...row, mail: MailPayloadSchema.parse(row.payload) }));
}

/** SQL for "the mail's payload field `field` equals `value`", to pass to {@link selectMail}. */
export const mailField = (field: keyof MailPayload, value: string) => sql`${jobs.payload}->>${field} = ${value}`;
