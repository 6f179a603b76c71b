/**
 * iPhone photos (HEIC/HEIF) turned into JPEG, for the uploads that accept photos from phones: the booking's damage
 * photos (issue 16 §2) and the site gallery (issue 16 §1). heic-decode (libheif compiled to WebAssembly, loaded on
 * first use) decodes; sharp writes the JPEG (quality 85, no metadata).
 */
import { loadSharp } from '../load-on-use.server';

/** The MIME types file-type reports for HEIC/HEIF files. */
export const HEIC_MIME_TYPES: ReadonlySet<string> = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

/**
 * `heicToJpeg(bytes)` → the first image of the HEIC/HEIF file as JPEG bytes. Throws the decoder's or sharp's Error
 * when the file cannot be decoded (callers turn it into their own message for the form).
 */
export async function heicToJpeg(bytes: Uint8Array): Promise<Uint8Array> {
  const decode = (await import('heic-decode')).default;
  const image = await decode({ buffer: bytes });
  const sharp = await loadSharp();
  const jpeg = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  return new Uint8Array(jpeg);
}
