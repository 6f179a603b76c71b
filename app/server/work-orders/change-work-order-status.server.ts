/**
 * Status change → customer e-mail (admin-back-office §4, DECISIONS 13). Any status may follow any status.
 *
 * `changeWorkOrderStatus(actor, workOrderId, status)` runs ONE transaction that saves the status and
 * `updated_at`, writes a `work_order_status_history` row naming the acting user and the audit row 'work_order.status'
 * (currentStatus from/to), and, when the customer has an e-mail
 * address, enqueues the notification (HTML and plain text: vehicle, work order number, new status, estimated
 * completion date when set, link to the portal). The mail worker delivers it later with retries, so an SMTP outage
 * never fails the change. Returns `{ workOrderNumber, changed, notified }` (`notified` false: no e-mail address,
 * nothing sent). Saving the status the work order already has is a no-op (issue 13): `changed` false, and no update,
 * no history row, no audit row, no e-mail. Errors: DomainError('not_found') for an unknown work order.
 *
 * `statusMessage(number, notified)` → the spec's success text, or the no-e-mail variant; `unchangedStatusMessage`
 * the no-op's text.
 *
 * `setEstimatedCompletionDate(actor, workOrderId, date)` sets or clears the date (audit 'work_order.update' with
 * estimatedCompletionDate from/to); the date it already has writes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import type { WorkOrderStatus } from '~/lib/work-order-status';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import { getConfig } from '../config.server';
import { getDb } from '../db/client.server';
import { customers, vehicles, workOrders, workOrderStatusHistory } from '../db/schema';
import { DomainError, isUuid } from '../errors.server';
import { escapeHtml } from '../mail/escape-html.server';
import { enqueueMail } from '../mail/mail-queue.server';
import { dateTimeFormat } from '~/lib/intl';

export const statusMessage = (workOrderNumber: string, notified: boolean) =>
  notified
    ? `Status for WO #${workOrderNumber} updated successfully. Customer notified via email.`
    : `Status for WO #${workOrderNumber} updated successfully. No e-mail was sent: the customer has no e-mail address.`;

/** The answer to saving the status a work order already has (nothing written, nothing sent). */
export const unchangedStatusMessage = (workOrderNumber: string, status: WorkOrderStatus) =>
  `WO #${workOrderNumber} is already ${status}: nothing was changed and no e-mail was sent.`;


