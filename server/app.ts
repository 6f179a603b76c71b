/**
 * The Express application built into `build/server/index.js`: request logging, private caching
 * (server/middleware/private-responses.ts), status-link headers (server/middleware/status-links.ts), security headers, the
 * live-update event streams (server/middleware/live-events.ts), compression, form-only bodies
 * (server/middleware/form-content-type.ts), body limits (server/middleware/body-limits.ts), `GET /healthz`, and the
 * React Router request handler. `server.js` serves static assets, calls `startRuntime()`, mounts `createApp()` and
 * owns the listening socket and graceful shutdown.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import 'react-router';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import onFinished from 'on-finished';
import onHeaders from 'on-headers';
import Queue from 'yocto-queue';
import { CLIENT_IP_HEADER } from '~/server/auth/auth.server';
import { BROTLI_QUALITY } from '~/server/compress-document.server';
import { embedOrigins, getConfig, type AppConfig } from '~/server/config.server';
import { getDatabaseHandle } from '~/server/db/client.server';
import { log, logRequest, withRequestLogger } from '~/server/logger.server';
import { getCachedPage, pageCacheKey } from '~/server/page-cache.server';
import { bodyLimits } from './middleware/body-limits';
import { formContentType } from './middleware/form-content-type';
import { liveEvents } from './middleware/live-events';
import { privateResponses } from './middleware/private-responses';
import { statusLinkHeaders } from './middleware/status-links';

export { startRuntime, stopRuntime } from '~/server/runtime.server';
export { closeLiveStreams } from '~/server/live/event-stream.server';
export { ConfigError, getConfig } from '~/server/config.server';
export { StartupError } from '~/server/db/client.server';
export { precompressedAssets } from './precompressed-assets';

declare module 'react-router' {
  interface AppLoadContext {
    /** Per-request CSP nonce for the framework's inline scripts. */
    cspNonce: string;
    requestId: string;
    /** The client's address (Express `req.ip`: the socket's peer, or X-Forwarded-For with TRUST_PROXY); for rate limits. */
    clientIp?: string;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for form posts (issue 6, ASVS 4.2.2): a state-changing request that a browser marks as coming from
 * another site — an `Origin` header other than ours, or `Sec-Fetch-Site: cross-site` — is refused with 403 before any
 * action runs. Requests without either header (curl, server-to-server) carry no ambient browser cookies and pass.
 */
export function sameOriginPosts(appOrigin: string): express.RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const site = req.get('sec-fetch-site');
    const ownOrigin = `${req.protocol}://${req.get('host')}`;
    const crossOrigin = origin !== undefined && origin !== appOrigin && origin !== ownOrigin;
    if (crossOrigin || (origin === undefined && site === 'cross-site')) {
      log().warn({ method: req.method, path: req.path, origin: origin ?? null, site: site ?? null }, 'cross-site post refused');
      res.status(403).type('text/plain').send('Cross-site form posts are not accepted.');
      return;
    }
    next();
  };
}

/**
 * Answers GET/HEAD of a marketing page kept by the page cache (app/server/page-cache.server.ts) without running React
 * Router or the header middleware: the kept headers, the security headers of a marketing page (computed once: they
 * depend on nothing per request, and with no inline script to allow, their CSP needs no nonce), gzip when the client
 * accepts it.
 */
export function servePageCache(securityHeaders: readonly (readonly [string, string])[]): express.RequestHandler {
  return (req, res, next) => {
    const key = pageCacheKey({ method: req.method, url: req.originalUrl });
    const page = key === null ? undefined : getCachedPage(key);
    if (!page) return next();
    res.status(page.status);
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('X-Page-Cache', 'hit');
    const gzip = req.acceptsEncodings('gzip', 'identity') === 'gzip';
    const body = gzip ? page.gzip : page.body;
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', String(body.length));
    if (req.method === 'HEAD') res.end();
    else res.end(body);
  };
}

/** Permissions-Policy of every answer. */
const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=()';

/**
 * The security headers (helmet, ASVS 14.4): CSP without inline scripts except, with `nonce`, those carrying this
 * request's nonce (`res.locals.cspNonce`); HSTS and upgrade-insecure-requests when APP_URL is https; no framing;
 * nosniff; a strict Referrer-Policy; and the Permissions-Policy.
 */
function securityHeaders(config: AppConfig, { nonce }: { nonce: boolean }): express.RequestHandler[] {
  const https = config.appUrl.startsWith('https://');
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(nonce ? [(_req: unknown, res: unknown) => `'nonce-${(res as express.Response).locals.cspNonce}'`] : [])],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          frameSrc: ["'self'", ...embedOrigins(config)],
          formAction: ["'self'", ...(config.google ? ['https://accounts.google.com'] : [])],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
    (_req, res, next) => {
      res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
      next();
    },
  ];
}

/**
 * The headers that `middlewares` set, captured once from a stand-in response (they must set them synchronously and
 * depend on nothing per request). Throws when a middleware does not pass on synchronously.
 */
function headersSetBy(middlewares: express.RequestHandler[]): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    locals: {},
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  } as unknown as express.Response;
  for (const middleware of middlewares) {
    let passed = false;
    void middleware({ headers: {} } as express.Request, res, () => {
      passed = true;
    });
    if (!passed) throw new Error('a security header middleware did not pass on synchronously');
  }
  return [...headers];
}

/** Requests allowed to wait in one process; beyond that a GET is answered 503 at once (overload). */
export const MAX_WAITING_REQUESTS = 4096;
/** Longest stretch (ms) of one loop turn spent admitting requests that are answered before they yield. */
const ADMIT_BUDGET_MS = 1;
/** A request still without response headers after this long (ms) stops counting as in progress (a hung database). */
const SLOT_HOLD_MS = 1000;

