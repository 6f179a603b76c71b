import { Form } from 'react-router';
import { TOO_MANY_LINKS } from '~/lib/auth-text';

/**
 * Shown on every portal page until the account's e-mail address is verified (DECISIONS 8): how to verify, why it
 * matters (records the shop already has are linked only then) and a button to send the link again.
 */
export function VerifyEmailNotice({ email, sent, limited }: { email: string; sent: boolean; limited: boolean }) {
  return (
    <section aria-labelledby="verify-email-heading" className="mb-6 rounded border border-amber-400 bg-amber-50 p-4 text-amber-950">
      <h2 id="verify-email-heading" className="font-bold">
        Please verify your e-mail address
      </h2>
      <p className="mt-1">
        We sent a verification link to <strong>{email}</strong>. Open that e-mail and click the link to confirm the
        address. If the shop already has your vehicles on file under this e-mail address, they appear in your portal once
        it is verified.
      </p>
      {sent ? (
        <p role="status" className="mt-2 font-semibold">
          A new verification e-mail is on its way. Check your inbox and spam folder.
        </p>
      ) : null}
      {limited ? (
        <p role="status" className="mt-2 font-semibold">
          {TOO_MANY_LINKS}
        </p>
      ) : null}
      <Form method="post" action="/portal?index" className="mt-3">
        <input type="hidden" name="intent" value="resend-verification" />
        <button type="submit" className="rounded border-2 border-amber-800 px-3 py-1.5 font-semibold hover:bg-amber-100">
          Send the verification e-mail again
        </button>
      </Form>
    </section>
  );
}
