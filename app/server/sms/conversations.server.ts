/**
 * Text conversations in the back office's Messages (issue 15): staff with 'messages' (routes call `requireStaff` first).
 *
 * A conversation is every text to or from one customer record, or, for a number no customer has, every text of that
 * number ("unknown number"). Its key, used in URLs (`/admin/messages/texts/:conversationKey`), is the customer's id
 * or the number in E.164 ("+12815550147"; a short-code sender by its digits).
 *
 * - `listTextConversations(limit)` → newest activity first: customer (name) or number, the last text (body,
 *   direction, time) and how many inbound texts are unread.
 * - `countUnreadConversations()` → conversations with at least one unread inbound text (the dashboard's figure).
 * - `getTextConversation(key)` → the customer (if any), the number, consent and the last {@link THREAD_LIMIT} texts
 *   oldest first, each outbound one with its delivery as staff should read it ({@link TextDelivery}); throws
 *   DomainError('not_found') for a malformed key, an unknown customer or a number without texts.
 * - `markConversationRead(actor, key)` → how many inbound texts became read; audited once ('sms.read', the
 *   conversation key, the count) when there were any, in the same transaction.
 * - `replyToConversation(actor, key, body)` → the queued text (`enqueueText` with the staff member as sender, audit
 *   'sms.reply' in the same transaction). DomainError('conflict', {@link NO_CONSENT_REPLY}) and nothing written when
 *   the customer has no mobile number or no consent; DomainError('validation') for an unknown number (no customer to
 *   have consented).
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import { getDb } from '../db/client.server';
import { customers, jobs, profiles, smsMessages, users } from '../db/schema';
import { DomainError, isUuid } from '../errors.server';
import { getSmsConsent, type SmsConsentState } from './consent.server';
import { formatMobile, isE164 } from './phone.server';
import { enqueueText, type EnqueuedText } from './send-text.server';

export const THREAD_LIMIT = 200;
export const CONVERSATION_NOT_FOUND = 'Conversation not found.';
export const NO_CONSENT_REPLY =
  'Not sent: this customer has not agreed to texts at their mobile number (or has withdrawn). Record their OK on the customer’s Edit page first.';
export const UNKNOWN_NUMBER_REPLY = 'Not sent: this number is not on file for any customer, so no one has agreed to texts at it.';

/** The conversation a message belongs to: its customer's id, or its number. */
const conversationKeySql = sql<string>`coalesce(${smsMessages.customerId}::text, ${smsMessages.phoneE164})`;

export type ConversationKey = { customerId: string } | { phone: string };

/**
 * A URL's key → what it names: a UUID is a customer; an E.164 number, or the short code or alphanumeric name of a
 * sender that is not a phone number (3 to 20 letters and digits), is a number. Null for anything else.
 */
export function parseConversationKey(key: string): ConversationKey | null {
  if (isUuid(key)) return { customerId: key.toLowerCase() };
  if (isE164(key) || /^[A-Za-z0-9]{3,20}$/.test(key)) return { phone: key };
  return null;
}

export interface ConversationSummary {
  key: string;
  customerId: string | null;
  /** The customer's name, or the number formatted for reading. */
  title: string;
  phone: string;
  lastBody: string;
  lastDirection: 'inbound' | 'outbound';
  lastAt: Date;
  unread: number;
}

