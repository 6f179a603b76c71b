/**
 * Who may listen to which live events (issue 15 §2): the two event streams' access checks, shared by the server's fast
 * path (server/live-events.ts, which answers the paths before React Router) and the route modules.
 *
 * - `portalEventsAccess(request)`: the portal's session check (`requireCustomer`: anonymous → a redirect to /login,
 *   staff → /admin, both as a `Response` to send); the customer's id is resolved once, when the stream opens.
 * - `statusEventsAccess(token, clientIp)`: the status link's check; a blocked address → 429, an unknown, expired,
 *   reset or malformed token → 404 (counted as a miss, 429 once the limit is reached). Status headers included.
 *
 * Each returns `{ accepts, headers }` (compare ids only: it runs for every event the process hears) or
 * `{ response }` to send instead of a stream.
 */
import { STATUS_RESPONSE_HEADERS } from '~/lib/status-page';
import { requireCustomer } from '../auth/session.server';
import { recordStatusMiss, statusGuessesBlocked } from '../status-link/guess-limit.server';
import { findStatusLinkTarget } from '../status-link/status-link.server';
import type { LiveEvent } from './live.server';

export type LiveAccess =
  | { accepts: (event: LiveEvent) => boolean; headers: Record<string, string>; response?: undefined }
  | { response: Response };

/** The signed-in customer's events (see the module comment). */
export async function portalEventsAccess(request: Request): Promise<LiveAccess> {
  try {
    const { customerId } = await requireCustomer(request);
    return { accepts: (event) => event.customerId === customerId, headers: {} };
  } catch (thrown) {
    if (thrown instanceof Response) return { response: thrown };
    throw thrown;
  }
}

/** The events of the work order a status link names (see the module comment). */
export async function statusEventsAccess(token: string, clientIp: string | undefined): Promise<LiveAccess> {
  if (await statusGuessesBlocked(clientIp)) {
    return { response: new Response('Too many attempts.', { status: 429, headers: { ...STATUS_RESPONSE_HEADERS, 'Retry-After': '600' } }) };
  }
  const target = await findStatusLinkTarget(token);
  if (!target) {
    const limited = await recordStatusMiss(clientIp);
    return { response: new Response(limited ? 'Too many attempts.' : 'Not Found', { status: limited ? 429 : 404, headers: STATUS_RESPONSE_HEADERS }) };
  }
  return {
    accepts: (event) => event.workOrderId === target.workOrderId,
    headers: {
      'X-Robots-Tag': STATUS_RESPONSE_HEADERS['X-Robots-Tag'],
      'Referrer-Policy': STATUS_RESPONSE_HEADERS['Referrer-Policy'],
    },
  };
}
