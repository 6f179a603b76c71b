/**
 * Two-factor authentication (TOTP with backup codes) through Better Auth's plugin (issue 6, ASVS 2.7/2.8).
 *
 * Enrolment, for a signed-in user: `startEnrolment(request, password)` → the otpauth URI as a QR code (SVG data URI),
 * the secret for manual entry and ten backup codes; `confirmEnrolment(request, code)` verifies the first code, turns
 * two-factor on and ends the account's other sessions. `disableTwoFactor(request, password)` turns it off.
 * Sign-in: when an account has two-factor on, password sign-in returns no session but a short-lived challenge cookie;
 * `verifyChallenge(request, code, kind)` exchanges it plus a valid TOTP or backup code for the session cookies.
 * Results carry Better Auth's own messages ("Invalid code", "Invalid password", ...). When Better Auth fails inside a
 * code check (status 500: above all a TOTP secret or backup codes that do not decrypt because the auth secret changed,
 * issue 13), the user gets {@link CODE_NOT_CHECKED} instead of a server error, and the cause is logged for the owner.
 */
import { log } from '../logger.server';
import { callAuthEndpoint, getAuth } from './auth.server';

type Failure = { ok: false; message: string };

/** Shown when a two-factor code could not be checked at all (server-side failure, e.g. undecryptable two-factor data). */
export const CODE_NOT_CHECKED =
  'Invalid code: it could not be checked for this account. Try again, or use a backup code; if that fails too, ask the shop to turn two-factor off for your account.';

async function failure(response: Response, fallback: string): Promise<Failure> {
  if (response.status >= 500) {
    log().error(
      { status: response.status },
      'a two-factor code could not be checked: the two-factor data may not decrypt with the auth secret in force (BETTER_AUTH_SECRET or DATA_DIR/auth-secret)',
    );
    return { ok: false, message: CODE_NOT_CHECKED };
  }
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return { ok: false, message: body?.message || fallback };
}

export async function startEnrolment(
  request: Request,
  password: string,
): Promise<{ ok: true; qrDataUri: string; secret: string; backupCodes: string[] } | Failure> {
  const response = await getAuth().api.enableTwoFactor({ body: { password }, headers: request.headers, asResponse: true });
  if (!response.ok) return failure(response, 'Two-factor could not be started.');
  const { totpURI, backupCodes } = (await response.json()) as { totpURI: string; backupCodes: string[] };
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(totpURI, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return { ok: true, qrDataUri: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, secret, backupCodes };
}

/**
 * Verifies the first code and turns two-factor on. Better Auth then renews this browser's session (`cookies`); every
 * other session of the account is ended (issue 13): a session opened with the password alone, perhaps by whoever
 * made two-factor necessary, must not outlive it.
 */
export async function confirmEnrolment(request: Request, code: string): Promise<{ ok: true; cookies: string[] } | Failure> {
  const response = await getAuth().api.verifyTOTP({ body: { code }, headers: request.headers, asResponse: true });
  if (!response.ok) return failure(response, 'Invalid code');
  const cookies = response.headers.getSetCookie();
  const renewed = cookies.map((c) => c.split(';')[0]).join('; ');
  await getAuth().api.revokeOtherSessions({ headers: new Headers({ cookie: renewed || (request.headers.get('cookie') ?? '') }) });
  return { ok: true, cookies };
}

export async function disableTwoFactor(request: Request, password: string): Promise<{ ok: true; cookies: string[] } | Failure> {
  const response = await getAuth().api.disableTwoFactor({ body: { password }, headers: request.headers, asResponse: true });
  if (!response.ok) return failure(response, 'Two-factor could not be turned off.');
  return { ok: true, cookies: response.headers.getSetCookie() };
}

export async function verifyChallenge(
  request: Request,
  code: string,
  kind: 'totp' | 'backup',
): Promise<{ ok: true; userId: string; cookies: string[] } | Failure> {
  // Through the HTTP API, so the two-factor plugin's rate limit holds for the login challenge too.
  const response = await callAuthEndpoint(request, kind === 'backup' ? '/two-factor/verify-backup-code' : '/two-factor/verify-totp', { code });
  if (!response.ok) return failure(response, 'Invalid code');
  const body = (await response.json().catch(() => null)) as { user?: { id?: string } } | null;
  if (!body?.user?.id) return { ok: false, message: 'The sign-in has expired. Please log in again.' };
  return { ok: true, userId: body.user.id, cookies: response.headers.getSetCookie() };
}
