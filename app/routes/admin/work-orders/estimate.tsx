import { Form, Link, useNavigation } from 'react-router';
import { AdminLoadError } from '~/components/admin/load-error';
import { EstimateLineForm } from '~/components/admin/estimate-line-form';
import { buttonClass, na, Section, SelectField, tableClass, tdClass, thClass, TimedMessage, useFormatDate } from '~/components/admin/ui';
import { ChangesList, lineDetail, TotalsBlock, VERSION_STATE_LABELS } from '~/components/estimates';
import { FormMessage, TextField } from '~/components/ui/field';
import { LINE_TYPES, LINE_TYPE_LABELS, MAX_ESTIMATE_LINES } from '~/lib/estimates/lines';
import { parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import { centsToInput, formatCents } from '~/lib/money';
import { documentUrl } from '~/lib/portal-text';
import { EstimateLineSchema, InsuranceClaimSchema, PaymentSchema } from '~/lib/schemas/estimate';
import { requireStaff } from '~/server/auth/permissions.server';
import { intentFailure, intentResult, readAdminForm } from '~/server/documents/admin-form.server';
import { CLAIM_SAVED, moveEstimateLine, removeEstimateLine, saveEstimateLine, saveInsuranceClaim } from '~/server/estimates/edit-estimate.server';
import { getEstimateEditor } from '~/server/estimates/get-estimate.server';
import { importBmsOntoWorkOrder } from '~/server/estimates/import-bms.server';
import { MAX_BMS_BYTES } from '~/lib/schemas/estimate';
import { issueRepairInvoice, recordPayment } from '~/server/estimates/repair-invoice.server';
import { sendEstimateForApproval } from '~/server/estimates/send-estimate.server';
import { isUuid, toErrorResponse } from '~/server/errors.server';
import { listPartOptions } from '~/server/inventory/inventory.server';
import type { Route } from './+types/estimate';

/**
 * The estimate editor of one work order (issue 14): insurance claim, lines (add, edit, reorder, remove), totals, send
 * for approval (estimate, then supplements), versions with their signatures and PDFs, BMS import onto this work order,
 * the final invoice and payments. Staff only; every write is audited by its domain command.
 */
export const meta: Route.MetaFunction = ({ matches, data: d }) =>
  pageMeta({ matches, title: d ? `Estimate · WO #${d.workOrder.workOrderNumber}` : 'Estimate', noindex: true });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, 'money');
  try {
    const [editor, parts] = await Promise.all([getEstimateEditor(params.workOrderId), listPartOptions()]);
    return { ...editor, partOptions: parts.map((p) => ({ partNumber: p.partNumber, label: `${p.description} · $${p.unitPrice} · ${p.quantity} in stock` })) };
  } catch (error) {
    throw toErrorResponse(error);
  }
}

