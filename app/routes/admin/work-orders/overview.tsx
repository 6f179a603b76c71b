import { AdminLoadError } from '~/components/admin/load-error';
import { useEffect, useRef } from 'react';
import { CustomerSearchField, usePickerChoices } from '~/components/admin/search-box';
import { Form, Link, redirect, useNavigate } from 'react-router';
import { buttonClass, secondaryButtonClass, StatCard } from '~/components/admin/ui';
import { WorkOrderTable } from '~/components/admin/work-order-table';
import { pageMeta } from '~/lib/meta';
import { can, requireStaff } from '~/server/auth/permissions.server';
import { isUuid } from '~/server/errors.server';
import { getDb } from '~/server/db/client.server';
import { findCustomerChoices, type CustomerChoice } from '~/server/search/search.server';
import { getAssignedWorkOrderOverview, getWorkOrderOverview } from '~/server/work-orders/list-work-orders.server';
import type { Route } from './+types/overview';

export const NEW_CUSTOMER = 'new';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Work Orders', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, ['work_orders.all', 'work_orders.assigned']);
  const url = new URL(request.url);
  const view = url.searchParams.get('view') === 'all' ? 'all' : 'grouped';
  // The Add Work Order dialog's Continue without JavaScript: a GET with the chosen customer. Its Search button
  // (customerSearch) reloads the dialog with the customers matching customerQuery instead.
  const searching = url.searchParams.has('customerSearch');
  const chosen = searching ? null : url.searchParams.get('customer');
  const customerQuery = (url.searchParams.get('customerQuery') ?? '').slice(0, 500);
  if (url.searchParams.has('cancel')) throw redirect(`/admin/work-orders${view === 'all' ? '?view=all' : ''}`);
  if (chosen === NEW_CUSTOMER) throw redirect('/admin/customers/add');
  if (chosen && isUuid(chosen)) throw redirect(`/admin/customers/${chosen}`);
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1;
  const adding = url.searchParams.get('add') === '1' || searching;
  // A technician sees only the work orders assigned to them (issue 17 §2), and cannot add one.
  if (!can(user, 'work_orders.all')) {
    return {
      ...(await getAssignedWorkOrderOverview({ technicianId: user.id, view })),
      customers: null,
      customerQuery: '',
      pickerMessage: null,
      canAdd: false,
    };
  }
  const canAdd = can(user, 'customers');
  const [overview, picker] = await Promise.all([
    getWorkOrderOverview({ view, page }),
    adding && canAdd ? findCustomerChoices(getDb(), user, customerQuery) : Promise.resolve(null),
  ]);
  return { ...overview, customers: picker?.customers ?? null, customerQuery, pickerMessage: picker?.message ?? null, canAdd };
}

function AddWorkOrderDialog({
  customers,
  view,
  customerQuery,
  pickerMessage,
}: {
  customers: CustomerChoice[];
  view: string;
  customerQuery: string;
  pickerMessage: string | null;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Results as you type replace the loaded list until the page loads again.
  const { options, live, setResults } = usePickerChoices(customers);
  const navigate = useNavigate();
  const close = `/admin/work-orders${view === 'all' ? '?view=all' : ''}`;
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    else if (dialog?.open && !dialog.matches(':modal')) {
      dialog.close();
      dialog.showModal();
    }
  }, []);
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby="add-wo-title"
      className="fixed inset-0 m-auto w-[min(32rem,92vw)] rounded-lg border border-slate-300 bg-white p-6 shadow-xl backdrop:bg-black/40"
      onCancel={(e) => {
        e.preventDefault();
        navigate(close, { replace: true });
      }}
    >
      <h2 id="add-wo-title" className="text-xl font-bold text-navy-900">
        Add Work Order
      </h2>
      <p className="mt-1 text-sm text-slate-700">Choose the customer; the work order is created from one of their vehicles.</p>
      <Form method="get" action="/admin/work-orders" className="mt-4 space-y-4">
        {view === 'all' ? <input type="hidden" name="view" value="all" /> : null}
        <input type="hidden" name="add" value="1" />
        <CustomerSearchField id="add-wo-customer-query" defaultValue={customerQuery} serverMessage={pickerMessage} onResults={setResults} />
        <div>
          <label htmlFor="add-wo-customer" className="block text-sm font-semibold text-slate-800">
            Customer
          </label>
          <select id="add-wo-customer" name="customer" required defaultValue="" className="mt-1 block w-full rounded border border-slate-400 bg-white px-3 py-2">
            <option value="" disabled>
              Select a customer
            </option>
            <option value={NEW_CUSTOMER}>+ Add New Customer</option>
            <optgroup label={customerQuery || live ? 'Matching customers' : 'Newest customers (search to find others)'}>
              {options.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.email ?? 'no email'})
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <div className="flex justify-end gap-3">
          <button type="submit" name="cancel" value="1" formNoValidate className={secondaryButtonClass}>
            Cancel
          </button>
          <button type="submit" className={buttonClass}>
            Continue
          </button>
        </div>
      </Form>
    </dialog>
  );
}

