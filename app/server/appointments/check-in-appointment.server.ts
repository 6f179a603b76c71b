/**
 * Check in (issue 16 §3): the customer who booked arrives; ONE transaction turns the booking into a customer, a
 * vehicle and a work order, carrying the damage photos along.
 *
 * Matching the customer (`matchCustomer(db, appointment)`):
 * - by phone: `customers.mobile_e164` equal to the booking's E.164 number, or `customers.phone` with the same digits
 *   (with or without the country code 1);
 * - by e-mail: `lower(customers.email) = lower(booking e-mail)`.
 * - No match → a new customer. One customer matched (by phone, e-mail or both) whose name agrees → that customer.
 *   Otherwise — the phone matches one customer and the e-mail another, several customers share the phone or e-mail,
 *   or the one match's name differs clearly — staff are ASKED (`{ kind: 'ask' }`) instead of guessing. Names agree
 *   when they share a word of two or more letters (case and accents ignored): "Maria Lopez" and "maria lopez-diaz"
 *   agree, "Maria Lopez" and "John Smith" do not.
 *
 * `checkInAppointment(actor, id, input)` → `{ status: 'checked_in', customerId, vehicleId, workOrderId, photoIds }`, or
 * `{ status: 'choose', candidates }` when staff must choose (nothing written). `input.customerChoice` is 'new' or one
 * of the candidates' ids (another id: DomainError('validation', …, 'customerChoice')). In one transaction:
 * 1. locks the appointment; refuses (DomainError('conflict')) a checked-in, cancelled one (`~/lib/appointments`);
 * 2. creates the customer (name, e-mail, phone, mobile; audit 'customer.create') or fills the matched customer's empty
 *    e-mail, phone and mobile from the booking (audit 'customer.update' when something changed);
 * 3. the vehicle: that customer's vehicle with the VIN, else a new one (year, make, model, VIN; audit 'vehicle.create');
 * 4. the work order through `insertWorkOrder` (audit 'work_order.create'), the booking's description as its description;
 * 5. copies each damage photo from 'booking-photos' to 'repair-photos' under `work_orders/{id}/{stamp}-{name}` with a
 *    `customer_documents` row of type repair_photo (audit 'photo.upload'); a booking photo whose file is gone is
 *    skipped and logged;
 * 6. the booking's SMS consent (text and time kept on the appointment) as an `sms_consents` grant with source
 *    'booking', the disclosure text the visitor saw and the time they ticked the box (audit 'sms_consent.record');
 * 7. the insurer and claim number, when both were given, as the work order's insurance claim (audit
 *    'insurance_claim.save');
 * 8. the appointment: status checked_in, customer, work order, `checkedInAt`, read (audit 'appointment.check_in').
 * When anything fails, the transaction rolls back and every file copied in step 5 is deleted again: no row, no
 * orphan file. A duplicate work order number throws the work-order form's DomainError (field workOrderNumber); a
 * failure that is not a DomainError is logged and answered with DomainError('unavailable', CHECK_IN_FAILED).
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  APPOINTMENT_NOT_FOUND,
  CHECK_IN_FAILED,
  canApply,
  statusRefusal,
} from '~/lib/appointments';
import type { CheckIn } from '~/lib/schemas/appointment';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import { getDb, type Executor } from '../db/client.server';
import {
  appointmentPhotos,
  appointments,
  customerDocuments,
  customers,
  insuranceClaims,
  smsConsents,
  vehicles,
} from '../db/schema';
import { DomainError, isUuid } from '../errors.server';
import { log } from '../logger.server';
import { getStorage, objectBytes } from '../storage/storage.server';
import { safeFileName } from '../uploads/upload.server';
import { addVehicle } from '../vehicles/add-vehicle.server';
import { insertWorkOrder, mapWorkOrderNumberConflict } from '../work-orders/create-work-order.server';

export interface CustomerCandidate {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  mobileE164: string | null;
  /** How this customer matched the booking. */
  matchedBy: ('phone' | 'email')[];
}

export type CustomerMatch =
  | { kind: 'new' }
  | { kind: 'existing'; customer: CustomerCandidate }
  | { kind: 'ask'; reason: 'several' | 'name'; candidates: CustomerCandidate[] };

type BookingContact = Pick<typeof appointments.$inferSelect, 'name' | 'phone' | 'phoneE164' | 'email'>;

const words = (name: string) =>
  new Set(
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter((w) => w.length >= 2),
  );

/** True when two names share a word of two or more letters (see the module docs); a name without words agrees. */
export function namesAgree(a: string, b: string): boolean {
  const wa = words(a);
  const wb = words(b);
  if (wa.size === 0 || wb.size === 0) return true;
  return [...wa].some((w) => wb.has(w));
}

/** The digits a customer's free-text phone may hold for an E.164 number: with and without the country code 1. */
function phoneDigitForms(e164: string): string[] {
  const digits = e164.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? [digits, digits.slice(1)] : [digits];
}

