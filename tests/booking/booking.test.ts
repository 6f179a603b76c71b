/**
 * Online booking (issue 16 §2) against a real database (PGlite; PostgreSQL with a pool of 10 connections in CI's
 * PostgreSQL pass, where the 50-visitor race is a real race), real files and a real SMTP server on loopback.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_TEXTS, type BookingForm } from '~/lib/schemas/booking';
import {
  bookAppointment,
  bookingReminderJob,
  cancelBooking,
  getBookingByToken,
  hashManageToken,
  listFreeSlots,
  manageTokenFor,
  rescheduleBooking,
  SlotUnavailableError,
} from '~/server/booking/booking.server';
import { BOOKING_PHOTO_BUCKET, prepareBookingPhotos } from '~/server/booking/booking-photos.server';
import { appointmentPhotos, appointments, jobs } from '~/server/db/schema';
import { DomainError } from '~/server/errors.server';
import { processDueJobs } from '~/server/jobs/job-queue.server';
import { processDueMail } from '~/server/mail/mail-queue.server';
import type { Slot } from '~/server/booking/slots';
import { createLocalStorage, setStorage } from '~/server/storage/storage.server';
import type { UploadedFile } from '~/server/uploads/upload.server';
import { settle } from '../setup/factories';
import { withTestSmtp } from '../setup/smtp';
import { withTestDatabase } from '../setup/test-db';

const t = withTestDatabase();
const smtp = withTestSmtp();
beforeAll(() => setStorage(createLocalStorage(path.join(t.dataDir, 'storage'))));

let ipCounter = 0;
const nextIp = () => `10.16.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
const photo = (name = 'bumper.jpg', bytes: Uint8Array = JPEG, mime: string | null = 'image/jpeg'): UploadedFile => ({
  fieldName: 'photos',
  fileName: name,
  sniffedType: mime ? { mime, ext: mime.split('/')[1]! } : null,
  size: bytes.byteLength,
  bytes,
});

function form(slot: Date, overrides: Partial<BookingForm> = {}): Omit<BookingForm, 'website'> {
  return {
    type: 'estimate',
    slot,
    name: 'Jane Driver',
    phone: '(281) 555-0147',
    email: `jane-${Math.random().toString(36).slice(2)}@example.com`,
    vehicleYear: 2021,
    vehicleMake: 'Toyota',
    vehicleModel: 'Camry',
    vin: null,
    insurer: 'Acme Mutual',
    claimNumber: 'CL-1',
    description: 'Rear bumper pushed in.',
    smsConsent: true,
    ...overrides,
  };
}

/** Free slots at least two days out (so the reminder, due 24 hours before, lies in the future). */
async function laterSlots(n: number, skip = 0): Promise<Slot[]> {
  const { days } = await listFreeSlots();
  const twoDays = Date.now() + 2 * 86_400_000;
  return days
    .flatMap((d) => d.slots)
    .filter((s) => s.startsAt.getTime() > twoDays)
    .slice(skip, skip + n);
}

const bookingFiles = () => {
  const dir = path.join(t.dataDir, 'storage', BOOKING_PHOTO_BUCKET);
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('.')) : [];
};

/** RFC 5545 lines unfolded and split into name → value (first occurrence), escapes undone. */
function parseIcs(text: string): Record<string, string> {
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  const out: Record<string, string> = {};
  for (const line of unfolded.split(/\r\n/)) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).split(';')[0]!;
    out[name] ??= line.slice(colon + 1).replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1');
  }
  return out;
}
const icsDate = (v: string) => new Date(v.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));