export default function WorkOrdersOverview({ loaderData }: Route.ComponentProps) {
  const { stats, overdue, view, groups, rows, page, hasNext, customers, customerQuery, pickerMessage, canAdd } = loaderData;
  const viewLink = (v: 'grouped' | 'all') =>
    `inline-flex items-center rounded px-4 py-2 font-semibold border-2 ${view === v ? 'border-navy-900 bg-navy-900 text-white' : 'border-slate-400 bg-white text-slate-800 hover:bg-slate-50'}`;
  const empty = stats.total === 0;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-navy-900">Work Orders</h1>
        <div className="flex flex-wrap gap-2">
          {canAdd ? (
            <>
              <Link to={`?${new URLSearchParams({ ...(view === 'all' ? { view } : {}), add: '1' })}`} className={buttonClass} preventScrollReset>
                + Add Work Order
              </Link>
              <Link to="/admin/work-orders/import-estimate" className="inline-flex items-center rounded border-2 border-slate-400 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50">
                Import estimate (BMS)
              </Link>
            </>
          ) : null}
          <Link to="?view=grouped" className={viewLink('grouped')} aria-current={view === 'grouped' ? 'page' : undefined}>
            Grouped by Status
          </Link>
          <Link to="?view=all" className={viewLink('all')} aria-current={view === 'all' ? 'page' : undefined}>
            All Work Orders
          </Link>
        </div>
      </div>
      {customers ? <AddWorkOrderDialog customers={customers} view={view} customerQuery={customerQuery} pickerMessage={pickerMessage} /> : null}
      <div className="mt-6 grid grid-cols-2 gap-4 xl:grid-cols-4">
        <StatCard label="Active" value={stats.active} />
        <StatCard label="Completed" value={stats.completed} />
        <StatCard label="Overdue" value={stats.overdue} />
        <StatCard label="Total" value={stats.total} />
      </div>
      {overdue.length > 0 ? (
        <section aria-labelledby="overdue-h" className="mt-8">
          <h2 id="overdue-h" className="text-xl font-bold text-red-800">
            Overdue Work Orders
          </h2>
          <div className="mt-3">
            <WorkOrderTable rows={overdue} caption="Overdue work orders" />
          </div>
        </section>
      ) : null}
      {empty ? (
        <p className="mt-8 text-slate-700">No work orders found</p>
      ) : view === 'grouped' ? (
        groups.map((g) => (
          <section key={g.status} aria-labelledby={`group-${g.status}`} className="mt-8">
            <h2 id={`group-${g.status}`} className="text-xl font-bold text-navy-900">
              {g.status} ({g.count ?? `${g.rows.length}+`})
            </h2>
            <div className="mt-3">
              <WorkOrderTable rows={g.rows} caption={`Work orders in ${g.status}`} />
            </div>
            {g.count === null || g.count > g.rows.length ? (
              <p className="mt-2 text-sm text-slate-700">
                Showing the {g.rows.length} most recently updated.{' '}
                <Link to="?view=all" className="font-semibold text-brand-700 underline">
                  See all work orders
                </Link>
              </p>
            ) : null}
          </section>
        ))
      ) : (
        <section aria-labelledby="all-h" className="mt-8">
          <h2 id="all-h" className="text-xl font-bold text-navy-900">
            All Work Orders
          </h2>
          <div className="mt-3">
            <WorkOrderTable rows={rows} caption="All work orders, newest first" />
          </div>
          <nav aria-label="Pages" className="mt-4 flex gap-4">
            {page > 1 ? (
              <Link to={`?view=all&page=${page - 1}`} className="font-semibold text-brand-700 underline">
                Previous page
              </Link>
            ) : null}
            {hasNext ? (
              <Link to={`?view=all&page=${page + 1}`} className="font-semibold text-brand-700 underline">
                Next page
              </Link>
            ) : null}
          </nav>
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError what="work orders" />;
}
