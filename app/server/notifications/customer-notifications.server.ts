/**
 * Messages the shop sends a customer about their repair (issue 15 §4), as jobs on the one queue:
 *
 * - 'status_notification' (internal job, payload `{ workOrderId }`): queued by a status change with "Notify customer"
 *   checked, due {@link statusMessageDelaySeconds} later (default 120 s). A second change inside that window replaces
 *   the waiting job (same dedupe key `status:{workOrderId}`), so several changes send one message with the latest
 *   status; a later change saved with "Notify customer" unchecked cancels it. When it runs it reads the work order as it
 *   is then: a status the customer was already told (`last_notified_status`) sends nothing; otherwise it queues the
 *   e-mail (Reply-To the shop's address) and/or the text by the customer's channel preference and consent, and records
 *   the status as told — in the same transaction.
 * - 'review_request' (internal job, payload `{ workOrderId }`): queued when a work order reaches Ready for Pickup and
 *   the shop has a review link, due `reviewDelayHours` later (default 24). When it runs it sends nothing if the work
 *   order went back into work, was already asked (`review_requested_at`: never twice), or the customer wants no
 *   messages; else one e-mail and/or text with the review link.
 *
 * `channelsFor(db, customer)` → which channels a message goes by now (preference ∩ e-mail address ∩ text consent).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { wantsEmail, wantsSms, type NotifyChannel } from '~/lib/notify-channels';
import type { NotifyChannels, StatusMessageFacts } from '~/lib/status-message';
import { isActiveStatus } from '~/lib/work-order-status';
import { getConfig } from '../config.server';
import { getDb, type Executor } from '../db/client.server';
import { customers, smsConsents, vehicles, workOrders } from '../db/schema';
import { CancelJob, cancelQueuedJob, defineJob, enqueueJob } from '../jobs/job-queue.server';
import { enqueueMail } from '../mail/mail-queue.server';
import { getShopSettings, type ShopSettings } from '../settings/shop-settings.server';
import { loadMailTemplates } from '../mail/load-templates.server';
import { statusLinkFor } from '../status-link/status-link.server';
import { statusMailLink } from './status-mail.server';

/** Seconds a status message waits for further changes (configuration STATUS_MESSAGE_DELAY_SECONDS, default 120). */
export const statusMessageDelaySeconds = () => getConfig().statusMessageDelaySeconds;

export interface NotifiableCustomer {
  id: string;
  email: string | null;
  mobileE164: string | null;
  notifyChannel: NotifyChannel;
}

/** True when the newest consent record for the customer's current mobile number is a grant (TCPA: no consent, no text). */
export async function hasTextConsent(db: Executor, customerId: string, mobileE164: string | null): Promise<boolean> {
  if (!mobileE164) return false;
  const [latest] = await db
    .select({ granted: smsConsents.granted })
    .from(smsConsents)
    .where(and(eq(smsConsents.customerId, customerId), eq(smsConsents.phoneE164, mobileE164)))
    .orderBy(desc(smsConsents.createdAt))
    .limit(1);
  return latest?.granted === true;
}

/** Which channels a message to `customer` goes by now, and why none when none (see module docs). */
export async function channelsFor(db: Executor, customer: NotifiableCustomer): Promise<NotifyChannels> {
  if (customer.notifyChannel === 'none') return { email: false, sms: false, none: 'opted_out' };
  const email = wantsEmail(customer.notifyChannel) && Boolean(customer.email);
  const sms = wantsSms(customer.notifyChannel) && (await hasTextConsent(db, customer.id, customer.mobileE164));
  if (email || sms) return { email, sms };
  return { email, sms, none: wantsEmail(customer.notifyChannel) ? 'no_email' : 'no_consent' };
}

const WorkOrderPayload = z.object({ workOrderId: z.uuid() });
const statusKey = (workOrderId: string) => `status:${workOrderId}`;
const reviewKey = (workOrderId: string) => `review:${workOrderId}`;

/** The work order, its customer and vehicle, as a message needs them. */
async function messageFacts(db: Executor, workOrderId: string) {
  const [row] = await db
    .select({
      id: workOrders.id,
      number: workOrders.workOrderNumber,
      status: workOrders.currentStatus,
      eta: workOrders.estimatedCompletionDate,
      lastNotifiedStatus: workOrders.lastNotifiedStatus,
      reviewRequestedAt: workOrders.reviewRequestedAt,
      customer: {
        id: customers.id,
        name: customers.name,
        email: customers.email,
        mobileE164: customers.mobileE164,
        notifyChannel: customers.notifyChannel,
        userId: customers.userId,
      },
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
    })
    .from(workOrders)
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .innerJoin(vehicles, eq(vehicles.id, workOrders.vehicleId))
    .where(eq(workOrders.id, workOrderId))
    .for('update', { of: workOrders });
  if (!row) return null;
  return { ...row, vehicle: `${row.year} ${row.make} ${row.model}` };
}

