import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/fixtures';
import { outboxMessages as mailFiles } from '../support/outbox';
import { createCustomerWithWorkOrder, logInAsAdmin } from './helpers';

test.describe('back office', () => {
  test.beforeEach(async ({ page }) => {
    await logInAsAdmin(page);
  });

  test('status change shows the spec text and the e-mail reaches the outbox', async ({ page }) => {
    const wo = await createCustomerWithWorkOrder(page);
    await page.getByLabel('Current status').selectOption('Paint');
    await page.getByRole('button', { name: 'Update Status' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Status for WO #${wo.number} updated successfully. Customer notified via email.` })).toBeVisible();
    await expect(page.getByText(/Estimate Scheduled → Paint by/)).toBeVisible();
    // The worker in the server process writes the message as an .eml file (no SMTP_URL in the test server).
    await expect
      .poll(() => mailFiles().filter((m) => m.includes(wo.email) && m.includes(wo.number)).length, { timeout: 20_000 })
      .toBe(1);
    const mail = mailFiles().find((m) => m.includes(wo.email))!;
    expect(mail).toContain('Paint');
    expect(mail).toContain('2020 Mazda CX-5');
    await page.goto('/admin/outbox');
    await expect(page.getByRole('cell', { name: wo.email })).toBeVisible();
  });

  test('adding a part lowers stock and shows the spec message', async ({ page }) => {
    await createCustomerWithWorkOrder(page);
    const value = await page.locator('select[name="inventoryId"] option', { hasText: 'CLR-2K-1QT' }).first().getAttribute('value');
    await page.getByLabel('Part', { exact: true }).selectOption(value!);
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Add Part' }).click();
    await expect(page.getByText('Added 2 x 2K clear coat, 1 quart to work order.')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'CLR-2K-1QT' })).toBeVisible();
    // Out-of-stock parts cannot be picked.
    await expect(page.locator('select[name="inventoryId"] option', { hasText: 'MSK-TAPE-18' })).toBeDisabled();
  });

  test('uploads a document and photos, with progress per photo', async ({ page }) => {
    await createCustomerWithWorkOrder(page);
    await page.getByLabel('Document type').selectOption('paid_invoice');
    await page.getByLabel('File (PDF or image)').setInputFiles({
      name: 'invoice.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await page.getByRole('button', { name: 'Upload Document' }).click();
    await expect(page.getByText('Document uploaded successfully for customer!')).toBeVisible();
    await expect(page.getByLabel('Document type')).toHaveValue('quote');
    await expect(page.getByRole('link', { name: /invoice\.pdf/ })).toBeVisible();

    const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#357' } }).jpeg().toBuffer();
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#a00' } }).png().toBuffer();
    await page.getByLabel(/^Repair photos \(JPEG/).setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: jpeg },
      { name: 'side.png', mimeType: 'image/png', buffer: png },
    ]);
    await page.getByRole('button', { name: 'Upload Photos' }).click();
    await expect(page.getByText('2 photos uploaded.')).toBeVisible();
    await expect(page.getByRole('img', { name: /front\.jpg/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /side\.png/ })).toBeVisible();
  });

  test('the Add Work Order dialog continues to a new or an existing customer, and cancels', async ({ page }) => {
    await page.goto('/admin/work-orders');
    await page.getByRole('link', { name: '+ Add Work Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Work Order' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('optgroup option', { hasText: 'Maria Gonzalez (maria.gonzalez@example.com)' })).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: '+ Add Work Order' }).click();
    await page.getByLabel('Customer').selectOption('+ Add New Customer');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/admin\/customers\/add$/);
    await page.goto('/admin/work-orders?add=1');
    await page.getByLabel('Customer').selectOption({ label: 'Maria Gonzalez (maria.gonzalez@example.com)' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Maria Gonzalez' })).toBeVisible();
  });

  test('work orders overview: stat cards, views and row click', async ({ page }) => {
    await page.goto('/admin/work-orders');
    for (const label of ['Active', 'Completed', 'Overdue', 'Total']) await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Paint \(\d+\)$/ })).toBeVisible();
    await page.getByRole('link', { name: 'All Work Orders' }).click();
    await expect(page.getByRole('heading', { name: 'All Work Orders', level: 2 })).toBeVisible();
    await page.getByRole('row').nth(1).getByRole('cell').nth(2).click();
    await expect(page).toHaveURL(/\/admin\/work-orders\/details\/[0-9a-f-]{36}$/);
  });

  for (const url of ['/admin', '/admin/customers', '/admin/customers/add', '/admin/work-orders', '/admin/work-orders?view=all', '/admin/work-orders?add=1', '/admin/inventory', '/admin/photos', '/admin/outbox']) {
    test(`no axe violations on ${url}`, async ({ page }) => {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('no axe violations on a work order, a customer (with the Manage WO Details panel open) and the edit page', async ({ page }) => {
    test.setTimeout(90_000);
    const wo = await createCustomerWithWorkOrder(page);
    await expectNoAxeViolations(page);
    const customerUrl = (await page.getByRole('link', { name: wo.name }).getAttribute('href'))!;
    await page.goto(customerUrl);
    await page.getByText('Manage WO Details').click();
    await expectNoAxeViolations(page);
    await page.goto(customerUrl.replace('/admin/customers/', '/admin/customers/edit/'));
    await expectNoAxeViolations(page);
  });
});

test('admin pages refuse anonymous visitors and customers', async ({ page }) => {
  await page.goto('/admin/work-orders');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fwork-orders/);
  await page.getByLabel('Email').fill('maria.gonzalez@example.com');
  await page.getByLabel('Password').fill('demo-customer-pass');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await page.goto('/admin/inventory');
  await expect(page).toHaveURL(/\/portal$/);
});

test('Photos page: customer, then work order, then images', async ({ page }) => {
  await logInAsAdmin(page);
  const wo = await createCustomerWithWorkOrder(page);
  await page.goto('/admin/photos');
  await page.getByLabel('1. Customer').selectOption({ label: `${wo.name} (${wo.email})` });
  await page.getByRole('button', { name: 'Show Work Orders' }).click();
  await page.getByLabel('2. Work order').selectOption({ label: `WO #${wo.number}: 2020 Mazda CX-5` });
  await page.getByRole('button', { name: 'Choose Work Order' }).click();
  const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0a0' } }).jpeg().toBuffer();
  await page.getByLabel(/^Repair photos \(JPEG/).setInputFiles([{ name: 'IMG_2001', mimeType: 'image/jpeg', buffer: jpeg }]);
  await page.getByRole('button', { name: 'Upload Photos' }).click();
  await expect(page.getByText('1 photo uploaded.')).toBeVisible();
  await page.getByRole('link', { name: 'Open the work order' }).click();
  await expect(page.getByRole('img', { name: 'IMG_2001.jpg' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the Add Work Order dialog and a status change work with plain form posts', async ({ page }) => {
    await logInAsAdmin(page);
    await page.goto('/admin/work-orders');
    await page.getByRole('link', { name: '+ Add Work Order' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Work Order' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Work Order' })).toBeHidden();
    const wo = await createCustomerWithWorkOrder(page);
    await page.getByLabel('Current status').selectOption('Quality Check');
    await page.getByRole('button', { name: 'Update Status' }).click();
    await expect(page.getByText(`Status for WO #${wo.number} updated successfully. Customer notified via email.`)).toBeVisible();
    await page.goto('/admin/work-orders?add=1');
    await page.getByLabel('Customer').selectOption({ label: `${wo.name} (${wo.email})` });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: wo.name })).toBeVisible();
  });
});
