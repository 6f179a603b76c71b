/**
 * `GET /portal/events`: the signed-in customer's live updates as Server-Sent Events (issue 15 §2). The session is
 * checked as on every portal page (`requireCustomer`: anonymous → /login, staff → /admin) and the customer's id is
 * resolved once, when the stream opens; the stream then passes on only events of that customer's work orders —
 * `event: change` with `{"change":"status"}` and the like, never the data itself. The portal layout's
 * `<LiveUpdates>` listens and reloads the page's data through its normal loaders (app/components/portal/live-updates.tsx).
 */
import { requireCustomer } from '~/server/auth/session.server';
import { liveEventStream } from '~/server/live/event-stream.server';
import type { Route } from './+types/events';

export async function loader({ request }: Route.LoaderArgs) {
  const { customerId } = await requireCustomer(request);
  return liveEventStream(request, (event) => event.customerId === customerId);
}
