import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type EstimateLine } from '~/lib/estimates/lines';
import { DEFAULT_TAX_RULE, computeTotals } from '~/lib/estimates/totals';
import { DomainError } from '~/server/errors.server';
import {
  BMS_MESSAGES,
  MAX_BMS_BYTES,
  type ParsedBmsEstimate,
  compareWithFileTotals,
  parseBmsEstimate,
  ruleFromBms,
  scaleDecimal,
} from './parse-bms.server';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../tests/fixtures/bms');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

/** Our totals of a parsed file, with the file's own tax rule (the brief's call) and its deductible. */
function oursOf(parsed: ParsedBmsEstimate) {
  const rule = ruleFromBms(parsed, DEFAULT_TAX_RULE);
  return computeTotals(
    parsed.lines,
    { taxRateMilliPercent: parsed.rates.taxRateMilliPercent ?? 8250, taxedCategories: rule.taxedCategories },
    parsed.claim?.deductibleCents ?? null,
  );
}

/** The lines in a compact, comparable form (ids are random). */
const brief = (line: EstimateLine) => ({
  type: line.lineType,
  description: line.description,
  partNumber: line.partNumber,
  partType: line.partType,
  quantity: line.quantity,
  unitPriceCents: line.unitPriceCents,
  laborType: line.laborType,
  hoursTenths: line.hoursTenths,
  rateCents: line.rateCents,
  amountCents: line.amountCents,
});

function refusal(input: string | Buffer): DomainError {
  try {
    parseBmsEstimate(input);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('validation');
    return error as DomainError;
  }
  throw new Error('expected the file to be refused');
}

describe('parseBmsEstimate: Mitchell ICBC export 593475061 (2001 Camry, rear bumper)', () => {
  const parsed = parseBmsEstimate(fixture('mitchell-593475061.xml'));

  it('reads the claim, owner, vehicle and source', () => {
    expect(parsed.estimateNumber).toBe('CX52401-1-A20250721224658');
    expect(parsed.sourceSystem).toBe('Mitchell Estimating 25.2');
    expect(parsed.claim).toEqual({
      insurerName: 'Insurance Corporation of British Columbia',
      claimNumber: 'CX52401-1-A',
      policyNumber: '2O.F3O',
      adjusterName: 'Auto Claims Team CCC2',
      adjusterPhone: '604-5208222',
      adjusterEmail: 'CC63@icbc.com',
      deductibleCents: 30_000,
      dateOfLoss: '2025-07-17',
      pointOfImpact: 'Right Rear (5)',
      directRepairProgram: false,
    });
    expect(parsed.owner).toEqual({
      name: 'JORDAN RIVERA',
      email: null,
      phone: '604-5550101',
      address: '100 EXAMPLE ST, DELTA, BC V4C 0A1',
    });
    expect(parsed.vehicle).toEqual({
      vin: 'JT2BG22K710532984',
      year: 2001,
      make: 'Toyota',
      model: 'Camry',
      color: '8N7 - Sailfin Blue Pearl',
      licensePlate: 'TEST01',
      odometer: 212013,
    });
    expect(parsed.rates).toMatchObject({
      labor: { body: 8946, refinish: 8946, mechanical: 11505, frame: 10227, structural: 8946 },
      materialsRateCents: 6011,
      taxRateMilliPercent: 12_000, // BC: PST 7 % (profile) + GST 5 % (CanadianTax)
    });
  });

  it('makes one line per priced component, with the file rates', () => {
    expect(parsed.lines).toHaveLength(10);
    const lines = parsed.lines.map(brief);
    // DamageLineInfo 1: existing bumper (PAE, $0: no part) + 1.7 h body labor at $89.46.
    expect(lines[0]).toMatchObject({
      type: 'labor',
      description: 'Rear Bumper Cover Assy',
      laborType: 'body',
      hoursTenths: 17,
      rateCents: 8946,
    });
    // DamageLineInfo 2: aftermarket (PAA) cover; its 0.0 h labor is "included" and makes no line.
    expect(lines[1]).toMatchObject({
      type: 'part',
      partNumber: 'TY37-087-C0',
      partType: 'aftermarket',
      quantity: 1,
      unitPriceCents: 21001,
    });
    expect(lines[2]).toMatchObject({
      type: 'labor',
      laborType: 'refinish',
      hoursTenths: 23,
      rateCents: 8946,
    });
    expect(lines[3]).toMatchObject({
      type: 'paint_materials',
      description: 'Paint/Materials',
      amountCents: 21039,
    });
    expect(lines[4]).toMatchObject({
      type: 'paint_materials',
      description: 'Shop Materials',
      amountCents: 1199,
    });
    // A sublet with price $50 and quantity 0 (Mitchell counts it once), description with &amp; decoded.
    expect(lines[7]).toMatchObject({
      type: 'sublet',
      description: 'REPAIR PLANNING & DOCUMENTATION',
      amountCents: 5000,
    });
    // ICBC's ATS allowance is only in RepairTotalsInfo: 5.2 h × $11.05.
    expect(lines[9]).toMatchObject({ type: 'fee', description: 'ATS Allowance', amountCents: 5746 });
    expect(parsed.warnings).toEqual([
      'Line 8 has no price and was imported at $0.00.',
      'Line 3 is a note without a part, labor or charge and was not imported.',
      '"ATS Allowance" ($57.46) appears only in the file\'s totals and was imported as one line.',
    ]);
  });

  it('reads the file totals and matches ours but for a cent', () => {
    expect(parsed.fileTotals).toEqual({
      partsCents: 21001,
      laborCents: 46519, // LA 515.19 less the $50 body-labor sublet (LABS), which is our sublet
      materialsCents: null, // Mitchell folds materials into "Additional Costs" (OTAC)
      subletCents: 5000,
      otherCents: 27983,
      taxCents: 12060,
      totalCents: 112563,
      insurancePaysCents: 82563,
      customerPaysCents: 30000,
      deductibleCents: 30000,
    });
    const ours = oursOf(parsed);
    expect(ours.byCategory).toEqual({
      parts: 21001,
      labor: 46519,
      materials: 22238,
      sublet: 5000,
      fees: 5746,
    });
    // Mitchell's OTAC total has paint materials as 210.38 (3.5 h × $60.11 = 210.385 rounded down in floating point)
    // while its own line says 210.39; we take the line, so we are one cent higher.
    expect(compareWithFileTotals(parsed.fileTotals, ours)).toEqual([
      { field: 'other', fileCents: 27983, ourCents: 27984, differenceCents: 1 },
      { field: 'total', fileCents: 112563, ourCents: 112564, differenceCents: 1 },
      { field: 'insurancePays', fileCents: 82563, ourCents: 82564, differenceCents: 1 },
    ]);
  });
});

