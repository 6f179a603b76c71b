import { z } from 'zod';
import { isSingleLine, SINGLE_LINE_MESSAGE } from './text';

/** Longest message accepted from the contact form (issue 7 "Bad input"). */
export const CONTACT_MESSAGE_MAX = 5000;

export const CONTACT_TEXTS = {
  nameRequired: 'Please enter your name.',
  emailRequired: 'Please enter your e-mail address.',
  emailInvalid: 'Please enter a valid e-mail address, like name@example.com.',
  messageRequired: 'Please enter a message.',
  messageTooLong: `Your message is too long: please keep it under ${CONTACT_MESSAGE_MAX.toLocaleString('en-US')} characters.`,
  phoneInvalid: 'Please enter a valid phone number, or leave it empty.',
  sent: 'Thank you! Your message has been sent. We will get back to you within one business day.',
  honeypot: 'Your message could not be sent because it looked like spam. Please call us instead.',
  singleLine: SINGLE_LINE_MESSAGE,
  rateLimited: 'Too many messages from your connection. Please wait 10 minutes and try again, or call us.',
} as const;

const required = (message: string, max: number, tooLong = `At most ${max} characters.`) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);

/**
 * The public contact form (spec §2 "Contact", §5: name, e-mail and message required; DECISIONS 7). `phone` is
 * optional. Name, e-mail and phone are one line each (issue 13: they go into the shop's e-mail); only the message may
 * span lines. `website` is the honeypot: a field people never see; the action refuses posts where it is filled.
 */
export const ContactSchema = z.object({
  name: required(CONTACT_TEXTS.nameRequired, 120).refine(isSingleLine, CONTACT_TEXTS.singleLine),
  email: z
    .string({ error: CONTACT_TEXTS.emailRequired })
    .trim()
    .min(1, CONTACT_TEXTS.emailRequired)
    .max(254, CONTACT_TEXTS.emailInvalid)
    .refine(isSingleLine, CONTACT_TEXTS.emailInvalid)
    .pipe(z.email(CONTACT_TEXTS.emailInvalid)),
  phone: z
    .string()
    .trim()
    .max(40, CONTACT_TEXTS.phoneInvalid)
    .refine(isSingleLine, CONTACT_TEXTS.singleLine)
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || v.replace(/\D/g, '').length >= 7, CONTACT_TEXTS.phoneInvalid),
  message: required(CONTACT_TEXTS.messageRequired, CONTACT_MESSAGE_MAX, CONTACT_TEXTS.messageTooLong),
  website: z.string().optional(),
});
export type ContactForm = z.output<typeof ContactSchema>;

/** The back office's inbox actions: mark a message read or unread again. */
export const ContactInboxActionSchema = z.object({
  intent: z.enum(['mark-read', 'mark-unread'], { error: 'Unknown action.' }),
  messageId: z.string({ error: 'Message not found.' }).trim().min(1, 'Message not found.'),
});
