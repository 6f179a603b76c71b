/**
 * Technician time (issue 17 §3) on a real database: clock in, a second clock-in refused with the work order named,
 * clock out, two clock-ins at the same moment leave one open entry (the unique index decides), the owner's correction
 * audited with before/after, a technician refused on a work order that is not theirs (and anyone without the
 * permission), touch time in tenths of an hour; and the same through the work order page's action (plain form POST).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as workOrderDetails from '~/routes/admin/work-orders/details';
import type { SessionUser } from '~/server/auth/session.server';
import { auditLog, timeEntries, workOrders } from '~/server/db/schema';
import { DomainError, isUniqueViolation } from '~/server/errors.server';
import {
  alreadyClockedIn,
  clockIn,
  clockOut,
  correctTimeEntry,
  listTimeEntries,
  NOT_CLOCKED_IN,
  secondsToTenths,
  touchTime,
} from '~/server/time/time-clock.server';
import { createAccount, makeRequest, settle, testContext, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { createCustomerWithWorkOrder, dataOf } from './helpers';

const t = withTestDatabase();

const actorOf = (account: TestAccount, role: SessionUser['role']) => ({ id: account.userId, email: account.email, isAdmin: true, role });

let owner: TestAccount;
let tech: TestAccount;
let parts: TestAccount;

beforeAll(async () => {
  owner = await createAccount({ admin: true, role: 'owner', name: 'Olive Owner' });
  tech = await createAccount({ admin: true, role: 'technician', name: 'Tom Tech' });
  parts = await createAccount({ admin: true, role: 'parts', name: 'Pat Parts' });
});

async function assignedWorkOrder(technicianId: string | null) {
  const { workOrder } = await createCustomerWithWorkOrder();
  await t.db.update(workOrders).set({ assignedTechnicianId: technicianId }).where(eq(workOrders.id, workOrder.id));
  return workOrder;
}

const openEntries = (userId: string) =>
  t.db.select().from(timeEntries).where(and(eq(timeEntries.technicianId, userId), isNull(timeEntries.endedAt)));

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('clocking in and out', () => {
  it('clocks in, refuses a second clock-in naming the work order, clocks out; audited', async () => {
    const a = await assignedWorkOrder(tech.userId);
    const b = await assignedWorkOrder(tech.userId);
    const techActor = actorOf(tech, 'technician');

    const first = await clockIn(t.db, techActor, a.id);
    expect(first.message).toBe(`Clocked in on ${a.workOrderNumber}.`);
    expect(await openEntries(tech.userId)).toHaveLength(1);

    const twice = await refusal(clockIn(t.db, techActor, b.id));
    expect(twice.status).toBe(409);
    expect(twice.message).toBe(alreadyClockedIn(a.workOrderNumber));
    expect(twice.message).toMatch(/^You are already clocked in on WO-/);

    const out = await clockOut(t.db, techActor);
    expect(out.workOrderNumber).toBe(a.workOrderNumber);
    expect(await openEntries(tech.userId)).toHaveLength(0);
    expect((await refusal(clockOut(t.db, techActor))).message).toBe(NOT_CLOCKED_IN);

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, first.id));
    expect(audits.map((r) => r.action).sort()).toEqual(['time_entry.clock_in', 'time_entry.clock_out']);
    // Free again: clocking in on the other work order now works.
    await clockIn(t.db, techActor, b.id);
    await clockOut(t.db, techActor);
  });

  it('two clock-ins at the same moment leave exactly one open entry', async () => {
    const writer = await createAccount({ admin: true, role: 'service_writer' });
    const a = await assignedWorkOrder(null);
    const b = await assignedWorkOrder(null);
    const actor = actorOf(writer, 'service_writer');
    const results = await Promise.allSettled([clockIn(t.db, actor, a.id), clockIn(t.db, actor, b.id), clockIn(t.db, actor, a.id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected).toHaveLength(2);
    for (const r of rejected) {
      expect(r.reason).toBeInstanceOf(DomainError);
      expect((r.reason as DomainError).message).toMatch(/^You are already clocked in on WO-/);
    }
    expect(await openEntries(writer.userId)).toHaveLength(1);
    await clockOut(t.db, actor);
  });

  it('the database itself refuses a second open entry, and clockIn recognises that refusal', async () => {
    const writer = await createAccount({ admin: true, role: 'service_writer' });
    const wo = await assignedWorkOrder(null);
    const open = { workOrderId: wo.id, technicianId: writer.userId, startedAt: new Date() };
    await t.db.insert(timeEntries).values(open);
    const error = await t.db.insert(timeEntries).values(open).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error, 'time_entries_one_open_per_technician')).toBe(true);
    await t.db.delete(timeEntries).where(eq(timeEntries.technicianId, writer.userId));
  });

  it("refuses a technician on someone else's work order (not found, nothing written) and a role without time", async () => {
    const other = await createAccount({ admin: true, role: 'technician' });
    const theirs = await assignedWorkOrder(other.userId);
    const unassigned = await assignedWorkOrder(null);
    const techActor = actorOf(tech, 'technician');
    expect((await refusal(clockIn(t.db, techActor, theirs.id))).status).toBe(404);
    expect((await refusal(clockIn(t.db, techActor, unassigned.id))).status).toBe(404);
    expect((await refusal(clockIn(t.db, actorOf(parts, 'parts'), unassigned.id))).status).toBe(403);
    expect(await t.db.select().from(timeEntries).where(eq(timeEntries.workOrderId, theirs.id))).toHaveLength(0);
  });
});

describe('corrections and touch time', () => {
  it('lets the owner correct an entry (audited with before/after) and refuses everyone else', async () => {
    const wo = await assignedWorkOrder(tech.userId);
    const techActor = actorOf(tech, 'technician');
    const { id } = await clockIn(t.db, techActor, wo.id);
    await clockOut(t.db, techActor);
    const [before] = await t.db.select().from(timeEntries).where(eq(timeEntries.id, id));

    const startedAt = new Date('2026-11-20T14:00:00Z');
    const endedAt = new Date('2026-11-20T16:30:00Z');
    const refused = await refusal(correctTimeEntry(t.db, techActor, { id, startedAt, endedAt, note: 'forgot to clock' }));
    expect(refused.status).toBe(403);
    const backwards = await refusal(correctTimeEntry(t.db, actorOf(owner, 'owner'), { id, startedAt: endedAt, endedAt: startedAt, note: 'x' }));
    expect(backwards.field).toBe('endedAt');

    await correctTimeEntry(t.db, actorOf(owner, 'owner'), { id, startedAt, endedAt, note: 'Forgot to clock out' });
    const [after] = await t.db.select().from(timeEntries).where(eq(timeEntries.id, id));
    expect(after).toMatchObject({ startedAt, endedAt, correctionNote: 'Forgot to clock out', correctedByUserId: owner.userId });
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'time_entry.correct')));
    expect(audit!.actorUserId).toBe(owner.userId);
    expect(audit!.changes).toMatchObject({
      startedAt: { from: before!.startedAt.toISOString(), to: startedAt.toISOString() },
      endedAt: { from: before!.endedAt!.toISOString(), to: endedAt.toISOString() },
      correctionNote: { from: null, to: 'Forgot to clock out' },
    });
  });

  it('sums closed entries in tenths of an hour, rounding once over the total', async () => {
    const wo = await assignedWorkOrder(null);
    const day = '2026-11-10T';
    await t.db.insert(timeEntries).values([
      // 1 h 30 min = 5400 s
      { workOrderId: wo.id, technicianId: tech.userId, startedAt: new Date(`${day}08:00:00Z`), endedAt: new Date(`${day}09:30:00Z`) },
      // 20 min = 1200 s
      { workOrderId: wo.id, technicianId: owner.userId, startedAt: new Date(`${day}10:00:00Z`), endedAt: new Date(`${day}10:20:00Z`) },
      // 4 min = 240 s
      { workOrderId: wo.id, technicianId: parts.userId, startedAt: new Date(`${day}11:00:00Z`), endedAt: new Date(`${day}11:04:00Z`) },
    ]);
    // 5400 + 1200 + 240 = 6840 s = 1.9 h exactly → 19 tenths (per entry it would be 15 + 3 + 1 = 19 too).
    expect(await touchTime(t.db, wo.id)).toBe(19);
    // An open entry is not counted until it is closed.
    await t.db.insert(timeEntries).values({ workOrderId: wo.id, technicianId: parts.userId, startedAt: new Date(`${day}12:00:00Z`) });
    expect(await touchTime(t.db, wo.id)).toBe(19);
    const listed = await listTimeEntries(t.db, wo.id);
    expect(listed.map((e) => e.tenths)).toEqual([15, 3, 1, null]);
    await t.db.delete(timeEntries).where(and(eq(timeEntries.workOrderId, wo.id), isNull(timeEntries.endedAt)));
    // Rounding: 179 s → 0, 180 s → 1 (half up), 540 s → 2 (0.15 h → 0.2).
    expect([secondsToTenths(179), secondsToTenths(180), secondsToTenths(540)]).toEqual([0, 1, 2]);
  });
});

describe('the work order page (plain form POST)', () => {
  const post = async (account: TestAccount, workOrderId: string, form: Record<string, string>) =>
    dataOf<{ ok: boolean; message: string }>(
      await workOrderDetails.action({
        request: makeRequest(`/admin/work-orders/details/${workOrderId}`, { cookie: account.cookie, form }),
        params: { workOrderId },
        context: testContext,
      } as never),
    );

  it('clocks in and out with one tap each, and answers a second clock-in with 409 and a clear message', async () => {
    const wo = await assignedWorkOrder(tech.userId);
    const other = await assignedWorkOrder(tech.userId);
    const inn = await post(tech, wo.id, { intent: 'clock-in' });
    expect(inn.data).toMatchObject({ ok: true, message: `Clocked in on ${wo.workOrderNumber}.` });
    const again = await post(tech, other.id, { intent: 'clock-in' });
    expect(again.status).toBe(409);
    expect(again.data.message).toBe(alreadyClockedIn(wo.workOrderNumber));
    const out = await post(tech, wo.id, { intent: 'clock-out' });
    expect(out.data.ok).toBe(true);
    expect(out.data.message).toMatch(new RegExp(`^Clocked out of ${wo.workOrderNumber}`));
  });

  it("refuses a technician's correction with 403 and changes nothing", async () => {
    const wo = await assignedWorkOrder(tech.userId);
    const [entry] = await t.db
      .insert(timeEntries)
      .values({ workOrderId: wo.id, technicianId: tech.userId, startedAt: new Date('2026-11-10T08:00:00Z'), endedAt: new Date('2026-11-10T09:00:00Z') })
      .returning();
    // Refused before anything is read or written: the intent's permission check throws the 403 answer.
    const answer = await settle(() => post(tech, wo.id, { intent: 'correct-time', entryId: entry!.id, startedAt: '2026-11-10T01:00', endedAt: '2026-11-10T09:00', note: 'more' }));
    expect((answer.thrown as Response).status).toBe(403);
    const [row] = await t.db.select().from(timeEntries).where(eq(timeEntries.id, entry!.id));
    expect(row!.startedAt).toEqual(entry!.startedAt);
    // The owner's correction, typed in the shop's time zone (America/Chicago, UTC−6 in November).
    const ok = await post(owner, wo.id, { intent: 'correct-time', entryId: entry!.id, startedAt: '2026-11-10T01:00', endedAt: '2026-11-10T03:30', note: 'Started early' });
    expect(ok.data.ok).toBe(true);
    const [fixed] = await t.db.select().from(timeEntries).where(eq(timeEntries.id, entry!.id));
    expect(fixed!.startedAt.toISOString()).toBe('2026-11-10T07:00:00.000Z');
    expect(fixed!.endedAt!.toISOString()).toBe('2026-11-10T09:30:00.000Z');
  });
});

describe("the work order page's time data", () => {
  it('lists the entries with touch time, the open clock, and offers corrections to the owner only', async () => {
    const wo = await assignedWorkOrder(tech.userId);
    await t.db.insert(timeEntries).values({
      workOrderId: wo.id,
      technicianId: tech.userId,
      startedAt: new Date('2026-11-10T14:00:00Z'),
      endedAt: new Date('2026-11-10T16:30:00Z'),
    });
    await clockIn(t.db, actorOf(tech, 'technician'), wo.id);
    const load = (account: TestAccount) =>
      workOrderDetails.loader({
        request: makeRequest(`/admin/work-orders/details/${wo.id}`, { cookie: account.cookie }),
        params: { workOrderId: wo.id },
        context: testContext,
      } as never);
    const forTech = (await load(tech)).time;
    expect(forTech).toMatchObject({ canClock: true, canCorrect: false, touchTenths: 25 });
    expect(forTech.openClock?.workOrderId).toBe(wo.id);
    expect(forTech.entries).toHaveLength(2);
    // Shop time (America/Chicago, UTC−6): 14:00Z is 08:00 local.
    expect(forTech.entries[0]).toMatchObject({ tenths: 25, startedLocal: '2026-11-10T08:00', endedLocal: '2026-11-10T10:30' });
    const forOwner = (await load(owner)).time;
    expect(forOwner).toMatchObject({ canClock: true, canCorrect: true, openClock: null });
    await clockOut(t.db, actorOf(tech, 'technician'));
  });
});
