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

/** The event-stream response for `request`, passing on the events `accepts` lets through (see module docs). */
export function liveEventStream(request: Request, accepts: (event: LiveEvent) => boolean): Response {
  let stream: OpenStream | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send = (bytes: Uint8Array) => {
        if (closed) return;
        try {
          controller.enqueue(bytes);
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
        request.signal.removeEventListener('abort', close);
        try {
          controller.close();
        } catch {
          /* already closed or cancelled */
        }
      };
      const current: OpenStream = {
        opened: Date.now(),
        // A client that stopped reading already has data waiting: no need to queue more keep-alives behind it.
        heartbeat: () => {
          if ((controller.desiredSize ?? 1) > 0) send(HEARTBEAT);
        },
        close,
      };
      stream = current;
      track(current);
      send(HELLO);
      if (request.signal.aborted) close();
      else request.signal.addEventListener('abort', close);
    },
    cancel() {
      stream?.close();
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'private, no-store, no-transform',
      'X-Accel-Buffering': 'no',
    },
  });
}
