import { expect, test } from '@playwright/test';

for (const js of [true, false]) {
  test.describe(`header, JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js });

    test('mobile menu at 375 px: opens, lists every page, closes with Escape and an outside click', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/about');
      const menu = page.locator('#mobile-menu');
      await expect(menu).toBeHidden();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(menu).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Mobile' });
      for (const name of ['Home', 'About', 'All Services', 'Collision Repair', 'Paint & Refinish', 'Custom Paint & Unique Projects', 'Paintless Dent Repair', 'Spray-In Bedliners & Accessories', 'Light Mechanical Repairs', 'Contact', 'Repair Gallery', 'Financing', 'Customer Login']) {
        await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      }
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(menu).toBeVisible();
      await page.mouse.click(5, 780);
      await expect(menu).toBeHidden();
      await page.getByRole('button', { name: 'Menu' }).click();
      await nav.getByRole('link', { name: 'Repair Gallery' }).click();
      await expect(page).toHaveURL(/\/repair-gallery$/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });

    test('Services dropdown: All Services and the six pages; outside click and Escape close it', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/');
      const menu = page.locator('#services-menu');
      const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Services/ });
      await button.click();
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('link')).toHaveText([
        'All Services',
        'Collision Repair',
        'Paint & Refinish',
        'Custom Paint & Unique Projects',
        'Paintless Dent Repair',
        'Spray-In Bedliners & Accessories',
        'Light Mechanical Repairs',
      ]);
      await page.mouse.click(1275, 400);
      await expect(menu).toBeHidden();
      await button.click();
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(menu).toBeVisible();
      await menu.getByRole('link', { name: 'Paintless Dent Repair' }).click();
      await expect(page).toHaveURL(/\/services\/paintless-dent-repair$/);
      await expect(page.getByText(/under 6 inches/).first()).toBeVisible();
      await expect(page.locator('main a[href^="/repair-gallery"]').first()).toBeVisible();
    });
  });
}
