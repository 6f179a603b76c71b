/**
 * Issue 15 §4: notifications the shop controls — one message per window with the latest status, the same status
 * again sends nothing, "Notify customer" unchecked sends nothing and drops a waiting message, the customer's channel
 * preference, the review request (once, after Ready for Pickup, never to a customer who wants no messages).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as details from '~/routes/admin/work-orders/details';
import { customers, jobs, shopSettings, workOrders } from '~/server/db/schema';
import { changeWorkOrderStatus } from '~/server/work-orders/change-work-order-status.server';
import { createAccount, makeRequest, testContext } from '../setup/factories';
import { mailRows, sendCustomerMessagesNow } from '../setup/smtp';
import { withTestDatabase } from '../setup/test-db';
import { createCustomerWithWorkOrder, dataOf } from '../admin/helpers';

const t = withTestDatabase();

const statusJobs = (workOrderId: string) =>
  t.db.select().from(jobs).where(and(eq(jobs.workOrderId, workOrderId), eq(jobs.kind, 'status_notification')));

async function staff() {
  const admin = await createAccount({ admin: true });
  return { actor: { id: admin.userId, email: admin.email }, cookie: admin.cookie };
}

describe('status messages (issue 15 §4)', () => {
  it('sends one message with the latest status for several changes within the window', async () => {
    const { actor } = await staff();
    const { workOrder } = await createCustomerWithWorkOrder();
    await changeWorkOrderStatus(actor, workOrder.id, 'Parts Ordered');
    await changeWorkOrderStatus(actor, workOrder.id, 'Parts Received');
    await changeWorkOrderStatus(actor, workOrder.id, 'Repairs Started');
    const waiting = await statusJobs(workOrder.id);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.state).toBe('queued');
    // Due about two minutes after the first change, not now.
    expect(waiting[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect(await mailRows(eq(jobs.workOrderId, workOrder.id))).toHaveLength(0);

    await sendCustomerMessagesNow();
    const mail = await mailRows(eq(jobs.workOrderId, workOrder.id));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('Repairs Started');
    expect(mail[0]!.textBody).not.toContain('Parts Ordered');
    const [wo] = await t.db.select().from(workOrders).where(eq(workOrders.id, workOrder.id));
    expect(wo!.lastNotifiedStatus).toBe('Repairs Started');
  });

  it('sends nothing when the status is back where the customer last knew it', async () => {
    const { actor } = await staff();
    const { workOrder } = await createCustomerWithWorkOrder();
    await changeWorkOrderStatus(actor, workOrder.id, 'Paint');
    await changeWorkOrderStatus(actor, workOrder.id, 'Estimate Scheduled');
    const outcome = await sendCustomerMessagesNow();
    expect(outcome.cancelled).toBe(1);
    expect(await mailRows(eq(jobs.workOrderId, workOrder.id))).toHaveLength(0);
    const [job] = await statusJobs(workOrder.id);
    expect(job).toMatchObject({ state: 'cancelled', lastError: 'The customer was already told this status.' });
  });

  it('saving the same status again changes and sends nothing', async () => {
    const { actor } = await staff();
    const { workOrder } = await createCustomerWithWorkOrder();
    expect((await changeWorkOrderStatus(actor, workOrder.id, 'Paint')).changed).toBe(true);
    await sendCustomerMessagesNow();
    const again = await changeWorkOrderStatus(actor, workOrder.id, 'Paint');
    expect(again.changed).toBe(false);
    expect((await statusJobs(workOrder.id)).filter((j) => j.state === 'queued')).toHaveLength(0);
    expect(await mailRows(eq(jobs.workOrderId, workOrder.id))).toHaveLength(1);
  });

  it('"Notify customer" unchecked saves the status, sends nothing, and drops a message still waiting', async () => {
    const { actor, cookie } = await staff();
    const { workOrder } = await createCustomerWithWorkOrder();
    await changeWorkOrderStatus(actor, workOrder.id, 'Parts Ordered');
    expect(await statusJobs(workOrder.id)).toHaveLength(1);
    // The form posts notifyShown=1 and no `notify` when the box is unchecked.
    const request = makeRequest(`/admin/work-orders/details/${workOrder.id}`, {
      cookie,
      form: { intent: 'change-status', status: 'Paint', notifyShown: '1' },
    });
    const { data } = dataOf<{ ok: boolean; message: string }>(
      await details.action({ request, params: { workOrderId: workOrder.id }, context: testContext } as never),
    );
    expect(data).toMatchObject({
      ok: true,
      message: `Status for WO #${workOrder.workOrderNumber} updated successfully. The customer was not notified.`,
    });
    const [job] = await statusJobs(workOrder.id);
    expect(job!.state).toBe('cancelled');
    await sendCustomerMessagesNow();
    expect(await mailRows(eq(jobs.workOrderId, workOrder.id))).toHaveLength(0);
    const [wo] = await t.db.select().from(workOrders).where(eq(workOrders.id, workOrder.id));
    expect(wo!.currentStatus).toBe('Paint');
  });

  it('follows the customer’s channel preference: no messages means none, and the form says so', async () => {
    const { cookie } = await staff();
    const { workOrder, customer } = await createCustomerWithWorkOrder();
    await t.db.update(customers).set({ notifyChannel: 'none' }).where(eq(customers.id, customer.id));
    const request = makeRequest(`/admin/work-orders/details/${workOrder.id}`, {
      cookie,
      form: { intent: 'change-status', status: 'Paint', notifyShown: '1', notify: '1' },
    });
    const { data } = dataOf<{ message: string }>(
      await details.action({ request, params: { workOrderId: workOrder.id }, context: testContext } as never),
    );
    expect(data.message).toBe(
      `Status for WO #${workOrder.workOrderNumber} updated successfully. No message was sent: the customer asked for no messages.`,
    );
    await sendCustomerMessagesNow();
    expect(await mailRows(eq(jobs.workOrderId, workOrder.id))).toHaveLength(0);
  });

  it('a text-only customer without consent gets no text and no e-mail', async () => {
    const { actor } = await staff();
    const { workOrder, customer } = await createCustomerWithWorkOrder();
    await t.db.update(customers).set({ notifyChannel: 'sms', mobileE164: '+12815550147' }).where(eq(customers.id, customer.id));
    const result = await changeWorkOrderStatus(actor, workOrder.id, 'Paint');
    expect(result.channels).toEqual({ email: false, sms: false, none: 'no_consent' });
    await sendCustomerMessagesNow();
    expect(await mailRows(eq(jobs.workOrderId, workOrder.id))).toHaveLength(0);
  });

  it('the details page previews the message with the channels it goes by', async () => {
    const { cookie } = await staff();
    const { workOrder } = await createCustomerWithWorkOrder();
    const data = await details.loader({
      request: makeRequest(`/admin/work-orders/details/${workOrder.id}`, { cookie }),
      params: { workOrderId: workOrder.id },
      context: testContext,
    } as never);
    expect(data.preview).toMatchObject({ channels: { email: true, sms: false }, delaySeconds: 120 });
    expect(data.preview!.facts.workOrderNumber).toBe(workOrder.workOrderNumber);
  });
});

describe('review request (issue 15 §4)', () => {
  const setReviewLink = (reviewUrl: string) =>
    t.db.insert(shopSettings).values({ id: 1, reviewUrl }).onConflictDoUpdate({ target: shopSettings.id, set: { reviewUrl } });
  const reviewJobs = (workOrderId: string) =>
    t.db.select().from(jobs).where(and(eq(jobs.workOrderId, workOrderId), eq(jobs.kind, 'review_request')));

  it('asks once, 24 hours after Ready for Pickup, with the shop’s review link', async () => {
    await setReviewLink('https://g.page/r/example-review');
    const { actor } = await staff();
    const { workOrder } = await createCustomerWithWorkOrder();
    await changeWorkOrderStatus(actor, workOrder.id, 'Ready for Pickup');
    const [job] = await reviewJobs(workOrder.id);
    expect(job!.runAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const [wo] = await t.db.select().from(workOrders).where(eq(workOrders.id, workOrder.id));
    expect(wo!.readyForPickupAt).not.toBeNull();

    await sendCustomerMessagesNow(['status_notification', 'review_request']);
    const review = (await mailRows(eq(jobs.workOrderId, workOrder.id))).filter((m) => m.kind === 'review_request');
    expect(review).toHaveLength(1);
    expect(review[0]!.textBody).toContain('https://g.page/r/example-review');

    // Back into work and ready again: never a second request.
    await changeWorkOrderStatus(actor, workOrder.id, 'Paint');
    await changeWorkOrderStatus(actor, workOrder.id, 'Ready for Pickup');
    await sendCustomerMessagesNow(['status_notification', 'review_request']);
    expect((await mailRows(eq(jobs.workOrderId, workOrder.id))).filter((m) => m.kind === 'review_request')).toHaveLength(1);
  });

  it('sends none without a review link, or to a customer who wants no messages, or after the car went back into work', async () => {
    const { actor } = await staff();
    await setReviewLink('');
    const plain = await createCustomerWithWorkOrder();
    await changeWorkOrderStatus(actor, plain.workOrder.id, 'Ready for Pickup');
    expect(await reviewJobs(plain.workOrder.id)).toHaveLength(0);

    await setReviewLink('https://g.page/r/example-review');
    const optedOut = await createCustomerWithWorkOrder();
    await t.db.update(customers).set({ notifyChannel: 'none' }).where(eq(customers.id, optedOut.customer.id));
    await changeWorkOrderStatus(actor, optedOut.workOrder.id, 'Ready for Pickup');
    const back = await createCustomerWithWorkOrder();
    await changeWorkOrderStatus(actor, back.workOrder.id, 'Ready for Pickup');
    await changeWorkOrderStatus(actor, back.workOrder.id, 'Paint');
    await sendCustomerMessagesNow(['review_request']);
    for (const id of [optedOut.workOrder.id, back.workOrder.id]) {
      const [job] = await reviewJobs(id);
      expect(job!.state).toBe('cancelled');
      expect((await mailRows(eq(jobs.workOrderId, id))).filter((m) => m.kind === 'review_request')).toHaveLength(0);
    }
    const [wo] = await t.db.select().from(workOrders).where(eq(workOrders.id, back.workOrder.id));
    expect(wo!.readyForPickupAt).toBeNull();
  });
});
