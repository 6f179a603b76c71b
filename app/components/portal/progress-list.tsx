import { PORTAL_TEXT } from '~/lib/portal-text';
import { statusIndex, WORK_ORDER_STATUSES, type WorkOrderStatus } from '~/lib/work-order-status';

/**
 * The eight-step repair progress (spec §4): an ordered list; steps up to the current one darker, the current one bold,
 * marked 'In Progress' and `aria-current="step"`, later steps greyed.
 */
export function ProgressList({ status, label }: { status: WorkOrderStatus; label: string }) {
  const current = statusIndex(status);
  return (
    <ol aria-label={label} className="mt-3 space-y-1">
      {WORK_ORDER_STATUSES.map((step, i) => {
        const isCurrent = i === current;
        const done = i < current;
        return (
          <li
            key={step}
            aria-current={isCurrent ? 'step' : undefined}
            className={`flex items-center gap-3 rounded px-2 py-1 ${isCurrent ? 'bg-navy-900 font-bold text-white' : done ? 'text-slate-900' : 'text-slate-500'}`}
          >
            <span
              aria-hidden="true"
              className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs ${isCurrent ? 'bg-white text-navy-900' : done ? 'bg-navy-800 text-white' : 'border border-slate-400 text-slate-600'}`}
            >
              {i + 1}
            </span>
            <span>{step}</span>
            {isCurrent ? <span className="ml-auto text-sm">{PORTAL_TEXT.inProgress}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
