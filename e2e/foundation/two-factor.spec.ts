import { expect, test } from '@playwright/test';
import { totpFor } from '../../tests/setup/totp';
import { expectNoAxeViolations, register } from '../support/fixtures';

test('a customer turns on two-factor in Settings and is asked for a code at the next sign-in', async ({ page }) => {
  const account = await register(page);
  await page.goto('/portal/settings');
  await expect(page.getByRole('heading', { name: 'Two-factor authentication is off' })).toBeVisible();
  await page.getByLabel('Your password').fill(account.password);
  await page.getByRole('button', { name: 'Set Up Two-Factor' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
  await expectNoAxeViolations(page);
  const secret = (await page.locator('code').first().textContent())!.trim();
  await page.getByLabel('Code from the app').fill(await totpFor(secret));
  await page.getByRole('button', { name: 'Turn On Two-Factor' }).click();
  await expect(page.getByRole('status')).toHaveText('Two-factor authentication is now on.');

  await page.getByRole('button', { name: 'Log Out' }).first().click();
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login\/two-factor/);
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid code');
  await page.getByLabel('Authentication code').fill(await totpFor(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/portal$/);
});