describe('parseBmsEstimate: Mitchell ICBC export 599540605 (1996 Corolla, repair and refinish only)', () => {
  const parsed = parseBmsEstimate(fixture('mitchell-599540605.xml'));

  it('maps claim, vehicle and lines', () => {
    expect(parsed.claim).toMatchObject({
      claimNumber: 'CX73342-5-A',
      policyNumber: '5B.S1B',
      deductibleCents: 0,
      pointOfImpact: 'Rear (6)',
    });
    expect(parsed.owner?.name).toBe('ALEX MORGAN');
    expect(parsed.vehicle).toMatchObject({
      vin: '2T1BA03E3TC121791',
      year: 1996,
      make: 'Toyota',
      model: 'Corolla',
      odometer: 173780,
    });
    expect(parsed.lines.map((l) => l.lineType)).toEqual([
      'labor',
      'labor',
      'paint_materials',
      'paint_materials',
      'labor',
      'sublet',
      'labor',
      'sublet',
      'fee',
    ]);
    expect(parsed.lines.filter((l) => l.lineType === 'part')).toHaveLength(0);
    expect(brief(parsed.lines[1]!)).toMatchObject({
      laborType: 'refinish',
      hoursTenths: 24,
      rateCents: 8946,
    });
    expect(parsed.lines[2]!.amountCents).toBe(22241);
  });

  it('compares totals: one cent of tax from Mitchell rounding per category', () => {
    expect(parsed.fileTotals).toMatchObject({
      partsCents: 0,
      laborCents: 50992,
      subletCents: 5000,
      otherCents: 29950,
      taxCents: 10312,
      totalCents: 96254,
    });
    const ours = oursOf(parsed);
    // Mitchell rounds tax per category (labor 67.19 + additional costs 35.93, the latter again a floating-point
    // round-down of 35.94); we round once per document: 859.42 × 12 % = 103.13.
    expect(compareWithFileTotals(parsed.fileTotals, ours)).toEqual([
      { field: 'tax', fileCents: 10312, ourCents: 10313, differenceCents: 1 },
      { field: 'total', fileCents: 96254, ourCents: 96255, differenceCents: 1 },
      { field: 'insurancePays', fileCents: 96254, ourCents: 96255, differenceCents: 1 },
    ]);
  });
});

