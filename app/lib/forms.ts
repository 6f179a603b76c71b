/**
 * Parsing form posts with a Zod schema into either data or field errors the form can show next to each input.
 * `parseForm(schema, formData)` → `{ success: true, data }` or `{ success: false, fieldErrors, values }` where
 * `values` is what was typed (strings only; files and passwords left out) so nothing is lost.
 */
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

export type ParseResult<T> =
  | { success: true; data: T }
  | { success: false; fieldErrors: FieldErrors; values: Record<string, string> };

export function formValues(formData: FormData, omit: readonly string[] = ['password']): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value === 'string' && !omit.includes(key) && !(key in values)) values[key] = value.slice(0, 10_000);
  }
  return values;
}

export function parseForm<S extends z.ZodType>(schema: S, formData: FormData): ParseResult<z.output<S>> {
  const raw = Object.fromEntries(
    [...new Set(formData.keys())].map((key) => {
      const all = formData.getAll(key);
      return [key, all.length > 1 ? all : all[0]];
    }),
  );
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { success: true, data: parsed.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'form';
    fieldErrors[key] ??= issue.message;
  }
  return { success: false, fieldErrors, values: formValues(formData) };
}
