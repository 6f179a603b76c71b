import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/fixtures';

const cards = (page: Page) => page.locator('details.service-card');
const card = (page: Page, title: string) => cards(page).filter({ hasText: title });
const openCount = (page: Page) => page.locator('details.service-card[open]').count();

test.describe('home page', () => {
  for (const js of [true, false]) {
    test.describe(`JavaScript ${js ? 'on' : 'off'}`, () => {
      test.use({ javaScriptEnabled: js });

      test('sections 1-8 in order with the hero buttons, trust banner and Find Us', async ({ page }) => {
        await page.goto('/');
        const headings = await page.locator('main h1, main h2').allTextContents();
        expect(headings).toEqual([
          'Trusted Collision Repairin Spring, Texas',
          'What We Repair',
          'See the Difference',
          'What Our Customers Say',
          'Meet the Owner',
          'Need Help Now?',
          'Find Us',
        ]);
        await expect(page.getByRole('link', { name: 'Schedule Estimate' })).toHaveAttribute('href', '/book');
        await expect(page.getByRole('link', { name: 'View Services' })).toHaveAttribute('href', '/services/collision-repair');
        const banner = page.getByRole('region', { name: 'Why drivers trust us' });
        for (const phrase of ['Family-Owned', 'Veteran Operated', 'No Surprises', 'Fast Turnaround', 'OEM Standards', 'Paint Matching', 'Local Trusted Experts']) {
          await expect(banner.locator('ul').first()).toContainText(phrase);
        }
        await expect(page.getByRole('link', { name: 'Book My Estimate' })).toHaveAttribute('href', '/book');
        // JS on: the map frame is added when its section nears the viewport, never before the first paint.
        if (js) await expect(page.locator('iframe[title^="Map of"]')).toHaveCount(0);
        await page.locator('#find-us-heading').scrollIntoViewIfNeeded();
        const map = page.locator('iframe[title^="Map of"]');
        await expect(map).toHaveAttribute('height', '400');
        expect(await map.evaluate((el) => el.getBoundingClientRect().height)).toBe(400);
        const directions = page.getByRole('link', { name: /Get Directions/ }).first();
        await expect(directions).toHaveAttribute('target', '_blank');
        await expect(page.locator('main a[href="tel:+12815550143"]').first()).toBeVisible();
      });

      test('service cards: one open at a time, click toggles, highlighted when open, keyboard operable', async ({ page }) => {
        await page.goto('/');
        expect(await openCount(page)).toBe(0);
        const collision = card(page, 'Collision Repairs');
        const paint = card(page, 'Paint & Refinishing');
        await collision.locator('summary').click();
        await expect(collision).toHaveAttribute('open', '');
        await expect(collision.getByText(/Insurance claims or out-of-pocket/)).toBeVisible();
        const highlighted = await collision.evaluate((el) => getComputedStyle(el).borderColor);
        const plain = await paint.evaluate((el) => getComputedStyle(el).borderColor);
        expect(highlighted).not.toBe(plain);

        await paint.locator('summary').click();
        await expect(paint).toHaveAttribute('open', '');
        await expect(collision).not.toHaveAttribute('open', '');
        expect(await openCount(page)).toBe(1);

        await paint.locator('summary').click();
        expect(await openCount(page)).toBe(0);

        await card(page, 'Routine Maintenance').locator('summary').focus();
        await page.keyboard.press('Enter');
        await expect(card(page, 'Routine Maintenance')).toHaveAttribute('open', '');
        await page.keyboard.press('Space');
        expect(await openCount(page)).toBe(0);
      });

      test('before/after swaps on hover, on focus and on tap, labelled Hover to Reveal', async ({ page }) => {
        await page.goto('/');
        const block = page.locator('details.before-after');
        await block.scrollIntoViewIfNeeded();
        await expect(block.getByText('Hover to Reveal')).toBeVisible();
        const after = block.locator('img.after');
        const opacity = () => after.evaluate((el) => Number(getComputedStyle(el).opacity));
        await expect.poll(opacity).toBe(0);
        await block.locator('summary').hover();
        await expect.poll(opacity).toBe(1);
        await page.mouse.move(0, 0);
        await expect.poll(opacity).toBe(0);
        await block.locator('summary').focus();
        await expect.poll(opacity).toBe(1);
        await block.locator('summary').blur();
        await expect.poll(opacity).toBe(0);
        await block.locator('summary').click({ position: { x: 20, y: 20 } });
        await page.mouse.move(0, 0);
        await block.locator('summary').blur();
        await expect(block).toHaveAttribute('open', '');
        await expect.poll(opacity).toBe(1);
        await expect(block.getByRole('img', { name: /^After:/ })).toBeAttached();
        await expect(page.getByRole('link', { name: 'schedule your own estimate' })).toHaveAttribute('href', '/contact');
      });
    });
  }

  test('without JavaScript every testimonial is listed and the carousel controls are hidden', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const slides = page.locator('[data-slide]');
    await expect(slides).toHaveCount(5);
    for (let i = 0; i < 5; i += 1) await expect(slides.nth(i)).toBeVisible();
    await expect(page.getByRole('button', { name: /Next/ })).toBeHidden();
    await context.close();
  });
});

