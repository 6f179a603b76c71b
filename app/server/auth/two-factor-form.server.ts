/**
 * The one form action behind both two-factor settings pages (/account/two-factor and /portal/settings):
 * intent=enable (password) → the verify step; intent=verify (code) → on; intent=disable (password) → off.
 * Returns `{ body, status, cookies }` for the route to send with `data()`.
 */
import { parseForm } from '~/lib/forms';
import { TotpCodeSchema, TwoFactorPasswordSchema } from '~/lib/schemas/two-factor';
import type { TwoFactorActionData } from '~/components/two-factor-settings';
import { confirmEnrolment, disableTwoFactor, startEnrolment } from './two-factor.server';
import { readForm } from '~/server/forms/read-form.server';

export async function handleTwoFactorForm(
  request: Request,
): Promise<{ body: TwoFactorActionData; status: number; cookies: string[] }> {
  const formData = await readForm(request);
  const intent = formData.get('intent');
  if (intent === 'verify') {
    const again = {
      qrDataUri: String(formData.get('qrDataUri') ?? '').slice(0, 20_000),
      secret: String(formData.get('secret') ?? '').slice(0, 200),
      backupCodes: String(formData.get('backupCodes') ?? '').split(' ').filter(Boolean).slice(0, 20),
    };
    const parsed = parseForm(TotpCodeSchema, formData);
    if (!parsed.success) return { body: { step: 'verify', ...again, fieldErrors: parsed.fieldErrors }, status: 400, cookies: [] };
    const result = await confirmEnrolment(request, parsed.data.code);
    if (!result.ok) return { body: { step: 'verify', ...again, formError: result.message }, status: 400, cookies: [] };
    return { body: { step: 'done', message: 'Two-factor authentication is now on.' }, status: 200, cookies: result.cookies };
  }
  const parsed = parseForm(TwoFactorPasswordSchema, formData);
  if (!parsed.success) return { body: { step: 'error', formError: null, fieldErrors: parsed.fieldErrors }, status: 400, cookies: [] };
  if (intent === 'disable') {
    const result = await disableTwoFactor(request, parsed.data.password);
    if (!result.ok) return { body: { step: 'error', formError: result.message }, status: 400, cookies: [] };
    return { body: { step: 'done', message: 'Two-factor authentication is now off.' }, status: 200, cookies: result.cookies };
  }
  const started = await startEnrolment(request, parsed.data.password);
  if (!started.ok) return { body: { step: 'error', formError: started.message }, status: 400, cookies: [] };
  return { body: { step: 'verify', qrDataUri: started.qrDataUri, secret: started.secret, backupCodes: started.backupCodes }, status: 200, cookies: [] };
}
