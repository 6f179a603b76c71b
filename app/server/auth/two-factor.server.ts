/**
 * Two-factor authentication (TOTP with backup codes) through Better Auth's plugin (issue 6, ASVS 2.7/2.8).
 *
 * Enrolment, for a signed-in user: `startEnrolment(request, password)` → the otpauth URI as a QR code (SVG data URI),
 * the secret for manual entry and ten backup codes; `confirmEnrolment(request, code)` verifies the first code and turns
 * two-factor on. `disableTwoFactor(request, password)` turns it off.
 * Sign-in: when an account has two-factor on, password sign-in returns no session but a short-lived challenge cookie;
 * `verifyChallenge(request, code, kind)` exchanges it plus a valid TOTP or backup code for the session cookies.
 * Results carry Better Auth's own messages ("Invalid code", "Invalid password", ...).
 */
import { callAuthEndpoint, getAuth } from './auth.server';

type Failure = { ok: false; message: string };

async function failure(response: Response, fallback: string): Promise<Failure> {
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

export async function confirmEnrolment(request: Request, code: string): Promise<{ ok: true; cookies: string[] } | Failure> {
  const response = await getAuth().api.verifyTOTP({ body: { code }, headers: request.headers, asResponse: true });
  if (!response.ok) return failure(response, 'Invalid code');
  return { ok: true, cookies: response.headers.getSetCookie() };
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
