import { requireStaff } from '~/server/auth/permissions.server';
import { loadPendingUpload } from '~/server/invoices/pending-upload.server';
import { log } from '~/server/logger.server';
import type { Route } from './+types/pending-invoice-file';

/**
 * GET /files/invoices/pending/:token — an uploaded invoice file kept between reading and saving, shown beside the
 * review form (issue 18). Admins only, like the saved invoice files (DECISIONS 6); the token is the random one of
 * pending-upload.server.ts (unknown, malformed or expired → 404). Images and PDFs inline, anything else as a download;
 * never cached, never sniffed. A PDF may be framed by the app's own pages (the review form embeds it); nothing else
 * may frame these files, and images are sandboxed.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, 'vendor_invoices');
  let file;
  try {
    file = await loadPendingUpload(params.token);
  } catch (error) {
    log().warn({ err: (error as Error).message }, 'invoice: the kept file could not be read for its preview');
    throw new Response('The file could not be read.', { status: 503 });
  }
  if (!file) throw new Response('Not Found', { status: 404 });
  const pdf = file.mime === 'application/pdf';
  const inline = pdf || file.mime.startsWith('image/');
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': inline ? file.mime : 'application/octet-stream',
      'Content-Length': String(file.bytes.byteLength),
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${file.fileName.replace(/"/g, '')}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      // Browsers will not show a PDF in a sandboxed document, so a PDF gets framing by the app instead of the sandbox.
      'Content-Security-Policy': pdf
        ? "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'"
        : "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'",
    },
  });
}
