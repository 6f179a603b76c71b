import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as details from '~/routes/admin/work-orders/details';
import * as register from '~/routes/auth/register';
import { auditLog, jobs, workOrders, workOrderStatusHistory } from '~/server/db/schema';
import { processDueMail } from '~/server/mail/mail-queue.server';
import { changeWorkOrderStatus } from '~/server/work-orders/change-work-order-status.server';
import { getConfig } from '~/server/config.server';
import { createAccount, createVehicle, createWorkOrder, makeRequest, testContext } from '../setup/factories';
import { mailRows, makeQueuedMailDue, sendCustomerMessagesNow, withTestSmtp } from '../setup/smtp';
import { withTestDatabase } from '../setup/test-db';
import { createCustomerWithWorkOrder, dataOf } from './helpers';

const t = withTestDatabase();
const smtp = withTestSmtp();

const makeDue = makeQueuedMailDue;

/** Quoted-printable soft line breaks removed, so long lines can be searched. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('status change → customer e-mail (DECISIONS 13)', () => {
  it('saves status, updated_at, a history row with the acting user, and queues one HTML + text message', async () => {
    const admin = await createAccount({ admin: true, name: 'Dana Admin' });
    const { workOrder, customer } = await createCustomerWithWorkOrder();
    await t.db
      .update(workOrders)
      .set({ estimatedCompletionDate: '2030-04-05' })
      .where(eq(workOrders.id, workOrder.id));
    const request = makeRequest(`/admin/work-orders/details/${workOrder.id}`, {
      cookie: admin.cookie,
      form: { intent: 'change-status', status: 'Paint' },
    });
    const result = dataOf<{ ok: boolean; message: string }>(
      await details.action({ request, params: { workOrderId: workOrder.id }, context: testContext } as never),
    );
    expect(result.data).toMatchObject({
      ok: true,
      message: `Status for WO #${workOrder.workOrderNumber} updated successfully. Customer notified via email.`,
    });
    const [saved] = await t.db.select().from(workOrders).where(eq(workOrders.id, workOrder.id));
    expect(saved!.currentStatus).toBe('Paint');
    expect(saved!.updatedAt.getTime()).toBeGreaterThan(workOrder.updatedAt.getTime());
    const history = await t.db
      .select()
      .from(workOrderStatusHistory)
      .where(eq(workOrderStatusHistory.workOrderId, workOrder.id));
    expect(history).toEqual([
      expect.objectContaining({
        fromStatus: 'Estimate Scheduled',
        toStatus: 'Paint',
        changedByUserId: admin.userId,
      }),
    ]);
    // The message waits out its window (issue 15), then goes with the status as it is then.
    expect(await mailRows(eq(jobs.workOrderId, workOrder.id))).toHaveLength(0);
    await sendCustomerMessagesNow();
    const queued = await mailRows(eq(jobs.workOrderId, workOrder.id));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ state: 'queued', toAddress: customer.email, kind: 'status_update', replyTo: getConfig().shop.email });
    for (const body of [queued[0]!.textBody, queued[0]!.htmlBody!]) {
      expect(body).toContain('2021 Toyota Camry');
      expect(body).toContain(workOrder.workOrderNumber);
      expect(body).toContain('Paint');
      expect(body).toContain('April 5, 2030');
    }
    // A walk-in (no account yet): the link leads to a page that says how to create the account with this address.
    const link = `http://localhost:3000/register?${new URLSearchParams({ email: customer.email! })}`;
    expect(queued[0]!.textBody).toContain(`create your customer portal account with this e-mail address at ${link}`);
    expect(queued[0]!.htmlBody).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    const page = await register.loader({ request: makeRequest(link.replace('http://localhost:3000', '')), params: {}, context: testContext } as never);
    expect(page.onFileEmail).toBe(customer.email);
    await processDueMail();
    const received = smtp().messages.filter((m) => m.to.includes(customer.email!));
    expect(received).toHaveLength(1);
    expect(unfold(received[0]!.raw)).toContain('text/html');
    // Replies reach the shop, not no-reply (issue 15).
    expect(unfold(received[0]!.raw)).toMatch(new RegExp(`^Reply-To: ${getConfig().shop.email.replace('.', '\\.')}`, 'mi'));
  });

  it('keeps status changes working while SMTP refuses; after recovery each message arrives exactly once', async () => {
    const admin = await createAccount({ admin: true });
    smtp().setRefusing(true);
    const orders = await Promise.all([1, 2, 3].map(() => createCustomerWithWorkOrder()));
    for (const { workOrder } of orders) {
      const result = await changeWorkOrderStatus(
        { id: admin.userId, email: admin.email },
        workOrder.id,
        'Repairs Started',
      );
      expect(result.channels).toMatchObject({ email: true });
    }
    await sendCustomerMessagesNow();
    const first = await processDueMail();
    expect(first.sent).toBe(0);
    for (const { workOrder } of orders) {
      const [wo] = await t.db.select().from(workOrders).where(eq(workOrders.id, workOrder.id));
      expect(wo!.currentStatus).toBe('Repairs Started');
      const [mail] = await mailRows(eq(jobs.workOrderId, workOrder.id));
      expect(mail).toMatchObject({ state: 'queued', attempts: 1 });
      expect(mail!.lastError).toBeTruthy();
    }
    smtp().setRefusing(false);
    await makeDue();
    await processDueMail();
    await makeDue();
    await processDueMail();
    for (const { customer, workOrder } of orders) {
      expect(smtp().messages.filter((m) => m.to.includes(customer.email!))).toHaveLength(1);
      const [mail] = await mailRows(eq(jobs.workOrderId, workOrder.id));
      expect(mail!.state).toBe('done');
    }
  });

  it('links a customer who has an account to the repair updates in the portal', async () => {
    const admin = await createAccount({ admin: true });
    const owner = await createAccount();
    const workOrder = await createWorkOrder(await createVehicle(owner.customerId!));
    await changeWorkOrderStatus({ id: admin.userId, email: admin.email }, workOrder.id, 'Paint');
    await sendCustomerMessagesNow();
    const [queued] = await mailRows(eq(jobs.workOrderId, workOrder.id));
    expect(queued!.textBody).toContain('See the details and photos in your customer portal: http://localhost:3000/portal/repair-updates');
    expect(queued!.textBody).not.toContain('/register');
  });

  it('changes the status of a customer without e-mail and says no e-mail was sent', async () => {
    const admin = await createAccount({ admin: true });
    const { workOrder } = await createCustomerWithWorkOrder({ email: null });
    const request = makeRequest(`/admin/work-orders/details/${workOrder.id}`, {
      cookie: admin.cookie,
      form: { intent: 'change-status', status: 'Complete' },
    });
    const { data } = dataOf<{ ok: boolean; message: string }>(
      await details.action({ request, params: { workOrderId: workOrder.id }, context: testContext } as never),
    );
    expect(data.ok).toBe(true);
    expect(data.message).toMatch(/updated successfully\. No e-mail was sent/);
    const [wo] = await t.db.select().from(workOrders).where(eq(workOrders.id, workOrder.id));
    expect(wo!.currentStatus).toBe('Complete');
    expect(await mailRows(eq(jobs.workOrderId, workOrder.id))).toHaveLength(
      0,
    );
  });

  it('sets and clears the estimated completion date', async () => {
    const admin = await createAccount({ admin: true });
    const { workOrder } = await createCustomerWithWorkOrder();
    const post = async (form: Record<string, string>) =>
      dataOf<{ ok: boolean; message: string }>(
        await details.action({
          request: makeRequest(`/admin/work-orders/details/${workOrder.id}`, {
            cookie: admin.cookie,
            form: { intent: 'set-eta', ...form },
          }),
          params: { workOrderId: workOrder.id },
          context: testContext,
        } as never),
      );
    expect((await post({ estimatedCompletionDate: '2031-01-15' })).data.message).toBe(
      'Estimated completion date updated successfully.',
    );
    let [wo] = await t.db.select().from(workOrders).where(eq(workOrders.id, workOrder.id));
    expect(wo!.estimatedCompletionDate).toBe('2031-01-15');
    expect((await post({ estimatedCompletionDate: '2031-01-15', clear: '1' })).data.ok).toBe(true);
    [wo] = await t.db.select().from(workOrders).where(eq(workOrders.id, workOrder.id));
    expect(wo!.estimatedCompletionDate).toBeNull();
    for (const value of ['tomorrow', '2031-02-31']) {
      const bad = await post({ estimatedCompletionDate: value });
      expect(bad.status, value).toBe(400);
      expect(bad.data.message).toMatch(/^Failed to update estimated date: /);
    }
  });

  it('saving the status a work order already has changes and sends nothing; the date form still saves', async () => {
    const admin = await createAccount({ admin: true });
    const { workOrder } = await createCustomerWithWorkOrder();
    await t.db.update(workOrders).set({ currentStatus: 'Paint' }).where(eq(workOrders.id, workOrder.id));
    const [before] = await t.db.select().from(workOrders).where(eq(workOrders.id, workOrder.id));
    const post = async (form: Record<string, string>) =>
      dataOf<{ ok: boolean; message: string }>(
        await details.action({
          request: makeRequest(`/admin/work-orders/details/${workOrder.id}`, { cookie: admin.cookie, form }),
          params: { workOrderId: workOrder.id },
          context: testContext,
        } as never),
      );
    const same = await post({ intent: 'change-status', status: 'Paint' });
    expect(same.status).toBe(200);
    expect(same.data.ok).toBe(true);
    expect(same.data.message).toBe(`WO #${workOrder.workOrderNumber} is already Paint: nothing was changed and no e-mail was sent.`);
    const [after] = await t.db.select().from(workOrders).where(eq(workOrders.id, workOrder.id));
    expect(after!.updatedAt.getTime()).toBe(before!.updatedAt.getTime());
    expect(await t.db.select().from(workOrderStatusHistory).where(eq(workOrderStatusHistory.workOrderId, workOrder.id))).toEqual([]);
    expect(await mailRows(eq(jobs.workOrderId, workOrder.id))).toEqual([]);
    const audits = () => t.db.select().from(auditLog).where(eq(auditLog.entityId, workOrder.id));
    expect(await audits()).toEqual([]);

    // The date is its own form: it still saves (one audit row); saving the same date again is a no-op too.
    expect((await post({ intent: 'set-eta', estimatedCompletionDate: '2031-03-04' })).data.message).toBe('Estimated completion date updated successfully.');
    expect((await post({ intent: 'set-eta', estimatedCompletionDate: '2031-03-04' })).data.ok).toBe(true);
    const [dated] = await t.db.select().from(workOrders).where(eq(workOrders.id, workOrder.id));
    expect(dated!.estimatedCompletionDate).toBe('2031-03-04');
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, workOrder.id), eq(auditLog.action, 'work_order.update')))).toHaveLength(1);
    expect(await audits()).toHaveLength(1);
    expect(await mailRows(eq(jobs.workOrderId, workOrder.id))).toEqual([]);
  });

  it('refuses an unknown status with 400 and changes nothing', async () => {
    const admin = await createAccount({ admin: true });
    const { workOrder } = await createCustomerWithWorkOrder();
    const request = makeRequest(`/admin/work-orders/details/${workOrder.id}`, {
      cookie: admin.cookie,
      form: { intent: 'change-status', status: 'Teleported' },
    });
    const { status } = dataOf(
      await details.action({ request, params: { workOrderId: workOrder.id }, context: testContext } as never),
    );
    expect(status).toBe(400);
    const [wo] = await t.db.select().from(workOrders).where(eq(workOrders.id, workOrder.id));
    expect(wo!.currentStatus).toBe('Estimate Scheduled');
  });
});
