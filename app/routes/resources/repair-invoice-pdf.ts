import { requireStaff } from '~/server/auth/permissions.server';
import { renderRepairInvoiceFor } from '~/server/estimates/repair-invoice.server';
import { toErrorResponse } from '~/server/errors.server';
import type { Route } from './+types/repair-invoice-pdf';

/**
 * GET /admin/work-orders/:workOrderId/invoice.pdf — the final repair invoice as it stands now (payments so far), for
 * staff only (two-factor rules of the back office apply through requireStaff). 404 before the invoice is issued.
 * Once paid in full, the invoice is also stored as a Paid Invoice document the customer sees in My Documents.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, 'money');
  let pdf;
  try {
    pdf = await renderRepairInvoiceFor(params.workOrderId);
  } catch (error) {
    throw toErrorResponse(error);
  }
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.bytes.byteLength),
      'Content-Disposition': `inline; filename="${pdf.fileName.replace(/[^A-Za-z0-9._-]/g, '-')}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
}
