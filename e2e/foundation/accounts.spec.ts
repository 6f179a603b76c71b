import { expect, test } from '@playwright/test';
import {
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  expectNoAxeViolations,
  logIn,
  submitRegistration,
  uniqueEmail,
} from '../support/fixtures';
import { CONFIRM_ADDRESS_FIRST } from '../../app/lib/schemas/auth';
import { waitForMailLink } from '../support/outbox';

test('a visitor registers, cannot log in before confirming, opens the link to the portal, then logs out', async ({ page }) => {
  const email = uniqueEmail('confirm');
  await submitRegistration(page, email);
  await expect(page.getByText('Open the link in this browser to keep the password you just chose.')).toBeVisible();
  await logIn(page, { email, password: 'a-long-password' });
  await expect(page.getByRole('alert')).toHaveText(CONFIRM_ADDRESS_FIRST);
  await expectNoAxeViolations(page);
  await page.goto(await waitForMailLink(email, 'Confirm your e-mail address'));
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Log Out' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/portal');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fportal$/);
});

test('registering an address that has an account looks exactly like registering a new one (no enumeration)', async ({ page }) => {
  const fresh = uniqueEmail('fresh');
  const main = page.getByRole('main');
  await submitRegistration(page, fresh);
  const forNew = (await main.innerText()).split(fresh).join('{email}');
  await expect(page).toHaveURL(/\/register$/);
  await expectNoAxeViolations(page);

  await submitRegistration(page, DEMO_CUSTOMER.email, 'someone-elses-password');
  const forExisting = (await main.innerText()).split(DEMO_CUSTOMER.email).join('{email}');
  await expect(page).toHaveURL(/\/register$/);
  expect(forExisting).toBe(forNew);
  expect(forExisting).not.toMatch(/already exists|already registered/i);
  await expect(page.getByRole('status')).toContainText(`We sent a message to ${DEMO_CUSTOMER.email}.`);

  // Without JavaScript (a plain form post, with the Origin header a browser sends) both answer 200 with the same page.
  const origin = new URL(page.url()).origin;
  const post = (email: string) => page.request.post('/register', { form: { email, password: 'a-long-password' }, headers: { Origin: origin } });
  const [a, b] = [await post(uniqueEmail('fresh')), await post(DEMO_CUSTOMER.email)];
  expect([a.status(), b.status()]).toEqual([200, 200]);
  // No session for either: only the registration cookie, the same shape for both (issue 13).
  const cookieShape = (value: string | undefined) => value?.replace(/=[\w-]+\.[\w-]+;/, '={value};');
  expect(cookieShape(a.headers()['set-cookie'])).toBe('shop_registered={value}; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax');
  expect(cookieShape(b.headers()['set-cookie'])).toBe(cookieShape(a.headers()['set-cookie']));

  // The demo customer's own password still works.
  await logIn(page, DEMO_CUSTOMER);
  await expect(page).toHaveURL(/\/portal$/);
});

test('the demo admin logs in and lands in the back office', async ({ page }) => {
  await logIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Work Orders' })).toBeVisible();
});

test('a customer opening /admin is sent to /portal', async ({ page }) => {
  await logIn(page, DEMO_CUSTOMER);
  await expect(page).toHaveURL(/\/portal$/);
  await page.goto('/admin/customers');
  await expect(page).toHaveURL(/\/portal$/);
});

test('an anonymous visitor opening /portal is sent to /login, and comes back after signing in', async ({ page }) => {
  await page.goto('/portal/my-vehicles');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fportal%2Fmy-vehicles$/);
  await page.getByLabel('Email').fill(DEMO_CUSTOMER.email);
  await page.getByLabel('Password').fill(DEMO_CUSTOMER.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/portal\/my-vehicles$/);
});

test('a wrong password shows the server message in red above the form', async ({ page }) => {
  await logIn(page, { email: DEMO_CUSTOMER.email, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown path renders the branded 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Customer Login' }).first()).toBeVisible();
});

test('login and register pages have no axe violations', async ({ page }) => {
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
});
