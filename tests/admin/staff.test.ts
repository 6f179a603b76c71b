/**
 * Staff accounts and roles (issue 17 §2) through the routes' loaders and actions on a real database: the Owner invites
 * (account created, confirmation e-mail queued whose link leads to choosing a password), changes roles, deactivates
 * (sessions ended at once, sign-in refused with a clear message) and reactivates; the last active Owner cannot be
 * demoted or deactivated, even by two Owners demoting each other at once; every change leaves one audit row. A
 * technician sees only their work orders, without the customer's phone, e-mail, address or any money, and posting an
 * Owner's action is 403 with nothing changed.
 */
import { and, count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_DEACTIVATED } from '~/lib/staff-roles';
import { STAFF_MESSAGES } from '~/lib/schemas/staff';
import * as login from '~/routes/auth/login';
import * as staffPage from '~/routes/admin/staff';
import * as workOrderDetails from '~/routes/admin/work-orders/details';
import * as workOrdersList from '~/routes/admin/work-orders/overview';
import * as dashboard from '~/routes/admin/dashboard';
import * as adminLayout from '~/routes/admin/layout';
import * as documentFile from '~/routes/resources/document-file';
import { getOptionalUser } from '~/server/auth/session.server';
import { signInWithPassword } from '~/server/auth/sign-in.server';
import {
  auditLog,
  customerDocuments,
  jobs,
  profiles,
  sessions,
  users,
  workOrderParts,
  workOrders,
} from '~/server/db/schema';
import { changeStaffRole } from '~/server/staff/staff.server';
import { createAccount, makeRequest, settle, testContext, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { mailField } from '../setup/smtp';
import { createCustomerWithWorkOrder, createInventoryItem, dataOf } from './helpers';

const t = withTestDatabase();

type Result = { ok: boolean; message: string; fieldErrors: Record<string, string> };
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: testContext }) as never;
const postStaff = async (who: TestAccount, form: Record<string, string>) =>
  dataOf<Result>(await staffPage.action(args(makeRequest('/admin/staff', { cookie: who.cookie, form }))));
const auditsFor = (entityId: string) => t.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;
const roleOf = async (id: string) =>
  (await t.db.select({ r: profiles.staffRole }).from(profiles).where(eq(profiles.id, id)))[0]!.r;

let owner: TestAccount;
beforeEach(async () => {
  owner = await createAccount({ role: 'owner', name: 'Olivia Owner' });
});

