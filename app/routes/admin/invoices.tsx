import { useState } from 'react';
import { data, Link, redirect, useFetcher, useSearchParams } from 'react-router';
import { INVOICE_FETCHER_KEY, InvoiceReviewForm } from '~/components/admin/invoice-review-form';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { FormMessage } from '~/components/ui/field';
import { formatInvoiceDate, formatMoney } from '~/lib/format-invoice';
import { pageMeta } from '~/lib/meta';
import { INVOICE_MESSAGES, type InvoiceFormState } from '~/lib/schemas/invoice';
import { requireStaff } from '~/server/auth/permissions.server';
import { extractorLabel as invoiceExtractorLabel } from '~/server/extraction/extractor.server';
import { isUuid } from '~/server/errors.server';
import { listInvoices } from '~/server/invoices/list-invoices.server';
import { submitInvoiceForm } from '~/server/invoices/submit-invoice-form.server';
import { log } from '~/server/logger.server';
import type { Route } from './+types/invoices';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Invoices', noindex: true });

/** Invoices page (admin-back-office §2 Invoices): the upload/review form and the table, newest invoice date first. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, 'vendor_invoices');
  const url = new URL(request.url);
  const page = Number(url.searchParams.get('page') ?? '1');
  const saved = url.searchParams.get('saved');
  const extractorLabel = invoiceExtractorLabel();
  try {
    const list = await listInvoices({ page: Number.isFinite(page) ? page : 1 });
    return { ...list, loadError: null, saved: isUuid(saved) ? saved : null, extractorLabel };
  } catch (error) {
    log().error({ err: error }, 'invoices: load failed');
    return {
      invoices: [],
      page: 1,
      pageCount: 1,
      total: 0,
      loadError: INVOICE_MESSAGES.loadFailed('the database did not answer'),
      saved: null,
      extractorLabel,
    };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, 'vendor_invoices');
  const outcome = await submitInvoiceForm(user, request);
  if ('redirectTo' in outcome) return redirect(outcome.redirectTo);
  return data(outcome.state, { status: outcome.status });
}

export default function InvoicesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { invoices, page, pageCount, total, loadError, saved, extractorLabel } = loaderData;
  const [params] = useSearchParams();
  const [current, setCurrent] = useState<InvoiceFormState | null>(actionData ?? null);
  const [lastAction, setLastAction] = useState(actionData);
  if (actionData !== lastAction) {
    setLastAction(actionData);
    if (actionData) setCurrent(actionData);
  }
  const fetcher = useFetcher<InvoiceFormState>({ key: INVOICE_FETCHER_KEY });
  const [lastFetched, setLastFetched] = useState(fetcher.data);
  if (fetcher.data !== lastFetched) {
    setLastFetched(fetcher.data);
    if (fetcher.data) setCurrent(fetcher.data);
  }
  const [lastSaved, setLastSaved] = useState(saved);
  if (saved !== lastSaved) {
    setLastSaved(saved);
    if (saved) setCurrent(null);
  }
  const pageLink = (n: number) => {
    const next = new URLSearchParams(params);
    next.delete('saved');
    next.set('page', String(n));
    return `?${next.toString()}`;
  };

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-navy-900">Invoices</h1>
      {saved && !current ? <FormMessage text={INVOICE_MESSAGES.saved} tone="success" /> : null}

      <section aria-labelledby="upload-heading" className="space-y-4">
        <h2 id="upload-heading" className="text-xl font-bold text-navy-900">
          Upload Invoice
        </h2>
        <InvoiceReviewForm key={current?.resultId ?? 'blank'} state={current} extractorLabel={extractorLabel} />
      </section>

      <section aria-labelledby="list-heading" className="space-y-3">
        <h2 id="list-heading" className="text-xl font-bold text-navy-900">
          Recorded Invoices
        </h2>
        {loadError ? (
          <p role="alert" className="font-medium text-red-700">
            {loadError}
          </p>
        ) : invoices.length === 0 ? (
          <p className="text-slate-700">No invoices recorded yet.</p>
        ) : (
          <>
            <div className="overflow-x-auto rounded border border-slate-300 bg-white">
              <table className="w-full text-left text-sm stack-table">
                <thead className="bg-slate-100">
                  <tr>
                    <th scope="col" className="px-3 py-2">Invoice #</th>
                    <th scope="col" className="px-3 py-2">Supplier</th>
                    <th scope="col" className="px-3 py-2">Date</th>
                    <th scope="col" className="px-3 py-2 text-right">Total</th>
                    <th scope="col" className="px-3 py-2">File</th>
                  </tr>
                </thead>
                <tbody>
                  {invoices.map((inv) => (
                    <tr key={inv.id} className="border-t border-slate-200">
                      <td data-label="Invoice #" className="px-3 py-2">
                        <Link to={`/admin/invoices/${inv.id}`} className="font-semibold text-navy-800 underline">
                          {inv.invoiceNumber}
                        </Link>
                      </td>
                      <td data-label="Supplier" className="px-3 py-2">{inv.supplier}</td>
                      <td data-label="Date" className="px-3 py-2">{formatInvoiceDate(inv.invoiceDate)}</td>
                      <td data-label="Total" className="px-3 py-2 text-right">{formatMoney(inv.totalAmount)}</td>
                      <td data-label="File" className="px-3 py-2">
                        {inv.hasFile ? (
                          <a href={`/files/invoices/${inv.id}`} target="_blank" rel="noreferrer" className="text-navy-800 underline">
                            View File<span className="sr-only"> for invoice {inv.invoiceNumber}</span>
                          </a>
                        ) : (
                          'N/A'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <nav aria-label="Invoice pages" className="flex items-center gap-4 text-sm">
              {page > 1 ? (
                <Link to={pageLink(page - 1)} className="font-semibold text-navy-800 underline">
                  Previous
                </Link>
              ) : null}
              <span>
                Page {page} of {pageCount} ({total} invoice{total === 1 ? '' : 's'})
              </span>
              {page < pageCount ? (
                <Link to={pageLink(page + 1)} className="font-semibold text-navy-800 underline">
                  Next
                </Link>
              ) : null}
            </nav>
          </>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
