/**
 * Rules the eighth extra tuning set (extra8, layouts L61–L66) showed the need for, each on hand-built word boxes or
 * strings: a Chrysler dealer's 20/AUG/2026 and its customer's name beside a label, a Rugged Ridge part number printed
 * like money, an e-mailed invoice's "From:" line, a paint store's "Stk# | Product" table, 3M's "233+" and "Cubitron II",
 * Kia's "ITEM CODE / DESCRIPTION" cell.
 */
import { describe, expect, it } from 'vitest';
import { readDate } from '~/server/extraction/layout/dates';
import {
  chargeKind,
  isLabelOfNext,
  isProsePart,
  joinWrapped,
  matchHeader,
  proseLetters,
  readInvoiceLayout,
  withoutEmail,
} from '~/server/extraction/layout/read-layout';
import { makeLine } from '~/server/extraction/layout/words';
import { line } from './word-boxes';

describe('dates with slashes around the month name', () => {
  it('reads 20/AUG/2026 and 03/NOV/2026 as day, month, year', () => {
    expect(readDate('DATE 20/AUG/2026')?.iso).toBe('2026-08-20');
    expect(readDate('03/NOV/2026')?.iso).toBe('2026-11-03');
    // The formats read before are read as before.
    expect(readDate('03-NOV-26')?.iso).toBe('2026-11-03');
    expect(readDate('30 Oct 2026')?.iso).toBe('2026-10-30');
  });

  it('reads a month-first date whose comma stands for the space ("Jan. 27,2026": random layout R2063)', () => {
    expect(readDate('INV DATE: Jan. 27,2026')?.iso).toBe('2026-01-27');
    expect(readDate('Nov 3,2026')?.iso).toBe('2026-11-03');
    // A comma between numbers of a quantity is no date.
    expect(readDate('Qty 27,2026 ea')).toBeNull();
  });
});

describe('the supplier', () => {
  it('leaves out an e-mail address after the name', () => {
    expect(withoutEmail('PartsLink Brokerage LLC <billing@partslinkparts.com>')).toBe('PartsLink Brokerage LLC');
    expect(withoutEmail('Metro Paint (orders@metro-paint.com)')).toBe('Metro Paint');
    expect(withoutEmail('Westside Auto Parts')).toBe('Westside Auto Parts');
  });

  it('knows a label whose value follows it', () => {
    expect(['CUSTOMER', 'Sold To', 'To:', 'Attn', 'Bill To:'].every(isLabelOfNext)).toBe(true);
    expect(['Capitol CDJR Wholesale Parts', 'PARTS DEPARTMENT'].some(isLabelOfNext)).toBe(false);
  });

  it('is not the customer named beside its label, even in larger print', () => {
    const read = readInvoiceLayout([
      ...line(0, [['Capitol CDJR Wholesale Parts', 10]], 0.95, 30),
      ...line(50, [['Invoice 389879', 700]]),
      ...line(100, [['CUSTOMER', 10], ['PRECISION COLLISION CENTER', 200]], 0.95, 40),
      ...line(170, [['Qty', 10], ['Part Number', 60], ['Description', 250], ['Price', 600], ['Amount', 750]]),
      ...line(210, [['1', 10], ['68225079AA', 60], ['SENSOR, PARK ASSIST', 250], ['105.20', 600], ['105.20', 750]]),
      ...line(260, [['Total', 600], ['105.20', 750]]),
    ]);
    expect(read.supplier).toBe('Capitol CDJR Wholesale Parts');
  });
});