const CHECK_FIELDS = 'Please correct the highlighted fields.';

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, 'money');
  const workOrderId = params.workOrderId;
  if (!isUuid(workOrderId)) throw new Response('Work order not found.', { status: 404 });
  const form = await readAdminForm(request, { maxFileSize: MAX_BMS_BYTES, maxFiles: 1 });
  const fields = form.fields;
  const intent = String(fields.get('intent') ?? '');
  if (form.uploadError) return intentFailure(intent || 'import-bms', form.uploadError.message, form.uploadError.status);
  switch (intent) {
    case 'save-line': {
      const parsed = parseForm(EstimateLineSchema, fields);
      if (!parsed.success) return intentFailure(intent, CHECK_FIELDS, 400, { ...parsed.fieldErrors, lineId: String(fields.get('lineId') ?? ''), lineType: String(fields.get('lineType') ?? '') });
      return intentResult(intent, async () => {
        await saveEstimateLine(user, workOrderId, parsed.data);
        return parsed.data.lineId ? 'Line saved.' : 'Line added.';
      });
    }
    case 'remove-line':
      return intentResult(intent, async () => {
        const line = await removeEstimateLine(user, workOrderId, String(fields.get('lineId') ?? ''));
        return `Removed "${line.description}".`;
      });
    case 'move-line': {
      const direction = fields.get('direction') === 'up' ? 'up' : 'down';
      return intentResult(intent, async () => {
        await moveEstimateLine(user, workOrderId, String(fields.get('lineId') ?? ''), direction);
        return 'Line moved.';
      });
    }
    case 'save-claim': {
      const parsed = parseForm(InsuranceClaimSchema, fields);
      if (!parsed.success) return intentFailure(intent, CHECK_FIELDS, 400, parsed.fieldErrors);
      return intentResult(intent, async () => {
        await saveInsuranceClaim(user, workOrderId, parsed.data);
        return CLAIM_SAVED;
      });
    }
    case 'send':
      return intentResult(intent, async () => {
        const sent = await sendEstimateForApproval(user, workOrderId);
        return `${sent.title} (version ${sent.versionNumber}) sent for approval.${sent.notified ? ' The customer was e-mailed a link.' : ' The customer has no e-mail address: share the PDF with them.'}`;
      });
    case 'import-bms': {
      const file = form.files.find((f) => f.fieldName === 'bmsFile');
      return intentResult(intent, async () => {
        const result = await importBmsOntoWorkOrder(user, workOrderId, file ? { fileName: file.fileName, bytes: file.bytes } : null);
        return result.message;
      });
    }
    case 'issue-invoice':
      return intentResult(intent, async () => {
        const invoice = await issueRepairInvoice(user, workOrderId);
        return `Final invoice ${invoice.invoiceNumber} issued.`;
      });
    case 'record-payment': {
      const parsed = parseForm(PaymentSchema, fields);
      if (!parsed.success) return intentFailure(intent, CHECK_FIELDS, 400, parsed.fieldErrors);
      return intentResult(intent, async () => {
        const result = await recordPayment(user, workOrderId, parsed.data);
        return result.paid ? 'Payment recorded. The invoice is paid in full and is in the customer’s documents.' : `Payment recorded. Balance due: ${formatCents(result.balanceCents)}.`;
      });
    }
    default:
      return intentFailure(intent, 'Error: unknown action.', 400);
  }
}

