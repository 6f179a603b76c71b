/**
 * `GET /site-images/:file` — one resized variant of a PUBLISHED gallery photo (issue 16), e.g.
 * `/site-images/3f…a9-800.webp`. A hidden or deleted item, an unknown or malformed name: 404 — except that signed-in
 * staff see hidden items' photos (the /admin/site previews), uncached. Keys are random and never reused
 * (site/site-images.server.ts), so a published hit is cached for a year as immutable.
 */
import { getOptionalUser } from '~/server/auth/session.server';
import { siteImagePrefixOfKey, SITE_IMAGES_BUCKET } from '~/server/site/site-images.server';
import { publishedImagePrefix } from '~/server/site/site-info.server';
import { getStorage } from '~/server/storage/storage.server';
import type { Route } from './+types/site-image';

const TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', avif: 'image/avif' };

const notFound = () => new Response('Not Found', { status: 404, headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain' } });

export async function loader({ params, request }: Route.LoaderArgs) {
  const key = `gallery/${params.file}`;
  const prefix = siteImagePrefixOfKey(key);
  if (!prefix) return notFound();
  const published = await publishedImagePrefix(prefix);
  if (!published && !(await getOptionalUser(request))?.isAdmin) return notFound();
  const object = await getStorage().get(SITE_IMAGES_BUCKET, key);
  if (!object) return notFound();
  return new Response(object.body, {
    headers: {
      'Content-Type': TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
      'Content-Length': String(object.size),
      'Cache-Control': published ? 'public, max-age=31536000, immutable' : 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
