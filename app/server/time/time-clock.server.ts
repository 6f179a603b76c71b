/**
 * Technician time (issue 17 §3): clocking in and out on a work order, the owner's corrections, and touch time.
 *
 * - `clockIn(db, actor, workOrderId)` opens an entry for the actor on a work order they may see (`canSeeWorkOrder`).
 *   One open clock per technician is the database's rule (unique partial index `time_entries_one_open_per_technician`):
 *   a second clock-in — also two at the same moment from two phones — is refused with
 *   `DomainError('conflict', "You are already clocked in on WO-1042. Clock out there first.")`. Audit 'time_entry.clock_in'.
 * - `clockOut(db, actor)` closes the actor's open entry (audit 'time_entry.clock_out'); none open →
 *   DomainError('conflict', NOT_CLOCKED_IN).
 * - `correctTimeEntry(db, owner, { id, startedAt, endedAt, note })` sets an entry's start and end (an open one is closed
 *   by it) with a required note; only a user with 'time.correct' (the owner). Audit 'time_entry.correct' with the
 *   before/after of startedAt, endedAt and the note.
 * - `touchTime(db, workOrderId)` → the closed entries' clocked time in integer tenths of an hour (sum of seconds ÷ 360,
 *   rounded half up once over the total; open entries are not counted until they are closed).
 * - `getOpenClock(db, userId)` / `listTimeEntries(db, workOrderId)` for pages.
 * Errors are DomainErrors (mapped to 400/403/404/409 by the intents); nothing is written when one is thrown.
 */
import { tz } from '@date-fns/tz';
import { format, parseISO } from 'date-fns';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/session.server';
import { can, canSeeWorkOrder } from '../auth/permissions.server';
import { recordAudit } from '../audit/audit.server';
import { getConfig } from '../config.server';
import { getDb, type Database, type Executor } from '../db/client.server';
import { timeEntries, users, workOrders } from '../db/schema';
import { DomainError, isUniqueViolation, isUuid } from '../errors.server';

/** Who clocks: a signed-in staff user (a `SessionUser` fits). */
export type ClockActor = Pick<SessionUser, 'id' | 'email' | 'isAdmin' | 'role'>;

export const NOT_CLOCKED_IN = 'You are not clocked in.';
export const alreadyClockedIn = (workOrderNumber: string) =>
  `You are already clocked in on ${workOrderNumber}. Clock out there first.`;
export const clockedInMessage = (workOrderNumber: string) => `Clocked in on ${workOrderNumber}.`;
export const clockedOutMessage = (workOrderNumber: string, tenths: number) =>
  `Clocked out of ${workOrderNumber} (${Math.trunc(tenths / 10)}.${tenths % 10} h).`;
export const TIME_ENTRY_CORRECTED = 'Time entry corrected.';
const WORK_ORDER_NOT_FOUND = 'Work order not found.';

/** A `datetime-local` text ("2026-11-24T08:30") read in the shop's time zone → the instant (date-fns, @date-fns/tz). */
export function shopLocalToDate(text: string, timeZone = getConfig().shop.timeZone): Date {
  return new Date(parseISO(text, { in: tz(timeZone) }).getTime());
}

/** An instant → the `datetime-local` text of the shop's time zone ("2026-11-24T08:30"), for a form's default. */
export function dateToShopLocal(date: Date, timeZone = getConfig().shop.timeZone): string {
  return format(date, "yyyy-MM-dd'T'HH:mm", { in: tz(timeZone) });
}

/** Seconds → tenths of an hour, rounded half up (360 s = 0.1 h). */
export const secondsToTenths = (seconds: number) => Math.floor((seconds + 180) / 360);

/** The actor's open entry with its work order's number, or null. */
export async function getOpenClock(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: timeEntries.id,
      workOrderId: timeEntries.workOrderId,
      workOrderNumber: workOrders.workOrderNumber,
      startedAt: timeEntries.startedAt,
    })
    .from(timeEntries)
    .innerJoin(workOrders, eq(workOrders.id, timeEntries.workOrderId))
    .where(and(eq(timeEntries.technicianId, userId), isNull(timeEntries.endedAt)));
  return row ?? null;
}

/**
 * Opens a time entry for `actor` on `workOrderId`, starting now. Returns `{ id, workOrderNumber, message }`.
 * Errors: forbidden without 'time.own'; not_found for a work order that does not exist or the actor may not see;
 * conflict (alreadyClockedIn) when the actor already has an open entry, decided by the unique index so two
 * simultaneous clock-ins leave exactly one.
 */