/** See the module docs. */
export async function matchCustomer(db: Executor, booking: BookingContact): Promise<CustomerMatch> {
  const byPhone = booking.phoneE164
    ? or(
        eq(customers.mobileE164, booking.phoneE164),
        inArray(sql`regexp_replace(coalesce(${customers.phone}, ''), '[^0-9]', '', 'g')`, phoneDigitForms(booking.phoneE164)),
      )
    : undefined;
  const byEmail = booking.email.trim() ? sql`lower(${customers.email}) = lower(${booking.email.trim()})` : undefined;
  const conditions = [byPhone, byEmail].filter((c) => c !== undefined);
  if (!conditions.length) return { kind: 'new' };
  const rows = await db
    .select({
      id: customers.id,
      name: customers.name,
      email: customers.email,
      phone: customers.phone,
      mobileE164: customers.mobileE164,
      phoneHit: byPhone ? sql<boolean>`coalesce(${byPhone}, false)` : sql<boolean>`false`,
      emailHit: byEmail ? sql<boolean>`coalesce(${byEmail}, false)` : sql<boolean>`false`,
    })
    .from(customers)
    .where(or(...conditions))
    .orderBy(asc(customers.createdAt), asc(customers.id))
    .limit(20);
  const candidates: CustomerCandidate[] = rows.map(({ phoneHit, emailHit, ...c }) => ({
    ...c,
    matchedBy: [...(phoneHit ? (['phone'] as const) : []), ...(emailHit ? (['email'] as const) : [])],
  }));
  if (candidates.length === 0) return { kind: 'new' };
  if (candidates.length > 1) return { kind: 'ask', reason: 'several', candidates };
  const [only] = candidates as [CustomerCandidate];
  return namesAgree(only.name, booking.name) ? { kind: 'existing', customer: only } : { kind: 'ask', reason: 'name', candidates };
}

export type CheckInResult =
  | { status: 'checked_in'; customerId: string; vehicleId: string; workOrderId: string; photoIds: string[] }
  | { status: 'choose'; candidates: CustomerCandidate[] };

let sequence = 0;
/** Milliseconds plus a per-process counter, so two copies in the same millisecond never share a key. */
const stamp = () => `${Date.now()}${String((sequence = (sequence + 1) % 1000)).padStart(3, '0')}`;

