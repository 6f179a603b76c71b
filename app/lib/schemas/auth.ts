import { z } from 'zod';

/**
 * Login and register (spec public-site-and-portal §5): email (an e-mail address) and password are required; there
 * are no length or strength rules of our own — the auth server's messages are shown as returned.
 */
const email = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'That email address is too long.')
  .pipe(z.email('Enter a valid email address.'))
  .transform((v) => v.toLowerCase());
const password = z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(1024, 'That password is too long.');

export const LoginSchema = z.object({ email, password, redirectTo: z.string().max(2000).optional() });
export type Login = z.infer<typeof LoginSchema>;

export const RegisterSchema = z.object({ email, password });

/** "Send the confirmation link again" on the login page (issue 13). */
export const ResendConfirmationSchema = z.object({ email });
export type Register = z.infer<typeof RegisterSchema>;

/** Shown when the role cannot be read after a successful sign-in (spec public-site-and-portal §8). */
export const UNABLE_TO_VERIFY_ROLE = 'Unable to verify user role.';

/**
 * The register page's answer to every accepted sign-up (issue 6): the same text whether the address is new (a
 * verification link was sent) or already has an account (its owner was told so by e-mail), so the page never reveals
 * which. `email` is the address as typed (lower-cased).
 */
export const registrationSentText = (email: string) =>
  `We sent a message to ${email}. Open the link in it to confirm your address and go to your portal. If this address already has an account, the message tells you how to log in instead.`;

/** Under "Check your e-mail" after registering (issue 13, app/server/auth/verified-owner.server.ts). */
export const KEEP_PASSWORD_HINT =
  'Open the link in this browser to keep the password you just chose. Opened anywhere else, the link confirms your address and asks you to choose a password there.';

/** The login page's answer to the right password for an address that is not confirmed yet (issue 13). */
export const CONFIRM_ADDRESS_FIRST =
  'Please confirm your e-mail address first: open the link we sent to it when you registered.';

/** After "Send the link again" on the login page: the same whether or not the address has an account. */
export const CONFIRMATION_RESENT =
  'If that address has an account waiting for confirmation, a new link is on its way. It works for one hour.';

/** When the confirmation links of one client address are over Better Auth's limit (3 a minute). */
export const TOO_MANY_LINKS = 'Several links were sent a moment ago. Please wait a minute before asking again.';
