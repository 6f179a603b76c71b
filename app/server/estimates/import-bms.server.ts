/**
 * Importing an estimate written in CCC ONE, Mitchell or Audatex from its CIECA BMS XML export (issue 14, item 5).
 * The file is read by ./bms/parse-bms.server.ts (entity expansion off, size cap); here its contents are written.
 *
 * - `importBmsOntoWorkOrder(actor, workOrderId, file)` → `{ message, lineCount, differences }`: appends the file's
 *   lines to the work order's estimate, keeps the file's name and totals on the estimate (the editor shows them beside
 *   ours and flags each difference), creates the insurance claim when the work order has none and the file names an
 *   insurer and claim number, and sets the odometer when empty.
 * - `importBmsAsNewWorkOrder(actor, file, workOrderNumber)` → `{ workOrderId, message }`: the same, onto a new work
 *   order for the file's owner and vehicle: the customer is found by e-mail (or created), the vehicle by VIN for that
 *   customer (or created).
 * Each is one transaction with the audit rows (estimate.import; customer.create, vehicle.create, work_order.create when
 * made). Errors (nothing written): DomainError('validation') for no file, a file that is not a BMS estimate
 * (truncated, entity declarations, too large, no lines), more lines than an estimate may hold, a file without owner
 * name, VIN, year, make or model for a new work order; ('conflict') for a work order number in use.
 */
import { and, eq, sql } from 'drizzle-orm';
import { MAX_ESTIMATE_LINES } from '~/lib/estimates/lines';
import { computeTotals } from '~/lib/estimates/totals';
import { normalizeVin } from '~/lib/vin';
import { INITIAL_WORK_ORDER_STATUS } from '~/lib/work-order-status';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import { getDb, type Executor } from '../db/client.server';
import { customers, estimateLines, estimates, insuranceClaims, vehicles, workOrders, workOrderStatusHistory } from '../db/schema';
import { DomainError, isUniqueViolation } from '../errors.server';
import { getShopSettings, taxRuleOf } from '../settings/shop-settings.server';
import { compareWithFileTotals, parseBmsEstimate, type ParsedBmsEstimate, type TotalsDifference } from './bms/parse-bms.server';
import { ensureEstimate, lineColumns, lineCountAndLastPosition, readLines, workOrderContext } from './estimate-records.server';

export const NO_BMS_FILE = 'Choose a BMS file to import.';

export interface BmsUpload {
  fileName: string;
  bytes: Uint8Array;
}

