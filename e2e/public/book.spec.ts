/**
 * Online booking end to end (issue 16 §2) in Chromium on a phone viewport, with JavaScript on and off: pick a day and a
 * time, fill in the form, attach a damage photo, book; the confirmation page shows the appointment; the confirmation
 * e-mail is written with its `.ics` attachment, whose times match the booking; the
 * manage link from the e-mail opens that booking and cancels it. Axe finds nothing on /book.
 *
 * Uses the shared built server; with no SMTP_URL its mail worker writes each message as an `.eml` file into
 * DATA_DIR/mail (the same Nodemailer message an SMTP server receives; e2e/support/outbox.ts), read here with its
 * attachment. Needs the build, like every spec here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from '../support/fixtures';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

/** The shared server's data folder (playwright.config.ts). */
const dataDir = () => process.env.E2E_DATA_DIR ?? '';

/** The raw message to `to` in the shared server's outbox (DATA_DIR/mail, written by its mail worker). */
async function waitForMail(to: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const dir = path.join(dataDir(), 'mail');
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      if (raw.includes(`To: ${to}`)) return raw;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to}`);
}

/** The decoded .ics attachment of a raw message, unfolded (RFC 5545 3.1), as name → value. */
function icsOf(raw: string): Record<string, string> {
  const match = /filename=appointment\.ics\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n(?:\r?\n|--)/.exec(raw);
  if (!match) throw new Error('no .ics attachment');
  const text = Buffer.from(match[1]!.replace(/\s/g, ''), 'base64').toString('utf8').replace(/\r\n[ \t]/g, '');
  const out: Record<string, string> = {};
  for (const line of text.split(/\r\n/)) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).split(';')[0]!] ??= line.slice(i + 1);
  }
  return out;
}
const photoFiles = () => {
  const dir = path.join(dataDir(), 'files', 'booking-photos');
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.jpg')).length : 0;
};
const icsDate = (v: string) => new Date(v.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
const quotedPrintable = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

for (const javaScriptEnabled of [true, false]) {
  test.describe(`booking on a phone, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, javaScriptEnabled });

    test('pick a day and time, send a photo, get the confirmation page and the e-mail with its .ics, then cancel', async ({ page }, testInfo) => {
      const photosBefore = photoFiles();
      const email = `driver-${javaScriptEnabled ? 'js' : 'nojs'}-${Date.now()}@example.com`;
      await page.goto('/book');
      await expect(page.getByRole('heading', { level: 1, name: 'Book an Estimate' })).toBeVisible();
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      // Pick the second day with free times: with the script the times change in place, without it "Show times" reloads.
      const day = page.getByLabel('Day');
      const second = await day.locator('option').nth(1).getAttribute('value');
      await day.selectOption(second!);
      if (javaScriptEnabled) {
        await expect(page.getByRole('button', { name: 'Show times' })).toBeHidden();
      } else {
        await page.getByRole('button', { name: 'Show times' }).click();
        await expect(page).toHaveURL(new RegExp(`day=${second}`));
      }
      await expect(page.locator('[data-slot-legend]')).toContainText('Free times on');
      const firstTime = page.locator('[data-slot-times] label').first();
      const timeLabel = (await firstTime.textContent())!.trim();
      const slotValue = await firstTime.locator('input').getAttribute('value');
      expect(slotValue!.startsWith(second!.slice(0, 8))).toBe(true);
      await firstTime.click();

      await page.getByLabel('Drop off my vehicle').check();
      await page.getByLabel('Name').fill('Jane Driver');
      await page.getByLabel('Phone').fill('(281) 555-0147');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Year').fill('2021');
      await page.getByLabel('Make').fill('Toyota');
      await page.getByLabel(/^Model/).fill('Camry');
      await page.getByLabel('What happened? Describe the damage').fill('Rear bumper pushed in at a parking lot.');
      const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#b33' } }).jpeg().toBuffer();
      await page.getByLabel('Photos of the damage').setInputFiles({ name: 'bumper.jpg', mimeType: 'image/jpeg', buffer: photo });
      await page.getByLabel(/Text me about my appointment/).check();
      await page.getByRole('button', { name: 'Book My Appointment' }).click();

      await expect(page).toHaveURL(/\/book\/manage\/[A-Za-z0-9_-]{43}\?booked=1$/);
      await expect(page.getByRole('status')).toHaveText('You are booked. We have sent a confirmation by e-mail.');
      await expect(page.locator('dl')).toContainText(timeLabel);
      await expect(page.locator('dl')).toContainText('2021 Toyota Camry');
      const managePath = new URL(page.url()).pathname;

      // The photo was stored in the booking-photos bucket (one more file than before this booking).
      expect(photoFiles()).toBe(photosBefore + 1);

      const raw = await waitForMail(email);
      expect(raw).toMatch(/Subject: Booked: Drop off my vehicle/);
      const ics = icsOf(raw);
      expect(icsDate(ics.DTSTART!).toISOString()).toBe(new Date(slotValue!).toISOString());
      expect(icsDate(ics.DTEND!).getTime() - icsDate(ics.DTSTART!).getTime()).toBe(30 * 60_000);
      const link = quotedPrintable(raw).match(/https?:\/\/[^\s"<>]+\/book\/manage\/[A-Za-z0-9_-]{43}/)![0];
      expect(new URL(link).pathname).toBe(managePath);
      expect(ics.URL).toBe(link);

      await page.goto(link);
      await page.getByRole('button', { name: 'Cancel My Appointment' }).click();
      await expect(page.getByRole('status')).toHaveText('Your appointment is cancelled.');
      await expect(page.locator('dl')).toContainText('Cancelled');
      testInfo.annotations.push({ type: 'booked', description: `${timeLabel} ${slotValue}` });
    });
  });
}
