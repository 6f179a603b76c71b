/**
 * Writing an estimate (issue 14): the working copy's lines and the work order's insurance claim. Every command runs
 * in one transaction that locks the work order row (so two writers of one estimate queue) and writes its audit row.
 * The working copy is always editable: versions already sent are frozen copies (send-estimate.server.ts), so a change
 * after an approval becomes the next supplement.
 *
 * - `saveEstimateLine(actor, workOrderId, { lineId, line, rateBlank })` → `{ lineId }`: adds (lineId null) or edits a
 *   line. A blank labor rate takes the shop's rate for the labor type, a blank materials rate the shop's materials
 *   rate (settings at the time of saving; kept on the line). A part number matching an inventory part links the line
 *   to it, and a blank unit price then takes the inventory price. Errors: DomainError('validation') beyond {@link MAX_ESTIMATE_LINES} lines or $1,000,000 a line;
 *   ('not_found') for an unknown work order or a line that is not on this estimate.
 * - `removeEstimateLine(actor, workOrderId, lineId)`, `moveEstimateLine(actor, workOrderId, lineId, 'up' | 'down')`.
 * - `saveInsuranceClaim(actor, workOrderId, input)`: creates or updates the claim and the odometer reading.
 * Audit actions: estimate.line_add / line_update / line_remove / line_move, insurance_claim.save.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { MAX_ESTIMATE_LINES, type EstimateLine } from '~/lib/estimates/lines';
import { lineAmount } from '~/lib/estimates/totals';
import { MAX_LINE_CENTS, parseMoneyToCents } from '~/lib/money';
import type { EstimateLineInput, InsuranceClaimInput } from '~/lib/schemas/estimate';
import { diffChanges, recordAudit, type StaffActor } from '../audit/audit.server';
import { getDb, type Executor } from '../db/client.server';
import { estimateLines, insuranceClaims, inventory, workOrders } from '../db/schema';
import { DomainError, isUuid } from '../errors.server';
import { getShopSettings, laborRateFor } from '../settings/shop-settings.server';
import { ensureEstimate, lineColumns, lineCountAndLastPosition, lineFromRow, workOrderContext } from './estimate-records.server';

export const LINE_LIMIT_MESSAGE = `An estimate can have at most ${MAX_ESTIMATE_LINES} lines. Combine lines or start a supplement after approval.`;
export const LINE_GONE = 'That line is no longer on the estimate: reload the page.';
export const LINE_TOO_LARGE = 'A line cannot be more than $1,000,000.';
export const PRICE_NEEDED = 'Enter the unit price, or a part number from inventory to use its price.';

export async function saveEstimateLine(actor: StaffActor, workOrderId: string, input: EstimateLineInput): Promise<{ lineId: string }> {
  if (input.lineId !== null && !isUuid(input.lineId)) throw new DomainError('not_found', LINE_GONE);
  return getDb().transaction(async (tx) => {
    await workOrderContext(tx, workOrderId, { lock: true });
    const estimateId = await ensureEstimate(tx, workOrderId);
    const settings = await getShopSettings(tx);
    const line = { ...input.line };
    if (input.rateBlank && line.lineType === 'labor' && line.laborType) line.rateCents = laborRateFor(settings, line.laborType);
    if (input.rateBlank && line.lineType === 'paint_materials') line.rateCents = settings.materialsRateCents;
    if (line.lineType === 'part' && line.partNumber) {
      const [part] = await tx.select({ id: inventory.id, unitPrice: inventory.unitPrice }).from(inventory).where(eq(inventory.partNumber, line.partNumber));
      line.inventoryId = part?.id ?? null;
      if (part && input.priceBlank) line.unitPriceCents = parseMoneyToCents(part.unitPrice) ?? 0;
    }
    if (line.lineType === 'part' && input.priceBlank && !line.inventoryId) {
      throw new DomainError('validation', PRICE_NEEDED, 'unitPrice');
    }
    if (line.lineType !== 'paint_materials' && Math.abs(lineAmount({ ...line, id: '' }, 0)) > MAX_LINE_CENTS) {
      throw new DomainError('validation', LINE_TOO_LARGE, 'hours');
    }

    if (input.lineId) {
      const [old] = await tx
        .select()
        .from(estimateLines)
        .where(and(eq(estimateLines.id, input.lineId), eq(estimateLines.estimateId, estimateId)));
      if (!old) throw new DomainError('not_found', LINE_GONE);
      const before = lineFromRow(old);
      await tx.update(estimateLines).set({ ...lineColumns(line), updatedAt: sql`now()` }).where(eq(estimateLines.id, old.id));
      const { id: _id, ...beforeFields } = before;
      const changes = diffChanges(beforeFields, line);
      if (Object.keys(changes).length) {
        await recordAudit(tx, actor, {
          action: 'estimate.line_update',
          entityId: estimateId,
          before: { lineId: old.id, ...Object.fromEntries(Object.keys(changes).map((k) => [k, beforeFields[k as keyof typeof beforeFields]])) },
          after: { lineId: old.id, ...Object.fromEntries(Object.keys(changes).map((k) => [k, line[k as keyof typeof line]])) },
        });
      }
      return { lineId: old.id };
    }

    const { count: n, lastPosition: last } = await lineCountAndLastPosition(tx, estimateId);
    if (n >= MAX_ESTIMATE_LINES) throw new DomainError('validation', LINE_LIMIT_MESSAGE);
    const [row] = await tx
      .insert(estimateLines)
      .values({ estimateId, position: last + 1, ...lineColumns(line) })
      .returning({ id: estimateLines.id });
    await recordAudit(tx, actor, { action: 'estimate.line_add', entityId: estimateId, after: { lineId: row!.id, ...line } });
    return { lineId: row!.id };
  });
}

/** The line `lineId` of the work order's estimate, locked with the work order; DomainError('not_found') otherwise. */
async function lockedLine(tx: Executor, workOrderId: string, lineId: string) {
  if (!isUuid(lineId)) throw new DomainError('not_found', LINE_GONE);
  await workOrderContext(tx, workOrderId, { lock: true });
  const estimateId = await ensureEstimate(tx, workOrderId);
  const [row] = await tx
    .select()
    .from(estimateLines)
    .where(and(eq(estimateLines.id, lineId), eq(estimateLines.estimateId, estimateId)));
  if (!row) throw new DomainError('not_found', LINE_GONE);
  return { estimateId, row };
}

