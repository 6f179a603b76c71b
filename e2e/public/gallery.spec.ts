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
      await expect(page.locator('a[data-reel]')).toHaveCount(9);
      await expect(filters.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');

      await filters.getByRole('link', { name: 'Painting' }).click();
      await expect(page).toHaveURL(/\?category=painting$/);
      await expect(filters.getByRole('link', { name: 'Painting' })).toHaveAttribute('aria-current', 'page');
      const categories = await page.locator('[data-category]').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-category')))]);
      expect(categories).toEqual(['painting']);
      await expect(page.locator('article')).toHaveCount(3);
      await expect(page.locator('a[data-reel]')).toHaveCount(3);

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

test('reels are placeholders: nothing from a third party loads until one is clicked (JavaScript on)', async ({ page }) => {
  const thirdParty: string[] = [];
  page.on('request', (r) => {
    const host = new URL(r.url()).hostname;
    if (host !== '127.0.0.1') thirdParty.push(r.url());
  });
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Player</title><p>Player</p>' }),
  );
  await page.goto('/repair-gallery?category=collision');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  expect(thirdParty).toEqual([]);
  await expect(page.locator('iframe')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Play video: Bumper replacement start to finish' }).click();
  const player = page.locator('iframe[title="Bumper replacement start to finish"]');
  await expect(player).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/.+autoplay=1/);
  await expect(page.locator('iframe')).toHaveCount(1);
  await expect(page).toHaveURL(/\/repair-gallery\?category=collision$/);
});

test('without JavaScript a reel is a link to the video in a new tab', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/repair-gallery');
  const reel = page.getByRole('link', { name: 'Play video: Colour matching in the mixing room' });
  await expect(reel).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/watch\?v=/);
  await expect(reel).toHaveAttribute('target', '_blank');
  await expect(page.locator('iframe')).toHaveCount(0);
  await context.close();
});
