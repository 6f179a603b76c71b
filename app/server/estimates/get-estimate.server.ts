/**
 * Reading estimates (issue 14).
 *
 * - `getEstimateEditor(workOrderId)` (staff) → the work order, customer, vehicle, claim, working lines with their
 *   totals (computeTotals with today's settings), the settings, every version (oldest first) with its signature, the
 *   BMS file's totals beside ours when the estimate was imported, and the final invoice summary.
 *   DomainError('not_found') for an unknown work order.
 * - `getCustomerEstimate(customer, versionId)` (portal) → one version of the customer's own work order with its lines,
 *   totals, claim, changes, signature and the id of the newest version. DomainError('not_found') for an unknown id,
 *   ('forbidden') for another customer's (never any of its data).
 * - `listCustomerEstimates(customerId)` → for Repair Updates: each version of the customer's work orders, newest first.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import { compareLines, type ClaimFacts, type EstimateLine, type LineChanges } from '~/lib/estimates/lines';
import { computeTotals, type EstimateTotals, type TaxRule } from '~/lib/estimates/totals';
import type { CustomerUser } from '../auth/session.server';
import { getDb } from '../db/client.server';
import { estimateSignatures, estimateVersions, estimates, workOrders } from '../db/schema';
import { DomainError, isUuid } from '../errors.server';
import { getShopSettings, taxRuleOf } from '../settings/shop-settings.server';
import { readLines, workOrderContext } from './estimate-records.server';
import { compareWithFileTotals } from './bms/parse-bms.server';
import { getRepairInvoiceSummary } from './repair-invoice.server';
import { listVersions, versionTitle, type VersionRow } from './send-estimate.server';
import { ESTIMATE_FORBIDDEN, ESTIMATE_NOT_FOUND } from './sign-estimate.server';

export type SignatureRow = typeof estimateSignatures.$inferSelect;

export interface VersionView {
  id: string;
  versionNumber: number;
  title: string;
  kind: 'estimate' | 'supplement';
  state: VersionRow['state'];
  totalCents: number;
  previousTotalCents: number | null;
  sentAt: Date;
  decidedAt: Date | null;
  documentId: string;
  pdfSha256: string;
  signature: Pick<SignatureRow, 'id' | 'decision' | 'signerName' | 'signedAt' | 'ipAddress' | 'userAgent' | 'declineReason' | 'certificateDocumentId'> | null;
}

function versionView(v: VersionRow, signature: SignatureRow | undefined): VersionView {
  return {
    id: v.id,
    versionNumber: v.versionNumber,
    title: versionTitle(v),
    kind: v.kind,
    state: v.state,
    totalCents: v.totalCents,
    previousTotalCents: v.previousTotalCents,
    sentAt: v.sentAt,
    decidedAt: v.decidedAt,
    documentId: v.documentId,
    pdfSha256: v.pdfSha256,
    signature: signature
      ? {
          id: signature.id,
          decision: signature.decision,
          signerName: signature.signerName,
          signedAt: signature.signedAt,
          ipAddress: signature.ipAddress,
          userAgent: signature.userAgent,
          declineReason: signature.declineReason,
          certificateDocumentId: signature.certificateDocumentId,
        }
      : null,
  };
}

async function signaturesOf(versionIds: string[]): Promise<Map<string, SignatureRow>> {
  if (!versionIds.length) return new Map();
  const rows = await getDb().select().from(estimateSignatures).where(inArray(estimateSignatures.versionId, versionIds));
  return new Map(rows.map((r) => [r.versionId, r]));
}

export async function getEstimateEditor(workOrderId: string) {
  const db = getDb();
  const ctx = await workOrderContext(db, workOrderId);
  const [estimate] = await db.select().from(estimates).where(eq(estimates.workOrderId, workOrderId));
  const settings = await getShopSettings();
  const rule = taxRuleOf(settings);
  const lines = estimate ? await readLines(db, estimate.id) : [];
  const totals = computeTotals(lines, rule, ctx.claim ? ctx.claim.deductibleCents : null);
  const versionRows = estimate ? await listVersions(db, estimate.id) : [];
  const signatures = await signaturesOf(versionRows.map((v) => v.id));
  const versions = versionRows.map((v) => versionView(v, signatures.get(v.id)));
  const fileTotals = estimate?.fileTotals ?? null;
  const fileComparison = fileTotals ? compareWithFileTotals(fileTotals, totals) : [];
  const lastApproved = versionRows.filter((v) => v.state === 'approved').at(-1) ?? null;
  return {
    ...ctx,
    estimateId: estimate?.id ?? null,
    importedFrom: estimate?.importedFrom ?? null,
    fileTotals,
    fileComparison,
    lines,
    totals,
    settings,
    rule,
    versions,
    lastApprovedVersionNumber: lastApproved?.versionNumber ?? null,
    /** What the next supplement would show: the working lines against the last approved version. */
    draftChanges: lastApproved ? compareLines(lastApproved.lines as EstimateLine[], lines) : null,
    invoice: await getRepairInvoiceSummary(workOrderId),
  };
}

