import { Form, useNavigation } from 'react-router';
import { FormMessage, TextField } from '~/components/ui/field';

export type TwoFactorActionData =
  | { step: 'verify'; qrDataUri: string; secret: string; backupCodes: string[]; formError?: string | null; fieldErrors?: Record<string, string> }
  | { step: 'done'; message: string }
  | { step: 'error'; formError: string | null; fieldErrors?: Record<string, string> };

/**
 * Turn two-factor on (password → QR code, secret and backup codes → first code) or off (password). Works without
 * JavaScript: each step is a form post answered with the next step.
 */
export function TwoFactorSettings({ enabled, required, actionData }: { enabled: boolean; required: boolean; actionData: TwoFactorActionData | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const fieldErrors = (actionData && 'fieldErrors' in actionData ? actionData.fieldErrors : undefined) ?? {};
  if (actionData?.step === 'verify') {
    return (
      <section aria-labelledby="tf-verify" className="space-y-4">
        <h2 id="tf-verify" className="text-xl font-bold text-navy-900">
          Scan this code with your authenticator app
        </h2>
        <img src={actionData.qrDataUri} width={200} height={200} alt="QR code to add this account to an authenticator app" className="border border-slate-300" />
        <p>
          Or enter this key by hand: <code className="rounded bg-slate-100 px-2 py-1 font-mono break-all">{actionData.secret}</code>
        </p>
        <div>
          <h3 className="font-bold">Backup codes</h3>
          <p className="text-sm text-slate-700">Save these somewhere safe. Each one lets you sign in once if you lose your phone.</p>
          <ul className="mt-2 grid grid-cols-2 gap-1 font-mono" aria-label="Backup codes">
            {actionData.backupCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
        <FormMessage text={actionData.formError} tone="error" />
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="qrDataUri" value={actionData.qrDataUri} />
          <input type="hidden" name="secret" value={actionData.secret} />
          <input type="hidden" name="backupCodes" value={actionData.backupCodes.join(' ')} />
          <TextField label="Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" required error={fieldErrors.code} />
          <button type="submit" disabled={busy} className="rounded bg-brand-600 px-4 py-2 font-bold text-white hover:bg-brand-700">
            Turn On Two-Factor
          </button>
        </Form>
      </section>
    );
  }
  return (
    <section aria-labelledby="tf-status" className="space-y-4">
      <h2 id="tf-status" className="text-xl font-bold text-navy-900">
        Two-factor authentication is {enabled ? 'on' : 'off'}
      </h2>
      {required && !enabled ? (
        <FormMessage tone="error" text="Staff accounts must use two-factor authentication. Turn it on to open the back office." />
      ) : null}
      {actionData?.step === 'done' ? <FormMessage tone="success" text={actionData.message} /> : null}
      {actionData?.step === 'error' ? <FormMessage tone="error" text={actionData.formError} /> : null}
      <p className="text-slate-700">
        {enabled
          ? 'Signing in needs your password and a code from your authenticator app.'
          : 'Add a second step to signing in: a code from an authenticator app on your phone.'}
      </p>
      <Form method="post" className="max-w-sm space-y-3">
        <input type="hidden" name="intent" value={enabled ? 'disable' : 'enable'} />
        <TextField label="Your password" name="password" type="password" autoComplete="current-password" required error={fieldErrors.password} />
        <button type="submit" disabled={busy} className="rounded bg-brand-600 px-4 py-2 font-bold text-white hover:bg-brand-700">
          {enabled ? 'Turn Off Two-Factor' : 'Set Up Two-Factor'}
        </button>
      </Form>
    </section>
  );
}
