import { Form, Link, useNavigation } from 'react-router';
import { buttonClass, EmailLink, PhoneLink, tableClass, tdClass, thClass, TimedMessage, useFormatDate } from '~/components/admin/ui';
import type { FormResult } from '~/components/admin/work-order-forms';
import { pageMeta } from '~/lib/meta';
import { requireStaff } from '~/server/auth/permissions.server';
import { intentFailure, intentResult } from '~/server/documents/admin-form.server';
import { DomainError, isUuid } from '~/server/errors.server';
import { dismissJob, retryJob } from '~/server/jobs/job-queue.server';
import { listOutbox } from '~/server/jobs/outbox.server';
import { readForm } from '~/server/forms/read-form.server';
import type { Route } from './+types/outbox';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Outbox', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, 'messages');
  return { mail: await listOutbox(200) };
}

/**
 * intent=retry (the default): a failed, waiting, interrupted or stuck message is queued for a new try now;
 * intent=dismiss: an interrupted or failed message is closed without one. Both audited (mail.retry / mail.dismiss, or
 * sms.retry / sms.dismiss for a text).
 * 404 for an unknown id; 409 for a message in another state (being sent right now, already sent).
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, 'messages');
  const formData = await readForm(request);
  const id = String(formData.get('mailId') ?? '');
  const intent = formData.get('intent') === 'dismiss' ? 'dismiss' : 'retry';
  if (!isUuid(id)) return intentFailure(intent, `${intent === 'dismiss' ? 'Dismiss' : 'Retry'} failed: no such message.`, 404);
  if (intent === 'dismiss') {
    return intentResult(intent, async () => {
      if (!(await dismissJob(user, id))) throw new DomainError('conflict', 'Dismiss failed: only an interrupted or failed message can be dismissed.');
      return 'The message is dismissed: it will not be sent again.';
    });
  }
  return intentResult('retry', async () => {
    if (!(await retryJob(user, id))) throw new DomainError('conflict', 'Retry failed: the message was already sent or is being sent.');
    return 'The message is queued and will be sent again shortly.';
  });
}

const STATE_LABEL: Record<string, string> = {
  queued: 'Queued',
  running: 'Sending',
  done: 'Sent',
  cancelled: 'Not sent',
  failed: 'Failed',
  interrupted: 'Interrupted — may have been sent',
  dismissed: 'Dismissed',
};

export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
  const formatDate = useFormatDate();
  const busy = useNavigation().state === 'submitting';
  const result = actionData as FormResult | undefined;
  return (
    <div>
      <h1 className="text-2xl font-bold text-navy-900">Outbox</h1>
      <p className="mt-1 text-slate-700">
        E-mails and texts to customers, newest first. Failed deliveries are retried automatically; you can retry one now. An interrupted
        message was being sent when the server stopped: it may have arrived, so it is not sent again unless you retry it (or dismiss it if
        the customer has it). Texts wait during quiet hours.
      </p>
      <div className="mt-4">
        <TimedMessage text={result?.message} token={result} />
      </div>
      {loaderData.mail.length === 0 ? (
        <p className="mt-6 text-slate-700">No messages yet.</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-lg border border-slate-200">
          <table className={`${tableClass} stack-table`}>
            <thead className="bg-slate-100">
              <tr>
                <th scope="col" className={thClass}>Created</th>
                <th scope="col" className={thClass}>Channel</th>
                <th scope="col" className={thClass}>To</th>
                <th scope="col" className={thClass}>Subject or text</th>
                <th scope="col" className={thClass}>State</th>
                <th scope="col" className={thClass}>Attempts</th>
                <th scope="col" className={thClass}>Last error</th>
                <th scope="col" className={thClass}>Action</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {loaderData.mail.map((m) => (
                <tr key={m.id}>
                  <td data-label="Created" className={tdClass}>{formatDate(m.createdAt, true)}</td>
                  <td data-label="Channel" className={tdClass}>{m.channel}</td>
                  <td data-label="To" className={tdClass}>
                    {m.channel === 'Text' ? <PhoneLink phone={m.to} /> : <EmailLink email={m.to} />}
                  </td>
                  <td data-label="Subject or text" className={tdClass}>
                    {m.workOrderId ? (
                      <Link to={`/admin/work-orders/details/${m.workOrderId}`} className="text-brand-700 underline">
                        {m.summary}
                      </Link>
                    ) : (
                      m.summary
                    )}
                  </td>
                  <td data-label="State" className={`${tdClass} font-semibold`}>
                    {m.stuck ? 'Stuck sending' : (STATE_LABEL[m.state] ?? m.state)}
                    {m.state === 'done' && m.finishedAt ? ` ${formatDate(m.finishedAt, true)}` : ''}
                    {m.state === 'queued' && (m.attempts > 0 || m.later)
                      ? ` (${m.attempts > 0 ? 'next try' : 'sends'} ${formatDate(m.runAt, true)})`
                      : ''}
                  </td>
                  <td data-label="Attempts" className={tdClass}>
                    {m.attempts} of {m.maxAttempts}
                  </td>
                  <td data-label="Last error" className={tdClass}>{m.lastError ?? ''}</td>
                  <td data-label="Action" className={tdClass}>
                    <div className="flex flex-wrap gap-2">
                      {m.state === 'failed' || m.state === 'interrupted' || m.stuck || (m.state === 'queued' && m.attempts > 0) ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="retry" />
                          <input type="hidden" name="mailId" value={m.id} />
                          <button type="submit" className={buttonClass} disabled={busy}>
                            Retry<span className="sr-only"> message to {m.to}</span>
                          </button>
                        </Form>
                      ) : null}
                      {m.state === 'failed' || m.state === 'interrupted' ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="dismiss" />
                          <input type="hidden" name="mailId" value={m.id} />
                          <button type="submit" className="font-semibold text-brand-700 underline" disabled={busy}>
                            Dismiss<span className="sr-only"> message to {m.to}</span>
                          </button>
                        </Form>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
