/**
 * The portal's vehicle pages (spec public-site-and-portal §2 "My Vehicles", "Vehicle detail"; DECISIONS 5).
 * Every function takes the customer id from the session and puts it in the where-clause; the number of SQL statements
 * does not depend on how many vehicles, work orders or photos there are.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { PORTAL_TEXT } from '~/lib/portal-text';
import type { WorkOrderStatus } from '~/lib/work-order-status';
import type { Executor } from '../db/client.server';
import { customerDocuments, vehicles, workOrders } from '../db/schema';
import { DomainError, isUuid } from '../errors.server';

export interface PortalVehicle {
  id: string;
  year: number;
  make: string;
  model: string;
  vin: string;
  licensePlate: string | null;
  color: string | null;
}

export interface PortalPhoto {
  id: string;
  fileName: string;
  workOrderId: string;
}

export interface VehicleWorkOrder {
  id: string;
  workOrderNumber: string;
  currentStatus: WorkOrderStatus;
  description: string | null;
  createdAt: Date;
  photos: PortalPhoto[];
}

const vehicleColumns = {
  id: vehicles.id,
  year: vehicles.year,
  make: vehicles.make,
  model: vehicles.model,
  vin: vehicles.vin,
  licensePlate: vehicles.licensePlate,
  color: vehicles.color,
};

/** The customer's vehicles, newest first (1 query). */
export async function listCustomerVehicles(db: Executor, customerId: string): Promise<PortalVehicle[]> {
  return db
    .select(vehicleColumns)
    .from(vehicles)
    .where(eq(vehicles.customerId, customerId))
    .orderBy(desc(vehicles.createdAt), asc(vehicles.id));
}

/**
 * One vehicle of the customer with its work orders (newest first) and each work order's repair photos (3 queries).
 * Throws DomainError 404 'Vehicle not found or you do not have permission to view it.' for a non-UUID or unknown id,
 * and 403 'You do not have permission to view this vehicle.' for another customer's vehicle (spec §5, §8); neither
 * carries any of the vehicle's data.
 */
export async function getCustomerVehicleDetails(
  db: Executor,
  customerId: string,
  vehicleId: string,
): Promise<{ vehicle: PortalVehicle; workOrders: VehicleWorkOrder[] }> {
  if (!isUuid(vehicleId)) throw new DomainError('not_found', PORTAL_TEXT.vehicleNotFound);
  const [row] = await db
    .select({ ...vehicleColumns, customerId: vehicles.customerId })
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId));
  if (!row) throw new DomainError('not_found', PORTAL_TEXT.vehicleNotFound);
  if (row.customerId !== customerId) throw new DomainError('forbidden', PORTAL_TEXT.vehicleForbidden);
  const { customerId: _owner, ...vehicle } = row;

  const orders = await db
    .select({
      id: workOrders.id,
      workOrderNumber: workOrders.workOrderNumber,
      currentStatus: workOrders.currentStatus,
      description: workOrders.description,
      createdAt: workOrders.createdAt,
    })
    .from(workOrders)
    .where(and(eq(workOrders.vehicleId, vehicleId), eq(workOrders.customerId, customerId)))
    .orderBy(desc(workOrders.createdAt), asc(workOrders.id));

  const photos = orders.length
    ? await db
        .select({ id: customerDocuments.id, fileName: customerDocuments.fileName, workOrderId: customerDocuments.workOrderId })
        .from(customerDocuments)
        .innerJoin(workOrders, eq(workOrders.id, customerDocuments.workOrderId))
        .where(
          and(
            eq(workOrders.vehicleId, vehicleId),
            eq(customerDocuments.customerId, customerId),
            eq(customerDocuments.documentType, 'repair_photo'),
          ),
        )
        .orderBy(asc(customerDocuments.fileName), asc(customerDocuments.id))
    : [];
  return { vehicle, workOrders: orders.map((o) => ({ ...o, photos: photos.filter((p) => p.workOrderId === o.id) })) };
}
