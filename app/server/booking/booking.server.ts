/**
 * Online booking (issue 16 §2): free slots, booking with capacity under concurrency, the confirmation e-mail with its
 * `.ics`, the reminder the day before, and the visitor's manage link (cancel, reschedule).
 *
 * Capacity: `bookAppointment` and `rescheduleBooking` run one transaction that takes `pg_advisory_xact_lock` on the
 * slot's start instant, counts the appointments starting then that are not cancelled, and inserts (or moves) only
 * below `slotCapacity`. Two visitors racing for the last place are serialised by the lock: exactly one gets it, the
 * other gets {@link SlotUnavailableError} with the next free slots. The slot is checked again inside the transaction
 * against the current settings ({@link checkSlot}: the past and the lead time, beyond `bookingDaysAhead`, closures,
 * not a slot of that day).
 *
 * Manage token: HMAC-SHA256 of the appointment id under the server secret (256 bits, base64url; {@link manageTokenFor}),
 * given to the visitor on the confirmation page and in the e-mails; the database keeps only its SHA-256 (hex) in
 * `appointments.manage_token_hash`. A token opens exactly the appointment whose hash it is (unique index); it cannot
 * be guessed without the secret, and changing the secret ends every manage link.
 *
 * Spam: the route refuses a filled honeypot; here at most {@link BOOKING_LIMIT} bookings per address per hour
 * (`hitRateLimit`, the address hashed as for the contact form).
 *
 * Photos are stored before the row is written and removed when the transaction fails (booking-photos.server.ts).
 *
 * Reminder: a 'booking_reminder' job due 24 hours before the start (none when the booking is made later than that),
 * deduplicated per appointment; rescheduling cancels the waiting one and queues a new one. At send time it is dropped
 * ({@link CancelJob}) when the appointment was cancelled, marked no-show or checked in, or moved to another time.
 *
 * API: `getBookingRules`, `listFreeSlots`, `nextFreeSlots`, `bookAppointment`, `getBookingByToken`, `cancelBooking`,
 * `rescheduleBooking`, `manageTokenFor`, `hashManageToken`, `bookingIcs` (ics.server.ts), `bookingReminderJob`.
 */
import crypto from 'node:crypto';
import { and, count, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatAddress } from '~/content/shop';
import { BOOKING_TEXTS, BOOKING_TYPE_LABELS, type BookingForm } from '~/lib/schemas/booking';
import { formatAppointmentTime, formatTime } from '~/lib/format';
import { resolveAuthSecret } from '../auth/auth-secret.server';
import { getConfig } from '../config.server';
import { hashClientIp } from '../contact/send-contact-message.server';
import { getDb, type Executor } from '../db/client.server';
import { appointmentPhotos, appointments, type AppointmentStatus, type AppointmentType } from '../db/schema';
import { DomainError } from '../errors.server';
import { CancelJob, cancelQueuedJob, defineJob, enqueueJob } from '../jobs/job-queue.server';
import { loadMailTemplates } from '../mail/load-templates.server';
import { enqueueMail } from '../mail/mail-queue.server';
import type { BookingMailFacts } from '../mail/templates/booking-mail.server';
import { hitRateLimit } from '../rate-limit.server';
import { getSiteSettings, listClosures } from '../site/site-settings.server';
import { smsDisclosureText } from '../sms/consent.server';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { UploadedFile } from '../uploads/upload.server';
import { prepareBookingPhotos, removeBookingPhotos, storeBookingPhotos } from './booking-photos.server';
import { bookingIcs } from './ics.server';
import { checkSlot, freeSlots, shopToday, type Slot, type SlotDay, type SlotProblem, type SlotRules } from './slots';

/** Bookings accepted per client address per hour. */
export const BOOKING_LIMIT = 5;
export const BOOKING_WINDOW_MS = 60 * 60_000;
/** How many free slots a refusal proposes. */
export const NEXT_SLOTS_SHOWN = 5;
/** Statuses whose appointments still hold their place. */
const HOLDING: AppointmentStatus[] = ['booked', 'confirmed', 'checked_in', 'no_show'];
/** Statuses the visitor may still change online. */
const CHANGEABLE: AppointmentStatus[] = ['booked', 'confirmed'];

export class BookingRateLimitError extends DomainError {
  override readonly status = 429;
  constructor() {
    super('conflict', BOOKING_TEXTS.rateLimited);
  }
}

