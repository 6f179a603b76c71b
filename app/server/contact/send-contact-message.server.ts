/**
 * The public contact form's use case (DECISIONS 7): store the message in `contact_messages` and queue an e-mail to
 * the shop in the same transaction, so a stored message always has its notification and vice versa.
 *
 * Spam: the per-IP limit allows {@link CONTACT_LIMIT} messages per {@link CONTACT_WINDOW_MINUTES} minutes from one
 * address. The address is never stored: `ip_hash` = SHA-256(ip + auth secret), hex. The count and the insert run under
 * a transaction-scoped advisory lock on the hash, so concurrent posts from one address cannot slip past the limit.
 * (The honeypot is checked by the route before this is called.)
 *
 * The shop's e-mail cannot be forged by the visitor (issue 13): name, e-mail and phone are one line each (the schema
 * refuses line breaks; the template turns any that slip through into spaces), and every line of the message is quoted
 * with "> " (mail/templates/contact-message-mail.server.tsx), so nothing the visitor writes can pass for one of the
 * e-mail's own lines. Headers are guarded by `enqueueMail`.
 */
import crypto from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { CONTACT_TEXTS, type ContactForm } from '~/lib/schemas/contact';
import { resolveAuthSecret } from '../auth/auth.server';
import { getConfig } from '../config.server';
import { getDb } from '../db/client.server';
import { contactMessages } from '../db/schema';
import { DomainError } from '../errors.server';
import { loadMailTemplates } from '../mail/load-templates.server';
import { enqueueMail } from '../mail/mail-queue.server';

export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_MINUTES = 10;

/** Refused because the address sent too many messages; status 429. */
export class ContactRateLimitError extends DomainError {
  override readonly status = 429;
  constructor() {
    super('conflict', CONTACT_TEXTS.rateLimited);
  }
}

/** SHA-256 hex of the client address and the server secret ('' when the address is unknown). */
export function hashClientIp(ip: string, secret = resolveAuthSecret(getConfig())): string {
  return crypto.createHash('sha256').update(`${ip}${secret}`).digest('hex');
}

export interface SendContactMessageInput extends Omit<ContactForm, 'website'> {
  /** The client address as the server saw it (Express `req.ip`); undefined when unknown. */
  ip: string | undefined;
}

/**
 * Stores the message and queues the shop's notification; returns the new message id.
 * Throws {@link ContactRateLimitError} (429) when the address has sent {@link CONTACT_LIMIT} messages in the window.
 */
export async function sendContactMessage(input: SendContactMessageInput, now = new Date()): Promise<string> {
  const { shop, appUrl } = getConfig();
  const ipHash = hashClientIp(input.ip ?? 'unknown');
  const since = new Date(now.getTime() - CONTACT_WINDOW_MINUTES * 60_000);
  // Rendered before the transaction, so the per-address lock is held only for the database work.
  const { renderContactMessageMail } = await loadMailTemplates();
  const mail = await renderContactMessageMail({
    name: input.name,
    email: input.email,
    phone: input.phone,
    message: input.message,
    inboxUrl: `${appUrl}/admin/messages`,
  });
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ipHash}))`);
    const [recent] = await tx
      .select({ n: count() })
      .from(contactMessages)
      .where(and(eq(contactMessages.ipHash, ipHash), gt(contactMessages.createdAt, since)));
    if ((recent?.n ?? 0) >= CONTACT_LIMIT) throw new ContactRateLimitError();
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, phone: input.phone, message: input.message, ipHash, createdAt: now })
      .returning({ id: contactMessages.id });
    // Answering the e-mail answers the visitor (issue 15); the address passed the form's one-line e-mail check.
    await enqueueMail(tx, { kind: 'contact', to: shop.email, replyTo: input.email, ...mail });
    return row!.id;
  });
}
