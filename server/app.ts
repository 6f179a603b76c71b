/**
 * The Express application built into `build/server/index.js`: security headers, compression, request logging,
 * `GET /healthz`, and the React Router request handler. `server.js` serves static assets, calls `startRuntime()`,
 * mounts `createApp()` and owns the listening socket and graceful shutdown.
 */
import crypto from 'node:crypto';
import 'react-router';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import { CLIENT_IP_HEADER } from '~/server/auth/auth.server';
import { embedOrigins, getConfig } from '~/server/config.server';
import { getDatabaseHandle } from '~/server/db/client.server';
import { log, withRequestLogger } from '~/server/logger.server';
import { getCachedPage, pageCacheKey } from '~/server/page-cache.server';

export { startRuntime, stopRuntime } from '~/server/runtime.server';
export { ConfigError, getConfig } from '~/server/config.server';
export { StartupError } from '~/server/db/client.server';

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

/** Largest form post without files (1 MiB) and largest upload body (several 15 MB photos at once). */
export const MAX_FORM_BYTES = 1024 * 1024;
export const MAX_UPLOAD_BYTES = 160 * 1024 * 1024;

/**
 * Body limits before anything reads the body (issue 6): a form post without files over 1 MiB → 413; one without a
 * Content-Length (browsers always send it for forms) → 411, since it would otherwise be buffered whole; a multipart
 * body over the upload ceiling → 413. Per-file limits are enforced while streaming by `parseUploadForm`.
 */
export function bodyLimits(): express.RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || req.path.startsWith('/api/auth/')) return next();
    const type = (req.get('content-type') ?? '').toLowerCase();
    const length = req.get('content-length');
    const multipart = type.startsWith('multipart/form-data');
    if (length === undefined) {
      if (multipart || req.get('transfer-encoding') === undefined) return next();
      res.status(411).type('text/plain').send('Content-Length is required.');
      return;
    }
    if (Number(length) > (multipart ? MAX_UPLOAD_BYTES : MAX_FORM_BYTES)) {
      res.status(413).type('text/plain').send('The request is too large.');
      return;
    }
    next();
  };
}

/**
 * Answers GET/HEAD of a marketing page kept by the page cache (app/server/page-cache.server.ts) without running React
 * Router: the kept headers plus this request's security headers, gzip when the client accepts it.
 */
export function servePageCache(): express.RequestHandler {
  return (req, res, next) => {
    const key = pageCacheKey({ method: req.method, url: req.originalUrl });
    const page = key === null ? undefined : getCachedPage(key);
    if (!page) return next();
    res.status(page.status);
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
  const https = config.appUrl.startsWith('https://');
  const frames = embedOrigins(config);
  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy) app.set('trust proxy', true);

  app.use((req, res, next) => {
    const header = req.get('x-request-id');
    const requestId = header && /^[\w-]{1,64}$/.test(header) ? header : crypto.randomUUID();
    res.locals.requestId = requestId;
    res.locals.cspNonce = crypto.randomBytes(16).toString('base64');
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      withRequestLogger(requestId, () =>
        log().info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms) }, 'request'),
      );
    });
    withRequestLogger(requestId, next);
  });

  app.use(clientIpHeader());

  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          frameSrc: ["'self'", ...frames],
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
  );
  app.use((_req, res, next) => {
    res.setHeader('Permissions-Policy', 'camera=(self), microphone=(), geolocation=(), payment=()');
    next();
  });
  app.use(compression());
  app.use(sameOriginPosts(new URL(config.appUrl).origin));
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

  app.use(servePageCache());

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
