/**
 * The job board page (issue 17 §1): the technician filter, the "Notify customer" choice for drags, the move answer, and
 * the columns, kept current by the live channel (another person's move shows without a reload). Cards move by drag (@dnd-kit/core: mouse, touch, and keyboard — Space to pick up, arrows to choose a
 * column, Space to drop, Escape to cancel — with announcements for screen readers) or by each card's "Move to…" form,
 * a plain POST that works without JavaScript. Every move posts the card's version; a refused move (someone else moved
 * it first) shows the server's message and the board reloads (the route's shouldRevalidate).
 *
 * `cardActions(card)` renders extra controls on each card: the spot kept for the technician's "Clock in / Clock out".
 */
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Form, useFetcher, useLocation, useSubmit } from 'react-router';
import { LiveUpdates } from '~/components/portal/live-updates';
import { FormMessage } from '~/components/ui/field';
import type { Board, BoardCard } from '~/lib/board';
import { isWorkOrderStatus, WORK_ORDER_STATUSES, type WorkOrderStatus } from '~/lib/work-order-status';
import { BOARD_FETCHER_KEY } from './board-card';
import { BoardColumnView } from './board-column';

export interface BoardAnswer {
  ok: boolean;
  message: string;
  workOrderId: string | null;
  conflict: boolean;
  at: number;
}

export interface JobBoardProps {
  board: Board;
  canMove: boolean;
  canFilter: boolean;
  /** The answer of a move posted without JavaScript (the route's action data). */
  pageAnswer: BoardAnswer | null;
  /** Extra controls on each card (reserved for "Clock in / Clock out", issue 17 §3). */
  cardActions?: (card: BoardCard) => ReactNode;
}

/** The fetcher every move of this page shares (drag and the "Move to…" forms), so a move shows at once. */

/** Arrow keys jump a whole column (Right/Down: next status, Left/Up: previous) instead of 25 px steps. */
const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { active, context }) => {
  const step = event.code === 'ArrowRight' || event.code === 'ArrowDown' ? 1 : event.code === 'ArrowLeft' || event.code === 'ArrowUp' ? -1 : 0;
  if (!step) return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects, over } = context;
  const from = over?.id ?? context.active?.data.current?.status;
  const index = WORK_ORDER_STATUSES.indexOf(isWorkOrderStatus(from) ? from : WORK_ORDER_STATUSES[0]);
  const next = WORK_ORDER_STATUSES[Math.min(WORK_ORDER_STATUSES.length - 1, Math.max(0, index + step))]!;
  const rect = droppableRects.get(next);
  if (!rect || !collisionRect || !active) return undefined;
  return { x: rect.left + Math.max(0, (rect.width - collisionRect.width) / 2), y: rect.top + 48 };
};

/** What screen readers hear (and the page shows) after the board reloaded for someone else's change. */
const LIVE_TEXTS = { status: 'The board was updated: a card moved.', eta: 'The board was updated: an estimated completion date changed.' };

/** The pointer's column when there is a pointer; the most overlapped column for the keyboard. */
const collision: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length ? within : rectIntersection(args);
};

const cardLabel = (card: BoardCard | undefined) => (card ? `WO #${card.workOrderNumber}, ${card.vehicle}, ${card.customerName}` : 'The card');

