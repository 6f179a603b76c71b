import { data, Form, Link, useNavigation } from 'react-router';
import { GroupedLines, ChangesList, TotalsBlock, VERSION_STATE_LABELS } from '~/components/estimates';
import { PortalErrorBoundary } from '~/components/portal/portal-error';
import { FormMessage, TextField } from '~/components/ui/field';
import { parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import { formatCents } from '~/lib/money';
import { documentUrl, vehicleTitle } from '~/lib/portal-text';
import { ESIGN_CONSENT_TEXT, SignEstimateSchema } from '~/lib/schemas/estimate';
import { requireCustomer } from '~/server/auth/session.server';
import { DomainError, toErrorResponse } from '~/server/errors.server';
import { readForm } from '~/server/forms/read-form.server';
import { getCustomerEstimate } from '~/server/estimates/get-estimate.server';
import { APPROVED_MESSAGE, DECLINED_MESSAGE, signEstimateVersion } from '~/server/estimates/sign-estimate.server';
import type { Route } from './+types/estimate';

/**
 * One estimate or supplement in the portal (issue 14): lines grouped by type, totals, what insurance and the customer
 * pay, the PDF, and — while it waits for approval — the ESIGN consent disclosure and the approve / decline form (typed
 * full name). Only the customer of the work order sees it (403 for anyone else's). Signing records the time, IP
 * address, user agent and the SHA-256 of the PDF shown (sign-estimate.server.ts).
 */
export const meta: Route.MetaFunction = ({ matches, data: d }) =>
  pageMeta({ matches, title: d ? `${d.version.title} · WO #${d.workOrderNumber}` : 'Estimate', noindex: true });

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  try {
    return await getCustomerEstimate(user, params.versionId);
  } catch (error) {
    throw toErrorResponse(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireCustomer(request);
  // Someone else's (or an unknown) estimate is answered 403/404 before anything in the form is looked at.
  await getCustomerEstimate(user, params.versionId).catch((error: unknown) => {
    throw toErrorResponse(error);
  });
  const parsed = parseForm(SignEstimateSchema, await readForm(request));
  if (!parsed.success) return data({ ok: false, message: 'Please correct the highlighted fields.', fieldErrors: parsed.fieldErrors }, 400);
  try {
    const result = await signEstimateVersion(user, params.versionId, parsed.data, {
      ipAddress: (context as { clientIp?: string } | undefined)?.clientIp ?? null,
      userAgent: request.headers.get('User-Agent'),
    });
    return { ok: true, message: result.decision === 'approved' ? APPROVED_MESSAGE : DECLINED_MESSAGE, fieldErrors: {} as Record<string, string> };
  } catch (error) {
    if (error instanceof DomainError) return data({ ok: false, message: error.message, fieldErrors: {} as Record<string, string> }, error.status);
    throw error;
  }
}

const BACK = { to: '/portal/repair-updates', label: '← Back to Repair Updates' };

export default function PortalEstimate({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const v = d.version;
  const insured = d.claim !== null;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const errors = actionData?.fieldErrors ?? {};
  const canSign = v.state === 'sent' && d.newestVersionId === v.id;
  return (
    <>
      <p>
        <Link to={BACK.to} className="font-semibold text-brand-700 underline">
          {BACK.label}
        </Link>
      </p>
      <h1 className="mt-3 text-2xl font-bold text-navy-900">
        {v.title} for your {vehicleTitle(d.vehicle)}
      </h1>
      <p className="text-slate-700">
        Work order #{d.workOrderNumber} · version {v.versionNumber} · <strong>{VERSION_STATE_LABELS[v.state]}</strong>
      </p>
      {actionData ? <div className="mt-3"><FormMessage text={actionData.message} tone={actionData.ok ? 'success' : 'error'} /></div> : null}
      {v.state === 'superseded' || d.newestVersionId !== v.id ? (
        <p className="mt-3 rounded border border-amber-300 bg-amber-50 p-3">
          A newer version exists. <Link to={`/portal/estimates/${d.newestVersionId}`} className="font-semibold text-brand-700 underline">Open the latest version</Link>.
        </p>
      ) : null}
      <p className="mt-3 flex flex-wrap gap-4">
        <a href={documentUrl(v.documentId)} className="font-semibold text-brand-700 underline">
          Download the PDF
        </a>
        {v.signature?.certificateDocumentId ? (
          <a href={documentUrl(v.signature.certificateDocumentId)} className="font-semibold text-brand-700 underline">
            {v.signature.decision === 'approved' ? 'Download the approval certificate' : 'Download the decline record'}
          </a>
        ) : null}
      </p>
      {d.claim ? (
        <p className="mt-3 text-sm text-slate-700">
          Insurance: {d.claim.insurerName} · claim {d.claim.claimNumber} · deductible {formatCents(d.claim.deductibleCents)}
        </p>
      ) : null}
      <div className="mt-4 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <GroupedLines lines={d.lines} totals={d.totals} insured={insured} />
        <div>
          <h2 className="text-lg font-bold text-navy-900">Totals</h2>
          <TotalsBlock totals={d.totals} insured={insured} />
          {v.previousTotalCents !== null ? (
            <p className="mt-2 text-sm text-slate-700">
              Last approved total {formatCents(v.previousTotalCents)}; change {formatCents(v.totalCents - v.previousTotalCents)}.
            </p>
          ) : null}
        </div>
      </div>
      {d.changes ? (
        <section className="mt-6" aria-labelledby="changes-h">
          <h2 id="changes-h" className="text-lg font-bold text-navy-900">
            Changes since the last approved version
          </h2>
          <ChangesList changes={d.changes} />
        </section>
      ) : null}
      {v.signature ? (
        <p className="mt-6 rounded border border-slate-300 bg-white p-3">
          {v.signature.decision === 'approved' ? 'Approved and signed' : 'Declined'} by {v.signature.signerName}.
        </p>
      ) : null}
      {canSign && !actionData?.ok ? (
        <section className="mt-6 rounded-lg border border-slate-300 bg-white p-4" aria-labelledby="sign-h">
          <h2 id="sign-h" className="text-lg font-bold text-navy-900">
            Approve or decline
          </h2>
          <Form method="post" className="mt-3 space-y-4">
            <input type="hidden" name="pdfSha256" value={v.pdfSha256} />
            <div>
              <h3 className="font-semibold">Consent to sign electronically</h3>
              <p className="mt-1 text-sm text-slate-800">{ESIGN_CONSENT_TEXT}</p>
              <label className="mt-2 inline-flex items-start gap-2">
                <input type="checkbox" name="consent" aria-invalid={errors.consent ? true : undefined} className="mt-1" />
                <span>I have read and agree to sign electronically.</span>
              </label>
              {errors.consent ? <p className="text-sm font-medium text-red-700">{errors.consent}</p> : null}
            </div>
            <TextField label="Your full name (your signature)" name="signerName" autoComplete="name" required maxLength={120} error={errors.signerName} />
            <div>
              <label htmlFor="declineReason" className="block text-sm font-semibold text-slate-800">
                Reason (if you decline, optional)
              </label>
              <textarea id="declineReason" name="declineReason" rows={2} maxLength={1000} className="mt-1 block w-full rounded border border-slate-400 px-3 py-2" />
            </div>
            <p className="text-sm text-slate-700">
              By choosing Approve and sign you approve the {v.title.toLowerCase()} shown above and in the PDF (total {formatCents(v.totalCents)}).
            </p>
            <div className="flex flex-wrap gap-3">
              <button type="submit" name="decision" value="approve" disabled={busy} className="rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-70">
                Approve and sign
              </button>
              <button type="submit" name="decision" value="decline" disabled={busy} className="rounded border-2 border-slate-400 bg-white px-4 py-2 font-semibold text-slate-800">
                Decline
              </button>
            </div>
          </Form>
        </section>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <PortalErrorBoundary fallback="We could not load this estimate. Please try again later." backTo={BACK} />;
}
