/**
 * The job board (issue 17 §1): loadBoard's columns, what counts as open, overdue and days in the shop, the technician's
 * scope and the filter; moves with optimistic concurrency (a stale second move is refused and nothing is lost), a
 * technician moving someone else's card, "Notify customer" queuing the same message as the status form; the route's
 * loader and action.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boardConflictMessage, type Board } from '~/lib/board';
import * as boardRoute from '~/routes/admin/board';
import { loadBoard } from '~/server/board/load-board.server';
import { BoardMoveConflict, moveWorkOrderOnBoard } from '~/server/board/move-work-order.server';
import { auditLog, jobs, workOrders, workOrderStatusHistory } from '~/server/db/schema';
import { DomainError } from '~/server/errors.server';
import { changeWorkOrderStatus } from '~/server/work-orders/change-work-order-status.server';
import { shopToday } from '~/server/work-orders/list-work-orders.server';
import type { StaffRole } from '~/lib/staff-roles';
import { createAccount, makeRequest, settle, testContext } from '../setup/factories';
import { mailRows, sendCustomerMessagesNow } from '../setup/smtp';
import { withTestDatabase } from '../setup/test-db';
import { createCustomerWithWorkOrder, dataOf } from './helpers';

const t = withTestDatabase();
const DAY = 86_400_000;

async function staff(role: StaffRole, name?: string) {
  const account = await createAccount({ role, name });
  return { ...account, user: { id: account.userId, email: account.email, isAdmin: true, role } };
}

const cardsOf = (board: Board) => board.columns.flatMap((c) => c.cards);
const cardOf = (board: Board, id: string) => cardsOf(board).find((c) => c.id === id);

async function workOrderRow(id: string) {
  const [row] = await t.db.select().from(workOrders).where(eq(workOrders.id, id));
  return row!;
}

describe('loadBoard', () => {
  it('has one column per status, in order, with the open work orders in their column', async () => {
    const owner = await staff('owner');
    const tech = await staff('technician', 'Tess Tech');
    const a = await createCustomerWithWorkOrder({ name: 'Ann Board' });
    const b = await createCustomerWithWorkOrder();
    const complete = await createCustomerWithWorkOrder();
    await t.db.update(workOrders).set({ currentStatus: 'Paint', assignedTechnicianId: tech.userId }).where(eq(workOrders.id, b.workOrder.id));
    await t.db.update(workOrders).set({ currentStatus: 'Complete' }).where(eq(workOrders.id, complete.workOrder.id));
    const board = await loadBoard(t.db, owner.user);
    expect(board.columns.map((c) => c.status)).toEqual([
      'Estimate Scheduled',
      'Parts Ordered',
      'Parts Received',
      'Repairs Started',
      'Paint',
      'Quality Check',
      'Complete',
      'Ready for Pickup',
    ]);
    const column = (s: string) => board.columns.find((c) => c.status === s)!.cards.map((c) => c.id);
    expect(column('Estimate Scheduled')).toContain(a.workOrder.id);
    expect(column('Paint')).toContain(b.workOrder.id);
    expect(column('Complete')).toContain(complete.workOrder.id);
    const card = cardOf(board, a.workOrder.id)!;
    expect(card).toMatchObject({
      workOrderNumber: a.workOrder.workOrderNumber,
      customerName: 'Ann Board',
      vehicle: '2021 Toyota Camry',
      daysInShop: 0,
      estimatedCompletionDate: null,
      overdue: false,
      assignedTechnicianId: null,
      assignedTechnicianName: null,
      partsWaiting: false,
      version: 0,
    });
    // No contact details on a card.
    expect(JSON.stringify(card)).not.toContain(a.customer.email!);
    expect(Object.keys(card)).not.toEqual(expect.arrayContaining(['email']));
    expect(cardOf(board, b.workOrder.id)!.assignedTechnicianName).toBe('Tess Tech');
    expect(board.technicians).toEqual(expect.arrayContaining([{ id: tech.userId, name: 'Tess Tech' }]));
  });

  it('keeps Ready for Pickup for 7 days, then the work order leaves the board', async () => {
    const owner = await staff('owner');
    const recent = await createCustomerWithWorkOrder();
    const old = await createCustomerWithWorkOrder();
    const threeDaysAgo = new Date(Date.now() - 3 * DAY);
    const tenDaysAgo = new Date(Date.now() - 10 * DAY);
    await t.db
      .update(workOrders)
      .set({ currentStatus: 'Ready for Pickup', readyForPickupAt: threeDaysAgo, updatedAt: threeDaysAgo })
      .where(eq(workOrders.id, recent.workOrder.id));
    await t.db
      .update(workOrders)
      .set({ currentStatus: 'Ready for Pickup', readyForPickupAt: tenDaysAgo, updatedAt: tenDaysAgo })
      .where(eq(workOrders.id, old.workOrder.id));
    const board = await loadBoard(t.db, owner.user);
    const ready = board.columns.find((c) => c.status === 'Ready for Pickup')!.cards.map((c) => c.id);
    expect(ready).toContain(recent.workOrder.id);
    expect(cardsOf(board).map((c) => c.id)).not.toContain(old.workOrder.id);
  });

  it('flags an estimated completion date before today as overdue (not once the work is Complete) and counts days in the shop', async () => {
    const owner = await staff('owner');
    const late = await createCustomerWithWorkOrder();
    const doneLate = await createCustomerWithWorkOrder();
    const onTime = await createCustomerWithWorkOrder();
    const now = new Date();
    const yesterday = shopToday(new Date(now.getTime() - DAY));
    const tomorrow = shopToday(new Date(now.getTime() + DAY));
    await t.db
      .update(workOrders)
      .set({ estimatedCompletionDate: yesterday, currentStatus: 'Parts Ordered', createdAt: new Date(now.getTime() - 3 * DAY) })
      .where(eq(workOrders.id, late.workOrder.id));
    await t.db.update(workOrders).set({ estimatedCompletionDate: yesterday, currentStatus: 'Complete' }).where(eq(workOrders.id, doneLate.workOrder.id));
    await t.db.update(workOrders).set({ estimatedCompletionDate: tomorrow }).where(eq(workOrders.id, onTime.workOrder.id));
    const board = await loadBoard(t.db, owner.user, { now });
    expect(cardOf(board, late.workOrder.id)).toMatchObject({ overdue: true, daysInShop: 3, partsWaiting: true, estimatedCompletionDate: yesterday });
    expect(cardOf(board, doneLate.workOrder.id)!.overdue).toBe(false);
    expect(cardOf(board, onTime.workOrder.id)!.overdue).toBe(false);
    expect(board.today).toBe(shopToday(now));
  });

  it('shows a technician only the work orders assigned to them, whatever filter they ask for; staff can filter', async () => {
    const owner = await staff('owner');
    const mine = await staff('technician', 'Mia Mine');
    const other = await staff('technician', 'Otto Other');
    const a = await createCustomerWithWorkOrder();
    const b = await createCustomerWithWorkOrder();
    const unassigned = await createCustomerWithWorkOrder();
    await t.db.update(workOrders).set({ assignedTechnicianId: mine.userId }).where(eq(workOrders.id, a.workOrder.id));
    await t.db.update(workOrders).set({ assignedTechnicianId: other.userId }).where(eq(workOrders.id, b.workOrder.id));

    for (const technicianId of [undefined, other.userId, 'none']) {
      const board = await loadBoard(t.db, mine.user, { technicianId });
      expect(cardsOf(board).map((c) => c.id)).toEqual([a.workOrder.id]);
      expect(board.technicianId).toBe(mine.userId);
      expect(board.technicians).toEqual([]);
    }
    const filtered = await loadBoard(t.db, owner.user, { technicianId: other.userId });
    expect(cardsOf(filtered).map((c) => c.id)).toEqual([b.workOrder.id]);
    const none = cardsOf(await loadBoard(t.db, owner.user, { technicianId: 'none' })).map((c) => c.id);
    expect(none).toContain(unassigned.workOrder.id);
    expect(none).not.toContain(a.workOrder.id);
    expect(none).not.toContain(b.workOrder.id);
    const everyone = cardsOf(await loadBoard(t.db, owner.user)).map((c) => c.id);
    expect(everyone).toEqual(expect.arrayContaining([a.workOrder.id, b.workOrder.id, unassigned.workOrder.id]));
  });
});

describe('moveWorkOrderOnBoard', () => {
  it('moves, bumps the version, and refuses a second move made on the stale card: nothing is lost', async () => {
    const first = await staff('service_writer');
    const second = await staff('owner');
    const { workOrder } = await createCustomerWithWorkOrder();
    const seen = cardOf(await loadBoard(t.db, second.user), workOrder.id)!;
    expect(seen.version).toBe(0);

    const moved = await moveWorkOrderOnBoard(t.db, first.user, { workOrderId: workOrder.id, toStatus: 'Paint', expectedVersion: 0, notify: false });
    expect(moved).toMatchObject({ changed: true, version: 1 });
    expect(moved.message).toBe(`Status for WO #${workOrder.workOrderNumber} updated successfully. The customer was not notified.`);

    const stale = await settle(() =>
      moveWorkOrderOnBoard(t.db, second.user, { workOrderId: workOrder.id, toStatus: 'Quality Check', expectedVersion: seen.version, notify: true }),
    );
    expect(stale.thrown).toBeInstanceOf(BoardMoveConflict);
    const conflict = stale.thrown as BoardMoveConflict;
    expect(conflict.status).toBe(409);
    expect(conflict.message).toBe(boardConflictMessage(workOrder.workOrderNumber, 'Paint'));
    expect(conflict.message).toBe(`WO #${workOrder.workOrderNumber} was moved by someone else to Paint. The board is up to date now.`);

    const row = await workOrderRow(workOrder.id);
    expect(row).toMatchObject({ currentStatus: 'Paint', version: 1 });
    const history = await t.db.select().from(workOrderStatusHistory).where(eq(workOrderStatusHistory.workOrderId, workOrder.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.changedByUserId])).toEqual([['Estimate Scheduled', 'Paint', first.userId]]);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, workOrder.id), eq(auditLog.action, 'work_order.status')));
    expect(audits).toHaveLength(1);
    // Nothing queued by the refused move.
    expect(await t.db.select().from(jobs).where(eq(jobs.workOrderId, workOrder.id))).toHaveLength(0);

    // With the reloaded card, the second person's move goes through.
    const fresh = cardOf(await loadBoard(t.db, second.user), workOrder.id)!;
    expect(fresh).toMatchObject({ status: 'Paint', version: 1 });
    await moveWorkOrderOnBoard(t.db, second.user, { workOrderId: workOrder.id, toStatus: 'Quality Check', expectedVersion: 1, notify: false });
    expect(await workOrderRow(workOrder.id)).toMatchObject({ currentStatus: 'Quality Check', version: 2 });
  });

  it('two moves of the same card at the same time: exactly one is saved, the other is told', async () => {
    const a = await staff('service_writer');
    const b = await staff('owner');
    const { workOrder } = await createCustomerWithWorkOrder();
    const results = await Promise.allSettled([
      moveWorkOrderOnBoard(t.db, a.user, { workOrderId: workOrder.id, toStatus: 'Paint', expectedVersion: 0, notify: false }),
      moveWorkOrderOnBoard(t.db, b.user, { workOrderId: workOrder.id, toStatus: 'Quality Check', expectedVersion: 0, notify: false }),
    ]);
    const saved = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(saved).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toBeInstanceOf(BoardMoveConflict);
    const row = await workOrderRow(workOrder.id);
    expect(row.version).toBe(1);
    expect((refused[0]!.reason as BoardMoveConflict).currentStatus).toBe(row.currentStatus);
    const history = await t.db.select().from(workOrderStatusHistory).where(eq(workOrderStatusHistory.workOrderId, workOrder.id));
    expect(history).toHaveLength(1);
  });

  it('every status change moves the version, the status form’s too (a board card it made stale is refused)', async () => {
    const owner = await staff('owner');
    const { workOrder } = await createCustomerWithWorkOrder();
    await changeWorkOrderStatus(owner.user, workOrder.id, 'Parts Ordered', { notify: false });
    expect((await workOrderRow(workOrder.id)).version).toBe(1);
    // Saving the same status writes nothing, the version stays.
    await changeWorkOrderStatus(owner.user, workOrder.id, 'Parts Ordered', { notify: false });
    expect((await workOrderRow(workOrder.id)).version).toBe(1);
    const stale = await settle(() => moveWorkOrderOnBoard(t.db, owner.user, { workOrderId: workOrder.id, toStatus: 'Paint', expectedVersion: 0, notify: false }));
    expect((stale.thrown as BoardMoveConflict).message).toContain('was moved by someone else to Parts Ordered');
  });

  it('refuses a technician moving a card not assigned to them (404, nothing changed), lets them move their own; Parts cannot move (403)', async () => {
    const mine = await staff('technician');
    const other = await staff('technician');
    const parts = await staff('parts');
    const { workOrder } = await createCustomerWithWorkOrder();
    await t.db.update(workOrders).set({ assignedTechnicianId: other.userId }).where(eq(workOrders.id, workOrder.id));
    const input = { workOrderId: workOrder.id, toStatus: 'Paint' as const, expectedVersion: 0, notify: false };

    const refused = await settle(() => moveWorkOrderOnBoard(t.db, mine.user, input));
    expect(refused.thrown).toBeInstanceOf(DomainError);
    expect((refused.thrown as DomainError).status).toBe(404);
    const byParts = await settle(() => moveWorkOrderOnBoard(t.db, parts.user, input));
    expect((byParts.thrown as DomainError).status).toBe(403);
    expect(await workOrderRow(workOrder.id)).toMatchObject({ currentStatus: 'Estimate Scheduled', version: 0 });

    const ok = await moveWorkOrderOnBoard(t.db, other.user, input);
    expect(ok.changed).toBe(true);
    expect(await workOrderRow(workOrder.id)).toMatchObject({ currentStatus: 'Paint', version: 1 });
  });

  it('"Notify customer" queues the status message like the status form; unchecked sends nothing', async () => {
    const writer = await staff('service_writer');
    const notified = await createCustomerWithWorkOrder();
    const silent = await createCustomerWithWorkOrder();
    const moved = await moveWorkOrderOnBoard(t.db, writer.user, {
      workOrderId: notified.workOrder.id,
      toStatus: 'Repairs Started',
      expectedVersion: 0,
      notify: true,
    });
    expect(moved.message).toBe(`Status for WO #${notified.workOrder.workOrderNumber} updated successfully. Customer notified via email.`);
    await moveWorkOrderOnBoard(t.db, writer.user, { workOrderId: silent.workOrder.id, toStatus: 'Repairs Started', expectedVersion: 0, notify: false });
    const queued = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.workOrderId, notified.workOrder.id), eq(jobs.kind, 'status_notification')));
    expect(queued).toHaveLength(1);
    await sendCustomerMessagesNow();
    const mail = await mailRows(eq(jobs.workOrderId, notified.workOrder.id));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('Repairs Started');
    expect(await mailRows(eq(jobs.workOrderId, silent.workOrder.id))).toHaveLength(0);
  });
});

describe('/admin/board route', () => {
  const post = (cookie: string, form: Record<string, string>) =>
    settle(() => boardRoute.action({ request: makeRequest('/admin/board', { cookie, form }), params: {}, context: testContext } as never));

  it('loads the board for staff with board.view; a customer is sent to the portal', async () => {
    const tech = await staff('technician');
    const { workOrder } = await createCustomerWithWorkOrder();
    await t.db.update(workOrders).set({ assignedTechnicianId: tech.userId }).where(eq(workOrders.id, workOrder.id));
    const loaded = (await boardRoute.loader({
      request: makeRequest('/admin/board', { cookie: tech.cookie }),
      params: {},
      context: testContext,
    } as never)) as Awaited<ReturnType<typeof boardRoute.loader>>;
    expect(cardsOf(loaded.board).map((c) => c.id)).toEqual([workOrder.id]);
    expect(loaded).toMatchObject({ canMove: true, canFilter: false });
    const customer = await createAccount();
    const refused = await settle(() =>
      boardRoute.loader({ request: makeRequest('/admin/board', { cookie: customer.cookie }), params: {}, context: testContext } as never),
    );
    expect((refused.thrown as Response).headers.get('Location')).toBe('/portal');
  });

  it('moves with the no-JS form post, answers a stale card 409 with the message, another technician’s card 404, Parts 403', async () => {
    const writer = await staff('service_writer');
    const tech = await staff('technician');
    const parts = await staff('parts');
    const { workOrder } = await createCustomerWithWorkOrder();
    const form = { workOrderId: workOrder.id, status: 'Paint', expectedVersion: '0', notifyShown: '1', notify: '1' };

    const byTech = dataOf<boardRoute.BoardMoveAnswer>((await post(tech.cookie, form)).value);
    expect(byTech.status).toBe(404);
    const byParts = await post(parts.cookie, form);
    expect((byParts.thrown as Response).status).toBe(403);

    const ok = dataOf<boardRoute.BoardMoveAnswer>((await post(writer.cookie, form)).value);
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ ok: true, workOrderId: workOrder.id, conflict: false });
    expect(ok.data.message).toContain('updated successfully');

    const stale = dataOf<boardRoute.BoardMoveAnswer>((await post(writer.cookie, { ...form, status: 'Quality Check' })).value);
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ ok: false, conflict: true, message: boardConflictMessage(workOrder.workOrderNumber, 'Paint') });
    expect(await workOrderRow(workOrder.id)).toMatchObject({ currentStatus: 'Paint', version: 1 });

    const bad = dataOf<boardRoute.BoardMoveAnswer>((await post(writer.cookie, { ...form, status: 'Gone Fishing', expectedVersion: '1' })).value);
    expect(bad.status).toBe(400);
    expect(bad.data.message).toBe('Choose one of the listed statuses.');
  });
});
