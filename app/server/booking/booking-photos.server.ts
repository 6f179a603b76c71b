/**
 * The damage photos sent with a booking (issue 16 §2): checked, converted and stored in the 'booking-photos' bucket
 * before the appointment row is written, and removed again when that write fails (no orphan file).
 *
 * - `prepareBookingPhotos(files)` → {@link PreparedPhoto}[]: at most BOOKING_PHOTO_MAX_FILES (10); each file must be
 *   an image by its bytes (file-type), JPEG, PNG, WebP, AVIF or HEIC/HEIF. HEIC/HEIF (iPhones) is decoded with
 *   heic-decode and written as JPEG with sharp (quality 85); a HEIC that cannot be decoded is refused with a message
 *   saying how to send JPEG instead. Throws {@link BookingPhotoError} (field 'photos') with a message fit to show.
 *   Size per file is enforced earlier, while streaming (the upload parser, BOOKING_PHOTO_MAX_BYTES).
 * - `storeBookingPhotos(appointmentId, photos)` → the stored rows' values (keys `{appointmentId}/{n}-{random}.{ext}`);
 *   on a storage failure the files already written are removed before the error is rethrown.
 * - `removeBookingPhotos(keys)` → best-effort delete (the orphan sweep is the backstop).
 */
import crypto from 'node:crypto';
import { BOOKING_PHOTO_MAX_FILES, BOOKING_TEXTS } from '~/lib/schemas/booking';
import { DomainError } from '../errors.server';
import { log } from '../logger.server';
import { getStorage } from '../storage/storage.server';
import { HEIC_MIME_TYPES, heicToJpeg } from '../uploads/heic.server';
import type { UploadedFile } from '../uploads/upload.server';

export const BOOKING_PHOTO_BUCKET = 'booking-photos' as const;

const KEPT_AS_IS = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);

export class BookingPhotoError extends DomainError {
  constructor(message: string) {
    super('validation', message, 'photos');
  }
}

export interface PreparedPhoto {
  bytes: Uint8Array;
  contentType: string;
  ext: string;
  /** The visitor's file name, made safe (extension changed to .jpg after a HEIC conversion). */
  fileName: string;
}

export interface StoredPhoto {
  fileKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  position: number;
}

async function convertHeic(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    return await heicToJpeg(bytes);
  } catch (error) {
    log().info({ err: error instanceof Error ? error.message : String(error) }, 'booking: HEIC photo could not be converted');
    throw new BookingPhotoError(BOOKING_TEXTS.heicFailed);
  }
}

/** See the module docs. */
export async function prepareBookingPhotos(files: readonly UploadedFile[]): Promise<PreparedPhoto[]> {
  if (files.length > BOOKING_PHOTO_MAX_FILES) throw new BookingPhotoError(BOOKING_TEXTS.tooManyPhotos);
  const out: PreparedPhoto[] = [];
  for (const file of files) {
    const mime = file.sniffedType?.mime ?? '';
    if (KEPT_AS_IS.has(mime)) {
      out.push({ bytes: file.bytes, contentType: mime, ext: file.sniffedType!.ext, fileName: file.fileName });
    } else if (HEIC_MIME_TYPES.has(mime)) {
      const bytes = await convertHeic(file.bytes);
      out.push({ bytes, contentType: 'image/jpeg', ext: 'jpg', fileName: file.fileName.replace(/\.[A-Za-z0-9]+$/, '') + '.jpg' });
    } else {
      throw new BookingPhotoError(BOOKING_TEXTS.notAnImage);
    }
  }
  return out;
}

/** See the module docs. */
export async function storeBookingPhotos(appointmentId: string, photos: readonly PreparedPhoto[]): Promise<StoredPhoto[]> {
  const storage = getStorage();
  const stored: StoredPhoto[] = [];
  try {
    for (const [position, photo] of photos.entries()) {
      const fileKey = `${appointmentId}/${position + 1}-${crypto.randomBytes(6).toString('hex')}.${photo.ext}`;
      await storage.put(BOOKING_PHOTO_BUCKET, fileKey, photo.bytes, { contentType: photo.contentType });
      stored.push({ fileKey, fileName: photo.fileName, contentType: photo.contentType, sizeBytes: photo.bytes.byteLength, position });
    }
  } catch (error) {
    await removeBookingPhotos(stored.map((p) => p.fileKey));
    throw error;
  }
  return stored;
}

/** See the module docs. */
export async function removeBookingPhotos(keys: readonly string[]): Promise<void> {
  const storage = getStorage();
  for (const key of keys) {
    try {
      await storage.delete(BOOKING_PHOTO_BUCKET, key);
    } catch (error) {
      log().warn({ key, err: error instanceof Error ? error.message : String(error) }, 'booking: photo could not be removed');
    }
  }
}
