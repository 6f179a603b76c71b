/**
 * The invoice page's multipart post, parsed while streaming (same limits and sniffing as `parseUploadForm`), plus the
 * invoice rules for the file: at most 15 MB, not empty, an image sharp can read (PNG, JPEG, WebP, GIF, TIFF, AVIF) or
 * a PDF with at least one page (a PDF locked with a password gets its own message). Unlike the shared parser it notices a chosen file that is empty (zero bytes), so that
 * gets its own message instead of looking like "no file".
 *
 * `readInvoiceUpload(request)` → `{ fields, file, fileError }` (`file` null when none was chosen or it was refused;
 * `fileError` an UploadError for a refused file, so the typed fields are still there). Throws UploadError (400/413)
 * when the body itself cannot be read or is too large.
 */
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from '@remix-run/form-data-parser';
import { INVOICE_FILE_MESSAGES, MAX_INVOICE_FILE_BYTES } from '~/lib/schemas/invoice';
import { cleanFormData } from '~/server/forms/read-form.server';
import { PDF_NO_PAGES } from '~/server/extraction/offline.server';
import { PdfReadError, readPdfText } from '~/server/extraction/pdf.server';
import { safeFileName, sniffFileType, UploadError } from '~/server/uploads/upload.server';

export const INVOICE_UPLOAD_MESSAGES = {
  ...INVOICE_FILE_MESSAGES,
  wrongType: 'This file is not an image or a PDF. Please upload a PNG, JPEG, WebP, GIF, TIFF or AVIF image, or a PDF.',
  unreadablePdf: 'This PDF could not be opened. Please upload another copy or an image of the invoice.',
  encryptedPdf:
    'This PDF is protected with a password, so it cannot be read. Please upload an unprotected copy or an image of the invoice, or enter the details by hand.',
  pdfNoPages: PDF_NO_PAGES,
} as const;

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/tiff', 'image/avif'];

export interface InvoiceUpload {
  fields: FormData;
  file: { bytes: Uint8Array; mime: string; fileName: string } | null;
  fileError: UploadError | null;
}

export async function readInvoiceUpload(request: Request): Promise<InvoiceUpload> {
  let file: InvoiceUpload['file'] = null;
  let empty = false;
  let fields: FormData;
  try {
    fields = await parseFormData(
      request,
      { maxFileSize: MAX_INVOICE_FILE_BYTES, maxFiles: 1, maxTotalSize: MAX_INVOICE_FILE_BYTES + 1024 * 1024, maxParts: 1000 },
      async (upload) => {
        if (upload.fieldName !== 'file') return undefined;
        const bytes = await upload.bytes();
        if (bytes.byteLength === 0) {
          if (upload.name) empty = true;
          return undefined;
        }
        const type = await sniffFileType(bytes);
        file = { bytes, mime: type?.mime ?? 'application/octet-stream', fileName: safeFileName(upload.name, type?.ext) };
        return undefined;
      },
    );
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      throw new UploadError(INVOICE_UPLOAD_MESSAGES.tooLarge, 413);
    }
    if (error instanceof MaxFilesExceededError) throw new UploadError('Upload one invoice file at a time.', 413);
    if (error instanceof MaxPartsExceededError) throw new UploadError('The form has too many fields.', 413);
    if (error instanceof MultipartParseError || error instanceof FormDataParseError || error instanceof TypeError) {
      throw new UploadError('The upload could not be read. Please try again.');
    }
    throw error;
  }
  // Text fields are cleaned of control characters like every form's (app/server/forms/read-form.server.ts).
  fields = cleanFormData(fields);
  if (empty) return { fields, file: null, fileError: new UploadError(INVOICE_UPLOAD_MESSAGES.empty) };
  const chosen = file as InvoiceUpload['file'];
  if (chosen) {
    try {
      await checkInvoiceFile(chosen);
    } catch (error) {
      if (error instanceof UploadError) return { fields, file: null, fileError: error };
      throw error;
    }
  }
  return { fields, file: chosen, fileError: null };
}

/** Throws UploadError unless the file is a supported image or a PDF with pages. */
export async function checkInvoiceFile(file: { bytes: Uint8Array; mime: string }): Promise<void> {
  if (file.bytes.byteLength === 0) throw new UploadError(INVOICE_UPLOAD_MESSAGES.empty);
  if (file.bytes.byteLength > MAX_INVOICE_FILE_BYTES) throw new UploadError(INVOICE_UPLOAD_MESSAGES.tooLarge, 413);
  if (file.mime === 'application/pdf') {
    let pages: number;
    try {
      pages = (await readPdfText(file.bytes)).pages;
    } catch (error) {
      if (error instanceof PdfReadError) {
        // pdfjs says "No password given" / "Incorrect Password" (PasswordException) for a PDF locked to readers.
        throw new UploadError(/password/i.test(error.message) ? INVOICE_UPLOAD_MESSAGES.encryptedPdf : INVOICE_UPLOAD_MESSAGES.unreadablePdf);
      }
      throw error;
    }
    if (pages === 0) throw new UploadError(INVOICE_UPLOAD_MESSAGES.pdfNoPages);
    return;
  }
  if (!IMAGE_TYPES.includes(file.mime)) throw new UploadError(INVOICE_UPLOAD_MESSAGES.wrongType);
}
