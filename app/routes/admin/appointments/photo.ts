/**
 * `GET /admin/appointments/photos/:photoId[?variant=thumb]`: a damage photo sent with a booking (issue 16), from the
 * private 'booking-photos' bucket, to staff only: anonymous → /login, a customer → /portal, a staff member without
 * two-factor under REQUIRE_ADMIN_2FA → /account/two-factor. An unknown or malformed id → 404. Thumbnails (480×360
 * WebP) are made on first request and cached beside the photo (`serveDocumentFile`); `Cache-Control: private, no-store`.
 */
import { getAppointmentPhoto } from '~/server/appointments/manage-appointments.server';
import { requireStaff } from '~/server/auth/permissions.server';
import { FILE_CACHE_CONTROL, serveDocumentFile } from '~/server/portal/serve-document.server';
import type { Route } from './+types/photo';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, 'appointments');
  const photo = await getAppointmentPhoto(params.photoId);
  if (!photo) throw new Response('Not Found', { status: 404, headers: { 'Cache-Control': FILE_CACHE_CONTROL } });
  const variant = new URL(request.url).searchParams.get('variant') === 'thumb' ? 'thumb' : 'full';
  return serveDocumentFile(photo, variant);
}
