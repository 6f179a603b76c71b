/**
 * The portal dashboard's open repairs (issue 15 §2): work orders in progress and ones finished within the last two
 * weeks, with vehicle, status and estimated completion date; never another customer's.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { stepText } from '~/lib/portal-text';
import { loader } from '~/routes/portal/dashboard';
import { workOrders } from '~/server/db/schema';
import { getDb } from '~/server/db/client.server';
import { RECENTLY_FINISHED_DAYS } from '~/server/portal/repairs.server';
import {
  createAccount,
  createVehicle,
  createWorkOrder,
  makeRequest,
  testContext,
  type TestAccount,
} from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';

withTestDatabase();

let customer: TestAccount;
let other: TestAccount;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

beforeAll(async () => {
  customer = await createAccount();
  other = await createAccount();
  const car = await createVehicle(customer.customerId!, { year: 2019, make: 'Honda', model: 'Accord' });
  const truck = await createVehicle(customer.customerId!, { year: 2021, make: 'Ford', model: 'F-150' });
  const painting = await createWorkOrder(car, { number: 'WO-OPEN-PAINT', status: 'Paint' });
  await getDb()
    .update(workOrders)
    .set({ estimatedCompletionDate: '2026-03-05' })
    .where(eq(workOrders.id, painting.id));
  const ready = await createWorkOrder(truck, { number: 'WO-READY', status: 'Ready for Pickup' });
  await getDb()
    .update(workOrders)
    .set({ updatedAt: daysAgo(2) })
    .where(eq(workOrders.id, ready.id));
  const old = await createWorkOrder(truck, { number: 'WO-OLD-DONE', status: 'Complete' });
  await getDb()
    .update(workOrders)
    .set({ updatedAt: daysAgo(RECENTLY_FINISHED_DAYS + 1) })
    .where(eq(workOrders.id, old.id));
  await createWorkOrder(await createVehicle(other.customerId!), {
    number: 'WO-SOMEONE-ELSE',
    status: 'Parts Ordered',
  });
});

describe('portal dashboard', () => {
  it('lists the open repairs with vehicle, step and estimated completion, and leaves out old finished ones and other customers', async () => {
    const { repairs } = await loader({
      request: makeRequest('/portal', { cookie: customer.cookie }),
      params: {},
      context: testContext,
    } as never);
    const byNumber = new Map(repairs.map((r) => [r.workOrderNumber, r]));
    expect([...byNumber.keys()].sort()).toEqual(['WO-OPEN-PAINT', 'WO-READY']);
    expect(byNumber.get('WO-OPEN-PAINT')).toMatchObject({
      currentStatus: 'Paint',
      estimatedCompletionDate: '2026-03-05',
      vehicle: { year: 2019, make: 'Honda', model: 'Accord' },
    });
    expect(byNumber.get('WO-READY')).toMatchObject({
      currentStatus: 'Ready for Pickup',
      estimatedCompletionDate: null,
    });
  });

  it('says which of the eight steps a repair is at', () => {
    expect(stepText(5, 8, 'Paint')).toBe('Step 5 of 8: Paint');
  });
});
