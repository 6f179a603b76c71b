/**
 * `GET /status/:token/photos/:documentId[?variant=thumb]` — a repair photo of the status link's work order, for the
 * status page (no login). Only that work order's repair photos: another work order's photo, a quote, an unknown id and
 * a bad token are all 404 (and count as a miss for the guessing limit). Private and not indexed
 * (STATUS_RESPONSE_HEADERS); the bytes, thumbnails and placeholder come from the portal's file helper.
 */
import { STATUS_RESPONSE_HEADERS } from '~/lib/status-page';
import { serveDocumentFile } from '~/server/portal/serve-document.server';
import { recordStatusMiss, statusGuessesBlocked } from '~/server/status-link/guess-limit.server';
import { findStatusPhoto } from '~/server/status-link/status-link.server';
import type { Route } from './+types/photo';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (await statusGuessesBlocked(context.clientIp)) {
    return new Response('Too many attempts.', { status: 429, headers: { ...STATUS_RESPONSE_HEADERS, 'Retry-After': '600' } });
  }
  const doc = await findStatusPhoto(params.token, params.documentId);
  if (!doc) {
    const limited = await recordStatusMiss(context.clientIp);
    return new Response(limited ? 'Too many attempts.' : 'Not Found', { status: limited ? 429 : 404, headers: STATUS_RESPONSE_HEADERS });
  }
  const variant = new URL(request.url).searchParams.get('variant') === 'thumb' ? 'thumb' : 'full';
  const response = await serveDocumentFile(doc, variant);
  for (const [name, value] of Object.entries(STATUS_RESPONSE_HEADERS)) response.headers.set(name, value);
  return response;
}
