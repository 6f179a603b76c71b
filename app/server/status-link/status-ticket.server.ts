/**
 * The printable ticket of a work order (issue 15 §1, staff): number, customer, vehicle, status, estimated completion
 * and the status link as text and as a QR code (SVG made here with `qrcode`, shown as an image).
 *
 * `getStatusTicket(workOrderId)` → the ticket; makes the link's stored hash on first use (statusLinkFor, in one
 * transaction). DomainError('not_found') for an unknown or non-UUID id. Staff only: the route checks requireStaff('work_orders.all').
 */
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { WorkOrderStatus } from '~/lib/work-order-status';
import { getDb } from '../db/client.server';
import { customers, vehicles, workOrders } from '../db/schema';
import { DomainError, isUuid } from '../errors.server';
import { statusLinkFor } from './status-link.server';

/** How the QR code is drawn (medium error correction survives a crease or a smudge on a printed ticket). */
export const TICKET_QR_OPTIONS = { type: 'svg', errorCorrectionLevel: 'M', margin: 2 } as const;

export interface StatusTicket {
  workOrderId: string;
  workOrderNumber: string;
  customerName: string;
  vehicle: { year: number; make: string; model: string; color: string | null };
  status: WorkOrderStatus;
  estimatedCompletionDate: string | null;
  statusUrl: string;
  /** The QR code of `statusUrl`, an SVG document. */
  qrSvg: string;
}

/** The QR code of `url` as an SVG document ({@link TICKET_QR_OPTIONS}). */
export function statusQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, TICKET_QR_OPTIONS);
}

export async function getStatusTicket(workOrderId: string): Promise<StatusTicket> {
  if (!isUuid(workOrderId)) throw new DomainError('not_found', 'Work order not found.');
  const ticket = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({
        workOrderNumber: workOrders.workOrderNumber,
        status: workOrders.currentStatus,
        eta: workOrders.estimatedCompletionDate,
        customerName: customers.name,
        year: vehicles.year,
        make: vehicles.make,
        model: vehicles.model,
        color: vehicles.color,
      })
      .from(workOrders)
      .innerJoin(vehicles, eq(vehicles.id, workOrders.vehicleId))
      .innerJoin(customers, eq(customers.id, workOrders.customerId))
      .where(eq(workOrders.id, workOrderId));
    if (!row) throw new DomainError('not_found', 'Work order not found.');
    return { row, statusUrl: await statusLinkFor(tx, workOrderId) };
  });
  const { row, statusUrl } = ticket;
  return {
    workOrderId,
    workOrderNumber: row.workOrderNumber,
    customerName: row.customerName,
    vehicle: { year: row.year, make: row.make, model: row.model, color: row.color },
    status: row.status,
    estimatedCompletionDate: row.eta,
    statusUrl,
    qrSvg: await statusQrSvg(statusUrl),
  };
}
