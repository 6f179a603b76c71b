/**
 * Shared reads of the estimate domain (issue 14): the work order with its customer, vehicle and claim; the working
 * estimate (created on first use) and its lines as `EstimateLine`s; frozen versions; generated PDFs stored as customer
 * documents. Used by the editor, sending, signing, the portal and the final invoice — one place that knows the rows.
 *
 * - `workOrderContext(db, workOrderId, { lock })` → `WorkOrderContext`; DomainError('not_found') for an unknown id.
 *   `lock: true` takes the work order row FOR UPDATE, which serialises every estimate write of that work order.
 * - `ensureEstimate(db, workOrderId)` → the estimate row id (created when missing).
 * - `readLines(db, estimateId)` → `EstimateLine[]` in position order; `lineCountAndLastPosition(db, estimateId)`.
 * - `lineFromRow(row)`, `claimSnapshot(claim)`.
 * - `storeGeneratedPdf(...)`: puts a PDF in 'customer-files' and inserts its `customer_documents` row inside the
 *   caller's transaction; returns `{ documentId, sha256, key }`. The caller removes `key` when the transaction fails
 *   (`removeStored`).
 */
import crypto from 'node:crypto';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { ClaimFacts, EstimateLine, LaborType, LineType, MaterialsMode, PartType, TaxCategory } from '~/lib/estimates/lines';
import { formatCalendarDay } from '~/lib/format';
import type { DocumentType } from '~/lib/work-order-status';
import type { Executor } from '../db/client.server';
import { customerDocuments, customers, estimateLines, estimates, insuranceClaims, vehicles, workOrders } from '../db/schema';
import { DomainError, isUuid } from '../errors.server';
import { log } from '../logger.server';
import { getStorage, objectBytes } from '../storage/storage.server';

export const WORK_ORDER_NOT_FOUND = 'Work order not found.';


export interface WorkOrderContext {
  workOrder: typeof workOrders.$inferSelect;
  customer: typeof customers.$inferSelect;
  vehicle: typeof vehicles.$inferSelect;
  claim: ClaimFacts | null;
}

export function claimSnapshot(claim: typeof insuranceClaims.$inferSelect | undefined | null): ClaimFacts | null {
  if (!claim) return null;
  return {
    insurerName: claim.insurerName,
    claimNumber: claim.claimNumber,
    policyNumber: claim.policyNumber,
    adjusterName: claim.adjusterName,
    adjusterPhone: claim.adjusterPhone,
    adjusterEmail: claim.adjusterEmail,
    deductibleCents: claim.deductibleCents,
    dateOfLoss: claim.dateOfLoss,
    pointOfImpact: claim.pointOfImpact,
    directRepairProgram: claim.directRepairProgram,
  };
}

/** The customer and vehicle blocks of a document (estimate, supplement, invoice) for a work order. */
export function documentParties(ctx: WorkOrderContext) {
  return {
    customer: { name: ctx.customer.name, email: ctx.customer.email, phone: ctx.customer.phone, address: ctx.customer.address },
    vehicle: {
      year: ctx.vehicle.year,
      make: ctx.vehicle.make,
      model: ctx.vehicle.model,
      color: ctx.vehicle.color,
      vin: ctx.vehicle.vin,
      licensePlate: ctx.vehicle.licensePlate,
      odometer: ctx.workOrder.odometerIn,
    },
  };
}

/** A frozen claim as a document shows it (date of loss formatted). */
export function documentClaim(claim: ClaimFacts | null): ClaimFacts | null {
  return claim ? { ...claim, dateOfLoss: claim.dateOfLoss ? formatCalendarDay(claim.dateOfLoss) : null } : null;
}

export async function workOrderContext(db: Executor, workOrderId: string, options: { lock?: boolean } = {}): Promise<WorkOrderContext> {
  if (!isUuid(workOrderId)) throw new DomainError('not_found', WORK_ORDER_NOT_FOUND);
  const query = db
    .select({ workOrder: workOrders, customer: customers, vehicle: vehicles, claim: insuranceClaims })
    .from(workOrders)
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .innerJoin(vehicles, eq(vehicles.id, workOrders.vehicleId))
    .leftJoin(insuranceClaims, eq(insuranceClaims.workOrderId, workOrders.id))
    .where(eq(workOrders.id, workOrderId));
  const [row] = options.lock ? await query.for('update', { of: workOrders }) : await query;
  if (!row) throw new DomainError('not_found', WORK_ORDER_NOT_FOUND);
  return { workOrder: row.workOrder, customer: row.customer, vehicle: row.vehicle, claim: claimSnapshot(row.claim) };
}