describe('parseBmsEstimate: held-out Mitchell export 602197685 (mapping written without it)', () => {
  const parsed = parseBmsEstimate(fixture('mitchell-602197685-heldout.xml'));

  it('reads a customer-pay estimate: ClaimNum "N/A", no insurer', () => {
    // First run (commit 37a8e56) read claimNumber "N/A" and a claim with a $0 deductible, and took Mitchell's
    // "Net Total" for an insurer's share. Fixed: placeholders are none; no insurer means no claim, customer pays.
    expect(parsed.claim).toBeNull();
    expect(parsed.owner).toEqual({ name: 'SAM LEE', email: null, phone: '+1604-5550103', address: null });
    expect(parsed.vehicle).toMatchObject({
      vin: 'JA4J24A55LZ610387',
      year: 2020,
      make: 'Mitsubishi',
      model: 'Outlander PHEV',
    });
    expect(parsed.lines.map(brief)).toEqual([
      expect.objectContaining({
        type: 'labor',
        description: 'L Quarter Outer Panel',
        laborType: 'body',
        hoursTenths: 10,
        rateCents: 8771,
      }),
      expect.objectContaining({ type: 'paint_materials', description: 'Shop Materials', amountCents: 697 }),
    ]);
    expect(parsed.warnings).toEqual([]); // the $0.00 ATS total makes no line
  });

  it('differs from the file by the per-category tax rounding only', () => {
    expect(parsed.fileTotals).toMatchObject({
      laborCents: 8771,
      otherCents: 697,
      taxCents: 1137,
      totalCents: 10605,
      insurancePaysCents: null,
      customerPaysCents: 10605,
    });
    // Mitchell: labor 87.71 → 6.14 PST + 4.39 GST, materials 6.97 → 0.49 + 0.35 = 11.37; we: 94.68 × 12 % = 11.36.
    expect(compareWithFileTotals(parsed.fileTotals, oursOf(parsed))).toEqual([
      { field: 'tax', fileCents: 1137, ourCents: 1136, differenceCents: -1 },
      { field: 'total', fileCents: 10605, ourCents: 10604, differenceCents: -1 },
      { field: 'customerPays', fileCents: 10605, ourCents: 10604, differenceCents: -1 },
    ]);
  });
});

describe('parseBmsEstimate: synthetic CIECA-shaped sample (words instead of codes)', () => {
  const parsed = parseBmsEstimate(fixture('collisionos-synthetic-major-collision.xml'));

  it('maps word labor types and rates, and works the tax rate out of the totals', () => {
    expect(parsed.claim).toMatchObject({
      insurerName: 'Intact Insurance',
      claimNumber: 'CLM-24-0002',
      deductibleCents: 100_000,
      pointOfImpact: 'SideImpact',
    });
    expect(parsed.vehicle).toMatchObject({
      vin: '3VWDB7AJ8DM012345',
      year: 2019,
      make: 'Volkswagen',
      model: 'Jetta',
    });
    expect(parsed.lines).toHaveLength(11);
    expect(brief(parsed.lines[0]!)).toMatchObject({
      type: 'part',
      partNumber: '5C6831055B',
      unitPriceCents: 62500,
      partType: null,
    });
    expect(brief(parsed.lines[5]!)).toMatchObject({
      type: 'labor',
      laborType: 'frame',
      hoursTenths: 120,
      rateCents: 7500,
    });
    expect(brief(parsed.lines[8]!)).toMatchObject({
      type: 'labor',
      laborType: 'refinish',
      hoursTenths: 145,
      rateCents: 6800,
    });
    expect(brief(parsed.lines[10]!)).toMatchObject({ type: 'sublet', amountCents: 12500 });
    expect(parsed.rates.taxRateMilliPercent).toBe(13_000);
    expect(parsed.warnings).toEqual(['The file gives no tax rate; 13% was worked out from its totals.']);
  });

  it('reports that its own labor total does not add up', () => {
    const ours = oursOf(parsed);
    // The sample's labor total (2,668.80) is not its lines at its own rates (15.5 h body + 14.5 h paint at $68,
    // 12 h frame at $75 = 2,940.00); the tax and totals follow from that.
    expect(compareWithFileTotals(parsed.fileTotals, ours)).toEqual([
      { field: 'labor', fileCents: 266880, ourCents: 294000, differenceCents: 27120 },
      { field: 'tax', fileCents: 59979, ourCents: 63505, differenceCents: 3526 },
      { field: 'total', fileCents: 521359, ourCents: 552005, differenceCents: 30646 },
      { field: 'insurancePays', fileCents: 421359, ourCents: 452005, differenceCents: 30646 },
    ]);
  });
});

