/**
 * The one way form actions read a posted form (issue 13 "Safe on the open internet"). Every text value goes through
 * {@link cleanFormText} before any schema or query sees it:
 *
 * - NUL (U+0000) is removed always: PostgreSQL cannot store it in text, so it used to turn any form into a 500.
 * - The other C0 control characters (U+0001–U+001F) except tab, line feed and carriage return, and DEL (U+007F), are
 *   removed too. No keyboard types them; they arrive from pasted text or from scripts, mean nothing in a name, a note or
 *   a VIN, and can disturb what later shows the text (terminal escapes in logs, e-mail bodies).
 *
 * Removing rather than refusing (400): a form whose visible text is fine should not fail because of an invisible
 * character pasted with it, and nothing legitimate is lost. Line breaks are kept here and refused per field by the
 * form's schema (`singleLine` in ~/lib/schemas/text), which can say which field is wrong.
 *
 * Passwords (any field whose name contains "password") are left exactly as typed: they are compared and hashed by the
 * auth library, never stored as text, and changing a secret behind its owner's back would lock them out.
 *
 * Multipart posts with files are read by the streaming upload parsers (app/server/uploads/upload.server.ts,
 * app/server/invoices/read-invoice-upload.server.ts), which clean their text fields with {@link cleanFormText} too.
 */

/** C0 controls except \t \n \r, and DEL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** `value` without NUL and the other control characters listed in the module docs; other text is left as it is. */
export function cleanFormText(value: string): string {
  return value.replace(CONTROL_CHARACTERS, '');
}

/** True for a field that holds a secret to be kept as typed (its name contains "password"). */
export const isSecretField = (name: string): boolean => /password/i.test(name);

/**
 * A copy of `formData` whose string values are cleaned with {@link cleanFormText} (names too; password fields' values
 * are kept as typed); files are kept as they are.
 */
export function cleanFormData(formData: FormData): FormData {
  const cleaned = new FormData();
  for (const [name, value] of formData.entries()) {
    if (typeof value === 'string')
      cleaned.append(cleanFormText(name), isSecretField(name) ? value : cleanFormText(value));
    else cleaned.append(cleanFormText(name), value);
  }
  return cleaned;
}

/**
 * Reads the request's form (url-encoded or multipart without large files) with every text value cleaned.
 * Throws a 400 Response ("The form could not be read.") when the body is not a form or cannot be parsed, instead of
 * letting the parser's TypeError become a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw new Response('The form could not be read.', {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  return cleanFormData(formData);
}