export async function clockIn(db: Database, actor: ClockActor, workOrderId: string) {
  if (!can(actor, 'time.own')) throw new DomainError('forbidden', 'Your role does not clock time.');
  if (!isUuid(workOrderId)) throw new DomainError('not_found', WORK_ORDER_NOT_FOUND);
  const [workOrder] = await db
    .select({ id: workOrders.id, number: workOrders.workOrderNumber, assignedTechnicianId: workOrders.assignedTechnicianId })
    .from(workOrders)
    .where(eq(workOrders.id, workOrderId));
  if (!workOrder || !canSeeWorkOrder(actor, workOrder)) throw new DomainError('not_found', WORK_ORDER_NOT_FOUND);
  const refuse = async () => {
    const open = await getOpenClock(db, actor.id);
    return new DomainError('conflict', alreadyClockedIn(open?.workOrderNumber ?? workOrder.number));
  };
  // A friendly early answer; the unique index below is the real rule (a race passes this check).
  if (await getOpenClock(db, actor.id)) throw await refuse();
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(timeEntries)
        .values({ workOrderId, technicianId: actor.id, startedAt: new Date() })
        .returning({ id: timeEntries.id, startedAt: timeEntries.startedAt });
      await recordAudit(tx, actor, {
        action: 'time_entry.clock_in',
        entityId: row!.id,
        after: { workOrderId, workOrderNumber: workOrder.number, technicianId: actor.id, startedAt: row!.startedAt },
      });
      return row!.id;
    });
    return { id, workOrderNumber: workOrder.number, message: clockedInMessage(workOrder.number) };
  } catch (error) {
    if (isUniqueViolation(error, 'time_entries_one_open_per_technician')) throw await refuse();
    throw error;
  }
}

/**
 * Closes `actor`'s open entry now. Returns `{ id, workOrderId, workOrderNumber, tenths, message }` (`tenths`: that
 * entry's length in tenths of an hour). Errors: conflict NOT_CLOCKED_IN when nothing is open.
 */
export async function clockOut(db: Database, actor: ClockActor) {
  return db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: timeEntries.id, workOrderId: timeEntries.workOrderId, startedAt: timeEntries.startedAt, number: workOrders.workOrderNumber })
      .from(timeEntries)
      .innerJoin(workOrders, eq(workOrders.id, timeEntries.workOrderId))
      .where(and(eq(timeEntries.technicianId, actor.id), isNull(timeEntries.endedAt)))
      .for('update', { of: timeEntries });
    if (!open) throw new DomainError('conflict', NOT_CLOCKED_IN);
    // Never before the start (the check constraint), even if clocks disagree by a millisecond.
    const endedAt = new Date(Math.max(Date.now(), open.startedAt.getTime()));
    await tx.update(timeEntries).set({ endedAt, updatedAt: new Date() }).where(eq(timeEntries.id, open.id));
    await recordAudit(tx, actor, {
      action: 'time_entry.clock_out',
      entityId: open.id,
      before: { endedAt: null },
      after: { endedAt, workOrderId: open.workOrderId, workOrderNumber: open.number },
    });
    const tenths = secondsToTenths((endedAt.getTime() - open.startedAt.getTime()) / 1000);
    return { id: open.id, workOrderId: open.workOrderId, workOrderNumber: open.number, tenths, message: clockedOutMessage(open.number, tenths) };
  });
}

export interface TimeCorrection {
  id: string;
  startedAt: Date;
  endedAt: Date;
  /** Why the entry was changed (kept on the entry and in the audit log). */
  note: string;
}

/**
 * The owner's correction of one entry: new start and end (the end not before the start, neither in the future) and a
 * note. Returns `{ workOrderId, message }`. Errors: forbidden without 'time.correct'; not_found for an unknown id;
 * validation (field endedAt) for an end before the start or a time in the future.
 */