test.describe('testimonial carousel (JavaScript on)', () => {
  const status = (page: Page) => page.locator('[data-carousel-status]');
  const visibleQuote = (page: Page) => page.locator('[data-slide]:visible');

  test('previous and next wrap at both ends with a 0.6 s fade and slide', async ({ page }) => {
    await page.goto('/');
    await page.locator('[data-carousel]').scrollIntoViewIfNeeded();
    await expect(status(page)).toHaveText('1 of 5');
    await expect(visibleQuote(page)).toHaveCount(1);
    await expect(visibleQuote(page)).toContainText('Jessica R.');
    const transition = await visibleQuote(page).evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(transition).toContain('0.6s');

    await page.getByRole('button', { name: 'Previous testimonial' }).click();
    await expect(status(page)).toHaveText('5 of 5');
    await expect(visibleQuote(page)).toContainText('Ana M.');
    await page.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(status(page)).toHaveText('1 of 5');
    await expect(visibleQuote(page)).toContainText('Jessica R.');
    await page.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(visibleQuote(page)).toContainText('Marcus T.');
    await expectNoAxeViolations(page);
  });

  test('advances by itself every 12 s and pauses on hover and focus', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(status(page)).toHaveText('1 of 5');
    // Stop the fake clock from following real time, then restart the carousel's timer (leaving the carousel does).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
    const carousel = page.locator('[data-carousel]');
    await carousel.hover();
    await page.mouse.move(0, 0);
    const current = async () => Number((await status(page).textContent())?.split(' ')[0]);
    const start = await current();
    const after = (n: number) => `${((start - 1 + n) % 5) + 1} of 5`;
    await page.clock.runFor(11_000);
    await expect(status(page)).toHaveText(after(0));
    await page.clock.runFor(1_000);
    await expect(status(page)).toHaveText(after(1));
    await page.clock.runFor(1_300);
    await expect(visibleQuote(page)).toHaveCount(1);

    await carousel.hover();
    await page.clock.runFor(30_000);
    await expect(status(page)).toHaveText(after(1));
    await page.mouse.move(0, 0);
    await page.clock.runFor(12_000);
    await expect(status(page)).toHaveText(after(2));

    await page.getByRole('button', { name: 'Next testimonial' }).focus();
    await page.mouse.move(0, 0);
    await page.clock.runFor(30_000);
    await expect(status(page)).toHaveText(after(2));
  });

  test('does not auto-advance or animate under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await page.clock.runFor(40_000);
    await expect(status(page)).toHaveText('1 of 5');
    await page.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(status(page)).toHaveText('2 of 5');
    await expect(visibleQuote(page)).toContainText('Marcus T.');
    expect(await page.locator('.reveal-pending').count()).toBe(0);
  });
});

test.describe('entrance animations', () => {
  test('sections below the fold fade in once, in 800 ms, when scrolled to', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto('/');
    const owner = page.locator('section[aria-labelledby="owner-heading"]');
    await expect(owner).toHaveClass(/reveal-pending/);
    await owner.scrollIntoViewIfNeeded();
    await expect(owner).toHaveClass(/reveal-done/);
    await expect(owner).not.toHaveClass(/reveal-pending/);
    expect(await owner.evaluate((el) => getComputedStyle(el).transitionDuration)).toContain('0.8s');
    await page.evaluate(() => window.scrollTo(0, 0));
    await owner.scrollIntoViewIfNeeded();
    await expect(owner).not.toHaveClass(/reveal-pending/);
  });
});
