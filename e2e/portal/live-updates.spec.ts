/**
 * Live updates in the portal (issue 15 §2): a customer has Repair Updates open; staff change the work order's status in
 * the back office in a second browser context; the customer's page shows the new step within 2 s, without a reload,
 * and says so in its polite live region. Then the dashboard, open on the customer's side, shows a new estimated
 * completion date the same way.
 */
import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { logInAsAdmin } from '../admin/helpers';
import { expectNoAxeViolations, register } from '../support/fixtures';

/** Marks the window: a reload or a full navigation would lose the mark. */
const markWindow = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __liveMark: number }).__liveMark = 42));
const windowMark = (page: Page) =>
  page.evaluate(() => (window as unknown as { __liveMark?: number }).__liveMark);

test('status and estimated completion changed by staff appear on the open portal pages without a reload', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);

  // The customer: a new account with a vehicle of their own.
  await register(page);
  const vin = `LIV${crypto.randomBytes(7).toString('hex').toUpperCase()}`.slice(0, 17);
  await page.goto('/portal/add-vehicle');
  await page.getByLabel('Make').fill('Mazda');
  await page.getByLabel('Model').fill('CX-5');
  await page.getByLabel('Year').fill('2021');
  await page.getByLabel('VIN').fill(vin);
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(page.getByText('Vehicle added successfully!')).toBeVisible();

  // Staff, in their own browser context, open a work order on that vehicle.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await logInAsAdmin(staff);
  const number = `WO-LIVE-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  await staff.goto(`/admin/customers?q=${encodeURIComponent(vin)}`);
  await staff.getByRole('table').getByRole('link').first().click();
  await staff.getByText('Create New Work Order').click();
  await staff.getByLabel('Work order number').fill(number);
  await staff.getByLabel('Description').fill('Front bumper scuff');
  await staff.getByRole('button', { name: 'Create Work Order' }).click();
  await expect(staff.getByText('New work order created successfully!')).toBeVisible();
  await staff.getByRole('link', { name: `WO #${number}` }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `Work Order #${number}` })).toBeVisible();

  // The customer has Repair Updates open (hydrated, and its live-updates stream answered: the server listens for them).
  const listening = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/portal/events' && r.status() === 200,
  );
  await page.goto('/portal/repair-updates');
  const progress = page.getByRole('list', { name: `Repair progress for work order ${number}` });
  await expect(progress.locator('[aria-current="step"]')).toContainText('Estimate Scheduled');
  await listening;
  await markWindow(page);

  // Staff move it to Paint.
  await staff.getByLabel('Current status').selectOption('Paint');
  await staff.getByRole('button', { name: 'Update Status' }).click();
  const changedAt = Date.now();
  await expect(
    staff.getByText(`Status for WO #${number} updated successfully.`, { exact: false }),
  ).toBeVisible();

  // Within 2 s the customer's page shows step 5, Paint, as current — the same window, never reloaded.
  await expect(progress.locator('[aria-current="step"]')).toContainText('Paint', { timeout: 2000 });
  expect(Date.now() - changedAt).toBeLessThan(2000);
  await expect(
    page.locator('[aria-live="polite"]').filter({ hasText: 'Your repair status was updated.' }),
  ).toBeVisible();
  expect(await windowMark(page)).toBe(42);

  // The dashboard leads with the open repair; a new estimated completion date arrives the same way. (A client-side
  // navigation: the layout, and with it the stream, stays.)
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Welcome to Your Customer Portal' }),
  ).toBeVisible();
  const repair = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: '2021 Mazda CX-5' }) });
  await expect(repair).toContainText('Step 5 of 8: Paint');
  await expect(repair.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:\+\d+$/);
  await expect(repair).toContainText('Estimated completion: not set yet');
  await markWindow(page);
  await staff.getByLabel('Estimated completion date').fill('2031-03-05');
  await staff.getByRole('button', { name: 'Save Date' }).click();
  await expect(staff.getByText('Estimated completion date updated successfully.')).toBeVisible();
  await expect(repair).toContainText('Estimated completion: Wednesday, March 5, 2031', { timeout: 2000 });
  await expect(
    page.locator('[aria-live="polite"]').filter({ hasText: 'The estimated completion date was updated.' }),
  ).toBeVisible();
  expect(await windowMark(page)).toBe(42);
  await expectNoAxeViolations(page);

  await staffContext.close();
});
