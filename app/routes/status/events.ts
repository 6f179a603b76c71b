/**
 * `GET /status/:token/events` — the status page's live channel (issue 15 §2): a Server-Sent Events stream that says
 * `change` whenever the link's work order changes (status, date, photos, estimate). The token is resolved once, when
 * the stream opens (a bad one: 404, counted as a miss); each event is then compared by work order id only. Events
 * carry no personal data: the page fetches itself again to show the news.
 */
import { STATUS_RESPONSE_HEADERS } from '~/lib/status-page';
import { liveEventStream } from '~/server/live/event-stream.server';
import { recordStatusMiss, statusGuessesBlocked } from '~/server/status-link/guess-limit.server';
import { findStatusLinkTarget } from '~/server/status-link/status-link.server';
import type { Route } from './+types/events';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (await statusGuessesBlocked(context.clientIp)) {
    return new Response('Too many attempts.', { status: 429, headers: { ...STATUS_RESPONSE_HEADERS, 'Retry-After': '600' } });
  }
  const target = await findStatusLinkTarget(params.token);
  if (!target) {
    const limited = await recordStatusMiss(context.clientIp);
    return new Response(limited ? 'Too many attempts.' : 'Not Found', { status: limited ? 429 : 404, headers: STATUS_RESPONSE_HEADERS });
  }
  const response = liveEventStream(request, (event) => event.workOrderId === target.workOrderId);
  response.headers.set('X-Robots-Tag', STATUS_RESPONSE_HEADERS['X-Robots-Tag']);
  response.headers.set('Referrer-Policy', STATUS_RESPONSE_HEADERS['Referrer-Policy']);
  return response;
}
