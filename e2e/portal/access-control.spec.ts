/**
 * Portal access control in the browser (shared server, demo data): anonymous visitors are sent to /login before any
 * portal HTML, a customer cannot open another customer's vehicle or files, malformed ids are 404s, and the demo
 * customer's full pages (work orders in every status, parts) pass axe-core at 375 px.
 */
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_CUSTOMER, expectNoAxeViolations, logIn, register } from '../support/fixtures';

test.use({ viewport: { width: 375, height: 812 } });

const PORTAL_PATHS = [
  '/portal',
  '/portal/my-vehicles',
  '/portal/add-vehicle',
  '/portal/repair-updates',
  '/portal/repair-photos',
  '/portal/my-documents',
  '/portal/vehicles/00000000-0000-4000-8000-000000000000',
];

test('anonymous visitors get a redirect to /login, never portal HTML', async ({ request }) => {
  for (const path of [...PORTAL_PATHS, '/files/documents/00000000-0000-4000-8000-000000000000']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toMatch(/^\/login\?redirectTo=/);
    expect(await response.text()).not.toContain('Customer Portal');
  }
});

test("a customer cannot open another customer's vehicle, and bad ids are 404s", async ({ page, browser }) => {
  // Maria's first vehicle id, from her own My Vehicles page.
  const maria = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const mariaPage = await maria.newPage();
  await logIn(mariaPage, DEMO_CUSTOMER);
  await expect(mariaPage).toHaveURL(/\/portal$/);
  await mariaPage.goto('/portal/my-vehicles');
  const href = await mariaPage.getByRole('link', { name: /Honda Accord/ }).getAttribute('href');
  const vin = (await mariaPage.getByRole('link', { name: /Honda Accord/ }).locator('dd').first().textContent())!.trim();
  await maria.close();
  expect(href).toMatch(/^\/portal\/vehicles\/[0-9a-f-]{36}$/);

  await register(page);
  const forbidden = await page.goto(href!);
  expect(forbidden?.status()).toBe(403);
  await expect(page.getByRole('alert')).toHaveText('You do not have permission to view this vehicle.');
  expect(await page.content()).not.toContain(vin);
  await expect(page.getByRole('link', { name: '← Back to My Vehicles' })).toBeVisible();
  await expectNoAxeViolations(page);

  const malformed = await page.goto('/portal/vehicles/not-a-uuid');
  expect(malformed?.status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveText('Vehicle not found or you do not have permission to view it.');

  for (const id of ['abc', '00000000-0000-4000-8000-000000000000']) {
    const file = await page.request.get(`/files/documents/${id}`);
    expect(file.status()).toBe(404);
  }
});

test('staff opening the portal are sent to the back office', async ({ page }) => {
  await logIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/portal/repair-updates');
  await expect(page).toHaveURL(/\/admin$/);
});

test("the demo customer's pages show her repairs and pass axe-core", async ({ page }) => {
  // Seven pages, each with a whole axe-core run: 20 s alone, past 30 s twice in CI beside the other browser worker.
  test.setTimeout(90_000);
  await logIn(page, DEMO_CUSTOMER);
  await expect(page).toHaveURL(/\/portal$/);
  await expectNoAxeViolations(page);
  for (const [path, heading] of [
    ['/portal/my-vehicles', 'My Vehicles'],
    ['/portal/repair-updates', 'Repair Updates'],
    ['/portal/repair-photos', 'Repair Photos'],
    ['/portal/my-documents', 'My Documents'],
    ['/portal/add-vehicle', 'Add New Vehicle'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await page.goto('/portal/repair-updates');
  const lists = page.getByRole('list', { name: /^Repair progress for work order/ });
  expect(await lists.count()).toBeGreaterThan(0);
  await expect(lists.first().locator('[aria-current="step"]')).toContainText('In Progress');
  await expect(page.getByRole('columnheader', { name: 'Part Number' }).first()).toBeVisible();
  await page.goto('/portal/my-vehicles');
  await page.getByRole('link', { name: /Honda Accord/ }).click();
  await expect(page.getByRole('link', { name: '← Back to My Vehicles' })).toBeVisible();
  await expectNoAxeViolations(page);
});
