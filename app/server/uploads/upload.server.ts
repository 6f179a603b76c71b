/**
 * Multipart form posts with files, parsed while streaming (@remix-run/form-data-parser): a file over `maxFileSize`
 * or a body over the total limit is cut off as it arrives, never buffered whole. File types are decided by sniffing the
 * bytes (file-type), never by the name or the browser's claim, so an EXE renamed .jpg is refused.
 *
 * `parseUploadForm(request, limits)` → `{ fields, files }` where `fields` holds the text fields (first value per name,
 * plus `getAll`, cleaned of control characters like every form: app/server/forms/read-form.server.ts) and `files`
 * every non-empty file with its sniffed type. Throws {@link UploadError} (status 400 or 413,
 * a message fit to show) for limit breaches and malformed bodies.
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
import { cleanFormText, isSecretField } from '../forms/read-form.server';

export class UploadError extends Error {
  override name = 'UploadError';
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

export interface UploadedFile {
  fieldName: string;
  /** The name the browser sent, reduced to a safe display name. */
  fileName: string;
  /** Sniffed from the bytes; null when the bytes match no known format. */
  sniffedType: { mime: string; ext: string } | null;
  size: number;
  bytes: Uint8Array;
}

export interface UploadLimits {
  /** Bytes per file (e.g. 15 * 1024 * 1024). */
  maxFileSize: number;
  maxFiles?: number;
}

export interface ParsedUpload {
  fields: { get(name: string): string | null; getAll(name: string): string[]; entries(): [string, string][] };
  files: UploadedFile[];
}

const MB = 1024 * 1024;

/** Keeps letters, digits, dot, dash and underscore; at most 120 characters; never empty. */
export function safeFileName(name: string, fallbackExt = 'bin'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+/, '').slice(-120);
  return cleaned || `file.${fallbackExt}`;
}

export async function sniffFileType(bytes: Uint8Array): Promise<{ mime: string; ext: string } | null> {
  const { fileTypeFromBuffer } = await import('file-type'); // loaded with the first upload (issue 13)
  const type = await fileTypeFromBuffer(bytes);
  return type ? { mime: type.mime, ext: type.ext } : null;
}

export async function parseUploadForm(request: Request, limits: UploadLimits): Promise<ParsedUpload> {
  const maxFiles = limits.maxFiles ?? 1;
  const files: UploadedFile[] = [];
  let formData: FormData;
  try {
    formData = await parseFormData(
      request,
      { maxFileSize: limits.maxFileSize, maxFiles, maxTotalSize: maxFiles * limits.maxFileSize + MB, maxParts: 200 },
      async (upload) => {
        const bytes = await upload.bytes();
        if (bytes.byteLength === 0) return undefined;
        files.push({
          fieldName: upload.fieldName,
          fileName: safeFileName(upload.name),
          sniffedType: await sniffFileType(bytes),
          size: bytes.byteLength,
          bytes,
        });
        return undefined;
      },
    );
  } catch (error) {
    const mb = Math.round(limits.maxFileSize / MB);
    if (error instanceof MaxFileSizeExceededError) throw new UploadError(`Each file must be ${mb} MB or smaller.`, 413);
    if (error instanceof MaxTotalSizeExceededError) throw new UploadError('The upload is too large.', 413);
    if (error instanceof MaxFilesExceededError) throw new UploadError(`Upload at most ${maxFiles} file${maxFiles === 1 ? '' : 's'} at once.`, 413);
    if (error instanceof MaxPartsExceededError) throw new UploadError('The form has too many fields.', 413);
    if (error instanceof MultipartParseError || error instanceof FormDataParseError || error instanceof TypeError) {
      throw new UploadError('The upload could not be read. Please try again.');
    }
    throw error;
  }
  const text: [string, string][] = [];
  for (const [name, value] of formData.entries()) {
    if (typeof value === 'string') text.push([cleanFormText(name), isSecretField(name) ? value : cleanFormText(value)]);
  }
  return {
    files,
    fields: {
      get: (name) => text.find(([n]) => n === name)?.[1] ?? null,
      getAll: (name) => text.filter(([n]) => n === name).map(([, v]) => v),
      entries: () => [...text],
    },
  };
}
