/**
 * The orphan-file sweep (issue 6: "a file stored for a row that failed is removed", even when the process died).
 *
 * Every upload stores its file(s) first and then commits the row(s) in one transaction; on a failure it deletes what it
 * stored (documents, photos, invoices). The one gap is a process that dies between "file stored" and "row committed"
 * (SIGKILL, power loss, out of memory, or a SIGTERM whose drain gave up on a slow storage write): its files stay in
 * storage and nothing refers to them. This sweep removes them through the {@link Storage} interface, so it works the
 * same for the local folder and S3.
 *
 * A stored object is an orphan when it is older than the grace period ({@link ORPHAN_GRACE_MS}, one hour) and
 * - no `customer_documents` row has its bucket and key, (in `invoice-files`) no `invoices` row has its key, and (in
 *   `customer-files`) it is not the shop's logo (`shop_settings.logo_file_key`); or
 * - (in `site-images`, issue 16) it is a variant `gallery/<id>-<width>.<ext>` whose key prefix `gallery/<id>` no
 *   `gallery_items` row uses as its image or before-image (site/site-images.server.ts); or
 * - it is a thumbnail `thumbs/<key>.webp` whose `<key>` is such an orphan (the document was deleted); or
 * - it is an unfinished write of the local driver (`….part`).
 * `invoice-files/pending/…` (an invoice read but not saved yet) has its own rule: removed after a day
 * (`removeStalePendingUploads`, also run here).
 *
 * Why a grace period instead of "anything unreferenced at start": several app processes may share one database and
 * bucket (DESIGN.md), so at any moment another process may have stored a file whose row it is about to commit. An
 * upload's window between the two is seconds; an hour leaves a wide margin (keep it above the longest such window, e.g.
 * a restore of a large backup, which writes all files before its one transaction). Considered and rejected: writing
 * uploads under a `pending/` prefix and moving them after the commit: S3 has no atomic move (copy + delete), and a
 * crash after the commit but before the move would leave a row pointing at a key that does not exist, which is worse
 * than an orphan. An intent table (a row before the write, removed with the commit) would need the same grace period
 * for other processes and a migration, and would miss orphans of other causes that listing finds.
 *
 * `sweepOrphanFiles({ now, graceMs })` → `{ scanned, removed, failed, pendingRemoved }` (counts of objects); it never
 * throws for one bucket's trouble (logged, counted in `failed`) and logs one summary line. `startOrphanSweeper()` runs
 * it at start-up (from `startRuntime`, after migrations) and then every hour; its stop function waits for a running
 * sweep. So a file orphaned by a crash is gone at the first start, or hourly sweep, after it is an hour old.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { BUCKETS, type Bucket } from '~/lib/work-order-status';
import { getDb } from '../db/client.server';
import { appointmentPhotos, customerDocuments, galleryItems, invoices, shopSettings } from '../db/schema';
import { removeStalePendingUploads } from '../invoices/pending-upload.server';
import { log } from '../logger.server';
import { thumbnailOriginal } from '../portal/serve-document.server';
import { siteImagePrefixOfKey } from '../site/site-images.server';
import { getStorage, type StoredEntry } from './storage.server';

/** Objects younger than this (ms) are never swept: another process may be about to commit their row. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** How often a running process sweeps again after its start-up sweep (ms). */
export const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

const PENDING_INVOICE_PREFIX = 'pending/';
const CHUNK = 500;

export interface SweepResult {
  /** Objects listed in all buckets. */
  scanned: number;
  /** Orphans deleted (not counting stale pending invoice files). */
  removed: number;
  /** Orphans that could not be deleted, plus buckets that could not be listed or checked. */
  failed: number;
  /** Pending invoice files older than a day that were deleted. */
  pendingRemoved: number;
}

