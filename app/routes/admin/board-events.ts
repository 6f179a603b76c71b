/**
 * `GET /admin/board/events`: the job board's live updates as Server-Sent Events (issue 17 §1). Staff with 'board.view'
 * (anonymous → /login, customer → /portal, other staff → 403, as every back-office loader). The stream passes on status
 * and estimated-date changes of any work order — `event: change` with `{"change":"status"}`, never the data — and the
 * board's `<LiveUpdates>` reloads the board through its loader, which applies the viewer's scope (a technician's board
 * still shows only their own cards). So a card another person moved shows in its new column without a reload.
 */
import { requireStaff } from '~/server/auth/permissions.server';
import { liveEventStream } from '~/server/live/event-stream.server';
import type { Route } from './+types/board-events';

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, 'board.view');
  return liveEventStream(request, (event) => event.change === 'status' || event.change === 'eta');
}
