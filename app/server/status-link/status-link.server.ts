/**
 * Status links (issue 15 §1): a no-login page per work order at `/status/{token}`, for the customer who got the link
 * by text, e-mail or on the printed ticket.
 *
 * The token is derived, never stored: base64url of HMAC-SHA256(auth secret, `status-link:v1:{workOrderId}:{generation}`)
 * cut to 24 bytes, 32 characters (192 bits). The database keeps only SHA-256 (hex) of it in
 * `work_orders.status_token_hash`, so a copy of the database (a backup, a leaked dump) opens no status page. Raising
 * `status_link_generation` (a reset by staff) changes the token, and the old link stops working at once. A link also
 * ends {@link STATUS_LINK_DAYS_AFTER_PICKUP} days after the work order reached Ready for Pickup
 * (`ready_for_pickup_at`). Unknown, expired and reset links are answered alike (null): the page cannot tell them
 * apart, so neither can anyone guessing.
 *
 * - `statusLinkToken(workOrderId, generation)` → the token; `hashStatusToken(token)` → what is stored.
 * - `statusLinkFor(tx, workOrderId)` → the link's URL, writing the hash when missing or stale (call it inside the
 *   caller's transaction: on PGlite there is one connection, so only `tx` may be used there).
 *   DomainError('not_found') for an unknown work order.
 * - `resetStatusLink(actor, workOrderId)` → the new URL: generation + 1, new hash and the audit row
 *   'work_order.status_link_reset' in one transaction. DomainError('not_found') for an unknown work order.
 * - `findStatusPage(token)` → the page's view model (shop, vehicle without VIN or plate, customer's first name, the
 *   eight steps, estimated completion, repair photos, an estimate waiting for approval, pickup hours at Ready for
 *   Pickup) or null. A token of the wrong shape is refused before any query.
 * - `findStatusLinkTarget(token)` → `{ workOrderId, customerId }` or null (the live stream), and
 *   `findStatusPhoto(token, documentId)` → the stored photo when it is a repair photo of that link's work order.
 */
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  isStatusTokenShape,
  STATUS_HEADLINES,
  STATUS_LINK_DAYS_AFTER_PICKUP,
  statusPagePath,
} from '~/lib/status-page';
import { statusIndex, WORK_ORDER_STATUSES, type WorkOrderStatus } from '~/lib/work-order-status';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import { resolveAuthSecret } from '../auth/auth-secret.server';
import { getConfig } from '../config.server';
import { getDb, type Executor } from '../db/client.server';
import { customerDocuments, customers, estimateVersions, vehicles, workOrders } from '../db/schema';
import { DomainError, isUuid } from '../errors.server';
import { versionTitle } from '../estimates/send-estimate.server';
import type { DocumentFile } from '../portal/documents.server';
import { getShopSettings } from '../settings/shop-settings.server';

export { STATUS_LINK_DAYS_AFTER_PICKUP };

/** Bytes of the HMAC kept in the token (24 bytes = 192 bits = 32 base64url characters). */
export const STATUS_TOKEN_BYTES = 24;

/** The token of a work order's link in its `generation` (see module docs). Pure: same inputs, same token. */
export function statusLinkToken(workOrderId: string, generation: number, secret = resolveAuthSecret(getConfig())): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`status-link:v1:${workOrderId}:${generation}`)
    .digest()
    .subarray(0, STATUS_TOKEN_BYTES)
    .toString('base64url');
}

/** What the database keeps of a token: SHA-256, hex. */
export function hashStatusToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** The full URL of a token's page (APP_URL + /status/{token}). */
export function statusLinkUrl(token: string): string {
  return `${getConfig().appUrl}${statusPagePath(token)}`;
}

/**
 * The status link of a work order, as a URL. Writes `status_token_hash` when it is missing or does not match the
 * token of the current generation (a first link, or a changed auth secret). Runs on `tx` only.
 */
