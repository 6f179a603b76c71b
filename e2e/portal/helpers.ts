/**
 * Portal browser-test helpers.
 *
 * `PrivateServer`: the journey tests run their own copy of the built server on a free port with its own data folder
 * (demo data seeded, like the shared one), so they can read the mail the worker writes to `DATA_DIR/mail` and remove a
 * stored photo to prove the placeholder. Staff steps go through the back office in a second browser context signed in
 * as the seeded admin, exactly as the shop works.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ServerProcess } from '../support/server-process';

/** The journey tests' own server (see e2e/support/server-process.ts). */
export class PrivateServer extends ServerProcess {}

/** Signs the seeded admin in on a fresh browser context of the private server; returns the page. */
async function staffPage(
  browser: Browser,
  server: PrivateServer,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('demo-admin-pass');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return { page, close: () => context.close() };
}

/**
 * Staff (the seeded admin) do in the back office what the shop does for a car that came in: find the customer by VIN,
 * open a work order on the vehicle, move it to `status`, upload two repair photos and a quote. The stored file of the
 * second photo is then removed from disk, as if lost, so the portal must show its placeholder. Returns the WO number.
 */
export async function staffOpensAndMovesWorkOrder(
  browser: Browser,
  server: PrivateServer,
  vin: string,
  status: string,
): Promise<string> {
  const number = `WO-E2E-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#1e3a5f' } })
    .jpeg()
    .toBuffer();
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const { page, close } = await staffPage(browser, server);
  try {
    await page.goto(`/admin/customers?q=${encodeURIComponent(vin)}`);
    await page.getByRole('table').getByRole('link').first().click();
    await page.getByText('Create New Work Order').click();
    await page.getByLabel('Work order number').fill(number);
    await page.getByLabel('Description').fill('Rear bumper repair and refinish');
    await page.getByRole('button', { name: 'Create Work Order' }).click();
    await expect(page.getByText('New work order created successfully!')).toBeVisible();
    await page.getByRole('link', { name: `WO #${number}` }).click();
    await page.getByLabel('Current status').selectOption(status);
    await page.getByRole('button', { name: 'Update Status' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Status for WO #${number} updated successfully.` }),
    ).toBeVisible();
    await page.getByLabel(/^Repair photos \(JPEG/).setInputFiles([
      { name: 'bumper-before.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'bumper-lost.jpg', mimeType: 'image/jpeg', buffer: photo },
    ]);
    await page.getByRole('button', { name: 'Upload Photos' }).click();
    await expect(page.getByText('2 photos uploaded.')).toBeVisible();
    await page.getByLabel('Document type').selectOption('quote');
    await page
      .getByLabel('File (PDF or image)')
      .setInputFiles({ name: 'quote.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Upload Document' }).click();
    await expect(page.getByText('Document uploaded successfully for customer!')).toBeVisible();
  } finally {
    await close();
  }
  // The file is lost with its cached thumbnail (the back office page may already have made one while it showed the
  // photos), so the portal has nothing to show for it but the placeholder.
  const bucket = path.join(server.dataDir, 'files', 'repair-photos');
  const stored = fs.readdirSync(bucket, { recursive: true, encoding: 'utf8' });
  const lost = stored.filter((f) => f.endsWith('bumper-lost.jpg'));
  expect(lost).toHaveLength(1);
  for (const file of stored.filter(
    (f) => f.endsWith('bumper-lost.jpg') || f.endsWith('bumper-lost.jpg.webp'),
  )) {
    fs.rmSync(path.join(bucket, file));
  }
  return number;
}

/** Staff create a walk-in customer with a vehicle (no account) on the back office's Add Customer page; returns the VIN. */
export async function staffCreatesWalkInCustomer(
  browser: Browser,
  server: PrivateServer,
  email: string,
): Promise<string> {
  const vin = `WLK${crypto.randomBytes(7).toString('hex').toUpperCase()}`.slice(0, 17);
  const { page, close } = await staffPage(browser, server);
  try {
    await page.goto('/admin/customers/add');
    await page.getByLabel('Full name').fill('Walk-in Customer');
    await page.getByLabel('Email').fill(email);
    // A number of its own: a phone already on file would stop at "Possible match" (issue 17 §6).
    await page.getByLabel('Phone').fill(`(281) 555-${String(2000 + crypto.randomInt(8000))}`);
    await page.getByLabel('Year').fill('2015');
    await page.getByLabel('Make').fill('Chevrolet');
    await page.getByLabel('Model').fill('Malibu');
    await page.getByLabel('VIN').fill(vin);
    await page.getByRole('button', { name: 'Add Customer' }).click();
    await expect(page.getByText('Customer and vehicle added successfully.')).toBeVisible();
  } finally {
    await close();
  }
  return vin;
}
