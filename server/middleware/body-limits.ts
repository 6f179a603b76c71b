/**
 * Request-body limits (issue 13 "Safe on the open internet"; first version issue 6). Every request body is counted
 * while its bytes arrive, whether it declares a Content-Length or comes chunked, and each route has the largest body
 * it accepts ({@link bodyLimitFor}; the table is this file's constants):
 *
 * | what                                              | limit                                             |
 * | ------------------------------------------------- | ------------------------------------------------- |
 * | any form post, and any body on any other route    | {@link FORM_BODY_LIMIT} (64 KiB)                  |
 * | Better Auth's API `/api/auth/*`                   | {@link AUTH_API_BODY_LIMIT} (64 KiB)              |
 * | multipart posts to the upload routes              | the route's documented files + 2 MiB (see {@link UPLOAD_ROUTES}) |
 *
 * Past the limit the answer is 413 with a short plain-text page and `Connection: close`; the socket is destroyed once
 * that answer is flushed, and the bytes still arriving are dropped as they come, never kept. A declared Content-Length
 * above the limit is answered 413 before any of the body is read.
 *
 * How: the middleware takes over the request stream's `push` (what Node's HTTP parser calls with each body chunk as it
 * comes off the socket), so the count holds for every reader (React Router, Better Auth, the upload parser):
 * - bodies limited to 64 KiB are read whole here, before any route runs (so no action ever starts on a body that
 *   will turn out too large), then handed on unchanged;
 * - upload bodies stream through as they come; the upload parser's own per-file and total limits (slightly lower)
 *   answer first with the form's message, and this count is the backstop for any other reader.
 */
import { AsyncResource } from 'node:async_hooks';
import type { Socket } from 'node:net';
import type express from 'express';
import { MAX_INVOICE_FILE_BYTES } from '~/lib/schemas/invoice';
import { DOCUMENT_MAX_BYTES, PHOTO_MAX_BYTES, PHOTO_MAX_FILES } from '~/server/documents/upload-documents.server';
import { LOGO_MAX_BYTES, MAX_BMS_BYTES } from '~/lib/schemas/estimate';
import { BOOKING_PHOTO_MAX_BYTES, BOOKING_PHOTO_MAX_FILES } from '~/lib/schemas/booking';
import { log } from '~/server/logger.server';

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * Largest body of a form post without files (64 KiB): the longest form, the contact message (5,000 characters), is at
 * most 45 KB even when every character is percent-encoded UTF-8.
 */
export const FORM_BODY_LIMIT = 64 * KiB;
/** Largest body to Better Auth's API (`/api/auth/*`): JSON of a few fields (e-mail, password, token). */
export const AUTH_API_BODY_LIMIT = 64 * KiB;

/**
 * The body limit of an upload form: its files (the parser's `maxTotalSize` is files × per-file limit + 1 MiB for the
 * text fields, app/server/uploads/upload.server.ts) plus 1 MiB for the multipart boundaries and part headers.
 */
const uploadLimit = (files: number, bytesPerFile: number) => files * bytesPerFile + 2 * MiB;

/**
 * The routes that take files, with the limits documented in docs/back-office.md and docs/invoices.md. Paths are
 * matched after the `.data` suffix of React Router's data requests is taken off; a spelling that does not match
 * exactly (other case, encoded letters) only gets the smaller form limit.
 */
export const UPLOAD_ROUTES: readonly { what: string; path: RegExp; limit: number }[] = [
  { what: 'repair photos (15 MB each, 20 at once)', path: /^\/admin\/photos$/, limit: uploadLimit(PHOTO_MAX_FILES, PHOTO_MAX_BYTES) },
  {
    what: 'repair photos on a work order (15 MB each, 20 at once)',
    path: /^\/admin\/work-orders\/details\/[^/]+$/,
    limit: uploadLimit(PHOTO_MAX_FILES, PHOTO_MAX_BYTES),
  },
  { what: 'a customer document (15 MB)', path: /^\/admin\/customers\/(?!add$)[^/]+$/, limit: uploadLimit(1, DOCUMENT_MAX_BYTES) },
  { what: 'an invoice file (15 MB)', path: /^\/admin\/invoices$/, limit: uploadLimit(1, MAX_INVOICE_FILE_BYTES) },
  // Issue 14: a CIECA BMS estimate file (5 MB) on a work order's estimate or as a new work order; the shop's logo (2 MB).
  { what: 'a BMS estimate file (5 MB)', path: /^\/admin\/work-orders\/[^/]+\/estimate$/, limit: uploadLimit(1, MAX_BMS_BYTES) },
  { what: 'a BMS estimate file (5 MB)', path: /^\/admin\/work-orders\/import-estimate$/, limit: uploadLimit(1, MAX_BMS_BYTES) },
  { what: 'the shop logo (2 MB)', path: /^\/admin\/settings$/, limit: uploadLimit(1, LOGO_MAX_BYTES) },
  // Issue 16: damage photos with an online booking (15 MB each, 10 at once).
  { what: 'booking photos (15 MB each, 10 at once)', path: /^\/book$/, limit: uploadLimit(BOOKING_PHOTO_MAX_FILES, BOOKING_PHOTO_MAX_BYTES) },
];

const AUTH_API = /^\/api\/auth\//i;

