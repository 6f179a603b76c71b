/**
 * Query count (portal issue, quality bar): each portal page issues the same number of SQL statements for a customer
 * with 1 work order as for one with 50 (each with a vehicle, a part, a photo and a quote), session checks included.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as dashboard from '~/routes/portal/dashboard';
import * as layout from '~/routes/portal/layout';
import * as myDocuments from '~/routes/portal/my-documents';
import * as myVehicles from '~/routes/portal/my-vehicles';
import * as repairPhotos from '~/routes/portal/repair-photos';
import * as repairUpdates from '~/routes/portal/repair-updates';
import * as vehicleDetails from '~/routes/portal/vehicle-details';
import * as addVehicle from '~/routes/portal/add-vehicle';
import { countQueries } from '~/server/db/client.server';
import { createLocalStorage, setStorage } from '~/server/storage/storage.server';
import { createAccount, createVehicle, createWorkOrder, makeRequest, testContext, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { addDocument, bodyText, seedCustomerData, type SeededCustomer } from './helpers';

const t = withTestDatabase();

let small: TestAccount;
let large: TestAccount;
let smallData: SeededCustomer;
let largeData: SeededCustomer;
let smallBusyVehicle: string;
let largeBusyVehicle: string;

/** One vehicle with `n` work orders, each with a photo. */
async function busyVehicle(customerId: string, n: number) {
  const vehicle = await createVehicle(customerId);
  for (let i = 0; i < n; i += 1) {
    const wo = await createWorkOrder(vehicle, { status: 'Repairs Started' });
    await addDocument(wo, 'repair_photo');
  }
  return vehicle.id;
}

beforeAll(async () => {
  setStorage(createLocalStorage(path.join(t.dataDir, 'files')));
  small = await createAccount();
  large = await createAccount();
  smallData = await seedCustomerData(small.customerId!, 1, 'small');
  largeData = await seedCustomerData(large.customerId!, 50, 'large');
  smallBusyVehicle = await busyVehicle(small.customerId!, 1);
  largeBusyVehicle = await busyVehicle(large.customerId!, 50);
}, 120_000);

const PAGES = [
  ['layout', layout.loader, '/portal'],
  ['dashboard', dashboard.loader, '/portal'],
  ['my-vehicles', myVehicles.loader, '/portal/my-vehicles'],
  ['add-vehicle', addVehicle.loader, '/portal/add-vehicle'],
  ['repair-updates', repairUpdates.loader, '/portal/repair-updates'],
  ['repair-photos', repairPhotos.loader, '/portal/repair-photos'],
  ['my-documents', myDocuments.loader, '/portal/my-documents'],
] as const;

async function measure(loader: (args: never) => unknown, url: string, cookie: string, params: Record<string, string> = {}) {
  const { result, queries } = await countQueries(async () =>
    loader({ request: makeRequest(url, { cookie }), params, context: testContext } as never),
  );
  return { text: await bodyText(result), queries };
}

describe('portal query count', () => {
  it.each(PAGES)('%s: the same number of queries for 1 and for 50 work orders', async (_name, loader, url) => {
    const one = await measure(loader, url, small.cookie);
    const fifty = await measure(loader, url, large.cookie);
    expect(fifty.queries).toBe(one.queries);
    expect(one.queries).toBeLessThanOrEqual(12);
  });

  it('the pages really hold the data they were measured with', async () => {
    const updates = await measure(repairUpdates.loader, '/portal/repair-updates', large.cookie);
    for (const marker of [...largeData.workOrderNumbers, ...largeData.partNumbers]) expect(updates.text).toContain(marker);
    const photos = await measure(repairPhotos.loader, '/portal/repair-photos', large.cookie);
    for (const id of largeData.photoIds) expect(photos.text).toContain(id);
    const docs = await measure(myDocuments.loader, '/portal/my-documents', large.cookie);
    for (const id of largeData.documentIds) expect(docs.text).toContain(id);
    const vehicles = await measure(myVehicles.loader, '/portal/my-vehicles', small.cookie);
    expect(vehicles.text).toContain(smallData.vins[0]);
  });

  it('vehicle detail: the same number of queries for a vehicle with 1 and with 50 work orders', async () => {
    const one = await measure(vehicleDetails.loader, `/portal/vehicles/${smallBusyVehicle}`, small.cookie, { vehicleId: smallBusyVehicle });
    const fifty = await measure(vehicleDetails.loader, `/portal/vehicles/${largeBusyVehicle}`, large.cookie, { vehicleId: largeBusyVehicle });
    expect(fifty.queries).toBe(one.queries);
    expect(JSON.parse(fifty.text).workOrders).toHaveLength(50);
    expect(JSON.parse(fifty.text).workOrders.every((w: { photos: unknown[] }) => w.photos.length === 1)).toBe(true);
  });
});
