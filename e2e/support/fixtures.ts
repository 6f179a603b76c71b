/**
 * Shared browser-test helpers: demo sign-in details (the server under test seeds the demo shop), unique e-mails,
 * registration and sign-in through the real forms, and an axe-core check that fails on any violation.
 */
import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { waitForMailLink } from './outbox';

export const DEMO_ADMIN = { email: 'admin@example.com', password: 'demo-admin-pass' };
export const DEMO_CUSTOMER = { email: 'maria.gonzalez@example.com', password: 'demo-customer-pass' };

export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.com`;

export async function logIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Fills the register form and waits for its answer: 'Check your e-mail' (the same for every address, issue 6). */
export async function submitRegistration(page: Page, email: string, password = 'a-long-password') {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
}

/**
 * Registers a new account and confirms its address by opening the e-mailed link in the same browser (sign-up itself
 * never signs in, and a password signs in only once the address is confirmed, issue 13), which lands on /portal.
 * `dataDir` is the data folder of the server under test (its mail outbox); default the shared server's.
 */
export async function register(page: Page, email = uniqueEmail(), password = 'a-long-password', dataDir?: string) {
  await submitRegistration(page, email, password);
  await page.goto(await waitForMailLink(email, 'Confirm your e-mail address', dataDir ? { dataDir } : {}));
  await expect(page).toHaveURL(/\/portal$/);
  return { email, password };
}

/** Runs axe-core (WCAG 2.1 A/AA rules) on the page and fails listing every violation. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary).toEqual([]);
}
