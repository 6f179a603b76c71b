/**
 * A fixed-window request counter in the database's `rate_limits` table (the store Better Auth's limiter uses, so a
 * limit holds across every process; DESIGN.md). Keys are prefixed `app:` and never collide with Better Auth's (an
 * address followed by a path); client addresses go in hashed (`hashClientIp`), never as they are.
 *
 * `hitRateLimit(key, { limit, windowMs })` counts one request for `key` and returns
 * `{ allowed, count, retryAfterSeconds }`: allowed while the count in the current window is at most `limit`; a window
 * starts with the first request after the previous one ended. One INSERT … ON CONFLICT, atomic under concurrency.
 */
import { sql } from 'drizzle-orm';
import { getDb, type Executor } from './db/client.server';
import { rateLimits } from './db/schema';

export interface RateLimitResult {
  allowed: boolean;
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

export async function hitRateLimit(
  key: string,
  { limit, windowMs }: { limit: number; windowMs: number },
  { db = getDb(), now = Date.now() }: { db?: Executor; now?: number } = {},
): Promise<RateLimitResult> {
  const id = `app:${key}`;
  const expired = sql`${rateLimits.lastRequest} <= ${now - windowMs}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ id, key: id, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        lastRequest: sql`CASE WHEN ${expired} THEN ${now} ELSE ${rateLimits.lastRequest} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.lastRequest });
  const count = row!.count;
  const retryAfterSeconds = Math.max(1, Math.ceil((Number(row!.windowStart) + windowMs - now) / 1000));
  return { allowed: count <= limit, count, retryAfterSeconds };
}
