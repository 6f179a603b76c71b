/**
 * Estimates in the browser (issue 14), on the shared server with the demo settings:
 * - staff write an estimate for a walk-in customer who then registers (the confirmed account links to the staff
 *   record), with a claim, check the totals and send it; the customer opens it from the e-mail, is refused without
 *   consent, approves and signs; staff see the signature, and the PDF and the approval certificate are read back
 *   (the certificate names the signer and carries the SHA-256 of the very PDF file downloaded); axe-core on both
 *   estimate pages; another customer gets a 403 and a customer is sent away from the editor;
 * - a Mitchell BMS file imported as a new work order lands on the editor with its lines and the file's totals, and a
 *   file that is not XML is answered with a message, not a 500.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pdfText } from '../../tests/estimates/pdf-text';
import { expectNoAxeViolations, register } from '../support/fixtures';
import { waitForMailLink } from '../support/outbox';
import { createCustomerWithWorkOrder, logInAsAdmin } from './helpers';

const BMS_FIXTURE = path.resolve(import.meta.dirname, '../../tests/fixtures/bms/mitchell-593475061.xml');

/**
 * Expected figures with the demo shop settings (shop-settings.server.ts defaults): body and refinish labor $58.00/h,
 * paint & materials $42.00 per refinish hour, tax 8.25 % on parts and materials, rounded once per document, half up.
 *   part:      2 × $205.50                        = $411.00
 *   body:      2.5 h × $58.00 (blank rate)        = $145.00
 *   refinish:  1.5 h × $58.00 (blank rate)        =  $87.00
 *   materials: 1.5 refinish h × $42.00 (at rate)  =  $63.00
 *   subtotal   411.00 + 145.00 + 87.00 + 63.00    = $706.00  (labor $232.00)
 *   taxable    parts 411.00 + materials 63.00     = $474.00
 *   tax        47 400 ¢ × 8.25 % = 3 910.5 ¢ → half up = 3 911 ¢ = $39.11 (the price is chosen to land on a half cent)
 *   total      706.00 + 39.11                     = $745.11
 *   claim with a $500.00 deductible, no customer-pay lines: customer pays $500.00, insurance pays 745.11 − 500 = $245.11
 */
const EXPECTED = {
  parts: '$411.00',
  body: '$145.00',
  refinish: '$87.00',
  materials: '$63.00',
  labor: '$232.00',
  subtotal: '$706.00',
  taxLabel: 'Tax 8.25% on $474.00',
  tax: '$39.11',
  total: '$745.11',
  deductible: '$500.00',
  insurancePays: '$245.11',
  customerPays: '$500.00',
};

const PART_DESCRIPTION = 'Pare-chocs avant 🚗';
const SIGNER = 'Zoë Lévesque-Martin';

/** The `<details>` of one "Add …" line form on the editor (its summary is exactly `summary`), opened. */
async function addLineForm(page: Page, summary: string): Promise<Locator> {
  const details = page.locator('details').filter({ has: page.locator('summary', { hasText: new RegExp(`^${summary}$`) }) });
  await expect(details).toHaveCount(1);
  if (!(await details.evaluate((el: HTMLDetailsElement) => el.open))) await details.locator('summary').click();
  return details;
}

/** The figure of one row of a totals block (`<dl aria-label="Totals">`), by its exact label. */
function totalsRow(totals: Locator, label: string | RegExp): Locator {
  const exact = typeof label === 'string' ? new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&')}$`) : label;
  return totals.locator('div').filter({ has: totals.page().locator('dt', { hasText: exact }) }).locator('dd');
}

async function expectTotals(totals: Locator) {
  await expect(totalsRow(totals, 'Parts')).toHaveText(EXPECTED.parts);
  await expect(totalsRow(totals, 'Labor')).toHaveText(EXPECTED.labor);
  await expect(totalsRow(totals, 'Paint & materials')).toHaveText(EXPECTED.materials);
  await expect(totalsRow(totals, 'Subtotal')).toHaveText(EXPECTED.subtotal);
  await expect(totalsRow(totals, EXPECTED.taxLabel)).toHaveText(EXPECTED.tax);
  await expect(totalsRow(totals, 'Total')).toHaveText(EXPECTED.total);
  await expect(totalsRow(totals, 'Deductible')).toHaveText(EXPECTED.deductible);
  await expect(totalsRow(totals, 'Insurance pays')).toHaveText(EXPECTED.insurancePays);
  await expect(totalsRow(totals, 'Customer pays')).toHaveText(EXPECTED.customerPays);
}

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

