/**
 * The two live-update streams, answered here before React Router (issue 15 §2 and its memory target: 1,000 idle
 * listeners ≤ 50 MB): `GET /portal/events` and `GET /status/:token/events`. Through React Router each open stream kept
 * a web Request and Response, a ReadableStream and the pipe into the Node response for its whole life (about 50 KB);
 * here the same checks run (app/server/live/live-endpoints.server.ts: the portal session, or the status token with its
 * guess limit) and the events are written straight to the Node response (`pipeLiveEvents`).
 *
 * Mounted after the request id, private-cache, status-link and security headers, before compression (an event stream
 * is never compressed or buffered). A refusal (redirect to /login, 404, 429) is sent as the web Response the check made.
 */
import express from 'express';
import { pipeLiveEvents } from '~/server/live/event-stream.server';
import { portalEventsAccess, statusEventsAccess, type LiveAccess } from '~/server/live/live-endpoints.server';

async function send(res: express.Response, response: Response): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.send(Buffer.from(await response.arrayBuffer()));
}

/** A web Request with the Express request's URL and headers (cookies), for the session check. */
function webRequest(req: express.Request, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return new Request(new URL(req.originalUrl, origin), { headers });
}

function answer(res: express.Response, next: express.NextFunction, access: LiveAccess): void {
  if (access.response) {
    send(res, access.response).catch(next);
    return;
  }
  pipeLiveEvents(res, access.accepts, access.headers);
}

/** The router with both streams; `origin` is the app's own (APP_URL's origin). */
export function liveEvents(origin: string): express.Router {
  const router = express.Router();
  router.get('/portal/events', (req, res, next) => {
    portalEventsAccess(webRequest(req, origin)).then((access) => answer(res, next, access), next);
  });
  router.get('/status/:token/events', (req, res, next) => {
    statusEventsAccess(String(req.params.token), req.ip ?? req.socket.remoteAddress).then((access) => answer(res, next, access), next);
  });
  return router;
}
