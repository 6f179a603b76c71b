/**
 * The public site's photos (issue 16): an upload is decoded with sharp, turned upright (EXIF orientation applied),
 * stripped of its metadata (EXIF, GPS, colour profile: sharp writes none unless asked), and resized into responsive
 * widths, each as WebP and as a JPEG fallback, in the 'site-images' bucket.
 *
 * - `makeSiteImageFiles(bytes, keyPrefix)` → `{ image, files }` without storing anything: `image` is the
 *   {@link SiteImage} (widths actually produced, intrinsic size of the largest), `files` the variants.
 *   Throws DomainError('validation', field 'photo') for an empty file, one over {@link SITE_IMAGE_MAX_BYTES}, bytes
 *   that are not a photo (sniffed, never the name) or a photo sharp cannot decode. HEIC/HEIF (iPhones) is converted
 *   with heic-decode first (uploads/heic.server.ts).
 * - `storeSiteImage(bytes)` → the stored {@link SiteImage}; on any failure the files written so far are removed.
 * - `removeSiteImage(image)` deletes every variant (missing files are fine); never throws (logged).
 * - `siteImageKey(prefix, width, format)`, `siteImageUrl(image, width, format)` → bucket key / public URL
 *   (`/site-images/<id>-<width>.<ext>`, served by app/routes/resources/site-image.ts for published items only).
 * - `siteImagePrefixOfKey(key)` → the key prefix a variant belongs to (orphan sweep, public route), or null.
 *
 * Keys are random and never reused, so the public route sends them with a year-long immutable cache.
 */
import crypto from 'node:crypto';
import type { SiteImage } from '../db/schema';
import { DomainError } from '../errors.server';
import { loadSharp } from '../load-on-use.server';
import { log } from '../logger.server';
import { getStorage } from '../storage/storage.server';
import { HEIC_MIME_TYPES, heicToJpeg } from '../uploads/heic.server';
import { sniffFileType } from '../uploads/upload.server';
import { siteImageKey } from '~/lib/site-images';

export type { SiteImage } from '../db/schema';
export { siteImageKey, siteImageUrl } from '~/lib/site-images';

export const SITE_IMAGES_BUCKET = 'site-images' as const;
/** Largest photo accepted (bytes): phone photos are 2-12 MB. */
export const SITE_IMAGE_MAX_BYTES = 20 * 1024 * 1024;
/** Widths produced (px), capped at the photo's own width. */
export const SITE_IMAGE_WIDTHS = [400, 800, 1200] as const;
/** Decoded size limit (pixels) against decompression bombs: 64 megapixels. */
const MAX_PIXELS = 64_000_000;
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/tiff']);

export const SITE_IMAGE_TEXTS = {
  missing: 'Choose a photo to upload.',
  tooLarge: `The photo must be ${SITE_IMAGE_MAX_BYTES / 1024 / 1024} MB or smaller.`,
  notImage: 'That file is not a photo: upload a JPEG, PNG, WebP or HEIC image.',
  unreadable: 'The photo could not be read: it may be damaged. Try another file or save it again as JPEG.',
} as const;

export interface SiteImageFile {
  key: string;
  bytes: Uint8Array;
  contentType: 'image/webp' | 'image/jpeg';
}

const FORMATS = ['webp', 'jpeg'] as const;

const VARIANT = /^(gallery\/[a-f0-9]{32})-(\d{2,5})\.(webp|jpg|avif)$/;

/** The key prefix of a variant key ("gallery/<id>-800.webp" → "gallery/<id>"), or null for any other key. */
export function siteImagePrefixOfKey(key: string): string | null {
  return VARIANT.exec(key)?.[1] ?? null;
}

