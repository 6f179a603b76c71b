/**
 * The one totals module (./totals.ts) as a table: every case has its expected cents worked out by hand in the
 * comment beside it, from the rules in the module's docstring (tax once per document half up, labor per line, paint &
 * materials from refinish hours, claim split). Also compareLines (./lines.ts).
 */
import { describe, expect, it } from 'vitest';
import { blankLine, compareLines, hasChanges, type EstimateLine, type LaborType, type TaxCategory } from './lines';
import { computeTotals, DEFAULT_TAX_RULE, type EstimateTotals, type TaxRule } from './totals';

type Extra = Partial<Pick<EstimateLine, 'customerPay' | 'bettermentPercent'>>;

const part = (id: string, quantity: number, unitPriceCents: number, extra: Extra = {}): EstimateLine => ({
  ...blankLine(id, 'part', `Part ${id}`),
  partType: 'oem',
  quantity,
  unitPriceCents,
  ...extra,
});
const labor = (id: string, laborType: LaborType, hoursTenths: number, rateCents: number, extra: Extra = {}): EstimateLine => ({
  ...blankLine(id, 'labor', `Labor ${id}`),
  laborType,
  hoursTenths,
  rateCents,
  ...extra,
});
const materialsAtRate = (id: string, rateCents: number): EstimateLine => ({
  ...blankLine(id, 'paint_materials', 'Paint & materials'),
  materialsMode: 'rate',
  rateCents,
});
const materialsFlat = (id: string, amountCents: number): EstimateLine => ({
  ...blankLine(id, 'paint_materials', 'Paint & materials'),
  materialsMode: 'flat',
  amountCents,
});
const sublet = (id: string, amountCents: number): EstimateLine => ({
  ...blankLine(id, 'sublet', 'Alignment'),
  vendor: 'Tire Pros',
  amountCents,
});
const fee = (id: string, amountCents: number): EstimateLine => ({ ...blankLine(id, 'fee', 'Towing'), amountCents });
const discount = (id: string, amountCents: number, discountAppliesTo: TaxCategory): EstimateLine => ({
  ...blankLine(id, 'discount', 'Discount'),
  amountCents,
  discountAppliesTo,
});

const rule = (taxRateMilliPercent: number, taxedCategories: TaxCategory[]): TaxRule => ({
  taxRateMilliPercent,
  taxedCategories,
});

interface Case {
  name: string;
  lines: EstimateLine[];
  rule: TaxRule;
  deductible: number | null;
  expected: Partial<EstimateTotals>;
}

/** 138 customer-pay parts at $1,000,000 and change, one insurer part: a document where tax × share passes 2^53. */
const bigCustomerParts = [
  ...Array.from({ length: 138 }, (_, i) => part(`c${i}`, 1, 100_000_000, { customerPay: true })),
  part('c138', 1, 92_499_315, { customerPay: true }),
];

