import { useId } from 'react';
import { TextField } from '~/components/ui/field';
import { NOTIFY_CHANNEL_LABELS, NOTIFY_CHANNELS } from '~/lib/notify-channels';

export interface TextSettingsValues {
  mobile?: unknown;
  smsConsent?: unknown;
  notifyChannel?: unknown;
}

/** True when a form value means a ticked box (a boolean from the loader, 'on' from a posted form). */
const ticked = (value: unknown) => value === true || value === 'on';

/**
 * Mobile number, consent box with the disclosure, and the notify channel (issue 15): the staff's Add and Edit Customer
 * forms (`who="staff"`: the box records the customer's spoken OK) and the portal's Settings (`who="customer"`).
 * `disclosure` is the text stored with the consent (from the loader, so page and record say the same); `status` a line
 * such as "Agreed on Nov 24, 2026 (portal)".
 */
export function TextSettingsFields({
  values,
  errors,
  disclosure,
  who,
  status,
}: {
  values: TextSettingsValues;
  errors: Record<string, string>;
  disclosure: string;
  who: 'staff' | 'customer';
  status?: string | null | undefined;
}) {
  const id = useId();
  const channel = typeof values.notifyChannel === 'string' && values.notifyChannel ? values.notifyChannel : 'email';
  return (
    <div className="space-y-4">
      <TextField
        label={who === 'staff' ? 'Mobile number (for texts)' : 'Mobile number'}
        name="mobile"
        type="tel"
        inputMode="tel"
        autoComplete={who === 'staff' ? 'off' : 'tel'}
        defaultValue={String(values.mobile ?? '')}
        error={errors.mobile}
        hint="A US mobile number, e.g. (281) 555-0147."
      />
      <div>
        <div className="flex items-start gap-3">
          <input
            id={`${id}-consent`}
            type="checkbox"
            name="smsConsent"
            defaultChecked={ticked(values.smsConsent)}
            aria-describedby={`${id}-disclosure${errors.smsConsent ? ` ${id}-consent-error` : ''}`}
            aria-invalid={errors.smsConsent ? true : undefined}
            className="mt-1 size-5 shrink-0"
          />
          <label htmlFor={`${id}-consent`} className="font-semibold text-slate-800">
            {who === 'staff' ? 'The customer agreed out loud to receive texts' : 'Yes, text me about my repair'}
          </label>
        </div>
        <p id={`${id}-disclosure`} className="mt-1 ml-8 text-sm text-slate-700">
          {who === 'staff' ? <span className="font-semibold">Read this to the customer: </span> : null}
          {disclosure}
        </p>
        {status ? <p className="mt-1 ml-8 text-sm text-slate-600">{status}</p> : null}
        {errors.smsConsent ? (
          <p id={`${id}-consent-error`} className="mt-1 ml-8 text-sm font-medium text-red-700">
            {errors.smsConsent}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${id}-channel`} className="block text-sm font-semibold text-slate-800">
          {who === 'staff' ? 'Repair updates by' : 'Send me repair updates by'}
        </label>
        <select
          id={`${id}-channel`}
          name="notifyChannel"
          defaultValue={channel}
          aria-invalid={errors.notifyChannel ? true : undefined}
          aria-describedby={errors.notifyChannel ? `${id}-channel-error` : undefined}
          className="mt-1 block w-full max-w-sm rounded border border-slate-400 bg-white px-3 py-2 text-base"
        >
          {NOTIFY_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {NOTIFY_CHANNEL_LABELS[c]}
            </option>
          ))}
        </select>
        {errors.notifyChannel ? (
          <p id={`${id}-channel-error`} className="mt-1 text-sm font-medium text-red-700">
            {errors.notifyChannel}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** "Agreed on Nov 24, 2026 (staff at intake)" / "Withdrawn on … (text keyword)": the status line under the box. */
export const CONSENT_SOURCE_LABELS: Record<string, string> = {
  staff_intake: 'recorded by staff',
  portal: 'in the portal',
  booking: 'on the booking form',
  sms_keyword: 'by text keyword',
};