describe('bookAppointment', () => {
  it('stores the booking with its photo, consent text and token hash, and mails a confirmation with a valid .ics', async () => {
    const [slot] = await laterSlots(1);
    const input = form(slot!.startsAt);
    const { appointmentId, manageToken } = await bookAppointment({ ...input, ip: nextIp(), photos: [photo()] });

    expect(Buffer.from(manageToken, 'base64url').byteLength).toBe(32);
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, appointmentId));
    expect(row).toMatchObject({ status: 'booked', source: 'online', phoneE164: '+12815550147', vehicleMake: 'Toyota', readAt: null });
    expect(row!.manageTokenHash).toBe(hashManageToken(manageToken));
    expect(row!.manageTokenHash).not.toContain(manageToken);
    expect(row!.smsConsentText).toContain('Reply STOP to opt out');
    expect(row!.smsConsentAt).toBeInstanceOf(Date);
    expect(row!.endsAt.getTime() - row!.startsAt.getTime()).toBe(30 * 60_000);
    const photos = await t.db.select().from(appointmentPhotos).where(eq(appointmentPhotos.appointmentId, appointmentId));
    expect(photos).toHaveLength(1);
    expect(fs.existsSync(path.join(t.dataDir, 'storage', BOOKING_PHOTO_BUCKET, photos[0]!.fileKey))).toBe(true);

    // The reminder waits until 24 hours before.
    const [reminder] = await t.db.select().from(jobs).where(eq(jobs.dedupeKey, `booking-reminder:${appointmentId}`));
    expect(reminder!.runAt.getTime()).toBe(row!.startsAt.getTime() - 86_400_000);

    smtp().messages.length = 0;
    await processDueMail();
    const message = smtp().messages.find((m) => m.to.includes(input.email));
    expect(message).toBeDefined();
    expect(message!.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8/i);
    expect(message!.raw).toContain('filename=appointment.ics');
    const base64 = /filename=appointment\.ics\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n(?:\r?\n|--)/.exec(message!.raw)?.[1];
    const ics = parseIcs(Buffer.from(base64!.replace(/\s/g, ''), 'base64').toString('utf8'));
    expect(icsDate(ics.DTSTART!).getTime()).toBe(row!.startsAt.getTime());
    expect(icsDate(ics.DTEND!).getTime()).toBe(row!.endsAt.getTime());
    expect(ics.UID).toBe(`${appointmentId}@localhost`);
    expect(ics.SUMMARY).toContain('Free estimate');
    expect(ics.URL).toBe(`${t.config.appUrl}/book/manage/${manageToken}`);
    expect(ics.DESCRIPTION).toContain('Rear bumper pushed in.');
  });

  it('refuses a time in the past, beyond 60 days and off the grid, writing nothing', async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(appointments))[0]!.n;
    const filesBefore = bookingFiles().length;
    for (const [slot, text] of [
      [new Date(Date.now() - 86_400_000), BOOKING_TEXTS.slotPast],
      [new Date(Date.now() + 70 * 86_400_000), BOOKING_TEXTS.slotTooFar],
    ] as const) {
      const { thrown } = await settle(() => bookAppointment({ ...form(slot), ip: nextIp(), photos: [photo()] }));
      expect(thrown).toBeInstanceOf(SlotUnavailableError);
      expect((thrown as Error).message).toBe(text);
    }
    const [slot] = await laterSlots(1);
    const off = new Date(slot!.startsAt.getTime() + 7 * 60_000);
    const { thrown } = await settle(() => bookAppointment({ ...form(off), ip: nextIp(), photos: [photo()] }));
    expect((thrown as SlotUnavailableError).problem).toBe('not_a_slot');
    expect((thrown as SlotUnavailableError).nextSlots.length).toBeGreaterThan(0);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(appointments))[0]!.n).toBe(before);
    expect(bookingFiles().length).toBe(filesBefore);
  });

  it('refuses 11 photos, a file that is not an image and a broken HEIC with clear messages, storing nothing', async () => {
    const [slot] = await laterSlots(1, 3);
    const filesBefore = bookingFiles().length;
    const eleven = Array.from({ length: 11 }, (_, i) => photo(`p${i}.jpg`));
    const cases: [UploadedFile[], string][] = [
      [eleven, BOOKING_TEXTS.tooManyPhotos],
      [[photo(), photo('virus.jpg', new Uint8Array([0x4d, 0x5a, 0x90, 0]), null)], BOOKING_TEXTS.notAnImage],
      [[photo('doc.pdf', new Uint8Array([0x25, 0x50, 0x44, 0x46]), 'application/pdf')], BOOKING_TEXTS.notAnImage],
      [[photo('IMG_0001.HEIC', new Uint8Array(64), 'image/heic')], BOOKING_TEXTS.heicFailed],
    ];
    for (const [photos, text] of cases) {
      const { thrown } = await settle(() => bookAppointment({ ...form(slot!.startsAt), ip: nextIp(), photos }));
      expect(thrown).toBeInstanceOf(DomainError);
      expect((thrown as DomainError).field).toBe('photos');
      expect((thrown as Error).message).toBe(text);
    }
    expect(bookingFiles().length).toBe(filesBefore);
    expect(await t.db.select().from(appointments).where(eq(appointments.startsAt, slot!.startsAt))).toEqual([]);
  });

  it('limits bookings per address (5 an hour)', async () => {
    const ip = nextIp();
    const slots = await laterSlots(6, 10);
    for (let i = 0; i < 5; i++) await bookAppointment({ ...form(slots[i]!.startsAt), ip, photos: [] });
    const { thrown } = await settle(() => bookAppointment({ ...form(slots[5]!.startsAt), ip, photos: [] }));
    expect((thrown as DomainError).status).toBe(429);
    expect((thrown as Error).message).toBe(BOOKING_TEXTS.rateLimited);
  });

  it('gives the last place of a slot to exactly one of 50 visitors at once; the others get the next free slots', async () => {
    const [slot] = await laterSlots(1, 20);
    await bookAppointment({ ...form(slot!.startsAt), ip: nextIp(), photos: [] }); // capacity 2: one place left
    const filesBefore = bookingFiles().length;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => bookAppointment({ ...form(slot!.startsAt), ip: nextIp(), photos: [photo()] })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const r of lost) {
      expect(r.reason).toBeInstanceOf(SlotUnavailableError);
      expect(r.reason.message).toBe(BOOKING_TEXTS.slotTaken);
      expect(r.reason.nextSlots.length).toBeGreaterThan(0);
      expect(r.reason.nextSlots.some((s: Slot) => s.startsAt.getTime() === slot!.startsAt.getTime())).toBe(false);
    }
    const held = await t.db.select().from(appointments).where(eq(appointments.startsAt, slot!.startsAt));
    expect(held).toHaveLength(2);
    // Only the winner's photo is kept: the losers' files were removed (or never written).
    expect(bookingFiles().length).toBe(filesBefore + 1);
  });
});

