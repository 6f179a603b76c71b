/**
 * Roles in the browser (issue 17 §2), with the demo staff accounts: a technician's sidebar, their assigned work orders
 * only, a work order without the customer's contact details or prices, and 403 on an Owner's page; the Owner's staff
 * page and the assign-technician control.
 */
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, expectNoAxeViolations, logIn } from '../support/fixtures';
import { logInAsAdmin } from './helpers';

const TECH = { email: 'tech@example.com', password: DEMO_ADMIN.password };

test('a technician sees the board sections and their own work orders, without contact details or money', async ({
  page,
}) => {
  await logIn(page, TECH);
  await expect(page).toHaveURL(/\/admin$/);
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Work Orders' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Customers' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);

  await page.goto('/admin/work-orders?view=all');
  await expect(page.getByRole('link', { name: /WO-1002/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /WO-1001/ })).toHaveCount(0);
  await page
    .getByRole('link', { name: /WO-1002/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Work Order #WO-1002' })).toBeVisible();
  await expect(page.locator('a[href^="tel:"], a[href^="mailto:"]')).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Unit price' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Update Status' })).toBeVisible();
  await expectNoAxeViolations(page);

  const settings = await page.goto('/admin/settings');
  expect(settings?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
});

test('the Owner sees the staff accounts and can assign a technician', async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'tech@example.com' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'writer@example.com' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/admin/work-orders?view=all');
  await page
    .getByRole('link', { name: /WO-1005/ })
    .first()
    .click();
  await expect(page.getByLabel('Technician')).toBeVisible();
});
