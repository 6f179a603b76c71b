/**
 * The final repair invoice and its payments (issue 14, item 6).
 *
 * - `issueRepairInvoice(actor, workOrderId)` → `{ invoiceId, invoiceNumber }`: freezes the lines of the last approved
 *   version (estimate plus approved supplements, which are cumulative) and adds every part used on the work order that
 *   no estimate part line covers (same inventory part or same part number), at its quantity and price at the time;
 *   totals from computeTotals with the approved version's tax rule and claim. Number `INV-{work order number}`.
 *   Errors: ('conflict') when an invoice exists, nothing is approved yet, or a version waits for approval.
 * - `recordPayment(actor, workOrderId, { method, amount, reference })` → `{ balanceCents, paid }`: cash, check, card or
 *   insurance; partial payments allowed; more than the balance is refused. When the balance reaches zero the invoice is
 *   Paid: its PDF is stored as a Paid Invoice document (My Documents) in the same transaction.
 * - `getRepairInvoiceSummary(workOrderId)` → null or the invoice with payments, paid and balance (cents).
 * - `renderRepairInvoiceFor(workOrderId)` → the PDF as it stands (staff download at any time).
 * Audit: 'repair_invoice.issue', 'repair_invoice.payment'. Every command is one transaction locking the work order.
 */
import { asc, eq } from 'drizzle-orm';
import { blankLine, type ClaimFacts, type EstimateLine } from '~/lib/estimates/lines';
import { computeTotals, type EstimateTotals, type TaxRule } from '~/lib/estimates/totals';
import { formatDateTime } from '~/lib/format';
import { formatCents, parseMoneyToCents } from '~/lib/money';
import type { PaymentInput } from '~/lib/schemas/estimate';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import { getConfig } from '../config.server';
import { getDb, type Executor } from '../db/client.server';
import { estimates, estimateVersions, payments, repairInvoices, workOrderParts } from '../db/schema';
import { renderRepairInvoicePdf } from '../documents/pdf/repair-invoice-pdf.server';
import { DomainError } from '../errors.server';
import { getShopSettings, shopLetterhead } from '../settings/shop-settings.server';
import { documentClaim, documentParties, removeStored, storeGeneratedPdf, workOrderContext, type WorkOrderContext } from './estimate-records.server';

export const NOTHING_APPROVED = 'The customer has not approved an estimate yet: the final invoice is made from the approved estimate and supplements.';
export const INVOICE_EXISTS = 'The final invoice was already issued for this work order.';
export const NO_INVOICE = 'Issue the final invoice before recording a payment.';

type InvoiceRow = typeof repairInvoices.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

async function invoiceOf(db: Executor, workOrderId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(repairInvoices).where(eq(repairInvoices.workOrderId, workOrderId));
  return row;
}

async function paymentsOf(db: Executor, invoiceId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.repairInvoiceId, invoiceId)).orderBy(asc(payments.receivedAt));
}

export async function getRepairInvoiceSummary(workOrderId: string, db: Executor = getDb()) {
  const invoice = await invoiceOf(db, workOrderId);
  if (!invoice) return null;
  const rows = await paymentsOf(db, invoice.id);
  const paidCents = rows.reduce((sum, p) => sum + p.amountCents, 0);
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    issuedAt: invoice.issuedAt,
    paidAt: invoice.paidAt,
    totalCents: invoice.totalCents,
    totals: invoice.totals as EstimateTotals,
    paidCents,
    balanceCents: invoice.totalCents - paidCents,
    status: invoice.totalCents - paidCents <= 0 ? ('Paid' as const) : ('Balance due' as const),
    paidDocumentId: invoice.paidDocumentId,
    payments: rows.map((p) => ({ id: p.id, method: p.method, amountCents: p.amountCents, reference: p.reference, receivedAt: p.receivedAt })),
  };
}

export async function issueRepairInvoice(actor: StaffActor, workOrderId: string): Promise<{ invoiceId: string; invoiceNumber: string }> {
  return getDb().transaction(async (tx) => {
    const ctx = await workOrderContext(tx, workOrderId, { lock: true });
    if (await invoiceOf(tx, workOrderId)) throw new DomainError('conflict', INVOICE_EXISTS);
    const [estimate] = await tx.select({ id: estimates.id }).from(estimates).where(eq(estimates.workOrderId, workOrderId));
    const versions = estimate
      ? await tx.select().from(estimateVersions).where(eq(estimateVersions.estimateId, estimate.id)).orderBy(asc(estimateVersions.versionNumber))
      : [];
    const approved = versions.filter((v) => v.state === 'approved').at(-1);
    if (!approved) throw new DomainError('conflict', NOTHING_APPROVED);
    const waiting = versions.find((v) => v.state === 'sent');
    if (waiting) {
      throw new DomainError('conflict', `Version ${waiting.versionNumber} is still waiting for the customer's approval: wait for it, or issue the invoice once it is decided.`);
    }
    const lines = [...(approved.lines as EstimateLine[])];
    const used = await tx.select().from(workOrderParts).where(eq(workOrderParts.workOrderId, workOrderId)).orderBy(asc(workOrderParts.createdAt));
    const covered = (p: (typeof used)[number]) =>
      lines.some(
        (l) =>
          l.lineType === 'part' &&
          ((p.inventoryId && l.inventoryId === p.inventoryId) || (l.partNumber ?? '').toLowerCase() === p.partNumber.toLowerCase()),
      );
    for (const part of used) {
      if (covered(part)) continue;
      lines.push({
        ...blankLine(part.id, 'part', part.description),
        partNumber: part.partNumber,
        inventoryId: part.inventoryId,
        quantity: part.quantityUsed,
        unitPriceCents: parseMoneyToCents(part.unitPriceAtTime) ?? 0,
        customerPay: false,
      });
    }
    const rule = approved.taxRule as TaxRule;
    const claim = approved.claim as ClaimFacts | null;
    const totals = computeTotals(lines, rule, claim ? claim.deductibleCents : null);
    const invoiceNumber = `INV-${ctx.workOrder.workOrderNumber}`;
    const [row] = await tx
      .insert(repairInvoices)
      .values({ workOrderId, invoiceNumber, lines, totals, taxRule: rule, claim, totalCents: totals.totalCents, issuedByUserId: actor.id })
      .returning({ id: repairInvoices.id });
    await recordAudit(tx, actor, {
      action: 'repair_invoice.issue',
      entityId: row!.id,
      after: { workOrderId, invoiceNumber, fromVersion: approved.versionNumber, lineCount: lines.length, totalCents: totals.totalCents },
    });
    return { invoiceId: row!.id, invoiceNumber };
  });
}

