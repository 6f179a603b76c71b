/**
 * Invariants of the one totals module (app/lib/estimates/totals.ts) over random valid documents (fast-check): lines
 * within the schema caps (app/lib/schemas/estimate.ts: quantity 1..9,999, hours 0.1..999.9, rates up to $100,000/h,
 * $1,000,000 a line, betterment 0..100 %), up to 250 lines, random taxed categories and tax rate 0..30 %, with or
 * without a claim. Paint & materials at a rate is left uncapped, as the app leaves it (its amount depends on the
 * document's refinish hours; edit-estimate.server.ts skips the line cap for it).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LABOR_TYPES,
  MAX_ESTIMATE_LINES,
  MAX_HOURS_TENTHS,
  MAX_QUANTITY,
  PART_TYPES,
  TAX_CATEGORIES,
  blankLine,
  lineCategory,
  type EstimateLine,
} from '~/lib/estimates/lines';
import { computeTotals, type EstimateTotals, type TaxRule } from '~/lib/estimates/totals';
import { MAX_LINE_CENTS } from '~/lib/money';
import { MAX_RATE_CENTS } from '~/lib/schemas/estimate';

type LineBody = Omit<EstimateLine, 'id'>;

const base = (lineType: EstimateLine['lineType']): LineBody => {
  const { id: _id, ...rest } = blankLine('', lineType, `random ${lineType}`);
  return rest;
};

const amount = fc.integer({ min: 0, max: MAX_LINE_CENTS });
const claimFlags = fc.record({ customerPay: fc.boolean(), bettermentPercent: fc.integer({ min: 0, max: 100 }) });

const partLine = fc
  .integer({ min: 1, max: MAX_QUANTITY })
  .chain((quantity) =>
    fc.record({
      quantity: fc.constant(quantity),
      unitPriceCents: fc.integer({ min: 0, max: Math.floor(MAX_LINE_CENTS / quantity) }),
      partType: fc.constantFrom(...PART_TYPES),
    }),
  )
  .map((fields): LineBody => ({ ...base('part'), ...fields }));

const laborLine = fc
  .integer({ min: 1, max: MAX_HOURS_TENTHS })
  .chain((hoursTenths) =>
    fc.record({
      hoursTenths: fc.constant(hoursTenths),
      // The schema's cap: tenths × rate ≤ $1,000,000 × 10.
      rateCents: fc.integer({ min: 0, max: Math.min(MAX_RATE_CENTS, Math.floor((MAX_LINE_CENTS * 10) / hoursTenths)) }),
      laborType: fc.constantFrom(...LABOR_TYPES),
    }),
  )
  .map((fields): LineBody => ({ ...base('labor'), ...fields }));

const materialsLine = fc.oneof(
  fc.integer({ min: 0, max: MAX_RATE_CENTS }).map((rateCents): LineBody => ({ ...base('paint_materials'), materialsMode: 'rate', rateCents })),
  amount.map((amountCents): LineBody => ({ ...base('paint_materials'), materialsMode: 'flat', amountCents })),
);

const amountLine = (lineType: 'sublet' | 'fee') => amount.map((amountCents): LineBody => ({ ...base(lineType), amountCents }));

const discountLine = fc
  .record({ amountCents: amount, discountAppliesTo: fc.constantFrom(...TAX_CATEGORIES) })
  .map((fields): LineBody => ({ ...base('discount'), ...fields }));

/** Any valid line; discounts are never customer-pay nor betterment (the schema clears both). */
const line = fc
  .tuple(fc.oneof(partLine, laborLine, materialsLine, amountLine('sublet'), amountLine('fee'), discountLine), claimFlags)
  .map(([body, flags]): LineBody => (body.lineType === 'discount' ? body : { ...body, ...flags }));

const lines = fc
  .oneof(fc.array(line, { maxLength: 12 }), fc.array(line, { maxLength: MAX_ESTIMATE_LINES, size: 'max' }))
  .map((bodies) => bodies.map((body, i): EstimateLine => ({ ...body, id: `line-${i}` })));

const taxRule: fc.Arbitrary<TaxRule> = fc.record({
  taxRateMilliPercent: fc.integer({ min: 0, max: 30_000 }),
  taxedCategories: fc.subarray([...TAX_CATEGORIES]),
});

const deductible = fc.option(fc.integer({ min: 0, max: MAX_LINE_CENTS }), { nil: null });