/** See the module docs. */
export async function listTextConversations(limit = 100): Promise<ConversationSummary[]> {
  const db = getDb();
  const last = db
    .selectDistinctOn([conversationKeySql], {
      key: sql<string>`${conversationKeySql}`.as('key'),
      customerId: smsMessages.customerId,
      phone: smsMessages.phoneE164,
      body: smsMessages.body,
      direction: smsMessages.direction,
      createdAt: smsMessages.createdAt,
    })
    .from(smsMessages)
    .orderBy(conversationKeySql, desc(smsMessages.createdAt), desc(smsMessages.id))
    .as('last');
  const rows = await db
    .select({
      key: last.key,
      customerId: last.customerId,
      phone: last.phone,
      body: last.body,
      direction: last.direction,
      createdAt: last.createdAt,
      name: customers.name,
    })
    .from(last)
    .leftJoin(customers, eq(customers.id, last.customerId))
    .orderBy(desc(last.createdAt))
    .limit(limit);
  const keys = rows.map((r) => r.key);
  const unread = keys.length
    ? await db
        .select({ key: conversationKeySql, n: sql<number>`count(*)::int` })
        .from(smsMessages)
        .where(and(eq(smsMessages.direction, 'inbound'), isNull(smsMessages.readAt), inArray(conversationKeySql, keys)))
        .groupBy(conversationKeySql)
    : [];
  const unreadBy = new Map(unread.map((u) => [u.key, u.n]));
  return rows.map((r) => ({
    key: r.key,
    customerId: r.customerId,
    title: r.name ?? `${formatMobile(r.phone)} (unknown number)`,
    phone: formatMobile(r.phone),
    lastBody: r.body.length > 120 ? `${r.body.slice(0, 119)}…` : r.body,
    lastDirection: r.direction,
    lastAt: r.createdAt,
    unread: unreadBy.get(r.key) ?? 0,
  }));
}

/** See the module docs. */
export async function countUnreadConversations(): Promise<number> {
  const [row] = await getDb()
    .select({ n: sql<number>`count(distinct ${conversationKeySql})::int` })
    .from(smsMessages)
    .where(and(eq(smsMessages.direction, 'inbound'), isNull(smsMessages.readAt)));
  return row?.n ?? 0;
}

/**
 * What happened to an outbound text, for staff: 'queued' (with `sendsAt` when it waits for quiet hours or a retry),
 * 'sending', 'sent', 'failed', 'not_sent' (cancelled: no consent, STOP, refused; `reason` says which) or
 * 'interrupted' (may have been sent: see the Outbox). Inbound texts: 'received'.
 */
export type TextDelivery = 'received' | 'queued' | 'sending' | 'sent' | 'failed' | 'not_sent' | 'interrupted';

export interface ThreadText {
  id: string;
  direction: 'inbound' | 'outbound';
  body: string;
  createdAt: Date;
  delivery: TextDelivery;
  /** When a queued text is due, if later than a minute from now. */
  sendsAt: Date | null;
  /** Why a text was not sent or failed (the job's last error). */
  reason: string | null;
  /** The staff member who wrote an outbound reply (name or e-mail). */
  sentBy: string | null;
  unread: boolean;
}

export interface TextConversation {
  key: string;
  customer: { id: string; name: string } | null;
  /** The number shown (formatted): the customer's mobile, or the unknown sender. */
  phone: string | null;
  consent: SmsConsentState | null;
  texts: ThreadText[];
}

function deliveryOf(
  state: (typeof smsMessages.$inferSelect)['state'],
  jobState: (typeof jobs.$inferSelect)['state'] | null,
): TextDelivery {
  if (state === 'received') return 'received';
  if (state === 'sent') return 'sent';
  if (state === 'failed') return jobState === 'queued' || jobState === 'running' ? 'queued' : 'failed';
  if (state === 'cancelled') return 'not_sent';
  if (jobState === 'running') return 'sending';
  if (jobState === 'interrupted') return 'interrupted';
  if (jobState === 'failed' || jobState === 'dismissed') return 'failed';
  if (jobState === 'cancelled') return 'not_sent';
  return 'queued';
}

