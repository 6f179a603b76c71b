import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_CUSTOMER, expectNoAxeViolations, logIn } from '../support/fixtures';
import { MARKETING_PAGES } from './helpers';

test.describe('every marketing page', () => {
  for (const { path, h1 } of MARKETING_PAGES) {
    test(`${path}: HTML-first (only the enhancement script), meta tags, canonical, JSON-LD and no axe violations`, async ({ page, baseURL }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);

      const scripts = await page.locator('script').evaluateAll((els) => els.map((e) => ({ type: e.getAttribute('type'), src: e.getAttribute('src') })));
      const executable = scripts.filter((s) => s.type !== 'application/ld+json');
      expect(executable).toHaveLength(1);
      expect(executable[0]!.src).toMatch(/^\/assets\/enhance-[a-f0-9]+\.js$/);
      expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
      expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);

      const title = await page.title();
      expect(title.length).toBeGreaterThan(5);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0).toBeGreaterThan(40);
      const canonical = `${baseURL}${path}`;
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${baseURL}/images/og-image.png`);

      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
      expect(jsonLd).toMatchObject({
        '@type': 'AutoBodyShop',
        name: 'C.A.R.S Collision & Refinish',
        telephone: '(281) 555-0143',
        address: { addressLocality: 'Spring', addressRegion: 'TX', postalCode: '77388' },
        geo: { '@type': 'GeoCoordinates' },
        openingHours: ['Mo-Fr 08:00-18:00'],
      });
      // Marketing pages are kept by the page cache: the same HTML for everyone, so no per-request nonce in it.
      expect(await page.locator('script[nonce]').count()).toBe(0);

      await expectNoAxeViolations(page);
    });
  }

  test('titles and descriptions are unique; the home title is the spec’s', async ({ page }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const { path } of MARKETING_PAGES) {
      await page.goto(path);
      titles.add(await page.title());
      descriptions.add((await page.locator('meta[name="description"]').getAttribute('content')) ?? '');
    }
    expect(titles.size).toBe(MARKETING_PAGES.length);
    expect(descriptions.size).toBe(MARKETING_PAGES.length);
    await page.goto('/');
    await expect(page).toHaveTitle('C.A.R.S Collision & Refinish | Home');
  });

  test('no link on a public page points at a missing route', async ({ page, request }) => {
    const seen = new Set<string>();
    for (const { path } of MARKETING_PAGES) {
      await page.goto(path);
      const hrefs = await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      hrefs.forEach((h) => seen.add(h.split('#')[0]!));
    }
    for (const href of seen) {
      const response = await request.get(href, { maxRedirects: 0 });
      expect(response.status(), href).toBeLessThan(400);
    }
  });

  test('the shop facts are the same in header, footer, contact, about and the structured data', async ({ page }) => {
    for (const path of ['/', '/contact', '/about', '/services']) {
      await page.goto(path);
      await expect(page.locator('footer')).toContainText('(281) 555-0143');
      await expect(page.locator('footer')).toContainText('Spring, TX 77388');
      await expect(page.locator('footer')).toContainText('Mon–Fri: 8:00 AM – 6:00 PM');
      await expect(page.locator('footer')).toContainText('Saturday by appointment');
      await expect(page.locator('header a[href^="tel:"]')).toHaveAttribute('href', 'tel:+12815550143');
    }
    for (const path of ['/contact', '/about']) {
      await page.goto(path);
      await expect(page.locator('main')).toContainText('Mon–Fri: 8:00 AM – 6:00 PM');
      await expect(page.locator('main')).toContainText('service@carscollision.example');
    }
  });
});

test.describe('search engines', () => {
  test('sitemap.xml lists every public page with its canonical URL; robots.txt keeps out /portal and /admin', async ({ request, baseURL }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const { path } of MARKETING_PAGES) expect(sitemap).toContain(`<loc>${baseURL}${path}</loc>`);
    expect(sitemap).toContain(`<loc>${baseURL}/login</loc>`);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /portal');
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test('portal pages send noindex', async ({ page }) => {
    await logIn(page, DEMO_CUSTOMER);
    await expect(page).toHaveURL(/\/portal$/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  test('login and register still hydrate (framework scripts present)', async ({ page }) => {
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(true);
      expect(await page.locator('script[src*="enhance-"]').count()).toBe(0);
    }
  });
});

test.describe('old links and unknown paths', () => {
  for (const js of [true, false]) {
    test.describe(`JavaScript ${js ? 'on' : 'off'}`, () => {
      test.use({ javaScriptEnabled: js });

      test('old paths answer 301 and land on their pages', async ({ page, request }) => {
        for (const [from, to, h1] of [
          ['/collision-repair', '/services/collision-repair', 'Collision Repair'],
          ['/repairgallery', '/repair-gallery', 'Repair Gallery'],
          ['/repair-photos', '/repair-gallery', 'Repair Gallery'],
        ] as const) {
          const response = await request.get(from, { maxRedirects: 0 });
          expect(response.status()).toBe(301);
          await page.goto(from);
          await expect(page).toHaveURL(new RegExp(`${to}$`));
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
        }
      });

      test('an unknown path renders the branded 404 page with status 404', async ({ page }) => {
        const response = await page.goto('/no-such-page/at-all');
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
        await expect(page.locator('header')).toBeVisible();
        await expect(page.getByRole('link', { name: 'Our Services' })).toBeVisible();
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
        if (js) await expectNoAxeViolations(page);
      });
    });
  }
});

test('a shop replaces a built-in image by dropping a file of the same name into DATA_DIR/site-images', async ({ request }) => {
  const builtIn = Buffer.from(await (await request.get('/images/og-image.png')).body());
  expect(builtIn.length).toBeGreaterThan(1000);
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'site-images');
  fs.mkdirSync(dir, { recursive: true });
  // A 1×1 PNG standing in for the shop's own preview image.
  const own = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  fs.writeFileSync(path.join(dir, 'og-image.png'), own);
  const response = await request.get('/images/og-image.png');
  expect(response.status()).toBe(200);
  expect(Buffer.from(await response.body()).equals(own)).toBe(true);
  const webp = await request.get('/images/before-800.webp');
  expect(webp.headers()['content-type']).toBe('image/webp');
});
