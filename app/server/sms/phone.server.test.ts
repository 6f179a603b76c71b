import { describe, expect, it } from 'vitest';
import { ENTER_MOBILE_MESSAGE, formatMobile, LANDLINE_MESSAGE, normalizeMobile, NOT_TEXTABLE_MESSAGE } from './phone.server';

describe('normalizeMobile', () => {
  it('turns the ways people write a US number into E.164', () => {
    for (const input of ['(281) 555-0147', '281-555-0147', '281.555.0147', '2815550147', '+1 281 555 0147', '1 (281) 555-0147', '  +12815550147  ']) {
      expect(normalizeMobile(input), input).toEqual({ ok: true, e164: '+12815550147' });
    }
  });

  it('accepts a number from another country written with its code', () => {
    expect(normalizeMobile('+44 7911 123456')).toEqual({ ok: true, e164: '+447911123456' });
    expect(normalizeMobile('07911 123456', 'GB')).toEqual({ ok: true, e164: '+447911123456' });
  });

  it('refuses what is not a phone number with an example', () => {
    for (const input of ['', '   ', 'call me', '555-0147', '12345', '(281) 555-01477', '281-555-0147 ext. 12', 'x'.repeat(41), '(000) 555-0147']) {
      expect(normalizeMobile(input), input).toEqual({ ok: false, message: ENTER_MOBILE_MESSAGE });
    }
  });

  it('refuses landlines and toll-free numbers with the mobile message', () => {
    expect(normalizeMobile('(800) 555-0100')).toEqual({ ok: false, message: LANDLINE_MESSAGE });
    expect(normalizeMobile('+44 20 7946 0000')).toEqual({ ok: false, message: LANDLINE_MESSAGE });
  });

  it('refuses premium-rate and personal (follow-me) numbers', () => {
    expect(normalizeMobile('+1 900 555 0100')).toEqual({ ok: false, message: NOT_TEXTABLE_MESSAGE });
    expect(normalizeMobile('+1 500 555 0006')).toEqual({ ok: false, message: NOT_TEXTABLE_MESSAGE });
  });

  it('formats a stored number for reading', () => {
    expect(formatMobile('+12815550147')).toBe('(281) 555-0147');
    expect(formatMobile('+447911123456')).toBe('+44 7911 123456');
    expect(formatMobile('SHORTCODE')).toBe('SHORTCODE');
  });
});
