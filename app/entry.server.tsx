import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { NonceContext } from '~/lib/nonce';
import type { RouteHandle } from '~/lib/route-handle';
import { log } from '~/server/logger.server';
import { pageCacheKey, storeCachedPage } from '~/server/page-cache.server';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const cacheKey = marketingPageCacheKey(request, responseStatusCode, routerContext);
  if (cacheKey !== null) return renderMarketingPage(cacheKey, responseStatusCode, responseHeaders, routerContext, request.url);
  const nonce = loadContext?.cspNonce ?? '';
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log().error({ err: error instanceof Error ? error.message : String(error) }, 'render error');
        },
      },
    );
  });
}

/**
 * The page-cache key when this render is a marketing page that may be kept (app/server/page-cache.server.ts): a GET
 * without a query, status 200, and every matched route opts out of hydration. Otherwise null.
 */
function marketingPageCacheKey(request: Request, status: number, context: EntryContext): string | null {
  if (status !== 200) return null;
  const matches = context.staticHandlerContext.matches;
  const marketing = matches.some((m) => (context.routeModules[m.route.id]?.handle as RouteHandle | undefined)?.hydrate === false);
  if (!marketing) return null;
  return pageCacheKey({ method: request.method, url: request.url });
}

/**
 * Renders a marketing page completely (no streaming: it has no deferred data), without a nonce (the page is the same
 * for every visitor and its one script comes from 'self'), stores it in the page cache and answers it.
 */
function renderMarketingPage(key: string, status: number, headers: Headers, context: EntryContext, url: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => {
      const body = Buffer.concat(chunks);
      headers.set('Content-Type', 'text/html; charset=utf-8');
      storeCachedPage(key, status, headers, body);
      resolve(new Response(new Uint8Array(body), { status, headers }));
    });
    const { pipe } = renderToPipeableStream(
      <NonceContext.Provider value="">
        <ServerRouter context={context} url={url} />
      </NonceContext.Provider>,
      {
        onAllReady() {
          pipe(sink);
        },
        onShellError: reject,
        onError(error: unknown) {
          // The page is still sent (as the streaming path does) but with status 500 and never kept.
          status = 500;
          log().error({ err: error instanceof Error ? error.message : String(error) }, 'render error');
        },
      },
    );
  });
}

/** Unexpected loader/action errors: logged with the request id; the page shows a generic message. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  log().error(
    { err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error), path: new URL(request.url).pathname },
    'unhandled error',
  );
}
