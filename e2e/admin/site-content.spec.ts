/**
 * Site content from the back office (issue 16), in Chromium against a server of its own (the edits would change the
 * shared server's shop facts under other specs): the demo gallery photos show on the home page; staff edit the shop's
 * phone and a testimonial at /admin/site, with JavaScript on and off, and the public pages — already cached — show
 * the change at once.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, expectNoAxeViolations } from '../support/fixtures';
import { ServerProcess } from '../support/server-process';

const server = new ServerProcess({ LOG_LEVEL: 'warn' });

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(90_000);
  await server.start();
});
test.afterAll(async () => server.dispose());

async function signIn(page: Page) {
  await page.goto(`${server.baseURL}/login`);
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

for (const js of [true, false]) {
  test(`staff edit the phone and a testimonial; the public pages show them at once (JavaScript ${js ? 'on' : 'off'})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: js });
    const page = await context.newPage();
    const phone = js ? '(832) 555-0123' : '(832) 555-0188';
    const quote = js ? 'Fixed my bumper in two days. Spotless!' : 'They kept me posted without a single phone call.';

    // The public pages are rendered (and cached) before the edit.
    await page.goto(`${server.baseURL}/`);
    await expect(page.locator('footer')).not.toContainText(phone);
    const pair = page.locator('.before-after img[src^="/site-images/"]');
    await expect(pair).toHaveCount(2);
    await pair.first().scrollIntoViewIfNeeded();
    await expect.poll(() => pair.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await page.goto(`${server.baseURL}/contact`);

    await signIn(page);
    await page.goto(`${server.baseURL}/admin/site`);
    await page.getByLabel('Phone', { exact: true }).fill(phone);
    await page.getByRole('button', { name: 'Save shop facts' }).click();
    await expect(page.getByText('Shop facts saved: the public pages show them now.')).toBeVisible();

    await page.getByLabel('Quote of testimonial 1').fill(quote);
    await page.getByRole('button', { name: 'Save testimonial 1' }).click();
    await expect(page.getByText('Testimonial saved.')).toBeVisible();

    // A visitor (no session) sees both at once.
    const visitor = await browser.newContext({ javaScriptEnabled: js });
    const publicPage = await visitor.newPage();
    await publicPage.goto(`${server.baseURL}/`);
    await expect(publicPage.locator('footer')).toContainText(phone);
    await expect(publicPage.locator('[data-carousel-track]')).toContainText(quote);
    await publicPage.goto(`${server.baseURL}/contact`);
    await expect(publicPage.getByRole('main')).toContainText(phone);
    const jsonLd = await publicPage.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(jsonLd!)).toMatchObject({ telephone: phone });
    await visitor.close();
    await context.close();
  });
}

test('a hidden gallery item is gone from the public pages and its photos are no longer served', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.baseURL}/repair-gallery?category=maintenance`);
  const photo = page.locator('[data-photo] img').first();
  await expect(photo).toBeVisible();
  const src = (await photo.getAttribute('src'))!;
  expect((await page.request.get(`${server.baseURL}${src}`)).status()).toBe(200);

  await signIn(page);
  await page.goto(`${server.baseURL}/admin/site`);
  // The demo's third item is the maintenance photo.
  const third = page.locator('[data-gallery-item]').nth(2);
  await third.getByRole('button', { name: 'Hide' }).click();
  await expect(third.getByText('Hidden', { exact: true })).toBeVisible();

  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`${server.baseURL}/repair-gallery?category=maintenance`);
  await expect(publicPage.locator('[data-photo]')).toHaveCount(0);
  expect((await publicPage.request.get(`${server.baseURL}${src}`)).status()).toBe(404);
  await visitor.close();
  await context.close();
});

test('reels set at /admin/site are placeholders: nothing from YouTube loads until one is clicked; without JavaScript a link', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  await page.goto(`${server.baseURL}/admin/site`);
  await page.getByLabel('Video reels (YouTube)').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ\nhttps://youtu.be/abcdefghijk');
  await page.getByRole('button', { name: 'Save shop facts' }).click();
  await expect(page.getByText('Shop facts saved: the public pages show them now.')).toBeVisible();

  const thirdParty: string[] = [];
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  publicPage.on('request', (r) => {
    if (new URL(r.url()).hostname !== '127.0.0.1') thirdParty.push(r.url());
  });
  await publicPage.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Player</title><p>Player</p>' }),
  );
  await publicPage.goto(`${server.baseURL}/repair-gallery?category=painting`);
  await expect(publicPage.locator('a[data-reel]')).toHaveCount(2);
  await publicPage.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await publicPage.waitForLoadState('networkidle');
  expect(thirdParty).toEqual([]);
  await expectNoAxeViolations(publicPage);
  await publicPage.getByRole('link', { name: 'Play video: Shop video 1' }).click();
  await expect(publicPage.locator('iframe[title="Shop video 1"]')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');

  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto(`${server.baseURL}/repair-gallery`);
  const reel = plain.getByRole('link', { name: 'Play video: Shop video 2' });
  await expect(reel).toHaveAttribute('href', 'https://www.youtube.com/watch?v=abcdefghijk');
  await expect(reel).toHaveAttribute('target', '_blank');
  await expect(plain.locator('iframe')).toHaveCount(0);
  await Promise.all([noJs.close(), visitor.close(), context.close()]);
});