export async function statusLinkFor(tx: Executor, workOrderId: string): Promise<string> {
  if (!isUuid(workOrderId)) throw new DomainError('not_found', 'Work order not found.');
  const [row] = await tx
    .select({ hash: workOrders.statusTokenHash, generation: workOrders.statusLinkGeneration })
    .from(workOrders)
    .where(eq(workOrders.id, workOrderId));
  if (!row) throw new DomainError('not_found', 'Work order not found.');
  const token = statusLinkToken(workOrderId, row.generation);
  const hash = hashStatusToken(token);
  if (row.hash !== hash) {
    // Only for the generation read: a reset committed meanwhile keeps its own (newer) hash.
    await tx
      .update(workOrders)
      .set({ statusTokenHash: hash })
      .where(and(eq(workOrders.id, workOrderId), eq(workOrders.statusLinkGeneration, row.generation)));
  }
  return statusLinkUrl(token);
}

/** Ends the work order's current status link and makes the next one (see module docs); returns the new URL. */
export async function resetStatusLink(actor: StaffActor, workOrderId: string): Promise<string> {
  if (!isUuid(workOrderId)) throw new DomainError('not_found', 'Work order not found.');
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ generation: workOrders.statusLinkGeneration })
      .from(workOrders)
      .where(eq(workOrders.id, workOrderId))
      .for('update');
    if (!row) throw new DomainError('not_found', 'Work order not found.');
    const generation = row.generation + 1;
    const token = statusLinkToken(workOrderId, generation);
    await tx
      .update(workOrders)
      .set({ statusLinkGeneration: generation, statusTokenHash: hashStatusToken(token), updatedAt: sql`now()` })
      .where(eq(workOrders.id, workOrderId));
    await recordAudit(tx, actor, {
      action: 'work_order.status_link_reset',
      entityId: workOrderId,
      before: { statusLinkGeneration: row.generation },
      after: { statusLinkGeneration: generation },
    });
    return statusLinkUrl(token);
  });
}

/** The where-clause of a live link: this hash, and not past its days after Ready for Pickup. */
function activeLink(hash: string, now: Date): SQL {
  const cutoff = new Date(now.getTime() - STATUS_LINK_DAYS_AFTER_PICKUP * 86_400_000);
  return and(eq(workOrders.statusTokenHash, hash), or(isNull(workOrders.readyForPickupAt), gt(workOrders.readyForPickupAt, cutoff)))!;
}

/** One step of the progress list. */
export interface StatusStep {
  name: WorkOrderStatus;
  state: 'done' | 'current' | 'upcoming';
}

/** Everything the status page shows (nothing else: no VIN, plate, e-mail, phone, address or full name). */
export interface StatusPage {
  shop: { name: string; phone: string };
  customerFirstName: string;
  workOrderNumber: string;
  vehicle: { year: number; make: string; model: string; color: string | null };
  status: WorkOrderStatus;
  headline: string;
  /** True at Ready for Pickup: every step reads as done. */
  ready: boolean;
  steps: StatusStep[];
  /** 'YYYY-MM-DD' or null. */
  estimatedCompletionDate: string | null;
  photos: { id: string; fileName: string }[];
  /** A version sent to the customer and not yet decided, signed on the portal page `portalPath` (login needed). */
  estimateWaiting: { title: string; versionNumber: number; totalCents: number; portalPath: string } | null;
  /** The shop's pickup hours, only at Ready for Pickup and when the shop has written them. */
  pickupHours: string | null;
}

/** The eight steps for `status`: earlier ones done, this one current, later ones upcoming; all done at Ready for Pickup. */
export function statusSteps(status: WorkOrderStatus): StatusStep[] {
  const current = statusIndex(status);
  const ready = status === 'Ready for Pickup';
  return WORK_ORDER_STATUSES.map((name, i) => ({
    name,
    state: i < current || (ready && i === current) ? 'done' : i === current ? 'current' : 'upcoming',
  }));
}

