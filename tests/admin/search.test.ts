/**
 * Search everywhere (issue 17 §5) on a real migrated database: a name with a typo, a VIN tail and the whole VIN, a plate
 * typed differently, a work order number whole and as a fragment, a phone and an e-mail; a technician finds only their
 * own work orders and never a customer's phone or e-mail; empty, punctuation-only, over-long and SQL-looking queries are
 * answered with a message, never a 500. Then the routes: the results page, its JSON twin, and the customer pickers.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MAX_LENGTH, SEARCH_MESSAGES, type SearchResults } from '~/lib/schemas/search';
import * as searchPage from '~/routes/admin/search/page';
import * as searchResults from '~/routes/admin/search/results';
import * as photosPage from '~/routes/admin/photos';
import * as workOrdersPage from '~/routes/admin/work-orders/overview';
import { countQueries } from '~/server/db/client.server';
import { customers, workOrders } from '~/server/db/schema';
import { searchEverything, type SearchUser } from '~/server/search/search.server';
import { createAccount, createVehicle, createWorkOrder, makeRequest, settle, testContext, uid, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';

const t = withTestDatabase();

const owner: SearchUser = { id: 'owner-user', isAdmin: true, role: 'owner' };
const parts: SearchUser = { id: 'parts-user', isAdmin: true, role: 'parts' };
let technician: TestAccount;
let techUser: SearchUser;
let ownerAccount: TestAccount;

const tag = uid();
const fixture = {
  maria: { id: '', email: `maria.${tag}@example.com`, phone: '(281) 555-0147' },
  vin: '',
  plate: `KX${tag.slice(0, 3).toUpperCase()}-42`,
  mine: { id: '', number: '' },
  other: { id: '', number: '' },
};

beforeAll(async () => {
  ownerAccount = await createAccount({ role: 'owner' });
  technician = await createAccount({ role: 'technician', name: 'Tess Tech' });
  techUser = { id: technician.userId, isAdmin: true, role: 'technician' };
  const [maria] = await t.db
    .insert(customers)
    .values({ name: 'Maria Gonzalez', email: fixture.maria.email, phone: fixture.maria.phone })
    .returning();
  fixture.maria.id = maria!.id;
  await t.db.insert(customers).values([{ name: 'Mario Lopez' }, { name: 'Bob Smith', email: `bob.${tag}@example.com` }]);
  const vehicle = await createVehicle(maria!.id, { licensePlate: fixture.plate });
  fixture.vin = vehicle.vin;
  const base = 7_000 + Math.floor(Math.random() * 1_000);
  const mine = await createWorkOrder(vehicle, { number: `WO-${base}42` });
  const other = await createWorkOrder(vehicle, { number: `WO-${base}43` });
  await createWorkOrder(vehicle, { number: `WO-${base}420` });
  await t.db.update(workOrders).set({ assignedTechnicianId: technician.userId }).where(eq(workOrders.id, mine.id));
  fixture.mine = { id: mine.id, number: mine.workOrderNumber };
  fixture.other = { id: other.id, number: other.workOrderNumber };
});

const labels = (hits: { label: string }[]) => hits.map((h) => h.label);

describe('searchEverything', () => {
  it('finds a name with a typo, best match first', async () => {
    const result = await searchEverything(t.db, owner, 'Maria Gonzales');
    expect(result.customers[0]).toMatchObject({ label: 'Maria Gonzalez', href: `/admin/customers/${fixture.maria.id}` });
    expect(result.message).toBeNull();
    expect(labels((await searchEverything(t.db, owner, 'gonzales')).customers)).toContain('Maria Gonzalez');
    expect(labels((await searchEverything(t.db, owner, 'gonz')).customers)).toContain('Maria Gonzalez');
    expect(labels((await searchEverything(t.db, owner, 'Mraia Gonzalez')).customers)).toContain('Maria Gonzalez');
    expect(labels((await searchEverything(t.db, owner, 'gonzalez maria')).customers)).toContain('Maria Gonzalez');
  });

  it('finds a customer by phone digits and by e-mail', async () => {
    expect(labels((await searchEverything(t.db, owner, '555-0147')).customers)).toContain('Maria Gonzalez');
    expect(labels((await searchEverything(t.db, owner, '2815550147')).customers)).toContain('Maria Gonzalez');
    const byEmail = await searchEverything(t.db, owner, fixture.maria.email.toUpperCase());
    expect(byEmail.customers[0]).toMatchObject({ label: 'Maria Gonzalez' });
    expect(byEmail.customers[0]!.detail).toContain(fixture.maria.email);
  });

  it('finds a vehicle by the whole VIN, its last six, and the plate typed any way', async () => {
    const whole = await searchEverything(t.db, owner, fixture.vin.toLowerCase());
    expect(whole.vehicles[0]).toMatchObject({ label: '2020 Honda Civic', href: `/admin/customers/${fixture.maria.id}` });
    expect((await searchEverything(t.db, owner, fixture.vin.slice(-6))).vehicles[0]!.detail).toContain(fixture.vin);
    for (const typed of [fixture.plate, fixture.plate.replace('-', ' ').toLowerCase(), fixture.plate.replace('-', '')]) {
      expect((await searchEverything(t.db, owner, typed)).vehicles.map((v) => v.detail).join(), typed).toContain(fixture.plate);
    }
  });

  it('finds a work order by its whole number and a fragment, the exact one first', async () => {
    const whole = await searchEverything(t.db, owner, fixture.mine.number.toLowerCase());
    expect(whole.workOrders[0]).toMatchObject({ label: fixture.mine.number, href: `/admin/work-orders/details/${fixture.mine.id}` });
    const digits = fixture.mine.number.slice(3);
    const fragment = await searchEverything(t.db, owner, digits);
    expect(fragment.workOrders[0]!.label).toBe(fixture.mine.number);
    expect(labels(fragment.workOrders)).toContain(`${fixture.mine.number}0`);
    expect(labels((await searchEverything(t.db, owner, digits.slice(1, 5))).workOrders)).toEqual(
      expect.arrayContaining([fixture.mine.number, fixture.other.number]),
    );
  });

  it('scopes a technician to their own work orders, with no customers, vehicles, phone or e-mail', async () => {
    const result = await searchEverything(t.db, techUser, fixture.mine.number.slice(3, 7));
    expect(labels(result.workOrders)).toEqual([fixture.mine.number]);
    expect(result.customers).toEqual([]);
    expect(result.vehicles).toEqual([]);
    expect((await searchEverything(t.db, techUser, 'Maria Gonzalez')).customers).toEqual([]);
    expect((await searchEverything(t.db, techUser, fixture.other.number)).workOrders).toEqual([]);
    expect(JSON.stringify(result)).not.toMatch(/@example\.com|555-0147/);
    // Parts staff find every work order but no customer.
    const forParts = await searchEverything(t.db, parts, fixture.other.number);
    expect(labels(forParts.workOrders)).toEqual([fixture.other.number]);
    expect((await searchEverything(t.db, parts, 'Maria Gonzalez')).customers).toEqual([]);
  });

  it('answers empty, punctuation-only and over-long queries with a message', async () => {
    for (const q of ['', '   ']) expect((await searchEverything(t.db, owner, q)).message).toBe(SEARCH_MESSAGES.empty);
    expect((await searchEverything(t.db, owner, '!!! --- ***')).message).toBe(SEARCH_MESSAGES.nothingToSearch);
    const long = await searchEverything(t.db, owner, 'a'.repeat(SEARCH_MAX_LENGTH + 1));
    expect(long.message).toBe(SEARCH_MESSAGES.tooLong);
    expect((await searchEverything(t.db, owner, 'zzqxv nonexistent')).message).toBe(SEARCH_MESSAGES.noMatches);
  });

  it('treats SQL, tsquery and LIKE metacharacters as text', async () => {
    for (const q of ["'; DROP TABLE customers; --", "o'brien", 'a & b | !c', '50%_', 'wo-%', '\\', "'p:0147':*", 'x:* | y', '¿María?']) {
      const result = await searchEverything(t.db, owner, q);
      expect(result.query, q).toBe(q);
      expect(result.workOrders.every((w) => !w.label.includes('%')), q).toBe(true);
    }
    expect((await t.db.select({ id: customers.id }).from(customers)).length).toBeGreaterThan(2);
    expect((await searchEverything(t.db, owner, '%')).workOrders).toEqual([]);
  });

  it('uses at most four statements and honours the limit', async () => {
    const { result: all, queries } = await countQueries(() => searchEverything(t.db, owner, fixture.mine.number));
    expect(all.workOrders.length).toBeGreaterThan(0);
    expect(queries).toBeLessThanOrEqual(4);
    const result = await searchEverything(t.db, owner, 'mari', { limit: 1 });
    expect(result.customers.length).toBeLessThanOrEqual(1);
    // A prefix match first, then typo matches fill the rest (excluding the ones already found).
    const maria = await searchEverything(t.db, owner, 'Maria');
    expect(labels(maria.customers)[0]).toBe('Maria Gonzalez');
    expect(new Set(labels(maria.customers)).size).toBe(maria.customers.length);
    expect(labels(maria.customers)).toContain('Mario Lopez');
    const only = await searchEverything(t.db, owner, 'Maria', { only: ['customers'] });
    expect(only.vehicles).toEqual([]);
    expect(only.workOrders).toEqual([]);
  });
});

describe('the search routes', () => {
  const run = async (mod: { loader: (args: never) => unknown }, url: string, cookie?: string) =>
    settle(() => mod.loader({ request: makeRequest(url, { cookie }), params: {}, context: testContext } as never));

  it('/admin/search shows the groups for ?q=', async () => {
    const { value } = await run(searchPage, `/admin/search?q=${encodeURIComponent('Maria Gonzales')}`, ownerAccount.cookie);
    const data = value as { results: SearchResults };
    expect(data.results.customers[0]!.label).toBe('Maria Gonzalez');
  });

  it('/admin/search/results answers JSON, and a too-long query is a message, not a 500', async () => {
    const { value } = await run(searchResults, `/admin/search/results?q=${fixture.vin.slice(-6)}`, ownerAccount.cookie);
    const response = value as Response;
    expect(response.headers.get('Content-Type')).toMatch(/json/);
    expect(((await response.json()) as SearchResults).vehicles[0]!.label).toBe('2020 Honda Civic');
    const long = (await run(searchResults, `/admin/search/results?q=${'x'.repeat(5000)}`, ownerAccount.cookie)).value as Response;
    expect(long.status).toBe(200);
    expect(((await long.json()) as SearchResults).message).toBe(SEARCH_MESSAGES.tooLong);
  });

  it('a technician gets no customers from the JSON route and the customer scope is refused', async () => {
    const { value } = await run(searchResults, '/admin/search/results?q=Maria', technician.cookie);
    expect(((await (value as Response).json()) as SearchResults).customers).toEqual([]);
    const scoped = await run(searchResults, '/admin/search/results?q=Maria&scope=customers', technician.cookie);
    expect((scoped.thrown as Response).status).toBe(403);
  });

  it('the Add Work Order picker and the photos picker search customers with ?customerQuery=', async () => {
    const wo = (await run(workOrdersPage, '/admin/work-orders?add=1&customerQuery=gonzales', ownerAccount.cookie)).value as {
      customers: { id: string; name: string }[];
    };
    expect(wo.customers.map((c) => c.name)).toContain('Maria Gonzalez');
    const photos = (await run(photosPage, '/admin/photos?customerQuery=gonzales', ownerAccount.cookie)).value as {
      customers: { id: string; name: string }[];
    };
    expect(photos.customers.map((c) => c.name)).toContain('Maria Gonzalez');
    // The chosen customer stays in the list when the search no longer finds them.
    const chosen = (await run(photosPage, `/admin/photos?customerId=${fixture.maria.id}&customerQuery=bob`, ownerAccount.cookie)).value as {
      customers: { id: string; name: string }[];
    };
    expect(chosen.customers.map((c) => c.id)).toContain(fixture.maria.id);
  });
});
