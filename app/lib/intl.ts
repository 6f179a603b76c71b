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

/** The formatter kept in `cache` for `options`, made by `make` on first use. */
function kept<O, F>(cache: Map<string, F>, options: O, make: (options: O) => F): F {
  const key = JSON.stringify(options);
  let format = cache.get(key);
  if (!format) {
    format = make(options);
    cache.set(key, format);
  }
  return format;
}

export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(dateFormats, options, (o) => new Intl.DateTimeFormat('en-US', o));
}

export function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept(numberFormats, options, (o) => new Intl.NumberFormat('en-US', o));
}
