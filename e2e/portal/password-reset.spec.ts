/** Password reset from the login page: the request page answers the same for any address; bad links say so. axe-core on both. */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, uniqueEmail } from '../support/fixtures';

test.use({ viewport: { width: 375, height: 812 } });

test('forgot and reset password pages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Email').fill(uniqueEmail('forgot'));
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for that e-mail address');
  await page.goto('/reset-password?error=INVALID_TOKEN');
  await expect(page.getByRole('alert')).toContainText('This reset link is not valid or has expired.');
  await expectNoAxeViolations(page);
});
