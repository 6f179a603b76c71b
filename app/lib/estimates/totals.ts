/**
 * The one module that computes money on an estimate, supplement or final repair invoice (issue 14). Pages, PDFs, the
 * BMS comparison, e-mails and the invoice all call `computeTotals`; nothing else adds up lines.
 *
 * Input: the lines (./lines.ts), the tax rule (rate in thousandths of a percent, taxed categories) and the claim's
 * deductible (cents; null without an insurance claim). Output: every figure in integer cents.
 *
 * Rules (each documented in docs/decisions/0007-estimates-money-and-signatures.md):
 * 1. Line amounts: part = quantity × unit price; labor = tenths × rate / 10 rounded half up per line; paint & materials
 *    at a rate = the document's refinish tenths × materials rate / 10 rounded half up; sublet, fee = amount;
 *    discount = −amount. Amounts are signed integers.
 * 2. Tax is rounded once per document, half up (away from zero): tax = round(taxable × rate / 100 000), where taxable
 *    = the sum of line amounts in taxed categories, never below zero.
 * 3. Without a claim the customer pays the total. With a claim the customer pays the customer-pay lines, betterment
 *    (round(amount × percent / 100) per insurer-paid line), their share of tax (round(tax × customer taxable / taxable))
 *    and the deductible, never more than what the insurer would otherwise pay; the insurer pays the rest.
 * Invariants (tests/property/estimate-totals.test.ts): categories add up to the subtotal, subtotal + tax = total,
 * insurance pays + customer pays = total, every figure an integer.
 */
import { roundProductHalfUp } from '~/lib/money';
import { type EstimateLine, type TaxCategory, TAX_CATEGORIES, lineCategory } from './lines';

export interface TaxRule {
  /** Thousandths of a percent: 8250 = 8.25 %. */
  taxRateMilliPercent: number;
  taxedCategories: readonly TaxCategory[];
}

/** Texas: 8.25 % on parts and materials (issue 14 default). */
export const DEFAULT_TAX_RULE: TaxRule = { taxRateMilliPercent: 8250, taxedCategories: ['parts', 'materials'] };

export interface EstimateTotals {
  /** Each line's amount in cents, by line id. */
  lineAmounts: Record<string, number>;
  /** Sum of line amounts per category (discounts included in the category they apply to). */
  byCategory: Record<TaxCategory, number>;
  /** Sum of discount lines (≤ 0), already inside `byCategory`. */
  discountCents: number;
  /** Labor tenths per labor type and in all. */
  laborTenths: number;
  refinishTenths: number;
  subtotalCents: number;
  taxableCents: number;
  taxRateMilliPercent: number;
  taxCents: number;
  totalCents: number;
  /** With a claim; zero without one. */
  customerPayLinesCents: number;
  bettermentCents: number;
  customerTaxCents: number;
  deductibleCents: number;
  insurancePaysCents: number;
  customerPaysCents: number;
}

/** The amount of one line in cents (rule 1); `refinishTenths` is the document's refinish labor for materials at a rate. */
export function lineAmount(line: EstimateLine, refinishTenths: number): number {
  switch (line.lineType) {
    case 'part':
      return line.quantity * line.unitPriceCents;
    case 'labor':
      return roundProductHalfUp(line.hoursTenths, line.rateCents, 10);
    case 'paint_materials':
      return line.materialsMode === 'rate' ? roundProductHalfUp(refinishTenths, line.rateCents, 10) : line.amountCents;
    case 'sublet':
    case 'fee':
      return line.amountCents;
    case 'discount':
      // 0 − amount, not −amount: a $0 discount is 0, never negative zero (Intl formats −0 as "-0").
      return 0 - line.amountCents;
  }
}

/**
 * Every figure of a document (rules 1–3). `deductibleCents` null means no insurance claim. Pure; throws nothing for
 * valid integers (validation of caps happens in the schemas).
 */
export function computeTotals(
  lines: readonly EstimateLine[],
  rule: TaxRule,
  deductibleCents: number | null,
): EstimateTotals {
  const refinishTenths = lines
    .filter((l) => l.lineType === 'labor' && l.laborType === 'refinish')
    .reduce((sum, l) => sum + l.hoursTenths, 0);
  const laborTenths = lines.filter((l) => l.lineType === 'labor').reduce((sum, l) => sum + l.hoursTenths, 0);
  const taxed = new Set(rule.taxedCategories);
  const byCategory = Object.fromEntries(TAX_CATEGORIES.map((c) => [c, 0])) as Record<TaxCategory, number>;
  const lineAmounts: Record<string, number> = {};
  const insured = deductibleCents !== null;
  let discountCents = 0;
  let taxableSum = 0;
  let customerPayLinesCents = 0;
  let bettermentCents = 0;
  let customerTaxableSum = 0;

  for (const line of lines) {
    const amount = lineAmount(line, refinishTenths);
    const category = lineCategory(line);
    lineAmounts[line.id] = amount;
    byCategory[category] += amount;
    if (line.lineType === 'discount') discountCents += amount;
    const isTaxed = taxed.has(category);
    if (isTaxed) taxableSum += amount;
    if (!insured) continue;
    if (line.customerPay) {
      customerPayLinesCents += amount;
      if (isTaxed) customerTaxableSum += amount;
    } else if (line.bettermentPercent > 0 && amount > 0) {
      const betterment = roundProductHalfUp(amount, line.bettermentPercent, 100);
      bettermentCents += betterment;
      if (isTaxed) customerTaxableSum += betterment;
    }
  }

  const subtotalCents = TAX_CATEGORIES.reduce((sum, c) => sum + byCategory[c], 0);
  const taxableCents = Math.max(0, taxableSum);
  const taxCents = roundProductHalfUp(taxableCents, rule.taxRateMilliPercent, 100_000);
  const totalCents = subtotalCents + taxCents;

  let customerTaxCents = 0;
  let deductibleApplied = 0;
  let insurancePaysCents = 0;
  if (insured) {
    const customerTaxable = Math.min(Math.max(0, customerTaxableSum), taxableCents);
    customerTaxCents = taxableCents > 0 ? roundProductHalfUp(taxCents, customerTaxable, taxableCents) : 0;
    const insurerBefore = totalCents - customerPayLinesCents - bettermentCents - customerTaxCents;
    deductibleApplied = Math.min(Math.max(0, deductibleCents), Math.max(0, insurerBefore));
    insurancePaysCents = insurerBefore - deductibleApplied;
  }

  return {
    lineAmounts,
    byCategory,
    discountCents,
    laborTenths,
    refinishTenths,
    subtotalCents,
    taxableCents,
    taxRateMilliPercent: rule.taxRateMilliPercent,
    taxCents,
    totalCents,
    customerPayLinesCents,
    bettermentCents,
    customerTaxCents,
    deductibleCents: deductibleApplied,
    insurancePaysCents,
    customerPaysCents: totalCents - insurancePaysCents,
  };
}