describe('parseBmsEstimate: refusals', () => {
  it('refuses text that is not XML', () => {
    expect(refusal('ESTIMATE 12345, bumper $300').message).toBe(BMS_MESSAGES.notXml);
  });

  it('refuses a truncated file', () => {
    const whole = fixture('mitchell-593475061.xml');
    expect(refusal(whole.subarray(0, Math.floor(whole.length / 2))).message).toBe(BMS_MESSAGES.notXml);
  });

  it('refuses an entity bomb before expanding anything', () => {
    const laughs = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE lolz [',
      '<!ENTITY lol "lol">',
      ...Array.from(
        { length: 9 },
        (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
      ),
      ']>',
      '<VehicleDamageEstimateAddRq><DamageLineInfo><LineDesc>&lol9;</LineDesc></DamageLineInfo></VehicleDamageEstimateAddRq>',
    ].join('\n');
    const started = performance.now();
    expect(refusal(laughs).message).toBe(BMS_MESSAGES.entities);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('refuses a DOCTYPE with an external entity', () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
      '<VehicleDamageEstimateAddRq><DamageLineInfo><LineDesc>&xxe;</LineDesc></DamageLineInfo></VehicleDamageEstimateAddRq>';
    expect(refusal(xxe).message).toMatch(/refused: it declares XML entities/);
  });

  it('refuses XML that is not a BMS estimate', () => {
    expect(refusal(fixture('not-bms-state-farm-sample.xml')).message).toBe(BMS_MESSAGES.notBms);
  });

  it('refuses an estimate without damage lines', () => {
    expect(
      refusal('<VehicleDamageEstimateAddRq><RefClaimNum>1</RefClaimNum></VehicleDamageEstimateAddRq>')
        .message,
    ).toBe(BMS_MESSAGES.noLines);
  });

  it('refuses 20 MB by size, before reading it', () => {
    const huge = Buffer.alloc(20 * 1024 * 1024, 0x20);
    const started = performance.now();
    expect(refusal(huge).message).toBe(BMS_MESSAGES.tooLarge);
    expect(refusal(' '.repeat(MAX_BMS_BYTES + 1)).message).toBe(BMS_MESSAGES.tooLarge);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('parseBmsEstimate: text and numbers', () => {
  const small = (lines: string, extra = '') =>
    `<?xml version="1.0" encoding="UTF-8"?><VehicleDamageEstimateAddRq xmlns="http://www.cieca.com/BMS">${extra}${lines}</VehicleDamageEstimateAddRq>`;

  it('keeps unicode and emoji, decodes character references, rounds hours half up to tenths', () => {
    const xml = small(
      `<DamageLineInfo><LineNum>1</LineNum><LineDesc>Pare-chocs arrière 🚗 — &#233;tape &amp; “finition”</LineDesc>
        <LaborInfo><LaborType>LAB</LaborType><LaborHours>1.25</LaborHours></LaborInfo>
        <RefinishLaborInfo><LaborHours>0.24</LaborHours></RefinishLaborInfo>
        <PartInfo><PartType>PAN</PartType><PartNum>52159-AA902</PartNum><PartPrice>745.085</PartPrice><Quantity>2</Quantity></PartInfo>
      </DamageLineInfo>`,
      '<ProfileInfo><RateInfo><RateType>LAB</RateType><RateTierInfo><TierNum>1</TierNum><Rate>60</Rate></RateTierInfo></RateInfo></ProfileInfo>',
    );
    const parsed = parseBmsEstimate(Buffer.from(xml, 'utf8'));
    expect(parsed.lines.map(brief)).toEqual([
      expect.objectContaining({
        type: 'part',
        description: 'Pare-chocs arrière 🚗 — étape & “finition”',
        partType: 'oem',
        quantity: 2,
        unitPriceCents: 74509,
      }),
      expect.objectContaining({ type: 'labor', laborType: 'body', hoursTenths: 13, rateCents: 6000 }),
      expect.objectContaining({ type: 'labor', laborType: 'refinish', hoursTenths: 2, rateCents: 0 }),
    ]);
    expect(parsed.claim).toBeNull();
    expect(parsed.warnings).toEqual([
      'Line 1 has no labor rate in the file and was imported at $0.00 an hour.',
    ]);
  });

  it('reads UTF-16 with a byte order mark', () => {
    const xml = small(
      '<DamageLineInfo><LineDesc>Stoßfänger</LineDesc><OtherChargesInfo><OtherChargesType>OTTW</OtherChargesType><Price>85.00</Price></OtherChargesInfo></DamageLineInfo>',
    );
    const parsed = parseBmsEstimate(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]));
    expect(parsed.lines.map(brief)).toEqual([
      expect.objectContaining({ type: 'fee', description: 'Stoßfänger', amountCents: 8500 }),
    ]);
  });

  it('scales decimals with string arithmetic, half away from zero', () => {
    expect(scaleDecimal('210.385', 2)).toBe(21039);
    expect(scaleDecimal('-300.00', 2)).toBe(-30000);
    expect(scaleDecimal('0.1', 2)).toBe(10);
    expect(scaleDecimal('1.25', 1)).toBe(13);
    expect(scaleDecimal('1.24', 1)).toBe(12);
    expect(scaleDecimal('1,234.5', 2)).toBe(123450);
    expect(scaleDecimal('7.0000', 3)).toBe(7000);
    expect(scaleDecimal('12abc', 2)).toBeNull();
    expect(scaleDecimal('', 2)).toBeNull();
  });
});
