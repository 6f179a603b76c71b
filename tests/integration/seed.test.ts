import { count, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isValidVin } from '~/lib/vin';
import { WORK_ORDER_STATUSES } from '~/lib/work-order-status';
import { DEMO_ADMIN, isDatabaseEmpty, seedDemo } from '~/server/db/seed.server';
import {
  customers,
  inventory,
  invoiceLineItems,
  invoices,
  jobs,
  profiles,
  users,
  vehicles,
  workOrderParts,
  workOrderStatusHistory,
  workOrders,
} from '~/server/db/schema';
import { signInCookie } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { mailField } from '../setup/smtp';

const t = withTestDatabase();

describe('demo data', () => {
  it('seeds a whole demo shop on an empty database, once', async () => {
    expect(await isDatabaseEmpty(t.db)).toBe(true);
    const demo = await seedDemo(t.db);
    expect(await isDatabaseEmpty(t.db)).toBe(false);

    const [adminProfile] = await t.db
      .select({ isAdmin: profiles.isAdmin })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(eq(users.email, DEMO_ADMIN.email));
    expect(adminProfile?.isAdmin).toBe(true);

    const withAccounts = await t.db.select().from(customers).where(isNotNull(customers.userId));
    expect(withAccounts).toHaveLength(5);
    expect(demo.customers).toHaveLength(5);

    const allVehicles = await t.db.select().from(vehicles);
    expect(allVehicles.length).toBeGreaterThanOrEqual(5);
    expect(allVehicles.every((v) => isValidVin(v.vin))).toBe(true);

    const statuses = new Set((await t.db.select({ s: workOrders.currentStatus }).from(workOrders)).map((r) => r.s));
    expect([...statuses].sort()).toEqual([...WORK_ORDER_STATUSES].sort());

    for (const table of [workOrderParts, inventory, invoices, invoiceLineItems, workOrderStatusHistory]) {
      const [row] = await t.db.select({ n: count() }).from(table);
      expect(row!.n).toBeGreaterThan(0);
    }

    // Demo accounts are verified: no verification e-mail waits in the outbox for them.
    const [verifyMails] = await t.db.select({ n: count() }).from(jobs).where(mailField('purpose', 'verify_email'));
    expect(verifyMails?.n).toBe(0);

    // The printed sign-in details work.
    expect(await signInCookie(demo.admin.email, demo.admin.password)).toMatch(/session_token=/);
    expect(await signInCookie(demo.customers[0]!.email, demo.customers[0]!.password)).toMatch(/session_token=/);

    // Issue 17 §2: the admin stays the Owner; a technician, a service writer and a parts account, the technician with
    // open work orders assigned; they sign in with the printed password.
    const roles = await t.db
      .select({ email: users.email, role: profiles.staffRole, isAdmin: profiles.isAdmin, id: users.id })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(eq(profiles.isAdmin, true));
    expect(Object.fromEntries(roles.map((r) => [r.email, r.role]))).toEqual({
      [DEMO_ADMIN.email]: 'owner',
      'tech@example.com': 'technician',
      'writer@example.com': 'service_writer',
      'parts@example.com': 'parts',
    });
    const tech = roles.find((r) => r.role === 'technician')!;
    const assigned = await t.db.select({ status: workOrders.currentStatus }).from(workOrders).where(eq(workOrders.assignedTechnicianId, tech.id));
    expect(assigned.length).toBeGreaterThan(0);
    expect(assigned.every((w) => !['Complete', 'Ready for Pickup'].includes(w.status))).toBe(true);
    expect(await t.db.select().from(customers).where(eq(customers.userId, tech.id))).toHaveLength(0);
    for (const member of demo.staff) expect(await signInCookie(member.email, member.password)).toMatch(/session_token=/);
  });
});
