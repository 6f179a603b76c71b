/**
 * The back office on a phone (issue 17 §7), at 390×844 (an iPhone 12–15): list pages do not scroll sideways, their
 * table rows show as labelled cards, phone numbers are tap-to-call, chart labels keep a readable size and the photo
 * input does not force the camera.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/fixtures';
import { logInAsAdmin } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The page's horizontal overflow in CSS pixels (0: nothing to scroll sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('back office at 390×844', () => {
  test.beforeEach(async ({ page }) => {
    await logInAsAdmin(page);
  });

  test('the customers list shows cards with labelled cells and a tap-to-call link, without sideways scrolling', async ({ page }) => {
    await page.goto('/admin/customers');
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);

    const table = page.locator('table.stack-table');
    const firstRow = table.locator('tbody tr').first();
    await expect(firstRow).toBeVisible();
    // A card: the row is a block with its own border, as wide as the list; the column headings are visually hidden.
    const row = await firstRow.evaluate((tr) => {
      const style = getComputedStyle(tr);
      return { display: style.display, border: style.borderTopWidth, width: tr.getBoundingClientRect().width };
    });
    expect(row.display).toBe('block');
    expect(row.border).toBe('1px');
    expect(row.width).toBeLessThanOrEqual(390);
    expect((await table.locator('thead').boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    // Every cell carries its column heading as a visible label.
    const phoneCell = firstRow.locator('td[data-label="Phone"]');
    expect(await phoneCell.evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"Phone"');
    // Cells sit one under the other inside the card.
    const boxes = await firstRow.locator('td').evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().top));
    expect(boxes).toEqual([...boxes].sort((a, b) => a - b));
    expect(new Set(boxes).size).toBe(boxes.length);

    const call = table.locator('a[href^="tel:"]').first();
    await expect(call).toBeVisible();
    expect(await call.getAttribute('href')).toMatch(/^tel:\+?\d{7,}$/);
    await expect(table.locator('a[href^="mailto:"]').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  for (const url of ['/admin', '/admin/work-orders', '/admin/work-orders?view=all', '/admin/inventory', '/admin/invoices', '/admin/outbox', '/admin/audit', '/admin/messages', '/admin/appointments', '/admin/site']) {
    test(`no sideways scrolling on ${url}`, async ({ page }) => {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await sidewaysOverflow(page)).toBe(0);
      for (const row of await page.locator('table.stack-table tbody tr').all()) {
        expect(await row.evaluate((tr) => getComputedStyle(tr).display)).toBe('block');
      }
    });
  }

  test('dashboard chart labels keep at least 12 px', async ({ page }) => {
    await page.goto('/admin');
    const charts = page.locator('figure [role="img"]');
    expect(await charts.count()).toBeGreaterThan(0);
    const sizes = await charts.locator('span').evaluateAll((spans) =>
      spans.filter((s) => s.textContent?.trim()).map((s) => parseFloat(getComputedStyle(s).fontSize)),
    );
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
  });

  test('the work order photo input offers the gallery and the camera (no forced capture)', async ({ page }) => {
    await page.goto('/admin/work-orders?view=all');
    await page.locator('a[href^="/admin/work-orders/details/"]').first().click();
    await expect(page).toHaveURL(/\/admin\/work-orders\/details\/[0-9a-f-]{36}$/);
    const input = page.locator('input[type="file"][name="photos"]');
    await expect(input).toHaveCount(1);
    expect(await input.getAttribute('capture')).toBeNull();
    expect(await input.getAttribute('accept')).toBe('image/*');
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});
