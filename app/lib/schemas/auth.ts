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

// The auth pages' texts live in a module without Zod, so a page that only shows one (the portal's verification notice)
// does not load the schema library (issue 15: 25 KB of JavaScript on every portal page).
export * from '../auth-text';