/** Decodes, orients, strips and resizes `bytes` (see module docs). Nothing is stored. */
export async function makeSiteImageFiles(bytes: Uint8Array, keyPrefix: string): Promise<{ image: SiteImage; files: SiteImageFile[] }> {
  if (bytes.byteLength === 0) throw new DomainError('validation', SITE_IMAGE_TEXTS.missing, 'photo');
  if (bytes.byteLength > SITE_IMAGE_MAX_BYTES) throw new DomainError('validation', SITE_IMAGE_TEXTS.tooLarge, 'photo');
  const type = await sniffFileType(bytes);
  if (!type || (!ACCEPTED.has(type.mime) && !HEIC_MIME_TYPES.has(type.mime))) {
    throw new DomainError('validation', SITE_IMAGE_TEXTS.notImage, 'photo');
  }
  if (HEIC_MIME_TYPES.has(type.mime)) {
    // iPhone photos: sharp's prebuilt libvips has no HEVC decoder, so heic-decode reads them first.
    try {
      bytes = await heicToJpeg(bytes);
    } catch (error) {
      log().info({ err: (error as Error).message }, 'site image: HEIC not decodable');
      throw new DomainError('validation', SITE_IMAGE_TEXTS.unreadable, 'photo');
    }
  }
  const sharp = await loadSharp();
  let width: number;
  let height: number;
  let upright: Buffer;
  try {
    // `rotate()` without an angle applies the EXIF orientation; the output carries no metadata.
    const result = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate().toBuffer({ resolveWithObject: true });
    upright = result.data;
    width = result.info.width;
    height = result.info.height;
  } catch (error) {
    log().info({ err: (error as Error).message }, 'site image: not decodable');
    throw new DomainError('validation', SITE_IMAGE_TEXTS.unreadable, 'photo');
  }
  const widest = SITE_IMAGE_WIDTHS[SITE_IMAGE_WIDTHS.length - 1]!;
  const widths: number[] = SITE_IMAGE_WIDTHS.filter((w) => w < width);
  widths.push(Math.min(width, widest));
  const uniqueWidths = [...new Set(widths)].sort((a, b) => a - b);
  const files: SiteImageFile[] = [];
  for (const w of uniqueWidths) {
    const resized = sharp(upright).resize({ width: w, withoutEnlargement: true });
    files.push({ key: siteImageKey(keyPrefix, w, 'webp'), bytes: await resized.clone().webp({ quality: 72 }).toBuffer(), contentType: 'image/webp' });
    files.push({
      key: siteImageKey(keyPrefix, w, 'jpeg'),
      bytes: await resized.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true }).toBuffer(),
      contentType: 'image/jpeg',
    });
  }
  const largest = uniqueWidths[uniqueWidths.length - 1]!;
  return {
    image: { keyPrefix, width: largest, height: Math.round((height * largest) / width), widths: uniqueWidths, formats: [...FORMATS] },
    files,
  };
}

/** A fresh key prefix: `gallery/<32 hex>`. */
export function newSiteImagePrefix(): string {
  return `gallery/${crypto.randomBytes(16).toString('hex')}`;
}

/** Resizes and stores a photo; returns its {@link SiteImage}. On failure nothing stays in the bucket. */
export async function storeSiteImage(bytes: Uint8Array): Promise<SiteImage> {
  const { image, files } = await makeSiteImageFiles(bytes, newSiteImagePrefix());
  const storage = getStorage();
  const written: string[] = [];
  try {
    for (const file of files) {
      await storage.put(SITE_IMAGES_BUCKET, file.key, file.bytes, { contentType: file.contentType });
      written.push(file.key);
    }
  } catch (error) {
    for (const key of written) await storage.delete(SITE_IMAGES_BUCKET, key).catch(() => {});
    throw error;
  }
  return image;
}

/** Every bucket key of `image`. */
export function siteImageKeys(image: SiteImage): string[] {
  return image.widths.flatMap((w) => image.formats.map((f) => siteImageKey(image.keyPrefix, w, f)));
}

/** Deletes every variant of `image`; a failure is logged (the orphan sweep removes what is left). */
export async function removeSiteImage(image: SiteImage | null | undefined): Promise<void> {
  if (!image) return;
  const storage = getStorage();
  for (const key of siteImageKeys(image)) {
    await storage.delete(SITE_IMAGES_BUCKET, key).catch((error: unknown) => log().warn({ err: String(error), key }, 'site image not removed'));
  }
}
