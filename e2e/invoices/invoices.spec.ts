import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_CUSTOMER, expectNoAxeViolations, logIn } from '../support/fixtures';
import { fixturePath, suffix } from './helpers';

async function openInvoices(page: Page) {
  await logIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
}

test('upload a fixture, see the fields filled, edit one, save, and see the invoice and the raised stock', async ({ page }) => {
  test.setTimeout(90_000);
  await openInvoices(page);
  await expectNoAxeViolations(page);

  await page.getByLabel('Invoice image or PDF (required, up to 15 MB)').setInputFiles(fixturePath('04-vendor-label.png'));
  await page.getByRole('button', { name: 'Read Invoice' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Data extracted successfully!' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByLabel('Invoice # (required)')).toHaveValue('PO-44871');
  await expect(page.getByLabel('Supplier (required)')).toHaveValue('Northern Glass Co');
  await expect(page.getByLabel('Invoice Date (required)')).toHaveValue('2026-04-09');
  await expect(page.getByLabel('Total', { exact: true })).toHaveValue('384.00');
  await expect(page.getByLabel('Part # (row 1)')).toHaveValue('WS-3301');
  await expect(page.getByLabel('Qty (row 2)')).toHaveValue('2');
  await expect(page.getByText(/Uploaded file: .*04-vendor-label\.png/)).toBeVisible();

  // Edit: a unique invoice number and part number (tests share one server), then check the total warning.
  const id = suffix();
  const invoiceNumber = `PO-${id}`;
  const partNumber = `WS-${id}`;
  await page.getByLabel('Invoice # (required)').fill(invoiceNumber);
  await page.getByLabel('Part # (row 1)').fill(partNumber);
  await page.getByLabel('Qty (row 1)').fill('3');
  await expect(page.getByText('Warning: Line items add up to $1,042.00', { exact: false }).or(page.getByText('Warning: Line items add up to $1042.00'))).toBeVisible();
  await page.getByLabel('Total', { exact: true }).fill('1042.00');
  await expect(page.getByText(/^Warning:/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Row' }).click();
  await expect(page.getByLabel('Part # (row 4)')).toBeVisible();
  await page.getByRole('button', { name: 'Remove row 4' }).click();
  await expect(page.getByLabel('Part # (row 4)')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Save Invoice' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Invoice uploaded and recorded successfully! Inventory updated.' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: invoiceNumber });
  await expect(row).toContainText('Northern Glass Co');
  await expect(row).toContainText('04/09/2026');
  await expect(row).toContainText('$1,042.00');
  await expect(row.getByRole('link', { name: /View File/ })).toBeVisible();
  const file = await page.request.get(await row.getByRole('link', { name: /View File/ }).getAttribute('href').then(String));
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/png');

  // The detail view shows the line items and the stock now.
  await row.getByRole('link', { name: invoiceNumber, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${invoiceNumber}` })).toBeVisible();
  const line = page.getByRole('row').filter({ hasText: partNumber });
  await expect(line.getByRole('cell')).toHaveText([partNumber, 'Windshield acoustic', '3', '$329.00', '$987.00', '3']);
  await expectNoAxeViolations(page);

  // The inventory page (spec table: Part #, Description, Quantity, Price, Supplier, Date Added) shows the new stock.
  await page.goto(`/admin/inventory?q=${encodeURIComponent(partNumber)}`);
  const headers = (await page.getByRole('columnheader').allTextContents()).map((h) => h.trim());
  const column = (name: string) => headers.findIndex((h) => h.startsWith(name));
  for (const name of ['Part #', 'Description', 'Quantity', 'Price', 'Supplier', 'Date Added']) expect(column(name), name).toBeGreaterThanOrEqual(0);
  const cells = page.getByRole('row').filter({ hasText: partNumber }).locator('th, td');
  await expect(cells.nth(column('Part #'))).toHaveText(partNumber);
  await expect(cells.nth(column('Quantity'))).toHaveText('3');
  await expect(cells.nth(column('Price'))).toHaveText('$329.00');
  await expect(cells.nth(column('Supplier'))).toHaveText('Northern Glass Co');
});

test('reading can be cancelled, and everything can be entered by hand', async ({ page }) => {
  test.setTimeout(60_000);
  await openInvoices(page);
  await page.getByLabel('Invoice image or PDF (required, up to 15 MB)').setInputFiles(fixturePath('05-serif-many-rows.png'));
  await page.getByRole('button', { name: 'Read Invoice' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Uploading the file|Reading the invoice/ })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Reading the invoice was cancelled.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Read Invoice' })).toBeEnabled();

  const invoiceNumber = `HAND-${suffix()}`;
  await page.getByLabel('Invoice # (required)').fill(invoiceNumber);
  await page.getByLabel('Supplier (required)').fill('Walk-in Parts Counter');
  await page.getByLabel('Invoice Date (required)').fill('2026-06-30');
  await page.getByLabel('Part # (row 1)').fill(`H-${suffix()}`);
  await page.getByLabel('Description (row 1)').fill('Door handle');
  await page.getByLabel('Qty (row 1)').fill('1');
  await page.getByLabel('Unit Price (row 1)').fill('19.99');
  await page.getByRole('button', { name: 'Save Invoice' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Invoice uploaded and recorded successfully! Inventory updated.' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: invoiceNumber })).toContainText('N/A');
});

test('an empty, an oversized or a non-invoice file gets a clear message and nothing is saved', async ({ page }) => {
  // Handing a 15 MB buffer to the browser took past the default 30 s once on this 2-core machine beside the other
  // browser worker (CI 2026-12-07 14:13, passed on its retry in 21 s): the upload's own time, not the server's.
  test.setTimeout(60_000);
  await openInvoices(page);
  const input = page.getByLabel('Invoice image or PDF (required, up to 15 MB)');
  await input.setInputFiles({ name: 'empty.png', mimeType: 'image/png', buffer: Buffer.alloc(0) });
  await page.getByRole('button', { name: 'Read Invoice' }).click();
  await expect(page.getByRole('alert')).toHaveText('The selected file is empty (0 bytes). Please choose the invoice image or PDF again.');
  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(15 * 1024 * 1024 + 1) });
  await page.getByRole('button', { name: 'Read Invoice' }).click();
  await expect(page.getByRole('alert')).toHaveText('The file is larger than 15 MB. Please upload a smaller image or PDF.');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some notes, not an invoice') });
  await page.getByRole('button', { name: 'Read Invoice' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^This file is not an image or a PDF\./);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('read, add a row and save with plain form posts', async ({ page }) => {
    test.setTimeout(90_000);
    await openInvoices(page);
    await page.getByLabel('Invoice image or PDF (required, up to 15 MB)').setInputFiles(fixturePath('06-receipt-mono.png'));
    await page.getByRole('button', { name: 'Read Invoice' }).click();
    // This receipt's first part number is read right but with low confidence (74 %), and the table's second read
    // disputes a word too, so the read ends with the "check the marked cells" warning rather than the success message
    // (issue 18): the no-JS flow is what is tested here.
    await expect(page.getByText(/\d+ cells? of the parts table (was|were) read with low confidence and marked ⚠\./)).toBeVisible({ timeout: 45_000 });
    await expect(page.getByLabel('Supplier (required)')).toHaveValue('Quick Fasteners');
    const invoiceNumber = `R-${suffix()}`;
    await page.getByLabel('Invoice # (required)').fill(invoiceNumber);
    await page.getByRole('button', { name: 'Add Row' }).click();
    await expect(page.getByLabel('Invoice # (required)')).toHaveValue(invoiceNumber);
    await expect(page.getByLabel('Part # (row 5)')).toBeVisible();
    await page.getByRole('button', { name: 'Save Invoice' }).click();
    await expect(page.getByText('Invoice uploaded and recorded successfully! Inventory updated.')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: invoiceNumber })).toContainText('Quick Fasteners');
  });
});

test('customers and visitors cannot reach invoices or their files', async ({ page }) => {
  await page.goto('/admin/invoices');
  await expect(page).toHaveURL(/\/login/);
  expect((await page.request.get('/files/invoices/not-a-uuid', { maxRedirects: 0 })).status()).toBe(302);
  await logIn(page, DEMO_CUSTOMER);
  await expect(page).toHaveURL(/\/portal$/);
  await page.goto('/admin/invoices');
  await expect(page).toHaveURL(/\/portal$/);
  const res = await page.request.get('/files/invoices/00000000-0000-4000-8000-000000000000', { maxRedirects: 0 });
  expect([302, 303]).toContain(res.status());
});
