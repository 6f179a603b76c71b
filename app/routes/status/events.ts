/**
 * `GET /status/:token/events` — the status page's live channel (issue 15 §2): a Server-Sent Events stream that says
 * `change` whenever the link's work order changes (status, date, photos, estimate). The token is resolved once, when
 * the stream opens (a bad one: 404, counted as a miss); each event is then compared by work order id only. Events
 * carry no personal data: the page fetches itself again to show the news.
 *
 * The server answers this path itself before React Router (server/live-events.ts: far less memory per idle stream),
 * with the same check (`statusEventsAccess`); this module is the same endpoint inside React Router.
 */
import { liveEventStream } from '~/server/live/event-stream.server';
import { statusEventsAccess } from '~/server/live/live-endpoints.server';
import type { Route } from './+types/events';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const access = await statusEventsAccess(params.token, context.clientIp);
  if (access.response) return access.response;
  const response = liveEventStream(request, access.accepts);
  for (const [name, value] of Object.entries(access.headers)) response.headers.set(name, value);
  return response;
}