export async function getCustomerEstimate(customer: CustomerUser, versionId: string) {
  if (!isUuid(versionId)) throw new DomainError('not_found', ESTIMATE_NOT_FOUND);
  const db = getDb();
  const [version] = await db.select().from(estimateVersions).where(eq(estimateVersions.id, versionId));
  if (!version) throw new DomainError('not_found', ESTIMATE_NOT_FOUND);
  const [owner] = await db.select({ customerId: workOrders.customerId }).from(workOrders).where(eq(workOrders.id, version.workOrderId));
  if (!owner || owner.customerId !== customer.customerId) throw new DomainError('forbidden', ESTIMATE_FORBIDDEN);
  const ctx = await workOrderContext(db, version.workOrderId);
  const signatures = await signaturesOf([version.id]);
  const [newest] = await db
    .select({ id: estimateVersions.id, versionNumber: estimateVersions.versionNumber })
    .from(estimateVersions)
    .where(eq(estimateVersions.estimateId, version.estimateId))
    .orderBy(desc(estimateVersions.versionNumber))
    .limit(1);
  return {
    workOrderNumber: ctx.workOrder.workOrderNumber,
    vehicle: { year: ctx.vehicle.year, make: ctx.vehicle.make, model: ctx.vehicle.model, color: ctx.vehicle.color },
    customerName: ctx.customer.name,
    version: versionView(version, signatures.get(version.id)),
    lines: version.lines as EstimateLine[],
    totals: version.totals as EstimateTotals,
    taxRule: version.taxRule as TaxRule,
    claim: version.claim as ClaimFacts | null,
    changes: version.changes as LineChanges | null,
    newestVersionId: newest?.id ?? version.id,
  };
}

export async function listCustomerEstimates(customerId: string) {
  const rows = await getDb()
    .select({ version: estimateVersions, workOrderNumber: workOrders.workOrderNumber })
    .from(estimateVersions)
    .innerJoin(workOrders, eq(workOrders.id, estimateVersions.workOrderId))
    .where(eq(workOrders.customerId, customerId))
    .orderBy(desc(estimateVersions.sentAt));
  return rows.map((r) => ({
    id: r.version.id,
    workOrderId: r.version.workOrderId,
    workOrderNumber: r.workOrderNumber,
    title: versionTitle(r.version),
    versionNumber: r.version.versionNumber,
    state: r.version.state,
    totalCents: r.version.totalCents,
    sentAt: r.version.sentAt,
    documentId: r.version.documentId,
  }));
}

/**
 * The estimate box of the work order page: working lines and total (cents), the newest version's title and state,
 * and the final invoice's status. Null fields when there is no estimate yet.
 */
export async function getEstimateSummary(workOrderId: string) {
  const editor = await getEstimateEditor(workOrderId);
  const latest = editor.versions.at(-1) ?? null;
  return {
    lineCount: editor.lines.length,
    totalCents: editor.totals.totalCents,
    customerPaysCents: editor.totals.customerPaysCents,
    insurancePaysCents: editor.totals.insurancePaysCents,
    insured: editor.claim !== null,
    latest: latest ? { title: latest.title, versionNumber: latest.versionNumber, state: latest.state } : null,
    invoice: editor.invoice ? { invoiceNumber: editor.invoice.invoiceNumber, status: editor.invoice.status, balanceCents: editor.invoice.balanceCents } : null,
  };
}
