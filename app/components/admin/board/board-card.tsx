/**
 * A job board card: work order number (link), customer name, vehicle, days in the shop, estimated completion date
 * (red with "Overdue" when late), technician, parts waiting. No customer phone or e-mail.
 *
 * Moving: the handle button is the drag handle (mouse, touch, keyboard); the whole card can be dragged with the mouse.
 * "Move to…" opens a form (select a status, "Notify customer", Move) that is a plain POST without JavaScript and goes
 * through the board's shared fetcher with it. `actions` is the spot for "Clock in / Clock out" (issue 17 §3).
 */
import { useDraggable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import { formatCalendarDate } from '~/components/admin/ui';
import type { BoardCard } from '~/lib/board';
import { WORK_ORDER_STATUSES } from '~/lib/work-order-status';

/** The fetcher every move of the board shares (drags and the "Move to…" forms), so a move shows at once. */
export const BOARD_FETCHER_KEY = 'job-board-move';

export function BoardCardView({
  card,
  canMove,
  pending,
  actions,
}: {
  card: BoardCard;
  canMove: boolean;
  pending: boolean;
  /** CLOCK-IN SLOT: controls rendered at the foot of the card (the technician's "Clock in / Clock out"). */
  actions?: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: card.id,
    data: { status: card.status },
    disabled: !canMove,
  });
  const fetcher = useFetcher({ key: BOARD_FETCHER_KEY });
  const location = useLocation();
  const label = `WO #${card.workOrderNumber}`;
  return (
    <article
      ref={setNodeRef}
      {...(canMove ? listeners : {})}
      style={{ transform: CSS.Translate.toString(transform) }}
      aria-label={`${label}, ${card.vehicle}`}
      data-work-order={card.workOrderNumber}
      className={`relative rounded-md border-2 bg-white p-2 text-sm shadow-sm ${card.overdue ? 'border-red-500' : 'border-slate-200'} ${
        isDragging ? 'z-10 opacity-80 shadow-lg' : ''
      } ${pending ? 'opacity-60' : ''}`}
    >
      <div className="flex items-start justify-between gap-2">
        <Link to={`/admin/work-orders/details/${card.id}`} className="font-bold text-brand-700 underline">
          {label}
        </Link>
        {canMove ? (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            aria-label={`Drag ${label}`}
            className="inline-flex min-h-8 min-w-8 cursor-grab touch-none items-center justify-center rounded border border-slate-300 text-slate-700 hover:bg-slate-100 active:cursor-grabbing"
          >
            <span aria-hidden="true">⠿</span>
          </button>
        ) : null}
      </div>
      <p className="font-semibold text-slate-900">{card.customerName}</p>
      <p className="text-slate-800">{card.vehicle}</p>
      <p className="text-slate-700">
        {card.daysInShop} day{card.daysInShop === 1 ? '' : 's'} in the shop
      </p>
      <p className={card.overdue ? 'font-semibold text-red-700' : 'text-slate-700'}>
        {card.estimatedCompletionDate ? `Due ${formatCalendarDate(card.estimatedCompletionDate)}` : 'No due date'}
        {card.overdue ? ' · Overdue' : ''}
      </p>
      <p className="text-slate-700">{card.assignedTechnicianName ? `Tech: ${card.assignedTechnicianName}` : 'Unassigned'}</p>
      {card.partsWaiting ? <p className="font-semibold text-amber-800">Waiting for parts</p> : null}
      {actions ? <div data-slot="card-actions" className="mt-2">{actions}</div> : null}
      {canMove ? (
        <details className="mt-2">
          <summary className="cursor-pointer font-semibold text-brand-700">Move to…</summary>
          <fetcher.Form method="post" action={`/admin/board${location.search}`} className="mt-2 space-y-2">
            <input type="hidden" name="workOrderId" value={card.id} />
            <input type="hidden" name="expectedVersion" value={card.version} />
            <input type="hidden" name="notifyShown" value="1" />
            <label className="block">
              <span className="sr-only">New status for {label}</span>
              <select name="status" defaultValue="" required className="block w-full rounded border border-slate-400 bg-white px-2 py-1">
                <option value="" disabled>
                  Choose a status
                </option>
                {WORK_ORDER_STATUSES.filter((s) => s !== card.status).map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
            <label className="inline-flex items-center gap-2 text-slate-800">
              <input type="checkbox" name="notify" value="1" defaultChecked />
              Notify customer
            </label>
            <button type="submit" className="block rounded bg-brand-600 px-3 py-1 font-semibold text-white hover:bg-brand-700">
              Move {label}
            </button>
          </fetcher.Form>
        </details>
      ) : null}
    </article>
  );
}
