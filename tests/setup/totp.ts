/** Plays the authenticator app in tests: the current code for a base32 secret (Better Auth's own OTP utilities). */
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

export function totpFor(base32Secret: string): Promise<string> {
  return createOTP(base32.decode(base32Secret.toUpperCase())).totp();
}
