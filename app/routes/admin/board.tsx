/**
 * The job board (issue 17 §1): one column per status, a card per open work order (app/server/board/load-board.server.ts),
 * moved by drag (mouse, touch or keyboard) or by the card's "Move to…" form, which is a plain POST that works without
 * JavaScript. Reading needs 'board.view'; moving needs 'work_orders.status' (a technician only their own cards).
 * `?technician=<user id>|none` filters the board (staff who see every work order).
 */
import { data, type ShouldRevalidateFunctionArgs } from 'react-router';
import { JobBoard } from '~/components/admin/board/job-board';
import { BoardMoveSchema } from '~/lib/board';
import { parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import { loadBoard } from '~/server/board/load-board.server';
import { BoardMoveConflict, moveWorkOrderOnBoard } from '~/server/board/move-work-order.server';
import { ClockButton } from '~/components/admin/clock-button';
import { can, requireStaff } from '~/server/auth/permissions.server';
import { getOpenClock } from '~/server/time/time-clock.server';
import { getDb } from '~/server/db/client.server';
import { DomainError } from '~/server/errors.server';
import { readForm } from '~/server/forms/read-form.server';
import type { Route } from './+types/board';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: 'Job Board', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, 'board.view');
  const technicianId = new URL(request.url).searchParams.get('technician');
  const canClock = can(user, 'time.own');
  const [board, openClock] = await Promise.all([
    loadBoard(getDb(), user, { technicianId }),
    canClock ? getOpenClock(getDb(), user.id) : Promise.resolve(null),
  ]);
  return {
    board,
    canMove: can(user, 'work_orders.status'),
    canFilter: can(user, 'work_orders.all'),
    canClock,
    openClock,
  };
}

/** What a move answers: the message, and which card it was about (the page shows it next to the board). */
export interface BoardMoveAnswer {
  ok: boolean;
  message: string;
  workOrderId: string | null;
  conflict: boolean;
  at: number;
}

const answer = (a: Omit<BoardMoveAnswer, 'at'>, status = 200) =>
  data<BoardMoveAnswer>({ ...a, at: Date.now() }, status);

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, 'work_orders.status');
  const parsed = parseForm(BoardMoveSchema, await readForm(request));
  if (!parsed.success) {
    const message = Object.values(parsed.fieldErrors)[0] ?? 'Please check the form.';
    return answer({ ok: false, message, workOrderId: null, conflict: false }, 400);
  }
  const { workOrderId, status, expectedVersion, notify } = parsed.data;
  try {
    const result = await moveWorkOrderOnBoard(getDb(), user, {
      workOrderId,
      toStatus: status,
      expectedVersion,
      notify,
    });
    return answer({ ok: true, message: result.message, workOrderId, conflict: false });
  } catch (error) {
    if (error instanceof BoardMoveConflict)
      return answer({ ok: false, message: error.message, workOrderId, conflict: true }, 409);
    if (error instanceof DomainError)
      return answer({ ok: false, message: error.message, workOrderId, conflict: false }, error.status);
    throw error;
  }
}

/** A refused move (409: someone else moved the card) reloads the board too, so the card shows where it is now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

export default function BoardPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <JobBoard
      board={loaderData.board}
      canMove={loaderData.canMove}
      canFilter={loaderData.canFilter}
      pageAnswer={actionData ?? null}
      // Clock in / Clock out on each card (issue 17 §3), for roles that clock their time: one tap, posted to the work
      // order page's clock intents (which check the work order is one the user may see).
      cardActions={
        loaderData.canClock
          ? (card) => (
              <ClockButton
                workOrderId={card.id}
                workOrderNumber={card.workOrderNumber}
                openClock={loaderData.openClock}
                compact
              />
            )
          : undefined
      }
    />
  );
}
