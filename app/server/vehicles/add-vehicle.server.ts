/**
 * Adds a vehicle to a customer. The caller decides whose: the portal passes the signed-in customer's id (from the
 * session, never the form), the back office any customer's id.
 *
 * Throws DomainError('conflict', 'Error: A vehicle with this VIN already exists.', 'vin') when THIS customer already has
 * the VIN (the database's unique index on customer and VIN; spec public-site-and-portal §8). Another customer's vehicle
 * with the same VIN does not stop it and is never mentioned (issue 13: the message revealed that the VIN exists);
 * staff see such VINs on the customer page. DomainError('not_found') when the customer does not exist.
 */
import { eq } from 'drizzle-orm';
import type { AddVehicle } from '~/lib/schemas/vehicle';
import type { Executor } from '../db/client.server';
import { customers, vehicles } from '../db/schema';
import { DomainError, isUniqueViolation } from '../errors.server';

export const DUPLICATE_VIN_MESSAGE = 'Error: A vehicle with this VIN already exists.';

export type Vehicle = typeof vehicles.$inferSelect;

export async function addVehicle(db: Executor, customerId: string, input: AddVehicle): Promise<Vehicle> {
  const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new DomainError('not_found', 'Error: Customer record not found for this user.');
  try {
    const [row] = await db
      .insert(vehicles)
      .values({
        customerId,
        make: input.make,
        model: input.model,
        year: input.year,
        color: input.color,
        vin: input.vin,
        licensePlate: input.licensePlate,
      })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error, 'vin')) throw new DomainError('conflict', DUPLICATE_VIN_MESSAGE, 'vin');
    throw error;
  }
}
