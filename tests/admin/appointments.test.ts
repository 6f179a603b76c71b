/**
 * Appointments in the back office (issue 16 §3) on a real migrated database and a real storage folder: the calendar,
 * confirm / cancel / no-show with their audit rows and status rules, opening marks read, and check-in creating or
 * matching customer, vehicle and work order with the damage photos, the SMS consent and the insurance claim — in one
 * transaction that leaves no row and no copied file when it fails. Also the dashboard's unread counts, the routes'
 * bad-input answers and the staff-only photo route.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppointmentCard } from '~/components/admin/appointment-card';
import { ALREADY_CHECKED_IN, APPOINTMENT_CANCELLED, APPOINTMENT_NOT_FOUND } from '~/lib/appointments';
import { VIN_LENGTH_MESSAGE, VIN_REQUIRED_MESSAGE, type CheckIn } from '~/lib/schemas/appointment';
import * as calendarRoute from '~/routes/admin/appointments/calendar';
import * as detailsRoute from '~/routes/admin/appointments/details';
import * as photoRoute from '~/routes/admin/appointments/photo';
import { checkInAppointment, matchCustomer, namesAgree } from '~/server/appointments/check-in-appointment.server';
import { calendarRange, listAppointments } from '~/server/appointments/list-appointments.server';
import { changeAppointmentStatus, openAppointment } from '~/server/appointments/manage-appointments.server';
import { getDashboard } from '~/server/dashboard/get-dashboard.server';
import {
  appointmentPhotos,
  appointments,
  auditLog,
  contactMessages,
  customerDocuments,
  customers,
  insuranceClaims,
  jobs,
  smsConsents,
  vehicles,
  workOrders,
} from '~/server/db/schema';
import { DomainError } from '~/server/errors.server';
import { createLocalStorage, getStorage, setStorage, type Storage } from '~/server/storage/storage.server';
import { createAccount, makeRequest, randomVin, redirectLocation, settle, testContext, uid, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { dataOf } from './helpers';

const t = withTestDatabase();
let admin: TestAccount;
let actor: { id: string; email: string };
let storageRoot: string;
let localStorage: Storage;

const CONSENT_TEXT = 'By checking this box you agree to receive repair status texts from Test Shop at this number.';

beforeAll(async () => {
  storageRoot = path.join(t.dataDir, 'files');
  localStorage = createLocalStorage(storageRoot);
  setStorage(localStorage);
  admin = await createAccount({ admin: true, name: 'Shop Admin' });
  actor = { id: admin.userId, email: admin.email };
});

beforeEach(() => setStorage(localStorage));

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: testContext }) as never;

const jpeg = (color = '#c00') =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: color } })
    .jpeg()
    .toBuffer()
    .then((b) => new Uint8Array(b));

/** A random US mobile number: "(281) 555-01xx" and its E.164 form. */
function phoneNumber() {
  const line = String(crypto.randomInt(1000, 9999));
  const area = String(crypto.randomInt(201, 989));
  return { display: `(${area}) 555-${line}`, e164: `+1${area}555${line}` };
}

/** An appointment row as the booking form would leave it, with `photos` damage photos stored in 'booking-photos'. */
async function createAppointment(overrides: Partial<typeof appointments.$inferInsert> = {}, photos = 0) {
  const phone = phoneNumber();
  const startsAt = overrides.startsAt ?? new Date(Date.now() + 2 * 86_400_000);
  const [row] = await t.db
    .insert(appointments)
    .values({
      type: 'estimate',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      name: `Maria Lopez ${uid()}`,
      phone: phone.display,
      phoneE164: phone.e164,
      email: `maria-${uid()}@example.com`,
      vehicleYear: 2019,
      vehicleMake: 'Toyota',
      vehicleModel: 'Camry',
      vin: randomVin(),
      description: 'Rear bumper dented in a parking lot.',
      manageTokenHash: crypto.randomBytes(32).toString('hex'),
      ...overrides,
    })
    .returning();
  for (let i = 0; i < photos; i += 1) {
    const key = `appointments/${row!.id}/${i}-damage.jpg`;
    const bytes = await jpeg(i % 2 ? '#0c0' : '#c00');
    await getStorage().put('booking-photos', key, bytes, { contentType: 'image/jpeg' });
    await t.db.insert(appointmentPhotos).values({
      appointmentId: row!.id,
      fileKey: key,
      fileName: `damage-${i}.jpg`,
      contentType: 'image/jpeg',
      sizeBytes: bytes.length,
      position: i,
    });
  }
  return row!;
}

