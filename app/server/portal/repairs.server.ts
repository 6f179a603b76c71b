/**
 * The portal's repair pages (spec public-site-and-portal §2 "Repair Updates", "Repair Photos"; DECISIONS 5): the
 * customer's work orders with their vehicle, parts used, documents and photos. Scoped by the session's customer id;
 * a fixed number of SQL statements whatever the data size (joins and one query per kind of child row).
 */
import { and, asc, desc, eq, gte, ne, notInArray, or } from 'drizzle-orm';
import { COMPLETED_STATUSES, type DocumentType, type WorkOrderStatus } from '~/lib/work-order-status';
import type { Executor } from '../db/client.server';
import { customerDocuments, vehicles, workOrderParts, workOrders } from '../db/schema';
import type { PortalPhoto } from './vehicles.server';

export interface RepairPart {
  partNumber: string;
  description: string;
  quantityUsed: number;
}

export interface RepairDocument {
  id: string;
  documentType: DocumentType;
  fileName: string;
  createdAt: Date;
}

export interface RepairUpdate {
  id: string;
  workOrderNumber: string;
  currentStatus: WorkOrderStatus;
  description: string | null;
  /** 'YYYY-MM-DD' or null when the shop has not set one. */
  estimatedCompletionDate: string | null;
  createdAt: Date;
  updatedAt: Date;
  vehicle: { id: string; year: number; make: string; model: string };
  parts: RepairPart[];
  documents: RepairDocument[];
}

const orderColumns = {
  id: workOrders.id,
  workOrderNumber: workOrders.workOrderNumber,
  currentStatus: workOrders.currentStatus,
  description: workOrders.description,
  estimatedCompletionDate: workOrders.estimatedCompletionDate,
  createdAt: workOrders.createdAt,
  updatedAt: workOrders.updatedAt,
  vehicle: { id: vehicles.id, year: vehicles.year, make: vehicles.make, model: vehicles.model },
};

function groupBy<T extends { workOrderId: string }>(rows: T[]): Map<string, Omit<T, 'workOrderId'>[]> {
  const map = new Map<string, Omit<T, 'workOrderId'>[]>();
  for (const { workOrderId, ...rest } of rows) {
    const list = map.get(workOrderId) ?? [];
    list.push(rest);
    map.set(workOrderId, list);
  }
  return map;
}

/** Every work order of the customer, newest first, with vehicle, parts used and documents other than photos (3 queries). */
export async function listRepairUpdates(db: Executor, customerId: string): Promise<RepairUpdate[]> {
  const orders = await db
    .select(orderColumns)
    .from(workOrders)
    .innerJoin(vehicles, eq(vehicles.id, workOrders.vehicleId))
    .where(and(eq(workOrders.customerId, customerId), eq(vehicles.customerId, customerId)))
    .orderBy(desc(workOrders.createdAt), asc(workOrders.id));
  if (!orders.length) return [];
  const [parts, documents] = await Promise.all([
    db
      .select({
        workOrderId: workOrderParts.workOrderId,
        partNumber: workOrderParts.partNumber,
        description: workOrderParts.description,
        quantityUsed: workOrderParts.quantityUsed,
      })
      .from(workOrderParts)
      .innerJoin(workOrders, eq(workOrders.id, workOrderParts.workOrderId))
      .where(eq(workOrders.customerId, customerId))
      .orderBy(asc(workOrderParts.createdAt), asc(workOrderParts.id)),
    db
      .select({
        workOrderId: customerDocuments.workOrderId,
        id: customerDocuments.id,
        documentType: customerDocuments.documentType,
        fileName: customerDocuments.fileName,
        createdAt: customerDocuments.createdAt,
      })
      .from(customerDocuments)
      .innerJoin(workOrders, eq(workOrders.id, customerDocuments.workOrderId))
      .where(
        and(
          eq(customerDocuments.customerId, customerId),
          eq(workOrders.customerId, customerId),
          ne(customerDocuments.documentType, 'repair_photo'),
        ),
      )
      .orderBy(desc(customerDocuments.createdAt), asc(customerDocuments.id)),
  ]);
  const partsBy = groupBy(parts);
  const docsBy = groupBy(documents);
  return orders.map((o) => ({ ...o, parts: partsBy.get(o.id) ?? [], documents: docsBy.get(o.id) ?? [] }));
}

