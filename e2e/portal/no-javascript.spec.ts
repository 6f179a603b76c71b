/**
 * The portal without JavaScript: adding a vehicle posts natively, errors come back next to the fields, and success lands
 * straight on My Vehicles with 'Vehicle added successfully!'.
 */
import { expect, test } from '@playwright/test';
import { register, uniqueEmail } from '../support/fixtures';

test.use({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });

test('adding a vehicle without JavaScript', async ({ page }) => {
  await register(page, uniqueEmail('nojs'));

  await page.goto('/portal/add-vehicle');
  await page.getByLabel('Make').fill('Mazda');
  await page.getByLabel('Model').fill('CX-5');
  await page.getByLabel('Year').fill('2019');
  await page.getByLabel('Year').evaluate((el) => el.removeAttribute('min'));
  await page.getByLabel('Year').fill('1899');
  await page.getByLabel('VIN').fill('JM3KFBCM0K0000001');
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(page.getByText('Year must be a number from 1900 to next year.')).toBeVisible();
  await expect(page.getByLabel('Make')).toHaveValue('Mazda');

  const vin = `JM3${Date.now().toString(36).toUpperCase()}`.padEnd(17, '7').slice(0, 17);
  await page.getByLabel('Year').fill('2019');
  await page.getByLabel('VIN').fill(vin);
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(page).toHaveURL(/\/portal\/my-vehicles\?added=1$/);
  await expect(page.getByRole('status')).toHaveText('Vehicle added successfully!');
  await expect(page.getByRole('link', { name: /2019 Mazda CX-5/ })).toContainText(vin);
});
