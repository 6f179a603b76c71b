/**
 * `GET /portal/events`: the signed-in customer's live updates as Server-Sent Events (issue 15 §2). The session is
 * checked as on every portal page (`requireCustomer`: anonymous → /login, staff → /admin) and the customer's id is
 * resolved once, when the stream opens; the stream then passes on only events of that customer's work orders —
 * `event: change` with `{"change":"status"}` and the like, never the data itself. The portal layout's
 * `<LiveUpdates>` listens and reloads the page's data through its normal loaders (app/components/portal/live-updates.tsx).
 *
 * The server answers this path itself before React Router (server/live-events.ts: far less memory per idle stream),
 * with the same check (`portalEventsAccess`); this module is the same endpoint inside React Router.
 */
import { portalEventsAccess } from '~/server/live/live-endpoints.server';
import { liveEventStream } from '~/server/live/event-stream.server';
import type { Route } from './+types/events';

export async function loader({ request }: Route.LoaderArgs) {
  const access = await portalEventsAccess(request);
  if (access.response) throw access.response;
  return liveEventStream(request, access.accepts);
}
