/**
 * Customer use cases of the back office (admin-back-office §2, DECISIONS 8): staff may read and change any customer.
 *
 * Every write takes the acting staff member and records its audit row(s) in the same transaction (issue 6).
 *
 * - `addCustomerWithVehicle(actor, input, texting?)` → `{ customerId, vehicleId }`: one transaction (audit
 *   'customer.create', plus 'vehicle.create' when a vehicle is given); `texting` (issue 15, resolved with
 *   `resolveTextSettings`) sets the mobile number and notify channel and records a spoken OK to texts
 *   ('sms_consent.record', source 'staff_intake', the staff member as recorder); a VIN this customer already has throws
 *   DomainError('conflict', 'Error: A vehicle with this VIN already exists.', 'vin') and nothing is saved (the same VIN
 *   on another customer is allowed: a VIN is unique per customer).
 * - `findPossibleMatches({ email, phone })` → up to 5 customers with the same e-mail (any case) or the same phone number
 *   (its last 10 digits), for the "possible match" note when staff add a customer (issue 17 §6); index-served.
 * - `getCustomer(id)` → customer fields, or DomainError('not_found', 'Customer not found.').
 * - `updateCustomer(actor, id, input, texting?)` → saves name, e-mail, phone, address, and with `texting` the mobile
 *   number, notify channel and consent as on add (audit 'customer.update' with the fields that changed). Two staff saving the same customer: both succeed, the later write wins (the row is locked while
 *   its before-image is read, so each audit row's "from" is what that save replaced).
 * - `addCustomerVehicle(actor, customerId, input)` → the new vehicle (audit 'vehicle.create'); errors as `addVehicle`.
 * - `getCustomerDetails(id)` → customer, vehicles (newest first), each with its work orders (newest first) and
 *   `alsoOnFileFor` (the other customers with a vehicle of the same VIN, by name), and the parts in stock for the
 *   Manage WO Details panel; DomainError('not_found') when there is no such customer.
 */
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CustomerInput, AddCustomer } from '~/lib/schemas/admin';
import type { AddVehicle } from '~/lib/schemas/vehicle';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import { getDb, type Executor } from '../db/client.server';
import { customerDocuments, customers, vehicles, workOrderParts, workOrders } from '../db/schema';
import { DomainError, isUuid } from '../errors.server';
import { addVehicle, type Vehicle } from '../vehicles/add-vehicle.server';
import { exactQuery } from './list-customers.server';
import { saveTextSettings, type ResolvedTextSettings } from './text-settings.server';

export const CUSTOMER_NOT_FOUND = 'Customer not found.';

const customerFields = (c: CustomerRecord) => ({ name: c.name, email: c.email, phone: c.phone, address: c.address });

/** The audited fields of a vehicle. */
const vehicleFields = (v: Vehicle) => ({
  customerId: v.customerId,
  year: v.year,
  make: v.make,
  model: v.model,
  color: v.color,
  vin: v.vin,
  licensePlate: v.licensePlate,
});

/** Saves the texting fields of a customer row created or locked in `tx` (staff: a spoken OK). */
const saveStaffTexting = (tx: Executor, actor: StaffActor, customerId: string, settings: ResolvedTextSettings) =>
  saveTextSettings(tx, { customerId, settings, source: 'staff_intake', actor, recordedByUserId: actor.id });

export async function addCustomerWithVehicle(
  actor: StaffActor,
  input: AddCustomer,
  texting?: ResolvedTextSettings,
): Promise<{ customerId: string; vehicleId: string | null }> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx.insert(customers).values(input.customer).returning();
    const customerId = row!.id;
    const text = texting ? (await saveStaffTexting(tx, actor, customerId, texting)).after : {};
    await recordAudit(tx, actor, { action: 'customer.create', entityId: customerId, after: { ...customerFields(row!), ...text } });
    const vehicle = input.vehicle ? await addVehicle(tx, customerId, input.vehicle) : null;
    if (vehicle) await recordAudit(tx, actor, { action: 'vehicle.create', entityId: vehicle.id, after: vehicleFields(vehicle) });
    return { customerId, vehicleId: vehicle?.id ?? null };
  });
}

export interface PossibleMatch {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  /** Which of the new customer's details this one shares. */
  sameEmail: boolean;
  samePhone: boolean;
}

/** Customers that may be the same person as a new one (see the module comment); [] when neither detail is given. */
export async function findPossibleMatches(input: { email?: string | null; phone?: string | null }): Promise<PossibleMatch[]> {
  const email = input.email?.trim().toLowerCase() || '';
  const digits = (input.phone ?? '').replace(/\D/g, '');
  const lastTen = digits.length >= 10 ? digits.slice(-10) : '';
  if (!email && !lastTen) return [];
  const terms = sql`customer_search_terms(${customers.name}, ${customers.email}, ${customers.phone})`;
  const query = [email ? exactQuery('e', email) : '', lastTen ? exactQuery('p', lastTen) : ''].filter(Boolean).join(' | ');
  const rows = await getDb()
    .select({ id: customers.id, name: customers.name, email: customers.email, phone: customers.phone })
    .from(customers)
    .where(sql`${terms} @@ ${query}::tsquery`)
    .orderBy(asc(customers.name))
    .limit(5);
  return rows.map((r) => ({
    ...r,
    sameEmail: Boolean(email) && (r.email ?? '').toLowerCase() === email,
    samePhone: Boolean(lastTen) && (r.phone ?? '').replace(/\D/g, '').endsWith(lastTen),
  }));
}