const cases: Case[] = [
  {
    name: 'empty estimate',
    lines: [],
    rule: DEFAULT_TAX_RULE,
    deductible: null,
    expected: {
      lineAmounts: {},
      byCategory: { parts: 0, labor: 0, materials: 0, sublet: 0, fees: 0 },
      subtotalCents: 0,
      taxableCents: 0,
      taxCents: 0,
      totalCents: 0,
      insurancePaysCents: 0,
      customerPaysCents: 0,
    },
  },
  {
    // taxable 1006 × 8.25 % = 1006 × 8250 / 100000 = 82.995 → 83 (half up); total 1006 + 83 = 1089.
    name: 'tax half up: $10.06 at 8.25 % = 82.995 → 83 cents',
    lines: [part('p1', 1, 1006)],
    rule: DEFAULT_TAX_RULE,
    deductible: null,
    expected: { subtotalCents: 1006, taxableCents: 1006, taxCents: 83, totalCents: 1089, customerPaysCents: 1089 },
  },
  {
    // Per line: 100 × 8.25 % = 8.25 → 8, twice = 16. Per document (the rule): 200 × 8.25 % = 16.5 → 17.
    name: 'tax once per document: two $1.00 parts → 17 cents, not 8 + 8',
    lines: [part('p1', 1, 100), part('p2', 1, 100)],
    rule: DEFAULT_TAX_RULE,
    deductible: null,
    expected: { subtotalCents: 200, taxableCents: 200, taxCents: 17, totalCents: 217 },
  },
  {
    // Quantity: 4 × $12.49 = 4996; tax 4996 × 8.25 % = 412.17 → 412; total 5408.
    name: 'part quantity × unit price',
    lines: [part('p1', 4, 1249)],
    rule: DEFAULT_TAX_RULE,
    deductible: null,
    expected: { lineAmounts: { p1: 4996 }, subtotalCents: 4996, taxCents: 412, totalCents: 5408 },
  },
  {
    // Each line 3 tenths × 5755 / 10 = 1726.5 → 1727 (per line); two lines 3454 (one 0.6 h line would be 3453).
    // Labor untaxed by default → tax 0.
    name: 'labor rounded per line: 0.3 h × $57.55 = 1726.5 → 1727, twice',
    lines: [labor('l1', 'body', 3, 5755), labor('l2', 'mechanical', 3, 5755)],
    rule: DEFAULT_TAX_RULE,
    deductible: null,
    expected: {
      lineAmounts: { l1: 1727, l2: 1727 },
      byCategory: { parts: 0, labor: 3454, materials: 0, sublet: 0, fees: 0 },
      laborTenths: 6,
      refinishTenths: 0,
      subtotalCents: 3454,
      taxableCents: 0,
      taxCents: 0,
      totalCents: 3454,
    },
  },
  {
    // Refinish 25 tenths × 6000 / 10 = 15000; body 10 × 5500 / 10 = 5500 (not refinish: no materials).
    // Materials at $38.25/h: 25 refinish tenths × 3825 / 10 = 9562.5 → 9563; flat materials 4500.
    // materials 9563 + 4500 = 14063; labor 20500; subtotal 34563.
    // Tax on materials only: 14063 × 8250 / 100000 = 1160.1975 → 1160; total 35723.
    name: 'paint & materials at a rate from refinish hours, and flat',
    lines: [labor('r1', 'refinish', 25, 6000), labor('b1', 'body', 10, 5500), materialsAtRate('m1', 3825), materialsFlat('m2', 4500)],
    rule: DEFAULT_TAX_RULE,
    deductible: null,
    expected: {
      lineAmounts: { r1: 15000, b1: 5500, m1: 9563, m2: 4500 },
      byCategory: { parts: 0, labor: 20500, materials: 14063, sublet: 0, fees: 0 },
      laborTenths: 35,
      refinishTenths: 25,
      subtotalCents: 34563,
      taxableCents: 14063,
      taxCents: 1160,
      totalCents: 35723,
    },
  },
  {
    // Parts 20000 − 2000 = 18000 (taxed); labor 20 × 5000 / 10 = 10000 − 1500 = 8500 (untaxed).
    // discounts −3500; subtotal 26500; tax 18000 × 8.25 % = 1485; total 27985.
    name: 'discounts in a taxed (parts) and an untaxed (labor) category',
    lines: [part('p1', 1, 20000), labor('l1', 'body', 20, 5000), discount('d1', 2000, 'parts'), discount('d2', 1500, 'labor')],
    rule: DEFAULT_TAX_RULE,
    deductible: null,
    expected: {
      lineAmounts: { p1: 20000, l1: 10000, d1: -2000, d2: -1500 },
      byCategory: { parts: 18000, labor: 8500, materials: 0, sublet: 0, fees: 0 },
      discountCents: -3500,
      subtotalCents: 26500,
      taxableCents: 18000,
      taxCents: 1485,
      totalCents: 27985,
    },
  },
  {
    // Parts 1000 − 2500 = −1500 → taxable max(0, −1500) = 0 → tax 0; labor 10000; subtotal 8500.
    name: 'a parts discount larger than the parts: taxable never below zero',
    lines: [part('p1', 1, 1000), discount('d1', 2500, 'parts'), labor('l1', 'body', 10, 10000)],
    rule: DEFAULT_TAX_RULE,
    deductible: null,
    expected: { subtotalCents: 8500, taxableCents: 0, taxCents: 0, totalCents: 8500 },
  },
  {
    // Parts 10000 taxed → 825; sublet 25000 and fee 3500 untaxed; subtotal 38500; total 39325.
    name: 'sublet and fees untaxed by default',
    lines: [part('p1', 1, 10000), sublet('s1', 25000), fee('f1', 3500)],
    rule: DEFAULT_TAX_RULE,
    deductible: null,
    expected: {
      byCategory: { parts: 10000, labor: 0, materials: 0, sublet: 25000, fees: 3500 },
      subtotalCents: 38500,
      taxableCents: 10000,
      taxCents: 825,
      totalCents: 39325,
    },
  },
  {
    // 6.25 % on parts, labor and materials. Labor 15 × 5200 / 10 = 7800. Taxable 10000 + 7800 = 17800;
    // tax 17800 × 6250 / 100000 = 1112.5 → 1113; sublet 5000 untaxed; subtotal 22800; total 23913.
    name: 'taxed categories including labor',
    lines: [part('p1', 1, 10000), labor('l1', 'frame', 15, 5200), sublet('s1', 5000)],
    rule: rule(6250, ['parts', 'labor', 'materials']),
    deductible: null,
    expected: { subtotalCents: 22800, taxableCents: 17800, taxCents: 1113, totalCents: 23913 },
  },
  {
    // 0 % tax: total = subtotal.
    name: 'zero tax rate',
    lines: [part('p1', 3, 3333)],
    rule: rule(0, ['parts']),
    deductible: null,
    expected: { subtotalCents: 9999, taxableCents: 9999, taxCents: 0, totalCents: 9999 },
  },
  {
    // No claim: customer-pay and betterment flags mean nothing. Part 30000 → tax 2475; labor 10 × 5000 / 10 = 5000.
    // Total 30000 + 5000 + 2475 = 37475, all paid by the customer.
    name: 'no claim: the customer pays everything, flags ignored',
    lines: [part('p1', 1, 30000, { customerPay: true, bettermentPercent: 40 }), labor('l1', 'body', 10, 5000, { bettermentPercent: 50 })],
    rule: DEFAULT_TAX_RULE,
    deductible: null,
    expected: {
      totalCents: 37475,
      customerPayLinesCents: 0,
      bettermentCents: 0,
      customerTaxCents: 0,
      deductibleCents: 0,
      insurancePaysCents: 0,
      customerPaysCents: 37475,
    },
  },
  {
    // Part 50000 → tax 4125; labor 30 × 6000 / 10 = 18000. Total 72125. Deductible 50000 < 72125:
    // customer pays 50000, insurer 72125 − 50000 = 22125.
    name: 'deductible smaller than the insurer share',
    lines: [part('p1', 1, 50000), labor('l1', 'body', 30, 6000)],
    rule: DEFAULT_TAX_RULE,
    deductible: 50000,
    expected: { totalCents: 72125, deductibleCents: 50000, insurancePaysCents: 22125, customerPaysCents: 50000 },
  },
  {
    // Part 10000 → tax 825 → total 10825 = deductible: customer 10825, insurer 0.
    name: 'deductible equal to the insurer share',
    lines: [part('p1', 1, 10000)],
    rule: DEFAULT_TAX_RULE,
    deductible: 10825,
    expected: { totalCents: 10825, deductibleCents: 10825, insurancePaysCents: 0, customerPaysCents: 10825 },
  },
  {
    // Deductible $1,000 > total 10825: only 10825 of it applies; the insurer pays 0, never below.
    name: 'deductible larger than the insurer share',
    lines: [part('p1', 1, 10000)],
    rule: DEFAULT_TAX_RULE,
    deductible: 100000,
    expected: { totalCents: 10825, deductibleCents: 10825, insurancePaysCents: 0, customerPaysCents: 10825 },
  },
  {
    // Claim with a $0 deductible: the insurer pays the whole 10825.
    name: 'claim with a zero deductible',
    lines: [part('p1', 1, 10000)],
    rule: DEFAULT_TAX_RULE,
    deductible: 0,
    expected: { totalCents: 10825, deductibleCents: 0, insurancePaysCents: 10825, customerPaysCents: 0 },
  },
  {
    // Insurer part 40000; customer-pay part 10000 (taxed) and labor 20 × 5000 / 10 = 10000 (untaxed).
    // Taxable 50000 → tax 4125; customer taxable 10000 → customer tax 4125 × 10000 / 50000 = 825.
    // Subtotal 60000, total 64125. Customer lines 20000. Insurer before deductible 64125 − 20000 − 825 = 43300;
    // deductible 25000 → insurer 18300; customer 20000 + 825 + 25000 = 45825.
    name: 'customer-pay lines and their share of tax, with a deductible',
    lines: [part('p1', 1, 40000), part('p2', 1, 10000, { customerPay: true }), labor('l1', 'body', 20, 5000, { customerPay: true })],
    rule: DEFAULT_TAX_RULE,
    deductible: 25000,
    expected: {
      subtotalCents: 60000,
      taxCents: 4125,
      totalCents: 64125,
      customerPayLinesCents: 20000,
      customerTaxCents: 825,
      deductibleCents: 25000,
      insurancePaysCents: 18300,
      customerPaysCents: 45825,
    },
  },
  {
    // Tires 30000 with 40 % betterment → 30000 × 40 / 100 = 12000; labor 5000 no betterment.
    // Tax 30000 × 8.25 % = 2475; betterment is on a taxed line → customer taxable 12000 →
    // customer tax 2475 × 12000 / 30000 = 990. Total 37475; insurer 37475 − 12000 − 990 = 24485; customer 12990.
    name: 'betterment percent on a taxed line',
    lines: [part('p1', 4, 7500, { bettermentPercent: 40 }), labor('l1', 'body', 10, 5000)],
    rule: DEFAULT_TAX_RULE,
    deductible: 0,
    expected: {
      totalCents: 37475,
      bettermentCents: 12000,
      customerTaxCents: 990,
      insurancePaysCents: 24485,
      customerPaysCents: 12990,
    },
  },
  {
    // Part 9999 with 15 % betterment → 1499.85 → 1500. Tax 9999 × 8.25 % = 824.9175 → 825.
    // Customer tax 825 × 1500 / 9999 = 123.76… → 124. Total 10824; insurer 10824 − 1500 − 124 = 9200; customer 1624.
    name: 'betterment rounded half up per line, customer tax share rounded',
    lines: [part('p1', 1, 9999, { bettermentPercent: 15 })],
    rule: DEFAULT_TAX_RULE,
    deductible: 0,
    expected: { taxCents: 825, totalCents: 10824, bettermentCents: 1500, customerTaxCents: 124, insurancePaysCents: 9200, customerPaysCents: 1624 },
  },
  {
    // A customer-pay line with a betterment percent: the customer pays the line (10000), no betterment on top.
    // Tax 10000 × 8.25 % = 825, all of it the customer's (customer taxable = taxable). Insurer 0, customer 10825.
    name: 'betterment ignored on a customer-pay line',
    lines: [part('p1', 1, 10000, { customerPay: true, bettermentPercent: 50 })],
    rule: DEFAULT_TAX_RULE,
    deductible: 500,
    expected: {
      customerPayLinesCents: 10000,
      bettermentCents: 0,
      customerTaxCents: 825,
      deductibleCents: 0,
      insurancePaysCents: 0,
      customerPaysCents: 10825,
    },
  },
  {
    // Regression (fixed in totals.ts): customer-pay parts 138 × 100000000 + 92499315 = 13892499315; insurer part
    // 69792845; taxable 13962292160 at 10 % → tax 1396229216 (exact). Customer tax = 1396229216 × 13892499315
    // / 13962292160 = 1389249931.5 exactly → 1389249932 (the product, 1.9e19, is beyond 2^53: a float product gave
    // …931). Total 13962292160 + 1396229216 = 15358521376; insurer 15358521376 − 13892499315 − 1389249932 = 76772129
    // (= 69792845 + its tax 6979284).
    name: 'customer tax share exact on a very large document',
    lines: [...bigCustomerParts, part('ins', 1, 69_792_845)],
    rule: rule(10_000, ['parts']),
    deductible: 0,
    expected: {
      subtotalCents: 13_962_292_160,
      taxCents: 1_396_229_216,
      totalCents: 15_358_521_376,
      customerPayLinesCents: 13_892_499_315,
      customerTaxCents: 1_389_249_932,
      insurancePaysCents: 76_772_129,
      customerPaysCents: 15_281_749_247,
    },
  },
];

