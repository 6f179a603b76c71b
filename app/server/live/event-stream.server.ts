/**
 * Server-Sent Events for the live channel (issue 15). `liveEventStream(request, accepts)` answers an EventSource
 * request with a `text/event-stream` that sends `event: change` (data: `{"change":"status"}` and the like, never
 * personal data) for every live event `accepts` lets through, and a comment line every {@link HEARTBEAT_MS} so
 * proxies keep the connection open. When the process's LISTEN connection comes back after a loss it sends
 * `{"change":"resync"}` to every stream (events may have been missed: the page reloads its data once).
 *
 * The stream ends when the browser goes away (request aborted), after {@link MAX_STREAM_MS} (the browser reconnects
 * after `retry` and its session is checked again, so a session ended elsewhere stops hearing events) or when the
 * process shuts down ({@link closeLiveStreams}). `Cache-Control: no-store, no-transform` keeps the compression
 * middleware (and proxies) from buffering it; `X-Accel-Buffering: no` does the same for nginx.
 *
 * `accepts(event)` runs for each event this process hears: keep it cheap (compare ids already resolved when the stream
 * opened) — 1,000 idle listeners must cost ≤ 50 MB (issue 15, `npm run bench:live`). One timer sends every stream's
 * heartbeat and ends streams past their lifetime, so an idle stream holds no timer of its own.
 */
import type { ServerResponse } from 'node:http';
import { onLiveResync, subscribeLive, type LiveEvent } from './live.server';

/** Milliseconds between keep-alive comments. */
export const HEARTBEAT_MS = 25_000;
/** How long (ms) a browser waits before reconnecting after the stream drops (sent as `retry:`). */
export const RECONNECT_MS = 3_000;
/** The longest a stream stays open (ms) before the server ends it and the browser reconnects (session checked again). */
export const MAX_STREAM_MS = 15 * 60_000;

/** The data of the event that asks a page to reload its data after missed events. */
export const RESYNC_CHANGE = 'resync';

interface OpenStream {
  opened: number;
  heartbeat(): void;
  close(): void;
}

const open = new Set<OpenStream>();
let sweeper: NodeJS.Timeout | undefined;

function sweep() {
  const tooOld = Date.now() - MAX_STREAM_MS;
  for (const stream of [...open]) {
    if (stream.opened <= tooOld) stream.close();
    else stream.heartbeat();
  }
}

function track(stream: OpenStream) {
  open.add(stream);
  if (!sweeper) {
    sweeper = setInterval(sweep, HEARTBEAT_MS);
    sweeper.unref();
  }
}

function untrack(stream: OpenStream) {
  open.delete(stream);
  if (open.size === 0 && sweeper) {
    clearInterval(sweeper);
    sweeper = undefined;
  }
}

/** Ends every open event stream (shutdown: lets the server drain instead of waiting on idle listeners). */
export function closeLiveStreams(): void {
  for (const stream of [...open]) stream.close();
}

/** How many event streams this process holds open. */
export function openLiveStreamCount(): number {
  return open.size;
}

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': keep-alive\n\n');
const HELLO = encoder.encode(`retry: ${RECONNECT_MS}\n: connected\n\n`);
const changeMessage = (change: string) =>
  encoder.encode(`event: change\ndata: ${JSON.stringify({ change })}\n\n`);
const CHANGE_MESSAGES = new Map<string, Uint8Array>();
const messageFor = (change: string) => {
  let bytes = CHANGE_MESSAGES.get(change);
  if (!bytes) CHANGE_MESSAGES.set(change, (bytes = changeMessage(change)));
  return bytes;
};

/** Where a live stream writes: `write` returns false once the connection is gone; `end` finishes it. */
interface StreamSink {
  write(bytes: Uint8Array): void;
  end(): void;
  /** False while the client has not read what was sent (no keep-alive is queued behind it). */
  ready(): boolean;
}

/**
 * Opens one live stream on `sink`: sends the hello, subscribes to the process's live events and resyncs, joins the
 * shared heartbeat. Returns `close` (idempotent; unsubscribes and ends the sink).
 */
function openStream(sink: StreamSink, accepts: (event: LiveEvent) => boolean): () => void {
  let closed = false;
  const send = (bytes: Uint8Array) => {
    if (closed) return;
    try {
      sink.write(bytes);
    } catch {
      close();
    }
  };
  const unsubscribe = subscribeLive((event) => {
    if (accepts(event)) send(messageFor(event.change));
  });
  const stopResync = onLiveResync(() => send(messageFor(RESYNC_CHANGE)));
  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    stopResync();
    untrack(current);
    try {
      sink.end();
    } catch {
      /* already closed or cancelled */
    }
  };
  const current: OpenStream = {
    opened: Date.now(),
    heartbeat: () => {
      if (sink.ready()) send(HEARTBEAT);
    },
    close,
  };
  track(current);
  send(HELLO);
  return close;
}

/** The response headers of every event stream (see the module comment). */
export const EVENT_STREAM_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'private, no-store, no-transform',
  'X-Accel-Buffering': 'no',
};

/**
 * The event-stream response for `request` as a web `Response`, passing on the events `accepts` lets through (see
 * module docs). Used by the route modules (`/portal/events`, `/status/:token/events`) when React Router answers them;
 * the server answers the same paths with {@link pipeLiveEvents} first, which keeps far less per stream.
 */
export function liveEventStream(request: Request, accepts: (event: LiveEvent) => boolean): Response {
  let close: (() => void) | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let ended = false;
      const stop = () => close?.();
      close = openStream(
        {
          write: (bytes) => controller.enqueue(bytes),
          end: () => {
            if (ended) return;
            ended = true;
            request.signal.removeEventListener('abort', stop);
            controller.close();
          },
          ready: () => (controller.desiredSize ?? 1) > 0,
        },
        accepts,
      );
      if (request.signal.aborted) close();
      else request.signal.addEventListener('abort', stop);
    },
    cancel() {
      close?.();
    },
  });
  return new Response(body, { headers: EVENT_STREAM_HEADERS });
}

/**
 * The same stream written straight to a Node response (the server's fast path, server/live-events.ts): no web
 * Request/Response pair or stream pipe stays alive per listener — 1,000 idle listeners must cost ≤ 50 MB (issue 15).
 * `extraHeaders` are added to {@link EVENT_STREAM_HEADERS}. The stream ends when the client goes away.
 */
export function pipeLiveEvents(
  res: ServerResponse,
  accepts: (event: LiveEvent) => boolean,
  extraHeaders: Readonly<Record<string, string>> = {},
): void {
  res.writeHead(200, { ...EVENT_STREAM_HEADERS, ...extraHeaders });
  res.flushHeaders();
  const close = openStream(
    {
      write: (bytes) => {
        if (res.destroyed || res.writableEnded) throw new Error('closed');
        res.write(bytes);
      },
      end: () => {
        if (!res.writableEnded) res.end();
      },
      ready: () => !res.writableNeedDrain,
    },
    accepts,
  );
  res.once('close', close);
}
