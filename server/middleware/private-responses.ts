/**
 * No shared or browser cache keeps a signed-in page (issue 13): every answer is `Cache-Control: private, no-store`
 * unless its path is one of the public ones in {@link PUBLIC_PATHS} — the marketing pages (the same HTML for every
 * visitor, kept by the page cache, app/server/page-cache.server.ts), robots.txt, sitemap.xml, the old-link
 * redirects and `/healthz`; those keep whatever their route sets. Portal, admin, account and auth pages, their React
 * Router data requests (`*.data`), the private files under `/files/`, Better Auth's API and every error answer are
 * private.
 *
 * The rule is by path, private by default: a new route is private until it is added to the public list, and the
 * header is set when the response headers are written (on-headers), so it replaces whatever a route set
 * (`private, max-age=300` on a file, say): no route can forget it or weaken it. A route's `no-transform` is kept (an
 * event stream must reach the browser unbuffered and uncompressed).
 */
import type express from 'express';
import onHeaders from 'on-headers';

export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * Paths whose answers are the same for everyone (no session read): the marketing pages of app/routes.ts's public
 * layout (not the auth pages in it), robots.txt, sitemap.xml, the old-link redirects and the health check.
 */
export const PUBLIC_PATHS: readonly RegExp[] = [
  /^\/$/,
  /^\/(about|services|contact|repair-gallery|financing)\/?$/,
  /^\/services\/[a-z-]+\/?$/,
  /^\/(collision-repair|repairgallery|repair-photos)\/?$/,
  /^\/(robots\.txt|sitemap\.xml|healthz)$/,
];

/** True when answers to `path` (Express `req.path`) may be cached like any public page; data requests never are. */
export function isPublicPath(path: string): boolean {
  if (path.endsWith('.data')) return false;
  return PUBLIC_PATHS.some((p) => p.test(path));
}

/** The middleware (see the module comment); mount it before anything that may answer. */
export function privateResponses(): express.RequestHandler {
  return (req, res, next) => {
    if (!isPublicPath(req.path)) {
      onHeaders(res, () => {
        // A stream that must not be buffered or compressed on its way (live updates, issue 15) keeps `no-transform`.
        const noTransform = /\bno-transform\b/i.test(String(res.getHeader('Cache-Control') ?? ''));
        res.setHeader('Cache-Control', noTransform ? `${PRIVATE_CACHE_CONTROL}, no-transform` : PRIVATE_CACHE_CONTROL);
      });
    }
    next();
  };
}