describe('computeTotals', () => {
  it.each(cases)('$name', ({ lines, rule: taxRule, deductible, expected }) => {
    const totals = computeTotals(lines, taxRule, deductible);
    expect(totals).toMatchObject(expected);
    // The invariants hold in every row too.
    expect(totals.subtotalCents + totals.taxCents).toBe(totals.totalCents);
    expect(totals.insurancePaysCents + totals.customerPaysCents).toBe(totals.totalCents);
  });
});

describe('compareLines', () => {
  const a = part('a', 1, 1000);
  const b = labor('b', 'body', 10, 5000);
  const c = fee('c', 3500);

  it('finds no change when only the order differs', () => {
    const changes = compareLines([a, b, c], [c, a, b]);
    expect(changes).toEqual({ added: [], changed: [], removed: [] });
    expect(hasChanges(changes)).toBe(false);
  });

  it('finds no change between equal copies', () => {
    expect(hasChanges(compareLines([a, b], [{ ...a }, { ...b }]))).toBe(false);
  });

  it('finds an added line', () => {
    const changes = compareLines([a], [a, b]);
    expect(changes).toEqual({ added: [b], changed: [], removed: [] });
    expect(hasChanges(changes)).toBe(true);
  });

  it('finds a removed line', () => {
    expect(compareLines([a, b], [b])).toEqual({ added: [], changed: [], removed: [a] });
  });

  it.each<[string, Partial<EstimateLine>]>([
    ['price', { unitPriceCents: 1200 }],
    ['quantity', { quantity: 2 }],
    ['description', { description: 'Bumper cover' }],
    ['customer pay', { customerPay: true }],
    ['betterment', { bettermentPercent: 10 }],
  ])('finds a changed line (%s)', (_, patch) => {
    const after = { ...a, ...patch };
    expect(compareLines([a, b], [b, after])).toEqual({ added: [], changed: [{ before: a, after }], removed: [] });
  });

  it('reports added, changed and removed together', () => {
    const b2 = { ...b, hoursTenths: 15 };
    const d = sublet('d', 9000);
    expect(compareLines([a, b, c], [d, b2, a])).toEqual({ added: [d], changed: [{ before: b, after: b2 }], removed: [c] });
  });
});
