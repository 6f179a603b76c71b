/**
 * Appointments in the back office (issue 16 §3), in Chromium against the built server: a booking with two damage
 * photos (written into the server's database and 'booking-photos' folder while it is stopped, as the booking form
 * would leave them — the form itself is another part of the issue), then staff open the week view, see the booking,
 * open it, check in with the VIN the booking lacked, and land on the new work order with both photos; and the same
 * pages with JavaScript off (confirm, then check in a booking that has its VIN).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from '../support/fixtures';
import { ServerProcess } from '../support/server-process';
import { uniqueVin } from './helpers';

const server = new ServerProcess();
const name = `Booker ${crypto.randomBytes(3).toString('hex')}`;
const appointmentId = crypto.randomUUID();
const secondName = `Walkup ${crypto.randomBytes(3).toString('hex')}`;
const secondVin = uniqueVin();

// Long flows (sign-in, calendar, axe, check-in with photo copies) on a shared 2-core machine: more than the default 30 s.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await server.start(); // migrates and seeds the demo data
  await server.kill();
  const startsAt = new Date();
  await server.query(
    `INSERT INTO appointments (id, type, starts_at, ends_at, name, phone, phone_e164, email, vehicle_year, vehicle_make,
       vehicle_model, insurer, claim_number, description, manage_token_hash, sms_consent_text, sms_consent_at)
     VALUES ($1, 'estimate', $2, $3, $4, '(281) 555-0199', '+12815550199', $5, 2018, 'Subaru', 'Outback', 'Acme Mutual',
       'AM-5521', 'Scraped the left door on a post.', $6, 'I agree to repair status texts.', now())`,
    [appointmentId, startsAt, new Date(startsAt.getTime() + 30 * 60_000), name, `${name.replace(' ', '.').toLowerCase()}@example.com`, crypto.randomBytes(32).toString('hex')],
  );
  await server.query(
    `INSERT INTO appointments (type, starts_at, ends_at, name, phone, phone_e164, email, vehicle_year, vehicle_make,
       vehicle_model, vin, description, manage_token_hash)
     VALUES ('drop_off', $1, $2, $3, '(281) 555-0177', '+12815550177', $4, 2021, 'Ford', 'F-150', $5, 'Hail damage.', $6)`,
    [startsAt, new Date(startsAt.getTime() + 30 * 60_000), secondName, `walkup-${crypto.randomBytes(3).toString('hex')}@example.com`, secondVin, crypto.randomBytes(32).toString('hex')],
  );
  for (const [i, color] of ['#a33', '#36a'].entries()) {
    const key = `appointments/${appointmentId}/${i}-door.jpg`;
    const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: color } }).jpeg().toBuffer();
    const file = path.join(server.dataDir, 'files', 'booking-photos', ...key.split('/'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
    await server.query(
      `INSERT INTO appointment_photos (appointment_id, file_key, file_name, content_type, size_bytes, position) VALUES ($1, $2, $3, 'image/jpeg', $4, $5)`,
      [appointmentId, key, `door-${i}.jpg`, bytes.length, i],
    );
  }
  await server.start();
});

// eslint-disable-next-line no-empty-pattern -- Playwright requires a destructured fixtures argument
test.afterEach(({}, testInfo) => {
  // On failure, the server's error lines say why (they are JSON log lines of the private server).
  if (testInfo.status !== testInfo.expectedStatus) {
    for (const line of server.logs.filter((l) => l.level >= 50)) console.log(JSON.stringify(line).slice(0, 2000));
  }
});

test.afterAll(async () => {
  await server.dispose();
});

test('staff open the week view, check a booking in and land on the work order with its photos', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('demo-admin-pass');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('link', { name: /new booking/ })).toBeVisible();

  await page.getByRole('navigation').getByRole('link', { name: 'Appointments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Week of / })).toBeVisible();
  const card = page.getByRole('article', { name: `Estimate appointment, ${name}` });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: '(281) 555-0199' })).toHaveAttribute('href', 'tel:+12815550199');
  await expect(card.getByText('2018 Subaru Outback')).toBeVisible();
  await expect(card.getByText('Insurance: Acme Mutual · claim AM-5521')).toBeVisible();
  const thumbs = card.getByRole('img', { name: /^Damage: door-/ });
  await expect(thumbs).toHaveCount(2);
  // The thumbnails really load (staff-only route, sharp-made WebP).
  await expect.poll(() => thumbs.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Next week' }).click();
  await expect(page.getByRole('article', { name: `Estimate appointment, ${name}` })).toHaveCount(0);
  await page.getByRole('link', { name: 'Today' }).click();

  await page.getByRole('article', { name: `Estimate appointment, ${name}` }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Appointment: ${name}` })).toBeVisible();
  await expect(page.getByText('No customer on file has this phone number or e-mail address.')).toBeVisible();

  await expectNoAxeViolations(page);

  // The booking has no VIN: a short one is refused with the field message, then the real one goes through.
  await page.getByLabel('VIN').fill('1HGCM82633A0043');
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByText('A VIN has 17 characters: letters and digits, no I, O or Q.')).toBeVisible();
  await page.getByLabel('VIN').fill(uniqueVin());
  await page.getByRole('button', { name: 'Check in' }).click();

  await expect(page).toHaveURL(/\/admin\/work-orders\/details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Work Order #WO-/ })).toBeVisible();
  const photos = page.getByRole('region', { name: 'Repair photos' }).getByRole('img');
  await expect(photos).toHaveCount(2);
  await expect(page.getByRole('img', { name: 'door-0.jpg' })).toBeVisible();
  await expect.poll(() => photos.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Back on the appointment: checked in, linked to the work order, no check-in form any more.
  await page.goto(`/admin/appointments/${appointmentId}`);
  await expect(page.getByText('Checked in', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the work order' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check in' })).toHaveCount(0);
  await context.close();
});

test('without JavaScript: the week view, confirm, and check in', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('demo-admin-pass');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/appointments?view=day');
  const card = page.getByRole('article', { name: `Drop-off appointment, ${secondName}` });
  await expect(card.getByText('Booked', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Appointment confirmed.')).toBeVisible();
  await expect(page.getByRole('article', { name: `Drop-off appointment, ${secondName}` }).getByText('Confirmed', { exact: true })).toBeVisible();
  await page.getByRole('article', { name: `Drop-off appointment, ${secondName}` }).getByRole('link', { name: secondName }).click();
  await expect(page.getByLabel('VIN')).toHaveValue(secondVin);
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(page).toHaveURL(/\/admin\/work-orders\/details\/[0-9a-f-]{36}$/);
  await expect(page.getByText('2021 Ford F-150').first()).toBeVisible();
  await context.close();
});