describe('part numbers', () => {
  it('keeps a number printed like money in the part-number column when the row has its own prices', () => {
    const read = readInvoiceLayout([
      ...line(0, [['Qty', 10], ['Part Number', 60], ['Description', 250], ['Price', 600], ['Amount', 750]]),
      ...line(40, [['2', 10], ['11231.01', 60], ['GRILLE INSERT, BLACK', 250], ['103.40', 600], ['206.80', 750]]),
      ...line(80, [['1', 10], ['68492837AD', 60], ['HEADLAMP, LEFT', 250], ['848.37', 600], ['848.37', 750]]),
      ...line(130, [['Total', 600], ['1,055.17', 750]]),
    ]);
    expect(read.line_items.map((i) => i.part_number)).toEqual(['11231.01', '68492837AD']);
  });

  it('takes words for prose, codes for codes', () => {
    expect(['WHEEL', 'Tack cloth, 12 ct', 'Epoxy primer, gray'].every(isProsePart)).toBe(true);
    expect(['EP-PRM-GRY', 'MX-GAZ', 'KYB 334658', 'HC3Z 8200 A', '3M-06345'].some(isProsePart)).toBe(false);
  });

  it("lets the table found by content win over a header that took the product's name for the part number", () => {
    // "Stk#" is no head the vocabulary knows; "Product" is, as the part number.
    const read = readInvoiceLayout([
      ...line(0, [['Stk#', 10], ['Product', 300], ['Size', 700], ['Qty', 800], ['Price', 900], ['Amount', 1050]]),
      ...line(40, [['EP-PRM-GRY', 10], ['Epoxy primer, gray', 300], ['GL', 700], ['1', 800], ['120.10', 900], ['120.10', 1050]]),
      ...line(80, [['TACK-12', 10], ['Tack cloth, 12 ct', 300], ['PK', 700], ['3', 800], ['13.00', 900], ['39.00', 1050]]),
      ...line(120, [['MIXFEE', 10], ['Tint / mixing charge', 300], ['1', 800], ['4.30', 900], ['4.30', 1050]]),
      ...line(170, [['Total', 900], ['163.40', 1050]]),
    ]);
    expect(read.line_items).toEqual([
      { part_number: 'EP-PRM-GRY', description: 'Epoxy primer, gray', quantity: 1, unit_price: 120.1 },
      { part_number: 'TACK-12', description: 'Tack cloth, 12 ct', quantity: 3, unit_price: 13 },
    ]);
    expect(read.charges).toEqual([{ kind: 'fee', description: 'Tint / mixing charge', amount: 4.3 }]);
  });

  it('drops a full stop read between the letter after a dash and a digit', () => {
    const read = readInvoiceLayout([
      ...line(0, [['Qty', 10], ['Part Number', 60], ['Description', 250], ['Price', 600], ['Amount', 750]]),
      ...line(40, [['1', 10], ['95895-L.3000', 60], ['UNIT ASSY-FRONT VIEW CAMERA', 250], ['619.85', 600], ['619.85', 750]]),
      ...line(90, [['Total', 600], ['619.85', 750]]),
    ]);
    expect(read.line_items[0]!.part_number).toBe('95895-L3000');
  });
});

describe('charges and descriptions', () => {
  it('knows a charge named for what it is, not how it is paid nor a turbo part', () => {
    expect(chargeKind('Tint / mixing charge')).toBe('fee');
    expect(chargeKind('Delivery charge')).not.toBeNull();
    expect(chargeKind('CHARGE TO ACCT 9852')).toBeNull();
    expect(chargeKind('Charge air cooler')).toBeNull();
  });

  it("keeps a product's plus sign and a comma read apart from its word", () => {
    expect(joinWrapped([line(0, [['Masking tape 3/4 in, 233+', 10]])])).toBe('Masking tape 3/4 in, 233+');
    expect(joinWrapped([line(0, [['BRACKET-REAR BUMPER SIDE ,RH', 10]])])).toBe('BRACKET-REAR BUMPER SIDE,RH');
    // Other marks at the end are still dropped.
    expect(joinWrapped([line(0, [['Oil filter --', 10]])])).toBe('Oil filter');
  });

  it("reads a Roman numeral's small l as I", () => {
    expect(proseLetters('Il')).toBe('II');
    expect(proseLetters('IlI')).toBe('III');
    expect(proseLetters('Ill')).toBe('III');
    expect(proseLetters('Iron')).toBe('Iron');
  });
});

describe('a head naming the code and the description of one cell', () => {
  it('"ITEM CODE / DESCRIPTION" is one part-number column, its next line the description', () => {
    const cols = matchHeader(makeLine(line(0, [['ITEM CODE', 10], ['/', 110], ['DESCRIPTION', 130], ['QTY', 600], ['UNIT PRICE', 750], ['AMOUNT', 950]])))!;
    expect(cols.map((c) => c.kind)).toEqual(['part', 'qty', 'price', 'amount']);
    const read = readInvoiceLayout([
      ...line(0, [['ITEM CODE', 10], ['/', 110], ['DESCRIPTION', 130], ['QTY', 600], ['UNIT PRICE', 750], ['AMOUNT', 950]]),
      ...line(40, [['86350-L3010', 10], ['2 EA', 600], ['278.14', 750], ['556.28', 950]]),
      ...line(70, [['GRILLE ASSY-RADIATOR', 10]]),
      ...line(110, [['86590-L3AA0', 10], ['1 EA', 600], ['35.64', 750], ['35.64', 950]]),
      ...line(140, [['GARNISH-FRONT BUMPER', 10]]),
      ...line(190, [['Amount Due', 750], ['591.92', 950]]),
    ]);
    expect(read.line_items).toEqual([
      { part_number: '86350-L3010', description: 'GRILLE ASSY-RADIATOR', quantity: 2, unit_price: 278.14 },
      { part_number: '86590-L3AA0', description: 'GARNISH-FRONT BUMPER', quantity: 1, unit_price: 35.64 },
    ]);
  });
});
