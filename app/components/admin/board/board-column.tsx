/** One status column of the job board: a drop target (dnd-kit) with its cards. */
import { useDroppable } from '@dnd-kit/core';
import type { ReactNode } from 'react';
import type { BoardCard } from '~/lib/board';
import type { WorkOrderStatus } from '~/lib/work-order-status';
import { BoardCardView } from './board-card';

export function BoardColumnView({
  status,
  cards,
  canMove,
  pendingId,
  cardActions,
}: {
  status: WorkOrderStatus;
  cards: BoardCard[];
  canMove: boolean;
  /** The card whose move is being saved (shown in its new column, dimmed). */
  pendingId: string | null;
  cardActions?: (card: BoardCard) => ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: status, disabled: !canMove });
  const headingId = `board-col-${status.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-status={status}
      className={`flex w-64 shrink-0 flex-col rounded-lg border-2 p-2 ${isOver ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-slate-100'}`}
    >
      <h2 id={headingId} className="px-1 text-sm font-bold text-navy-900">
        {status} <span className="font-normal text-slate-700">({cards.length})</span>
      </h2>
      <ul className="mt-2 flex min-h-24 flex-col gap-2" aria-label={`${status}: ${cards.length} work order${cards.length === 1 ? '' : 's'}`}>
        {cards.map((card) => (
          <li key={card.id}>
            <BoardCardView card={card} canMove={canMove} pending={card.id === pendingId} actions={cardActions?.(card)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
