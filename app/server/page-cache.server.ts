/**
 * The rendered-page cache for marketing pages (DESIGN.md decision log, issue 6 load target).
 *
 * A marketing page (route handle `hydrate: false`) is the same HTML for every visitor: it reads no session, no
 * database and no per-request nonce (it loads only the enhancement script from 'self', which the CSP allows without
 * one). So its first successful render is kept in memory and later GETs of the same path are answered from memory by
 * the Express layer before React Router runs, with the security headers of the current request.
 *
 * Rules: only GET, only status 200, only a URL without a query string (bounded: one entry per route path; a query such
 * as `?category=` or `?sent=1` is rendered every time), never a response that sets a cookie. Entries live until the
 * site's content changes (issue 16: site/site-info.server.ts empties the cache in every web process when /admin/site
 * saves anything) or the process restarts. Bodies are kept plain and
 * gzip-compressed, so a hit costs no rendering and no compression.
 */
import zlib from 'node:zlib';

export interface CachedPage {
  status: number;
  /** Response headers of the render (Content-Type, Cache-Control, Link…); never Set-Cookie. */
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer;
}

/** At most this many pages are kept (the marketing site has about fifteen). */
const MAX_PAGES = 64;

const pages = new Map<string, CachedPage>();

/** The cache key of a request, or null when the request may not be answered from (or stored in) the cache. */
export function pageCacheKey(request: { method: string; url: string }): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const queryAt = request.url.indexOf('?');
  if (queryAt !== -1) return null;
  const path = request.url.startsWith('/') ? request.url : new URL(request.url).pathname;
  // `/about` and `/about/` render the same page; keep one entry per spelling anyway (bounded by MAX_PAGES).
  return path;
}

/** The cached page for `key`, if any. */
export function getCachedPage(key: string): CachedPage | undefined {
  return pages.get(key);
}

/**
 * Stores a rendered page under `key`. Ignored (returns false) for a status other than 200, a response that sets a
 * cookie, or when the cache is full.
 */
export function storeCachedPage(key: string, status: number, headers: Headers, body: Buffer): boolean {
  if (status !== 200 || headers.has('set-cookie')) return false;
  if (!pages.has(key) && pages.size >= MAX_PAGES) return false;
  const kept: [string, string][] = [];
  headers.forEach((value, name) => kept.push([name, value]));
  pages.set(key, { status, headers: kept, body, gzip: zlib.gzipSync(body, { level: 9 }) });
  return true;
}

/** Empties the cache (tests; a change of the site's content, site/site-info.server.ts). */
export function clearPageCache(): void {
  pages.clear();
}
