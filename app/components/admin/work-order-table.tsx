/**
 * A table of work orders (overview): number, customer, vehicle, started date, status, due date with '(OVERDUE)'.
 * The whole row is clickable (to /admin/work-orders/details/{id}); the number is also a real link for keyboards and
 * pages without JavaScript.
 */
import { Link, useNavigate } from 'react-router';
import { formatCalendarDate, tableClass, tdClass, thClass, useFormatDate } from './ui';

export interface WorkOrderTableRow {
  id: string;
  workOrderNumber: string;
  customerName: string;
  vehicle: string;
  createdAt: Date | string;
  status: string;
  estimatedCompletionDate: string | null;
  overdue: boolean;
}

export function WorkOrderTable({ rows, caption }: { rows: WorkOrderTableRow[]; caption: string }) {
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className={`${tableClass} stack-table`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100">
          <tr>
            <th scope="col" className={thClass}>WO #</th>
            <th scope="col" className={thClass}>Customer</th>
            <th scope="col" className={thClass}>Vehicle</th>
            <th scope="col" className={thClass}>Started</th>
            <th scope="col" className={thClass}>Status</th>
            <th scope="col" className={thClass}>Due</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((r) => (
            <tr
              key={r.id}
              className="cursor-pointer hover:bg-slate-50"
              onClick={() => navigate(`/admin/work-orders/details/${r.id}`)}
            >
              <td data-label="WO #" className={tdClass}>
                <Link to={`/admin/work-orders/details/${r.id}`} className="font-semibold text-brand-700 underline" onClick={(e) => e.stopPropagation()}>
                  {r.workOrderNumber}
                </Link>
              </td>
              <td data-label="Customer" className={tdClass}>{r.customerName}</td>
              <td data-label="Vehicle" className={tdClass}>{r.vehicle}</td>
              <td data-label="Started" className={tdClass}>{formatDate(r.createdAt)}</td>
              <td data-label="Status" className={tdClass}>{r.status}</td>
              <td data-label="Due" className={`${tdClass} ${r.overdue ? 'font-semibold text-red-800' : ''}`}>
                {r.estimatedCompletionDate ? formatCalendarDate(r.estimatedCompletionDate) : 'N/A'}
                {r.overdue ? ' (OVERDUE)' : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
