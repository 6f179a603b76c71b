/**
 * The live channel (issue 15, DESIGN.md): tells open status pages and portal pages that a work order changed, so they
 * refresh within a second or two without a reload.
 *
 * - `publishLive(event)` is called AFTER the transaction that made the change has committed (a rolled-back change
 *   never reaches a page). On PostgreSQL it sends `NOTIFY shop_live` with the event as JSON, so every web process —
 *   this one included — hears it through its LISTEN connection ({@link startLiveChannel}). When this process has no
 *   working LISTEN connection (not started, or reconnecting) the event is also delivered in-process, so the pages open
 *   here still hear it while the others hear the NOTIFY. On the embedded database (one process) it is delivered
 *   in-process. A process that dies between the commit and the publish loses the event; the page still shows the
 *   change on its next load.
 * - `subscribeLive(listener)` → unsubscribe: every event this process hears.
 * - `onLiveResync(listener)` → unsubscribe: called when the LISTEN connection comes back after a loss. Events sent
 *   while it was down never reach this process, so open pages should reload their data once
 *   (app/server/live/event-stream.server.ts tells them to).
 * - Site content (issue 16): `publishSiteChange()` after a commit at /admin/site sends `{"site":"changed"}` on the same
 *   channel; `subscribeSiteChange(listener)` hears it in every process (each drops its cached site facts and marketing
 *   pages: app/server/site/site-info.server.ts). Work-order subscribers never see these events.
 * - Events carry ids only (`workOrderId`, `customerId`, what changed): a page that hears one reloads its own data
 *   through its normal, access-checked loader. Nothing personal travels through the channel.
 *
 * Errors: `publishLive` never throws (a failed notify is logged and the event delivered in-process); the LISTEN
 * connection reconnects with a growing delay (1 s to 30 s) after an error or after the server closed it, and TCP
 * keep-alive notices a connection that died silently.
 */
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { getDatabaseHandle } from '../db/client.server';
import { log } from '../logger.server';

export const LIVE_CHANNEL = 'shop_live';

export const LIVE_CHANGES = ['status', 'eta', 'photos', 'estimate', 'message'] as const;

export const LiveEventSchema = z.object({
  workOrderId: z.uuid(),
  customerId: z.uuid(),
  change: z.enum(LIVE_CHANGES),
});
export type LiveEvent = z.infer<typeof LiveEventSchema>;

/** The public site's content changed (issue 16); carries nothing else. */
export const SiteEventSchema = z.object({ site: z.literal('changed') });

const emitter = new EventEmitter();
emitter.setMaxListeners(0);

let listenClient: pg.Client | undefined;
let listening = false;
let stopped = true;
let retryTimer: NodeJS.Timeout | undefined;

function deliver(event: LiveEvent): void {
  emitter.emit('event', event);
}

/**
 * Announces a committed change to every open page that follows this work order (see module docs). Never throws.
 */
export async function publishLive(event: LiveEvent): Promise<void> {
  // Our own LISTEN connection brings a NOTIFY back to this process; without one, deliver here directly.
  if (!(await notify(event)) || !listening) deliver(event);
}

/** Sends `payload` as a NOTIFY on PostgreSQL; false on the embedded database or when the notify failed (logged). */
async function notify(payload: unknown): Promise<boolean> {
  try {
    const handle = getDatabaseHandle();
    if (handle.kind === 'postgres') {
      await handle.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(payload)})`);
      return true;
    }
  } catch (error) {
    log().warn({ err: (error as Error).message }, 'live: notify failed; delivered in this process only');
  }
  return false;
}

/** Announces (after the commit) that the public site's content changed, to every process (issue 16). Never throws. */
export async function publishSiteChange(): Promise<void> {
  if (!(await notify({ site: 'changed' })) || !listening) emitter.emit('site');
}

/** Calls `listener` each time some process announced a site content change; returns the function that stops it. */
export function subscribeSiteChange(listener: () => void): () => void {
  emitter.on('site', listener);
  return () => emitter.off('site', listener);
}

/** Calls `listener` with every live event this process hears; returns the function that stops it. */
export function subscribeLive(listener: (event: LiveEvent) => void): () => void {
  emitter.on('event', listener);
  return () => emitter.off('event', listener);
}

/** Calls `listener` each time the LISTEN connection is back after a loss (events may have been missed meanwhile). */
export function onLiveResync(listener: () => void): () => void {
  emitter.on('resync', listener);
  return () => emitter.off('resync', listener);
}

/** How many listeners are attached (open event streams): for the benchmark and health checks. */
export function liveListenerCount(): number {
  return emitter.listenerCount('event');
}

/**
 * On PostgreSQL (`databaseUrl`), opens one dedicated connection that LISTENs on {@link LIVE_CHANNEL} and hands each
 * valid notification to the subscribers; reconnects after a failure. On the embedded database it does nothing (events
 * stay in-process). Returns the stop function.
 */
export function startLiveChannel(databaseUrl: string | undefined): () => Promise<void> {
  if (!databaseUrl) return async () => {};
  stopped = false;
  let delay = 1000;
  let lostOnce = false;
  const connect = async () => {
    const client = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    let failed = false;
    // 'error' and 'end' can both fire for one loss (and a failed connect rejects as well): reconnect once per client.
    const retry = (error: unknown) => {
      if (failed) return;
      failed = true;
      if (listenClient === client) {
        listenClient = undefined;
        listening = false;
        lostOnce = true;
      }
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      if (stopped) return;
      log().warn(
        { err: (error as Error | undefined)?.message ?? 'closed by the server', retryInMs: delay },
        'live: LISTEN connection lost',
      );
      retryTimer = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, 30_000);
    };
    client.on('error', retry);
    client.on('end', () => retry(undefined));
    client.on('notification', (message) => {
      if (message.channel !== LIVE_CHANNEL || !message.payload) return;
      try {
        const payload: unknown = JSON.parse(message.payload);
        const parsed = LiveEventSchema.safeParse(payload);
        if (parsed.success) deliver(parsed.data);
        else if (SiteEventSchema.safeParse(payload).success) emitter.emit('site');
      } catch {
        /* not JSON: not ours */
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      retry(error);
      return;
    }
    if (failed) return;
    if (stopped) {
      failed = true;
      await client.end().catch(() => {});
      return;
    }
    listenClient = client;
    listening = true;
    delay = 1000;
    if (lostOnce) {
      log().info('live: LISTEN connection restored');
      emitter.emit('resync');
    }
  };
  void connect();
  return async () => {
    stopped = true;
    listening = false;
    clearTimeout(retryTimer);
    const client = listenClient;
    listenClient = undefined;
    await client?.end().catch(() => {});
  };
}