const PROBLEM_TEXT: Record<SlotProblem, string> = {
  full: BOOKING_TEXTS.slotTaken,
  past: BOOKING_TEXTS.slotPast,
  too_far: BOOKING_TEXTS.slotTooFar,
  closed: BOOKING_TEXTS.slotClosed,
  not_a_slot: BOOKING_TEXTS.slotInvalid,
};

/** The chosen slot cannot be booked (409, field 'slot'); `nextSlots` are the next free ones to offer instead. */
export class SlotUnavailableError extends DomainError {
  constructor(
    readonly problem: SlotProblem,
    public nextSlots: Slot[] = [],
  ) {
    super('conflict', PROBLEM_TEXT[problem], 'slot');
  }
}

/** SHA-256 hex of a manage token: what `appointments.manage_token_hash` keeps. */
export function hashManageToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * The manage token of an appointment: HMAC-SHA256 of its id under the server secret, base64url (256 bits). Derived,
 * so the reminder job can put the link in its e-mail without the token being stored anywhere; only its hash is kept.
 */
export function manageTokenFor(appointmentId: string, secret = resolveAuthSecret(getConfig())): string {
  return crypto.createHmac('sha256', secret).update(`booking-manage:v1:${appointmentId}`).digest('base64url');
}

/** The visitor's manage page for a token (absolute URL). */
export const manageUrl = (token: string) => `${getConfig().appUrl}/book/manage/${token}`;

/** The slot rules now in force: site settings (or their defaults), closures in the bookable range, the shop's zone. */
export async function getBookingRules(db: Executor = getDb(), now = new Date()): Promise<SlotRules> {
  const settings = await getSiteSettings(db);
  const timeZone = getConfig().shop.timeZone;
  const today = shopToday(now, timeZone);
  const last = shopToday(new Date(now.getTime() + (settings.bookingDaysAhead + 2) * 86_400_000), timeZone);
  const closures = await listClosures(today, last, db);
  return {
    weeklyHours: settings.weeklyHours,
    closures: closures.map((c) => c.closedOn),
    slotMinutes: settings.slotMinutes,
    capacity: settings.slotCapacity,
    daysAhead: Math.min(settings.bookingDaysAhead, 60),
    leadHours: settings.bookingLeadHours,
    timeZone,
  };
}

async function heldStarts(db: Executor, from: Date, to: Date): Promise<Date[]> {
  const rows = await db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(and(gte(appointments.startsAt, from), lte(appointments.startsAt, to), inArray(appointments.status, HOLDING)));
  return rows.map((r) => r.startsAt);
}

/** Every day from today to the last bookable one with its free slots (see slots.ts), and the rules used. */
export async function listFreeSlots(now = new Date(), db: Executor = getDb()): Promise<{ days: SlotDay[]; rules: SlotRules }> {
  const rules = await getBookingRules(db, now);
  const booked = await heldStarts(db, new Date(now.getTime() - 86_400_000), new Date(now.getTime() + (rules.daysAhead + 2) * 86_400_000));
  return { days: freeSlots(rules, booked, now), rules };
}

/** The next `n` free slots from now (offered after a refusal). */
export async function nextFreeSlots(n = NEXT_SLOTS_SHOWN, now = new Date(), db: Executor = getDb()): Promise<Slot[]> {
  const { days } = await listFreeSlots(now, db);
  return days.flatMap((d) => d.slots).slice(0, n);
}