/** Which of `keys` (at most a few hundred) some row refers to in `bucket`. */
async function referencedKeys(bucket: Bucket, keys: string[]): Promise<Set<string>> {
  const db = getDb();
  const found = new Set<string>();
  const docs = await db
    .select({ key: customerDocuments.fileKey })
    .from(customerDocuments)
    .where(and(eq(customerDocuments.bucket, bucket), inArray(customerDocuments.fileKey, keys)));
  for (const d of docs) found.add(d.key);
  if (bucket === 'customer-files') {
    // The shop's logo on documents (issue 14) lives in this bucket without a document row.
    const rows = await db.select({ key: shopSettings.logoFileKey }).from(shopSettings).where(inArray(shopSettings.logoFileKey, keys));
    for (const r of rows) if (r.key) found.add(r.key);
  }
  if (bucket === 'booking-photos') {
    // Damage photos sent with an online booking (issue 16).
    const rows = await db.select({ key: appointmentPhotos.fileKey }).from(appointmentPhotos).where(inArray(appointmentPhotos.fileKey, keys));
    for (const r of rows) found.add(r.key);
  }
  if (bucket === 'site-images') {
    // Gallery photos (issue 16): a row holds the key prefix of its variants, in `image` and `before_image`.
    const rows = await db
      .select({ image: sql<string>`${galleryItems.image}->>'keyPrefix'`, before: sql<string | null>`${galleryItems.beforeImage}->>'keyPrefix'` })
      .from(galleryItems)
      .where(or(inArray(sql`${galleryItems.image}->>'keyPrefix'`, keys), inArray(sql`${galleryItems.beforeImage}->>'keyPrefix'`, keys)));
    for (const r of rows) {
      found.add(r.image);
      if (r.before) found.add(r.before);
    }
  }
  if (bucket === 'invoice-files') {
    const rows = await db.select({ key: invoices.fileKey }).from(invoices).where(inArray(invoices.fileKey, keys));
    for (const r of rows) if (r.key) found.add(r.key);
  }
  return found;
}

/** The key whose row decides whether an object is wanted: a thumbnail belongs to its original, a site image variant
 *  to its key prefix. */
const ownerKey = (bucket: Bucket, key: string) =>
  bucket === 'site-images' ? (siteImagePrefixOfKey(key) ?? key) : (thumbnailOriginal(key) ?? key);

/** Deletes the orphans among `entries` of one bucket; returns [removed, failed]. */
async function sweepBucket(bucket: Bucket, entries: StoredEntry[], now: number, graceMs: number): Promise<[number, number]> {
  const storage = getStorage();
  // Kept pending invoice files have their own expiry; an unfinished write among them is swept like any other.
  const pendingInvoice = (key: string) =>
    bucket === 'invoice-files' && key.startsWith(PENDING_INVOICE_PREFIX) && !key.endsWith('.part');
  const candidates = entries.filter((e) => now - e.modifiedAt.getTime() >= graceMs && !pendingInvoice(e.key));
  let removed = 0;
  let failed = 0;
  for (let i = 0; i < candidates.length; i += CHUNK) {
    const chunk = candidates.slice(i, i + CHUNK);
    const referenced = await referencedKeys(bucket, [...new Set(chunk.map((e) => ownerKey(bucket, e.key)))]);
    for (const entry of chunk) {
      if (referenced.has(ownerKey(bucket, entry.key))) continue;
      try {
        await storage.delete(bucket, entry.key);
        removed += 1;
      } catch (error) {
        failed += 1;
        log().error({ err: (error as Error).message, bucket }, 'storage sweep: could not remove an orphan file');
      }
    }
  }
  return [removed, failed];
}

/** One sweep over every bucket (see module docs). `now` and `graceMs` in ms. */
export async function sweepOrphanFiles(options: { now?: number; graceMs?: number } = {}): Promise<SweepResult> {
  const now = options.now ?? Date.now();
  const graceMs = options.graceMs ?? ORPHAN_GRACE_MS;
  const result: SweepResult = { scanned: 0, removed: 0, failed: 0, pendingRemoved: 0 };
  const byBucket: Partial<Record<Bucket, number>> = {};
  for (const bucket of BUCKETS) {
    try {
      // Listed before the rows are read: a row committed in between only keeps more files, never fewer.
      const entries = await getStorage().listObjects(bucket, '');
      result.scanned += entries.length;
      const [removed, failed] = await sweepBucket(bucket, entries, now, graceMs);
      result.removed += removed;
      result.failed += failed;
      if (removed) byBucket[bucket] = removed;
    } catch (error) {
      result.failed += 1;
      log().error({ err: (error as Error).message, bucket }, 'storage sweep: could not check a bucket');
    }
  }
  try {
    result.pendingRemoved = await removeStalePendingUploads(now);
  } catch (error) {
    result.failed += 1;
    log().error({ err: (error as Error).message }, 'storage sweep: could not remove stale pending invoice files');
  }
  log().info({ ...result, byBucket, graceMinutes: Math.round(graceMs / 60_000) }, 'storage sweep: orphan files removed');
  return result;
}

/**
 * Sweeps now (in the background: start-up does not wait for a large bucket listing) and then every `intervalMs`.
 * Returns `stop()`, which cancels the timer and waits for a sweep in progress. Sweeps never overlap.
 */
export function startOrphanSweeper(options: { intervalMs?: number; graceMs?: number } = {}): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (stopped || running) return;
    running = sweepOrphanFiles({ graceMs: options.graceMs })
      .then(() => undefined)
      .catch((error: unknown) => log().error({ err: (error as Error).message }, 'storage sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? ORPHAN_SWEEP_INTERVAL_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
