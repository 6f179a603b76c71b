/**
 * Add New Vehicle through its route action: field messages and nothing stored for bad input, the spec's duplicate VIN
 * message from the database's unique violation, the customer taken from the session (never the form), and the two
 * success paths (JSON for the enhanced form, redirect with the message without JavaScript).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as customerDetails from '~/routes/admin/customers/details';
import * as addVehicle from '~/routes/portal/add-vehicle';
import * as myVehicles from '~/routes/portal/my-vehicles';
import { maxVehicleYear } from '~/lib/schemas/vehicle';
import { vehicles } from '~/server/db/schema';
import { createAccount, makeRequest, randomVin, redirectLocation, settle, testContext } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';

const t = withTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: testContext }) as never;

function result(value: unknown) {
  const v = value as { data: { ok: boolean; message: string | null; fieldErrors: Record<string, string> }; init?: { status?: number } };
  return { ...v.data, status: v.init?.status ?? 200 };
}

const valid = () => ({ make: 'Ford', model: 'F-150', year: '2018', vin: ` ${randomVin().toLowerCase()} `, color: 'Blue', licensePlate: 'ABC-123' });

describe('add vehicle action', () => {
  it.each([
    [{ year: '1899' }, 'year', 'Year must be a number from 1900 to next year.'],
    [{ year: 'abc' }, 'year', 'Year must be a number from 1900 to next year.'],
    [{ year: String(maxVehicleYear() + 1) }, 'year', 'Year must be a number from 1900 to next year.'],
    [{ vin: 'A'.repeat(18) }, 'vin', 'VIN must be at most 17 characters.'],
    [{ make: '' }, 'make', 'Make is required.'],
  ])('refuses %o with a field message and stores nothing', async (override, field, message) => {
    const account = await createAccount();
    const out = result(await addVehicle.action(args(makeRequest('/portal/add-vehicle', { cookie: account.cookie, form: { ...valid(), ...override, js: '1' } }))));
    expect(out.status).toBe(400);
    expect(out.fieldErrors[field]).toBe(message);
    expect(await t.db.select().from(vehicles).where(eq(vehicles.customerId, account.customerId!))).toHaveLength(0);
  });

  it('stores the vehicle for the session customer (ignoring a customerId in the form), VIN trimmed and upper-cased', async () => {
    const account = await createAccount();
    const other = await createAccount();
    const form = { ...valid(), js: '1', customerId: other.customerId! };
    const out = result(await addVehicle.action(args(makeRequest('/portal/add-vehicle', { cookie: account.cookie, form }))));
    expect(out).toMatchObject({ ok: true, message: 'Vehicle added successfully!' });
    const [row] = await t.db.select().from(vehicles).where(eq(vehicles.customerId, account.customerId!));
    expect(row).toMatchObject({ vin: form.vin.trim().toUpperCase(), year: 2018, color: 'Blue', licensePlate: 'ABC-123' });
    expect(await t.db.select().from(vehicles).where(eq(vehicles.customerId, other.customerId!))).toHaveLength(0);
  });

  it("answers a duplicate VIN with the spec's message", async () => {
    const account = await createAccount();
    const form = { ...valid(), js: '1' };
    await addVehicle.action(args(makeRequest('/portal/add-vehicle', { cookie: account.cookie, form })));
    const out = result(await addVehicle.action(args(makeRequest('/portal/add-vehicle', { cookie: account.cookie, form }))));
    expect(out.status).toBe(409);
    expect(out.message).toBe('Error: A vehicle with this VIN already exists.');
  });

  it("adds a VIN that another customer's vehicle has without saying so; staff see both customers (issue 13)", async () => {
    const first = await createAccount({ name: 'First Owner' });
    const second = await createAccount({ name: 'Second Owner' });
    const admin = await createAccount({ admin: true });
    const form = { ...valid(), js: '1' };
    await addVehicle.action(args(makeRequest('/portal/add-vehicle', { cookie: first.cookie, form })));
    const out = result(await addVehicle.action(args(makeRequest('/portal/add-vehicle', { cookie: second.cookie, form }))));
    expect(out).toMatchObject({ ok: true, message: 'Vehicle added successfully!', status: 200 });
    // Neither customer sees the other's vehicle.
    const mine = await myVehicles.loader(args(makeRequest('/portal/my-vehicles', { cookie: first.cookie })));
    expect(mine.vehicles).toHaveLength(1);
    // Staff see on each customer's page that the VIN is also on file for the other.
    const page = await customerDetails.loader({
      request: makeRequest(`/admin/customers/${second.customerId}`, { cookie: admin.cookie }),
      params: { customerId: second.customerId! },
      context: testContext,
    } as never);
    if (!('vehicles' in page)) throw new Error('customer page not found');
    expect(page.vehicles[0]!.alsoOnFileFor).toEqual([{ customerId: first.customerId, name: 'First Owner' }]);
  });

  it('without JavaScript redirects straight to My Vehicles, which shows the success message', async () => {
    const account = await createAccount();
    const { thrown } = await settle(() => addVehicle.action(args(makeRequest('/portal/add-vehicle', { cookie: account.cookie, form: valid() }))));
    expect(redirectLocation(thrown)).toBe('/portal/my-vehicles?added=1');
    const page = await myVehicles.loader(args(makeRequest('/portal/my-vehicles?added=1', { cookie: account.cookie })));
    expect(page.added).toBe(true);
    expect(page.vehicles).toHaveLength(1);
  });
});