test('staff write and send an estimate, the customer approves and signs, PDFs and certificate match', async ({ page, browser }) => {
  test.setTimeout(150_000);

  // Staff create a walk-in customer (with an e-mail address) and a work order.
  await logInAsAdmin(page);
  const wo = await createCustomerWithWorkOrder(page);
  const workOrderId = /\/admin\/work-orders\/details\/([0-9a-f-]{36})/.exec(wo.url)?.[1];
  expect(workOrderId).toBeTruthy();

  // The customer registers with that address; confirming it links the account to the staff record (DECISIONS 8).
  const customer = await browser.newContext();
  const customerPage = await customer.newPage();
  await register(customerPage, wo.email);

  // The estimate editor, from the work order page.
  await page.getByRole('link', { name: 'Write the estimate' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/work-orders/${workOrderId}/estimate$`));
  await expect(page.getByRole('heading', { level: 1, name: `Estimate · WO #${wo.number}` })).toBeVisible();
  const lines = page.getByRole('table').first();

  // A part with unicode and an emoji in its description.
  let form = await addLineForm(page, 'Add parts');
  await form.getByLabel('Description').fill(PART_DESCRIPTION);
  await form.getByLabel('Part number').fill('52119-0X902');
  await form.getByLabel('Quantity').fill('2');
  await form.getByLabel('Unit price ($)').fill('205.50');
  await form.getByRole('button', { name: 'Add line' }).click();
  await expect(page.getByRole('heading', { name: /^Lines \(1 of/ })).toBeVisible();
  await expect(lines.getByRole('row').nth(1)).toContainText(PART_DESCRIPTION);
  await expect(lines.getByRole('row').nth(1)).toContainText(EXPECTED.parts);

  // Body labor with a blank rate: the shop's $58.00.
  form = await addLineForm(page, 'Add labor');
  await form.getByLabel('Operation').fill('Repair front bumper');
  await form.getByLabel('Labor type').selectOption('body');
  await form.getByLabel('Hours').fill('2.5');
  await form.getByRole('button', { name: 'Add line' }).click();
  await expect(page.getByRole('heading', { name: /^Lines \(2 of/ })).toBeVisible();
  await expect(lines.getByRole('row').nth(2)).toContainText('2.5 h × $58.00/h');
  await expect(lines.getByRole('row').nth(2)).toContainText(EXPECTED.body);

  // Refinish labor, blank rate.
  form = await addLineForm(page, 'Add labor');
  await form.getByLabel('Operation').fill('Refinish front bumper');
  await form.getByLabel('Labor type').selectOption('refinish');
  await form.getByLabel('Hours').fill('1.5');
  await form.getByLabel('Rate ($ per hour)').fill('');
  await form.getByRole('button', { name: 'Add line' }).click();
  await expect(page.getByRole('heading', { name: /^Lines \(3 of/ })).toBeVisible();
  await expect(lines.getByRole('row').nth(3)).toContainText(EXPECTED.refinish);

  // Paint & materials at the shop's rate per refinish hour.
  form = await addLineForm(page, 'Add paint & materials');
  await expect(form.getByLabel('Description')).toHaveValue('Paint & materials');
  await expect(form.getByLabel('Charged')).toHaveValue('rate');
  await form.getByRole('button', { name: 'Add line' }).click();
  await expect(page.getByRole('heading', { name: /^Lines \(4 of/ })).toBeVisible();
  await expect(lines.getByRole('row').nth(4)).toContainText('Refinish hours × $42.00/h');
  await expect(lines.getByRole('row').nth(4)).toContainText(EXPECTED.materials);

  // The insurance claim with a $500 deductible.
  await page.getByLabel('Insurance company').fill('Lone Star Mutual');
  await page.getByLabel('Claim number').fill('LSM-2026-0042');
  await page.getByLabel('Deductible ($)').fill('500');
  await page.getByRole('button', { name: 'Save claim' }).click();
  await expect(page.getByText('Lone Star Mutual · claim LSM-2026-0042')).toBeVisible();

  await expectTotals(page.locator('dl[aria-label="Totals"]'));
  await expectNoAxeViolations(page);

  // Send for approval: the customer has an account, so the e-mail links to the portal page.
  await page.getByRole('button', { name: 'Send for approval' }).click();
  await expect(page.getByText(/sent for approval\. The customer was e-mailed a link\./)).toBeVisible();
  await expect(page.getByText('Estimate version 1: Waiting for approval')).toBeVisible();

  // The customer opens the estimate from the e-mail.
  const link = await waitForMailLink(wo.email, 'approve or decline it online');
  const versionId = /\/portal\/estimates\/([0-9a-f-]{36})$/.exec(link)?.[1];
  expect(versionId, link).toBeTruthy();
  const estimatePath = `/portal/estimates/${versionId}`;
  await customerPage.goto(estimatePath);
  await expect(customerPage.getByRole('heading', { level: 1, name: 'Estimate for your 2020 Mazda CX-5' })).toBeVisible();
  await expect(customerPage.getByText(`Work order #${wo.number}`)).toBeVisible();
  // Lines grouped by type.
  await expect(customerPage.getByRole('region', { name: 'Parts' })).toContainText(PART_DESCRIPTION);
  const labor = customerPage.getByRole('region', { name: 'Labor' });
  await expect(labor.getByRole('listitem')).toHaveCount(2);
  await expect(labor).toContainText('Repair front bumper');
  await expect(labor).toContainText('Refinish front bumper');
  await expect(customerPage.getByRole('region', { name: 'Paint & materials' })).toContainText(EXPECTED.materials);
  await expectTotals(customerPage.locator('dl[aria-label="Totals"]'));
  await expectNoAxeViolations(customerPage);

  // Also reachable from Repair Updates.
  await customerPage.goto('/portal/repair-updates');
  await customerPage.getByRole('link', { name: 'Estimate (version 1)' }).click();
  await expect(customerPage).toHaveURL(new RegExp(`${estimatePath}$`));

  // Approving without the consent is refused with a message.
  await customerPage.getByLabel('Your full name (your signature)').fill(SIGNER);
  await customerPage.getByRole('button', { name: 'Approve and sign' }).click();
  await expect(customerPage.getByText('Please accept the consent to sign electronically.')).toBeVisible();
  await expect(customerPage.getByRole('alert').first()).toBeVisible();
  await expect(customerPage.getByText('Waiting for approval', { exact: true })).toBeVisible();
  await expectNoAxeViolations(customerPage);

  // With the consent and the typed name it is signed.
  await customerPage.getByLabel('I have read and agree to sign electronically.').check();
  await customerPage.getByLabel('Your full name (your signature)').fill(SIGNER);
  await customerPage.getByRole('button', { name: 'Approve and sign' }).click();
  await expect(customerPage.getByText('Thank you: your approval is signed and recorded.')).toBeVisible();
  await expect(customerPage.getByText(`Approved and signed by ${SIGNER}.`)).toBeVisible();
  await expect(customerPage.getByRole('button', { name: 'Approve and sign' })).toHaveCount(0);

  // Staff reload: approved and signed.
  await page.reload();
  const version = page.getByRole('row', { name: /Estimate · v1/ });
  await expect(version.getByRole('cell').nth(1)).toHaveText('Approved');
  await expect(version).toContainText(`Signed by ${SIGNER}`);
  await expect(page.getByText('Estimate version 1: Approved')).toBeVisible();
  await expectNoAxeViolations(page);

  // The estimate PDF and the approval certificate, downloaded with the staff session and read back.
  const pdfHref = await version.getByRole('link', { name: 'PDF', exact: true }).getAttribute('href');
  const certificateHref = await version.getByRole('link', { name: 'Approval certificate' }).getAttribute('href');
  expect(pdfHref).toMatch(/^\/files\/documents\/[0-9a-f-]{36}$/);
  expect(certificateHref).toMatch(/^\/files\/documents\/[0-9a-f-]{36}$/);
  const pdfResponse = await page.request.get(pdfHref!);
  expect(pdfResponse.status()).toBe(200);
  expect(pdfResponse.headers()['content-type']).toBe('application/pdf');
  const pdfBytes = await pdfResponse.body();
  const pdfHash = sha256(pdfBytes);
  await expect(version).toContainText(`SHA-256 ${pdfHash}`);
  const estimateText = await pdfText(pdfBytes);
  expect(estimateText).toContain(wo.number);
  expect(estimateText).toContain(EXPECTED.total);

  const certificateResponse = await page.request.get(certificateHref!);
  expect(certificateResponse.status()).toBe(200);
  const certificateText = await pdfText(await certificateResponse.body());
  expect(certificateText.replace(/\s+/g, ' ')).toContain(SIGNER);
  // The hash inside the certificate is the hash of the PDF file (a long hex string may be wrapped across lines).
  expect(certificateText.replace(/\s+/g, '')).toContain(pdfHash);

  // The customer downloads the certificate too.
  await customerPage.goto(estimatePath);
  const customerCertificate = await customerPage.getByRole('link', { name: 'Download the approval certificate' }).getAttribute('href');
  expect(customerCertificate).toBe(certificateHref);
  const fromCustomer = await customerPage.request.get(customerCertificate!);
  expect(fromCustomer.status()).toBe(200);
  expect(sha256(await fromCustomer.body())).toBe(sha256(await certificateResponse.body()));
  const customerPdf = await customerPage.request.get(
    (await customerPage.getByRole('link', { name: 'Download the PDF' }).getAttribute('href'))!,
  );
  expect(sha256(await customerPdf.body())).toBe(pdfHash);
  await expectNoAxeViolations(customerPage);

  // A customer is sent away from the estimate editor.
  await customerPage.goto(`/admin/work-orders/${workOrderId}/estimate`);
  await expect(customerPage).toHaveURL(/\/portal$/);
  await customer.close();

  // Another customer gets a 403 for this estimate and cannot download its files.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await register(otherPage);
  const forbidden = await otherPage.goto(estimatePath);
  expect(forbidden?.status()).toBe(403);
  await expect(otherPage.getByRole('alert')).toHaveText('You do not have permission to view this estimate.');
  expect(await otherPage.content()).not.toContain(PART_DESCRIPTION);
  for (const href of [pdfHref!, certificateHref!]) {
    const file = await otherPage.request.get(href);
    expect([403, 404], href).toContain(file.status());
  }
  await other.close();
});

test('a BMS file imports as a new work order with its totals; a file that is not XML gets a message', async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto('/admin/work-orders');
  await page.getByRole('link', { name: 'Import estimate (BMS)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import an estimate' })).toBeVisible();
  const number = `WO-BMS-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  await page.getByLabel('New work order number').fill(number);
  await page.getByLabel('BMS file').setInputFiles(BMS_FIXTURE);
  await page.getByRole('button', { name: 'Import estimate' }).click();
  await expect(page).toHaveURL(/\/admin\/work-orders\/[0-9a-f-]{36}\/estimate$/);
  await expect(page.getByRole('heading', { level: 1, name: `Estimate · WO #${number}` })).toBeVisible();
  await expect(page.getByText('imported from mitchell-593475061.xml')).toBeVisible();
  const heading = page.getByRole('heading', { name: /^Lines \(\d+ of/ });
  const count = Number(/\((\d+) of/.exec((await heading.textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThan(5);
  await expect(page.getByRole('table').first().getByText('Rear Bumper Cover', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Totals in the imported file' })).toBeVisible();

  // Not XML at all: the page answers with a message (400), never a server error.
  await page.goto('/admin/work-orders/import-estimate');
  await page.getByLabel('New work order number').fill(`${number}-X`);
  await page.getByLabel('BMS file').setInputFiles({ name: 'estimate.xml', mimeType: 'text/xml', buffer: Buffer.from('This is a scanned estimate, not an export.\n') });
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/admin/work-orders/import-estimate'));
  await page.getByRole('button', { name: 'Import estimate' }).click();
  expect((await answer).status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('This file is not a complete XML file.');
  await expect(page).toHaveURL(/\/admin\/work-orders\/import-estimate$/);

  // A JPEG under its own name is refused the same way.
  await page.getByLabel('BMS file').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) });
  const second = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/admin/work-orders/import-estimate'));
  await page.getByRole('button', { name: 'Import estimate' }).click();
  expect((await second).status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('This file is not a complete XML file.');
});
