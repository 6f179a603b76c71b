/**
 * The customer's electronic signature on an estimate or supplement (issue 14), built to hold up under ESIGN
 * (15 U.S.C. § 7001) and UETA: consent to sign electronically after a disclosure (ESIGN_CONSENT_TEXT), intent shown by a
 * typed full name on the record, the record attributable (session, time, IP address, user agent) and retained
 * unaltered (SHA-256 of the exact PDF shown, append-only signature table, frozen version).
 *
 * `signEstimateVersion(customer, versionId, input, meta)` → `{ decision, signatureId, certificateDocumentId }`. One
 * transaction that locks the version: checks the version belongs to the signed-in customer's work order, is still
 * waiting ('sent'), and that the PDF the customer was shown (its hash from the page) is the one stored, whose bytes are
 * re-hashed now; renders the approval certificate (or decline record) PDF and stores it as a Quote document; appends the
 * signature; moves the version to approved or declined; writes the audit row 'estimate.approve' / 'estimate.decline'
 * (actor: the customer); queues the e-mail to the shop.
 * Errors (nothing written): DomainError('not_found') for an unknown id; ('forbidden') for another customer's estimate;
 * ('conflict') for a version already decided, superseded, or a PDF that changed; ('unavailable') when the stored PDF
 * is missing or no longer matches its hash.
 */
import { and, eq } from 'drizzle-orm';
import { ESIGN_CONSENT_TEXT, type SignEstimateInput } from '~/lib/schemas/estimate';
import { formatDateTime } from '~/lib/format';
import type { EstimateTotals } from '~/lib/estimates/totals';
import { recordAudit } from '../audit/audit.server';
import type { CustomerUser } from '../auth/session.server';
import { getConfig } from '../config.server';
import { getDb } from '../db/client.server';
import { estimateSignatures, estimateVersions } from '../db/schema';
import { renderApprovalCertificatePdf } from '../documents/pdf/approval-certificate-pdf.server';
import { DomainError, isUniqueViolation, isUuid } from '../errors.server';
import { loadMailTemplates } from '../mail/load-templates.server';
import { enqueueMail } from '../mail/mail-queue.server';
import { getShopSettings, shopLetterhead } from '../settings/shop-settings.server';
import { readStoredDocument, removeStored, sha256Hex, storeGeneratedPdf, workOrderContext } from './estimate-records.server';
import { versionTitle } from './send-estimate.server';

export const ESTIMATE_NOT_FOUND = 'Estimate not found.';
export const ESTIMATE_FORBIDDEN = 'You do not have permission to view this estimate.';
export const ALREADY_DECIDED = (decision: string) => `This version was already ${decision}: it cannot be signed again.`;
export const SUPERSEDED = 'This version was replaced by a newer one: open the latest version from Repair Updates to review and sign it.';
export const DOCUMENT_CHANGED = 'The document changed since you opened it: reload the page and review it again before signing.';
export const APPROVED_MESSAGE = 'Thank you: your approval is signed and recorded. The shop has been notified.';
export const DECLINED_MESSAGE = 'Your decision to decline is recorded. The shop has been notified and will contact you.';

export interface SignatureMeta {
  ipAddress: string | null;
  userAgent: string | null;
}

