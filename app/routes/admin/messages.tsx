import { data, Form, Link, useNavigation } from 'react-router';
import { FormMessage } from '~/components/ui/field';
import { PhoneLink } from '~/components/admin/ui';
import { parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import { ContactInboxActionSchema } from '~/lib/schemas/contact';
import { requireStaff } from '~/server/auth/permissions.server';
import { listContactMessages, markContactMessageRead } from '~/server/contact/contact-inbox.server';
import { getConfig } from '~/server/config.server';
import { DomainError } from '~/server/errors.server';
import { readForm } from '~/server/forms/read-form.server';
import { countUnreadConversations, listTextConversations } from '~/server/sms/conversations.server';
import type { Route } from './+types/messages';
import { dateTimeFormat } from '~/lib/intl';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Messages', noindex: true });

/**
 * Messages: text conversations with customers (issue 15; newest activity first, unread counted; each opens at
 * /admin/messages/texts/:conversationKey) and the contact inbox (issue 4 item 8: messages from the public form,
 * newest first, unread ones marked).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, 'messages');
  const [{ messages, unread }, conversations, unreadConversations] = await Promise.all([
    listContactMessages(),
    listTextConversations(),
    countUnreadConversations(),
  ]);
  return { messages, unread, conversations, unreadConversations, timeZone: getConfig().shop.timeZone };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireStaff(request, 'messages');
  const parsed = parseForm(ContactInboxActionSchema, await readForm(request));
  if (!parsed.success) return data({ error: 'Error: unknown action.' }, { status: 400 });
  try {
    await markContactMessageRead(admin, parsed.data.messageId, parsed.data.intent === 'mark-read');
  } catch (error) {
    if (error instanceof DomainError) return data({ error: `Error: ${error.message}` }, { status: error.status });
    throw error;
  }
  return { error: null };
}

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, unread, conversations, unreadConversations, timeZone } = loaderData;
  const navigation = useNavigation();
  const when = dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short', timeZone });
  return (
    <div>
      <h1 className="text-2xl font-bold text-navy-900">Messages</h1>
      <section aria-labelledby="texts-h" className="mt-4">
        <h2 id="texts-h" className="text-xl font-bold text-navy-900">
          Text Messages
        </h2>
        <p className="mt-1 text-slate-700">
          {conversations.length === 0
            ? 'No texts yet.'
            : `${unreadConversations} ${unreadConversations === 1 ? 'conversation' : 'conversations'} with unread texts.`}
        </p>
        {conversations.length ? (
        <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {conversations.map((c) => (
            <li key={c.key} className={c.unread ? 'bg-brand-50' : undefined}>
              <Link to={`/admin/messages/texts/${encodeURIComponent(c.key)}`} className="block px-4 py-3 hover:bg-slate-50">
                <span className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className={c.unread ? 'font-bold text-navy-900' : 'font-semibold text-slate-800'}>
                    {c.title}
                    {c.unread ? (
                      <span className="ml-2 rounded bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">{c.unread} unread</span>
                    ) : null}
                  </span>
                  <time dateTime={new Date(c.lastAt).toISOString()} className="text-sm text-slate-600">
                    {when.format(new Date(c.lastAt))}
                  </time>
                </span>
                <span className="mt-1 block truncate text-sm text-slate-700">
                  {c.lastDirection === 'outbound' ? 'You: ' : ''}
                  {c.lastBody}
                </span>
              </Link>
            </li>
          ))}
        </ul>
        ) : null}
      </section>
      <h2 id="contact-messages" className="mt-8 text-xl font-bold text-navy-900">Contact Messages</h2>
      <p className="mt-1 text-slate-700">
        {messages.length === 0 ? 'No messages yet.' : `${unread} unread of ${messages.length}.`}
      </p>
      <div className="mt-4">
        <FormMessage text={actionData?.error} />
      </div>
      <ul className="mt-4 space-y-4">
        {messages.map((m) => {
          const isUnread = !m.readAt;
          const busy = navigation.formData?.get('messageId') === m.id;
          return (
            <li
              key={m.id}
              aria-label={`${isUnread ? 'Unread message' : 'Message'} from ${m.name}`}
              className={`rounded-lg border p-4 ${isUnread ? 'border-brand-600 bg-white shadow' : 'border-slate-200 bg-slate-50'}`}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className={isUnread ? 'font-bold text-navy-900' : 'font-semibold text-slate-800'}>
                  {isUnread ? <span className="mr-2 rounded bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">Unread</span> : null}
                  {m.name}{' '}
                  <a href={`mailto:${m.email}`} className="font-normal text-brand-700 underline">
                    {m.email}
                  </a>
                  {m.phone ? (
                    <span className="font-normal text-slate-700">
                      {' · '}
                      <PhoneLink phone={m.phone} />
                    </span>
                  ) : null}
                </p>
                <time dateTime={new Date(m.createdAt).toISOString()} className="text-sm text-slate-600">
                  {when.format(new Date(m.createdAt))}
                </time>
              </div>
              <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{m.message}</p>
              <Form method="post" className="mt-3">
                <input type="hidden" name="messageId" value={m.id} />
                <button
                  type="submit"
                  name="intent"
                  value={isUnread ? 'mark-read' : 'mark-unread'}
                  disabled={busy}
                  className="min-h-11 rounded border-2 border-navy-900 px-4 py-2 text-sm font-bold text-navy-900 hover:bg-slate-100 disabled:opacity-60"
                >
                  {isUnread ? 'Mark as read' : 'Mark as unread'}
                  <span className="sr-only"> (message from {m.name})</span>
                </button>
              </Form>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
