/**
 * Mobile numbers for texts (issue 15), with libphonenumber-js and its `max` metadata (server only: it is the one that
 * tells a number's type, and too large to send to browsers).
 *
 * - `normalizeMobile(input, defaultCountry = 'US')` → `{ ok: true, e164: '+12815550147' }` or
 *   `{ ok: false, message }` with a message fit for the form (never throws).
 * - `formatMobile(e164)` → "(281) 555-0147" for a US number, "+44 7700 900123" for others; the input when unparsable.
 *
 * Which types are accepted, and why:
 * - MOBILE, and FIXED_LINE_OR_MOBILE: North American numbers carry no type in their digits (a landline can be ported
 *   to a phone and back), so nearly every US number is FIXED_LINE_OR_MOBILE. Refusing them would refuse every
 *   customer; the provider tells us if one cannot take texts (Twilio error 21614, recorded as a failed text).
 * - VOIP: Google Voice and similar numbers take texts, and customers use them as their mobile.
 * - Refused: FIXED_LINE and TOLL_FREE ({@link LANDLINE_MESSAGE}); PREMIUM_RATE, SHARED_COST, PERSONAL_NUMBER (US 5XX
 *   follow-me numbers), PAGER, UAN and VOICEMAIL ({@link NOT_TEXTABLE_MESSAGE}): they cannot receive texts, or a text
 *   to them costs the shop or reaches no one in particular.
 * - A number with an extension is refused (a text cannot dial one), and so is anything libphonenumber does not call a
 *   valid number of its country ({@link ENTER_MOBILE_MESSAGE}).
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

export const ENTER_MOBILE_MESSAGE = 'Enter a mobile number, e.g. (281) 555-0147';
export const LANDLINE_MESSAGE = 'This is a landline or toll-free number: texts need a mobile number.';
export const NOT_TEXTABLE_MESSAGE = 'This number cannot receive texts: enter a mobile number.';

export type NormalizedMobile = { ok: true; e164: string } | { ok: false; message: string };

/** Longest input looked at; anything longer is not a phone number. */
const MAX_INPUT = 40;

const ACCEPTED = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE', 'VOIP']);
const LANDLINE = new Set(['FIXED_LINE', 'TOLL_FREE']);

/** See the module docs. */
export function normalizeMobile(input: string, defaultCountry: CountryCode = 'US'): NormalizedMobile {
  const text = input.trim();
  if (!text || text.length > MAX_INPUT) return { ok: false, message: ENTER_MOBILE_MESSAGE };
  const number = parsePhoneNumberFromString(text, { defaultCountry, extract: false });
  if (!number || !number.isValid() || number.ext) return { ok: false, message: ENTER_MOBILE_MESSAGE };
  const type = number.getType();
  if (type && LANDLINE.has(type)) return { ok: false, message: LANDLINE_MESSAGE };
  if (type && !ACCEPTED.has(type)) return { ok: false, message: NOT_TEXTABLE_MESSAGE };
  // A valid number without a type (rare in the metadata): let the provider judge it.
  return { ok: true, e164: number.number };
}

/** True for a string in E.164 form ("+" and 8 to 15 digits, no leading zero). */
export const isE164 = (value: string): boolean => /^\+[1-9]\d{7,14}$/.test(value);

/** See the module docs. */
export function formatMobile(e164: string): string {
  const number = parsePhoneNumberFromString(e164);
  if (!number) return e164;
  return number.country === 'US' ? number.formatNational() : number.formatInternational();
}
