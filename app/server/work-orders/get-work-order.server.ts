/**
 * The work order page (DECISIONS 14): `getWorkOrderDetails(id)` → the work order with its vehicle and customer, the
 * parts used, documents and repair photos (newest first), the status history with who changed it (newest first), and
 * the e-mail notifications about it with their delivery state. DomainError('not_found') for an unknown or non-UUID id.
 */
import { asc, desc, eq } from 'drizzle-orm';
import { getDb } from '../db/client.server';
import {
  customerDocuments,
  customers,
  profiles,
  users,
  vehicles,
  workOrderParts,
  workOrders,
  workOrderStatusHistory,
} from '../db/schema';
import { listOutbox } from '../jobs/outbox.server';
import { DomainError, isUuid } from '../errors.server';

export async function getWorkOrderDetails(id: string) {
  if (!isUuid(id)) throw new DomainError('not_found', 'Work order not found.');
  const db = getDb();
  const [row] = await db
    .select({ workOrder: workOrders, vehicle: vehicles, customer: customers })
    .from(workOrders)
    .innerJoin(vehicles, eq(vehicles.id, workOrders.vehicleId))
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .where(eq(workOrders.id, id));
  if (!row) throw new DomainError('not_found', 'Work order not found.');
  const [parts, documents, history, mail] = await Promise.all([
    db
      .select({
        id: workOrderParts.id,
        partNumber: workOrderParts.partNumber,
        description: workOrderParts.description,
        quantityUsed: workOrderParts.quantityUsed,
        unitPriceAtTime: workOrderParts.unitPriceAtTime,
        createdAt: workOrderParts.createdAt,
      })
      .from(workOrderParts)
      .where(eq(workOrderParts.workOrderId, id))
      .orderBy(asc(workOrderParts.createdAt)),
    db
      .select({
        id: customerDocuments.id,
        documentType: customerDocuments.documentType,
        fileName: customerDocuments.fileName,
        contentType: customerDocuments.contentType,
        sizeBytes: customerDocuments.sizeBytes,
        createdAt: customerDocuments.createdAt,
      })
      .from(customerDocuments)
      .where(eq(customerDocuments.workOrderId, id))
      .orderBy(desc(customerDocuments.createdAt)),
    db
      .select({
        id: workOrderStatusHistory.id,
        fromStatus: workOrderStatusHistory.fromStatus,
        toStatus: workOrderStatusHistory.toStatus,
        createdAt: workOrderStatusHistory.createdAt,
        byName: profiles.fullName,
        byEmail: users.email,
      })
      .from(workOrderStatusHistory)
      .leftJoin(users, eq(users.id, workOrderStatusHistory.changedByUserId))
      .leftJoin(profiles, eq(profiles.id, workOrderStatusHistory.changedByUserId))
      .where(eq(workOrderStatusHistory.workOrderId, id))
      .orderBy(desc(workOrderStatusHistory.createdAt)),
    listOutbox(100, id),
  ]);
  return {
    ...row,
    parts,
    documents: documents.filter((d) => d.documentType !== 'repair_photo'),
    photos: documents.filter((d) => d.documentType === 'repair_photo'),
    history: history.map(({ byName, byEmail, ...h }) => ({ ...h, by: byName || byEmail || 'Unknown' })),
    mail,
  };
}

/** Work orders of one customer for pickers (Photos page): id and number, newest first. */
export async function listCustomerWorkOrderOptions(customerId: string) {
  if (!isUuid(customerId)) return [];
  return getDb()
    .select({
      id: workOrders.id,
      workOrderNumber: workOrders.workOrderNumber,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
    })
    .from(workOrders)
    .innerJoin(vehicles, eq(vehicles.id, workOrders.vehicleId))
    .where(eq(workOrders.customerId, customerId))
    .orderBy(desc(workOrders.createdAt));
}