/** The route path a request is for: React Router's data requests (`/x.data`, `/_root.data`) count as their page. */
export function routePath(path: string): string {
  if (path === '/_root.data') return '/';
  const page = path.endsWith('.data') ? path.slice(0, -'.data'.length) : path;
  return page.length > 1 && page.endsWith('/') ? page.slice(0, -1) : page;
}

/**
 * The largest body (bytes) accepted for a request to `path` (Express `req.path`) with `contentType` (the header, may be
 * empty): the upload limit of an upload route for a multipart body, 64 KiB for `/api/auth/*`, else 64 KiB.
 */
export function bodyLimitFor(path: string, contentType: string): number {
  const route = routePath(path);
  if (AUTH_API.test(route)) return AUTH_API_BODY_LIMIT;
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    const upload = UPLOAD_ROUTES.find((r) => r.path.test(route));
    if (upload) return upload.limit;
  }
  return FORM_BODY_LIMIT;
}

/** Bodies up to this size are read whole before the route runs; larger limits (uploads) stream through counted. */
const READ_WHOLE_UP_TO = 1 * MiB;

/** "64 KB", "17 MB": a limit for people. */
function describe(bytes: number): string {
  return bytes >= MiB ? `${Math.round(bytes / MiB)} MB` : `${Math.round(bytes / KiB)} KB`;
}

/** How long (ms) a refused connection stays half-open after the 413 before it is destroyed. */
const LINGER_MS = 2000;

/** What a reader of a refused body (an action still streaming an upload) gets instead of the rest of it. */
export class BodyLimitError extends Error {
  override name = 'BodyLimitError';
  constructor(readonly limit: number) {
    super(`request body over its limit of ${limit} bytes`);
  }
}

/**
 * Closes the connection once the answer is out. Node ends a `Connection: close` answer with `socket.destroySoon()`;
 * destroying a socket while the client is still sending makes the kernel answer with a reset, which can reach the
 * client before it has read the 413 (it then sees only "connection reset"). So the socket stops reading at once and
 * stays stopped (Node would resume it to discard the unread body), the answer is followed by a FIN, and
 * {@link LINGER_MS} later the request is destroyed with a {@link BodyLimitError} (a reader still waiting for the body
 * fails instead of hanging) and the socket with it. What the client keeps sending waits in the kernel's socket
 * buffers, never here.
 */
function closeAfterAnswer(req: express.Request, limit: number): void {
  const socket = req.socket;
  socket.pause();
  socket.resume = () => socket;
  (socket as Socket & { destroySoon(): void }).destroySoon = () => {
    socket.end();
    setTimeout(() => {
      req.destroy(new BodyLimitError(limit));
      socket.destroy();
    }, LINGER_MS).unref();
  };
}

/** The 413 page: plain text, then the connection is closed (the rest of the body is not read). */
function refuse(req: express.Request, res: express.Response, limit: number, declared: boolean): void {
  log().warn({ method: req.method, path: req.path, limit, declared }, 'request body over its limit refused');
  if (res.headersSent) {
    req.destroy(new BodyLimitError(limit));
    return;
  }
  closeAfterAnswer(req, limit);
  res
    .status(413)
    .set('Connection', 'close')
    .type('text/plain')
    .send(`This request is too large. This page accepts at most ${describe(limit)}; nothing was saved.`);
}

/**
 * The middleware (see the module comment): 413 at once for a declared Content-Length above {@link bodyLimitFor};
 * otherwise counts the body as it arrives, reading bodies with a limit up to 1 MiB whole before passing on, and
 * answers 413 and closes the connection the moment the count passes the limit. Requests without a body pass at once.
 */
export function bodyLimits(): express.RequestHandler {
  return (req, res, next) => {
    const length = req.get('content-length');
    const chunked = req.get('transfer-encoding') !== undefined;
    if (!chunked && (length === undefined || Number(length) === 0)) return next();
    const limit = bodyLimitFor(req.path, req.get('content-type') ?? '');
    if (!chunked && Number(length) > limit) return refuse(req, res, limit, true);

    // Chunks the parser pushed before this middleware ran (headers and body often arrive in one packet).
    let count = req.readableLength;
    if (count > limit) return refuse(req, res, limit, false);
    if (req.complete) return next();

    const push = req.push.bind(req);
    const readWhole = limit <= READ_WHOLE_UP_TO;
    // The parser calls push from the socket's async context: run what follows in this request's (request id in the
    // logs, per-request memos; app/server/logger.server.ts).
    const inRequestScope = AsyncResource.bind((then: () => void) => then());
    const held: Buffer[] = [];
    let over = false;
    req.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
      if (over) return false; // dropped, and the parser stops reading the socket; it is closed after the 413
      if (chunk === null) {
        if (!readWhole) return push(null);
        req.push = push;
        for (const part of held) push(part);
        push(null);
        inRequestScope(() => next());
        return false;
      }
      count += (chunk as Buffer).length;
      if (count > limit) {
        over = true;
        held.length = 0;
        inRequestScope(() => refuse(req, res, limit, false));
        return false;
      }
      if (!readWhole) return push(chunk, encoding);
      held.push(chunk as Buffer);
      return true;
    };
    if (!readWhole) next();
  };
}