describe('the staff page', () => {
  it('lists staff with role, active and two-factor, for the Owner only', async () => {
    const tech = await createAccount({ role: 'technician', name: 'Tina Tech' });
    const page = (await staffPage.loader(
      args(makeRequest('/admin/staff', { cookie: owner.cookie })),
    )) as Awaited<ReturnType<typeof staffPage.loader>>;
    const row = page.staff.find((s) => s.id === tech.userId);
    expect(row).toMatchObject({
      email: tech.email,
      role: 'technician',
      active: true,
      twoFactorEnabled: false,
    });
    for (const role of ['service_writer', 'technician', 'parts'] as const) {
      const other = await createAccount({ role });
      const { thrown } = await settle(() =>
        staffPage.loader(args(makeRequest('/admin/staff', { cookie: other.cookie }))),
      );
      expect((thrown as Response).status).toBe(403);
    }
  });

  it('invites by e-mail: a staff account with the role, no customer record, a link to choose a password, one audit row', async () => {
    const email = `new-${Date.now()}@example.com`;
    const answer = await postStaff(owner, { intent: 'invite', name: 'Nora New', email, role: 'parts' });
    expect(answer.data).toMatchObject({ ok: true, message: STAFF_MESSAGES.invited(email) });
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await roleOf(user!.id)).toBe('parts');
    // The invitation, not the customer-portal confirmation: its own wording, the role, who invited, the link.
    const mails = await t.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.kind, 'mail'), mailField('purpose', 'staff_invite'), mailField('to', email)));
    expect(mails).toHaveLength(1);
    const invite = mails[0]!.payload as { subject: string; text: string };
    expect(invite.subject).toMatch(/^You are invited to .+'s back office$/);
    expect(invite.text).toContain('Olivia Owner has invited you');
    expect(invite.text).toContain('as Parts');
    expect(invite.text).toContain('The link works for 3 days');
    expect(invite.text).not.toContain('customer portal');
    expect(JSON.stringify(invite)).toContain(encodeURIComponent('/account/password'));
    const portalMails = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, 'mail'), mailField('purpose', 'verify_email'), mailField('to', email)));
    expect(portalMails).toHaveLength(0);
    expect((await auditsFor(user!.id)).map((a) => a.action)).toEqual(['profile.invite']);

    const again = await postStaff(owner, { intent: 'invite', name: 'Nora New', email, role: 'parts' });
    expect(again.status).toBe(409);
    expect(again.data.fieldErrors.email).toBe(STAFF_MESSAGES.exists);
    const bad = await postStaff(owner, { intent: 'invite', name: '', email: 'not-an-email', role: 'boss' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.data.fieldErrors).sort()).toEqual(['email', 'name', 'role']);
  });

  it('changes a role with an audit row', async () => {
    const writer = await createAccount({ role: 'service_writer' });
    const answer = await postStaff(owner, {
      intent: 'change-role',
      userId: writer.userId,
      role: 'technician',
    });
    expect(answer.data.ok).toBe(true);
    expect(await roleOf(writer.userId)).toBe('technician');
    const [row] = await auditsFor(writer.userId);
    expect(row).toMatchObject({
      action: 'profile.role',
      changes: { role: { from: 'service_writer', to: 'technician' } },
    });
  });

  it('deactivates: signed out at once, sign-in refused with a clear message; reactivates', async () => {
    const tech = await createAccount({ role: 'technician' });
    expect(await getOptionalUser(makeRequest('/admin', { cookie: tech.cookie }))).not.toBeNull();
    const answer = await postStaff(owner, { intent: 'deactivate', userId: tech.userId });
    expect(answer.data.ok).toBe(true);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, tech.userId))).toHaveLength(0);
    expect(await getOptionalUser(makeRequest('/admin', { cookie: tech.cookie }))).toBeNull();
    const signIn = await signInWithPassword(makeRequest('/login', { method: 'POST' }), {
      email: tech.email,
      password: tech.password,
    });
    expect(signIn).toMatchObject({ ok: false, status: 403, message: ACCOUNT_DEACTIVATED });
    // The login page shows it as the form's message.
    const page = dataOf<{ formError: string }>(
      await login.action(
        args(makeRequest('/login', { form: { email: tech.email, password: tech.password } })),
      ),
    );
    expect(page).toMatchObject({ status: 403, data: { formError: ACCOUNT_DEACTIVATED } });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, tech.userId))).toHaveLength(0);

    expect((await postStaff(owner, { intent: 'reactivate', userId: tech.userId })).data.ok).toBe(true);
    expect(
      (
        await signInWithPassword(makeRequest('/login', { method: 'POST' }), {
          email: tech.email,
          password: tech.password,
        })
      ).ok,
    ).toBe(true);
    expect((await auditsFor(tech.userId)).map((a) => a.action).sort()).toEqual([
      'profile.deactivate',
      'profile.reactivate',
    ]);
  });

  it('refuses to demote or deactivate the last active Owner, and one’s own deactivation', async () => {
    // Other tests' owners exist in this database: deactivate them all but one to have a "last" Owner.
    const owners = await t.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.isAdmin, true), eq(profiles.staffRole, 'owner')));
    for (const o of owners)
      if (o.id !== owner.userId)
        await t.db.update(profiles).set({ deactivatedAt: new Date() }).where(eq(profiles.id, o.id));
    const before = await auditCount();
    const demote = await postStaff(owner, {
      intent: 'change-role',
      userId: owner.userId,
      role: 'service_writer',
    });
    expect(demote).toMatchObject({ status: 409, data: { ok: false, message: STAFF_MESSAGES.lastOwner } });
    const self = await postStaff(owner, { intent: 'deactivate', userId: owner.userId });
    expect(self).toMatchObject({ status: 400, data: { message: STAFF_MESSAGES.notSelf } });
    expect(await roleOf(owner.userId)).toBe('owner');
    expect(await auditCount()).toBe(before);
  });

  it('two Owners demoting each other at once leave one Owner', async () => {
    const owners = await t.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.isAdmin, true), eq(profiles.staffRole, 'owner')));
    for (const o of owners)
      if (o.id !== owner.userId)
        await t.db.update(profiles).set({ deactivatedAt: new Date() }).where(eq(profiles.id, o.id));
    const second = await createAccount({ role: 'owner' });
    const results = await Promise.allSettled([
      changeStaffRole({ id: owner.userId, email: owner.email }, second.userId, 'service_writer'),
      changeStaffRole({ id: second.userId, email: second.email }, owner.userId, 'service_writer'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as Error).message).toBe(STAFF_MESSAGES.lastOwner);
    const roles = [await roleOf(owner.userId), await roleOf(second.userId)];
    expect(roles.filter((r) => r === 'owner')).toHaveLength(1);
  });
});

