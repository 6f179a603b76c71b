import { useState } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { AdminLoadError } from '~/components/admin/load-error';
import { buttonClass, PhoneLink, TimedMessage, useFormatDate } from '~/components/admin/ui';
import { formValues, parseForm } from '~/lib/forms';
import { formatDateTime } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { SMS_REPLY_MAX, SmsReplySchema } from '~/lib/schemas/sms';
import { countTextSegments } from '~/lib/sms-segments';
import { requireStaff } from '~/server/auth/permissions.server';
import { getConfig } from '~/server/config.server';
import { DomainError, toErrorResponse } from '~/server/errors.server';
import { readForm } from '~/server/forms/read-form.server';
import { getTextConversation, markConversationRead, replyToConversation, type TextDelivery } from '~/server/sms/conversations.server';
import { getQuietHours, nextAllowedSendTime } from '~/server/sms/quiet-hours.server';
import { smsNow } from '~/server/sms/send-text.server';
import type { Route } from './+types/text-conversation';

export const meta: Route.MetaFunction = ({ matches, data: d }) =>
  pageMeta({ matches, title: d?.conversation.customer?.name ?? d?.conversation.phone ?? 'Text conversation', noindex: true });

/** The thread with one customer (or unknown number), oldest first; opening it marks its texts read (audited 'sms.read'). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, 'messages');
  try {
    const conversation = await getTextConversation(params.conversationKey);
    await markConversationRead(user, params.conversationKey);
    return { conversation };
  } catch (error) {
    throw toErrorResponse(error);
  }
}

type ReplyResult = { ok: boolean; message: string; fieldErrors: Record<string, string>; values: Record<string, string>; at: number };

/**
 * Staff reply: the text is queued for the customer's current mobile number (audited 'sms.reply'); it waits for quiet
 * hours to end. Without consent (or for an unknown number) nothing is queued and the form says why.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, 'messages');
  const formData = await readForm(request);
  const parsed = parseForm(SmsReplySchema, formData);
  const fail = (status: number, message: string, fieldErrors: Record<string, string> = {}) =>
    data<ReplyResult>({ ok: false, message, fieldErrors, values: formValues(formData), at: Date.now() }, status);
  if (!parsed.success) return fail(400, 'Not sent: please check the text.', parsed.fieldErrors);
  try {
    const queued = await replyToConversation(user, params.conversationKey, parsed.data.body);
    const { timeZone } = getConfig().shop;
    const now = smsNow();
    const sendsAt = nextAllowedSendTime(now, await getQuietHours(), timeZone);
    const parts = queued.messageIds.length > 1 ? ` as ${queued.messageIds.length} texts` : '';
    const message =
      sendsAt.getTime() > now.getTime()
        ? `Text queued${parts}: quiet hours, so it goes out at ${formatDateTime(sendsAt, timeZone)}.`
        : `Text queued${parts}: it goes out in a moment.`;
    return data<ReplyResult>({ ok: true, message, fieldErrors: {}, values: {}, at: Date.now() });
  } catch (error) {
    if (error instanceof DomainError) return fail(error.status, error.message);
    throw error;
  }
}

const DELIVERY_LABEL: Record<TextDelivery, string> = {
  received: 'Received',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  not_sent: 'Not sent',
  interrupted: 'Interrupted: may have been sent (see the Outbox)',
};

/** Characters, texts and segments of the reply as typed, for the reply box. */
function SegmentCount({ body }: { body: string }) {
  const trimmed = body.trim();
  const count = countTextSegments(trimmed);
  const unicode = count.encoding === 'UCS-2';
  return (
    <p className="mt-1 text-sm text-slate-600" aria-live="polite">
      {trimmed.length.toLocaleString('en-US')} of {SMS_REPLY_MAX.toLocaleString('en-US')} characters ·{' '}
      {count.segments} {count.segments === 1 ? 'segment' : 'segments'}
      {count.messages > 1 ? ` in ${count.messages} texts` : ''}
      {unicode ? ' (emoji or special characters: 70 characters per segment, 67 when split)' : ' (160 characters per segment, 153 when split)'}
    </p>
  );
}

