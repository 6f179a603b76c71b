/**
 * Hydrated pages load their scripts at low fetch priority (issue 15, portal performance; docs/decisions/0008).
 *
 * React Router's `<Scripts>` writes one `<link rel="modulepreload">` per module of the matched routes (a dozen on a
 * portal page, ~120 KB gzip), and the browser fetches them at high priority, side by side with the stylesheet and the
 * font over a phone's slow link. The page is rendered on the server and works before any script runs (forms post
 * natively), so the scripts need not compete with what paints it: `fetchpriority="low"` on those links lets the
 * stylesheet, the font and images go first. The scripts still start downloading at once and hydrate as before; the
 * inline module script that imports them reuses the same fetches. `<Scripts>` takes no attribute for this, hence the
 * rewrite of the rendered document (a plain string replacement, done once per page before compression).
 */
const MODULE_PRELOAD = '<link rel="modulepreload" ';
const LOW_PRIORITY_MODULE_PRELOAD = '<link rel="modulepreload" fetchpriority="low" ';

/** `html` with every `<link rel="modulepreload">` marked `fetchpriority="low"` (see module docs). */
export function lowerScriptPriority(html: Buffer): Buffer {
  const text = html.toString('utf8');
  if (!text.includes(MODULE_PRELOAD)) return html;
  return Buffer.from(text.replaceAll(MODULE_PRELOAD, LOW_PRIORITY_MODULE_PRELOAD), 'utf8');
}