/** round(n / d) half away from zero, in BigInt: the reference for the module's rounding. */
function referenceRound(n: bigint, d: bigint): bigint {
  const abs = n < 0n ? -n : n;
  const q = (2n * abs + d) / (2n * d);
  return n < 0n ? -q : q;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Every numeric figure of the totals, named, for the safe-integer check. */
function figures(t: EstimateTotals): [string, number][] {
  return [
    ...Object.entries(t).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    ...Object.entries(t.byCategory).map(([k, v]): [string, number] => [`byCategory.${k}`, v]),
    ...Object.entries(t.lineAmounts).map(([k, v]): [string, number] => [`lineAmounts.${k}`, v]),
  ];
}

const RUNS = { numRuns: 300 };

describe('computeTotals invariants (fast-check)', () => {
  it('keeps every figure a safe integer and every sum consistent', () => {
    fc.assert(
      fc.property(lines, taxRule, deductible, (docLines, rule, claimDeductible) => {
        const t = computeTotals(docLines, rule, claimDeductible);

        for (const [name, value] of figures(t)) {
          expect(Number.isSafeInteger(value), `${name} = ${value}`).toBe(true);
          expect(Object.is(value, -0), `${name} is -0`).toBe(false);
        }
        expect(Object.keys(t.lineAmounts)).toHaveLength(docLines.length);

        expect(sum(Object.values(t.byCategory))).toBe(t.subtotalCents);
        expect(sum(Object.values(t.lineAmounts))).toBe(t.subtotalCents);
        expect(t.subtotalCents + t.taxCents).toBe(t.totalCents);
        expect(t.insurancePaysCents + t.customerPaysCents).toBe(t.totalCents);
        expect(t.discountCents).toBe(sum(docLines.filter((l) => l.lineType === 'discount').map((l) => -l.amountCents)));
      }),
      RUNS,
    );
  });

  it('computes each line amount by rule 1', () => {
    fc.assert(
      fc.property(lines, taxRule, (docLines, rule) => {
        const t = computeTotals(docLines, rule, null);
        const refinish = sum(docLines.filter((l) => l.lineType === 'labor' && l.laborType === 'refinish').map((l) => l.hoursTenths));
        expect(t.refinishTenths).toBe(refinish);
        for (const l of docLines) {
          let expected: bigint;
          if (l.lineType === 'part') expected = BigInt(l.quantity) * BigInt(l.unitPriceCents);
          else if (l.lineType === 'labor') expected = referenceRound(BigInt(l.hoursTenths) * BigInt(l.rateCents), 10n);
          else if (l.lineType === 'paint_materials' && l.materialsMode === 'rate') {
            expected = referenceRound(BigInt(refinish) * BigInt(l.rateCents), 10n);
          } else if (l.lineType === 'discount') expected = -BigInt(l.amountCents);
          else expected = BigInt(l.amountCents);
          expect(t.lineAmounts[l.id]).toBe(Number(expected));
          if (l.lineType !== 'paint_materials') expect(Math.abs(t.lineAmounts[l.id]!)).toBeLessThanOrEqual(MAX_LINE_CENTS);
        }
      }),
      RUNS,
    );
  });

  it('taxes once per document: tax = roundHalfUp(max(0, taxed line amounts) × rate, 100000)', () => {
    fc.assert(
      fc.property(lines, taxRule, deductible, (docLines, rule, claimDeductible) => {
        const t = computeTotals(docLines, rule, claimDeductible);
        const taxed = new Set(rule.taxedCategories);
        const taxable = Math.max(0, sum(docLines.filter((l) => taxed.has(lineCategory(l))).map((l) => t.lineAmounts[l.id]!)));
        expect(t.taxableCents).toBe(taxable);
        expect(t.taxCents).toBe(Number(referenceRound(BigInt(taxable) * BigInt(rule.taxRateMilliPercent), 100_000n)));
        expect(t.taxRateMilliPercent).toBe(rule.taxRateMilliPercent);
      }),
      RUNS,
    );
  });

  it('without a claim, the customer pays the total and nothing is split', () => {
    fc.assert(
      fc.property(lines, taxRule, (docLines, rule) => {
        const t = computeTotals(docLines, rule, null);
        expect(t.insurancePaysCents).toBe(0);
        expect(t.customerPaysCents).toBe(t.totalCents);
        expect([t.customerPayLinesCents, t.bettermentCents, t.customerTaxCents, t.deductibleCents]).toEqual([0, 0, 0, 0]);
      }),
      RUNS,
    );
  });

  it('with a claim, splits by rule 3 and applies at most the claim deductible', () => {
    fc.assert(
      fc.property(lines, taxRule, fc.integer({ min: 0, max: MAX_LINE_CENTS }), (docLines, rule, claimDeductible) => {
        const t = computeTotals(docLines, rule, claimDeductible);
        expect(t.deductibleCents).toBeGreaterThanOrEqual(0);
        expect(t.deductibleCents).toBeLessThanOrEqual(claimDeductible);

        const customerLines = docLines.filter((l) => l.customerPay);
        expect(t.customerPayLinesCents).toBe(sum(customerLines.map((l) => t.lineAmounts[l.id]!)));
        const betterment = docLines
          .filter((l) => !l.customerPay && l.bettermentPercent > 0 && t.lineAmounts[l.id]! > 0)
          .map((l) => ({ l, cents: Number(referenceRound(BigInt(t.lineAmounts[l.id]!) * BigInt(l.bettermentPercent), 100n)) }));
        expect(t.bettermentCents).toBe(sum(betterment.map((b) => b.cents)));

        // Customer tax = round(tax × customer taxable / taxable), customer taxable clamped to 0..taxable.
        const taxed = new Set(rule.taxedCategories);
        const customerTaxableRaw =
          sum(customerLines.filter((l) => taxed.has(lineCategory(l))).map((l) => t.lineAmounts[l.id]!)) +
          sum(betterment.filter((b) => taxed.has(lineCategory(b.l))).map((b) => b.cents));
        const customerTaxable = Math.min(Math.max(0, customerTaxableRaw), t.taxableCents);
        const customerTax =
          t.taxableCents > 0 ? Number(referenceRound(BigInt(t.taxCents) * BigInt(customerTaxable), BigInt(t.taxableCents))) : 0;
        expect(t.customerTaxCents).toBe(customerTax);
        expect(t.customerTaxCents).toBeLessThanOrEqual(t.taxCents);

        const insurerBefore = t.totalCents - t.customerPayLinesCents - t.bettermentCents - t.customerTaxCents;
        expect(t.deductibleCents).toBe(Math.min(claimDeductible, Math.max(0, insurerBefore)));
        expect(t.insurancePaysCents).toBe(insurerBefore - t.deductibleCents);
      }),
      RUNS,
    );
  });
});
