/**
 * Streams a customer document the viewer was allowed to see (access is checked by the caller with
 * `getDocumentFileForViewer`), or its thumbnail.
 *
 * - Full file: the stored bytes with the row's content type, `inline` for images and PDFs (else `attachment`).
 * - `variant: 'thumb'` (images only): a 480×360 WebP made with sharp on first request (or right after upload, if the
 *   uploader calls {@link makeThumbnail}) and kept in the same bucket under `thumbs/<file key>.webp`, so later
 *   requests read it straight from storage (local folder or S3).
 * - A stored object that is gone, or an image sharp cannot decode: the placeholder SVG, and one error line in the log
 *   per object and process (not one per request).
 * Every answer is `Cache-Control: private, no-store` (personal data: never in a shared cache nor kept by the browser
 * after sign-out; server/middleware/private-responses.ts enforces it for everything under /files/).
 */
import type { Bucket } from '~/lib/work-order-status';
import { loadSharp } from '../load-on-use.server';
import { log } from '../logger.server';
import { getStorage, objectBytes, StorageConflictError } from '../storage/storage.server';
import type { DocumentFile } from './documents.server';
import { PLACEHOLDER_SVG } from './placeholder.server';

export const THUMB_WIDTH = 480;
export const THUMB_HEIGHT = 360;
export const FILE_CACHE_CONTROL = 'private, no-store';

/** The storage key of a document's thumbnail. */
export function thumbnailKey(fileKey: string): string {
  return `thumbs/${fileKey}.webp`;
}

/** The file key a thumbnail key was made from ({@link thumbnailKey} reversed), or null for a key that is no thumbnail. */
export function thumbnailOriginal(key: string): string | null {
  return key.startsWith('thumbs/') && key.endsWith('.webp') ? key.slice('thumbs/'.length, -'.webp'.length) || null : null;
}

const reported = new Set<string>();
const MAX_REPORTED = 10_000;

/** Logs a problem with a stored object the first time it is seen in this process. Returns true when it logged. */
export function reportFileProblemOnce(bucket: Bucket, key: string, problem: string, documentId: string): boolean {
  const id = `${bucket}/${key}`;
  if (reported.has(id)) return false;
  if (reported.size >= MAX_REPORTED) reported.clear();
  reported.add(id);
  log().error({ bucket, key, documentId, problem }, 'stored document file unavailable: serving the placeholder');
  return true;
}

/** Forgets which objects were reported (tests). */
export function resetFileProblemReports(): void {
  reported.clear();
}

function placeholderResponse(): Response {
  return new Response(PLACEHOLDER_SVG, {
    status: 200,
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': FILE_CACHE_CONTROL,
      'X-Placeholder': '1',
    },
  });
}

function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}


const isImage = (contentType: string) => contentType.startsWith('image/');

/**
 * Makes the thumbnail of a stored image and caches it under {@link thumbnailKey} in the same bucket. The back office
 * may call it right after an upload ("on upload"); the file route calls it on the first request otherwise.
 * Returns the WebP bytes, or why there is none ('missing' object, 'undecodable' image). Another process making the
 * same thumbnail at the same time is fine: the first stored copy wins.
 */
export async function makeThumbnail(
  bucket: Bucket,
  fileKey: string,
): Promise<{ ok: true; thumb: Buffer } | { ok: false; problem: 'missing' | 'undecodable' }> {
  const storage = getStorage();
  const original = await storage.get(bucket, fileKey);
  if (!original) return { ok: false, problem: 'missing' };
  let thumb: Buffer;
  try {
    thumb = await (await loadSharp())(await objectBytes(original), { failOn: 'error' })
      .rotate()
      .resize(THUMB_WIDTH, THUMB_HEIGHT, { fit: 'cover' })
      .webp({ quality: 75 })
      .toBuffer();
  } catch {
    return { ok: false, problem: 'undecodable' };
  }
  try {
    await storage.put(bucket, thumbnailKey(fileKey), thumb, { contentType: 'image/webp' });
  } catch (error) {
    // Another request made the same thumbnail first: theirs is as good as ours.
    if (!(error instanceof StorageConflictError)) log().warn({ err: (error as Error).message }, 'thumbnail not cached');
  }
  return { ok: true, thumb };
}

/** The HTTP answer for a document (see module docs). Throws a 404 Response for a thumbnail of a non-image. */
export async function serveDocumentFile(doc: DocumentFile, variant: 'full' | 'thumb'): Promise<Response> {
  const storage = getStorage();
  if (variant === 'thumb') {
    if (!isImage(doc.contentType)) throw new Response('Not Found', { status: 404 });
    const key = thumbnailKey(doc.fileKey);
    const cached = await storage.get(doc.bucket, key);
    if (cached) {
      return new Response(cached.body, {
        headers: {
          'Content-Type': 'image/webp',
          'Content-Length': String(cached.size),
          'Cache-Control': FILE_CACHE_CONTROL,
        },
      });
    }
    const made = await makeThumbnail(doc.bucket, doc.fileKey);
    if (!made.ok) {
      reportFileProblemOnce(doc.bucket, doc.fileKey, made.problem, doc.id);
      return placeholderResponse();
    }
    const thumb = made.thumb;
    return new Response(new Uint8Array(thumb), {
      headers: { 'Content-Type': 'image/webp', 'Content-Length': String(thumb.length), 'Cache-Control': FILE_CACHE_CONTROL },
    });
  }

  const object = await storage.get(doc.bucket, doc.fileKey);
  if (!object) {
    reportFileProblemOnce(doc.bucket, doc.fileKey, 'missing', doc.id);
    if (isImage(doc.contentType)) return placeholderResponse();
    throw new Response('This document is not available right now. Please contact the shop.', { status: 404 });
  }
  const inline = isImage(doc.contentType) || doc.contentType === 'application/pdf';
  return new Response(object.body, {
    headers: {
      'Content-Type': doc.contentType,
      'Content-Length': String(object.size),
      'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', doc.fileName),
      'Cache-Control': FILE_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