/** See the module docs. */
export async function getTextConversation(key: string): Promise<TextConversation> {
  const parsed = parseConversationKey(key);
  if (!parsed) throw new DomainError('not_found', CONVERSATION_NOT_FOUND);
  const db = getDb();
  let customer: TextConversation['customer'] = null;
  let consent: SmsConsentState | null = null;
  if ('customerId' in parsed) {
    const [row] = await db.select({ id: customers.id, name: customers.name }).from(customers).where(eq(customers.id, parsed.customerId));
    if (!row) throw new DomainError('not_found', CONVERSATION_NOT_FOUND);
    customer = row;
    consent = await getSmsConsent(db, row.id);
  }
  const where =
    'customerId' in parsed ? eq(smsMessages.customerId, parsed.customerId) : and(isNull(smsMessages.customerId), eq(smsMessages.phoneE164, parsed.phone));
  const rows = await db
    .select({
      id: smsMessages.id,
      direction: smsMessages.direction,
      body: smsMessages.body,
      state: smsMessages.state,
      createdAt: smsMessages.createdAt,
      readAt: smsMessages.readAt,
      jobState: jobs.state,
      runAt: jobs.runAt,
      lastError: jobs.lastError,
      staffName: profiles.fullName,
      staffEmail: users.email,
    })
    .from(smsMessages)
    .leftJoin(jobs, eq(jobs.id, smsMessages.jobId))
    .leftJoin(users, eq(users.id, smsMessages.sentByUserId))
    .leftJoin(profiles, eq(profiles.id, smsMessages.sentByUserId))
    .where(where)
    .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
    .limit(THREAD_LIMIT);
  if (!customer && rows.length === 0) throw new DomainError('not_found', CONVERSATION_NOT_FOUND);
  const soon = Date.now() + 60_000;
  const texts = rows.reverse().map<ThreadText>((r) => {
    const delivery = deliveryOf(r.state, r.jobState);
    return {
      id: r.id,
      direction: r.direction,
      body: r.body,
      createdAt: r.createdAt,
      delivery,
      sendsAt: delivery === 'queued' && r.runAt && r.runAt.getTime() > soon ? r.runAt : null,
      reason: delivery === 'not_sent' || delivery === 'failed' || delivery === 'interrupted' || (delivery === 'queued' && r.lastError) ? r.lastError : null,
      sentBy: r.staffName || r.staffEmail || null,
      unread: r.direction === 'inbound' && r.readAt === null,
    };
  });
  const phone = consent?.mobileE164 ?? ('phone' in parsed ? parsed.phone : null);
  return { key, customer, phone: phone ? formatMobile(phone) : null, consent, texts };
}

/** See the module docs. */
export async function markConversationRead(actor: StaffActor, key: string): Promise<number> {
  const parsed = parseConversationKey(key);
  if (!parsed) return 0;
  return getDb().transaction(async (tx) => {
    const which =
      'customerId' in parsed ? eq(smsMessages.customerId, parsed.customerId) : and(isNull(smsMessages.customerId), eq(smsMessages.phoneE164, parsed.phone));
    const read = await tx
      .update(smsMessages)
      .set({ readAt: sql`now()` })
      .where(and(which, eq(smsMessages.direction, 'inbound'), isNull(smsMessages.readAt)))
      .returning({ id: smsMessages.id });
    if (read.length) {
      await recordAudit(tx, actor, { action: 'sms.read', entityId: key, after: { conversation: key, texts: read.length } });
    }
    return read.length;
  });
}

/** See the module docs. */
export async function replyToConversation(actor: StaffActor, key: string, body: string): Promise<EnqueuedText> {
  const parsed = parseConversationKey(key);
  if (!parsed) throw new DomainError('not_found', CONVERSATION_NOT_FOUND);
  if (!('customerId' in parsed)) throw new DomainError('validation', UNKNOWN_NUMBER_REPLY);
  return getDb().transaction(async (tx) => {
    const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, parsed.customerId));
    if (!customer) throw new DomainError('not_found', CONVERSATION_NOT_FOUND);
    const queued = await enqueueText(tx, { customerId: customer.id, body, purpose: 'reply', sentByUserId: actor.id });
    if (!queued) throw new DomainError('conflict', NO_CONSENT_REPLY);
    await recordAudit(tx, actor, {
      action: 'sms.reply',
      entityId: queued.messageIds[0]!,
      after: { customerId: customer.id, phone: queued.phone, parts: queued.messageIds.length, characters: body.trim().length },
    });
    return queued;
  });
}
