import { getConfig } from '~/server/config.server';

/** robots.txt: portal and back office are not for search engines; points at the sitemap. */
export function loader() {
  const { appUrl } = getConfig();
  const body = ['User-agent: *', 'Disallow: /portal', 'Disallow: /admin', '', `Sitemap: ${appUrl}/sitemap.xml`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
