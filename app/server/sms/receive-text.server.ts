/**
 * Texts from customers (issue 15): what the webhook hands over once the provider's signature checked out.
 *
 * `receiveText({ messageSid, from, body, optOutType })` → `{ outcome, messageId, customerId }`, all in one
 * transaction:
 * - a `messageSid` already stored → 'duplicate', nothing else happens (the provider may post a message twice);
 * - the text is stored as inbound (`sms_messages`, state 'received'), on the customer whose mobile is `from` (when
 *   several records share the number: the one most recently texted at it, else the newest record), or with no
 *   customer for an unknown number (an "unknown number" conversation in Messages);
 * - keywords (the whole text, any case, surrounding spaces and a trailing . or ! ignored, inner spaces collapsed):
 *   - STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE, OPT OUT, OPTOUT → 'stop': consent withdrawn at once for
 *     every customer record of the number (47 CFR 64.1200(a)(10): these words revoke consent; FCC 24-24), texts
 *     waiting for it cancelled, and one confirmation ((a)(12): a single confirmation text within five minutes, which
 *     says how to opt back in and nothing else);
 *   - START, UNSTOP → 'start': consent granted again on the records that had withdrawn it for this number, and one
 *     confirmation with the disclosure's terms (CTIA Messaging Principles and Best Practices: confirm an opt-in);
 *   - HELP, INFO → 'help': one answer with the shop's name, phone and e-mail and how to stop (CTIA: HELP must return
 *     the program name and contact information), to any number;
 *   keyword texts are stored already read (they need no answer from staff, and the thread shows them);
 * - anything else → 'stored', unread, counted on the dashboard until staff open the conversation.
 *
 * When the provider says it already answered the keyword itself (`OptOutType` on Twilio's webhook: a Messaging Service
 * with Advanced Opt-Out), the consent change is recorded but no reply is queued, so the customer gets one confirmation.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { getConfig } from '../config.server';
import { getDb, type Executor } from '../db/client.server';
import { customers, smsMessages } from '../db/schema';
import { regrantConsentForPhone, withdrawConsentForPhone } from './consent.server';
import { cancelQueuedTexts, enqueueKeywordReply } from './send-text.server';

export type TextKeyword = 'stop' | 'start' | 'help';

const KEYWORDS: Record<string, TextKeyword> = {
  STOP: 'stop',
  STOPALL: 'stop',
  UNSUBSCRIBE: 'stop',
  CANCEL: 'stop',
  END: 'stop',
  QUIT: 'stop',
  REVOKE: 'stop',
  'OPT OUT': 'stop',
  OPTOUT: 'stop',
  START: 'start',
  UNSTOP: 'start',
  HELP: 'help',
  INFO: 'help',
};

/** The keyword a whole text is, or null (see module docs). "Stop texting me" is not one: staff read it. */
export function keywordOf(body: string): TextKeyword | null {
  const word = body.trim().replace(/\s+/g, ' ').replace(/[.!]+$/, '').trim().toUpperCase();
  return KEYWORDS[word] ?? null;
}

/** The answers to the keywords, with the shop's name and contact details from configuration. */
export function keywordReplyText(keyword: TextKeyword): string {
  const { name, phone, email } = getConfig().shop;
  switch (keyword) {
    case 'stop':
      return `${name}: You are unsubscribed and will get no more texts from us. Reply START to subscribe again.`;
    case 'start':
      return `${name}: You are subscribed again to repair status texts. Message frequency varies. Msg & data rates may apply. Reply HELP for help, STOP to opt out.`;
    case 'help':
      return `${name} repair status texts. Questions? Call ${phone} or e-mail ${email}. Msg & data rates may apply. Reply STOP to opt out.`;
  }
}

export interface InboundText {
  /** The provider's id of the message (Twilio `MessageSid`). */
  messageSid: string;
  /** The sender, E.164 as the provider gives it (or the raw sender of a short code). */
  from: string;
  body: string;
  /** Twilio's `OptOutType` (STOP, START, HELP) when the provider already answered the keyword. */
  optOutType?: string | undefined;
}

export interface ReceivedText {
  outcome: 'duplicate' | 'stored' | TextKeyword;
  messageId: string | null;
  customerId: string | null;
}

/** The customer a number belongs to: the record most recently texted at it, else the newest holding it. */
async function customerOfNumber(db: Executor, phone: string): Promise<string | null> {
  const [texted] = await db
    .select({ id: customers.id })
    .from(smsMessages)
    .innerJoin(customers, and(eq(customers.id, smsMessages.customerId), eq(customers.mobileE164, phone)))
    .where(and(eq(smsMessages.phoneE164, phone), eq(smsMessages.direction, 'outbound')))
    .orderBy(desc(smsMessages.createdAt))
    .limit(1);
  if (texted) return texted.id;
  const [holder] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.mobileE164, phone))
    .orderBy(desc(customers.updatedAt), desc(customers.id))
    .limit(1);
  return holder?.id ?? null;
}

/** See the module docs. */
export async function receiveText(input: InboundText): Promise<ReceivedText> {
  const keyword = keywordOf(input.body);
  return getDb().transaction(async (tx) => {
    const customerId = await customerOfNumber(tx, input.from);
    const [row] = await tx
      .insert(smsMessages)
      .values({
        customerId,
        phoneE164: input.from,
        direction: 'inbound',
        body: input.body,
        state: 'received',
        providerMessageId: input.messageSid,
        readAt: keyword ? sql`now()` : null,
      })
      .onConflictDoNothing({ target: smsMessages.providerMessageId })
      .returning({ id: smsMessages.id });
    if (!row) return { outcome: 'duplicate', messageId: null, customerId };
    const result: ReceivedText = { outcome: keyword ?? 'stored', messageId: row.id, customerId };
    if (!keyword) return result;

    const providerAnswered = Boolean(input.optOutType);
    const reply = async (kind: TextKeyword) => {
      if (providerAnswered) return;
      await enqueueKeywordReply(tx, { phone: input.from, customerId, body: keywordReplyText(kind), purpose: `keyword_${kind}` });
    };
    if (keyword === 'stop') {
      await withdrawConsentForPhone(tx, input.from, {
        source: 'sms_keyword',
        disclosureText: `The customer texted "${input.body.trim().slice(0, 40)}". Answered: ${keywordReplyText('stop')}`,
        actor: { label: 'sms keyword' },
      });
      await cancelQueuedTexts(tx, input.from, 'Not sent: the customer replied STOP.');
      await reply('stop');
    } else if (keyword === 'start') {
      const granted = await regrantConsentForPhone(tx, input.from, {
        source: 'sms_keyword',
        disclosureText: `The customer texted "${input.body.trim().slice(0, 40)}". Answered: ${keywordReplyText('start')}`,
        actor: { label: 'sms keyword' },
      });
      if (granted.length) await reply('start');
    } else {
      await reply('help');
    }
    return result;
  });
}
