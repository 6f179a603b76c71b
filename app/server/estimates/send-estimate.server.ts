/**
 * Sending an estimate for approval (issue 14 "Send for approval", "Supplements").
 *
 * `sendEstimateForApproval(actor, workOrderId)` → `{ versionId, versionNumber, title, notified }`. One transaction
 * that locks the work order:
 * 1. freezes the working lines, their totals (computeTotals), the tax rule and the claim into a new
 *    `estimate_versions` row (version n + 1);
 * 2. before any approval the version is the estimate; after one it is supplement S1, S2, … with the lines added,
 *    changed and removed against the last approved version (a supplement number is reused until it is decided);
 * 3. an earlier version still waiting for the customer becomes superseded (it can no longer be signed);
 * 4. renders the PDF the customer will be shown, stores it as a Quote document (My Documents), keeps its SHA-256;
 * 5. writes the audit row 'estimate.send' and queues the e-mail to the customer (when they have an address).
 * The PDF file is stored before the rows and removed again if the transaction fails.
 * Errors (nothing written): DomainError('validation') for an estimate with no lines, a total below zero, discounts
 * larger than their category, or a line beyond $1,000,000 (materials at a rate follow the refinish hours);
 * ('conflict') when nothing changed since the version already sent or approved; ('not_found') for an unknown work order.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { compareLines, hasChanges, TAX_CATEGORIES, TAX_CATEGORY_LABELS, type ClaimFacts, type EstimateLine, type LineChanges } from '~/lib/estimates/lines';
import { MAX_LINE_CENTS } from '~/lib/money';
import { computeTotals, type EstimateTotals, type TaxRule } from '~/lib/estimates/totals';
import { formatDateTime } from '~/lib/format';
import { vehicleTitle } from '~/lib/portal-text';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import { getConfig } from '../config.server';
import { getDb, type Executor } from '../db/client.server';
import { estimateVersions } from '../db/schema';
import { renderEstimatePdf } from '../documents/pdf/estimate-pdf.server';
import { DomainError } from '../errors.server';
import { loadMailTemplates } from '../mail/load-templates.server';
import { enqueueMail } from '../mail/mail-queue.server';
import { getShopSettings, shopLetterhead, estimateTermsOf, taxRuleOf, type ShopSettings } from '../settings/shop-settings.server';
import { publishLive } from '../live/live.server';
import { statusMailLink } from '../notifications/status-mail.server';
import {
  documentClaim,
  documentParties,
  ensureEstimate,
  readLines,
  removeStored,
  storeGeneratedPdf,
  workOrderContext,
  type WorkOrderContext,
} from './estimate-records.server';

export const EMPTY_ESTIMATE = 'Add at least one line before sending the estimate for approval.';
export const NEGATIVE_TOTAL = 'The total cannot be below $0.00: check the discounts.';
export const DISCOUNT_TOO_LARGE = (category: string) => `The discounts on ${category.toLowerCase()} are more than the ${category.toLowerCase()} themselves: lower the discount.`;

export type VersionRow = typeof estimateVersions.$inferSelect;

/** "Estimate" or "Supplement S2". */
export function versionTitle(v: Pick<VersionRow, 'kind' | 'supplementNumber'>): string {
  return v.kind === 'supplement' ? `Supplement S${v.supplementNumber}` : 'Estimate';
}

/** The versions of an estimate, oldest first. */
export async function listVersions(db: Executor, estimateId: string): Promise<VersionRow[]> {
  return db.select().from(estimateVersions).where(eq(estimateVersions.estimateId, estimateId)).orderBy(asc(estimateVersions.versionNumber));
}

/** JSON with object keys sorted: jsonb stores keys in its own order, so plain JSON.stringify would differ. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const sameJson = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The input of the estimate PDF for a work order and a frozen (or about to be frozen) version. */
export async function estimatePdfInput(
  settings: ShopSettings,
  ctx: WorkOrderContext,
  v: {
    title: string;
    versionNumber: number;
    sentAt: Date;
    lines: EstimateLine[];
    totals: EstimateTotals;
    claim: ClaimFacts | null;
    changes: LineChanges | null;
    previousTotalCents: number | null;
    previousLineAmounts?: Record<string, number> | undefined;
  },
) {
  const { shop } = getConfig();
  return {
    shop: await shopLetterhead(settings),
    title: v.title,
    versionLabel: `Version ${v.versionNumber} · sent ${formatDateTime(v.sentAt, shop.timeZone)}`,
    workOrderNumber: ctx.workOrder.workOrderNumber,
    ...documentParties(ctx),
    claim: documentClaim(v.claim),
    lines: v.lines,
    totals: v.totals,
    changes: v.changes,
    previousTotalCents: v.previousTotalCents,
    previousLineAmounts: v.previousLineAmounts,
    terms: estimateTermsOf(settings),
  };
}

