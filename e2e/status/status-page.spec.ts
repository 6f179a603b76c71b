/**
 * The no-login status page in Chromium (issue 15 §1–2), against the built server with the demo shop: staff create a
 * customer with a work order in the back office, print its ticket (the QR code is read back from a screenshot and must
 * be the status link), and the customer opens the link — without JavaScript (the page renders with no framework
 * script), and with it (a status change made by staff in the back office reaches the open page within 2 s, in another
 * browser context). Bad links get the friendly 404 page; a reset ends the old link. axe on the page and the ticket.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createCustomerWithWorkOrder, logInAsAdmin } from '../admin/helpers';
import { expectNoAxeViolations } from '../support/fixtures';
import { decodeQrPng } from '../support/qr-decode';

const SHOP_PHONE = '(281) 555-0143';
const NOT_VALID = `This status link is not valid. It may have expired or been replaced. Call us at ${SHOP_PHONE}.`;

/** Staff sign in, create a customer with a work order and open its ticket; returns the link and the staff page. */
async function staffOpensTicket(browser: Browser) {
  const context = await browser.newContext();
  const staff = await context.newPage();
  await logInAsAdmin(staff);
  const created = await createCustomerWithWorkOrder(staff);
  await staff.getByRole('link', { name: 'Print ticket / status link' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `Work order ${created.number}` })).toBeVisible();
  const link = (await staff.locator('[data-status-link]').textContent())!.trim();
  return { staff, link, ...created, close: () => context.close() };
}

/** Staff move the work order to `status` on its back-office page. */
async function staffChangesStatus(staff: Page, url: string, number: string, status: string) {
  await staff.goto(url);
  await staff.getByLabel('Current status').selectOption(status);
  await staff.getByRole('button', { name: 'Update Status' }).click();
  await expect(staff.getByRole('status').filter({ hasText: `Status for WO #${number} updated successfully.` })).toBeVisible();
}