/** "2026-03-05" → "Thursday, March 5, 2026" (a calendar date: no time zone involved). */
export function formatCalendarDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return dateTimeFormat({ timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(
    new Date(Date.UTC(y!, m! - 1, d!)),
  );
}

export interface StatusMailFacts {
  customerName: string;
  workOrderNumber: string;
  vehicle: string;
  status: WorkOrderStatus;
  estimatedCompletionDate: string | null;
  /** The portal's repair updates, or for a customer without an account the register page for their address. */
  portalUrl: string;
  /** False for a walk-in customer (no account yet): the mail then says how to create one with this address. */
  hasAccount: boolean;
  shopName: string;
  shopPhone: string;
}

/**
 * Where a status e-mail sends the customer (issue 13): a customer with an account to the portal's repair updates; a
 * walk-in (no account yet) to `/register?email=…`, which says how to create the account with the address the shop
 * has on file (not to a bare login page they cannot use).
 */
export function statusMailLink(appUrl: string, email: string, hasAccount: boolean): string {
  if (hasAccount) return `${appUrl}/portal/repair-updates`;
  return `${appUrl}/register?${new URLSearchParams({ email })}`;
}

/** The notification's subject, plain text and HTML. */
export function buildStatusMail(f: StatusMailFacts): { subject: string; text: string; html: string } {
  const eta = f.estimatedCompletionDate ? formatCalendarDate(f.estimatedCompletionDate) : null;
  const subject = `Repair update for your ${f.vehicle}: ${f.status} (WO #${f.workOrderNumber})`;
  const text = [
    `Hello ${f.customerName},`,
    '',
    `The status of your ${f.vehicle} (work order #${f.workOrderNumber}) is now: ${f.status}.`,
    eta ? `Estimated completion date: ${eta}.` : null,
    '',
    f.hasAccount
      ? `See the details and photos in your customer portal: ${f.portalUrl}`
      : `Follow your repair online: create your customer portal account with this e-mail address at ${f.portalUrl}`,
    '',
    `Questions? Call us at ${f.shopPhone}.`,
    f.shopName,
  ]
    .filter((line) => line !== null)
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0b1a33">
<p>Hello ${escapeHtml(f.customerName)},</p>
<p>The status of your <strong>${escapeHtml(f.vehicle)}</strong> (work order #${escapeHtml(f.workOrderNumber)}) is now:
<strong>${escapeHtml(f.status)}</strong>.</p>
${eta ? `<p>Estimated completion date: <strong>${escapeHtml(eta)}</strong>.</p>` : ''}
<p>${
    f.hasAccount
      ? `<a href="${escapeHtml(f.portalUrl)}">See the details and photos in your customer portal</a>`
      : `Follow your repair online: <a href="${escapeHtml(f.portalUrl)}">create your customer portal account</a> with this e-mail address.`
  }</p>
<p>Questions? Call us at ${escapeHtml(f.shopPhone)}.<br>${escapeHtml(f.shopName)}</p>
</body></html>`;
  return { subject, text, html };
}

export async function changeWorkOrderStatus(
  actor: StaffActor,
  workOrderId: string,
  status: WorkOrderStatus,
): Promise<{ workOrderNumber: string; changed: boolean; notified: boolean }> {
  if (!isUuid(workOrderId)) throw new DomainError('not_found', 'Work order not found.');
  const config = getConfig();
  return getDb().transaction(async (tx) => {
    // Lock the row so the history's from-status is the one this change replaced.
    const [current] = await tx
      .select({
        id: workOrders.id,
        number: workOrders.workOrderNumber,
        status: workOrders.currentStatus,
        eta: workOrders.estimatedCompletionDate,
        customerName: customers.name,
        customerEmail: customers.email,
        customerUserId: customers.userId,
        year: vehicles.year,
        make: vehicles.make,
        model: vehicles.model,
      })
      .from(workOrders)
      .innerJoin(customers, eq(customers.id, workOrders.customerId))
      .innerJoin(vehicles, eq(vehicles.id, workOrders.vehicleId))
      .where(eq(workOrders.id, workOrderId))
      .for('update', { of: workOrders });
    if (!current) throw new DomainError('not_found', 'Work order not found.');
    // The same status again (a second click, a re-submitted form): no "Paint → Paint" history, no second e-mail.
    if (current.status === status) return { workOrderNumber: current.number, changed: false, notified: false };
    await tx
      .update(workOrders)
      .set({ currentStatus: status, updatedAt: sql`now()` })
      .where(eq(workOrders.id, workOrderId));
    await tx.insert(workOrderStatusHistory).values({
      workOrderId,
      fromStatus: current.status,
      toStatus: status,
      changedByUserId: actor.id,
    });
    await recordAudit(tx, actor, {
      action: 'work_order.status',
      entityId: workOrderId,
      before: { currentStatus: current.status },
      after: { currentStatus: status },
    });
    if (!current.customerEmail) return { workOrderNumber: current.number, changed: true, notified: false };
    const mail = buildStatusMail({
      customerName: current.customerName,
      workOrderNumber: current.number,
      vehicle: `${current.year} ${current.make} ${current.model}`,
      status,
      estimatedCompletionDate: current.eta,
      portalUrl: statusMailLink(config.appUrl, current.customerEmail, current.customerUserId !== null),
      hasAccount: current.customerUserId !== null,
      shopName: config.shop.name,
      shopPhone: config.shop.phone,
    });
    await enqueueMail(tx, { kind: 'status_update', to: current.customerEmail, workOrderId, ...mail });
    return { workOrderNumber: current.number, changed: true, notified: true };
  });
}

export const ESTIMATED_DATE_UPDATED = 'Estimated completion date updated successfully.';

/**
 * Sets or clears (null) the estimated completion date ('YYYY-MM-DD'), audited as 'work_order.update';
 * DomainError('not_found') for an unknown work order.
 */
export async function setEstimatedCompletionDate(actor: StaffActor, workOrderId: string, date: string | null): Promise<void> {
  if (!isUuid(workOrderId)) throw new DomainError('not_found', 'Work order not found.');
  await getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({ eta: workOrders.estimatedCompletionDate })
      .from(workOrders)
      .where(eq(workOrders.id, workOrderId))
      .for('update');
    if (!current) throw new DomainError('not_found', 'Work order not found.');
    if (current.eta === date) return;
    await tx.update(workOrders).set({ estimatedCompletionDate: date }).where(eq(workOrders.id, workOrderId));
    await recordAudit(tx, actor, {
      action: 'work_order.update',
      entityId: workOrderId,
      before: { estimatedCompletionDate: current.eta },
      after: { estimatedCompletionDate: date },
    });
  });
}
