import type { z } from 'zod';

/**
 * Shared rules for text fields (issue 13). One-line fields — names, phone numbers, e-mail addresses, VINs, plates,
 * numbers, subjects — refuse line breaks with a field message rather than quietly joining the lines: a name that
 * arrives with a line break is either a paste mistake the person should see or an attempt to forge lines in an
 * e-mail or a log, and a field message is clearer for a form. Control characters other than line breaks and tabs are
 * removed before any schema runs (app/server/forms/read-form.server.ts).
 */

/** The field message for a line break in a one-line field. */
export const SINGLE_LINE_MESSAGE = 'Please keep this on one line (no line breaks).';

/** CR, LF, and the other characters that start a new line somewhere (NEL, LINE and PARAGRAPH SEPARATOR, VT, FF). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LINE_BREAK = /[\r\n\u000B\u000C\u0085\u2028\u2029]/;

/** True when `value` has no line break (see {@link LINE_BREAK}). */
export const isSingleLine = (value: string): boolean => !LINE_BREAK.test(value);

/**
 * `schema` (a string schema, before any transform) refusing line breaks with `message`. Apply it where the string is
 * still a string: `singleLine(z.string().trim().min(1, …))`. Leading/trailing breaks are trimmed first when the
 * schema trims, so only breaks inside the text are refused.
 */
export function singleLine<S extends z.ZodType<string, string>>(schema: S, message: string = SINGLE_LINE_MESSAGE) {
  return schema.refine(isSingleLine, message);
}