export interface OpenRepair {
  id: string;
  workOrderNumber: string;
  currentStatus: WorkOrderStatus;
  /** 'YYYY-MM-DD' or null when the shop has not set one. */
  estimatedCompletionDate: string | null;
  vehicle: { id: string; year: number; make: string; model: string };
}

/** How long (days) a finished repair (Complete, Ready for Pickup) still counts as open on the dashboard. */
export const RECENTLY_FINISHED_DAYS = 14;

/**
 * The customer's open repairs for the portal dashboard (issue 15 §2), newest first (1 query): every work order still
 * in progress, and finished ones (Complete, Ready for Pickup) whose status changed within the last
 * {@link RECENTLY_FINISHED_DAYS} days — a car ready for pickup is what the customer most wants to see, but there is no
 * "picked up" step, so a finished repair leaves the dashboard after two weeks (it stays on Repair Updates).
 */
export async function listOpenRepairs(db: Executor, customerId: string, now = new Date()): Promise<OpenRepair[]> {
  const finishedSince = new Date(now.getTime() - RECENTLY_FINISHED_DAYS * 86_400_000);
  return db
    .select({
      id: workOrders.id,
      workOrderNumber: workOrders.workOrderNumber,
      currentStatus: workOrders.currentStatus,
      estimatedCompletionDate: workOrders.estimatedCompletionDate,
      vehicle: orderColumns.vehicle,
    })
    .from(workOrders)
    .innerJoin(vehicles, eq(vehicles.id, workOrders.vehicleId))
    .where(
      and(
        eq(workOrders.customerId, customerId),
        eq(vehicles.customerId, customerId),
        or(notInArray(workOrders.currentStatus, [...COMPLETED_STATUSES]), gte(workOrders.updatedAt, finishedSince)),
      ),
    )
    .orderBy(desc(workOrders.createdAt), asc(workOrders.id));
}

export interface PhotoGroup {
  id: string;
  workOrderNumber: string;
  currentStatus: WorkOrderStatus;
  vehicle: { id: string; year: number; make: string; model: string };
  photos: Omit<PortalPhoto, 'workOrderId'>[];
}

/**
 * The customer's repair photos grouped by work order (newest work order first, photos by file name ascending as the
 * old storage listing was). `hasVehicles` tells "no vehicles" apart from "no photos yet" (2-3 queries).
 */
export async function listRepairPhotos(
  db: Executor,
  customerId: string,
): Promise<{ hasVehicles: boolean; groups: PhotoGroup[] }> {
  const orders = await db
    .select({
      id: workOrders.id,
      workOrderNumber: workOrders.workOrderNumber,
      currentStatus: workOrders.currentStatus,
      vehicle: orderColumns.vehicle,
    })
    .from(workOrders)
    .innerJoin(vehicles, eq(vehicles.id, workOrders.vehicleId))
    .where(and(eq(workOrders.customerId, customerId), eq(vehicles.customerId, customerId)))
    .orderBy(desc(workOrders.createdAt), asc(workOrders.id));
  if (!orders.length) {
    const [vehicle] = await db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(eq(vehicles.customerId, customerId))
      .limit(1);
    return { hasVehicles: Boolean(vehicle), groups: [] };
  }
  const photos = await db
    .select({ workOrderId: customerDocuments.workOrderId, id: customerDocuments.id, fileName: customerDocuments.fileName })
    .from(customerDocuments)
    .innerJoin(workOrders, eq(workOrders.id, customerDocuments.workOrderId))
    .where(
      and(
        eq(customerDocuments.customerId, customerId),
        eq(workOrders.customerId, customerId),
        eq(customerDocuments.documentType, 'repair_photo'),
      ),
    )
    .orderBy(asc(customerDocuments.fileName), asc(customerDocuments.id));
  const by = groupBy(photos);
  return { hasVehicles: true, groups: orders.map((o) => ({ ...o, photos: by.get(o.id) ?? [] })) };
}
