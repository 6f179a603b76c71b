/**
 * Estimate forms (./estimate.ts): one line, the insurance claim and shop settings. Dollars in, integer cents out;
 * hours in, tenths out; caps refused with a field message on the right field.
 */
import { describe, expect, it } from 'vitest';
import { EstimateLineSchema, InsuranceClaimSchema, ShopSettingsSchema } from './estimate';
import { SINGLE_LINE_MESSAGE } from './text';

type Form = Record<string, string | string[] | undefined>;

/** The fields with an issue, in order, or [] when the form parses. */
function issuePaths(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[] }[] } } }, form: Form) {
  const r = schema.safeParse(form);
  return r.success ? [] : r.error!.issues.map((i) => String(i.path[0]));
}

function messages(form: Form): string[] {
  const r = EstimateLineSchema.safeParse(form);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

const labor = (fields: Form = {}): Form => ({ lineType: 'labor', description: 'R&I bumper', laborType: 'body', hours: '1.5', rate: '57.55', ...fields });
const part = (fields: Form = {}): Form => ({ lineType: 'part', description: 'Bumper cover', partType: 'oem', quantity: '1', unitPrice: '412.50', ...fields });

describe('EstimateLineSchema', () => {
  it('reads a labor line: hours to tenths, rate to cents', () => {
    const r = EstimateLineSchema.parse(labor());
    expect(r.line).toMatchObject({ lineType: 'labor', laborType: 'body', hoursTenths: 15, rateCents: 5755 });
    expect(r.rateBlank).toBe(false);
    expect(r.lineId).toBeNull();
  });

  it('reads a part line: quantity and unit price in cents', () => {
    const r = EstimateLineSchema.parse(part({ quantity: '2', unitPrice: '$1,234.56', lineId: 'abc' }));
    expect(r.line).toMatchObject({ quantity: 2, unitPriceCents: 123_456, partType: 'oem' });
    expect(r.lineId).toBe('abc');
  });

  it.each([
    ['negative', '-1'],
    ['zero', '0'],
    ['more than 999.9', '1000'],
    ['absurd', '99999999999999999999'],
    ['two decimals', '1.25'],
    ['text', 'lots'],
    ['blank', ''],
  ])('refuses %s hours (%j)', (_, hours) => {
    expect(issuePaths(EstimateLineSchema, labor({ hours }))).toEqual(['hours']);
  });

  it('accepts 999.9 hours at a rate that keeps the line under $1,000,000', () => {
    expect(EstimateLineSchema.parse(labor({ hours: '999.9', rate: '1000' })).line.hoursTenths).toBe(9999);
  });

  it('refuses a labor line over $1,000,000 (hours × rate)', () => {
    // 999.9 h × $1,001 = $1,000,899.90
    expect(messages(labor({ hours: '999.9', rate: '1001' }))).toEqual(['A line cannot be more than $1,000,000: lower the hours or the rate.']);
  });

  it.each([
    ['a negative rate', '-5'],
    ['a rate over $100,000 an hour', '100000.01'],
    ['three decimals', '57.555'],
  ])('refuses %s', (_, rate) => {
    expect(issuePaths(EstimateLineSchema, labor({ rate }))).toEqual(['rate']);
  });

  it.each([
    ['zero', '0'],
    ['negative', '-1'],
    ['more than 9,999', '10000'],
    ['fractional', '1.5'],
    ['absurd', '1e9'],
    ['blank', ''],
  ])('refuses a %s quantity (%j)', (_, quantity) => {
    expect(issuePaths(EstimateLineSchema, part({ quantity }))).toEqual(['quantity']);
  });

  it.each([
    ['negative', '-0.01'],
    ['over $1,000,000', '1000000.01'],
    ['absurd', '99999999999999999999'],
    ['not money', '12,34'],
  ])('refuses a %s unit price (%j)', (_, unitPrice) => {
    expect(issuePaths(EstimateLineSchema, part({ unitPrice }))).toEqual(['unitPrice']);
  });

  it('leaves a blank unit price to the server, which takes the inventory price or refuses it', () => {
    const parsed = EstimateLineSchema.parse(part({ unitPrice: '' }));
    expect(parsed.priceBlank).toBe(true);
    expect(parsed.line.unitPriceCents).toBe(0);
    expect(EstimateLineSchema.parse(part({ unitPrice: '12.50' })).priceBlank).toBe(false);
  });

  it('accepts exactly $1,000,000 on one line', () => {
    expect(EstimateLineSchema.parse(part({ quantity: '4', unitPrice: '250000' })).line.unitPriceCents).toBe(25_000_000);
  });

  it('refuses quantity × price over $1,000,000', () => {
    // 4 × $250,000.01 = $1,000,000.04
    expect(messages(part({ quantity: '4', unitPrice: '250000.01' }))).toEqual([
      'A line cannot be more than $1,000,000: lower the quantity or the price.',
    ]);
  });

  it.each([
    ['sublet', { vendor: 'Glass Co' }],
    ['fee', {}],
    ['discount', { discountAppliesTo: 'parts' }],
    ['paint_materials', { materialsMode: 'flat' }],
  ])('refuses a %s amount over $1,000,000', (lineType, extra) => {
    expect(issuePaths(EstimateLineSchema, { lineType, description: 'x', amount: '1000000.01', ...extra })).toEqual(['amount']);
  });

  it('refuses a labor line without a labor type', () => {
    expect(messages(labor({ laborType: undefined }))).toEqual(['Choose the labor type.']);
    expect(issuePaths(EstimateLineSchema, labor({ laborType: 'painting' }))).toEqual(['laborType']);
  });

  it('refuses a part without a part type and a discount without a category', () => {
    expect(issuePaths(EstimateLineSchema, part({ partType: undefined }))).toEqual(['partType']);
    expect(issuePaths(EstimateLineSchema, { lineType: 'discount', description: 'Loyalty', amount: '20' })).toEqual(['discountAppliesTo']);
  });

  it('refuses an unknown line type', () => {
    expect(issuePaths(EstimateLineSchema, labor({ lineType: 'gift' }))).toEqual(['lineType']);
  });

  it.each(['R&I bumper\nDROP TABLE', 'line\r\nbreak', 'unicode\u2028separator'])('refuses a line break in the description (%j)', (description) => {
    expect(messages(labor({ description }))).toEqual([SINGLE_LINE_MESSAGE]);
  });

  it('refuses a blank description with the message for the line type', () => {
    expect(messages(labor({ description: '   ' }))).toEqual(['Enter the labor operation.']);
  });

  it('accepts unicode and emoji in an operation', () => {
    const description = 'R&I bumper 🚗 – pare-chocs';
    expect(EstimateLineSchema.parse(labor({ description })).line.description).toBe(description);
  });

  it('a blank rate means the shop rate: rateBlank true, rate 0', () => {
    for (const rate of [undefined, '', '   ']) {
      const r = EstimateLineSchema.parse(labor({ rate }));
      expect(r.rateBlank).toBe(true);
      expect(r.line.rateCents).toBe(0);
    }
    const materials = EstimateLineSchema.parse({ lineType: 'paint_materials', description: 'Paint & materials', materialsMode: 'rate', rate: '' });
    expect(materials.rateBlank).toBe(true);
    expect(materials.line.materialsMode).toBe('rate');
  });

  it('reads betterment and customer pay, refuses betterment over 100 %', () => {
    const r = EstimateLineSchema.parse(part({ bettermentPercent: '40', customerPay: 'on' }));
    expect(r.line).toMatchObject({ bettermentPercent: 40, customerPay: true });
    expect(issuePaths(EstimateLineSchema, part({ bettermentPercent: '101' }))).toEqual(['bettermentPercent']);
    expect(issuePaths(EstimateLineSchema, part({ bettermentPercent: '-1' }))).toEqual(['bettermentPercent']);
  });

  it('clears customer pay and betterment on a discount', () => {
    const r = EstimateLineSchema.parse({
      lineType: 'discount',
      description: 'Loyalty',
      amount: '20',
      discountAppliesTo: 'labor',
      customerPay: 'on',
      bettermentPercent: '50',
    });
    expect(r.line).toMatchObject({ amountCents: 2000, discountAppliesTo: 'labor', customerPay: false, bettermentPercent: 0 });
  });
});

const claim = (fields: Form = {}): Form => ({ insurerName: 'State Farm', claimNumber: '12-3456-789', ...fields });

describe('InsuranceClaimSchema', () => {
  it('reads a minimal claim with defaults', () => {
    expect(InsuranceClaimSchema.parse(claim())).toMatchObject({
      insurerName: 'State Farm',
      claimNumber: '12-3456-789',
      policyNumber: null,
      adjusterEmail: null,
      deductible: 0,
      dateOfLoss: null,
      directRepairProgram: false,
      odometer: null,
    });
  });

  it.each([
    ['insurer', { insurerName: undefined }, 'insurerName'],
    ['insurer (blank)', { insurerName: '  ' }, 'insurerName'],
    ['claim number', { claimNumber: undefined }, 'claimNumber'],
    ['claim number (blank)', { claimNumber: '' }, 'claimNumber'],
  ])('requires the %s', (_, fields, path) => {
    expect(issuePaths(InsuranceClaimSchema, claim(fields))).toEqual([path]);
  });

  it('reads the deductible "500" as 50000 cents', () => {
    expect(InsuranceClaimSchema.parse(claim({ deductible: '500' })).deductible).toBe(50_000);
    expect(InsuranceClaimSchema.parse(claim({ deductible: '$1,000.00' })).deductible).toBe(100_000);
  });

  it.each(['-500', 'five hundred', '1000000.01'])('refuses the deductible %j', (deductible) => {
    expect(issuePaths(InsuranceClaimSchema, claim({ deductible }))).toEqual(['deductible']);
  });

  it('reads an email in lower case and refuses a bad one', () => {
    expect(InsuranceClaimSchema.parse(claim({ adjusterEmail: ' Pat.Adjuster@Example.COM ' })).adjusterEmail).toBe('pat.adjuster@example.com');
    for (const adjusterEmail of ['not-an-email', 'a@', '@b.com', 'a b@c.com']) {
      expect(issuePaths(InsuranceClaimSchema, claim({ adjusterEmail }))).toEqual(['adjusterEmail']);
    }
  });

  it('reads a date as YYYY-MM-DD and refuses other formats', () => {
    expect(InsuranceClaimSchema.parse(claim({ dateOfLoss: '2026-11-22' })).dateOfLoss).toBe('2026-11-22');
    for (const dateOfLoss of ['11/22/2026', '2026-13-01', '2026-02-30', '22-11-2026', 'yesterday']) {
      expect(issuePaths(InsuranceClaimSchema, claim({ dateOfLoss }))).toEqual(['dateOfLoss']);
    }
  });

  it('reads the odometer and refuses a line break in the claim number', () => {
    expect(InsuranceClaimSchema.parse(claim({ odometer: '48,250' })).odometer).toBe(48_250);
    expect(issuePaths(InsuranceClaimSchema, claim({ odometer: '12.5' }))).toEqual(['odometer']);
    expect(issuePaths(InsuranceClaimSchema, claim({ claimNumber: '123\n456' }))).toEqual(['claimNumber']);
  });
});

const settings = (fields: Form = {}): Form => ({
  bodyRate: '55',
  refinishRate: '55',
  mechanicalRate: '95',
  frameRate: '65',
  structuralRate: '65',
  materialsRate: '38.25',
  taxRate: '8.25',
  taxedCategories: ['parts', 'materials'],
  ...fields,
});

describe('ShopSettingsSchema', () => {
  it('reads rates in cents and the tax rate in thousandths of a percent', () => {
    expect(ShopSettingsSchema.parse(settings())).toMatchObject({
      bodyRate: 5500,
      materialsRate: 3825,
      taxRate: 8250,
      taxedCategories: ['parts', 'materials'],
      estimateTerms: '',
    });
  });

  it.each([
    ['8.25', 8250],
    ['8.375', 8375],
    ['0', 0],
    ['30', 30_000],
    ['7.5%', 7500],
  ])('tax %j → %i', (taxRate, milli) => {
    expect(ShopSettingsSchema.parse(settings({ taxRate })).taxRate).toBe(milli);
  });

  it.each(['31', '30.001', '-1', 'abc', '', '8.2500'])('refuses the tax rate %j', (taxRate) => {
    expect(issuePaths(ShopSettingsSchema, settings({ taxRate }))).toEqual(['taxRate']);
  });

  it('reads one taxed category as a list, none as an empty list', () => {
    expect(ShopSettingsSchema.parse(settings({ taxedCategories: 'labor' })).taxedCategories).toEqual(['labor']);
    expect(ShopSettingsSchema.parse(settings({ taxedCategories: undefined })).taxedCategories).toEqual([]);
  });

  it('refuses an unknown taxed category', () => {
    expect(issuePaths(ShopSettingsSchema, settings({ taxedCategories: ['parts', 'food'] }))).toEqual(['taxedCategories']);
  });

  it('requires every rate and caps them at $100,000 an hour', () => {
    expect(issuePaths(ShopSettingsSchema, settings({ bodyRate: '' }))).toEqual(['bodyRate']);
    expect(issuePaths(ShopSettingsSchema, settings({ frameRate: '100000.01' }))).toEqual(['frameRate']);
  });
});
