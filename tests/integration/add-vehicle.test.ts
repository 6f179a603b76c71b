import { describe, expect, it } from 'vitest';
import { AddVehicleSchema, maxVehicleYear } from '~/lib/schemas/vehicle';
import { addVehicle, DUPLICATE_VIN_MESSAGE } from '~/server/vehicles/add-vehicle.server';
import { createAccount, randomVin } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';

const t = withTestDatabase();

describe('AddVehicleSchema', () => {
  it('trims and upper-cases the VIN and turns the year into an integer', () => {
    const parsed = AddVehicleSchema.parse({ make: ' Ford ', model: 'F-150', year: '2018', vin: ' 1ftew1e50jf000303 ' });
    expect(parsed).toEqual({ make: 'Ford', model: 'F-150', year: 2018, vin: '1FTEW1E50JF000303', color: null, licensePlate: null });
  });

  it.each([
    [{ year: '1899' }, 'year', 'Year must be a number from 1900 to next year.'],
    [{ year: 'abc' }, 'year', 'Year must be a number from 1900 to next year.'],
    [{ year: String(maxVehicleYear() + 1) }, 'year', 'Year must be a number from 1900 to next year.'],
    [{ vin: 'A'.repeat(18) }, 'vin', 'VIN must be at most 17 characters.'],
    [{ make: '' }, 'make', 'Make is required.'],
    [{ make: undefined }, 'make', 'Make is required.'],
  ])('refuses %o', (override, field, message) => {
    const result = AddVehicleSchema.safeParse({ make: 'Ford', model: 'F-150', year: '2018', vin: 'VIN1', ...override });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});

describe('addVehicle', () => {
  it("stores the vehicle for the customer and refuses a second one with the same VIN in the spec's words", async () => {
    const account = await createAccount();
    const vin = randomVin();
    const input = AddVehicleSchema.parse({ make: 'Honda', model: 'Civic', year: '2020', vin });
    const vehicle = await addVehicle(t.db, account.customerId!, input);
    expect(vehicle).toMatchObject({ customerId: account.customerId, vin, year: 2020 });
    await expect(addVehicle(t.db, account.customerId!, input)).rejects.toMatchObject({ status: 409, message: DUPLICATE_VIN_MESSAGE });
  });
});
