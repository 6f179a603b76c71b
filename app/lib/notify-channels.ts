/**
 * How a customer wants status messages (issue 15): e-mail, text, both or none. Staff set it on the customer; the
 * customer sets it in the portal's Settings. Texts also need the customer's recorded consent (sms_consents).
 */
export const NOTIFY_CHANNELS = ['email', 'sms', 'both', 'none'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export const NOTIFY_CHANNEL_LABELS: Record<NotifyChannel, string> = {
  email: 'E-mail',
  sms: 'Text message',
  both: 'E-mail and text message',
  none: 'No messages',
};

/** True when the channel includes e-mail. */
export const wantsEmail = (channel: NotifyChannel) => channel === 'email' || channel === 'both';
/** True when the channel includes texts. */
export const wantsSms = (channel: NotifyChannel) => channel === 'sms' || channel === 'both';
