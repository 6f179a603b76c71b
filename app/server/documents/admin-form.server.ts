/**
 * Reading back-office form posts that may carry files, and answering them uniformly.
 *
 * - `readAdminForm(request, limits)` → `{ fields, files, uploadError }`: a multipart body goes through the streaming
 *   upload parser (sniffed types, per-file limit); an url-encoded body by `readForm`. Text values are cleaned of
 *   control characters either way (app/server/forms/read-form.server.ts). A limit breach does not throw:
 *   it comes back as `uploadError` (message and status) so the page can say what went wrong; the form's intent is
 *   then taken from the URL's `?intent=` (upload forms post to `?intent=...` for that reason).
 * - `intentResult(intent, fn)` runs a domain command and returns `{ intent, ok, message, fieldErrors }`: the command's
 *   message on success; a DomainError's message and status on an expected failure. Anything else is rethrown.
 */
import { data } from 'react-router';
import { DomainError } from '../errors.server';
import { readForm } from '../forms/read-form.server';
import { parseUploadForm, UploadError, type UploadedFile, type UploadLimits } from '../uploads/upload.server';

export interface AdminForm {
  fields: FormData;
  files: UploadedFile[];
  uploadError: { message: string; status: number } | null;
}

export async function readAdminForm(request: Request, limits: UploadLimits): Promise<AdminForm> {
  const type = request.headers.get('Content-Type') ?? '';
  if (!type.startsWith('multipart/form-data')) return { fields: await readForm(request), files: [], uploadError: null };
  try {
    const parsed = await parseUploadForm(request, limits);
    const fields = new FormData();
    for (const [name, value] of parsed.fields.entries()) fields.append(name, value);
    return { fields, files: parsed.files, uploadError: null };
  } catch (error) {
    if (error instanceof UploadError) {
      // The fields read before the limit was hit are lost; forms with files name their intent in the URL too.
      const fields = new FormData();
      const intent = new URL(request.url).searchParams.get('intent');
      if (intent) fields.set('intent', intent);
      return { fields, files: [], uploadError: { message: error.message, status: error.status } };
    }
    throw error;
  }
}

export interface IntentResult {
  intent: string;
  ok: boolean;
  message: string;
  fieldErrors: Record<string, string>;
  /** When the answer was made (ms): a fresh value lets a form reset itself after each success. */
  at: number;
}

export function intentFailure(intent: string, message: string, status: number, fieldErrors: Record<string, string> = {}) {
  return data<IntentResult>({ intent, ok: false, message, fieldErrors, at: Date.now() }, status);
}

export async function intentResult(intent: string, fn: () => Promise<string>) {
  try {
    const message = await fn();
    return data<IntentResult>({ intent, ok: true, message, fieldErrors: {}, at: Date.now() });
  } catch (error) {
    if (error instanceof DomainError) {
      return intentFailure(intent, error.message, error.status, error.field ? { [error.field]: error.message } : {});
    }
    throw error;
  }
}