export async function correctTimeEntry(db: Database, owner: ClockActor, correction: TimeCorrection) {
  if (!can(owner, 'time.correct')) throw new DomainError('forbidden', 'Only the owner corrects time entries.');
  if (!isUuid(correction.id)) throw new DomainError('not_found', 'Time entry not found.');
  const { startedAt, endedAt, note } = correction;
  if (endedAt.getTime() < startedAt.getTime()) throw new DomainError('validation', 'The end must be after the start.', 'endedAt');
  if (endedAt.getTime() > Date.now() + 60_000) throw new DomainError('validation', 'The end cannot be in the future.', 'endedAt');
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        workOrderId: timeEntries.workOrderId,
        startedAt: timeEntries.startedAt,
        endedAt: timeEntries.endedAt,
        correctionNote: timeEntries.correctionNote,
      })
      .from(timeEntries)
      .where(eq(timeEntries.id, correction.id))
      .for('update');
    if (!before) throw new DomainError('not_found', 'Time entry not found.');
    await tx
      .update(timeEntries)
      .set({ startedAt, endedAt, correctionNote: note, correctedByUserId: owner.id, updatedAt: new Date() })
      .where(eq(timeEntries.id, correction.id));
    await recordAudit(tx, owner, {
      action: 'time_entry.correct',
      entityId: correction.id,
      before: { startedAt: before.startedAt, endedAt: before.endedAt, correctionNote: before.correctionNote },
      after: { startedAt, endedAt, correctionNote: note },
    });
    return { workOrderId: before.workOrderId, message: TIME_ENTRY_CORRECTED };
  });
}

/** Touch time of a work order: its closed entries' total, in integer tenths of an hour (rounded half up once). */
export async function touchTime(db: Executor, workOrderId: string): Promise<number> {
  if (!isUuid(workOrderId)) return 0;
  const [row] = await db
    .select({ seconds: sql<string>`coalesce(sum(extract(epoch from ${timeEntries.endedAt} - ${timeEntries.startedAt})), 0)` })
    .from(timeEntries)
    .where(and(eq(timeEntries.workOrderId, workOrderId), isNotNull(timeEntries.endedAt)));
  return secondsToTenths(Number(row?.seconds ?? 0));
}

export interface TimeEntryRow {
  id: string;
  technicianId: string;
  technicianName: string;
  startedAt: Date;
  endedAt: Date | null;
  /** Length in tenths of an hour; null while open. */
  tenths: number | null;
  correctionNote: string | null;
  corrected: boolean;
}

/**
 * What the work order page shows about time, for `user`: `{ canClock, canCorrect, openClock, entries, touchTenths }`;
 * each entry carries `startedLocal` / `endedLocal` (shop-time `datetime-local` defaults for the correction form).
 */
export async function loadWorkOrderTime(user: ClockActor, workOrderId: string, db: Database = getDb()) {
  const [openClock, entries, touchTenths] = await Promise.all([
    getOpenClock(db, user.id),
    listTimeEntries(db, workOrderId),
    touchTime(db, workOrderId),
  ]);
  const now = new Date();
  return {
    canClock: can(user, 'time.own'),
    canCorrect: can(user, 'time.correct'),
    openClock,
    touchTenths,
    entries: entries.map((e) => ({
      ...e,
      startedLocal: dateToShopLocal(e.startedAt),
      endedLocal: dateToShopLocal(e.endedAt ?? now),
    })),
  };
}

/** A work order's entries, oldest first, with the technician's name (or e-mail when no name is set). */
export async function listTimeEntries(db: Executor, workOrderId: string): Promise<TimeEntryRow[]> {
  if (!isUuid(workOrderId)) return [];
  const rows = await db
    .select({
      id: timeEntries.id,
      technicianId: timeEntries.technicianId,
      name: users.name,
      email: users.email,
      startedAt: timeEntries.startedAt,
      endedAt: timeEntries.endedAt,
      correctionNote: timeEntries.correctionNote,
      correctedByUserId: timeEntries.correctedByUserId,
    })
    .from(timeEntries)
    .innerJoin(users, eq(users.id, timeEntries.technicianId))
    .where(eq(timeEntries.workOrderId, workOrderId))
    .orderBy(asc(timeEntries.startedAt), asc(timeEntries.id));
  return rows.map((r) => ({
    id: r.id,
    technicianId: r.technicianId,
    technicianName: r.name || r.email,
    startedAt: r.startedAt,
    endedAt: r.endedAt,
    tenths: r.endedAt ? secondsToTenths((r.endedAt.getTime() - r.startedAt.getTime()) / 1000) : null,
    correctionNote: r.correctionNote,
    corrected: r.correctedByUserId !== null || r.correctionNote !== null,
  }));
}
