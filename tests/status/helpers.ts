/**
 * Status-link test data: a customer with a named vehicle (VIN, plate, colour), a work order, its status link, and the
 * markers that must never reach the status page (VIN, plate, e-mail, phone, address, surname).
 */
import { eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { getDb } from '~/server/db/client.server';
import { customers, workOrders } from '~/server/db/schema';
import { statusLinkFor } from '~/server/status-link/status-link.server';
import type { WorkOrderStatus } from '~/lib/work-order-status';
import { createVehicle, createWorkOrder, uid } from '../setup/factories';

export interface LinkedWorkOrder {
  workOrderId: string;
  customerId: string;
  workOrderNumber: string;
  url: string;
  token: string;
  /** Values of the customer and vehicle the page must never show. */
  secrets: string[];
}

/** A customer "Ana {tag}" with a vehicle and a work order in `status`, and the work order's status link. */
export async function linkedWorkOrder(status: WorkOrderStatus = 'Paint', eta: string | null = '2026-12-04'): Promise<LinkedWorkOrder> {
  const tag = uid();
  const surname = `Surname${tag}`;
  const [customer] = await getDb()
    .insert(customers)
    .values({
      name: `Ana ${surname}`,
      email: `ana-${tag}@example.com`,
      phone: `(713) 555-${String(Math.floor(Math.random() * 9000) + 1000)}`,
      address: `${tag} Secret Lane, Houston, TX`,
      mobileE164: `+1713555${String(Math.floor(Math.random() * 9000) + 1000)}`,
    })
    .returning();
  const vehicle = await createVehicle(customer!.id, { make: 'Subaru', model: 'Outback', year: 2019, color: 'Blue', licensePlate: `PL${tag}`.slice(0, 10).toUpperCase() });
  const wo = await createWorkOrder(vehicle, { status });
  if (eta) await getDb().update(workOrders).set({ estimatedCompletionDate: eta }).where(eq(workOrders.id, wo.id));
  const url = await getDb().transaction((tx) => statusLinkFor(tx, wo.id));
  return {
    workOrderId: wo.id,
    customerId: customer!.id,
    workOrderNumber: wo.workOrderNumber,
    url,
    token: url.split('/status/')[1]!,
    secrets: [vehicle.vin, vehicle.licensePlate!, customer!.email!, customer!.phone!, customer!.address!, customer!.mobileE164!, surname],
  };
}

/** A load context as Express builds it, from client address `ip`. */
export const contextFrom = (ip: string): AppLoadContext => ({ cspNonce: 'test', requestId: 'test', clientIp: ip });

/** A client address unique per call (the IPv6 documentation range with random groups). */
export const someIp = () => `2001:db8:${uid().slice(0, 4)}:${uid().slice(0, 4)}::${uid().slice(0, 4)}`;
