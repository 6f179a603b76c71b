import { z } from 'zod';

const password = z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(1024);

/** Start two-factor enrolment or turn it off: the account password confirms it is you. */
export const TwoFactorPasswordSchema = z.object({ password });

/** A six-digit code from the authenticator app. */
export const TotpCodeSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code from your app.' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your app.'),
});

/** The sign-in challenge: an app code, or one of the backup codes. */
export const TwoFactorChallengeSchema = z.object({
  method: z.enum(['totp', 'backup']).default('totp'),
  code: z.string({ error: 'Enter a code.' }).trim().min(1, 'Enter a code.').max(40, 'That code is too long.'),
  redirectTo: z.string().max(2000).optional(),
});