export async function sendEstimateForApproval(
  actor: StaffActor,
  workOrderId: string,
): Promise<{ versionId: string; versionNumber: number; title: string; notified: boolean }> {
  const config = getConfig();
  const stored: string[] = [];
  try {
    const sent = await getDb().transaction(async (tx) => {
      const ctx = await workOrderContext(tx, workOrderId, { lock: true });
      const estimateId = await ensureEstimate(tx, workOrderId);
      const lines = await readLines(tx, estimateId);
      if (lines.length === 0) throw new DomainError('validation', EMPTY_ESTIMATE);
      const settings = await getShopSettings(tx);
      const rule: TaxRule = taxRuleOf(settings);
      const totals = computeTotals(lines, rule, ctx.claim ? ctx.claim.deductibleCents : null);
      if (totals.totalCents < 0) throw new DomainError('validation', NEGATIVE_TOTAL);
      // Discounts larger than what they discount, or a line beyond the cap once materials follow the refinish hours.
      const overDiscounted = TAX_CATEGORIES.find((c) => totals.byCategory[c] < 0);
      if (overDiscounted) throw new DomainError('validation', DISCOUNT_TOO_LARGE(TAX_CATEGORY_LABELS[overDiscounted]));
      const tooLarge = lines.findIndex((l) => Math.abs(totals.lineAmounts[l.id] ?? 0) > MAX_LINE_CENTS);
      if (tooLarge >= 0) throw new DomainError('validation', `Line ${tooLarge + 1} is more than $1,000,000: check its hours and rate.`);

      const versions = await listVersions(tx, estimateId);
      const latest = versions.at(-1);
      const lastApproved = versions.filter((v) => v.state === 'approved').at(-1) ?? null;
      if (latest && (latest.state === 'sent' || latest.state === 'approved')) {
        const unchanged = sameJson(latest.lines, lines) && sameJson(latest.claim, ctx.claim) && sameJson(latest.taxRule, rule);
        if (unchanged) {
          throw new DomainError(
            'conflict',
            latest.state === 'sent'
              ? `Nothing changed since version ${latest.versionNumber} was sent: it is waiting for the customer's approval.`
              : `Nothing changed since the approved version ${latest.versionNumber}: add or change lines to write a supplement.`,
          );
        }
      }
      const kind = lastApproved ? 'supplement' : 'estimate';
      const decidedSupplements = new Set(
        versions.filter((v) => v.kind === 'supplement' && (v.state === 'approved' || v.state === 'declined')).map((v) => v.supplementNumber),
      );
      const supplementNumber = kind === 'supplement' ? decidedSupplements.size + 1 : null;
      const changes = lastApproved ? compareLines(lastApproved.lines as EstimateLine[], lines) : null;
      if (changes && !hasChanges(changes) && sameJson(lastApproved!.claim, ctx.claim) && sameJson(lastApproved!.taxRule, rule)) {
        throw new DomainError('conflict', `Nothing changed since the approved version ${lastApproved!.versionNumber}: add or change lines to write a supplement.`);
      }
      const pending = versions.filter((v) => v.state === 'sent').map((v) => v.id);
      if (pending.length) {
        await tx.update(estimateVersions).set({ state: 'superseded', decidedAt: new Date() }).where(inArray(estimateVersions.id, pending));
      }

      const versionNumber = (latest?.versionNumber ?? 0) + 1;
      const title = versionTitle({ kind, supplementNumber });
      const sentAt = new Date();
      const previousTotalCents = lastApproved ? lastApproved.totalCents : null;
      const pdf = await renderEstimatePdf(
        await estimatePdfInput(settings, ctx, {
          title,
          versionNumber,
          sentAt,
          lines,
          totals,
          claim: ctx.claim,
          changes,
          previousTotalCents,
          previousLineAmounts: lastApproved ? (lastApproved.totals as EstimateTotals).lineAmounts : undefined,
        }),
      );
      const file = await storeGeneratedPdf(tx, {
        workOrderId,
        customerId: ctx.customer.id,
        documentType: 'quote',
        fileName: `${title} WO-${ctx.workOrder.workOrderNumber} v${versionNumber}.pdf`,
        bytes: pdf,
        byUserId: actor.id,
        stored,
      });
      const [version] = await tx
        .insert(estimateVersions)
        .values({
          estimateId,
          workOrderId,
          versionNumber,
          kind,
          supplementNumber,
          lines,
          totals,
          taxRule: rule,
          claim: ctx.claim,
          changes,
          previousApprovedVersionId: lastApproved?.id ?? null,
          previousTotalCents,
          totalCents: totals.totalCents,
          documentId: file.documentId,
          pdfSha256: file.sha256,
          sentByUserId: actor.id,
          sentAt,
        })
        .returning({ id: estimateVersions.id });
      await recordAudit(tx, actor, {
        action: 'estimate.send',
        entityId: estimateId,
        after: {
          versionId: version!.id,
          versionNumber,
          title,
          lineCount: lines.length,
          totalCents: totals.totalCents,
          pdfSha256: file.sha256,
          superseded: pending,
        },
      });
      let notified = false;
      if (ctx.customer.email) {
        const hasAccount = ctx.customer.userId !== null;
        const url = hasAccount ? `${config.appUrl}/portal/estimates/${version!.id}` : statusMailLink(config.appUrl, ctx.customer.email, false);
        const { renderEstimateReadyMail } = await loadMailTemplates();
        const mail = await renderEstimateReadyMail({
          customerName: ctx.customer.name,
          title,
          workOrderNumber: ctx.workOrder.workOrderNumber,
          vehicle: vehicleTitle(ctx.vehicle),
          totalCents: totals.totalCents,
          customerPaysCents: totals.customerPaysCents,
          insured: ctx.claim !== null,
          url,
          hasAccount,
          shopName: config.shop.name,
          shopPhone: config.shop.phone,
        });
        await enqueueMail(tx, { kind: 'estimate_ready', to: ctx.customer.email, workOrderId, ...mail });
        notified = true;
      }
      return { versionId: version!.id, versionNumber, title, notified, customerId: ctx.customer.id };
    });
    await publishLive({ workOrderId, customerId: sent.customerId, change: 'estimate' });
    const { customerId: _customerId, ...answer } = sent;
    return answer;
  } catch (error) {
    await removeStored(stored);
    throw error;
  }
}
