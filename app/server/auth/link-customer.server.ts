/**
 * Account linking (DECISIONS 8): a customer record created by staff (a walk-in, `user_id` NULL) belongs to the person
 * who registers with the same e-mail, but only once that address is verified; before that anyone could claim it.
 *
 * `linkVerifiedCustomer(db, user)` runs when Better Auth marks an address verified (and when an account is created
 * already verified, e.g. through Google). In one transaction it:
 * 1. finds the oldest staff-created customer with the same e-mail (case-insensitive) and no account, locked;
 * 2. folds the customer row auto-created at sign-up into it: that row's vehicles, work orders and documents move over
 *    (usually there are none; a vehicle whose VIN the staff row already has is merged into that one), then the row
 *    is deleted;
 * 3. sets the staff row's `user_id` to the account.
 * Idempotent; returns what it did. No personal data in the log line.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.server';
import { customerDocuments, customers, jobs, smsConsents, smsMessages, vehicles, workOrders } from '../db/schema';
import { log } from '../logger.server';

export interface LinkableUser {
  id: string;
  email: string;
  emailVerified: boolean;
}

export type LinkResult =
  | { linked: false; reason: 'not_verified' | 'no_match' }
  | { linked: true; customerId: string; mergedCustomerId: string | null; movedVehicles: number };

export async function linkVerifiedCustomer(db: Executor, user: LinkableUser): Promise<LinkResult> {
  if (!user.emailVerified) return { linked: false, reason: 'not_verified' };
  return db.transaction(async (tx) => {
    const [staffRow] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(isNull(customers.userId), sql`lower(${customers.email}) = lower(${user.email.trim()})`))
      .orderBy(asc(customers.createdAt), asc(customers.id))
      .limit(1)
      .for('update');
    if (!staffRow) return { linked: false as const, reason: 'no_match' as const };

    const [own] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.userId, user.id)).for('update');
    let movedVehicles = 0;
    if (own) {
      // A vehicle on both records (the same VIN; unique per customer) is kept once: the staff record's, with the
      // other's work orders moved onto it.
      const staffVehicle = alias(vehicles, 'staff_vehicle');
      const duplicates = await tx
        .select({ ownId: vehicles.id, staffId: staffVehicle.id })
        .from(vehicles)
        .innerJoin(staffVehicle, and(eq(staffVehicle.vin, vehicles.vin), eq(staffVehicle.customerId, staffRow.id)))
        .where(eq(vehicles.customerId, own.id));
      for (const { ownId, staffId } of duplicates) {
        await tx.update(workOrders).set({ vehicleId: staffId }).where(eq(workOrders.vehicleId, ownId));
        await tx.delete(vehicles).where(eq(vehicles.id, ownId));
      }
      const moved = await tx
        .update(vehicles)
        .set({ customerId: staffRow.id })
        .where(eq(vehicles.customerId, own.id))
        .returning({ id: vehicles.id });
      movedVehicles = moved.length;
      await tx.update(workOrders).set({ customerId: staffRow.id }).where(eq(workOrders.customerId, own.id));
      await tx.update(customerDocuments).set({ customerId: staffRow.id }).where(eq(customerDocuments.customerId, own.id));
      // Texts: the consent record (evidence, moved as it is), the conversation and the messages waiting to go.
      await tx.update(smsConsents).set({ customerId: staffRow.id }).where(eq(smsConsents.customerId, own.id));
      await tx.update(smsMessages).set({ customerId: staffRow.id }).where(eq(smsMessages.customerId, own.id));
      await tx.update(jobs).set({ customerId: staffRow.id }).where(eq(jobs.customerId, own.id));
      await tx.delete(customers).where(eq(customers.id, own.id));
    }
    await tx.update(customers).set({ userId: user.id }).where(and(eq(customers.id, staffRow.id), isNull(customers.userId)));
    log().info({ customerId: staffRow.id, merged: Boolean(own), movedVehicles }, 'account linked to staff-created customer');
    return { linked: true as const, customerId: staffRow.id, mergedCustomerId: own?.id ?? null, movedVehicles };
  });
}
