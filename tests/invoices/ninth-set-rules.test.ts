/**
 * Rules the ninth extra tuning set (extra9, layouts L67–L72: the content of rows) showed the need for, each on
 * hand-built word boxes or strings: a paint jobber's 1.5 GL and 0.25 LB (the point read or lost), a GM dealer's
 * "INCL $75.00 CORE", an aftermarket distributor's "PROMO 20% OFF" part, "15%" and "W/" at the end of a wrapped line,
 * "#80 GRIT", a fastener supplier's "Invoice  INV 8947865" and a "$" read for the S of "S83-63778".
 */
import { describe, expect, it } from 'vitest';
import { CHANGED_CONFIDENCE } from '~/server/extraction/layout/glyphs';
import { decimalQuantity, joinWrapped, readInvoiceLayout, rowChargeKind } from '~/server/extraction/layout/read-layout';
import { line } from './word-boxes';

const head = (y: number) =>
  line(y, [['Qty', 10], ['UM', 70], ['Item', 130], ['Description', 330], ['Price', 800], ['Amount', 950]]);

describe('a quantity with a fraction', () => {
  it('is proved by the amount, with the point read or lost, and gives the line amount', () => {
    expect(decimalQuantity('1.5', null, 73.95, [110.93, null])).toBe(110.93);
    expect(decimalQuantity('0.25', null, 92.25, [null, 23.06])).toBe(23.06);
    // "15" for 1.5: 15 × 63.90 is not the amount, 1.5 × 63.90 is (its point lost too: "9585").
    expect(decimalQuantity('15', 15, 63.9, [null, 95.85])).toBe(95.85);
    // A whole quantity that makes the amount stays whole; nothing proves a fraction without an amount.
    expect(decimalQuantity('15', 15, 6.39, [95.85, null])).toBeNull();
    expect(decimalQuantity('1.5', null, 73.95, [null, null])).toBeNull();
    expect(decimalQuantity('2', 2, 10, [20, null])).toBeNull();
    expect(decimalQuantity('20', 20, 10, [20, null])).toBeNull();
  });

  it('enters the row as 1 at its line amount, marked for checking', () => {
    const read = readInvoiceLayout([
      ...head(0),
      ...line(40, [['1.5', 10], ['GL', 70], ['RED-MED.GL', 130], ['URETHANE REDUCER MEDIUM TEMP', 330], ['73.95', 800], ['110.93', 950]]),
      ...line(80, [['2', 10], ['EA', 70], ['3M-05917', 130], ['TACK CLOTH', 330], ['4.10', 800], ['8.20', 950]]),
      ...line(130, [['Total', 800], ['119.13', 950]]),
    ]);
    expect(read.line_items).toEqual([
      { part_number: 'RED-MED.GL', description: 'URETHANE REDUCER MEDIUM TEMP', quantity: 1, unit_price: 110.93 },
      { part_number: '3M-05917', description: 'TACK CLOTH', quantity: 2, unit_price: 4.1 },
    ]);
    expect(read.confidence.line_items![0]!.quantity).toBe(CHANGED_CONFIDENCE);
  });
});

describe('what a description prints', () => {
  it('keeps money printed inside it, not money at its edge', () => {
    const read = readInvoiceLayout([
      ...head(0),
      ...line(40, [['1', 10], ['EA', 70], ['GM 84385127', 130], ['COMPRESSOR ASM-A/C INCL $75.00 CORE', 330], ['703.65', 800], ['703.65', 950]]),
      ...line(80, [['1', 10], ['EA', 70], ['GM 23364972', 130], ['RADIATOR ASM $12.00', 330], ['324.77', 800], ['324.77', 950]]),
      ...line(130, [['Total', 800], ['1,028.42', 950]]),
    ]);
    expect(read.line_items.map((i) => i.description)).toEqual(['COMPRESSOR ASM-A/C INCL $75.00 CORE', 'RADIATOR ASM']);
  });

  it('keeps a rate sign and "w/" at the end of a line, and a number sign at its start', () => {
    expect(joinWrapped([line(0, [['ENERGY ABSORBER FRONT 15%', 10]])])).toBe('ENERGY ABSORBER FRONT 15%');
    expect(joinWrapped([line(0, [['GRILLE ASSY 6 BAR CHROME W/', 10]])])).toBe('GRILLE ASSY 6 BAR CHROME W/');
    // Other marks at the end are still dropped.
    expect(joinWrapped([line(0, [['HOOD HINGE /', 10]])])).toBe('HOOD HINGE');
    const read = readInvoiceLayout([
      ...head(0),
      ...line(40, [['1', 10], ['BX', 70], ['3M.02085', 130], ['#80 GRIT HOOKIT DISC 6 IN', 330], ['47.80', 800], ['47.80', 950]]),
      ...line(90, [['Total', 800], ['47.80', 950]]),
    ]);
    expect(read.line_items[0]!.description).toBe('#80 GRIT HOOKIT DISC 6 IN');
  });

  it('leaves a part on promotion a part, and a discount a discount', () => {
    expect(rowChargeKind('FOG LAMP KIT PROMO 20% OFF LIST', 'NI2593140', 104.75)).toBeNull();
    expect(rowChargeKind('PROMO DISCOUNT', 'PROMO20', 15)).toBe('discount');
    expect(rowChargeKind('Discount 5%', '', 12)).toBe('discount');
    // A row that names nothing but the discount stays one, whatever its code.
    expect(rowChargeKind('Disc 5%', 'TD-1000', 5)).toBe('discount');
    expect(rowChargeKind('ACCT DISCOUNT 5% OFF', 'AD-12345', 12)).toBe('discount');
    expect(rowChargeKind('VOLUME REBATE', 'NI2593140', -20)).toBe('discount');
  });
});

describe('the invoice number', () => {
  it('reads a number printed with its prefix and a space beside "Invoice"', () => {
    const read = readInvoiceLayout([
      ...line(0, [['Midwest Fastener & Clip Co.', 10], ['Invoice', 700], ['INV 8947865', 800]]),
      ...line(40, [['Date', 700], ['2026-11-22', 800]]),
      ...head(120),
      ...line(160, [['100', 10], ['EA', 70], ['3310', 130], ['WELL NUT 10-24 X 1/2', 330], ['0.72', 800], ['72.00', 950]]),
      ...line(210, [['Total', 800], ['72.00', 950]]),
    ]);
    expect(read.invoice_number).toBe('INV 8947865');
  });

  it('gives back the S a dollar sign was read for, marked for checking', () => {
    const read = readInvoiceLayout([
      ...line(0, [['CrashPro Aftermarket Parts', 10], ['INVOICE', 700]]),
      ...line(40, [['No.', 700], ['$83-63778', 760]]),
      ...head(120),
      ...line(160, [['1', 10], ['EA', 70], ['KI1070168', 130], ['ENERGY ABSORBER FRONT', 330], ['61.31', 800], ['61.31', 950]]),
      ...line(210, [['Total', 800], ['61.31', 950]]),
    ]);
    expect(read.invoice_number).toBe('S83-63778');
    expect(read.confidence.invoice_number).toBe(CHANGED_CONFIDENCE);
  });
});