export default function TextConversation({ loaderData, actionData }: Route.ComponentProps) {
  const { conversation } = loaderData;
  const formatDate = useFormatDate();
  const busy = useNavigation().state === 'submitting';
  const result = actionData;
  const [body, setBody] = useState('');
  const { customer, consent } = conversation;
  const canText = Boolean(customer && consent?.mobileE164 && consent.granted);
  const notice = !customer
    ? 'This number is not on file for any customer, so no one has agreed to texts at it: replies cannot be sent. Call the number, or add it to the customer’s record with their OK.'
    : !consent?.mobileE164
      ? 'This customer has no mobile number on file: replies cannot be sent.'
      : !consent.granted
        ? 'This customer has not agreed to texts at this number (or replied STOP): replies cannot be sent. Record their OK on the customer’s Edit page when they give it.'
        : null;
  return (
    <div className="max-w-3xl">
      <p>
        <Link to="/admin/messages" className="font-semibold text-brand-700 underline">
          Back to messages
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-navy-900">{customer ? customer.name : `${conversation.phone} (unknown number)`}</h1>
      <p className="mt-1 text-slate-700">
        {customer ? (
          <>
            {conversation.phone ? (
              <>
                Mobile <PhoneLink phone={conversation.phone} />
                {' · '}
              </>
            ) : null}
            {consent?.granted ? 'Agreed to texts' : 'No consent to texts'} ·{' '}
            <Link to={`/admin/customers/${customer.id}`} className="text-brand-700 underline">
              Customer record
            </Link>
          </>
        ) : (
          'No customer has this number.'
        )}
      </p>

      <ol className="mt-6 space-y-3" aria-label="Texts, oldest first">
        {conversation.texts.length === 0 ? <li className="text-slate-700">No texts yet.</li> : null}
        {conversation.texts.map((t) => {
          const inbound = t.direction === 'inbound';
          return (
            <li key={t.id} className={`flex ${inbound ? 'justify-start' : 'justify-end'}`}>
              <div
                className={`max-w-[85%] rounded-lg border px-4 py-2 ${inbound ? 'border-slate-300 bg-white' : 'border-navy-700 bg-slate-100'} ${t.unread ? 'ring-2 ring-brand-600' : ''}`}
              >
                <p className="text-xs font-semibold text-slate-600">
                  {inbound ? 'Customer' : (t.sentBy ?? 'Shop (automatic)')} · <time dateTime={new Date(t.createdAt).toISOString()}>{formatDate(t.createdAt, true)}</time>
                  {t.unread ? <span className="ml-2 rounded bg-brand-600 px-1.5 py-0.5 text-white">New</span> : null}
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{t.body}</p>
                {inbound ? null : (
                  <p className="mt-1 text-xs text-slate-600">
                    {DELIVERY_LABEL[t.delivery]}
                    {t.sendsAt ? ` · sends ${formatDate(t.sendsAt, true)}` : ''}
                    {t.reason ? ` · ${t.reason}` : ''}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>

      <section aria-labelledby="reply-h" className="mt-8 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="reply-h" className="text-xl font-bold text-navy-900">
          Reply
        </h2>
        <div className="mt-2">
          <TimedMessage text={result?.message} token={result} ms={result?.ok ? 3000 : 60_000} />
        </div>
        {notice ? (
          <p role="note" className="mt-2 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
            {notice}
          </p>
        ) : null}
        {canText ? (
          <Form method="post" className="mt-3 space-y-3" key={result?.ok ? result.at : 'reply'}>
            <div>
              <label htmlFor="reply-body" className="block text-sm font-semibold text-slate-800">
                Text to {customer?.name}
              </label>
              <textarea
                id="reply-body"
                name="body"
                rows={4}
                maxLength={SMS_REPLY_MAX}
                required
                defaultValue={result && !result.ok ? (result.values.body ?? '') : ''}
                onChange={(e) => setBody(e.currentTarget.value)}
                aria-invalid={result?.fieldErrors.body ? true : undefined}
                aria-describedby={result?.fieldErrors.body ? 'reply-body-error reply-count' : 'reply-count'}
                className="mt-1 block w-full rounded border border-slate-400 px-3 py-2 text-base"
              />
              {result?.fieldErrors.body ? (
                <p id="reply-body-error" className="mt-1 text-sm font-medium text-red-700">
                  {result.fieldErrors.body}
                </p>
              ) : null}
              <div id="reply-count">
                <SegmentCount body={body} />
              </div>
            </div>
            <button type="submit" className={buttonClass} disabled={busy}>
              {busy ? 'Sending...' : 'Send'}
            </button>
          </Form>
        ) : null}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError what="the conversation" back={{ to: '/admin/messages', label: 'Back to messages' }} />;
}
