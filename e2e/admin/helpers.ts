/** Back-office browser-test helpers: admin sign-in, a fresh customer with a vehicle and work order, the .eml outbox. */
import crypto from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { DEMO_ADMIN, logIn, uniqueEmail } from '../support/fixtures';

export async function logInAsAdmin(page: Page) {
  await logIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
}

/** A 17-character VIN unique per call (check digit not needed by the back office). */
export function uniqueVin(): string {
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  return `1HG${Array.from({ length: 14 }, () => alphabet[crypto.randomInt(alphabet.length)]).join('')}`;
}

/**
 * Creates a customer with a vehicle through the Add Customer page, then a work order on the customer page;
 * returns the work order page's URL and the numbers used.
 */
export async function createCustomerWithWorkOrder(page: Page) {
  const email = uniqueEmail('bo');
  const name = `E2E ${crypto.randomBytes(3).toString('hex')}`;
  await page.goto('/admin/customers/add');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Year').fill('2020');
  await page.getByLabel('Make').fill('Mazda');
  await page.getByLabel('Model').fill('CX-5');
  await page.getByLabel('VIN').fill(uniqueVin());
  await page.getByRole('button', { name: 'Add Customer' }).click();
  await expect(page.getByText('Customer and vehicle added successfully.')).toBeVisible();
  await page.getByRole('link', { name: 'Open the new customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const number = `WO-E${crypto.randomBytes(4).toString('hex')}`;
  await page.getByText('Create New Work Order').click();
  await page.getByLabel('Work order number').fill(number);
  await page.getByLabel('Description').fill('Rear bumper');
  await page.getByRole('button', { name: 'Create Work Order' }).click();
  await expect(page.getByText('New work order created successfully!')).toBeVisible();
  await page.getByRole('link', { name: `WO #${number}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Work Order #${number}` })).toBeVisible();
  return { email, name, number, url: page.url() };
}