/** Takes the slot's lock (released at commit or rollback) and returns how many appointments hold it. */
async function lockAndCount(tx: Executor, startsAt: Date, exceptId?: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`booking-slot:${startsAt.toISOString()}`}))`);
  const [row] = await tx
    .select({ n: count() })
    .from(appointments)
    .where(
      and(
        eq(appointments.startsAt, startsAt),
        inArray(appointments.status, HOLDING),
        exceptId ? ne(appointments.id, exceptId) : undefined,
      ),
    );
  return row?.n ?? 0;
}

function vehicleLabel(a: { vehicleYear: number | null; vehicleMake: string | null; vehicleModel: string | null; vin: string | null }): string {
  const parts = [a.vehicleYear ? String(a.vehicleYear) : '', a.vehicleMake ?? '', a.vehicleModel ?? ''].filter(Boolean).join(' ');
  return parts || (a.vin ? `VIN ${a.vin}` : '');
}

interface MailableAppointment {
  id: string;
  type: AppointmentType;
  startsAt: Date;
  endsAt: Date;
  name: string;
  vehicleYear: number | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  vin: string | null;
  description: string;
}

async function mailFacts(db: Executor, a: MailableAppointment, token: string): Promise<BookingMailFacts> {
  const settings = await getSiteSettings(db);
  const { shop } = getConfig();
  return {
    name: a.name,
    typeLabel: BOOKING_TYPE_LABELS[a.type],
    when: formatAppointmentTime(a.startsAt, shop.timeZone),
    vehicle: vehicleLabel(a),
    shopName: settings.name,
    shopPhone: settings.phone,
    shopAddress: formatAddress({ street: settings.street, city: settings.city, region: settings.region, postalCode: settings.postalCode }),
    manageUrl: manageUrl(token),
  };
}

async function queueConfirmation(tx: Executor, a: MailableAppointment & { email: string }, token: string, sequence: number) {
  const facts = await mailFacts(tx, a, token);
  const { renderBookingConfirmationMail } = await loadMailTemplates();
  const mail = await renderBookingConfirmationMail(facts);
  const ics = bookingIcs({ ...a, typeLabel: facts.typeLabel, shopName: facts.shopName, shopAddress: facts.shopAddress, manageUrl: facts.manageUrl, sequence });
  await enqueueMail(tx, {
    kind: 'booking_confirmation',
    to: a.email,
    ...mail,
    attachments: [{ filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8', content: Buffer.from(ics, 'utf8').toString('base64') }],
  });
}

const reminderKey = (appointmentId: string) => `booking-reminder:${appointmentId}`;

/** Queues the reminder 24 hours before `startsAt` (nothing when that moment is already past). */
async function queueReminder(tx: Executor, appointmentId: string, startsAt: Date, now: Date) {
  const runAt = new Date(startsAt.getTime() - 24 * 60 * 60_000);
  if (runAt.getTime() <= now.getTime()) return;
  await enqueueJob(tx, bookingReminderJob, { appointmentId, startsAt: startsAt.toISOString() }, { runAt, dedupeKey: reminderKey(appointmentId) });
}

export interface BookAppointmentInput extends Omit<BookingForm, 'website'> {
  /** The client address as the server saw it; undefined when unknown. */
  ip: string | undefined;
  photos: readonly UploadedFile[];
}

/**
 * Books the slot (see the module docs) and returns the new appointment's id and its manage token (shown once).
 * Throws {@link BookingRateLimitError} (429), `BookingPhotoError` (400, field 'photos'), {@link SlotUnavailableError}
 * (409, field 'slot', with the next free slots). Nothing is kept when it throws: no row, no mail, no file.
 */
export async function bookAppointment(input: BookAppointmentInput, now = new Date()): Promise<{ appointmentId: string; manageToken: string }> {
  const limit = await hitRateLimit(`booking:${hashClientIp(input.ip ?? 'unknown')}`, { limit: BOOKING_LIMIT, windowMs: BOOKING_WINDOW_MS }, { now: now.getTime() });
  if (!limit.allowed) throw new BookingRateLimitError();
  const db = getDb();
  // A first look without the lock, so a slot already gone costs no photo conversion or upload.
  const early = checkSlot(await getBookingRules(db, now), input.slot, await lockFreeCount(db, input.slot), now);
  if (early) throw new SlotUnavailableError(early, await nextFreeSlots(NEXT_SLOTS_SHOWN, now, db));

  const photos = await prepareBookingPhotos(input.photos);
  const appointmentId = crypto.randomUUID();
  const token = manageTokenFor(appointmentId);
  const hash = hashManageToken(token);
  const phone = parsePhoneNumberFromString(input.phone, 'US');
  const stored = await storeBookingPhotos(appointmentId, photos);
  try {
    await db.transaction(async (tx) => {
      const rules = await getBookingRules(tx, now);
      const held = await lockAndCount(tx, input.slot);
      const problem = checkSlot(rules, input.slot, held, now);
      if (problem) throw new SlotUnavailableError(problem);
      const consentText = input.smsConsent ? smsDisclosureText((await getSiteSettings(tx)).name) : null;
      const [row] = await tx
        .insert(appointments)
        .values({
          id: appointmentId,
          type: input.type,
          startsAt: input.slot,
          endsAt: new Date(input.slot.getTime() + rules.slotMinutes * 60_000),
          name: input.name,
          phone: input.phone,
          phoneE164: phone?.isValid() ? phone.number : null,
          email: input.email,
          vehicleYear: input.vehicleYear,
          vehicleMake: input.vehicleMake,
          vehicleModel: input.vehicleModel,
          vin: input.vin,
          insurer: input.insurer,
          claimNumber: input.claimNumber,
          description: input.description,
          smsConsentText: consentText,
          smsConsentAt: consentText ? now : null,
          manageTokenHash: hash,
          source: 'online',
        })
        .returning();
      if (stored.length) await tx.insert(appointmentPhotos).values(stored.map((p) => ({ ...p, appointmentId })));
      await queueConfirmation(tx, row!, token, 0);
      await queueReminder(tx, appointmentId, row!.startsAt, now);
    });
  } catch (error) {
    await removeBookingPhotos(stored.map((p) => p.fileKey));
    if (error instanceof SlotUnavailableError) error.nextSlots = await nextFreeSlots(NEXT_SLOTS_SHOWN, now, db);
    throw error;
  }
  return { appointmentId, manageToken: token };
}

/** The count without the lock (the early look only). */
async function lockFreeCount(db: Executor, startsAt: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(appointments)
    .where(and(eq(appointments.startsAt, startsAt), inArray(appointments.status, HOLDING)));
  return row?.n ?? 0;
}

export interface ManagedBooking {
  id: string;
  type: AppointmentType;
  status: AppointmentStatus;
  startsAt: Date;
  endsAt: Date;
  name: string;
  vehicle: string;
  /** Whether the visitor may still cancel or reschedule online (booked or confirmed, and not yet begun). */
  changeable: boolean;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

async function rowByToken(db: Executor, token: string) {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const [row] = await db.select().from(appointments).where(eq(appointments.manageTokenHash, hashManageToken(token))).limit(1);
  return row;
}

/** The appointment a manage token opens; throws DomainError 'not_found' for any other token (no hint which part failed). */
export async function getBookingByToken(token: string, now = new Date(), db: Executor = getDb()): Promise<ManagedBooking> {
  const row = await rowByToken(db, token);
  if (!row) throw new DomainError('not_found', BOOKING_TEXTS.manageNotFound);
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    name: row.name,
    vehicle: vehicleLabel(row),
    changeable: CHANGEABLE.includes(row.status) && row.startsAt.getTime() > now.getTime(),
  };
}

async function changeableRow(tx: Executor, token: string, now: Date) {
  const row = await rowByToken(tx, token);
  if (!row) throw new DomainError('not_found', BOOKING_TEXTS.manageNotFound);
  // Locks the row so a concurrent cancel and reschedule of the same booking are serialised.
  await tx.execute(sql`select 1 from ${appointments} where ${appointments.id} = ${row.id} for update`);
  const [fresh] = await tx.select().from(appointments).where(eq(appointments.id, row.id));
  if (!fresh || !CHANGEABLE.includes(fresh.status) || fresh.startsAt.getTime() <= now.getTime()) {
    throw new DomainError('conflict', BOOKING_TEXTS.manageClosed);
  }
  return fresh;
}

/** Cancels the booking the token opens and drops its waiting reminder. Throws 404 (token) or 409 (no longer changeable). */
export async function cancelBooking(token: string, now = new Date()): Promise<void> {
  await getDb().transaction(async (tx) => {
    const row = await changeableRow(tx, token, now);
    await tx.update(appointments).set({ status: 'cancelled', cancelledAt: now, updatedAt: now }).where(eq(appointments.id, row.id));
    await cancelQueuedJob(tx, reminderKey(row.id), 'The appointment was cancelled.');
  });
}

/**
 * Moves the booking the token opens to `slot`, re-checking capacity under the new slot's lock; sends a new
 * confirmation (with an updated `.ics`, same UID, higher SEQUENCE) and moves the reminder. Throws 404, 409 (no longer
 * changeable) or {@link SlotUnavailableError} (with the next free slots).
 */
export async function rescheduleBooking(token: string, slot: Date, now = new Date()): Promise<void> {
  const db = getDb();
  try {
    await db.transaction(async (tx) => {
      const row = await changeableRow(tx, token, now);
      if (row.startsAt.getTime() === slot.getTime()) return;
      const rules = await getBookingRules(tx, now);
      const held = await lockAndCount(tx, slot, row.id);
      const problem = checkSlot(rules, slot, held, now);
      if (problem) throw new SlotUnavailableError(problem);
      const [moved] = await tx
        .update(appointments)
        .set({ startsAt: slot, endsAt: new Date(slot.getTime() + rules.slotMinutes * 60_000), updatedAt: now })
        .where(eq(appointments.id, row.id))
        .returning();
      await cancelQueuedJob(tx, reminderKey(row.id), 'The appointment was moved.');
      // SEQUENCE must grow with each change of the event (RFC 5545 3.8.7.4): seconds since the booking was made.
      const sequence = Math.max(1, Math.floor((now.getTime() - row.createdAt.getTime()) / 1000));
      await queueConfirmation(tx, moved!, token, sequence);
      await queueReminder(tx, row.id, slot, now);
    });
  } catch (error) {
    if (error instanceof SlotUnavailableError) error.nextSlots = await nextFreeSlots(NEXT_SLOTS_SHOWN, now, db);
    throw error;
  }
}

/**
 * The shop cancelled the appointment (staff, `changeAppointmentStatus` 'cancel'): drops the waiting reminder and queues
 * the "Cancelled: {type}, {when}" e-mail to the visitor, in the caller's transaction `tx`. Appointments that already
 * started are not mailed (there is nothing to stop the visitor from doing). Returns whether an e-mail was queued.
 */
export async function queueShopCancellation(
  tx: Executor,
  a: MailableAppointment & { email: string },
  now = new Date(),
): Promise<boolean> {
  await cancelQueuedJob(tx, reminderKey(a.id), 'The shop cancelled the appointment.');
  if (a.startsAt.getTime() <= now.getTime()) return false;
  const { renderBookingCancelledMail } = await loadMailTemplates();
  const mail = await renderBookingCancelledMail(await mailFacts(tx, a, manageTokenFor(a.id)));
  await enqueueMail(tx, { kind: 'booking_cancelled', to: a.email, ...mail });
  return true;
}

/**
 * 'booking_reminder': the e-mail the day before. Payload: the appointment and the start it was queued for (the manage
 * link is derived again from the id, {@link manageTokenFor}). Dropped when the
 * appointment is gone, no longer booked or confirmed, or starts at another time than the payload says.
 */
export const bookingReminderJob = defineJob({
  kind: 'booking_reminder',
  payload: z.object({ appointmentId: z.uuid(), startsAt: z.iso.datetime() }),
  effect: 'internal',
  async run({ appointmentId, startsAt }, { db }) {
    const [row] = await db.select().from(appointments).where(eq(appointments.id, appointmentId));
    if (!row) throw new CancelJob('The appointment no longer exists.');
    if (!CHANGEABLE.includes(row.status)) throw new CancelJob(`The appointment is ${row.status.replace('_', '-')}.`);
    if (row.startsAt.toISOString() !== new Date(startsAt).toISOString()) throw new CancelJob('The appointment was moved.');
    const { renderBookingReminderMail } = await loadMailTemplates();
    const mail = await renderBookingReminderMail(await mailFacts(db, row, manageTokenFor(row.id)));
    await enqueueMail(db, { kind: 'booking_reminder', to: row.email, ...mail });
  },
});

/** What the slot picker shows (app/components/site/slot-picker.tsx): one day's times as radios, every day in a list. */
export interface SlotPickerData {
  timeZone: string;
  /** Days with at least one free slot: ISO date, label ("Tue, Dec 1"), and how many times are free. */
  days: { date: string; label: string; free: number }[];
  /** The day whose times are listed (the one asked for when it has free slots, else the first with any); null: none. */
  day: string | null;
  /** The chosen day's free times: value (ISO instant, posted as `slot`) and label ("8:30 AM"). */
  times: { value: string; label: string }[];
  /** For the enhancement script: every free start per day, in minutes since the epoch. */
  all: Record<string, number[]>;
}

/** Builds {@link SlotPickerData} from the free days and the day asked for (`?day=`, may be anything). */
export function slotPickerData(days: SlotDay[], timeZone: string, wantedDay: string | null): SlotPickerData {
  const open = days.filter((d) => d.slots.length > 0);
  const chosen = open.find((d) => d.date === wantedDay) ?? open[0] ?? null;
  const dayLabel = (iso: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(`${iso}T12:00:00Z`));
  return {
    timeZone,
    days: open.map((d) => ({ date: d.date, label: dayLabel(d.date), free: d.slots.length })),
    day: chosen?.date ?? null,
    times: (chosen?.slots ?? []).map((s) => ({ value: s.startsAt.toISOString(), label: formatTime(s.startsAt, timeZone) })),
    all: Object.fromEntries(open.map((d) => [d.date, d.slots.map((s) => s.startsAt.getTime() / 60_000)])),
  };
}