/** "Maria" from "Maria Gonzalez"; "" when no name. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** The status page behind `token`, or null for a malformed, unknown, expired or replaced link (see module docs). */
export async function findStatusPage(token: string, now = new Date()): Promise<StatusPage | null> {
  if (!isStatusTokenShape(token)) return null;
  const db = getDb();
  const [row] = await db
    .select({
      id: workOrders.id,
      customerId: workOrders.customerId,
      workOrderNumber: workOrders.workOrderNumber,
      status: workOrders.currentStatus,
      eta: workOrders.estimatedCompletionDate,
      customerName: customers.name,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
      color: vehicles.color,
    })
    .from(workOrders)
    .innerJoin(vehicles, eq(vehicles.id, workOrders.vehicleId))
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .where(activeLink(hashStatusToken(token), now));
  if (!row) return null;
  const ready = row.status === 'Ready for Pickup';
  const [photos, [waiting], pickupHours] = await Promise.all([
    db
      .select({ id: customerDocuments.id, fileName: customerDocuments.fileName })
      .from(customerDocuments)
      .where(
        and(
          eq(customerDocuments.workOrderId, row.id),
          eq(customerDocuments.customerId, row.customerId),
          eq(customerDocuments.documentType, 'repair_photo'),
        ),
      )
      .orderBy(desc(customerDocuments.createdAt), desc(customerDocuments.id)),
    db
      .select({
        id: estimateVersions.id,
        kind: estimateVersions.kind,
        supplementNumber: estimateVersions.supplementNumber,
        versionNumber: estimateVersions.versionNumber,
        totalCents: estimateVersions.totalCents,
      })
      .from(estimateVersions)
      .where(and(eq(estimateVersions.workOrderId, row.id), eq(estimateVersions.state, 'sent')))
      .orderBy(desc(estimateVersions.versionNumber))
      .limit(1),
    ready ? getShopSettings(db).then((settings) => settings.pickupHours.trim()) : Promise.resolve(null),
  ]);
  const { shop } = getConfig();
  return {
    shop: { name: shop.name, phone: shop.phone },
    customerFirstName: firstName(row.customerName),
    workOrderNumber: row.workOrderNumber,
    vehicle: { year: row.year, make: row.make, model: row.model, color: row.color },
    status: row.status,
    headline: STATUS_HEADLINES[row.status],
    ready,
    steps: statusSteps(row.status),
    estimatedCompletionDate: row.eta,
    photos,
    estimateWaiting: waiting
      ? {
          title: versionTitle(waiting),
          versionNumber: waiting.versionNumber,
          totalCents: waiting.totalCents,
          portalPath: `/portal/estimates/${waiting.id}`,
        }
      : null,
    pickupHours: pickupHours || null,
  };
}

/** The work order (and its customer) a live link points at, or null; one query, none for a malformed token. */
export async function findStatusLinkTarget(token: string, now = new Date()): Promise<{ workOrderId: string; customerId: string } | null> {
  if (!isStatusTokenShape(token)) return null;
  const [row] = await getDb()
    .select({ workOrderId: workOrders.id, customerId: workOrders.customerId })
    .from(workOrders)
    .where(activeLink(hashStatusToken(token), now));
  return row ?? null;
}

/**
 * The stored file of `documentId` when it is a repair photo of the live link's work order (and of its customer), else
 * null: another work order's photo, a quote or invoice, an unknown id and a bad token all look the same (one query).
 */
export async function findStatusPhoto(token: string, documentId: string, now = new Date()): Promise<DocumentFile | null> {
  if (!isStatusTokenShape(token) || !isUuid(documentId)) return null;
  const [row] = await getDb()
    .select({
      id: customerDocuments.id,
      documentType: customerDocuments.documentType,
      bucket: customerDocuments.bucket,
      fileKey: customerDocuments.fileKey,
      fileName: customerDocuments.fileName,
      contentType: customerDocuments.contentType,
    })
    .from(customerDocuments)
    .innerJoin(workOrders, eq(workOrders.id, customerDocuments.workOrderId))
    .where(
      and(
        activeLink(hashStatusToken(token), now),
        eq(customerDocuments.id, documentId),
        eq(customerDocuments.customerId, workOrders.customerId),
        eq(customerDocuments.documentType, 'repair_photo'),
      ),
    );
  return row ?? null;
}