test.describe('status page', () => {
  test('the ticket shows the status link and a QR code that reads back as that link; print hides the buttons', async ({ browser, baseURL }) => {
    const { staff, link, number, close } = await staffOpensTicket(browser);
    try {
      expect(link).toMatch(new RegExp(`^${baseURL}/status/[A-Za-z0-9_-]{32}$`));
      await expect(staff.getByText('Customer')).toBeVisible();
      await expect(staff.getByText('2020 Mazda CX-5')).toBeVisible();
      await expect(staff.getByText('Estimate Scheduled')).toBeVisible();
      await expectNoAxeViolations(staff);
      // The QR code, drawn large enough for a clean screenshot, decoded module by module.
      const qr = staff.getByRole('img', { name: 'QR code of the status link' });
      await qr.evaluate((img) => Object.assign((img as HTMLImageElement).style, { width: '370px', height: '370px' }));
      expect(await decodeQrPng(await qr.screenshot())).toBe(link);
      // The same link every time the ticket is printed.
      await staff.reload();
      await expect(staff.locator('[data-status-link]')).toHaveText(link);
      await staff.emulateMedia({ media: 'print' });
      await expect(staff.getByRole('button', { name: 'Print ticket' })).toBeHidden();
      await expect(staff.getByText('Reset status link…')).toBeHidden();
      await expect(staff.getByRole('heading', { level: 1, name: `Work order ${number}` })).toBeVisible();
    } finally {
      await close();
    }
  });

  test('works without JavaScript: no framework script, private headers, photos through the link, tap to call', async ({ browser }) => {
    const { staff, link, url, close } = await staffOpensTicket(browser);
    try {
      await staff.goto(url);
      const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#1e3a5f' } }).jpeg().toBuffer();
      await staff.getByLabel(/^Repair photos \(JPEG/).setInputFiles([{ name: 'door-before.jpg', mimeType: 'image/jpeg', buffer: photo }]);
      await staff.getByRole('button', { name: 'Upload Photos' }).click();
      await expect(staff.getByText('1 photo uploaded.')).toBeVisible();

      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const response = await page.goto(link);
      expect(response!.status()).toBe(200);
      const headers = response!.headers();
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(headers['cache-control']).toBe('private, no-store');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your estimate is scheduled');
      await expect(page.getByText(/^Hi E2E,/)).toBeVisible();
      await expect(page.getByText('2020 Mazda CX-5')).toBeVisible();
      await expect(page.getByRole('list').filter({ hasText: 'Estimate Scheduled' }).getByRole('listitem')).toHaveCount(8);
      // HTML-first: the one small script, no framework, no hydration data.
      const html = await response!.text();
      const scripts = await page.locator('script').evaluateAll((els) => els.map((e) => e.getAttribute('src')));
      expect(scripts).toHaveLength(1);
      expect(scripts[0]).toMatch(/^\/assets\/status-live-[a-f0-9]+\.js$/);
      expect(html).not.toContain('__reactRouterContext');
      expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
      // Tap to call.
      await expect(page.getByRole('link', { name: /^Call/ })).toHaveAttribute('href', 'tel:+12815550143');
      // The photo comes through the link, privately.
      const img = page.getByRole('img', { name: /repair, 1 of 1: door-before\.jpg$/ });
      const src = (await img.getAttribute('src'))!;
      expect(src).toMatch(/^\/status\/[A-Za-z0-9_-]{32}\/photos\/[0-9a-f-]{36}\?variant=thumb$/);
      const file = await page.request.get(src);
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toBe('image/webp');
      expect(file.headers()['cache-control']).toBe('private, no-store');
      expect(file.headers()['referrer-policy']).toBe('no-referrer');
      // The "updates by itself" note needs the script.
      await expect(page.getByText('This page updates by itself')).toBeHidden();
      await context.close();
    } finally {
      await close();
    }
  });

  test('with JavaScript, a status change made in the back office reaches the open page within 2 s', async ({ browser }) => {
    const { staff, link, url, number, close } = await staffOpensTicket(browser);
    const context = await browser.newContext();
    try {
      const customer = await context.newPage();
      await customer.goto(link);
      await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Your estimate is scheduled');
      await expect(customer.locator('html[data-status-live="connected"]')).toHaveCount(1);
      await expect(customer.getByText('This page updates by itself when the status changes.')).toBeVisible();
      await expectNoAxeViolations(customer);
      await customer.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

      await staffChangesStatus(staff, url, number, 'Paint');
      await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Your vehicle is in the paint shop', { timeout: 2000 });
      await expect(customer.locator('[data-status-announce]')).toHaveText('Status updated');
      await expect(customer.locator('li[aria-current="step"]')).toContainText('Paint');
      expect(await customer.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

      await staffChangesStatus(staff, url, number, 'Ready for Pickup');
      await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Your vehicle is ready for pickup', { timeout: 2000 });
      await expect(customer.getByText('Current step')).toHaveCount(0);
      await expect(customer.getByText('Done', { exact: true })).toHaveCount(8);
      await expectNoAxeViolations(customer);
    } finally {
      await context.close();
      await close();
    }
  });

  test('bad links get the same friendly 404 page, and a reset ends the old link', async ({ browser, page }) => {
    for (const path of ['/status/not-a-token', `/status/${'A'.repeat(32)}`]) {
      const response = await page.goto(path);
      expect(response!.status()).toBe(404);
      expect(response!.headers()['referrer-policy']).toBe('no-referrer');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Status link not valid');
      await expect(page.getByText(NOT_VALID)).toBeVisible();
      await expect(page.getByRole('link', { name: SHOP_PHONE, exact: true })).toHaveAttribute('href', 'tel:+12815550143');
    }
    await expectNoAxeViolations(page);

    const { staff, link, close } = await staffOpensTicket(browser);
    try {
      expect((await page.goto(link))!.status()).toBe(200);
      await staff.getByText('Reset status link…').click();
      await expect(staff.getByText('Resetting makes a new status link and ends the old one at once')).toBeVisible();
      await staff.getByRole('button', { name: 'Reset status link' }).click();
      await expect(staff.getByText('Status link reset. The old link no longer works')).toBeVisible();
      // The page shows the new link once its data is reloaded after the post.
      await expect(staff.locator('[data-status-link]')).not.toHaveText(link);
      const next = (await staff.locator('[data-status-link]').textContent())!.trim();
      expect(next).toMatch(/\/status\/[A-Za-z0-9_-]{32}$/);
      const old = await page.goto(link);
      expect(old!.status()).toBe(404);
      await expect(page.getByText(NOT_VALID)).toBeVisible();
      expect((await page.goto(next))!.status()).toBe(200);
    } finally {
      await close();
    }
  });
});
