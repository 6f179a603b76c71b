/**
 * Server-Sent Events for the live channel (issue 15). `liveEventStream(request, accepts)` answers an EventSource
 * request with a `text/event-stream` that sends `event: change` (data: `{"change":"status"}` and the like, never
 * personal data) for every live event `accepts` lets through, and a comment line every {@link HEARTBEAT_MS} so
 * proxies keep the connection open. The stream ends when the browser goes away (request aborted) or the process shuts
 * down ({@link closeLiveStreams}). `Cache-Control: no-store, no-transform` keeps the compression middleware from
 * buffering it; `X-Accel-Buffering: no` does the same for nginx.
 *
 * `accepts(event)` runs for each event this process hears: keep it cheap (compare ids already resolved when the stream
 * opened) — 1,000 idle listeners must cost ≤ 50 MB (issue 15, `npm run bench:live`).
 */
import { subscribeLive, type LiveEvent } from './live.server';

/** Milliseconds between keep-alive comments. */
export const HEARTBEAT_MS = 25_000;
/** How long (ms) a browser waits before reconnecting after the stream drops (sent as `retry:`). */
export const RECONNECT_MS = 3_000;

const open = new Set<() => void>();

/** Ends every open event stream (shutdown: lets the server drain instead of waiting on idle listeners). */
export function closeLiveStreams(): void {
  for (const close of [...open]) close();
}

/** How many event streams this process holds open. */
export function openLiveStreamCount(): number {
  return open.size;
}

/** The event-stream response for `request`, passing on the events `accepts` lets through (see module docs). */
export function liveEventStream(request: Request, accepts: (event: LiveEvent) => boolean): Response {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const unsubscribe = subscribeLive((event) => {
        if (accepts(event)) send(`event: change\ndata: ${JSON.stringify({ change: event.change })}\n\n`);
      });
      const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      cleanup = () => {
        if (closed) return;
        closed = true;
        unsubscribe();
        clearInterval(heartbeat);
        open.delete(cleanup);
        request.signal.removeEventListener('abort', cleanup);
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      };
      open.add(cleanup);
      request.signal.addEventListener('abort', cleanup);
      send(`retry: ${RECONNECT_MS}\n: connected\n\n`);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'private, no-store, no-transform',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    },
  });
}
