import { z } from 'zod';

/** The reset pages' messages (shared by the pages, the server module and the tests). */
export const RESET_LINK_SENT =
  'If an account exists for that e-mail address, we sent it a link to reset your password. Check your inbox.';
export const RESET_LINK_INVALID = 'This reset link is not valid or has expired. Please ask for a new one.';
export const PASSWORD_CHANGED = 'Your password has been changed. You can now log in with your new password.';

/** "Forgot your password?": the account's e-mail address. */
export const ForgotPasswordSchema = z.object({
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .min(1, 'Email is required.')
    .max(254, 'That email address is too long.')
    .pipe(z.email('Enter a valid email address.'))
    .transform((v) => v.toLowerCase()),
});
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

/** Choosing a new password from the e-mailed link: the token from the link, the password twice (8-128 characters). */
export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: 'This reset link is not valid.' }).min(1, 'This reset link is not valid.').max(200),
    password: z
      .string({ error: 'Password is required.' })
      .min(8, 'Password must be at least 8 characters.')
      .max(128, 'Password must be at most 128 characters.'),
    confirmPassword: z.string({ error: 'Please type the password again.' }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'The two passwords do not match.', path: ['confirmPassword'] });
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;