describe('a technician', () => {
  it('sees only assigned work orders, without contact details, money, documents or messages; others are 404', async () => {
    const tech = await createAccount({ role: 'technician', name: 'Terry Tech' });
    const mine = await createCustomerWithWorkOrder({ name: 'Assigned Customer' });
    const other = await createCustomerWithWorkOrder({ name: 'Someone Else' });
    await t.db
      .update(workOrders)
      .set({ assignedTechnicianId: tech.userId })
      .where(eq(workOrders.id, mine.workOrder.id));
    const item = await createInventoryItem({ unitPrice: '99.95' });
    await t.db.insert(workOrderParts).values({
      workOrderId: mine.workOrder.id,
      inventoryId: item.id,
      partNumber: item.partNumber,
      description: item.description,
      quantityUsed: 1,
      unitPriceAtTime: '99.95',
    });

    const list = (await workOrdersList.loader(
      args(makeRequest('/admin/work-orders?view=all', { cookie: tech.cookie })),
    )) as { rows: { id: string }[] };
    expect(list.rows.map((r) => r.id)).toEqual([mine.workOrder.id]);

    const page = await workOrderDetails.loader(
      args(makeRequest(`/admin/work-orders/details/${mine.workOrder.id}`, { cookie: tech.cookie }), {
        workOrderId: mine.workOrder.id,
      }),
    );
    const sent = JSON.stringify(page);
    expect(sent).toContain('Assigned Customer');
    expect(sent).not.toContain(mine.customer.email!);
    expect(sent).not.toContain('99.95');
    expect(page.customer).toMatchObject({ email: null, phone: null, address: null });
    expect(page.estimate).toBeNull();
    expect(page.documents).toEqual([]);
    expect(page.mail).toEqual([]);

    const { thrown } = await settle(() =>
      workOrderDetails.loader(
        args(makeRequest(`/admin/work-orders/details/${other.workOrder.id}`, { cookie: tech.cookie }), {
          workOrderId: other.workOrder.id,
        }),
      ),
    );
    expect((thrown as Response).status).toBe(404);

    // Status on their own work order: allowed; on another: 404 and nothing changed.
    const own = dataOf<Result>(
      await workOrderDetails.action(
        args(
          makeRequest(`/admin/work-orders/details/${mine.workOrder.id}`, {
            cookie: tech.cookie,
            form: { intent: 'change-status', status: 'Paint' },
          }),
          {
            workOrderId: mine.workOrder.id,
          },
        ),
      ),
    );
    expect(own.data.ok).toBe(true);
    const refused = await settle(() =>
      workOrderDetails.action(
        args(
          makeRequest(`/admin/work-orders/details/${other.workOrder.id}`, {
            cookie: tech.cookie,
            form: { intent: 'change-status', status: 'Paint' },
          }),
          {
            workOrderId: other.workOrder.id,
          },
        ),
      ),
    );
    expect((refused.thrown as Response).status).toBe(404);
    const [still] = await t.db
      .select({ s: workOrders.currentStatus })
      .from(workOrders)
      .where(eq(workOrders.id, other.workOrder.id));
    expect(still!.s).toBe(other.workOrder.currentStatus);

    // A quote on their own work order is money: the file route answers 404.
    const [doc] = await t.db
      .insert(customerDocuments)
      .values({
        customerId: mine.customer.id,
        workOrderId: mine.workOrder.id,
        documentType: 'quote',
        bucket: 'customer-files',
        fileKey: 'x/quote.pdf',
        fileName: 'quote.pdf',
        contentType: 'application/pdf',
        sizeBytes: 10,
      })
      .returning();
    const file = await settle(() =>
      documentFile.loader(
        args(makeRequest(`/files/documents/${doc!.id}`, { cookie: tech.cookie }), { documentId: doc!.id }),
      ),
    );
    expect((file.thrown as Response).status).toBe(404);
  });

  it('posting an Owner’s action is 403 with nothing changed; the sidebar and dashboard show only what the role allows', async () => {
    const tech = await createAccount({ role: 'technician' });
    const before = await auditCount();
    const { thrown } = await settle(() =>
      staffPage.action(
        args(
          makeRequest('/admin/staff', {
            cookie: tech.cookie,
            form: { intent: 'change-role', userId: tech.userId, role: 'owner' },
          }),
        ),
      ),
    );
    expect((thrown as Response).status).toBe(403);
    expect(await roleOf(tech.userId)).toBe('technician');
    expect(await auditCount()).toBe(before);

    const layout = (await adminLayout.loader(args(makeRequest('/admin', { cookie: tech.cookie })))) as {
      links: { label: string }[];
    };
    expect(layout.links.map((l) => l.label)).toEqual(['Dashboard', 'Board', 'Work Orders', 'Two-Factor']);
    const ownerLayout = (await adminLayout.loader(args(makeRequest('/admin', { cookie: owner.cookie })))) as {
      links: { label: string }[];
    };
    expect(ownerLayout.links.map((l) => l.label)).toContain('Staff');

    const board = (await dashboard.loader(args(makeRequest('/admin', { cookie: tech.cookie })))) as Awaited<
      ReturnType<typeof dashboard.loader>
    >;
    expect(board.cards.map((c) => c.label)).not.toContain('Total Customers');
    expect(board.unreadTextConversations).toBeNull();
    expect(board.quickActions.map((a) => a.label)).toEqual(['Work Orders']);
  });
});

