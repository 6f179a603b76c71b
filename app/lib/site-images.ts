/**
 * Browser-safe helpers for the gallery's resized photos (issue 16; stored by app/server/site/site-images.server.ts).
 * A {@link SiteImageInfo} names its variants `${keyPrefix}-${width}.${ext}` in the 'site-images' bucket; the public
 * route `/site-images/<id>-<width>.<ext>` serves them (published items only).
 *
 * - `siteImageKey(prefix, width, format)` → bucket key; `siteImageUrl(image, width, format)` → public URL.
 * - `siteImageSrcSet(image, format)` → "url 400w, url 800w" for a `<source>`/`<img>` srcset.
 */
export interface SiteImageInfo {
  keyPrefix: string;
  width: number;
  height: number;
  widths: number[];
  formats: ('avif' | 'webp' | 'jpeg')[];
}

type Format = SiteImageInfo['formats'][number];

const EXT: Record<Format, string> = { webp: 'webp', jpeg: 'jpg', avif: 'avif' };
export const SITE_IMAGE_MIME: Record<Format, string> = { webp: 'image/webp', jpeg: 'image/jpeg', avif: 'image/avif' };

/** The bucket key of one variant: `${keyPrefix}-${width}.${ext}`. */
export function siteImageKey(keyPrefix: string, width: number, format: Format): string {
  return `${keyPrefix}-${width}.${EXT[format]}`;
}

/** The public URL of one variant (the key without its `gallery/` folder). */
export function siteImageUrl(image: SiteImageInfo, width: number, format: Format): string {
  return `/site-images/${siteImageKey(image.keyPrefix, width, format).replace(/^gallery\//, '')}`;
}

/** A srcset of every width in `format`. */
export function siteImageSrcSet(image: SiteImageInfo, format: Format): string {
  return image.widths.map((w) => `${siteImageUrl(image, w, format)} ${w}w`).join(', ');
}
