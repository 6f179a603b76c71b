/**
 * Texts in the browser (issue 15), with the default outbox driver (each text a JSON file in DATA_DIR/sms): staff add
 * a customer with a mobile number and their spoken OK, open the conversation from the customer page, watch the
 * segment count while typing, send, and the text is written out and shown as sent. Without consent the page says so
 * and offers no form.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/fixtures';
import { logInAsAdmin } from './helpers';

type OutboxText = { id: string; to: string; body: string; time: string };

function smsOutbox(): OutboxText[] {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'sms');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as OutboxText);
}

/** A unique (281) 552-xxxx number, as typed and as stored. */
function uniqueMobile() {
  const digits = String(crypto.randomInt(10_000)).padStart(4, '0');
  return { typed: `(281) 552-${digits}`, e164: `+1281552${digits}` };
}

async function addCustomer(page: Page, { consent }: { consent: boolean }) {
  const name = `Texter ${crypto.randomBytes(3).toString('hex')}`;
  const mobile = uniqueMobile();
  await page.goto('/admin/customers/add');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Mobile number (for texts)').fill(mobile.typed);
  await expect(page.getByText(/Read this to the customer: By checking this box you agree to receive repair status texts/)).toBeVisible();
  if (consent) {
    await page.getByLabel('The customer agreed out loud to receive texts').check();
    await page.getByLabel('Repair updates by').selectOption({ label: 'E-mail and text message' });
  }
  await page.getByRole('button', { name: 'Add Customer' }).click();
  await expect(page.getByText('Customer added successfully. Add a vehicle to start a work order.')).toBeVisible();
  await page.getByRole('link', { name: 'Open the new customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return { name, mobile };
}

test('staff text a customer who agreed: segment count, send, written out, shown as sent', async ({ page }) => {
  await logInAsAdmin(page);
  // Texts wait through the shop's quiet hours (20:00–08:00 in the shop's zone by default), and this test runs at any
  // hour: the shop turns quiet hours off (start = end) so the text goes out now. Quiet hours have their own tests.
  await page.goto('/admin/settings');
  await page.getByLabel('Quiet hours for texts start').fill('00:00');
  await page.getByLabel('Quiet hours end').fill('00:00');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Shop settings saved.')).toBeVisible();
  const { name, mobile } = await addCustomer(page, { consent: true });
  await expect(page.getByText(`${mobile.typed} · agreed to texts`)).toBeVisible();
  await page.getByRole('link', { name: 'Text conversation' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Agreed to texts')).toBeVisible();
  await expectNoAxeViolations(page);

  const box = page.getByLabel(`Text to ${name}`);
  await box.fill('Your car is ready');
  await expect(page.getByText(/17 of 2,000 characters · 1 segment \(160 characters per segment/)).toBeVisible();
  const body = 'Your Mazda is ready for pickup 🚗 See you soon!';
  await box.fill(body);
  await expect(page.getByText(/1 segment \(emoji or special characters: 70 characters per segment/)).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/^Text queued/)).toBeVisible();

  // The job worker (every 5 s) writes it to the outbox.
  await expect.poll(() => smsOutbox().find((t) => t.to === mobile.e164)?.body, { timeout: 20_000 }).toBe(body);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByRole('list', { name: 'Texts, oldest first' }).innerText();
      },
      { timeout: 15_000 },
    )
    .toContain('Sent');
});

test('a customer without consent: the conversation says why and offers no reply form', async ({ page }) => {
  await logInAsAdmin(page);
  const { mobile } = await addCustomer(page, { consent: false });
  await expect(page.getByText(`${mobile.typed} · no consent to texts`)).toBeVisible();
  await page.getByRole('link', { name: 'Text conversation' }).click();
  await expect(page.getByText(/has not agreed to texts at this number/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);
});

test('a landline is refused on the form with the mobile message', async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto('/admin/customers/add');
  await page.getByLabel('Full name').fill('Landline Larry');
  await page.getByLabel('Mobile number (for texts)').fill('(800) 555-0100');
  await page.getByRole('button', { name: 'Add Customer' }).click();
  await expect(page.getByText('This is a landline or toll-free number: texts need a mobile number.', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Mobile number (for texts)')).toHaveValue('(800) 555-0100');
  await expect(page.getByLabel('Mobile number (for texts)')).toHaveAttribute('aria-invalid', 'true');
});
