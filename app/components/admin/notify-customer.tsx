/**
 * "Notify customer" on every form that changes a work order's status (issue 15 §4): a checkbox, checked by default,
 * with a preview of the text message and the channels it goes by. The form also posts `notifyShown=1`, so the server
 * can tell an unchecked box from a post without the field (ChangeStatusSchema). The preview follows the status chosen
 * in the same form's `<select name={statusSelectName}>`; without JavaScript it shows the status the page opened with.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { statusTextMessage, type NotifyChannels, type StatusMessageFacts } from '~/lib/status-message';
import { isWorkOrderStatus, type WorkOrderStatus } from '~/lib/work-order-status';

export interface NotifyPreview {
  channels: NotifyChannels;
  /** How long the message waits for further changes (seconds). */
  delaySeconds: number;
  facts: Omit<StatusMessageFacts, 'status'>;
}

const CHANNEL_TEXT = (c: NotifyChannels) =>
  c.email && c.sms ? 'by e-mail and text message' : c.email ? 'by e-mail' : c.sms ? 'by text message' : null;

const waitText = (seconds: number) =>
  seconds >= 60 ? `${Math.round(seconds / 60)} minute${seconds >= 90 ? 's' : ''} after the first change, with the latest status` : 'right away';

const NOTHING = {
  no_email: 'The customer has no e-mail address: nothing will be sent.',
  no_consent: 'The customer has no mobile number with consent to texts: nothing will be sent.',
  opted_out: 'The customer asked for no messages: nothing will be sent.',
} as const;

export function NotifyCustomerField({
  preview,
  statusSelectName,
  initialStatus,
}: {
  preview: NotifyPreview;
  statusSelectName: string;
  initialStatus: WorkOrderStatus;
}) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<WorkOrderStatus>(initialStatus);
  const [checked, setChecked] = useState(true);
  useEffect(() => {
    const select = ref.current?.closest('form')?.querySelector<HTMLSelectElement>(`select[name="${statusSelectName}"]`);
    if (!select) return;
    const follow = () => {
      if (isWorkOrderStatus(select.value)) setStatus(select.value);
    };
    follow();
    select.addEventListener('change', follow);
    return () => select.removeEventListener('change', follow);
  }, [statusSelectName]);
  const by = CHANNEL_TEXT(preview.channels);
  return (
    <div ref={ref} className="space-y-2">
      <input type="hidden" name="notifyShown" value="1" />
      <label className="inline-flex items-center gap-2 font-semibold text-slate-800">
        <input type="checkbox" name="notify" value="1" checked={checked} onChange={(e) => setChecked(e.target.checked)} aria-describedby={`${id}-preview`} />
        Notify customer
      </label>
      <div id={`${id}-preview`} className="rounded border border-slate-200 bg-slate-50 p-2 text-sm text-slate-700">
        {!checked ? (
          <p>The customer will not be told of this change.</p>
        ) : by ? (
          <>
            <p className="font-semibold">
              Message preview ({by}, sent {waitText(preview.delaySeconds)}):
            </p>
            <p className="mt-1 whitespace-pre-wrap">{statusTextMessage({ ...preview.facts, status })}</p>
          </>
        ) : (
          <p>{NOTHING[preview.channels.none ?? 'no_email']}</p>
        )}
      </div>
    </div>
  );
}
