import { AdminLoadError } from '~/components/admin/load-error';
import { Form, Link } from 'react-router';
import { EmailLink, na, PhoneLink, tableClass, tdClass, thClass, useFormatDate, buttonClass } from '~/components/admin/ui';
import { pageMeta } from '~/lib/meta';
import { requireStaff } from '~/server/auth/permissions.server';
import { listCustomers } from '~/server/customers/list-customers.server';
import type { Route } from './+types/list';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Customers', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, 'customers');
  const url = new URL(request.url);
  const q = url.searchParams.get('q') ?? '';
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1;
  return { q, ...(await listCustomers({ q, page })) };
}

export default function CustomerList({ loaderData }: Route.ComponentProps) {
  const { rows, q, page, hasNext } = loaderData;
  const formatDate = useFormatDate();
  const pageLink = (p: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-navy-900">Customers</h1>
        <Link to="/admin/customers/add" className={buttonClass}>
          + Add Customer
        </Link>
      </div>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="customer-search" className="block text-sm font-semibold text-slate-800">
            Search by name, e-mail, phone, VIN or plate
          </label>
          <input id="customer-search" type="search" name="q" defaultValue={q} className="mt-1 w-72 max-w-full rounded border border-slate-400 px-3 py-2" />
        </div>
        <button type="submit" className={buttonClass}>
          Search
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="mt-6 text-slate-700">No customers found.</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-lg border border-slate-200">
          <table className={`${tableClass} stack-table`}>
            <thead className="bg-slate-100">
              <tr>
                <th scope="col" className={thClass}>Name</th>
                <th scope="col" className={thClass}>Phone</th>
                <th scope="col" className={thClass}>Email</th>
                <th scope="col" className={thClass}>Address</th>
                <th scope="col" className={thClass}>Created</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((c) => (
                <tr key={c.id}>
                  <td data-label="Name" className={tdClass}>
                    <Link to={`/admin/customers/${c.id}`} className="font-semibold text-brand-700 underline">
                      {c.name}
                    </Link>
                  </td>
                  <td data-label="Phone" className={tdClass}>
                    <PhoneLink phone={c.phone} />
                  </td>
                  <td data-label="Email" className={tdClass}>
                    <EmailLink email={c.email} />
                  </td>
                  <td data-label="Address" className={tdClass}>{na(c.address)}</td>
                  <td data-label="Created" className={tdClass}>{formatDate(c.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages" className="mt-4 flex gap-4">
        {page > 1 ? (
          <Link to={pageLink(page - 1)} className="font-semibold text-brand-700 underline">
            Previous page
          </Link>
        ) : null}
        {hasNext ? (
          <Link to={pageLink(page + 1)} className="font-semibold text-brand-700 underline">
            Next page
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError what="customers" />;
}