export async function addCustomerVehicle(actor: StaffActor, customerId: string, input: AddVehicle): Promise<Vehicle> {
  if (!isUuid(customerId)) throw new DomainError('not_found', 'Error: Customer record not found for this user.');
  return getDb().transaction(async (tx) => {
    const vehicle = await addVehicle(tx, customerId, input);
    await recordAudit(tx, actor, { action: 'vehicle.create', entityId: vehicle.id, after: vehicleFields(vehicle) });
    return vehicle;
  });
}

export type CustomerRecord = typeof customers.$inferSelect;

export async function getCustomer(id: string): Promise<CustomerRecord> {
  if (!isUuid(id)) throw new DomainError('not_found', CUSTOMER_NOT_FOUND);
  const [row] = await getDb().select().from(customers).where(eq(customers.id, id));
  if (!row) throw new DomainError('not_found', CUSTOMER_NOT_FOUND);
  return row;
}

export async function updateCustomer(actor: StaffActor, id: string, input: CustomerInput, texting?: ResolvedTextSettings): Promise<void> {
  if (!isUuid(id)) throw new DomainError('not_found', CUSTOMER_NOT_FOUND);
  await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!before) throw new DomainError('not_found', CUSTOMER_NOT_FOUND);
    const [after] = await tx
      .update(customers)
      .set({ name: input.name, email: input.email, phone: input.phone, address: input.address })
      .where(eq(customers.id, id))
      .returning();
    const text = texting ? await saveStaffTexting(tx, actor, id, texting) : { before: {}, after: {} };
    await recordAudit(tx, actor, {
      action: 'customer.update',
      entityId: id,
      before: { ...customerFields(before), ...text.before },
      after: { ...customerFields(after!), ...text.after },
    });
  });
}

export interface CustomerWorkOrder {
  id: string;
  workOrderNumber: string;
  currentStatus: string;
  description: string | null;
  estimatedCompletionDate: string | null;
  createdAt: Date;
  parts: { id: string; partNumber: string; description: string; quantityUsed: number; unitPriceAtTime: string }[];
  documents: { id: string; documentType: string; fileName: string; createdAt: Date }[];
}

export async function getCustomerDetails(id: string) {
  const customer = await getCustomer(id);
  const db = getDb();
  const vehicleRows = await db
    .select()
    .from(vehicles)
    .where(eq(vehicles.customerId, customer.id))
    .orderBy(desc(vehicles.createdAt));
  // The same VIN on file for other customers (a car that changed hands, a typo, or someone claiming a car): staff
  // see who, the customers themselves never do (issue 13).
  const vins = vehicleRows.map((v) => v.vin);
  const sharedVins = vins.length
    ? await db
        .select({ vin: vehicles.vin, customerId: customers.id, name: customers.name })
        .from(vehicles)
        .innerJoin(customers, eq(customers.id, vehicles.customerId))
        .where(and(inArray(vehicles.vin, vins), ne(vehicles.customerId, customer.id)))
        .orderBy(asc(customers.name))
    : [];
  const orders = vehicleRows.length
    ? await db
        .select({
          id: workOrders.id,
          vehicleId: workOrders.vehicleId,
          workOrderNumber: workOrders.workOrderNumber,
          currentStatus: workOrders.currentStatus,
          description: workOrders.description,
          estimatedCompletionDate: workOrders.estimatedCompletionDate,
          createdAt: workOrders.createdAt,
        })
        .from(workOrders)
        .where(eq(workOrders.customerId, customer.id))
        .orderBy(desc(workOrders.createdAt))
    : [];
  const orderIds = orders.map((o) => o.id);
  const parts = orderIds.length
    ? await db
        .select({
          id: workOrderParts.id,
          workOrderId: workOrderParts.workOrderId,
          partNumber: workOrderParts.partNumber,
          description: workOrderParts.description,
          quantityUsed: workOrderParts.quantityUsed,
          unitPriceAtTime: workOrderParts.unitPriceAtTime,
        })
        .from(workOrderParts)
        .where(inArray(workOrderParts.workOrderId, orderIds))
        .orderBy(asc(workOrderParts.createdAt))
    : [];
  const documents = orderIds.length
    ? await db
        .select({
          id: customerDocuments.id,
          workOrderId: customerDocuments.workOrderId,
          documentType: customerDocuments.documentType,
          fileName: customerDocuments.fileName,
          createdAt: customerDocuments.createdAt,
        })
        .from(customerDocuments)
        .where(inArray(customerDocuments.workOrderId, orderIds))
        .orderBy(desc(customerDocuments.createdAt))
    : [];
  return {
    customer,
    vehicles: vehicleRows.map((v) => ({
      ...v,
      alsoOnFileFor: sharedVins.filter((row) => row.vin === v.vin).map(({ customerId, name }) => ({ customerId, name })),
      workOrders: orders
        .filter((o) => o.vehicleId === v.id)
        .map<CustomerWorkOrder>((o) => ({
          ...o,
          parts: parts.filter((p) => p.workOrderId === o.id),
          documents: documents.filter((d) => d.workOrderId === o.id),
        })),
    })),
  };
}

