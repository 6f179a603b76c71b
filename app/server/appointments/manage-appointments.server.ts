/**
 * One appointment in the back office (issue 16 §3). Callers are staff with 'appointments' (routes call `requireStaff` first); every write
 * takes the acting staff member and records its audit row in the same transaction.
 *
 * - `openAppointment(actor, id)` → the appointment with its photos; marks it read the first time staff open it
 *   (audit 'appointment.read', readAt from null). DomainError('not_found', APPOINTMENT_NOT_FOUND) for an unknown or
 *   malformed id.
 * - `changeAppointmentStatus(actor, id, intent)` with intent confirm | cancel | no-show → the new status, under the
 *   rules of `~/lib/appointments` (ALLOWED_FROM): the row is locked, the rule checked, the status (and `cancelledAt`)
 *   written and audited ('appointment.confirm' / '.cancel' / '.no_show', status from/to). A cancel by the shop also
 *   drops the reminder and e-mails the visitor (`queueShopCancellation`) in the same transaction. A refused change throws
 *   DomainError('conflict', statusRefusal(...)) and writes nothing.
 * - `getAppointmentPhoto(photoId)` → the photo as a `DocumentFile` of the 'booking-photos' bucket (for the staff-only
 *   photo route), or null for an unknown or malformed id.
 */
import { asc, eq } from 'drizzle-orm';
import {
  APPOINTMENT_NOT_FOUND,
  canApply,
  statusRefusal,
  type AppointmentIntent,
  type AppointmentStatus,
} from '~/lib/appointments';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import { queueShopCancellation } from '../booking/booking.server';
import { getDb } from '../db/client.server';
import { appointmentPhotos, appointments } from '../db/schema';
import { DomainError, isUuid } from '../errors.server';
import type { DocumentFile } from '../portal/documents.server';

export type AppointmentRecord = typeof appointments.$inferSelect;

const notFound = () => new DomainError('not_found', APPOINTMENT_NOT_FOUND);

/** See the module docs. The manage-token hash never leaves this module. */
export async function openAppointment(actor: StaffActor, id: string) {
  if (!isUuid(id)) throw notFound();
  return getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
    if (!row) throw notFound();
    let readAt = row.readAt;
    if (!readAt) {
      const [after] = await tx
        .update(appointments)
        .set({ readAt: new Date() })
        .where(eq(appointments.id, id))
        .returning({ readAt: appointments.readAt });
      readAt = after!.readAt;
      await recordAudit(tx, actor, { action: 'appointment.read', entityId: id, before: { readAt: null }, after: { readAt } });
    }
    const photos = await tx
      .select({ id: appointmentPhotos.id, fileName: appointmentPhotos.fileName })
      .from(appointmentPhotos)
      .where(eq(appointmentPhotos.appointmentId, id))
      .orderBy(asc(appointmentPhotos.position));
    const { manageTokenHash: _hidden, ...appointment } = row;
    return { appointment: { ...appointment, readAt }, photos, wasUnread: !row.readAt };
  });
}

const NEXT_STATUS = { confirm: 'confirmed', cancel: 'cancelled', 'no-show': 'no_show' } as const;
const AUDIT_ACTION = { confirm: 'appointment.confirm', cancel: 'appointment.cancel', 'no-show': 'appointment.no_show' } as const;

/** See the module docs. */
export async function changeAppointmentStatus(
  actor: StaffActor,
  id: string,
  intent: Exclude<AppointmentIntent, 'check-in'>,
): Promise<AppointmentStatus> {
  if (!isUuid(id)) throw notFound();
  return getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
    if (!row) throw notFound();
    if (!canApply(intent, row.status)) throw new DomainError('conflict', statusRefusal(intent, row.status));
    const status = NEXT_STATUS[intent];
    const now = new Date();
    await tx
      .update(appointments)
      .set({ status, readAt: row.readAt ?? now, ...(status === 'cancelled' ? { cancelledAt: now } : {}) })
      .where(eq(appointments.id, id));
    // The visitor is told when the shop cancels (and the day-before reminder is dropped), so nobody drives in for
    // an appointment that no longer exists.
    const customerTold = status === 'cancelled' ? await queueShopCancellation(tx, row, now) : false;
    await recordAudit(tx, actor, {
      action: AUDIT_ACTION[intent],
      entityId: id,
      before: { status: row.status },
      after: { status, ...(customerTold ? { customerEmailed: true } : {}) },
    });
    return status;
  });
}

/** See the module docs. */
export async function getAppointmentPhoto(photoId: string): Promise<DocumentFile | null> {
  if (!isUuid(photoId)) return null;
  const [row] = await getDb()
    .select({
      id: appointmentPhotos.id,
      fileKey: appointmentPhotos.fileKey,
      fileName: appointmentPhotos.fileName,
      contentType: appointmentPhotos.contentType,
    })
    .from(appointmentPhotos)
    .where(eq(appointmentPhotos.id, photoId));
  return row ? { ...row, documentType: 'repair_photo', bucket: 'booking-photos' } : null;
}
