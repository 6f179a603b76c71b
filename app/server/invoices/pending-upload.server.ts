/**
 * An uploaded invoice file kept between "read" and "save" so the page works without JavaScript state: the file the
 * admin picked is stored under `invoice-files/pending/{token}/{name}` when it is read, the review form carries the
 * random token, and saving claims it. Pending files older than a day are removed whenever a new one is stored.
 *
 * - `stashPendingUpload(file)` → token (`{epoch ms}-{24 hex}`).
 * - `loadPendingUpload(token)` → `{ bytes, mime, fileName }` or null (unknown, malformed or expired token).
 * - `discardPendingUpload(token)`; `removeStalePendingUploads(now, maxAgeMs)` → number removed.
 */
import crypto from 'node:crypto';
import { getStorage, objectBytes } from '~/server/storage/storage.server';
import { safeFileName, sniffFileType } from '~/server/uploads/upload.server';

const BUCKET = 'invoice-files' as const;
const TOKEN = /^(\d{13})-[a-f0-9]{24}$/;
export const PENDING_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface PendingFile {
  bytes: Uint8Array;
  mime: string;
  fileName: string;
}

export function isPendingToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN.test(value);
}

export async function stashPendingUpload(file: PendingFile, now = Date.now()): Promise<string> {
  await removeStalePendingUploads(now).catch(() => 0);
  const token = `${now}-${crypto.randomBytes(12).toString('hex')}`;
  await getStorage().put(BUCKET, `pending/${token}/${safeFileName(file.fileName)}`, file.bytes, { contentType: file.mime });
  return token;
}

export async function loadPendingUpload(token: string): Promise<PendingFile | null> {
  if (!isPendingToken(token)) return null;
  const storage = getStorage();
  const [key] = await storage.list(BUCKET, `pending/${token}/`);
  if (!key) return null;
  const object = await storage.get(BUCKET, key);
  if (!object) return null;
  const bytes = await objectBytes(object);
  const type = await sniffFileType(bytes);
  return { bytes, mime: type?.mime ?? 'application/octet-stream', fileName: key.split('/').pop()! };
}

export async function discardPendingUpload(token: string): Promise<void> {
  if (!isPendingToken(token)) return;
  const storage = getStorage();
  for (const key of await storage.list(BUCKET, `pending/${token}/`)) await storage.delete(BUCKET, key);
}

export async function removeStalePendingUploads(now = Date.now(), maxAgeMs = PENDING_MAX_AGE_MS): Promise<number> {
  const storage = getStorage();
  let removed = 0;
  for (const key of await storage.list(BUCKET, 'pending/')) {
    const stamp = TOKEN.exec(key.split('/')[1] ?? '')?.[1];
    if (!stamp || now - Number(stamp) > maxAgeMs) {
      await storage.delete(BUCKET, key);
      removed += 1;
    }
  }
  return removed;
}