export async function removeEstimateLine(actor: StaffActor, workOrderId: string, lineId: string): Promise<EstimateLine> {
  return getDb().transaction(async (tx) => {
    const { estimateId, row } = await lockedLine(tx, workOrderId, lineId);
    await tx.delete(estimateLines).where(eq(estimateLines.id, row.id));
    const line = lineFromRow(row);
    await recordAudit(tx, actor, { action: 'estimate.line_remove', entityId: estimateId, before: { ...line, lineId: line.id } });
    return line;
  });
}

export async function moveEstimateLine(actor: StaffActor, workOrderId: string, lineId: string, direction: 'up' | 'down'): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { estimateId } = await lockedLine(tx, workOrderId, lineId);
    const rows = await tx
      .select({ id: estimateLines.id })
      .from(estimateLines)
      .where(eq(estimateLines.estimateId, estimateId))
      .orderBy(asc(estimateLines.position), asc(estimateLines.createdAt));
    const from = rows.findIndex((r) => r.id === lineId);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (to < 0 || to >= rows.length) return;
    const order = rows.map((r) => r.id);
    [order[from], order[to]] = [order[to]!, order[from]!];
    // Renumber 1…n in one statement (positions may have gaps after removals).
    await tx.execute(sql`update ${estimateLines} set position = v.pos
      from (select * from unnest(${sql.raw(`ARRAY[${order.map((id) => `'${id}'`).join(',')}]::uuid[]`)}) with ordinality as t(id, pos)) v
      where ${estimateLines.id} = v.id`);
    await recordAudit(tx, actor, {
      action: 'estimate.line_move',
      entityId: estimateId,
      before: { lineId, position: from + 1 },
      after: { lineId, position: to + 1 },
    });
  });
}

export const CLAIM_SAVED = 'Insurance claim saved.';

export async function saveInsuranceClaim(actor: StaffActor, workOrderId: string, input: InsuranceClaimInput): Promise<void> {
  await getDb().transaction(async (tx) => {
    const ctx = await workOrderContext(tx, workOrderId, { lock: true });
    const next = {
      insurerName: input.insurerName,
      claimNumber: input.claimNumber,
      policyNumber: input.policyNumber,
      adjusterName: input.adjusterName,
      adjusterPhone: input.adjusterPhone,
      adjusterEmail: input.adjusterEmail,
      deductibleCents: input.deductible,
      dateOfLoss: input.dateOfLoss,
      pointOfImpact: input.pointOfImpact,
      directRepairProgram: input.directRepairProgram,
    };
    const [existing] = await tx.select({ id: insuranceClaims.id }).from(insuranceClaims).where(eq(insuranceClaims.workOrderId, workOrderId));
    let claimId: string;
    if (existing) {
      await tx.update(insuranceClaims).set({ ...next, updatedAt: sql`now()` }).where(eq(insuranceClaims.id, existing.id));
      claimId = existing.id;
    } else {
      const [row] = await tx.insert(insuranceClaims).values({ workOrderId, ...next }).returning({ id: insuranceClaims.id });
      claimId = row!.id;
    }
    if (ctx.workOrder.odometerIn !== input.odometer) {
      await tx.update(workOrders).set({ odometerIn: input.odometer }).where(eq(workOrders.id, workOrderId));
    }
    const before = ctx.claim ? { ...ctx.claim, odometerIn: ctx.workOrder.odometerIn } : null;
    const after = { ...next, odometerIn: input.odometer };
    const changes = diffChanges(before, after);
    if (Object.keys(changes).length) {
      await recordAudit(tx, actor, { action: 'insurance_claim.save', entityId: claimId, before, after: { ...after, workOrderId } });
    }
  });
}
