/**
 * Guessing status links is rate-limited per client address (issue 15 §1): {@link STATUS_MISS_LIMIT} misses (a token
 * that opens nothing: malformed, unknown, expired or replaced) per {@link STATUS_MISS_WINDOW_MINUTES} minutes. After
 * that, every status URL from the address is answered 429 until the window has passed — a valid link too, or the limit
 * would still tell a guesser which guess hit. Hits are never counted, so a customer reloading the page, its photos and
 * its live stream is never limited by their own use.
 *
 * The counters live in the project's rate-limit store, the `rate_limits` table Better Auth uses (shared by every app
 * process), under the key `status-link-miss:{SHA-256 of address + secret}`: the address itself is never stored. The
 * window is fixed: it starts at the first miss and `last_request` keeps that start (ms). One statement per check and
 * per miss; the miss is an atomic upsert, so concurrent misses cannot slip past the limit.
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hashClientIp } from '../contact/send-contact-message.server';
import { getDb } from '../db/client.server';
import { rateLimits } from '../db/schema';

export const STATUS_MISS_LIMIT = 20;
export const STATUS_MISS_WINDOW_MINUTES = 10;
const WINDOW_MS = STATUS_MISS_WINDOW_MINUTES * 60_000;

/** The store key of a client address ('unknown' when the server saw none). */
export function statusMissKey(ip: string | undefined): string {
  return `status-link-miss:${hashClientIp(ip ?? 'unknown')}`;
}

/** True when the address has used up its misses in the current window (one SELECT). */
export async function statusGuessesBlocked(ip: string | undefined, now = Date.now()): Promise<boolean> {
  const [row] = await getDb()
    .select({ count: rateLimits.count, since: rateLimits.lastRequest })
    .from(rateLimits)
    .where(eq(rateLimits.key, statusMissKey(ip)));
  return Boolean(row && now - row.since < WINDOW_MS && row.count >= STATUS_MISS_LIMIT);
}

/**
 * Counts one miss for the address; returns true when it goes past the limit (answer 429 instead of 404). A window that
 * has passed starts again at 1.
 */
export async function recordStatusMiss(ip: string | undefined, now = Date.now()): Promise<boolean> {
  const expired = sql`${rateLimits.lastRequest} <= ${now - WINDOW_MS}`;
  const [row] = await getDb()
    .insert(rateLimits)
    .values({ id: crypto.randomUUID(), key: statusMissKey(ip), count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        lastRequest: sql`CASE WHEN ${expired} THEN ${now} ELSE ${rateLimits.lastRequest} END`,
      },
    })
    .returning({ count: rateLimits.count });
  return (row?.count ?? 0) > STATUS_MISS_LIMIT;
}
