/**
 * Integer money and labor time (app/lib/money.ts): text ↔ cents, text ↔ tenths of an hour, tax rates in thousandths
 * of a percent, and the one rounding rule (half away from zero, exact through BigInt).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToInput,
  formatCents,
  formatTaxRate,
  formatTenths,
  parseHoursToTenths,
  parseMoneyToCents,
  parseTaxRate,
  roundHalfUp,
  roundProductHalfUp,
} from './money';

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [100, '$1.00'],
    [123_456_789, '$1,234,567.89'],
    [100_000_000, '$1,000,000.00'],
    [-1200, '-$12.00'],
    [-5, '-$0.05'],
  ])('%i → %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe('centsToInput', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [100, '1.00'],
    [123_456_789, '1234567.89'],
    [-1250, '-12.50'],
  ])('%i → %s', (cents, text) => {
    expect(centsToInput(cents)).toBe(text);
  });

  it('reads back through parseMoneyToCents for any safe amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(parseMoneyToCents(centsToInput(cents))).toBe(cents);
      }),
    );
  });
});

describe('parseMoneyToCents', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['1,234.56', 123_456],
    ['1,234,567.89', 123_456_789],
    ['$0.99', 99],
    ['$ 5', 500],
    ['.5', 50],
    ['0', 0],
    ['  42.01  ', 4201],
    ['-3.10', -310],
    ['-$3', -300],
    ['1000000.00', 100_000_000],
  ])('accepts %j → %i', (text, cents) => {
    expect(parseMoneyToCents(text)).toBe(cents);
  });

  it.each([
    '1.234', // three decimals
    '12,34', // a decimal comma, not a thousands separator
    '1,23.00', // a misplaced thousands separator
    '1,2345', // a group of four
    'abc',
    '',
    '   ',
    '1e5',
    ' - ',
    '-',
    '$',
    '.',
    '12.',
    '1 234',
    '0x10',
    'Infinity',
    'NaN',
    '12.5.0',
    '+5',
    '99999999999999999', // beyond a safe integer of cents
  ])('refuses %j', (text) => {
    expect(parseMoneyToCents(text)).toBeNull();
  });

  it('reads "-0" as plain zero, not negative zero', () => {
    expect(Object.is(parseMoneyToCents('-0'), 0)).toBe(true);
    expect(Object.is(parseMoneyToCents('-$0.00'), 0)).toBe(true);
  });
});

describe('formatTenths and parseHoursToTenths', () => {
  it.each([
    [0, '0.0'],
    [5, '0.5'],
    [10, '1.0'],
    [15, '1.5'],
    [9999, '999.9'],
    [-5, '-0.5'],
  ])('formatTenths(%i) → %s', (tenths, text) => {
    expect(formatTenths(tenths)).toBe(text);
  });

  it.each([
    ['1.5', 15],
    ['2', 20],
    ['.5', 5],
    ['0.3', 3],
    ['999.9', 9999],
    [' 3.0 ', 30],
    ['-1', -10],
  ])('parseHoursToTenths(%j) → %i', (text, tenths) => {
    expect(parseHoursToTenths(text)).toBe(tenths);
  });

  it.each(['1.25', '', ' ', '-', '.', 'abc', '1,5', '1e2', '1.5h', '99999999999999999'])('parseHoursToTenths refuses %j', (text) => {
    expect(parseHoursToTenths(text)).toBeNull();
  });

  it('reads "-0" as plain zero', () => {
    expect(Object.is(parseHoursToTenths('-0'), 0)).toBe(true);
  });

  it('round-trips every tenth', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (tenths) => {
        expect(parseHoursToTenths(formatTenths(tenths))).toBe(tenths);
      }),
    );
  });
});

describe('roundHalfUp', () => {
  it.each([
    // [numerator, denominator, expected, why]
    [5, 2, 3, '2.5 → 3 (half away from zero)'],
    [-5, 2, -3, '-2.5 → -3 (Math.round would give -2)'],
    [3, 2, 2, '1.5 → 2'],
    [-3, 2, -2, '-1.5 → -2'],
    [24_999, 10_000, 2, '2.4999 → 2'],
    [-24_999, 10_000, -2, '-2.4999 → -2'],
    [25_000, 10_000, 3, '2.5000 → 3'],
    [0, 7, 0, '0'],
    [10, 10, 1, 'exact'],
    [82_995, 1000, 83, '82.995 → 83'],
    [9e15, 7, 1_285_714_285_714_286, '9e15 / 7 = 1285714285714285.714… → …286'],
    // Exact 2750582625089764.333…; the float quotient rounds to …764.5 and Math.round would give …765.
    [8_251_747_875_269_293, 3, 2_750_582_625_089_764, 'float division would round up'],
    [Number.MAX_SAFE_INTEGER, 1, Number.MAX_SAFE_INTEGER, 'largest safe integer'],
    [Number.MAX_SAFE_INTEGER, 2, 4_503_599_627_370_496, '(2^53 − 1) / 2 = …495.5 → …496'],
    [-Number.MAX_SAFE_INTEGER, 2, -4_503_599_627_370_496, 'and the negative'],
  ])('roundHalfUp(%d, %d) = %d (%s)', (numerator, denominator, expected) => {
    expect(roundHalfUp(numerator, denominator)).toBe(expected);
  });

  it('never gives negative zero', () => {
    expect(Object.is(roundHalfUp(-1, 10), 0)).toBe(true);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses denominator %d', (denominator) => {
    expect(() => roundHalfUp(1, denominator)).toThrow(RangeError);
  });

  it('agrees with BigInt arithmetic for any safe numerator', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 1, max: 1_000_000_000 }),
        (numerator, denominator) => {
          const n = BigInt(numerator);
          const d = BigInt(denominator);
          // q = the nearest integer, halves away from zero: |n|/d + 1/2 floored, sign restored.
          const abs = n < 0n ? -n : n;
          const q = (2n * abs + d) / (2n * d);
          expect(roundHalfUp(numerator, denominator)).toBe(Number(n < 0n ? -q : q) || 0);
        },
      ),
    );
  });
});

describe('roundProductHalfUp', () => {
  it('multiplies exactly even when the product is beyond a safe integer', () => {
    // 1396229216 × 13892499315 = 19397285069513043040 (> 2^53), / 13962292160 = 1389249931.5 exactly → 1389249932.
    // Multiplying in floating point first loses the last digits and would give 1389249931.
    expect(roundProductHalfUp(1_396_229_216, 13_892_499_315, 13_962_292_160)).toBe(1_389_249_932);
  });

  it.each([
    [3, 5755, 10, 1727, '0.3 h × $57.55 = 1726.5 → 1727 cents'],
    [-3, 5755, 10, -1727, 'negative'],
    [1006, 8250, 100_000, 83, '$10.06 × 8.25 % = 82.995 → 83 cents'],
  ])('%d × %d / %d = %d (%s)', (a, b, denominator, expected) => {
    expect(roundProductHalfUp(a, b, denominator)).toBe(expected);
  });
});

describe('formatTaxRate and parseTaxRate', () => {
  it.each([
    [8250, '8.25%'],
    [8375, '8.375%'],
    [8000, '8%'],
    [0, '0%'],
    [30_000, '30%'],
    [5, '0.005%'],
    [7100, '7.1%'],
  ])('formatTaxRate(%i) → %s', (milli, text) => {
    expect(formatTaxRate(milli)).toBe(text);
  });

  it.each([
    ['8.25', 8250],
    ['8.375', 8375],
    ['8.25%', 8250],
    ['8.25 %', 8250],
    ['8', 8000],
    ['0', 0],
    ['0.005', 5],
    [' 7.1 ', 7100],
    ['100', 100_000],
  ])('parseTaxRate(%j) → %i', (text, milli) => {
    expect(parseTaxRate(text)).toBe(milli);
  });

  it.each(['8.2500', '-1', 'abc', '', '.5', '1000', '8,25', '8.'])('parseTaxRate refuses %j', (text) => {
    expect(parseTaxRate(text)).toBeNull();
  });

  it('round-trips every rate from 0 to 100 %', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (milli) => {
        expect(parseTaxRate(formatTaxRate(milli))).toBe(milli);
      }),
    );
  });
});
