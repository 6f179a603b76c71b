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