export async function ensureEstimate(db: Executor, workOrderId: string): Promise<string> {
  await db.insert(estimates).values({ workOrderId }).onConflictDoNothing();
  const [row] = await db.select({ id: estimates.id }).from(estimates).where(eq(estimates.workOrderId, workOrderId));
  return row!.id;
}

export function lineFromRow(row: typeof estimateLines.$inferSelect): EstimateLine {
  return {
    id: row.id,
    lineType: row.lineType as LineType,
    description: row.description,
    partNumber: row.partNumber,
    partType: row.partType as PartType | null,
    inventoryId: row.inventoryId,
    quantity: row.quantity,
    unitPriceCents: row.unitPriceCents,
    laborType: row.laborType as LaborType | null,
    hoursTenths: row.hoursTenths,
    rateCents: row.rateCents,
    materialsMode: row.materialsMode as MaterialsMode | null,
    vendor: row.vendor,
    amountCents: row.amountCents,
    discountAppliesTo: row.discountAppliesTo as TaxCategory | null,
    customerPay: row.customerPay,
    bettermentPercent: row.bettermentPercent,
  };
}

/** The columns of a line (without id and position) for an insert or update. */
export function lineColumns(line: Omit<EstimateLine, 'id'>) {
  return {
    lineType: line.lineType,
    description: line.description,
    partNumber: line.partNumber,
    partType: line.partType,
    inventoryId: line.inventoryId,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    laborType: line.laborType,
    hoursTenths: line.hoursTenths,
    rateCents: line.rateCents,
    materialsMode: line.materialsMode,
    vendor: line.vendor,
    amountCents: line.amountCents,
    discountAppliesTo: line.discountAppliesTo,
    customerPay: line.customerPay,
    bettermentPercent: line.bettermentPercent,
  };
}

export async function readLines(db: Executor, estimateId: string): Promise<EstimateLine[]> {
  const rows = await db
    .select()
    .from(estimateLines)
    .where(eq(estimateLines.estimateId, estimateId))
    .orderBy(asc(estimateLines.position), asc(estimateLines.createdAt));
  return rows.map(lineFromRow);
}

/** How many lines the estimate has and the highest position in use (0 when empty), to append after it. */
export async function lineCountAndLastPosition(db: Executor, estimateId: string): Promise<{ count: number; lastPosition: number }> {
  const [row] = await db
    .select({ count: count(), lastPosition: sql<number>`coalesce(max(${estimateLines.position}), 0)::int` })
    .from(estimateLines)
    .where(eq(estimateLines.estimateId, estimateId));
  return { count: row?.count ?? 0, lastPosition: row?.lastPosition ?? 0 };
}

export const sha256Hex = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

/** A storage-safe file name: "Estimate WO-1001 v1.pdf" → "Estimate-WO-1001-v1.pdf". */
const keyName = (fileName: string) => fileName.replace(/[^A-Za-z0-9._-]+/g, '-').slice(-100);

export async function storeGeneratedPdf(
  tx: Executor,
  options: {
    workOrderId: string;
    customerId: string;
    documentType: DocumentType;
    fileName: string;
    bytes: Uint8Array;
    byUserId: string | null;
    stored: string[];
  },
): Promise<{ documentId: string; sha256: string; key: string }> {
  const key = `work_orders/${options.workOrderId}/${options.documentType}/${Date.now()}-${crypto.randomBytes(3).toString('hex')}-${keyName(options.fileName)}`;
  await getStorage().put('customer-files', key, options.bytes, { contentType: 'application/pdf' });
  options.stored.push(key);
  const [doc] = await tx
    .insert(customerDocuments)
    .values({
      workOrderId: options.workOrderId,
      customerId: options.customerId,
      documentType: options.documentType,
      bucket: 'customer-files',
      fileKey: key,
      fileName: options.fileName,
      contentType: 'application/pdf',
      sizeBytes: options.bytes.byteLength,
      uploadedByUserId: options.byUserId,
    })
    .returning({ id: customerDocuments.id });
  return { documentId: doc!.id, sha256: sha256Hex(options.bytes), key };
}

/** Removes files stored for a transaction that failed (never throws). */
export async function removeStored(keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await getStorage()
      .delete('customer-files', key)
      .catch((error: unknown) => log().warn({ err: String(error) }, 'generated PDF of a failed write not removed'));
  }
}

/** The bytes of a stored customer document (a generated PDF), or null when the file is gone. */
export async function readStoredDocument(db: Executor, documentId: string): Promise<Uint8Array | null> {
  const [doc] = await db
    .select({ bucket: customerDocuments.bucket, key: customerDocuments.fileKey })
    .from(customerDocuments)
    .where(eq(customerDocuments.id, documentId));
  if (!doc) return null;
  const object = await getStorage().get(doc.bucket, doc.key);
  if (!object) return null;
  return objectBytes(object);
}
