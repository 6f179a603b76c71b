/**
 * Server rendering of every HTML document (React Router's `handleRequest`).
 *
 * Documents are rendered completely into one buffer and answered with a Content-Length, not streamed: no loader
 * returns deferred data, so streaming would only split the same bytes into many chunks, each costing a trip through
 * the event loop behind every other request (issue 6 load target, docs/decisions/0002). A render that is not done
 * after `streamTimeout` is aborted (what was rendered is sent with the error boundary's output).
 *
 * Marketing pages (every matched route opts out of hydration) are rendered without a nonce and kept in the page cache
 * (app/server/page-cache.server.ts); every other page carries this request's CSP nonce. Documents are compressed here,
 * whole (app/server/compress-document.server.ts).
 */
import { PassThrough } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { NonceContext } from '~/lib/nonce';
import type { RouteHandle } from '~/lib/route-handle';
import { compressDocument, negotiateDocumentEncoding } from '~/server/compress-document.server';
import { log } from '~/server/logger.server';
import { pageCacheKey, storeCachedPage } from '~/server/page-cache.server';
import { lowerScriptPriority } from '~/server/script-priority.server';

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const cacheKey = marketingPageCacheKey(request, responseStatusCode, routerContext);
  const nonce = cacheKey === null ? (loadContext?.cspNonce ?? '') : '';
  const rendered = await renderDocument(
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
    </NonceContext.Provider>,
    nonce,
  );
  const { failed } = rendered;
  // A hydrated page's scripts load at low priority, after what paints it (app/server/script-priority.server.ts).
  const body = cacheKey === null ? lowerScriptPriority(rendered.body) : rendered.body;
  // The page is still sent when a component failed after the shell (as streaming would have), but with status 500.
  const status = failed ? 500 : responseStatusCode;
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  responseHeaders.set('Content-Length', String(body.byteLength));
  if (cacheKey !== null) storeCachedPage(cacheKey, status, responseHeaders, body);
  // Compressed here in one call rather than by the compression middleware's stream (compress-document.server.ts).
  const sent = compressDocument(body, negotiateDocumentEncoding(request.headers.get('accept-encoding') ?? undefined));
  responseHeaders.append('Vary', 'Accept-Encoding');
  if (sent.encoding) {
    responseHeaders.set('Content-Encoding', sent.encoding);
    responseHeaders.set('Content-Length', String(sent.body.byteLength));
  }
  // A view of the same bytes (no copy); a Buffer is always backed by an ArrayBuffer, never a shared one.
  const bytes = new Uint8Array(sent.body.buffer as ArrayBuffer, sent.body.byteOffset, sent.body.byteLength);
  return new Response(bytes, { status, headers: responseHeaders });
}

/**
 * Renders `element` completely (all Suspense boundaries resolved) into one Buffer. Rejects when the shell itself
 * fails; `failed` is true when a later part failed or the render was aborted after `streamTimeout` ms.
 */
function renderDocument(element: ReactNode, nonce: string): Promise<{ body: Buffer; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => {
      clearTimeout(timer);
      resolve({ body: Buffer.concat(chunks), failed });
    });
    const { pipe, abort } = renderToPipeableStream(element, {
      ...(nonce ? { nonce } : {}),
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        failed = true;
        log().error({ err: error }, 'render error');
      },
    });
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
  });
}

/**
 * The page-cache key when this render is a marketing page that may be kept (app/server/page-cache.server.ts): a GET
 * without a query, status 200, a matched route opts out of hydration and none opts out of the cache. Otherwise null.
 */
function marketingPageCacheKey(request: Request, status: number, context: EntryContext): string | null {
  if (status !== 200) return null;
  const matches = context.staticHandlerContext.matches;
  const handles = matches.map((m) => context.routeModules[m.route.id]?.handle as RouteHandle | undefined);
  // An HTML-first page that differs per visitor (the status page) says `pageCache: false`: never kept.
  if (handles.some((h) => h?.pageCache === false)) return null;
  const marketing = handles.some((h) => h?.hydrate === false);
  if (!marketing) return null;
  return pageCacheKey({ method: request.method, url: request.url });
}

/**
 * Unexpected loader/action errors: logged with the request id; the page shows a generic message. The error goes to the
 * logger as it is: its `err` serializer keeps a database error's code and constraint and drops the statement's
 * parameters and quoted values (app/server/safe-error.server.ts, issue 13).
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  log().error({ err: error, path: new URL(request.url).pathname }, 'unhandled error');
}
