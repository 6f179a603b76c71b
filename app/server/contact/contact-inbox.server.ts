/**
 * The back office's contact inbox (issue 4 item 8): messages from the public form, newest first, unread marked.
 * Callers are staff with 'messages' (the route calls `requireStaff` first); marking a message read or unread is audited
 * ('contact_message.read' / 'contact_message.unread', readAt from/to) with the acting staff member.
 */
import { count, desc, eq, isNull } from 'drizzle-orm';
import { recordAudit, type StaffActor } from '../audit/audit.server';
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

/** Messages not marked read (the dashboard's unread count, issue 16). */
export async function countUnreadContactMessages(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return row?.n ?? 0;
}

/**
 * Marks one message read (or unread again with `read: false`), audited in the same transaction. Throws not-found for
 * an unknown or non-UUID id.
 */
export async function markContactMessageRead(actor: StaffActor, messageId: string, read = true): Promise<void> {
  if (!isUuid(messageId)) throw notFound('Message not found.');
  await getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ readAt: contactMessages.readAt })
      .from(contactMessages)
      .where(eq(contactMessages.id, messageId))
      .for('update');
    if (!before) throw notFound('Message not found.');
    const [after] = await tx
      .update(contactMessages)
      .set({ readAt: read ? new Date() : null })
      .where(eq(contactMessages.id, messageId))
      .returning({ readAt: contactMessages.readAt });
    await recordAudit(tx, actor, {
      action: read ? 'contact_message.read' : 'contact_message.unread',
      entityId: messageId,
      before,
      after: after!,
    });
  });
}
