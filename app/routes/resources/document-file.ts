/**
 * `GET /files/documents/:documentId[?variant=thumb]`: a customer document (quote, invoice, repair photo) through the
 * session (DECISIONS 6). Anonymous → /login; staff without two-factor under REQUIRE_ADMIN_2FA → /account/two-factor; a customer gets only their own rows, staff all; anything else (someone
 * else's id, unknown id, non-UUID id) → 404 with no data. See `serveDocumentFile` for thumbnails and placeholders.
 */
import { getDocumentFileForViewer } from '~/server/portal/documents.server';
import { serveDocumentFile } from '~/server/portal/serve-document.server';
import { can } from '~/server/auth/permissions.server';
import { requireFileViewer } from '~/server/auth/session.server';
import { getDb } from '~/server/db/client.server';
import type { Route } from './+types/document-file';

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireFileViewer(request);
  // Staff by role (issue 17 §2): quotes and invoices only with 'money'; a technician only their work orders' photos.
  const staffScope = user.isAdmin ? { photosOnly: !can(user, 'money'), assignedOnly: !can(user, 'work_orders.all') } : undefined;
  const doc = await getDocumentFileForViewer(getDb(), { userId: user.id, isAdmin: user.isAdmin, staffScope }, params.documentId);
  if (!doc) throw new Response('Not Found', { status: 404, headers: { 'Cache-Control': 'private, no-store' } });
  const variant = new URL(request.url).searchParams.get('variant') === 'thumb' ? 'thumb' : 'full';
  return serveDocumentFile(doc, variant);
}
