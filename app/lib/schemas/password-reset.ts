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

const newPassword = z
  .string({ error: 'Password is required.' })
  .min(8, 'Password must be at least 8 characters.')
  .max(128, 'Password must be at most 128 characters.');
const confirmPassword = z.string({ error: 'Please type the password again.' });
const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const mismatch = { message: 'The two passwords do not match.', path: ['confirmPassword'] };

/** Choosing a new password from the e-mailed link: the token from the link, the password twice (8-128 characters). */
export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: 'This reset link is not valid.' }).min(1, 'This reset link is not valid.').max(200),
    password: newPassword,
    confirmPassword,
  })
  .refine(passwordsMatch, mismatch);
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

/** Choosing a password after a confirmation link discarded the registration one (issue 13): the password twice. */
export const ChoosePasswordSchema = z.object({ password: newPassword, confirmPassword }).refine(passwordsMatch, mismatch);
export type ChoosePassword = z.infer<typeof ChoosePasswordSchema>;

/** The choose-password page's texts (app/routes/auth/choose-password.tsx). */
export const ADDRESS_CONFIRMED_CHOOSE_PASSWORD =
  'Your e-mail address is confirmed. The link was opened in a different browser from the one used to register, so the password typed there is not kept: choose the password you will log in with.';