export default function EstimateEditor({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const formatDate = useFormatDate();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData : undefined);
  const insured = d.claim !== null;
  const lineResult = resultFor('save-line');
  const failedLineId = lineResult && !lineResult.ok ? lineResult.fieldErrors.lineId || null : null;
  const failedLineType = lineResult && !lineResult.ok ? lineResult.fieldErrors.lineType : undefined;
  const latest = d.versions.at(-1);
  const message = (intent: string) => {
    const r = resultFor(intent);
    if (!r) return null;
    return r.ok ? <TimedMessage text={r.message} token={r} /> : <FormMessage text={r.message} tone="error" />;
  };
  const claimErrors = resultFor('save-claim')?.fieldErrors ?? {};
  return (
    <div className="max-w-5xl">
      <p>
        <Link to={`/admin/work-orders/details/${d.workOrder.id}`} className="font-semibold text-brand-700 underline">
          Back to work order #{d.workOrder.workOrderNumber}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-navy-900">Estimate · WO #{d.workOrder.workOrderNumber}</h1>
      <p className="text-slate-700">
        {d.customer.name} · {d.vehicle.year} {d.vehicle.make} {d.vehicle.model} · VIN {d.vehicle.vin}
      </p>
      <p className="mt-1 font-semibold" role="status">
        {latest ? `${latest.title} version ${latest.versionNumber}: ${VERSION_STATE_LABELS[latest.state]}` : 'Draft: not sent yet'}
        {d.importedFrom ? ` · imported from ${d.importedFrom}` : ''}
      </p>

      <Section title="Insurance claim" id="claim-h">
        <details open={!insured || Object.keys(claimErrors).length > 0}>
          <summary className="cursor-pointer font-semibold text-brand-700">{insured ? `${d.claim!.insurerName} · claim ${d.claim!.claimNumber}` : 'Add an insurance claim'}</summary>
          <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="intent" value="save-claim" />
            <TextField label="Insurance company" name="insurerName" required defaultValue={d.claim?.insurerName ?? ''} error={claimErrors.insurerName} />
            <TextField label="Claim number" name="claimNumber" required defaultValue={d.claim?.claimNumber ?? ''} error={claimErrors.claimNumber} />
            <TextField label="Policy number" name="policyNumber" defaultValue={d.claim?.policyNumber ?? ''} error={claimErrors.policyNumber} />
            <TextField label="Deductible ($)" name="deductible" inputMode="decimal" defaultValue={d.claim ? centsToInput(d.claim.deductibleCents) : ''} error={claimErrors.deductible} />
            <TextField label="Adjuster name" name="adjusterName" defaultValue={d.claim?.adjusterName ?? ''} error={claimErrors.adjusterName} />
            <TextField label="Adjuster phone" name="adjusterPhone" type="tel" defaultValue={d.claim?.adjusterPhone ?? ''} error={claimErrors.adjusterPhone} />
            <TextField label="Adjuster e-mail" name="adjusterEmail" type="email" defaultValue={d.claim?.adjusterEmail ?? ''} error={claimErrors.adjusterEmail} />
            <TextField label="Date of loss" name="dateOfLoss" type="date" defaultValue={d.claim?.dateOfLoss ?? ''} error={claimErrors.dateOfLoss} />
            <TextField label="Point of impact" name="pointOfImpact" defaultValue={d.claim?.pointOfImpact ?? ''} error={claimErrors.pointOfImpact} />
            <TextField label="Odometer (miles)" name="odometer" inputMode="numeric" defaultValue={d.workOrder.odometerIn === null ? '' : String(d.workOrder.odometerIn)} error={claimErrors.odometer} />
            <label className="inline-flex items-center gap-2">
              <input type="checkbox" name="directRepairProgram" defaultChecked={d.claim?.directRepairProgram ?? false} />
              Direct repair program (DRP)
            </label>
            <div className="sm:col-span-2">
              <button type="submit" className={buttonClass} disabled={busy('save-claim')}>
                {busy('save-claim') ? 'Saving...' : 'Save claim'}
              </button>
              {message('save-claim')}
            </div>
          </Form>
        </details>
      </Section>

      <datalist id="inventory-parts">
        {d.partOptions.map((p) => (
          <option key={p.partNumber} value={p.partNumber} label={p.label} />
        ))}
      </datalist>
      <Section title={`Lines (${d.lines.length} of at most ${MAX_ESTIMATE_LINES})`} id="lines-h">
        {message('remove-line')}
        {message('move-line')}
        {lineResult?.ok ? <TimedMessage text={lineResult.message} token={lineResult} /> : null}
        {d.lines.length === 0 ? (
          <p className="text-slate-700">No lines yet. Add parts, labor, paint & materials, sublet, fees or discounts below, or import a BMS file.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className={tableClass}>
              <thead>
                <tr>
                  <th className={thClass}>#</th>
                  <th className={thClass}>Line</th>
                  <th className={`${thClass} text-right`}>Amount</th>
                  <th className={thClass}>Actions</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {d.lines.map((line, i) => (
                  <tr key={line.id}>
                    <td className={tdClass}>{i + 1}</td>
                    <td className={tdClass}>
                      <span className="font-medium">{line.description}</span>
                      <span className="block text-slate-600">
                        {[LINE_TYPE_LABELS[line.lineType], lineDetail(line)].filter(Boolean).join(' · ')}
                        {insured && line.customerPay ? ' · Customer pays' : ''}
                        {insured && line.bettermentPercent ? ` · Betterment ${line.bettermentPercent} %` : ''}
                      </span>
                      <details className="mt-1" open={failedLineId === line.id}>
                        <summary className="cursor-pointer text-brand-700 underline">Edit line {i + 1}</summary>
                        <div className="mt-2">
                          <EstimateLineForm lineType={line.lineType} line={line} insured={insured} busy={busy('save-line')} errors={failedLineId === line.id ? lineResult?.fieldErrors : undefined} />
                        </div>
                      </details>
                    </td>
                    <td className={`${tdClass} text-right tabular-nums`}>{formatCents(d.totals.lineAmounts[line.id] ?? 0)}</td>
                    <td className={tdClass}>
                      <div className="flex flex-wrap gap-2">
                        {(['up', 'down'] as const).map((direction) => (
                          <Form method="post" key={direction}>
                            <input type="hidden" name="intent" value="move-line" />
                            <input type="hidden" name="lineId" value={line.id} />
                            <input type="hidden" name="direction" value={direction} />
                            <button type="submit" className="text-brand-700 underline disabled:text-slate-400" disabled={(direction === 'up' && i === 0) || (direction === 'down' && i === d.lines.length - 1)} aria-label={`Move line ${i + 1} ${direction}`}>
                              {direction === 'up' ? 'Up' : 'Down'}
                            </button>
                          </Form>
                        ))}
                        <Form method="post">
                          <input type="hidden" name="intent" value="remove-line" />
                          <input type="hidden" name="lineId" value={line.id} />
                          <button type="submit" className="text-red-700 underline" aria-label={`Remove line ${i + 1}`}>
                            Remove
                          </button>
                        </Form>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <h3 className="mt-6 text-lg font-bold text-navy-900">Add a line</h3>
        {lineResult && !lineResult.ok && !failedLineId ? <FormMessage text={lineResult.message} tone="error" /> : null}
        <div className="mt-2 space-y-2">
          {LINE_TYPES.map((type) => (
            <details key={type} className="rounded border border-slate-200 p-3" open={!failedLineId && failedLineType === type}>
              <summary className="cursor-pointer font-semibold text-brand-700">Add {LINE_TYPE_LABELS[type].toLowerCase()}</summary>
              <div className="mt-3">
                <EstimateLineForm lineType={type} insured={insured} busy={busy('save-line')} errors={!failedLineId && failedLineType === type ? lineResult?.fieldErrors : undefined} />
              </div>
            </details>
          ))}
        </div>
      </Section>

      <Section title="Totals" id="totals-h">
        <TotalsBlock totals={d.totals} insured={insured} />
        {d.fileTotals ? (
          <div className="mt-4">
            <h3 className="font-bold text-navy-900">Totals in the imported file</h3>
            {d.fileComparison.length === 0 ? (
              <p className="text-green-800">The file's totals match ours.</p>
            ) : (
              <ul className="list-disc pl-5 text-red-800" role="alert">
                {d.fileComparison.map((c) => (
                  <li key={c.field}>
                    {c.field}: file {formatCents(c.fileCents)}, ours {formatCents(c.ourCents)} (difference {formatCents(c.differenceCents)})
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
      </Section>

      <Section title="Approval" id="approval-h">
        <Form method="post">
          <input type="hidden" name="intent" value="send" />
          <button type="submit" className={buttonClass} disabled={busy('send')}>
            {busy('send') ? 'Sending...' : d.lastApprovedVersionNumber ? 'Send supplement for approval' : 'Send for approval'}
          </button>
        </Form>
        {message('send')}
        {d.versions.length ? (
          <div className="mt-4 overflow-x-auto">
            <table className={tableClass}>
              <thead>
                <tr>
                  <th className={thClass}>Version</th>
                  <th className={thClass}>State</th>
                  <th className={thClass}>Total</th>
                  <th className={thClass}>Sent</th>
                  <th className={thClass}>Signature</th>
                  <th className={thClass}>Documents</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {[...d.versions].reverse().map((v) => (
                  <tr key={v.id}>
                    <td className={tdClass}>
                      {v.title} · v{v.versionNumber}
                    </td>
                    <td className={tdClass}>{VERSION_STATE_LABELS[v.state]}</td>
                    <td className={`${tdClass} tabular-nums`}>{formatCents(v.totalCents)}</td>
                    <td className={tdClass}>{formatDate(v.sentAt, true)}</td>
                    <td className={tdClass}>
                      {v.signature ? (
                        <>
                          {v.signature.decision === 'approved' ? 'Signed' : 'Declined'} by {v.signature.signerName}, {formatDate(v.signature.signedAt, true)}
                          <span className="block text-xs text-slate-600">IP {na(v.signature.ipAddress)}</span>
                          {v.signature.declineReason ? <span className="block text-xs">Reason: {v.signature.declineReason}</span> : null}
                        </>
                      ) : (
                        'N/A'
                      )}
                    </td>
                    <td className={tdClass}>
                      <a href={documentUrl(v.documentId)} className="text-brand-700 underline">
                        PDF
                      </a>
                      {v.signature?.certificateDocumentId ? (
                        <>
                          {' · '}
                          <a href={documentUrl(v.signature.certificateDocumentId)} className="text-brand-700 underline">
                            {v.signature.decision === 'approved' ? 'Approval certificate' : 'Decline record'}
                          </a>
                        </>
                      ) : null}
                      <span className="block break-all font-mono text-xs text-slate-600">SHA-256 {v.pdfSha256}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="mt-2 text-slate-700">Nothing sent yet.</p>
        )}
        {d.draftChanges ? (
          <div className="mt-4">
            <h3 className="font-bold text-navy-900">Changes since the approved version {d.lastApprovedVersionNumber} (the next supplement)</h3>
            {d.draftChanges.added.length + d.draftChanges.changed.length + d.draftChanges.removed.length ? (
              <ChangesList changes={d.draftChanges} />
            ) : (
              <p className="text-sm text-slate-700">No changes yet: edit the lines above to write a supplement.</p>
            )}
            <SupplementNote />
          </div>
        ) : null}
      </Section>

      <Section title="Import a BMS estimate file" id="import-h">
        <p className="text-sm text-slate-700">
          A CIECA BMS XML export from CCC ONE, Mitchell or Audatex (at most 5 MB). Its lines are added to this estimate, and its claim, adjuster and vehicle details
          fill in what is empty here.
        </p>
        <Form method="post" action="?intent=import-bms" encType="multipart/form-data" className="mt-2 space-y-3">
          <input type="hidden" name="intent" value="import-bms" />
          <TextField label="BMS file" name="bmsFile" type="file" accept=".xml,.bms,text/xml,application/xml" required />
          <button type="submit" className={buttonClass} disabled={busy('import-bms')}>
            {busy('import-bms') ? 'Importing...' : 'Import file'}
          </button>
          {message('import-bms')}
        </Form>
      </Section>

      <Section title="Final invoice" id="invoice-h">
        {d.invoice ? (
          <div className="space-y-3">
            <p>
              <strong>{d.invoice.invoiceNumber}</strong> · total {formatCents(d.invoice.totalCents)} · paid {formatCents(d.invoice.paidCents)} ·{' '}
              <strong>{d.invoice.status === 'Paid' ? 'Paid' : `Balance due ${formatCents(d.invoice.balanceCents)}`}</strong>
            </p>
            <p>
              <a href={`/admin/work-orders/${d.workOrder.id}/invoice.pdf`} className="text-brand-700 underline">
                Invoice PDF
              </a>
            </p>
            {d.invoice.payments.length ? (
              <ul className="list-disc pl-5 text-sm">
                {d.invoice.payments.map((p) => (
                  <li key={p.id}>
                    {formatDate(p.receivedAt, true)} · {p.method} · {formatCents(p.amountCents)}
                    {p.reference ? ` · ${p.reference}` : ''}
                  </li>
                ))}
              </ul>
            ) : null}
            {d.invoice.status !== 'Paid' ? (
              <Form method="post" className="grid gap-3 sm:grid-cols-3">
                <input type="hidden" name="intent" value="record-payment" />
                <SelectField label="Paid by" name="method" defaultValue="card" error={resultFor('record-payment')?.fieldErrors.method}>
                  <option value="cash">Cash</option>
                  <option value="check">Check</option>
                  <option value="card">Card</option>
                  <option value="insurance">Insurance</option>
                </SelectField>
                <TextField label="Payment amount ($)" name="amount" inputMode="decimal" required defaultValue={centsToInput(d.invoice.balanceCents)} error={resultFor('record-payment')?.fieldErrors.amount} />
                <TextField label="Reference (check number, card last 4)" name="reference" error={resultFor('record-payment')?.fieldErrors.reference} />
                <div className="sm:col-span-3">
                  <button type="submit" className={buttonClass} disabled={busy('record-payment')}>
                    {busy('record-payment') ? 'Recording...' : 'Record payment'}
                  </button>
                </div>
              </Form>
            ) : null}
            {message('record-payment')}
          </div>
        ) : (
          <Form method="post">
            <p className="text-sm text-slate-700">Made from the approved estimate and supplements, plus parts used that no estimate line covers.</p>
            <input type="hidden" name="intent" value="issue-invoice" />
            <button type="submit" className={`${buttonClass} mt-2`} disabled={busy('issue-invoice')}>
              Issue final invoice
            </button>
            {message('issue-invoice')}
          </Form>
        )}
      </Section>
    </div>
  );
}

function SupplementNote() {
  return <p className="mt-3 text-sm text-slate-600">A supplement shows what was added, changed and removed against the last approved version and is approved on its own.</p>;
}

export function ErrorBoundary() {
  return <AdminLoadError what="the estimate" />;
}