function parse(file: BmsUpload | null): ParsedBmsEstimate {
  if (!file || file.bytes.byteLength === 0) throw new DomainError('validation', NO_BMS_FILE, 'bmsFile');
  return parseBmsEstimate(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

const FIELD_LABELS: Record<string, string> = {
  parts: 'parts',
  labor: 'labor',
  materials: 'paint & materials',
  sublet: 'sublet',
  other: 'other charges',
  tax: 'tax',
  total: 'total',
  insurancePays: 'insurance pays',
  customerPays: 'customer pays',
  deductible: 'deductible',
};

export const differenceLabel = (field: string) => FIELD_LABELS[field] ?? field;

/** Writes the parsed file onto the (locked) work order inside `tx`. */
async function writeImport(tx: Executor, actor: StaffActor, workOrderId: string, file: BmsUpload, parsed: ParsedBmsEstimate) {
  const ctx = await workOrderContext(tx, workOrderId, { lock: true });
  const estimateId = await ensureEstimate(tx, workOrderId);
  const { count: n, lastPosition: last } = await lineCountAndLastPosition(tx, estimateId);
  if (n + parsed.lines.length > MAX_ESTIMATE_LINES) {
    throw new DomainError(
      'validation',
      `This file has ${parsed.lines.length} lines and the estimate already has ${n}: an estimate can have at most ${MAX_ESTIMATE_LINES} lines.`,
    );
  }
  if (parsed.lines.length) {
    await tx.insert(estimateLines).values(parsed.lines.map((line, i) => ({ id: line.id, estimateId, position: last + 1 + i, ...lineColumns(line) })));
  }
  await tx
    .update(estimates)
    .set({ importedFrom: file.fileName.slice(0, 200), fileTotals: { ...parsed.fileTotals }, updatedAt: sql`now()` })
    .where(eq(estimates.id, estimateId));
  let claimCreated = false;
  const c = parsed.claim;
  if (!ctx.claim && c?.insurerName && c.claimNumber) {
    await tx.insert(insuranceClaims).values({
      workOrderId,
      insurerName: c.insurerName,
      claimNumber: c.claimNumber,
      policyNumber: c.policyNumber,
      adjusterName: c.adjusterName,
      adjusterPhone: c.adjusterPhone,
      adjusterEmail: c.adjusterEmail,
      deductibleCents: Math.min(Math.max(0, c.deductibleCents ?? 0), 100_000_000),
      dateOfLoss: c.dateOfLoss && /^\d{4}-\d{2}-\d{2}$/.test(c.dateOfLoss) ? c.dateOfLoss : null,
      pointOfImpact: c.pointOfImpact,
      directRepairProgram: c.directRepairProgram,
    });
    claimCreated = true;
  }
  if (ctx.workOrder.odometerIn === null && parsed.vehicle.odometer !== null && parsed.vehicle.odometer < 10_000_000) {
    await tx.update(workOrders).set({ odometerIn: parsed.vehicle.odometer }).where(eq(workOrders.id, workOrderId));
  }
  const lines = await readLines(tx, estimateId);
  const claimNow = claimCreated ? { deductibleCents: Math.max(0, c?.deductibleCents ?? 0) } : ctx.claim;
  const totals = computeTotals(lines, taxRuleOf(await getShopSettings(tx)), claimNow ? claimNow.deductibleCents : null);
  const differences = compareWithFileTotals(parsed.fileTotals, totals);
  const vinMismatch = parsed.vehicle.vin && normalizeVin(parsed.vehicle.vin) !== ctx.vehicle.vin ? parsed.vehicle.vin : null;
  await recordAudit(tx, actor, {
    action: 'estimate.import',
    entityId: estimateId,
    after: {
      fileName: file.fileName,
      sourceSystem: parsed.sourceSystem,
      estimateNumber: parsed.estimateNumber,
      lineCount: parsed.lines.length,
      claimCreated,
      fileTotals: parsed.fileTotals,
      differences,
      warnings: parsed.warnings,
    },
  });
  const parts = [
    `Imported ${parsed.lines.length} lines from ${file.fileName}${parsed.sourceSystem ? ` (${parsed.sourceSystem})` : ''}.`,
    claimCreated ? `Insurance claim ${c!.claimNumber} (${c!.insurerName}) added.` : null,
    differences.length
      ? `Totals differ from the file's: ${differences.map((d) => differenceLabel(d.field)).join(', ')} (see Totals).`
      : "The file's totals match ours.",
    vinMismatch ? `Check the vehicle: the file's VIN ${vinMismatch} is not this work order's.` : null,
    parsed.warnings.length ? `${parsed.warnings.length} note(s): ${parsed.warnings.slice(0, 3).join(' ')}` : null,
  ];
  return { message: parts.filter(Boolean).join(' '), lineCount: parsed.lines.length, differences };
}

export async function importBmsOntoWorkOrder(
  actor: StaffActor,
  workOrderId: string,
  file: BmsUpload | null,
): Promise<{ message: string; lineCount: number; differences: TotalsDifference[] }> {
  const parsed = parse(file);
  return getDb().transaction((tx) => writeImport(tx, actor, workOrderId, file!, parsed));
}

export async function importBmsAsNewWorkOrder(
  actor: StaffActor,
  file: BmsUpload | null,
  workOrderNumber: string,
): Promise<{ workOrderId: string; message: string }> {
  const parsed = parse(file);
  const owner = parsed.owner;
  const v = parsed.vehicle;
  if (!owner?.name) throw new DomainError('validation', "The file names no vehicle owner: create the customer and work order first, then import onto it.");
  if (!v.vin || !v.year || !v.make || !v.model) {
    throw new DomainError('validation', 'The file lacks the VIN, year, make or model: create the vehicle and work order first, then import onto it.');
  }
  const vin = normalizeVin(v.vin).slice(0, 17);
  try {
    return await getDb().transaction(async (tx) => {
      const email = owner.email?.toLowerCase() ?? null;
      let [customer] = email ? await tx.select({ id: customers.id }).from(customers).where(sql`lower(${customers.email}) = ${email}`).limit(1) : [];
      if (!customer) {
        [customer] = await tx
          .insert(customers)
          .values({ name: owner.name.slice(0, 120), email, phone: owner.phone, address: owner.address })
          .returning({ id: customers.id });
        await recordAudit(tx, actor, { action: 'customer.create', entityId: customer!.id, after: { name: owner.name, email, phone: owner.phone, source: 'bms' } });
      }
      let [vehicle] = await tx
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(and(eq(vehicles.customerId, customer!.id), eq(vehicles.vin, vin)));
      if (!vehicle) {
        [vehicle] = await tx
          .insert(vehicles)
          .values({ customerId: customer!.id, vin, year: v.year!, make: v.make!, model: v.model!, color: v.color, licensePlate: v.licensePlate })
          .returning({ id: vehicles.id });
        await recordAudit(tx, actor, { action: 'vehicle.create', entityId: vehicle!.id, after: { customerId: customer!.id, vin, year: v.year, make: v.make, model: v.model, source: 'bms' } });
      }
      const [wo] = await tx
        .insert(workOrders)
        .values({ workOrderNumber, vehicleId: vehicle!.id, customerId: customer!.id, currentStatus: INITIAL_WORK_ORDER_STATUS, description: `Imported estimate ${parsed.estimateNumber ?? file!.fileName}`.slice(0, 2000) })
        .returning({ id: workOrders.id });
      await tx.insert(workOrderStatusHistory).values({ workOrderId: wo!.id, fromStatus: null, toStatus: INITIAL_WORK_ORDER_STATUS, changedByUserId: actor.id });
      await recordAudit(tx, actor, { action: 'work_order.create', entityId: wo!.id, after: { workOrderNumber, vehicleId: vehicle!.id, customerId: customer!.id, source: 'bms' } });
      const result = await writeImport(tx, actor, wo!.id, file!, parsed);
      return { workOrderId: wo!.id, message: `Work order ${workOrderNumber} created for ${owner.name}. ${result.message}` };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'work_orders_number')) throw new DomainError('conflict', 'That work order number is already in use.', 'workOrderNumber');
    throw error;
  }
}
