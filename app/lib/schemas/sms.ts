import { z } from 'zod';
import { NOTIFY_CHANNELS, wantsSms } from '~/lib/notify-channels';
import { isSingleLine, SINGLE_LINE_MESSAGE } from './text';

/**
 * Forms about texts (issue 15), shared by pages and actions.
 *
 * - `textSettingsSchema(who)`: the mobile number, the consent box and the notify channel, on the staff's customer
 *   forms (`'staff'`) and in the portal's Settings (`'customer'`). The number is a line of at most 40 characters here;
 *   the server turns it into E.164 and refuses landlines (app/server/sms/phone.server.ts) with a message on `mobile`.
 *   After a save the customer's consent for the number is what the box says, so: a ticked box needs a number, and a
 *   channel with texts needs both a number and the box.
 * - `SmsReplySchema`: a staff reply in Messages, 1 to {@link SMS_REPLY_MAX} characters (longer replies are sent as
 *   several texts, split at word boundaries).
 */

export const SMS_REPLY_MAX = 2000;

export const TEXT_SETTINGS_MESSAGES = {
  mobileNeeded: 'Enter a mobile number to send texts.',
  consentNeeded: {
    staff: 'Texts need the customer’s OK: tick the box once they agree out loud, or choose E-mail.',
    customer: 'To get texts, tick the box to agree, or choose E-mail.',
  },
  channelInvalid: 'Choose how the customer hears from us.',
} as const;

export function textSettingsSchema(who: 'staff' | 'customer') {
  return z
    .object({
      mobile: z
        .string()
        .trim()
        .max(40, 'Enter a mobile number, e.g. (281) 555-0147')
        .refine(isSingleLine, SINGLE_LINE_MESSAGE)
        .optional()
        .transform((v) => (v ? v : null)),
      smsConsent: z
        .string()
        .optional()
        .transform((v) => v === 'on' || v === 'yes' || v === 'true'),
      notifyChannel: z.enum(NOTIFY_CHANNELS, { error: TEXT_SETTINGS_MESSAGES.channelInvalid }).default('email'),
    })
    .superRefine((v, ctx) => {
      if (!v.mobile && (v.smsConsent || wantsSms(v.notifyChannel))) {
        ctx.addIssue({ code: 'custom', path: ['mobile'], message: TEXT_SETTINGS_MESSAGES.mobileNeeded });
      } else if (wantsSms(v.notifyChannel) && !v.smsConsent) {
        ctx.addIssue({ code: 'custom', path: ['smsConsent'], message: TEXT_SETTINGS_MESSAGES.consentNeeded[who] });
      }
    });
}
export type TextSettingsInput = z.output<ReturnType<typeof textSettingsSchema>>;

export const SmsReplySchema = z.object({
  body: z
    .string({ error: 'Write a text first.' })
    .trim()
    .min(1, 'Write a text first.')
    .max(SMS_REPLY_MAX, `At most ${SMS_REPLY_MAX.toLocaleString('en-US')} characters.`),
});