async function invoicePdf(db: Executor, ctx: WorkOrderContext, invoice: InvoiceRow): Promise<Buffer> {
  const { shop } = getConfig();
  const summary = (await getRepairInvoiceSummary(ctx.workOrder.id, db))!;
  return renderRepairInvoicePdf({
    shop: await shopLetterhead(await getShopSettings(db)),
    invoiceNumber: invoice.invoiceNumber,
    issuedAt: formatDateTime(invoice.issuedAt, shop.timeZone),
    workOrderNumber: ctx.workOrder.workOrderNumber,
    ...documentParties(ctx),
    claim: documentClaim(invoice.claim as ClaimFacts | null),
    lines: invoice.lines as EstimateLine[],
    totals: invoice.totals as EstimateTotals,
    payments: summary.payments.map((p) => ({
      receivedAt: formatDateTime(p.receivedAt, shop.timeZone),
      method: p.method,
      reference: p.reference,
      amountCents: p.amountCents,
    })),
    paidCents: summary.paidCents,
    balanceDueCents: summary.balanceCents,
    status: summary.status,
  });
}

export async function renderRepairInvoiceFor(workOrderId: string): Promise<{ fileName: string; bytes: Buffer }> {
  const db = getDb();
  const ctx = await workOrderContext(db, workOrderId);
  const invoice = await invoiceOf(db, workOrderId);
  if (!invoice) throw new DomainError('not_found', NO_INVOICE);
  return { fileName: `${invoice.invoiceNumber}.pdf`, bytes: await invoicePdf(db, ctx, invoice) };
}

export async function recordPayment(actor: StaffActor, workOrderId: string, input: PaymentInput): Promise<{ balanceCents: number; paid: boolean }> {
  if (input.amount <= 0) throw new DomainError('validation', 'Amount must be more than $0.00.', 'amount');
  const stored: string[] = [];
  try {
    return await getDb().transaction(async (tx) => {
      const ctx = await workOrderContext(tx, workOrderId, { lock: true });
      const invoice = await invoiceOf(tx, workOrderId);
      if (!invoice) throw new DomainError('conflict', NO_INVOICE);
      const before = (await getRepairInvoiceSummary(workOrderId, tx))!;
      if (before.balanceCents <= 0) throw new DomainError('conflict', 'This invoice is already paid in full.');
      if (input.amount > before.balanceCents) {
        throw new DomainError('validation', `The payment is more than the balance due of ${formatCents(before.balanceCents)}.`, 'amount');
      }
      const [payment] = await tx
        .insert(payments)
        .values({ repairInvoiceId: invoice.id, method: input.method, amountCents: input.amount, reference: input.reference, recordedByUserId: actor.id })
        .returning({ id: payments.id });
      const balanceCents = before.balanceCents - input.amount;
      let paidDocumentId: string | null = null;
      if (balanceCents === 0) {
        const paidAt = new Date();
        await tx.update(repairInvoices).set({ paidAt }).where(eq(repairInvoices.id, invoice.id));
        const bytes = await invoicePdf(tx, ctx, { ...invoice, paidAt });
        const file = await storeGeneratedPdf(tx, {
          workOrderId,
          customerId: ctx.customer.id,
          documentType: 'paid_invoice',
          fileName: `Paid invoice ${invoice.invoiceNumber}.pdf`,
          bytes,
          byUserId: actor.id,
          stored,
        });
        paidDocumentId = file.documentId;
        await tx.update(repairInvoices).set({ paidDocumentId }).where(eq(repairInvoices.id, invoice.id));
      }
      await recordAudit(tx, actor, {
        action: 'repair_invoice.payment',
        entityId: invoice.id,
        after: { paymentId: payment!.id, method: input.method, amountCents: input.amount, reference: input.reference, balanceCents, paidDocumentId },
      });
      return { balanceCents, paid: balanceCents === 0 };
    });
  } catch (error) {
    await removeStored(stored);
    throw error;
  }
}
