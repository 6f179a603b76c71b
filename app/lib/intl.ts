/**
 * Shared `Intl` formatters (browser-safe). Building an `Intl.DateTimeFormat` or `Intl.NumberFormat` loads ICU data and
 * costs tens of microseconds; `Date#toLocaleString(locale, options)` and `Number#toLocaleString(locale, options)`
 * build a new one on every call. A page listing fifty dates paid that fifty times per render (issue 6 load target),
 * so every formatter is built once per distinct set of options and kept: the sets are few and fixed in the code,
 * plus the shop's one time zone.
 *
 * - `dateTimeFormat(options)` → an en-US `Intl.DateTimeFormat` for `options` (the same instance for equal options).
 * - `numberFormat(options)` → an en-US `Intl.NumberFormat` for `options`.
 * Throws RangeError for an unknown time zone or invalid options (as the constructors do).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', options);
    dateFormats.set(key, format);
  }
  return format;
}

export function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', options);
    numberFormats.set(key, format);
  }
  return format;
}
