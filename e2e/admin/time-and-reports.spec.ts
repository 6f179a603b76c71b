/**
 * Technician time and reports in a browser (issue 17 §3, §4): on a phone-sized screen, one tap clocks in and one tap
 * clocks out on the work order page — also with JavaScript off (plain form POST) — and the entry and touch time show;
 * the reports page shows its figures with their definitions and offers the CSV.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/fixtures';
import { createCustomerWithWorkOrder, logInAsAdmin } from './helpers';

// One open clock per user: the tests share the demo owner, so they run one after another.
test.describe.configure({ mode: 'serial' });

test.describe('technician time on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('clock in and out with one tap each; the entry and touch time appear', async ({ page }) => {
    await logInAsAdmin(page);
    const wo = await createCustomerWithWorkOrder(page);
    const clockIn = page.getByRole('button', { name: `Clock in on ${wo.number}` });
    const box = await clockIn.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await clockIn.click();
    await expect(page.getByText(`Clocked in on ${wo.number}.`)).toBeVisible();
    await expect(page.getByText('clocked in now')).toBeVisible();
    await page.getByRole('button', { name: `Clock out on ${wo.number}` }).click();
    await expect(page.getByText(new RegExp(`Clocked out of ${wo.number}`))).toBeVisible();
    await expect(page.getByText(/Touch time: \d+\.\d h/)).toBeVisible();
    await expect(page.getByText('clocked in now')).toHaveCount(0);
    // The owner's correction form is there (closed) and the page passes the accessibility check.
    await expect(page.getByText('Correct this entry')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('the clock button is a plain form post', async ({ page }) => {
    await logInAsAdmin(page);
    const wo = await createCustomerWithWorkOrder(page);
    await page.getByRole('button', { name: `Clock in on ${wo.number}` }).click();
    await expect(page.getByText(`Clocked in on ${wo.number}.`)).toBeVisible();
    await page.getByRole('button', { name: `Clock out on ${wo.number}` }).click();
    await expect(page.getByText(new RegExp(`Clocked out of ${wo.number}`))).toBeVisible();
  });
});

test('the reports page shows figures with definitions and a CSV link', async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto('/admin/reports?from=2026-01-01&to=2026-12-31');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByText(/Key-to-key days: from arrival to delivery/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Days in each stage' })).toBeVisible();
  await expectNoAxeViolations(page);
  const csv = page.getByRole('link', { name: 'Download CSV' });
  await expect(csv).toHaveAttribute('href', '/admin/reports.csv?from=2026-01-01&to=2026-12-31');
  const response = await page.request.get('/admin/reports.csv?from=2026-01-01&to=2026-12-31');
  expect(response.status()).toBe(200);
  expect((await response.text()).split('\r\n')[0]).toBe('section,figure,value,unit,definition');
  await page.goto('/admin/reports?from=2026-12-31&to=2026-01-01');
  await expect(page.getByText('The end date must not be before the start date.')).toBeVisible();
});