describe('assigning a technician', () => {
  it('is for those who edit work orders (not Parts), among active technicians, audited', async () => {
    const tech = await createAccount({ role: 'technician', name: 'Ace Tech' });
    const writer = await createAccount({ role: 'service_writer' });
    const parts = await createAccount({ role: 'parts' });
    const { workOrder } = await createCustomerWithWorkOrder();
    const post = (who: TestAccount, technicianId: string) =>
      workOrderDetails.action(
        args(
          makeRequest(`/admin/work-orders/details/${workOrder.id}`, {
            cookie: who.cookie,
            form: { intent: 'assign-technician', technicianId },
          }),
          {
            workOrderId: workOrder.id,
          },
        ),
      );
    const answer = dataOf<Result>(await post(writer, tech.userId));
    expect(answer.data).toMatchObject({ ok: true, message: STAFF_MESSAGES.assigned('Ace Tech') });
    const [row] = await auditsFor(workOrder.id);
    expect(row).toMatchObject({
      action: 'work_order.assign',
      changes: { assignedTechnicianId: { from: null, to: tech.userId } },
    });

    const notTech = dataOf<Result>(await post(writer, parts.userId));
    expect(notTech).toMatchObject({ status: 400, data: { message: STAFF_MESSAGES.notTechnician } });
    const selfAssign = await settle(() => post(tech, tech.userId));
    expect((selfAssign.thrown as Response).status).toBe(403);
    // Parts reads every work order (work_orders.all) but does not edit it (no work_orders.edit): 403, nothing changed.
    const byParts = await settle(() => post(parts, ''));
    expect((byParts.thrown as Response).status).toBe(403);
    const [after] = await t.db.select({ assigned: workOrders.assignedTechnicianId }).from(workOrders).where(eq(workOrders.id, workOrder.id));
    expect(after!.assigned).toBe(tech.userId);
  });
});
