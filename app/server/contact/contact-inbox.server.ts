/**
 * The back office's contact inbox (issue 4 item 8): messages from the public form, newest first, unread marked.
 * Callers are staff (the route calls `requireAdmin` first); `adminId` is taken for the record and symmetry with the
 * other domain commands.
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { getDb } from '../db/client.server';
import { contactMessages } from '../db/schema';
import { isUuid, notFound } from '../errors.server';

export interface ContactMessageView {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  createdAt: Date;
  readAt: Date | null;
}

/** Newest first, at most `limit` (default 200); plus the number of unread messages. */
export async function listContactMessages(limit = 200): Promise<{ messages: ContactMessageView[]; unread: number }> {
  const db = getDb();
  const messages = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
      readAt: contactMessages.readAt,
    })
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
  const [unread] = await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return { messages, unread: unread?.n ?? 0 };
}

/** Marks one message read (or unread again with `read: false`). Throws not-found for an unknown or non-UUID id. */
export async function markContactMessageRead(_adminId: string, messageId: string, read = true): Promise<void> {
  if (!isUuid(messageId)) throw notFound('Message not found.');
  const updated = await getDb()
    .update(contactMessages)
    .set({ readAt: read ? new Date() : null })
    .where(and(eq(contactMessages.id, messageId)))
    .returning({ id: contactMessages.id });
  if (!updated.length) throw notFound('Message not found.');
}
