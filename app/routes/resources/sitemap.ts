import { SERVICE_LINKS } from '~/content/navigation';
import { getConfig } from '~/server/config.server';

/** Every public page (spec §2 route table), in the order of the site's navigation. */
export const PUBLIC_PATHS = ['/', '/about', '/services', ...SERVICE_LINKS.map((s) => s.to), '/contact', '/book', '/repair-gallery', '/financing', '/login', '/register'];

/** The marketing pages among them (no hydration; measured by `npm run bench:web`). */
export const MARKETING_PATHS = PUBLIC_PATHS.filter((p) => p !== '/login' && p !== '/register');

/** sitemap.xml listing every public page with its canonical URL. */
export function loader() {
  const { appUrl } = getConfig();
  const urls = PUBLIC_PATHS.map((p) => `  <url><loc>${appUrl}${p}</loc><changefreq>${p === '/' ? 'weekly' : 'monthly'}</changefreq></url>`).join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
