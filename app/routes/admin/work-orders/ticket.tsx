/**
 * `/admin/work-orders/:workOrderId/ticket` — the printable ticket of a work order (issue 15 §1, staff only): number,
 * customer, vehicle, status, estimated completion, and the status link as text and QR code. Outside the admin layout,
 * so it prints without the back office around it; `@media print` hides the page's own buttons. "Reset status link"
 * ends the old link (POST, explained before the button).
 */
import { data, Form, Link, useNavigation } from 'react-router';
import { FormMessage } from '~/components/ui/field';
import { formatCalendarDay } from '~/lib/format';
import { parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import { ResetStatusLinkSchema } from '~/lib/schemas/status-link';
import { STATUS_LINK_TEXT } from '~/lib/status-page';
import { can, requireStaff } from '~/server/auth/permissions.server';
import { getConfig } from '~/server/config.server';
import { DomainError, toErrorResponse } from '~/server/errors.server';
import { readForm } from '~/server/forms/read-form.server';
import { resetStatusLink } from '~/server/status-link/status-link.server';
import { getStatusTicket } from '~/server/status-link/status-ticket.server';
import type { Route } from './+types/ticket';

export const meta: Route.MetaFunction = ({ matches, data: d }) =>
  pageMeta({ matches, title: d ? `Ticket WO #${d.ticket.workOrderNumber}` : 'Ticket', noindex: true });

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, 'work_orders.all');
  try {
    const ticket = await getStatusTicket(params.workOrderId);
    const { shop } = getConfig();
    return { ticket, shop: { name: shop.name, phone: shop.phone }, mayReset: can(user, 'work_orders.edit') };
  } catch (error) {
    throw toErrorResponse(error);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, 'work_orders.edit');
  const parsed = parseForm(ResetStatusLinkSchema, await readForm(request));
  if (!parsed.success) return data({ ok: false, message: 'Error: unknown action.' }, { status: 400 });
  try {
    await resetStatusLink(user, params.workOrderId);
  } catch (error) {
    if (error instanceof DomainError)
      return data({ ok: false, message: `Error: ${error.message}` }, { status: error.status });
    throw error;
  }
  return { ok: true, message: STATUS_LINK_TEXT.resetDone };
}

export default function StatusTicket({ loaderData, actionData }: Route.ComponentProps) {
  const { ticket, shop } = loaderData;
  const navigation = useNavigation();
  const resetting =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'reset-status-link';
  const qrSrc = `data:image/svg+xml;base64,${btoa(ticket.qrSvg)}`;
  const vehicle = `${ticket.vehicle.year} ${ticket.vehicle.make} ${ticket.vehicle.model}${ticket.vehicle.color ? `, ${ticket.vehicle.color}` : ''}`;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-6 print:max-w-none print:p-0">
      <nav aria-label="Ticket actions" className="flex flex-wrap items-center gap-4 print:hidden">
        <Link
          to={`/admin/work-orders/details/${ticket.workOrderId}`}
          className="font-semibold text-brand-700 underline"
        >
          Back to the work order
        </Link>
        <button
          type="button"
          onClick={() => window.print()}
          className="rounded bg-navy-900 px-4 py-2 font-semibold text-white hover:bg-navy-800"
        >
          Print ticket
        </button>
      </nav>

      <article
        aria-labelledby="ticket-h"
        className="mt-4 rounded-lg border-2 border-navy-900 bg-white p-6 print:mt-0 print:border-black"
      >
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-700">
          {shop.name} · {shop.phone}
        </p>
        <h1 id="ticket-h" className="mt-1 text-3xl font-bold text-navy-900">
          Work order {ticket.workOrderNumber}
        </h1>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-lg">
          <dt className="font-semibold text-slate-700">Customer</dt>
          <dd>{ticket.customerName}</dd>
          <dt className="font-semibold text-slate-700">Vehicle</dt>
          <dd>{vehicle}</dd>
          <dt className="font-semibold text-slate-700">Status</dt>
          <dd>{ticket.status}</dd>
          <dt className="font-semibold text-slate-700">Estimated completion</dt>
          <dd>
            {ticket.estimatedCompletionDate
              ? formatCalendarDay(ticket.estimatedCompletionDate)
              : 'Not set yet'}
          </dd>
        </dl>
        <div className="mt-6 flex flex-col items-start gap-4 sm:flex-row sm:items-center">
          <img
            src={qrSrc}
            alt="QR code of the status link"
            width={176}
            height={176}
            className="h-44 w-44 shrink-0"
            data-ticket-qr
          />
          <div>
            <h2 className="text-xl font-bold text-navy-900">Follow your repair</h2>
            <p className="mt-1 text-slate-800">
              Scan the code or open this link on your phone. No login needed.
            </p>
            <p className="mt-2 break-all font-mono text-sm" data-status-link>
              {ticket.statusUrl}
            </p>
          </div>
        </div>
      </article>

      <section
        aria-labelledby="reset-h"
        className="mt-6 rounded-lg border border-slate-200 bg-white p-4 print:hidden"
      >
        <h2 id="reset-h" className="text-lg font-bold text-navy-900">
          Status link
        </h2>
        <div className="mt-2">
          <FormMessage text={actionData?.message} tone={actionData?.ok ? 'success' : 'error'} />
        </div>
        {loaderData.mayReset ? (
          <details className="mt-2">
            <summary className="cursor-pointer font-semibold text-brand-700 underline">
              Reset status link…
            </summary>
            <p className="mt-2 text-slate-800" id="reset-explain">
              {STATUS_LINK_TEXT.resetExplain}
            </p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="reset-status-link" />
              <button
                type="submit"
                aria-describedby="reset-explain"
                disabled={resetting}
                className="rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
              >
                {resetting ? 'Resetting Status Link...' : 'Reset status link'}
              </button>
            </Form>
          </details>
        ) : null}
      </section>
    </main>
  );
}
