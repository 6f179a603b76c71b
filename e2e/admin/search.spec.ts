/**
 * Search everywhere (issue 17 §5) in a real browser: `/` focuses the header's search box, typing (with a typo) shows
 * results as you type, a result opens; Enter opens the results page (axe clean); a work order number fragment finds the
 * work order; the Add Work Order picker searches customers as you type.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/fixtures';
import { createCustomerWithWorkOrder, logInAsAdmin } from './helpers';

test.describe('search everywhere', () => {
  test.setTimeout(60_000);
  test.beforeEach(async ({ page }) => {
    await logInAsAdmin(page);
  });

  test('/ focuses the box, results appear as you type, and one opens', async ({ page }) => {
    await page.goto('/admin/inventory');
    const box = page.getByRole('searchbox', { name: 'Search everything' });
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('/');
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('');
    await page.keyboard.type('Maria Gonzales');
    const result = page.getByRole('link', { name: /Maria Gonzalez/ }).first();
    await expect(result).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /results?\. Press the down arrow/ })).toBeAttached();
    // The down arrow reaches the results; Enter on a result opens it.
    await page.keyboard.press('ArrowDown');
    await expect(result).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/customers\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Maria Gonzalez' })).toBeVisible();
    // Typing in a field is not hijacked by the shortcut.
    await page.goto('/admin/customers');
    const listSearch = page.getByLabel('Search by name, e-mail, phone, VIN or plate');
    await listSearch.fill('a/b');
    await expect(listSearch).toHaveValue('a/b');
  });

  test('Enter opens the results page; a work order number fragment finds the work order', async ({ page }) => {
    const wo = await createCustomerWithWorkOrder(page);
    const box = page.getByRole('searchbox', { name: 'Search everything' });
    await box.fill(wo.number.slice(4));
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin/search\\?q=${wo.number.slice(4)}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Work orders' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: new RegExp(wo.number) }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: `Work Order #${wo.number}` })).toBeVisible();
    // A query with nothing to search for is a message, not an error page.
    await page.goto('/admin/search?q=%25%27%3B--');
    await expect(page.getByText('Nothing to search for: type letters or digits.')).toBeVisible();
  });

  test('the Add Work Order picker searches customers as you type', async ({ page }) => {
    await page.goto('/admin/work-orders?add=1');
    const dialog = page.getByRole('dialog', { name: 'Add Work Order' });
    await dialog.getByLabel('Find by name, phone or e-mail').fill('Gonzales');
    await expect(dialog.getByRole('status')).toHaveText(/customers? found/);
    const select = dialog.getByLabel('Customer', { exact: true });
    await expect(select.locator('option', { hasText: 'Maria Gonzalez' })).toHaveCount(1);
    await expect(select.locator('option', { hasText: 'James Carter' })).toHaveCount(0);
    await select.selectOption({ label: (await select.locator('option', { hasText: 'Maria Gonzalez' }).textContent())! });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Maria Gonzalez' })).toBeVisible();
  });

  test('the photos picker searches without JavaScript too (Search reloads with ?customerQuery=)', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await logInAsAdmin(page);
    await page.goto('/admin/photos');
    await page.getByLabel('Find by name, phone or e-mail').fill('gonzales');
    await page.getByRole('button', { name: 'Search', exact: true }).last().click();
    await expect(page).toHaveURL(/customerQuery=gonzales/);
    await expect(page.getByLabel('1. Customer').locator('option', { hasText: 'Maria Gonzalez' })).toHaveCount(1);
    await context.close();
  });
});
