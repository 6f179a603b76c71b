import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerDocuments, customers, inventory, profiles, users, vehicles, workOrders } from '~/server/db/schema';
import { createAccount, createVehicle, createWorkOrder, randomVin, uid } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';

const t = withTestDatabase();

/** The Postgres error code of a failed statement (drizzle wraps driver errors in `cause`). */
async function pgCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
}

async function newCustomer() {
  const [c] = await t.db.insert(customers).values({ name: `Walk-in ${uid()}` }).returning();
  return c!;
}

describe('schema constraints live in the database', () => {
  it('refuses a second vehicle with the same VIN with unique-violation 23505 naming the VIN index', async () => {
    const c = await newCustomer();
    const vin = randomVin();
    await createVehicle(c.id, { vin });
    let caught: unknown;
    try {
      await createVehicle(c.id, { vin });
    } catch (error) {
      caught = error;
    }
    const cause = (caught as { cause?: { code?: string; constraint?: string; message?: string } }).cause;
    expect(cause?.code).toBe('23505');
    expect(`${cause?.constraint ?? ''} ${cause?.message ?? ''}`).toMatch(/vin/);
  });

  it('refuses a duplicate work order number, an unknown status and a vehicle of no customer', async () => {
    const c = await newCustomer();
    const v = await createVehicle(c.id);
    const wo = await createWorkOrder(v);
    expect(await pgCode(createWorkOrder(v, { number: wo.workOrderNumber }))).toBe('23505');
    expect(
      await pgCode(t.db.execute(sql`update work_orders set current_status = 'Teleported' where id = ${wo.id}`)),
    ).toBe('23514');
    expect(
      await pgCode(
        t.db.insert(vehicles).values({ customerId: crypto.randomUUID(), make: 'A', model: 'B', year: 2020, vin: randomVin() }),
      ),
    ).toBe('23503');
  });

  it('keeps inventory at zero or more and document types to the three the spec names', async () => {
    const [item] = await t.db
      .insert(inventory)
      .values({ partNumber: `P-${uid()}`, description: 'Clip', quantity: 1, unitPrice: '1.50' })
      .returning();
    expect(await pgCode(t.db.update(inventory).set({ quantity: -1 }).where(eq(inventory.id, item!.id)))).toBe('23514');
    const c = await newCustomer();
    const wo = await createWorkOrder(await createVehicle(c.id));
    const doc = {
      workOrderId: wo.id,
      customerId: c.id,
      bucket: 'customer-files' as const,
      fileKey: `work_orders/${wo.id}/${uid()}.pdf`,
      fileName: 'quote.pdf',
      contentType: 'application/pdf',
      sizeBytes: 10,
    };
    await t.db.insert(customerDocuments).values({ ...doc, documentType: 'quote' });
    expect(
      await pgCode(t.db.execute(sql`insert into customer_documents (work_order_id, customer_id, document_type, bucket, file_key, file_name, content_type, size_bytes)
        values (${wo.id}, ${c.id}, 'receipt', 'customer-files', ${`k-${uid()}`}, 'x', 'x', 1)`)),
    ).toBe('23514');
  });

  it('restricts deleting a customer who has vehicles, and keeps the customer when the login is deleted', async () => {
    const account = await createAccount();
    await createVehicle(account.customerId!);
    // RESTRICT: PostgreSQL 15 reports 23503, 17 (PGlite) 23001 — both refuse the delete.
    expect(['23001', '23503']).toContain(await pgCode(t.db.delete(customers).where(eq(customers.id, account.customerId!))));
    await t.db.delete(users).where(eq(users.id, account.userId));
    const [still] = await t.db.select().from(customers).where(eq(customers.id, account.customerId!));
    expect(still?.userId).toBeNull();
    const [profileCount] = await t.db.select({ n: count() }).from(profiles).where(eq(profiles.id, account.userId));
    expect(profileCount?.n).toBe(0);
  });

  it('has an index on every foreign key column', async () => {
    const result: unknown = await t.db.execute(sql`
      select c.conrelid::regclass::text as table_name, a.attname as column_name
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and array_length(c.conkey, 1) = 1
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]
        )`);
    const rows = (result as { rows: { table_name: string; column_name: string }[] }).rows;
    expect(rows).toEqual([]);
  });

  it('defaults a new work order to Estimate Scheduled', async () => {
    const c = await newCustomer();
    const v = await createVehicle(c.id);
    const [row] = await t.db
      .insert(workOrders)
      .values({ vehicleId: v.id, customerId: c.id, workOrderNumber: `WO-${uid()}` })
      .returning();
    expect(row?.currentStatus).toBe('Estimate Scheduled');
  });

  it('keeps the work-order total exact through inserts, deletes and rolled-back transactions', async () => {
    const total = async () => {
      const result = (await t.db.execute(sql`select total::int as n from work_order_totals`)) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n;
    };
    const counted = (await t.db.select({ n: count() }).from(workOrders))[0]!.n;
    expect(await total()).toBe(counted);
    const vehicle = await createVehicle((await newCustomer()).id);
    const a = await createWorkOrder(vehicle);
    await createWorkOrder(vehicle);
    expect(await total()).toBe(counted + 2);
    await t.db
      .transaction(async (tx) => {
        await tx.insert(workOrders).values({ workOrderNumber: `WO-${uid()}`, vehicleId: vehicle.id, customerId: vehicle.customerId });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await total()).toBe(counted + 2);
    await t.db.delete(workOrders).where(eq(workOrders.id, a.id));
    expect(await total()).toBe(counted + 1);
    const recounted = (await t.db.select({ n: count() }).from(workOrders))[0]!.n;
    expect(await total()).toBe(recounted);
  });
});