/**
 * The request scheduler for GET and HEAD (issue 6 load target, docs/decisions/0002). Requests wait in arrival order
 * and are admitted in the event loop's check phase (`setImmediate`), after the poll phase has run the continuations of
 * the requests already in progress (their database replies, their rendering). Each turn admits waiting requests until
 * one goes on asynchronously (a page that queries the database) or 1 ms has been spent on ones answered at once (a
 * cached page), and never more than `maxInProgress` at a time.
 *
 * Without it every request starts the moment it is parsed, so a page that needs several trips through the event loop
 * waits at each trip behind everything that arrived meanwhile: cheap pages overtake and signed-in pages starve (p99
 * of seconds under 200 connections). With a plain concurrency limit instead, the process sits idle whenever all
 * admitted requests wait on the database. A request stays "in progress" until its response headers are written (a file
 * download then streams on its own), its client goes away, or a second has passed (so requests stuck on an unreachable
 * database cannot hold up the cached marketing pages behind them); one whose client left while waiting is skipped.
 * Form posts and uploads (which may stream for minutes) and `/healthz` bypass it. `maxInProgress` 0 turns it off.
 * Past `maxWaiting` (default {@link MAX_WAITING_REQUESTS}) waiting, a GET is answered 503 with Retry-After instead of
 * growing the queue; `holdMs` (default 1000) is the "stuck" limit above.
 */
export function requestScheduler(
  maxInProgress: number,
  { maxWaiting = MAX_WAITING_REQUESTS, holdMs = SLOT_HOLD_MS }: { maxWaiting?: number; holdMs?: number } = {},
): express.RequestHandler {
  if (maxInProgress <= 0) return (_req, _res, next) => next();
  /** Each entry starts one request and tells whether it is still in progress (went asynchronous). */
  const waiting = new Queue<() => boolean>();
  let inProgress = 0;
  let scheduled = false;

  const admit = () => {
    scheduled = false;
    const started = performance.now();
    while (waiting.size > 0 && inProgress < maxInProgress) {
      const wentAsync = waiting.dequeue()!();
      if (wentAsync || performance.now() - started > ADMIT_BUDGET_MS) break;
    }
    if (waiting.size > 0 && inProgress < maxInProgress) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(admit);
  };

  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/healthz') return next();
    if (waiting.size >= maxWaiting) {
      res.status(503).set('Retry-After', '5').type('text/plain').send('The shop site is busy. Please try again in a moment.');
      return;
    }
    waiting.enqueue(() => {
      if (res.headersSent || req.socket.destroyed) return false;
      inProgress += 1;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(overdue);
        inProgress -= 1;
        if (waiting.size > 0) schedule();
      };
      const overdue = setTimeout(finish, holdMs);
      onHeaders(res, finish);
      onFinished(res, finish);
      next();
      return !done;
    });
    schedule();
  };
}

/**
 * Puts the client's address (Express's `req.ip`: the socket, or with TRUST_PROXY the address X-Forwarded-For names) in
 * the header Better Auth's rate limiter reads, replacing whatever the client sent under that name.
 */
export function clientIpHeader(): express.RequestHandler {
  return (req, _res, next) => {
    const ip = req.ip ?? req.socket.remoteAddress;
    if (ip) req.headers[CLIENT_IP_HEADER] = ip;
    else delete req.headers[CLIENT_IP_HEADER];
    next();
  };
}

export function createApp(): express.Express {
  const config = getConfig();
  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy) app.set('trust proxy', true);

  app.use((req, res, next) => {
    const header = req.get('x-request-id');
    const requestId = header && /^[\w-]{1,64}$/.test(header) ? header : crypto.randomUUID();
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
      logRequest({ reqId: requestId, method: req.method, path: req.path, status: res.statusCode, ms });
    });
    withRequestLogger(requestId, next);
  });
  app.use(privateResponses());
  app.use(statusLinkHeaders());

  app.use(requestScheduler(config.requestConcurrency));
  app.use(servePageCache(headersSetBy(securityHeaders(config, { nonce: false }))));

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString('base64');
    next();
  });
  app.use(clientIpHeader());
  app.use(securityHeaders(config, { nonce: true }));
  app.use(liveEvents(new URL(config.appUrl).origin));
  // Rendered documents arrive compressed (app/server/compress-document.server.ts) and pass through; the rest (data
  // requests, JSON, resource routes) is compressed here at the same Brotli quality.
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } } }));
  app.use(sameOriginPosts(new URL(config.appUrl).origin));
  app.use(formContentType());
  app.use(bodyLimits());

  app.get('/healthz', async (_req, res) => {
    try {
      await getDatabaseHandle().ping();
      res.status(200).set('Cache-Control', 'no-store').json({ status: 'ok', database: 'ok' });
    } catch (error) {
      log().error({ err: (error as Error).message }, 'health check failed');
      res.status(503).set('Cache-Control', 'no-store').json({ status: 'error', database: 'unreachable' });
    }
  });

  // React Router gets the build as an object, loaded on the first request that reaches it (so a test of the Express
  // layer alone needs no build): given a function instead, it re-derives its route tables on every request.
  let handler: express.RequestHandler | undefined;
  app.use(async (req, res, next) => {
    try {
      handler ??= createRequestHandler({
        build: await import('virtual:react-router/server-build'),
        getLoadContext: (request, response) => ({
          cspNonce: String(response.locals.cspNonce),
          requestId: String(response.locals.requestId),
          clientIp: request.ip ?? request.socket.remoteAddress,
        }),
      });
    } catch (error) {
      next(error);
      return;
    }
    return handler(req, res, next);
  });
  return app;
}