describe('manage link', () => {
  it('opens only its own booking; a token of one booking never opens another', async () => {
    const [a, b] = await laterSlots(2, 30);
    const first = await bookAppointment({ ...form(a!.startsAt), ip: nextIp(), photos: [] });
    const second = await bookAppointment({ ...form(b!.startsAt, { name: 'Other Person' }), ip: nextIp(), photos: [] });
    expect((await getBookingByToken(first.manageToken)).id).toBe(first.appointmentId);
    expect((await getBookingByToken(second.manageToken)).id).toBe(second.appointmentId);
    expect(first.manageToken).toBe(manageTokenFor(first.appointmentId));
    for (const bad of ['', 'x', first.manageToken.slice(0, -1) + (first.manageToken.endsWith('A') ? 'B' : 'A'), hashManageToken(first.manageToken), first.appointmentId]) {
      const { thrown } = await settle(() => getBookingByToken(bad));
      expect((thrown as DomainError).status).toBe(404);
    }
    // Cancelling with the first token leaves the second booking alone.
    await cancelBooking(first.manageToken);
    const rows = await t.db.select({ id: appointments.id, status: appointments.status }).from(appointments).where(sql`${appointments.id} in (${first.appointmentId}, ${second.appointmentId})`);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [first.appointmentId]: 'cancelled', [second.appointmentId]: 'booked' });
    expect((await getBookingByToken(first.manageToken)).changeable).toBe(false);
    const { thrown } = await settle(() => cancelBooking(first.manageToken));
    expect((thrown as DomainError).status).toBe(409);
  });

  it('cancelling frees the place and drops the reminder', async () => {
    const [slot] = await laterSlots(1, 40);
    const one = await bookAppointment({ ...form(slot!.startsAt), ip: nextIp(), photos: [] });
    const two = await bookAppointment({ ...form(slot!.startsAt), ip: nextIp(), photos: [] });
    const { thrown } = await settle(() => bookAppointment({ ...form(slot!.startsAt), ip: nextIp(), photos: [] }));
    expect(thrown).toBeInstanceOf(SlotUnavailableError);
    await cancelBooking(one.manageToken);
    const [job] = await t.db.select().from(jobs).where(and(eq(jobs.kind, 'booking_reminder'), sql`${jobs.payload}->>'appointmentId' = ${one.appointmentId}`));
    expect(job!.state).toBe('cancelled');
    await bookAppointment({ ...form(slot!.startsAt), ip: nextIp(), photos: [] });
    expect(two.appointmentId).toBeTruthy();
  });

  it('reschedules under the capacity check, moves the reminder and sends a new confirmation', async () => {
    const [from, full, to] = await laterSlots(3, 50);
    const mine = await bookAppointment({ ...form(from!.startsAt), ip: nextIp(), photos: [] });
    await bookAppointment({ ...form(full!.startsAt), ip: nextIp(), photos: [] });
    await bookAppointment({ ...form(full!.startsAt), ip: nextIp(), photos: [] });
    const { thrown } = await settle(() => rescheduleBooking(mine.manageToken, full!.startsAt));
    expect(thrown).toBeInstanceOf(SlotUnavailableError);
    expect((thrown as Error).message).toBe(BOOKING_TEXTS.slotTaken);

    await rescheduleBooking(mine.manageToken, to!.startsAt);
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, mine.appointmentId));
    expect(row!.startsAt.getTime()).toBe(to!.startsAt.getTime());
    const reminders = await t.db.select().from(jobs).where(and(eq(jobs.kind, 'booking_reminder'), sql`${jobs.payload}->>'appointmentId' = ${mine.appointmentId}`));
    expect(reminders.map((j) => j.state).sort()).toEqual(['cancelled', 'queued']);
    const queued = reminders.find((j) => j.state === 'queued')!;
    expect(queued.runAt.getTime()).toBe(to!.startsAt.getTime() - 86_400_000);
    const confirmations = await t.db.select().from(jobs).where(and(eq(jobs.kind, 'mail'), sql`${jobs.payload}->>'to' = ${row!.email}`));
    expect(confirmations).toHaveLength(2);
  });
});

