/**
 * Form actions take form bodies only (issue 13): a request with a body to any route but Better Auth's API
 * (`/api/auth/*`, which takes JSON) must be `application/x-www-form-urlencoded` or `multipart/form-data` — what HTML
 * forms and the app's own fetchers send (`<Form>`, `useFetcher().submit` with those encodings; no client code posts
 * JSON or text to an action). Anything else (JSON, text, XML, no Content-Type at all) is answered 415 with one line of
 * plain text before any action runs; before this it reached `request.formData()` and ended in a 500.
 */
import type express from 'express';
import { routePath } from './body-limits';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const AUTH_API = /^\/api\/auth\//i;

/** True when `contentType` (a Content-Type header, may carry parameters) is one of the two form encodings. */
export function isFormBody(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return FORM_TYPES.includes(type);
}

/** The middleware (see the module comment). Requests without a body (no Content-Length, or 0, and not chunked) pass. */
export function formContentType(): express.RequestHandler {
  return (req, res, next) => {
    const length = req.get('content-length');
    const hasBody = req.get('transfer-encoding') !== undefined || (length !== undefined && Number(length) !== 0);
    if (!hasBody || AUTH_API.test(routePath(req.path)) || isFormBody(req.get('content-type'))) return next();
    res
      .status(415)
      .set('Connection', 'close')
      .type('text/plain')
      .send('This address accepts form posts only (application/x-www-form-urlencoded or multipart/form-data).');
  };
}
