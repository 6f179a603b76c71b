import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/fixtures';

for (const js of [true, false]) {
  test.describe(`repair gallery, JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js });

    test('category buttons filter on the server, state in ?category=, keyboard operable', async ({ page }) => {
      await page.goto('/repair-gallery');
      const filters = page.getByRole('navigation', { name: 'Gallery categories' });
      await expect(filters.getByRole('link')).toHaveText(['Collision', 'Painting', 'Maintenance', 'All']);
      await expect(page.locator('article')).toHaveCount(8);
      // The demo's gallery photos (issue 16: /admin/site); no video reels until the shop sets its own.
      await expect(page.locator('[data-photo]')).toHaveCount(3);
      await expect(page.locator('a[data-reel]')).toHaveCount(0);
      if (js) await expectNoAxeViolations(page);
      await expect(filters.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');

      await filters.getByRole('link', { name: 'Painting' }).click();
      await expect(page).toHaveURL(/\?category=painting$/);
      await expect(filters.getByRole('link', { name: 'Painting' })).toHaveAttribute('aria-current', 'page');
      const categories = await page.locator('[data-category]').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-category')))]);
      expect(categories).toEqual(['painting']);
      await expect(page.locator('article')).toHaveCount(3);
      await expect(page.locator('[data-photo]')).toHaveCount(1);
      await expect(page.locator('[data-photo] img')).toHaveAttribute('loading', 'lazy');

      await filters.getByRole('link', { name: 'Maintenance' }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\?category=maintenance$/);
      await expect(page.locator('article')).toHaveCount(2);

      await filters.getByRole('link', { name: 'All' }).click();
      await expect(page).toHaveURL(/\/repair-gallery$/);
      await expect(page.locator('article')).toHaveCount(8);
      await expect(page.getByRole('link', { name: 'Get an Estimate' })).toHaveAttribute('href', '/contact');

      await page.goto('/repair-gallery?category=bogus');
      await expect(page.locator('article')).toHaveCount(8);
    });
  });
}

// The video reels' click-to-play behaviour is tested with reels set at /admin/site: e2e/admin/site-content.spec.ts.