export async function signEstimateVersion(
  customer: CustomerUser,
  versionId: string,
  input: SignEstimateInput,
  meta: SignatureMeta,
): Promise<{ decision: 'approved' | 'declined'; signatureId: string; certificateDocumentId: string }> {
  if (!isUuid(versionId)) throw new DomainError('not_found', ESTIMATE_NOT_FOUND);
  const config = getConfig();
  const decision = input.decision === 'approve' ? ('approved' as const) : ('declined' as const);
  const stored: string[] = [];
  try {
    return await getDb().transaction(async (tx) => {
      const [version] = await tx.select().from(estimateVersions).where(eq(estimateVersions.id, versionId)).for('update');
      if (!version) throw new DomainError('not_found', ESTIMATE_NOT_FOUND);
      const ctx = await workOrderContext(tx, version.workOrderId, { lock: true });
      if (ctx.customer.id !== customer.customerId) throw new DomainError('forbidden', ESTIMATE_FORBIDDEN);
      if (version.state === 'approved' || version.state === 'declined') throw new DomainError('conflict', ALREADY_DECIDED(version.state));
      if (version.state === 'superseded') throw new DomainError('conflict', SUPERSEDED);
      if (input.pdfSha256 !== version.pdfSha256) throw new DomainError('conflict', DOCUMENT_CHANGED);
      const shown = await readStoredDocument(tx, version.documentId);
      if (!shown || sha256Hex(shown) !== version.pdfSha256) {
        throw new DomainError('unavailable', 'The estimate document cannot be read right now. Please try again later or call the shop.');
      }

      const title = versionTitle(version);
      const signedAt = new Date();
      const totals = version.totals as EstimateTotals;
      const signatureId = crypto.randomUUID();
      const certificate = await renderApprovalCertificatePdf({
        shop: await shopLetterhead(await getShopSettings(tx)),
        documentTitle: title,
        workOrderNumber: ctx.workOrder.workOrderNumber,
        versionNumber: version.versionNumber,
        decision,
        signerName: input.signerName,
        signedAt: formatDateTime(signedAt, config.shop.timeZone),
        signedAtUtc: signedAt.toISOString(),
        ipAddress: meta.ipAddress ?? 'unknown',
        userAgent: meta.userAgent ?? 'unknown',
        documentSha256: version.pdfSha256,
        documentFileName: `${title} WO-${ctx.workOrder.workOrderNumber} v${version.versionNumber}.pdf`,
        consentText: ESIGN_CONSENT_TEXT,
        consentAcceptedAt: formatDateTime(signedAt, config.shop.timeZone),
        totalCents: totals.totalCents,
        customerPaysCents: totals.customerPaysCents,
        signatureImage: null,
        certificateId: signatureId,
      });
      const file = await storeGeneratedPdf(tx, {
        workOrderId: ctx.workOrder.id,
        customerId: ctx.customer.id,
        documentType: 'quote',
        fileName: `${decision === 'approved' ? 'Approval certificate' : 'Decline record'} ${title} WO-${ctx.workOrder.workOrderNumber} v${version.versionNumber}.pdf`,
        bytes: certificate,
        byUserId: customer.id,
        stored,
      });
      try {
        await tx.insert(estimateSignatures).values({
          id: signatureId,
          versionId,
          workOrderId: ctx.workOrder.id,
          customerId: ctx.customer.id,
          userId: customer.id,
          decision,
          signerName: input.signerName,
          declineReason: decision === 'declined' ? input.declineReason || null : null,
          consentText: ESIGN_CONSENT_TEXT,
          consentAcceptedAt: signedAt,
          ipAddress: meta.ipAddress,
          userAgent: meta.userAgent?.slice(0, 500) ?? null,
          pdfSha256: version.pdfSha256,
          certificateDocumentId: file.documentId,
          signedAt,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DomainError('conflict', ALREADY_DECIDED('signed'));
        throw error;
      }
      await tx
        .update(estimateVersions)
        .set({ state: decision, decidedAt: signedAt })
        .where(and(eq(estimateVersions.id, versionId), eq(estimateVersions.state, 'sent')));
      await recordAudit(tx, { id: customer.id, email: customer.email }, {
        action: decision === 'approved' ? 'estimate.approve' : 'estimate.decline',
        entityId: version.estimateId,
        after: {
          versionId,
          versionNumber: version.versionNumber,
          signatureId,
          signerName: input.signerName,
          pdfSha256: version.pdfSha256,
          ipAddress: meta.ipAddress,
          certificateDocumentId: file.documentId,
        },
      });
      const { renderEstimateDecisionMail } = await loadMailTemplates();
      const mail = await renderEstimateDecisionMail({
        decision,
        title,
        versionNumber: version.versionNumber,
        workOrderNumber: ctx.workOrder.workOrderNumber,
        customerName: ctx.customer.name,
        signerName: input.signerName,
        declineReason: decision === 'declined' ? input.declineReason || null : null,
        totalCents: totals.totalCents,
        url: `${config.appUrl}/admin/work-orders/${ctx.workOrder.id}/estimate`,
      });
      await enqueueMail(tx, { kind: 'estimate_decision', to: config.shop.email, workOrderId: ctx.workOrder.id, ...mail });
      return { decision, signatureId, certificateDocumentId: file.documentId };
    });
  } catch (error) {
    await removeStored(stored);
    throw error;
  }
}
