import { requireStaff } from '~/server/auth/permissions.server';
import { toErrorResponse } from '~/server/errors.server';
import { getInvoiceFile } from '~/server/invoices/list-invoices.server';
import { getStorage } from '~/server/storage/storage.server';
import type { Route } from './+types/invoice-file';

/**
 * GET /files/invoices/:invoiceId — the stored vendor invoice file, for admins only (DECISIONS 6). Unknown and
 * non-UUID ids are 404s. Private cache for an hour (spec §9 storage cache 3600 s); shown inline, never sniffed.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, 'vendor_invoices');
  let file;
  try {
    file = await getInvoiceFile(params.invoiceId);
  } catch (error) {
    throw toErrorResponse(error);
  }
  const object = await getStorage().get('invoice-files', file.key);
  if (!object) throw new Response('Not Found', { status: 404 });
  const inline = file.contentType === 'application/pdf' || file.contentType.startsWith('image/');
  return new Response(object.body, {
    headers: {
      'Content-Type': inline ? file.contentType : 'application/octet-stream',
      'Content-Length': String(object.size),
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${file.fileName.replace(/"/g, '')}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