const checkInInput = (appt: { vin: string | null; vehicleYear: number | null }, overrides: Partial<CheckIn> = {}): CheckIn => ({
  intent: 'check-in',
  customerChoice: undefined,
  year: appt.vehicleYear ?? 2019,
  make: 'Toyota',
  model: 'Camry',
  vin: appt.vin ?? randomVin(),
  workOrderNumber: `WO-A${uid()}`,
  ...overrides,
});

const countOf = async (table: typeof customers | typeof vehicles | typeof workOrders | typeof customerDocuments | typeof smsConsents | typeof insuranceClaims) =>
  (await t.db.select({ n: count() }).from(table))[0]!.n;

const auditFor = (entityId: string) => t.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));

const repairPhotoFiles = () => {
  const dir = path.join(storageRoot, 'repair-photos');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
};

async function snapshot() {
  return {
    customers: await countOf(customers),
    vehicles: await countOf(vehicles),
    workOrders: await countOf(workOrders),
    documents: await countOf(customerDocuments),
    consents: await countOf(smsConsents),
    claims: await countOf(insuranceClaims),
    files: repairPhotoFiles().length,
  };
}

describe('the calendar', () => {
  it('computes a Monday-to-Sunday week and a day in the shop time zone, with prev/next/today', () => {
    const now = new Date('2026-11-25T03:00:00Z'); // Tuesday 21:00 in Chicago, Wednesday in UTC
    const week = calendarRange('week', undefined, 'America/Chicago', now);
    expect(week.today).toBe('2026-11-24');
    expect(week.days[0]).toBe('2026-11-23');
    expect(week.days).toHaveLength(7);
    expect(week.start.toISOString()).toBe('2026-11-23T06:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-11-30T06:00:00.000Z');
    expect([week.prev, week.next]).toEqual(['2026-11-17', '2026-12-01']);
    const day = calendarRange('day', '2026-03-08', 'America/Chicago', now); // DST starts: a 23-hour day
    expect(day.start.toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(day.end.toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect([day.prev, day.next]).toEqual(['2026-03-07', '2026-03-09']);
  });

  it('lists the appointments of the range by shop-local day, with their photos; the loader answers a bad date with this week', async () => {
    const tz = 'America/Chicago';
    const late = await createAppointment({ startsAt: new Date('2031-06-10T04:30:00Z') }, 2); // 23:30 on June 9 in Chicago
    const other = await createAppointment({ startsAt: new Date('2031-06-20T15:00:00Z') });
    const range = calendarRange('day', '2031-06-09', tz);
    const rows = await listAppointments(range, tz);
    expect(rows.map((r) => r.id)).toEqual([late.id]);
    expect(rows[0]!.day).toBe('2031-06-09');
    expect(rows[0]!.photos).toHaveLength(2);
    expect((await listAppointments(calendarRange('week', '2031-06-10', tz), tz)).map((r) => r.id)).not.toContain(other.id);

    const page = await calendarRoute.loader(args(makeRequest('/admin/appointments?view=fortnight&date=2031-13-45', { cookie: admin.cookie })));
    expect(page.range.view).toBe('week');
    expect(page.range.days).toHaveLength(7);
  });
});

describe('confirm, cancel, no-show', () => {
  it('moves the status, audits it in the same transaction, and refuses what the rules forbid', async () => {
    const appt = await createAppointment();
    expect(await changeAppointmentStatus(actor, appt.id, 'confirm')).toBe('confirmed');
    expect(await changeAppointmentStatus(actor, appt.id, 'no-show')).toBe('no_show');
    const audit = await auditFor(appt.id);
    expect(audit.map((a) => a.action).sort()).toEqual(['appointment.confirm', 'appointment.no_show']);
    expect(audit.find((a) => a.action === 'appointment.confirm')!.changes).toEqual({ status: { from: 'booked', to: 'confirmed' } });
    expect(audit.every((a) => a.actorUserId === admin.userId)).toBe(true);
    await expect(changeAppointmentStatus(actor, appt.id, 'confirm')).rejects.toThrow(/no-show: nothing was changed/);

    const cancelled = await createAppointment();
    await changeAppointmentStatus(actor, cancelled.id, 'cancel');
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, cancelled.id));
    expect(row!.status).toBe('cancelled');
    expect(row!.cancelledAt).toBeInstanceOf(Date);
    for (const intent of ['confirm', 'cancel', 'no-show'] as const) {
      await expect(changeAppointmentStatus(actor, cancelled.id, intent)).rejects.toThrow(APPOINTMENT_CANCELLED);
    }
    expect(await auditFor(cancelled.id)).toHaveLength(1);
  });

  it('e-mails the visitor when the shop cancels, drops the waiting reminder, and says so in the audit row', async () => {
    const appt = await createAppointment();
    await t.db.insert(jobs).values({
      kind: 'booking_reminder',
      payload: { appointmentId: appt.id, startsAt: appt.startsAt.toISOString() },
      runAt: new Date(appt.startsAt.getTime() - 86_400_000),
      dedupeKey: `booking-reminder:${appt.id}`,
    });
    await changeAppointmentStatus(actor, appt.id, 'cancel');
    const mails = await t.db.select().from(jobs).where(and(eq(jobs.kind, 'mail'), sql`${jobs.payload}->>'to' = ${appt.email}`));
    expect(mails).toHaveLength(1);
    const payload = mails[0]!.payload as { subject: string; text: string; purpose?: string };
    expect(payload.subject).toMatch(/^Cancelled: Free estimate, /);
    expect(payload.text).toContain('has cancelled your appointment');
    expect(payload.text).toContain(appt.name);
    const reminders = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'booking_reminder'), sql`${jobs.payload}->>'appointmentId' = ${appt.id}`));
    expect(reminders.map((j) => j.state)).toEqual(['cancelled']);
    const [audit] = await auditFor(appt.id);
    expect(audit!.changes).toEqual({ status: { from: 'booked', to: 'cancelled' }, customerEmailed: { to: true } });

    // An appointment whose time has passed is cancelled without an e-mail.
    const past = await createAppointment({ startsAt: new Date(Date.now() - 3_600_000) });
    await changeAppointmentStatus(actor, past.id, 'cancel');
    const none = await t.db.select().from(jobs).where(and(eq(jobs.kind, 'mail'), sql`${jobs.payload}->>'to' = ${past.email}`));
    expect(none).toHaveLength(0);
  });

  it('answers an unknown or malformed id with not-found, and a bad intent with 400, through the routes', async () => {
    await expect(changeAppointmentStatus(actor, crypto.randomUUID(), 'confirm')).rejects.toThrow(APPOINTMENT_NOT_FOUND);
    await expect(changeAppointmentStatus(actor, 'not-a-uuid', 'cancel')).rejects.toThrow(APPOINTMENT_NOT_FOUND);
    const viaCalendar = dataOf<{ message: string }>(
      await calendarRoute.action(args(makeRequest('/admin/appointments', { cookie: admin.cookie, form: { intent: 'confirm', appointmentId: crypto.randomUUID() } }))),
    );
    expect(viaCalendar).toEqual({ status: 404, data: { message: `Error: ${APPOINTMENT_NOT_FOUND}`, ok: false } });
    const bad = dataOf(await calendarRoute.action(args(makeRequest('/admin/appointments', { cookie: admin.cookie, form: { intent: 'delete', appointmentId: crypto.randomUUID() } }))));
    expect(bad.status).toBe(400);
    const appt = await createAppointment();
    const ok = dataOf<{ message: string }>(
      await detailsRoute.action(args(makeRequest(`/admin/appointments/${appt.id}`, { cookie: admin.cookie, form: { intent: 'confirm' } }), { appointmentId: appt.id })),
    );
    expect(ok.data.message).toBe('Appointment confirmed.');
  });

  it('marks an appointment read when staff open it, once, audited', async () => {
    const appt = await createAppointment();
    const before = (await getDashboard()).unreadAppointments;
    const page = await detailsRoute.loader(args(makeRequest(`/admin/appointments/${appt.id}`, { cookie: admin.cookie }), { appointmentId: appt.id }));
    expect(page.appointment.readAt).toBeInstanceOf(Date);
    expect(page.appointment).not.toHaveProperty('manageTokenHash');
    expect((await getDashboard()).unreadAppointments).toBe(before - 1);
    await openAppointment(actor, appt.id);
    expect((await auditFor(appt.id)).map((a) => a.action)).toEqual(['appointment.read']);
    const missing = await settle(() => detailsRoute.loader(args(makeRequest('/admin/appointments/x', { cookie: admin.cookie }), { appointmentId: crypto.randomUUID() })));
    expect((missing.thrown as Response).status).toBe(404);
  });
});

