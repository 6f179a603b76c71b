/**
 * Status links (issue 15): every answer under `/status/` — the page, its photos, its event stream, and the 404/429
 * pages of bad links — is sent with `Referrer-Policy: no-referrer` (the token is in the URL: no link or image on the
 * page may pass it on) and `X-Robots-Tag: noindex, nofollow`. Set when the headers are written (on-headers), so it
 * replaces the site-wide strict-origin-when-cross-origin of the security headers and whatever a route set.
 * `Cache-Control: private, no-store` comes from private-responses.ts (status paths are not public ones).
 */
import type express from 'express';
import onHeaders from 'on-headers';

/** True for a path of the status page, its photos and its events (`/status/...`, data requests included). */
export function isStatusLinkPath(path: string): boolean {
  return path.startsWith('/status/');
}

export function statusLinkHeaders(): express.RequestHandler {
  return (req, res, next) => {
    if (isStatusLinkPath(req.path)) {
      onHeaders(res, () => {
        res.setHeader('Referrer-Policy', 'no-referrer');
        res.setHeader('X-Robots-Tag', 'noindex, nofollow');
      });
    }
    next();
  };
}
