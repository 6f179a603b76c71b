import { Link } from 'react-router';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatInvoiceDate, formatMoney } from '~/lib/format-invoice';
import { INVOICE_CHARGE_LABELS, type InvoiceChargeKind } from '~/lib/invoice-charge-kinds';
import { formatCents } from '~/lib/money';
import { pageMeta } from '~/lib/meta';
import { requireStaff } from '~/server/auth/permissions.server';
import { toErrorResponse } from '~/server/errors.server';
import { getInvoice } from '~/server/invoices/list-invoices.server';
import type { Route } from './+types/invoice-details';

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta({ matches, title: data ? `Invoice ${data.invoice.invoiceNumber}` : 'Invoice', noindex: true });

/**
 * One vendor invoice with its line items and each part's stock now, its charges (the rows that are not parts, issue 18)
 * and whether parts + charges add up to its total. Unknown or non-UUID ids are 404s.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, 'vendor_invoices');
  try {
    return { invoice: await getInvoice(params.invoiceId) };
  } catch (error) {
    throw toErrorResponse(error);
  }
}

export default function InvoiceDetailsPage({ loaderData }: Route.ComponentProps) {
  const { invoice } = loaderData;
  const itemsCents = invoice.items.reduce((sum, i) => sum + Math.round(i.quantity * Number(i.unitPrice) * 100), 0);
  const itemsTotal = itemsCents / 100;
  const chargesCents = invoice.charges.reduce((sum, c) => sum + c.amountCents, 0);
  const totalCents = invoice.totalAmount === null ? null : Math.round(Number(invoice.totalAmount) * 100);
  const difference = totalCents === null ? null : totalCents - itemsCents - chargesCents;
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/invoices" className="font-semibold text-navy-800 underline">
          ← Back to invoices
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-navy-900">Invoice {invoice.invoiceNumber}</h1>
      <dl className="grid max-w-xl grid-cols-[max-content_1fr] gap-x-6 gap-y-2 rounded border border-slate-300 bg-white p-4">
        <dt className="font-semibold">Supplier</dt>
        <dd>{invoice.supplier}</dd>
        <dt className="font-semibold">Date</dt>
        <dd>{formatInvoiceDate(invoice.invoiceDate)}</dd>
        <dt className="font-semibold">Total</dt>
        <dd>{formatMoney(invoice.totalAmount)}</dd>
        <dt className="font-semibold">File</dt>
        <dd>
          {invoice.hasFile ? (
            <a href={`/files/invoices/${invoice.id}`} target="_blank" rel="noreferrer" className="text-navy-800 underline">
              View File
            </a>
          ) : (
            'N/A'
          )}
        </dd>
      </dl>
      <section aria-labelledby="items-heading" className="space-y-3">
        <h2 id="items-heading" className="text-xl font-bold text-navy-900">
          Line Items
        </h2>
        {invoice.items.length === 0 ? (
          <p className="text-slate-700">This invoice has no line items.</p>
        ) : (
          <div className="overflow-x-auto rounded border border-slate-300 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-100">
                <tr>
                  <th scope="col" className="px-3 py-2">Part #</th>
                  <th scope="col" className="px-3 py-2">Description</th>
                  <th scope="col" className="px-3 py-2 text-right">Quantity</th>
                  <th scope="col" className="px-3 py-2 text-right">Unit Price</th>
                  <th scope="col" className="px-3 py-2 text-right">Line Total</th>
                  <th scope="col" className="px-3 py-2 text-right">In Stock Now</th>
                </tr>
              </thead>
              <tbody>
                {invoice.items.map((item) => (
                  <tr key={item.id} className="border-t border-slate-200">
                    <td className="px-3 py-2">{item.partNumber}</td>
                    <td className="px-3 py-2">{item.description}</td>
                    <td className="px-3 py-2 text-right">{item.quantity}</td>
                    <td className="px-3 py-2 text-right">{formatMoney(item.unitPrice)}</td>
                    <td className="px-3 py-2 text-right">{formatMoney(item.quantity * Number(item.unitPrice))}</td>
                    <td className="px-3 py-2 text-right">{item.inStock ?? 'N/A'}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t border-slate-300 font-semibold">
                  <td className="px-3 py-2" colSpan={4}>
                    Line items total
                  </td>
                  <td className="px-3 py-2 text-right">{formatMoney(itemsTotal)}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="charges-heading" className="space-y-3">
        <h2 id="charges-heading" className="text-xl font-bold text-navy-900">
          Charges
        </h2>
        {invoice.charges.length === 0 ? (
          <p className="text-slate-700">This invoice has no charges besides its parts.</p>
        ) : (
          <div className="overflow-x-auto rounded border border-slate-300 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-100">
                <tr>
                  <th scope="col" className="px-3 py-2">Kind</th>
                  <th scope="col" className="px-3 py-2">As printed</th>
                  <th scope="col" className="px-3 py-2 text-right">Amount</th>
                </tr>
              </thead>
              <tbody>
                {invoice.charges.map((c) => (
                  <tr key={c.id} className="border-t border-slate-200">
                    <td className="px-3 py-2">{INVOICE_CHARGE_LABELS[c.kind as InvoiceChargeKind] ?? c.kind}</td>
                    <td className="px-3 py-2">{c.description}</td>
                    <td className="px-3 py-2 text-right">{formatCents(c.amountCents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t border-slate-300 font-semibold">
                  <td className="px-3 py-2" colSpan={2}>
                    Charges total
                  </td>
                  <td className="px-3 py-2 text-right">{formatCents(chargesCents)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
        {difference !== null && (invoice.items.length > 0 || invoice.charges.length > 0) ? (
          <p className="text-sm font-semibold">
            {Math.abs(difference) <= 2
              ? `✓ Line items (${formatCents(itemsCents)}) and charges (${formatCents(chargesCents)}) add up to the total.`
              : `⚠ Line items (${formatCents(itemsCents)}) and charges (${formatCents(chargesCents)}) come to ${formatCents(itemsCents + chargesCents)}; the total is ${formatCents(Math.abs(difference))} ${difference > 0 ? 'more' : 'less'}.`}
          </p>
        ) : null}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