describe('the dashboard', () => {
  it('counts new bookings and unread contact messages', async () => {
    const before = await getDashboard();
    await createAppointment();
    await t.db.insert(contactMessages).values({ name: 'Visitor', email: `v-${uid()}@example.com`, message: 'Hello' });
    const after = await getDashboard();
    expect(after.unreadAppointments).toBe(before.unreadAppointments + 1);
    expect(after.unreadContactMessages).toBe(before.unreadContactMessages + 1);
  });
});

describe('check in', () => {
  it('creates the customer, vehicle and work order, copies the photos, records the consent and the claim, in one audited step', async () => {
    const consentAt = new Date(Date.now() - 3_600_000);
    const appt = await createAppointment({ insurer: 'State Farm', claimNumber: 'CLM-778', smsConsentText: CONSENT_TEXT, smsConsentAt: consentAt }, 2);
    const result = await checkInAppointment(actor, appt.id, checkInInput(appt));
    if (result.status !== 'checked_in') throw new Error('expected a check-in');

    const [customer] = await t.db.select().from(customers).where(eq(customers.id, result.customerId));
    expect(customer).toMatchObject({ name: appt.name, email: appt.email, phone: appt.phone, mobileE164: appt.phoneE164, notifyChannel: 'both' });
    const [vehicle] = await t.db.select().from(vehicles).where(eq(vehicles.id, result.vehicleId));
    expect(vehicle).toMatchObject({ customerId: customer!.id, vin: appt.vin, year: 2019, make: 'Toyota', model: 'Camry' });
    const [workOrder] = await t.db.select().from(workOrders).where(eq(workOrders.id, result.workOrderId));
    expect(workOrder).toMatchObject({ vehicleId: vehicle!.id, customerId: customer!.id, currentStatus: 'Estimate Scheduled', description: appt.description });

    const docs = await t.db.select().from(customerDocuments).where(eq(customerDocuments.workOrderId, workOrder!.id));
    expect(docs).toHaveLength(2);
    for (const doc of docs) {
      expect(doc).toMatchObject({ documentType: 'repair_photo', bucket: 'repair-photos', customerId: customer!.id, contentType: 'image/jpeg' });
      expect(doc.fileKey.startsWith(`work_orders/${workOrder!.id}/`)).toBe(true);
      const stored = await getStorage().get('repair-photos', doc.fileKey);
      expect(stored?.size).toBe(doc.sizeBytes);
    }
    expect(docs.map((d) => d.fileName).sort()).toEqual(['damage-0.jpg', 'damage-1.jpg']);
    // The booking's photos stay where they were (the appointment still shows them).
    expect(await getStorage().exists('booking-photos', `appointments/${appt.id}/0-damage.jpg`)).toBe(true);

    const [consent] = await t.db.select().from(smsConsents).where(eq(smsConsents.customerId, customer!.id));
    expect(consent).toMatchObject({ phoneE164: appt.phoneE164, granted: true, source: 'booking', disclosureText: CONSENT_TEXT });
    expect(consent!.createdAt.getTime()).toBe(consentAt.getTime());
    const [claim] = await t.db.select().from(insuranceClaims).where(eq(insuranceClaims.workOrderId, workOrder!.id));
    expect(claim).toMatchObject({ insurerName: 'State Farm', claimNumber: 'CLM-778' });

    const [after] = await t.db.select().from(appointments).where(eq(appointments.id, appt.id));
    expect(after).toMatchObject({ status: 'checked_in', customerId: customer!.id, workOrderId: workOrder!.id });
    expect(after!.checkedInAt).toBeInstanceOf(Date);
    expect(after!.readAt).toBeInstanceOf(Date);

    const actions = (
      await t.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(sql`${auditLog.entityId} in (${sql.join([appt.id, customer!.id, vehicle!.id, workOrder!.id, consent!.id, claim!.id, ...docs.map((d) => d.id)].map((id) => sql`${id}`), sql`, `)})`)
    )
      .map((a) => a.action)
      .sort();
    expect(actions).toEqual(
      ['appointment.check_in', 'customer.create', 'insurance_claim.save', 'photo.upload', 'photo.upload', 'sms_consent.record', 'vehicle.create', 'work_order.create'].sort(),
    );
  });

  it('matches the customer by phone (any spelling of the number) and reuses their vehicle with the same VIN', async () => {
    const phone = phoneNumber();
    const [existing] = await t.db
      .insert(customers)
      .values({ name: 'Maria Lopez', email: null, phone: phone.display.replace(/[()]/g, '').replace(' ', '.') })
      .returning();
    const vin = randomVin();
    const [car] = await t.db.insert(vehicles).values({ customerId: existing!.id, year: 2019, make: 'Toyota', model: 'Camry', vin }).returning();
    const appt = await createAppointment({ name: 'maria lopez', phone: phone.display, phoneE164: phone.e164, vin });
    expect((await matchCustomer(t.db, appt)).kind).toBe('existing');
    const before = await snapshot();
    const result = await checkInAppointment(actor, appt.id, checkInInput(appt));
    expect(result).toMatchObject({ status: 'checked_in', customerId: existing!.id, vehicleId: car!.id });
    const after = await snapshot();
    expect([after.customers, after.vehicles, after.workOrders]).toEqual([before.customers, before.vehicles, before.workOrders + 1]);
    // Blanks on file filled from the booking, audited.
    const [updated] = await t.db.select().from(customers).where(eq(customers.id, existing!.id));
    expect(updated).toMatchObject({ email: appt.email, mobileE164: phone.e164 });
    const audit = await auditFor(existing!.id);
    expect(audit.map((a) => a.action)).toEqual(['customer.update']);
    expect(audit[0]!.changes).toEqual({ email: { from: null, to: appt.email }, mobileE164: { from: null, to: phone.e164 } });
  });

  it('matches the customer by e-mail, case-insensitively, and adds a vehicle with a new VIN', async () => {
    const email = `Jo.Smith-${uid()}@Example.com`;
    const [existing] = await t.db.insert(customers).values({ name: 'Jo Smith', email, phone: '555 000 1111' }).returning();
    const appt = await createAppointment({ name: 'Jo Smith', email: email.toLowerCase(), vin: null });
    const before = await snapshot();
    const vin = randomVin();
    const result = await checkInAppointment(actor, appt.id, checkInInput(appt, { vin }));
    expect(result).toMatchObject({ status: 'checked_in', customerId: existing!.id });
    expect((await snapshot()).vehicles).toBe(before.vehicles + 1);
    const [v] = await t.db.select().from(vehicles).where(and(eq(vehicles.customerId, existing!.id), eq(vehicles.vin, vin)));
    expect(v).toBeDefined();
  });

  it('asks staff to choose when the phone matches one customer and the e-mail another, writing nothing until they do', async () => {
    const phone = phoneNumber();
    const email = `shared-${uid()}@example.com`;
    const [byPhone] = await t.db.insert(customers).values({ name: 'Ana Ruiz', mobileE164: phone.e164 }).returning();
    const [byEmail] = await t.db.insert(customers).values({ name: 'Ana Ruiz', email }).returning();
    const appt = await createAppointment({ name: 'Ana Ruiz', phoneE164: phone.e164, phone: phone.display, email }, 1);
    const before = await snapshot();
    const answer = await checkInAppointment(actor, appt.id, checkInInput(appt));
    expect(answer.status).toBe('choose');
    if (answer.status !== 'choose') throw new Error('unreachable');
    expect(answer.candidates.map((c) => [c.id, c.matchedBy])).toEqual(
      expect.arrayContaining([
        [byPhone!.id, ['phone']],
        [byEmail!.id, ['email']],
      ]),
    );
    expect(await snapshot()).toEqual(before);
    expect((await t.db.select().from(appointments).where(eq(appointments.id, appt.id)))[0]!.status).toBe('booked');

    // Through the route: 409 with the question; a customer not among the candidates is refused.
    const form = { intent: 'check-in', year: '2019', make: 'Toyota', model: 'Camry', vin: appt.vin!, workOrderNumber: `WO-R${uid()}` };
    const asked = dataOf<{ message: string; fieldErrors: Record<string, string> }>(
      await detailsRoute.action(args(makeRequest(`/admin/appointments/${appt.id}`, { cookie: admin.cookie, form }), { appointmentId: appt.id })),
    );
    expect(asked.status).toBe(409);
    expect(asked.data.fieldErrors.customerChoice).toBe('Choose a customer.');
    const [stranger] = await t.db.insert(customers).values({ name: 'Someone Else' }).returning();
    await expect(checkInAppointment(actor, appt.id, checkInInput(appt, { customerChoice: stranger!.id }))).rejects.toThrow(/Choose one of the listed customers/);

    const chosen = await detailsRoute.action(
      args(makeRequest(`/admin/appointments/${appt.id}`, { cookie: admin.cookie, form: { ...form, customerChoice: byEmail!.id } }), { appointmentId: appt.id }),
    );
    const [done] = await t.db.select().from(appointments).where(eq(appointments.id, appt.id));
    expect(done!.customerId).toBe(byEmail!.id);
    expect(redirectLocation(chosen)).toBe(`/admin/work-orders/details/${done!.workOrderId}`);
  });

  it('asks when the one match has a clearly different name; "new customer" then creates one', async () => {
    expect(namesAgree('María López', 'maria lopez-diaz')).toBe(true);
    expect(namesAgree('Maria Lopez', 'John Smith')).toBe(false);
    const phone = phoneNumber();
    const [other] = await t.db.insert(customers).values({ name: 'John Smith', mobileE164: phone.e164 }).returning();
    const appt = await createAppointment({ name: 'Maria Lopez', phoneE164: phone.e164, phone: phone.display });
    const match = await matchCustomer(t.db, appt);
    expect(match).toMatchObject({ kind: 'ask', reason: 'name' });
    expect((await checkInAppointment(actor, appt.id, checkInInput(appt))).status).toBe('choose');
    const result = await checkInAppointment(actor, appt.id, checkInInput(appt, { customerChoice: 'new' }));
    if (result.status !== 'checked_in') throw new Error('expected a check-in');
    expect(result.customerId).not.toBe(other!.id);
    const [created] = await t.db.select().from(customers).where(eq(customers.id, result.customerId));
    expect(created!.name).toBe('Maria Lopez');
  });

  it('lets exactly one of two simultaneous check-ins through', async () => {
    const appt = await createAppointment({}, 2);
    const before = await snapshot();
    const results = await Promise.allSettled([
      checkInAppointment(actor, appt.id, checkInInput(appt, { customerChoice: 'new' })),
      checkInAppointment(actor, appt.id, checkInInput(appt, { customerChoice: 'new' })),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason.message).toBe(ALREADY_CHECKED_IN);
    const after = await snapshot();
    expect([after.customers, after.workOrders, after.documents, after.files]).toEqual([before.customers + 1, before.workOrders + 1, before.documents + 2, before.files + 2]);
  });

  it('refuses a second check-in and a cancelled appointment, writing nothing', async () => {
    const appt = await createAppointment({}, 1);
    await checkInAppointment(actor, appt.id, checkInInput(appt));
    const before = await snapshot();
    await expect(checkInAppointment(actor, appt.id, checkInInput(appt))).rejects.toThrow(ALREADY_CHECKED_IN);
    await expect(changeAppointmentStatus(actor, appt.id, 'cancel')).rejects.toThrow(ALREADY_CHECKED_IN);
    const cancelled = await createAppointment({ status: 'cancelled' }, 1);
    const viaRoute = dataOf<{ message: string }>(
      await detailsRoute.action(
        args(
          makeRequest(`/admin/appointments/${cancelled.id}`, {
            cookie: admin.cookie,
            form: { intent: 'check-in', customerChoice: 'new', year: '2019', make: 'Toyota', model: 'Camry', vin: cancelled.vin!, workOrderNumber: `WO-C${uid()}` },
          }),
          { appointmentId: cancelled.id },
        ),
      ),
    );
    expect(viaRoute).toMatchObject({ status: 409, data: { message: `Error: ${APPOINTMENT_CANCELLED}` } });
    expect(await snapshot()).toEqual(before);
  });

  it('answers a missing VIN, a VIN of the wrong length, an unknown appointment and a taken work order number with a clear message', async () => {
    const appt = await createAppointment({ vin: null }, 1);
    const post = (form: Record<string, string>, id = appt.id) =>
      detailsRoute.action(args(makeRequest(`/admin/appointments/${id}`, { cookie: admin.cookie, form: { intent: 'check-in', customerChoice: 'new', year: '2019', make: 'Toyota', model: 'Camry', workOrderNumber: `WO-V${uid()}`, ...form } }), { appointmentId: id }));
    const before = await snapshot();
    const missing = dataOf<{ fieldErrors: Record<string, string>; values: Record<string, string> }>(await post({ vin: '' }));
    expect(missing.status).toBe(400);
    expect(missing.data.fieldErrors.vin).toBe(VIN_REQUIRED_MESSAGE);
    expect(missing.data.values.make).toBe('Toyota');
    for (const vin of ['1HGCM82633A00435', '1HGCM82633A0043521', '1HGCM82633A00435O']) {
      const wrong = dataOf<{ fieldErrors: Record<string, string> }>(await post({ vin }));
      expect(wrong.status, vin).toBe(400);
      expect(wrong.data.fieldErrors.vin).toBe(VIN_LENGTH_MESSAGE);
    }
    const unknown = dataOf<{ message: string }>(await post({ vin: randomVin() }, crypto.randomUUID()));
    expect(unknown).toMatchObject({ status: 404, data: { message: `Error: ${APPOINTMENT_NOT_FOUND}` } });
    const malformed = dataOf<{ message: string }>(await post({ vin: randomVin() }, 'x'));
    expect(malformed.status).toBe(404);

    const [taken] = await t.db.select({ n: workOrders.workOrderNumber }).from(workOrders).limit(1);
    const duplicate = dataOf<{ fieldErrors: Record<string, string> }>(await post({ vin: randomVin(), workOrderNumber: taken!.n }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.data.fieldErrors.workOrderNumber).toMatch(/already exists/);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps script in the fields as text: stored as typed, shown escaped', async () => {
    const script = '<script>alert(1)</script>';
    const appt = await createAppointment({ name: `Eve ${script}`, description: script, insurer: script, claimNumber: script }, 0);
    const result = await checkInAppointment(actor, appt.id, checkInInput(appt, { make: script, customerChoice: 'new' }));
    if (result.status !== 'checked_in') throw new Error('expected a check-in');
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, result.customerId));
    expect(customer!.name).toBe(`Eve ${script}`);
    const Stub = createRoutesStub([
      { path: '/', Component: () => createElement(AppointmentCard, { appointment: { ...appt, photos: [] }, timeZone: 'America/Chicago' }) },
    ]);
    const html = renderToStaticMarkup(createElement(Stub));
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('rolls back everything and removes the copied files when storing a photo fails midway', async () => {
    const appt = await createAppointment({ smsConsentText: CONSENT_TEXT, smsConsentAt: new Date(), insurer: 'Geico', claimNumber: 'X1' }, 3);
    const before = await snapshot();
    let puts = 0;
    setStorage({
      ...localStorage,
      async put(bucket, key, bytes, options) {
        puts += 1;
        if (bucket === 'repair-photos' && puts === 2) throw new Error('disk full');
        return localStorage.put(bucket, key, bytes, options);
      },
    });
    await expect(checkInAppointment(actor, appt.id, checkInInput(appt, { customerChoice: 'new' }))).rejects.toThrow(DomainError);
    expect(puts).toBe(2);
    expect(await snapshot()).toEqual(before);
    expect(await auditFor(appt.id)).toHaveLength(0);
    expect((await t.db.select().from(appointments).where(eq(appointments.id, appt.id)))[0]!.status).toBe('booked');
  });

  it('rolls back everything and removes the copied files when the database fails after the photos were copied', async () => {
    const appt = await createAppointment({ insurer: 'Geico', claimNumber: 'X2' }, 2);
    const before = await snapshot();
    await t.db.execute(sql`CREATE FUNCTION refuse_claims() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'claims refused'; END $$`);
    await t.db.execute(sql`CREATE TRIGGER refuse_claims BEFORE INSERT ON insurance_claims FOR EACH ROW EXECUTE FUNCTION refuse_claims()`);
    try {
      const answer = dataOf<{ message: string }>(
        await detailsRoute.action(
          args(
            makeRequest(`/admin/appointments/${appt.id}`, {
              cookie: admin.cookie,
              form: { intent: 'check-in', customerChoice: 'new', year: '2019', make: 'Toyota', model: 'Camry', vin: appt.vin!, workOrderNumber: `WO-T${uid()}` },
            }),
            { appointmentId: appt.id },
          ),
        ),
      );
      expect(answer).toEqual({ status: 503, data: expect.objectContaining({ message: 'Error: Check-in failed: nothing was saved. Please try again.' }) });
    } finally {
      await t.db.execute(sql`DROP TRIGGER refuse_claims ON insurance_claims`);
      await t.db.execute(sql`DROP FUNCTION refuse_claims()`);
    }
    expect(await snapshot()).toEqual(before);
    expect((await t.db.select().from(appointments).where(eq(appointments.id, appt.id)))[0]!.status).toBe('booked');
  });
});

describe('the photo route', () => {
  it('serves a booking photo and its thumbnail to staff only', async () => {
    const appt = await createAppointment({}, 1);
    const [photo] = await t.db.select().from(appointmentPhotos).where(eq(appointmentPhotos.appointmentId, appt.id));
    const url = `/admin/appointments/photos/${photo!.id}`;
    const full = (await photoRoute.loader(args(makeRequest(url, { cookie: admin.cookie }), { photoId: photo!.id }))) as Response;
    expect(full.headers.get('Content-Type')).toBe('image/jpeg');
    expect(full.headers.get('Cache-Control')).toBe('private, no-store');
    expect((await full.arrayBuffer()).byteLength).toBe(photo!.sizeBytes);
    const thumb = (await photoRoute.loader(args(makeRequest(`${url}?variant=thumb`, { cookie: admin.cookie }), { photoId: photo!.id }))) as Response;
    expect(thumb.headers.get('Content-Type')).toBe('image/webp');
    const missing = await settle(() => photoRoute.loader(args(makeRequest(url, { cookie: admin.cookie }), { photoId: crypto.randomUUID() })));
    expect((missing.thrown as Response).status).toBe(404);

    const customer = await createAccount();
    const anonymous = await settle(() => photoRoute.loader(args(makeRequest(url), { photoId: photo!.id })));
    expect(redirectLocation(anonymous.thrown)).toMatch(/^\/login/);
    const asCustomer = await settle(() => photoRoute.loader(args(makeRequest(url, { cookie: customer.cookie }), { photoId: photo!.id })));
    expect(redirectLocation(asCustomer.thrown)).toBe('/portal');
  });
});
