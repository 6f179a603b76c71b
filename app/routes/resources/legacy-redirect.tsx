import type { Route } from './+types/legacy-redirect';

/** Old paths from the previous site answer 301 to their real pages (DECISIONS 1); the query string is kept. */
export const LEGACY_REDIRECTS: Record<string, string> = {
  '/collision-repair': '/services/collision-repair',
  '/repairgallery': '/repair-gallery',
  '/repair-photos': '/repair-gallery',
};

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = LEGACY_REDIRECTS[url.pathname.replace(/\/+$/, '').toLowerCase()] ?? '/';
  return new Response(null, { status: 301, headers: { Location: `${target}${url.search}`, 'Cache-Control': 'public, max-age=86400' } });
}