/** See the module docs. */
export async function checkInAppointment(actor: StaffActor, id: string, input: CheckIn): Promise<CheckInResult> {
  if (!isUuid(id)) throw new DomainError('not_found', APPOINTMENT_NOT_FOUND);
  const storage = getStorage();
  const copied: string[] = [];
  try {
    return await getDb().transaction(async (tx): Promise<CheckInResult> => {
      // 1. The appointment, locked: a second check-in waits here, then sees checked_in.
      const [appt] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
      if (!appt) throw new DomainError('not_found', APPOINTMENT_NOT_FOUND);
      if (!canApply('check-in', appt.status)) throw new DomainError('conflict', statusRefusal('check-in', appt.status));

      // 2. The customer.
      const match = await matchCustomer(tx, appt);
      const candidates = match.kind === 'ask' ? match.candidates : match.kind === 'existing' ? [match.customer] : [];
      let existing: CustomerCandidate | undefined;
      if (input.customerChoice === 'new') existing = undefined;
      else if (input.customerChoice) {
        existing = candidates.find((c) => c.id === input.customerChoice);
        if (!existing) throw new DomainError('validation', 'Choose one of the listed customers, or a new customer.', 'customerChoice');
      } else if (match.kind === 'ask') return { status: 'choose', candidates: match.candidates };
      else existing = match.kind === 'existing' ? match.customer : undefined;

      const email = appt.email.trim() || null;
      const consent = appt.smsConsentText && appt.smsConsentAt && appt.phoneE164 ? appt : null;
      let customerId: string;
      if (!existing) {
        const [row] = await tx
          .insert(customers)
          .values({
            name: appt.name,
            email,
            phone: appt.phone,
            mobileE164: appt.phoneE164,
            notifyChannel: consent ? 'both' : 'email',
          })
          .returning();
        customerId = row!.id;
        await recordAudit(tx, actor, {
          action: 'customer.create',
          entityId: customerId,
          after: { name: row!.name, email: row!.email, phone: row!.phone, mobileE164: row!.mobileE164, notifyChannel: row!.notifyChannel, fromAppointment: id },
        });
      } else {
        customerId = existing.id;
        const fill: { email?: string; phone?: string; mobileE164?: string } = {};
        if (!existing.email && email) fill.email = email;
        if (!existing.phone && appt.phone) fill.phone = appt.phone;
        if (!existing.mobileE164 && appt.phoneE164) fill.mobileE164 = appt.phoneE164;
        if (Object.keys(fill).length) {
          await tx.update(customers).set(fill).where(eq(customers.id, customerId));
          const before = Object.fromEntries(Object.keys(fill).map((k) => [k, existing[k as keyof typeof fill]]));
          await recordAudit(tx, actor, { action: 'customer.update', entityId: customerId, before, after: fill });
        }
      }

      // 3. The vehicle.
      const [known] = await tx
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(and(eq(vehicles.customerId, customerId), eq(vehicles.vin, input.vin)));
      let vehicleId = known?.id;
      if (!vehicleId) {
        const vehicle = await addVehicle(tx, customerId, {
          year: input.year,
          make: input.make,
          model: input.model,
          vin: input.vin,
          color: null,
          licensePlate: null,
        });
        vehicleId = vehicle.id;
        await recordAudit(tx, actor, {
          action: 'vehicle.create',
          entityId: vehicle.id,
          after: { customerId, year: vehicle.year, make: vehicle.make, model: vehicle.model, vin: vehicle.vin },
        });
      }

      // 4. The work order.
      const workOrder = await insertWorkOrder(tx, actor, customerId, {
        vehicleId,
        workOrderNumber: input.workOrderNumber,
        description: appt.description.trim().slice(0, 2000) || null,
      });

      // 5. The damage photos, copied into the work order's photos.
      const photos = await tx
        .select()
        .from(appointmentPhotos)
        .where(eq(appointmentPhotos.appointmentId, id))
        .orderBy(asc(appointmentPhotos.position));
      const photoIds: string[] = [];
      const base = Date.now();
      for (const [index, photo] of photos.entries()) {
        const object = await storage.get('booking-photos', photo.fileKey);
        if (!object) {
          log().warn({ appointmentId: id, photoId: photo.id }, 'check-in: a booking photo file is missing; skipped');
          continue;
        }
        const key = `work_orders/${workOrder.id}/${stamp()}-${safeFileName(photo.fileName, 'jpg')}`;
        await storage.put('repair-photos', key, await objectBytes(object), { contentType: photo.contentType });
        copied.push(key);
        const [doc] = await tx
          .insert(customerDocuments)
          .values({
            workOrderId: workOrder.id,
            customerId,
            documentType: 'repair_photo',
            bucket: 'repair-photos',
            fileKey: key,
            fileName: photo.fileName,
            contentType: photo.contentType,
            sizeBytes: photo.sizeBytes,
            uploadedByUserId: actor.id,
            createdAt: new Date(base + index),
          })
          .returning({ id: customerDocuments.id });
        photoIds.push(doc!.id);
        await recordAudit(tx, actor, {
          action: 'photo.upload',
          entityId: doc!.id,
          after: {
            workOrderId: workOrder.id,
            customerId,
            documentType: 'repair_photo',
            bucket: 'repair-photos',
            fileKey: key,
            fileName: photo.fileName,
            contentType: photo.contentType,
            sizeBytes: photo.sizeBytes,
            fromAppointmentPhoto: photo.id,
          },
        });
      }

      // 6. The consent to texts given on the booking form, dated when it was given.
      if (consent) {
        const [row] = await tx
          .insert(smsConsents)
          .values({
            customerId,
            phoneE164: consent.phoneE164!,
            granted: true,
            source: 'booking',
            disclosureText: consent.smsConsentText!,
            createdAt: consent.smsConsentAt!,
          })
          .returning({ id: smsConsents.id });
        await recordAudit(tx, actor, {
          action: 'sms_consent.record',
          entityId: row!.id,
          after: { customerId, phone: consent.phoneE164, granted: true, source: 'booking', givenAt: consent.smsConsentAt },
        });
      }

      // 7. The insurance claim.
      const insurer = appt.insurer?.trim();
      const claimNumber = appt.claimNumber?.trim();
      if (insurer && claimNumber) {
        const [claim] = await tx
          .insert(insuranceClaims)
          .values({ workOrderId: workOrder.id, insurerName: insurer, claimNumber })
          .returning({ id: insuranceClaims.id });
        await recordAudit(tx, actor, {
          action: 'insurance_claim.save',
          entityId: claim!.id,
          after: { workOrderId: workOrder.id, insurerName: insurer, claimNumber },
        });
      }

      // 8. The appointment itself.
      const now = new Date();
      await tx
        .update(appointments)
        .set({ status: 'checked_in', customerId, workOrderId: workOrder.id, checkedInAt: now, readAt: appt.readAt ?? now })
        .where(eq(appointments.id, id));
      await recordAudit(tx, actor, {
        action: 'appointment.check_in',
        entityId: id,
        before: { status: appt.status, customerId: null, workOrderId: null },
        after: { status: 'checked_in', customerId, workOrderId: workOrder.id },
      });
      return { status: 'checked_in', customerId, vehicleId, workOrderId: workOrder.id, photoIds };
    });
  } catch (error) {
    for (const key of copied) {
      await storage.delete('repair-photos', key).catch((e: unknown) => {
        log().error({ err: (e as Error).message, key }, 'check-in: could not remove a copied photo');
      });
    }
    const mapped = mapWorkOrderNumberConflict(error, input.workOrderNumber);
    if (mapped instanceof DomainError) throw mapped;
    const cause = (error as { cause?: Error }).cause ?? (error as Error);
    log().error({ err: cause.message, appointmentId: id, copiedRemoved: copied.length }, 'check-in failed; rolled back');
    throw new DomainError('unavailable', CHECK_IN_FAILED);
  }
}
