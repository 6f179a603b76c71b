/**
 * Money and labor time as integers (issue 14; DESIGN.md "Money"), browser-safe. The one place that turns cents and
 * tenths of an hour into text and back, used by pages, forms, e-mails and PDFs.
 *
 * - Money is integer cents (`12345` = $123.45); hours are integer tenths (`15` = 1.5 h); rates are cents per hour.
 * - `formatCents(cents)` → "$1,234.50", negative "-$12.00".
 * - `parseMoneyToCents(text)` → cents, or null for text that is not an amount with at most two decimals ("12",
 *   "1,234.5", "$0.99"); never goes through floating point.
 * - `formatTenths(tenths)` → "1.5"; `parseHoursToTenths(text)` → tenths, or null (at most one decimal).
 * - `roundHalfUp(numerator, denominator)` → the integer quotient rounded half away from zero; exact for any safe
 *   integers (BigInt inside). This is the rounding rule of every document: tax once per document, labor per line.
 *   `roundProductHalfUp(a, b, denominator)` → the same for `a × b / denominator` with the product taken in BigInt.
 * - "-0" parses to 0, never to negative zero.
 */
import { numberFormat } from '~/lib/intl';

/** The largest amount of one estimate line: $1,000,000.00 (issue 14 "cap at $1,000,000 a line"). */
export const MAX_LINE_CENTS = 100_000_000;

export function formatCents(cents: number): string {
  const abs = Math.abs(cents);
  const dollars = Math.trunc(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  const text = `$${numberFormat({ maximumFractionDigits: 0 }).format(dollars)}.${rest}`;
  return cents < 0 ? `-${text}` : text;
}

/** "1234.50" (no currency sign, no grouping): the value a money input shows. */
export function centsToInput(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const MONEY = /^(-)?\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{1,2}))?$/;

export function parseMoneyToCents(text: string): number | null {
  const m = MONEY.exec(text.trim());
  if (!m || (m[2] === undefined && m[3] === undefined)) return null;
  const whole = Number((m[2] ?? '0').replace(/,/g, ''));
  const fraction = Number((m[3] ?? '0').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] && cents ? -cents : cents;
}

export function formatTenths(tenths: number): string {
  const abs = Math.abs(tenths);
  return `${tenths < 0 ? '-' : ''}${Math.trunc(abs / 10)}.${abs % 10}`;
}

const HOURS = /^(-)?(\d+)?(?:\.(\d))?$/;

export function parseHoursToTenths(text: string): number | null {
  const m = HOURS.exec(text.trim());
  if (!m || (m[2] === undefined && m[3] === undefined)) return null;
  const tenths = Number(m[2] ?? '0') * 10 + Number(m[3] ?? '0');
  if (!Number.isSafeInteger(tenths)) return null;
  return m[1] && tenths ? -tenths : tenths;
}

export function roundHalfUp(numerator: number, denominator: number): number {
  return divideHalfUp(BigInt(numerator), denominator);
}

/**
 * `a × b / denominator` rounded half away from zero, the product taken in BigInt: exact even when `a × b` is beyond a
 * safe integer (a document's tax × its customer-taxable share can be). `roundHalfUp(a * b, d)` would round the product
 * to a float first and can land a cent off.
 */
export function roundProductHalfUp(a: number, b: number, denominator: number): number {
  return divideHalfUp(BigInt(a) * BigInt(b), denominator);
}

function divideHalfUp(n: bigint, denominator: number): number {
  if (denominator <= 0 || !Number.isInteger(denominator)) throw new RangeError('denominator must be a positive integer');
  const d = BigInt(denominator);
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const q = (2n * abs + d) / (2n * d);
  return Number(negative ? -q : q);
}

/** A tax rate in thousandths of a percent (8250 = 8.25 %) as text: "8.25%". */
export function formatTaxRate(milliPercent: number): string {
  const whole = Math.trunc(milliPercent / 1000);
  const fraction = String(milliPercent % 1000).padStart(3, '0').replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}

/** "8.25" or "8.375" → thousandths of a percent (8250, 8375); null for anything else (at most three decimals). */
export function parseTaxRate(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,3}))?\s*%?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 1000 + Number((m[2] ?? '0').padEnd(3, '0'));
}