/** The 'status_notification' job (see module docs). */
export const statusNotificationJob = defineJob({
  kind: 'status_notification',
  payload: WorkOrderPayload,
  effect: 'internal',
  async run({ workOrderId }, { db }) {
    const facts = await messageFacts(db, workOrderId);
    if (!facts) throw new CancelJob('The work order no longer exists.');
    if (facts.status === facts.lastNotifiedStatus) throw new CancelJob('The customer was already told this status.');
    const channels = await channelsFor(db, facts.customer);
    const config = getConfig();
    if (channels.email && facts.customer.email) {
      const hasAccount = facts.customer.userId !== null;
      const settings = await getShopSettings(db);
      const { renderStatusUpdateMail } = await loadMailTemplates();
      const mail = await renderStatusUpdateMail({
        customerName: facts.customer.name,
        workOrderNumber: facts.number,
        vehicle: facts.vehicle,
        status: facts.status,
        estimatedCompletionDate: facts.eta,
        statusUrl: await statusLinkFor(db, workOrderId),
        portalUrl: statusMailLink(config.appUrl, facts.customer.email, hasAccount),
        hasAccount,
        shopName: config.shop.name,
        shopPhone: config.shop.phone,
        pickupHours: settings.pickupHours || null,
      });
      await enqueueMail(db, {
        kind: 'status_update',
        to: facts.customer.email,
        replyTo: config.shop.email,
        workOrderId,
        customerId: facts.customer.id,
        ...mail,
      });
    }
    await db.update(workOrders).set({ lastNotifiedStatus: facts.status }).where(eq(workOrders.id, workOrderId));
  },
});

/**
 * Queues (or, inside the window, refreshes) the status message of a work order whose status just changed, inside the
 * caller's transaction.
 */
export async function scheduleStatusNotification(db: Executor, workOrderId: string, customerId: string): Promise<void> {
  await enqueueJob(
    db,
    statusNotificationJob,
    { workOrderId },
    {
      dedupeKey: statusKey(workOrderId),
      runAt: sql`now() + make_interval(secs => ${statusMessageDelaySeconds()})`,
      workOrderId,
      customerId,
    },
  );
}

/** Drops a status message still waiting for the work order (a later change was saved without notifying). */
export async function cancelStatusNotification(db: Executor, workOrderId: string): Promise<boolean> {
  return cancelQueuedJob(db, statusKey(workOrderId), 'A later status change was saved without notifying the customer.');
}

/** The 'review_request' job (see module docs). */
export const reviewRequestJob = defineJob({
  kind: 'review_request',
  payload: WorkOrderPayload,
  effect: 'internal',
  async run({ workOrderId }, { db }) {
    const facts = await messageFacts(db, workOrderId);
    if (!facts) throw new CancelJob('The work order no longer exists.');
    if (facts.reviewRequestedAt) throw new CancelJob('A review was already requested for this work order.');
    if (isActiveStatus(facts.status)) throw new CancelJob('The work order went back into work.');
    const settings = await getShopSettings(db);
    if (!settings.reviewUrl) throw new CancelJob('The shop has no review link.');
    const channels = await channelsFor(db, facts.customer);
    if (!channels.email && !channels.sms) throw new CancelJob('The customer gets no messages by any channel.');
    const config = getConfig();
    if (channels.email && facts.customer.email) {
      const { renderReviewRequestMail } = await loadMailTemplates();
      const mail = await renderReviewRequestMail({
        customerName: facts.customer.name,
        vehicle: facts.vehicle,
        shopName: config.shop.name,
        shopPhone: config.shop.phone,
        reviewUrl: settings.reviewUrl,
      });
      await enqueueMail(db, {
        kind: 'review_request',
        to: facts.customer.email,
        replyTo: config.shop.email,
        workOrderId,
        customerId: facts.customer.id,
        ...mail,
      });
    }
    await db.update(workOrders).set({ reviewRequestedAt: sql`now()` }).where(eq(workOrders.id, workOrderId));
  },
});

/**
 * Queues the review request of a work order that just reached Ready for Pickup, inside the caller's transaction:
 * nothing when the shop has no review link or the work order was already asked.
 */
export async function scheduleReviewRequest(db: Executor, workOrderId: string, customerId: string, settings: ShopSettings): Promise<void> {
  if (!settings.reviewUrl) return;
  await enqueueJob(
    db,
    reviewRequestJob,
    { workOrderId },
    {
      dedupeKey: reviewKey(workOrderId),
      runAt: sql`now() + make_interval(hours => ${settings.reviewDelayHours})`,
      workOrderId,
      customerId,
    },
  );
}

/**
 * What the status form's "Notify customer" preview needs: the channels a message would go by now and the message
 * facts but the status (the form fills in the status chosen). Null for an unknown work order.
 */
export async function statusMessagePreview(
  workOrderId: string,
): Promise<{ channels: NotifyChannels; delaySeconds: number; facts: Omit<StatusMessageFacts, 'status'> } | null> {
  const db = getDb();
  const [row] = await db
    .select({
      number: workOrders.workOrderNumber,
      eta: workOrders.estimatedCompletionDate,
      customer: { id: customers.id, email: customers.email, mobileE164: customers.mobileE164, notifyChannel: customers.notifyChannel },
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
    })
    .from(workOrders)
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .innerJoin(vehicles, eq(vehicles.id, workOrders.vehicleId))
    .where(eq(workOrders.id, workOrderId));
  if (!row) return null;
  const settings = await getShopSettings(db);
  return {
    channels: await channelsFor(db, row.customer),
    delaySeconds: statusMessageDelaySeconds(),
    facts: {
      shopName: getConfig().shop.name,
      vehicle: `${row.year} ${row.make} ${row.model}`,
      workOrderNumber: row.number,
      estimatedCompletionDate: row.eta,
      statusUrl: null,
      pickupHours: settings.pickupHours,
    },
  };
}