export function JobBoard({ board, canMove, canFilter, pageAnswer, cardActions }: JobBoardProps) {
  const fetcher = useFetcher<BoardAnswer>({ key: BOARD_FETCHER_KEY });
  const location = useLocation();
  const submitFilter = useSubmit();
  const notifyId = useId();
  const [notifyOnDrag, setNotifyOnDrag] = useState(true);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );
  const cards = new Map(board.columns.flatMap((c) => c.cards.map((card) => [card.id, card] as const)));

  // A move on its way shows at once in its new column (the reload that follows brings the saved state).
  const pending = fetcher.state !== 'idle' && fetcher.formData ? fetcher.formData : null;
  const pendingId = pending ? String(pending.get('workOrderId')) : null;
  const pendingStatus = pending ? String(pending.get('status')) : null;
  const columns = board.columns.map((column) => ({
    status: column.status,
    cards: [
      ...column.cards.filter((c) => !(c.id === pendingId && pendingStatus !== column.status && isWorkOrderStatus(pendingStatus))),
      ...(pendingId && pendingStatus === column.status && cards.get(pendingId)?.status !== column.status ? [cards.get(pendingId)!] : []),
    ],
  }));

  const answer = fetcher.state === 'idle' && fetcher.data ? fetcher.data : pageAnswer;

  function move(card: BoardCard, status: WorkOrderStatus, notify: boolean) {
    const form = new FormData();
    form.set('workOrderId', card.id);
    form.set('status', status);
    form.set('expectedVersion', String(card.version));
    form.set('notifyShown', '1');
    if (notify) form.set('notify', '1');
    void fetcher.submit(form, { method: 'post', action: `/admin/board${location.search}` });
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    const card = cards.get(String(active.id));
    if (!card || !over || !isWorkOrderStatus(over.id) || over.id === card.status) return;
    move(card, over.id, notifyOnDrag);
  }

  const statusOf = (id: unknown) => (isWorkOrderStatus(id) ? id : 'no column');
  // The card starts over its own column: saying so would cut off "Picked up …"; it is said once the card came back.
  const leftHome = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      leftHome.current = false;
      return `Picked up ${cardLabel(cards.get(String(active.id)))}, in ${cards.get(String(active.id))?.status ?? 'its column'}. Use the arrow keys to choose a column, Space to drop, Escape to cancel.`;
    },
    onDragOver: ({ active, over }) => {
      const card = cards.get(String(active.id));
      if (over?.id === card?.status) return leftHome.current ? `${cardLabel(card)} is back in ${card?.status}, where it was.` : undefined;
      leftHome.current = true;
      return `${cardLabel(card)} is over ${over ? statusOf(over.id) : 'no column'}.`;
    },
    onDragEnd: ({ active, over }) => {
      const card = cards.get(String(active.id));
      if (!over || !card || over.id === card.status) return `${cardLabel(card)} was dropped where it was: nothing changed.`;
      return `${cardLabel(card)} was dropped in ${statusOf(over.id)}. Saving…`;
    },
    onDragCancel: ({ active }) => `Moving ${cardLabel(cards.get(String(active.id)))} was cancelled: nothing changed.`,
  };

  const total = board.columns.reduce((n, c) => n + c.cards.length, 0);
  return (
    <div>
      <h1 className="text-2xl font-bold text-navy-900">Job Board</h1>
      {/* Someone else's move shows without a reload (GET /admin/board/events). */}
      <LiveUpdates url="/admin/board/events" texts={LIVE_TEXTS} generic="The board was updated." />
      <p className="mt-1 text-sm text-slate-700">
        {total} open work order{total === 1 ? '' : 's'}. Drag a card to another column, or use its “Move to…” menu. With the keyboard: focus a
        card’s handle, press Space, choose a column with the arrow keys, press Space again.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-4">
        {canFilter ? (
          <Form method="get" className="flex items-end gap-2" onChange={(e) => void submitFilter(e.currentTarget)}>
            <div>
              <label htmlFor="board-technician" className="block text-sm font-semibold text-slate-800">
                Technician
              </label>
              <select
                id="board-technician"
                name="technician"
                defaultValue={board.technicianId ?? ''}
                key={board.technicianId ?? ''}
                className="mt-1 block rounded border border-slate-400 bg-white px-3 py-2"
              >
                <option value="">Everyone</option>
                <option value="none">Unassigned</option>
                {board.technicians.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </div>
            <noscript>
              <button type="submit" className="rounded border-2 border-slate-400 bg-white px-3 py-2 font-semibold text-slate-800">
                Filter
              </button>
            </noscript>
          </Form>
        ) : (
          <p className="text-sm text-slate-700">Your work orders.</p>
        )}
        {canMove ? (
          <label htmlFor={notifyId} className="inline-flex items-center gap-2 font-semibold text-slate-800">
            <input id={notifyId} type="checkbox" checked={notifyOnDrag} onChange={(e) => setNotifyOnDrag(e.target.checked)} />
            Notify customer when I drag a card
          </label>
        ) : null}
      </div>
      {canMove ? (
        <p className="mt-1 text-xs text-slate-600">
          As on the status form: the message goes by the customer’s usual channel a couple of minutes after the first change, with the
          latest status.
        </p>
      ) : null}
      <div className="mt-3 min-h-8">
        {answer ? <FormMessage text={answer.message} tone={answer.ok ? 'success' : 'error'} key={answer.at} /> : null}
      </div>
      <DndContext
        id="job-board"
        sensors={sensors}
        collisionDetection={collision}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To move this work order, press Space. Use the arrow keys to choose another status column, then press Space to drop it or Escape to cancel.',
          },
        }}
      >
        <div className="mt-2 flex gap-3 overflow-x-auto pb-4">
          {columns.map((column) => (
            <BoardColumnView
              key={column.status}
              status={column.status}
              cards={column.cards}
              canMove={canMove}
              pendingId={pendingId}
              cardActions={cardActions}
            />
          ))}
        </div>
      </DndContext>
    </div>
  );
}
