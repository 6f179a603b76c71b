import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, expectNoAxeViolations, logIn, uniqueEmail } from '../support/fixtures';
import { expectMailContaining, postContact, randomLoopback } from './helpers';
import { freePort } from '../../scripts/free-port';

const THANKS = 'Thank you! Your message has been sent. We will get back to you within one business day.';

async function fillContact(page: Page, values: { name: string; email: string; message: string; phone?: string }) {
  await page.getByLabel('Name', { exact: true }).fill(values.name);
  await page.getByLabel('E-mail', { exact: true }).fill(values.email);
  if (values.phone) await page.getByLabel(/Phone/).fill(values.phone);
  await page.getByLabel('Message', { exact: true }).fill(values.message);
}

const postResponse = (page: Page) => page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/contact');

for (const js of [true, false]) {
  test.describe(`contact page, JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js });

    test('the form stores the message, queues the e-mail to the shop and thanks the visitor', async ({ page }) => {
      const email = uniqueEmail('contact');
      await page.goto('/contact');
      await fillContact(page, { name: 'Pat <b>Driver</b>', email, phone: '(281) 555-0199', message: `Scraped bumper.\n<script>alert(1)</script> ${email}` });
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByRole('status').filter({ hasText: THANKS })).toBeVisible();
      await expect(page).toHaveURL(/\/contact\?sent=1/);
      await expectMailContaining(email);

      // Stored: the back office's inbox shows it, unread, as text (nothing typed is rendered as HTML).
      const staff = await page.context().browser()!.newContext({ javaScriptEnabled: true });
      const admin = await staff.newPage();
      await logIn(admin, DEMO_ADMIN);
      await expect(admin).toHaveURL(/\/admin$/);
      await admin.goto('/admin/messages');
      const item = admin.getByRole('listitem', { name: 'Unread message from Pat <b>Driver</b>' }).filter({ hasText: email });
      await expect(item).toBeVisible();
      await expect(item).toContainText('<script>alert(1)</script>');
      expect(await admin.locator('main b, main script').count()).toBe(0);
      await expectNoAxeViolations(admin);
      await item.getByRole('button', { name: /Mark as read/ }).click();
      await expect(admin.getByRole('listitem', { name: 'Message from Pat <b>Driver</b>' }).filter({ hasText: email })).toBeVisible();
      await staff.close();
    });

    test('missing and malformed fields: 400, field messages, what was typed kept', async ({ page }) => {
      await page.goto('/contact');
      // Skip the browser's own checks so the server's answer is what the test sees.
      await page.locator('form[action="/contact"]').evaluate((form) => form.setAttribute('novalidate', ''));
      await fillContact(page, { name: 'Sam', email: 'not-an-email', message: '' });
      const [response] = await Promise.all([postResponse(page), page.getByRole('button', { name: 'Send Message' }).click()]);
      expect(response.status()).toBe(400);
      await expect(page.getByText('Please enter a valid e-mail address, like name@example.com.')).toBeVisible();
      await expect(page.getByText('Please enter a message.')).toBeVisible();
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Sam');
      await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('not-an-email');
      await expect(page.getByLabel('E-mail', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      if (js) await expectNoAxeViolations(page);
    });

    test('a filled honeypot is refused with a clear message', async ({ page }) => {
      await page.goto('/contact');
      await fillContact(page, { name: 'Bot', email: uniqueEmail('bot'), message: 'Cheap pills' });
      await page.locator('input[name="website"]').evaluate((el: HTMLInputElement) => (el.value = 'http://spam.example'));
      const [response] = await Promise.all([postResponse(page), page.getByRole('button', { name: 'Send Message' }).click()]);
      expect(response.status()).toBe(400);
      await expect(page.getByRole('alert')).toHaveText('Your message could not be sent because it looked like spam. Please call us instead.');
    });

    test('FAQ: one item open at a time; clicking the open one closes it', async ({ page }) => {
      await page.goto('/contact');
      const items = page.locator('details[name="faq"]');
      expect(await items.count()).toBeGreaterThanOrEqual(4);
      await items.nth(0).locator('summary').click();
      await expect(items.nth(0)).toHaveAttribute('open', '');
      await items.nth(2).locator('summary').click();
      await expect(items.nth(2)).toHaveAttribute('open', '');
      await expect(items.nth(0)).not.toHaveAttribute('open', '');
      await items.nth(2).locator('summary').click();
      expect(await page.locator('details[name="faq"][open]').count()).toBe(0);
      await items.nth(1).locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(items.nth(1)).toHaveAttribute('open', '');
    });

    test('financing banner, map, directions, and online booking with the phone when no booking calendar is configured', async ({ page }) => {
      await page.goto('/contact');
      await expect(page.getByRole('heading', { name: 'Financing available' })).toBeVisible();
      await expect(page.getByText(/up to \$5,000 for your repair with no hard credit check/)).toBeVisible();
      await page.locator('#find-us-heading').scrollIntoViewIfNeeded();
      await expect(page.locator('iframe[title^="Map of"]')).toHaveAttribute('height', '400');
      await expect(page.getByRole('link', { name: /Get Directions/ }).first()).toHaveAttribute('target', '_blank');
      const booking = page.getByRole('region', { name: 'Book an Estimate' });
      await expect(booking.getByRole('link', { name: 'Book Online' })).toHaveAttribute('href', '/book');
      await expect(booking).toContainText('Or call us at (281) 555-0143.');
      await expect(booking.getByRole('button', { name: 'Choose a time' })).toHaveCount(0);
    });
  });
}

test('the per-address limit: five messages in ten minutes, the sixth refused with a clear message (429)', async ({ baseURL }) => {
  const address = randomLoopback();
  for (let i = 0; i < 5; i += 1) {
    const result = await postContact(baseURL!, address, { name: `Limit ${i}`, email: uniqueEmail('limit'), message: 'Hello' });
    expect(result.status).toBe(302);
  }
  const refused = await postContact(baseURL!, address, { name: 'Limit six', email: uniqueEmail('limit'), message: 'Hello again' });
  expect(refused.status).toBe(429);
  expect(refused.body).toContain('Too many messages from your connection. Please wait 10 minutes and try again, or call us.');
  expect(refused.body).toContain('value="Limit six"');
  const otherAddress = await postContact(baseURL!, randomLoopback(), { name: 'Someone else', email: uniqueEmail('limit'), message: 'Hi' });
  expect(otherAddress.status).toBe(302);
});

test('an oversized message (over 5,000 characters) gets a clear message', async ({ baseURL }) => {
  const result = await postContact(baseURL!, randomLoopback(), { name: 'Long', email: uniqueEmail('long'), message: 'x'.repeat(5001) });
  expect(result.status).toBe(400);
  expect(result.body).toContain('Your message is too long: please keep it under 5,000 characters.');
});

/** A second server under test with SCHEDULING_URL set, and a booking page served on 127.0.0.1. */
test.describe('booking calendar from configuration', () => {
  let server: ChildProcess | undefined;
  let booking: http.Server | undefined;
  let appUrl = '';
  let bookingUrl = '';

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    booking = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Booking</title><h1>Pick a time</h1>'));
    await new Promise<void>((resolve) => booking!.listen(0, '127.0.0.1', resolve));
    bookingUrl = `http://127.0.0.1:${(booking.address() as net.AddressInfo).port}/book`;
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['server.js'], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: appUrl,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-booking-')),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        BETTER_AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456',
        SCHEDULING_URL: bookingUrl,
      },
      stdio: 'ignore',
    });
    await expect.poll(async () => (await fetch(`${appUrl}/healthz`).catch(() => null))?.status ?? 0, { timeout: 60_000 }).toBe(200);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await new Promise((resolve) => booking?.close(resolve));
  });

  test('JavaScript on: the calendar loads only after “Choose a time”', async ({ page }) => {
    let requested = false;
    page.on('request', (r) => {
      if (r.url().startsWith(bookingUrl)) requested = true;
    });
    await page.goto(`${appUrl}/contact`);
    const region = page.getByRole('region', { name: 'Book an Estimate' });
    await expect(region.locator('iframe')).toHaveCount(0);
    expect(requested).toBe(false);
    await region.getByRole('button', { name: 'Choose a time' }).click();
    const frame = region.locator('iframe[title="Choose a time for your estimate"]');
    await expect(frame).toHaveAttribute('src', bookingUrl);
    await expect(page.frameLocator('iframe[title="Choose a time for your estimate"]').getByRole('heading', { name: 'Pick a time' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('JavaScript off: “Choose a time” opens the booking page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${appUrl}/contact`);
    const link = page.getByRole('link', { name: /Choose a time/ });
    await expect(link).toHaveAttribute('href', bookingUrl);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('button', { name: 'Choose a time' })).toBeHidden();
    await context.close();
  });
});
