import { useId, type InputHTMLAttributes } from 'react';
import { Form } from 'react-router';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string;
}

/** A labelled input with its error message wired for assistive technology (aria-invalid, aria-describedby). */
export function TextField({ label, name, error, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="mt-1 block w-full rounded border border-slate-400 px-3 py-2 text-base shadow-sm focus:border-navy-700 aria-invalid:border-red-700"
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A message box: red when the text contains 'Error' or 'failed' (spec admin §4), or when `tone` says so. */
export function FormMessage({ text, tone }: { text: string | null | undefined; tone?: 'error' | 'success' }) {
  if (!text) return null;
  const isError = tone ? tone === 'error' : /error|failed/i.test(text);
  return (
    <p
      role={isError ? 'alert' : 'status'}
      className={`rounded border px-4 py-3 text-sm font-medium ${isError ? 'border-red-300 bg-red-50 text-red-800' : 'border-green-300 bg-green-50 text-green-800'}`}
    >
      {text}
    </p>
  );
}

/** The account forms' e-mail field (login, register, forgot password): `value` as typed before, `error` from the server. */
export function EmailField({ value, error }: { value?: string | undefined; error?: string | undefined }) {
  return <TextField label="Email" name="email" type="email" autoComplete="email" required defaultValue={value} error={error} />;
}

/** The account forms' password field; `autoComplete` tells password managers whether it is a new password. */
export function PasswordField({ error, autoComplete }: { error?: string | undefined; autoComplete: 'current-password' | 'new-password' }) {
  return <TextField label="Password" name="password" type="password" autoComplete={autoComplete} required error={error} />;
}

/** "New Password" and "Confirm New Password" (8 characters at least), as the reset and choose-password pages ask. */
export function NewPasswordFields({ errors }: { errors: Record<string, string | undefined> }) {
  return (
    <>
      <TextField label="New Password" name="password" type="password" autoComplete="new-password" required minLength={8} error={errors.password} />
      <TextField
        label="Confirm New Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
    </>
  );
}

/** The account forms' full-width submit button, disabled while `busy` (the form is being sent). */
export function SubmitButton({ busy, children }: { busy: boolean; children: React.ReactNode }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="w-full rounded bg-brand-600 px-4 py-3 font-bold text-white hover:bg-brand-700 disabled:opacity-70"
    >
      {children}
    </button>
  );
}

/** "Sign in with Google" / "Sign up with Google": its own form posting `intent=google` to the page's action. */
export function GoogleButtonForm({ label }: { label: string }) {
  return (
    <Form method="post">
      <button
        type="submit"
        name="intent"
        value="google"
        className="w-full rounded border-2 border-slate-400 px-4 py-3 font-bold text-slate-800 hover:bg-slate-50"
      >
        {label}
      </button>
    </Form>
  );
}