describe('reminder job', () => {
  const runReminders = async () => {
    await t.db.update(jobs).set({ runAt: sql`now()` }).where(and(eq(jobs.kind, 'booking_reminder'), eq(jobs.state, 'queued')));
    return processDueJobs(100, [bookingReminderJob.kind]);
  };

  it('mails the reminder with the manage link, and drops it for a cancelled, no-show or moved appointment', async () => {
    const slots = await laterSlots(4, 60);
    const kept = await bookAppointment({ ...form(slots[0]!.startsAt), ip: nextIp(), photos: [] });
    const cancelled = await bookAppointment({ ...form(slots[1]!.startsAt), ip: nextIp(), photos: [] });
    const noShow = await bookAppointment({ ...form(slots[2]!.startsAt), ip: nextIp(), photos: [] });
    const moved = await bookAppointment({ ...form(slots[3]!.startsAt), ip: nextIp(), photos: [] });
    // Staff actions (the appointments helper's pages) change the rows directly here.
    await t.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, cancelled.appointmentId));
    await t.db.update(appointments).set({ status: 'no_show' }).where(eq(appointments.id, noShow.appointmentId));
    await t.db.update(appointments).set({ startsAt: slots[0]!.startsAt, endsAt: slots[0]!.endsAt }).where(eq(appointments.id, moved.appointmentId));
    await runReminders();
    const states = await t.db
      .select({ id: sql<string>`${jobs.payload}->>'appointmentId'`, state: jobs.state, lastError: jobs.lastError })
      .from(jobs)
      .where(eq(jobs.kind, 'booking_reminder'));
    const byId = Object.fromEntries(states.map((s) => [s.id, s]));
    expect(byId[kept.appointmentId]!.state).toBe('done');
    expect(byId[cancelled.appointmentId]).toMatchObject({ state: 'cancelled', lastError: 'The appointment is cancelled.' });
    expect(byId[noShow.appointmentId]).toMatchObject({ state: 'cancelled', lastError: 'The appointment is no-show.' });
    expect(byId[moved.appointmentId]).toMatchObject({ state: 'cancelled', lastError: 'The appointment was moved.' });

    const [keptRow] = await t.db.select().from(appointments).where(eq(appointments.id, kept.appointmentId));
    smtp().messages.length = 0;
    await processDueMail(100);
    const reminder = smtp().messages.find((m) => m.to.includes(keptRow!.email) && /Subject: Reminder/.test(m.raw));
    expect(reminder).toBeDefined();
    expect(reminder!.raw.replace(/=\r?\n/g, '')).toContain(`/book/manage/${kept.manageToken}`);
  });
});

describe('damage photos from an iPhone', () => {
  it('converts a HEIC photo to JPEG before storing it', async () => {
    const heic = new Uint8Array(fs.readFileSync(path.join(process.cwd(), 'tests/fixtures/images/iphone-photo.heic')));
    const [prepared] = await prepareBookingPhotos([photo('IMG_0420.HEIC', heic, 'image/heic')]);
    expect(prepared).toMatchObject({ contentType: 'image/jpeg', ext: 'jpg', fileName: 'IMG_0420.jpg' });
    const meta = await sharp(Buffer.from(prepared!.bytes)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
  });
});
