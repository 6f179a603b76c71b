/**
 * Rules of the layout reader added on the sixth extra tuning set (L49–L54, 2026-11-29), each on word boxes built by hand
 * (10 px per character, 20 px high, as in layout-reader.test.ts): a salvage yard's "Stock No." / "Part Description" /
 * "Donor VIN" heads, a paint jobber's "Code" column and prices per container ("78.90/QT"), an invoice number in a
 * key-value box that must not be read from the line under it, a logo's monogram taken for the supplier, a totals box
 * printed beside the table, a vehicle printed in smaller type under a description, month-first dates with dashes, and
 * a part number and description wrapped together in a narrow table, totals that restate a credit memo's rows, and an S
 * of a part number read as 5 (its glyph's round top-left corner).
 */
import { describe, expect, it } from 'vitest';
import type { GreyImage } from '~/server/extraction/clean-photo';
import { readDate } from '~/server/extraction/layout/dates';
import { isRoundTopS, letterSReadAsFive, type Glyph } from '~/server/extraction/layout/glyphs';
import {
  isDoubtedSpeck,
  isMonogramOf,
  isWrappedPartEnd,
  joinWrappedPart,
  letterHeight,
  matchHeader,
  onlySpecks,
  readInvoiceLayout,
  readMoney,
  smallerPrintThan,
  totalsBesideTable,
  withoutRestatedCharges,
} from '~/server/extraction/layout/read-layout';
import { makeLine } from '~/server/extraction/layout/words';
import { line } from './word-boxes';


describe('column heads of other trades', () => {
  it('reads a salvage yard\'s "Stock No." as the part number and "Part Description" as one head, "Donor VIN" as ignored', () => {
    const cols = matchHeader(makeLine(line(0, [['QTY', 10], ['STOCK NO.', 60], ['PART DESCRIPTION', 200], ['DONOR VIN', 500], ['PRICE', 800], ['AMOUNT', 900]])))!;
    expect(cols.map((c) => [c.kind, c.label])).toEqual([
      ['qty', 'QTY'],
      ['part', 'STOCK NO.'],
      ['desc', 'PART DESCRIPTION'],
      ['other', 'DONOR VIN'],
      ['price', 'PRICE'],
      ['amount', 'AMOUNT'],
    ]);
  });

  it('reads a lone "Code" as the part-number column, but not beside a part column ("Line Code | Part Number")', () => {
    const paint = matchHeader(makeLine(line(0, [['Code', 10], ['Description', 150], ['Size', 450], ['Qty', 550], ['Price', 650], ['Amount', 800]])))!;
    expect(paint.find((c) => c.label === 'Code')?.kind).toBe('part');
    const counter = matchHeader(makeLine(line(0, [['Line', 10], ['Code', 100], ['Part Number', 200], ['Description', 350], ['Qty', 600], ['Amount', 700]])))!;
    expect(counter.filter((c) => c.kind === 'part').map((c) => c.label)).toEqual(['Part Number']);
  });

  it('reads a price with its container after a slash ("78.90/QT") as the price, and leaves fractions and dates', () => {
    expect(readMoney('78.90/QT')).toBe(78.9);
    expect(readMoney('1,045.60/gal')).toBe(1045.6);
    expect(readMoney('12.50/ea')).toBe(12.5);
    expect(readMoney('1/2')).toBeNull();
    expect(readMoney('11/03/26')).toBeNull();
    expect(readMoney('78.90/QTY')).toBeNull();
  });

  it('reads the rows of a paint jobber\'s "Code | Description | Size | Qty | Price" table', () => {
    const words = [
      ...line(0, [['Metro Refinish Supply', 10]], 0.95, 30),
      ...line(60, [['Code', 10], ['Description', 150], ['Size', 450], ['Qty', 550], ['Price', 650], ['Amount', 800]]),
      ...line(100, [['DMD1611', 10], ['Deltron mixing toner', 150], ['PT', 450], ['2', 560], ['41.45/PT', 650], ['82.90', 800]]),
      ...line(140, [['DT870', 10], ['Reducer medium', 150], ['GL', 450], ['1', 560], ['72.00/GL', 650], ['72.00', 800]]),
      ...line(200, [['Subtotal', 600], ['154.90', 800]]),
      ...line(240, [['TOTAL', 600], ['154.90', 800]]),
    ];
    expect(readInvoiceLayout(words).line_items).toEqual([
      { part_number: 'DMD1611', description: 'Deltron mixing toner', quantity: 2, unit_price: 41.45 },
      { part_number: 'DT870', description: 'Reducer medium', quantity: 1, unit_price: 72 },
    ]);
  });
});

describe('the invoice number in a key-value box', () => {
  it('takes "INVOICE  0054072" on its line, not the account number on the line under the label', () => {
    const words = [
      ...line(0, [['Metro Refinish Supply', 10], ['INVOICE', 600], ['0054072', 700]]),
      ...line(30, [['Date', 600], ['Wed', 700], ['10/14/2026', 740]]),
      ...line(60, [['990 Harbor Way', 10]]),
      ...line(90, [['Account', 600], ['7387-01', 700]]),
    ];
    expect(readInvoiceLayout(words).invoice_number).toBe('0054072');
  });
});

describe('the supplier beside a logo', () => {
  it('knows a monogram as the initials of the name ("EPW", a circled "SGS" read "\'sGs"), and nothing else', () => {
    const name = makeLine(line(0, [['EuroAsia Parts Wholesale Inc.', 200]]));
    expect(isMonogramOf(makeLine(line(40, [['EPW', 10]])), name)).toBe(true);
    expect(isMonogramOf(makeLine(line(40, [["'sGs", 10]])), makeLine(line(0, [['Summit Glass Supply Inc.', 200]])))).toBe(true);
    expect(isMonogramOf(makeLine(line(40, [['ACME', 10]])), name)).toBe(false);
    expect(isMonogramOf(makeLine(line(40, [['EP', 10], ['W', 50]])), name)).toBe(false);
  });

  it('takes the name, not the larger monogram in the logo box', () => {
    const words = [
      ...line(0, [['EuroAsia Parts Wholesale Inc.', 600]], 0.95, 24),
      { text: 'EPW', x0: 10, x1: 110, y0: 10, y1: 60, conf: 0.9 },
      ...line(80, [['Invoice No.', 600], ['26-862793', 720]]),
      ...line(140, [['Unit Price', 10], ['Description', 150], ['Part No.', 400], ['Amount', 600], ['Qty', 700]]),
      ...line(180, [['198.10', 10], ['Grille radiator', 150], ['86350-2S000', 400], ['198.10', 600], ['1', 710]]),
      ...line(240, [['Invoice Total', 500], ['198.10', 600]]),
    ];
    expect(readInvoiceLayout(words).supplier).toBe('EuroAsia Parts Wholesale Inc.');
  });
});

describe('specks read as letters', () => {
  it('does not take a short word read under 0.5 for the supplier ("ALS" on a photographed greenbar page)', () => {
    const als = { text: 'ALS', x0: 600, x1: 660, y0: 100, y1: 150, conf: 0.41 };
    expect(isDoubtedSpeck(makeLine([als]))).toBe(true);
    expect(isDoubtedSpeck(makeLine([{ ...als, conf: 0.9 }]))).toBe(false);
    expect(isDoubtedSpeck(makeLine([{ ...als, text: 'Wholesale' }]))).toBe(false);
    const words = [
      ...line(0, [['SUNCOAST TOYOTA LEXUS WHOLESALE', 10], ['INVOICE NO.', 600], ['P762574', 720]], 0.95, 23),
      als,
      ...line(200, [['PART NUMBER', 10], ['DESCRIPTION', 200], ['NET', 500], ['QTY', 600], ['AMOUNT', 700]]),
      ...line(240, [['52119-78935', 10], ['COVER, FRONT BUMPER', 200], ['612.50', 500], ['1', 610], ['612.50', 700]]),
      ...line(300, [['TOTAL INVOICE', 500], ['612.50', 700]]),
    ];
    expect(readInvoiceLayout(words).supplier).toBe('SUNCOAST TOYOTA LEXUS WHOLESALE');
  });

  it('does not add a line of specks under a part to its description', () => {
    expect(onlySpecks(line(0, [['pe', 0]], 0.12))).toBe(true);
    expect(onlySpecks([...line(0, [['pe', 0]], 0.12), ...line(0, [['remover', 40]], 0.9)])).toBe(false);
    expect(onlySpecks([])).toBe(false);
    const words = [
      ...line(0, [['Summit Glass Supply', 10]], 0.95, 30),
      ...line(60, [['Qty', 10], ['NAGS #', 60], ['Description', 200], ['Net', 560], ['Amount', 640]]),
      ...line(100, [['1', 20], ['KIT 41-0551', 60], ['Clip and dam kit', 200], ['7.36', 560], ['7.36', 640]]),
      ...line(122, [['pe', 210]], 0.12),
      ...line(200, [['Total', 560], ['7.36', 640]]),
    ];
    expect(readInvoiceLayout(words).line_items[0]!.description).toBe('Clip and dam kit');
  });
});

describe('a totals box beside the table and a vehicle under the description', () => {
  const page = (subHeight: number) => [
    ...line(0, [['Summit Glass Supply', 10]], 0.95, 30),
    ...line(60, [['Qty', 10], ['NAGS #', 60], ['Description', 200], ['Net', 560], ['Amount', 640], ['Invoice Summary', 800]]),
    ...line(100, [['1', 20], ['FW04690 GTYN', 60], ['Windshield acoustic', 200], ['475.80', 560], ['475.80', 640], ['Subtotal', 800], ['507.90', 950]]),
    ...line(122, [['2019-23 Nissan', 200], ['Sales Tax', 800], ['30.47', 950]], 0.9, subHeight),
    ...line(150, [['1', 20], ['KIT 41-0551', 60], ['Clip and dam kit', 200], ['32.10', 560], ['32.10', 640], ['Total', 800], ['538.37', 950]]),
    ...line(172, [['Universal', 200]], 0.9, subHeight),
    ...line(240, [['Glass warranted against leaks.', 10]]),
  ];

  it('moves the box under the table, so its "Subtotal" does not end the table and its total is read', () => {
    const moved = totalsBesideTable(page(14));
    const subtotal = moved.find((w) => w.text === 'Subtotal')!;
    const lastRow = moved.find((w) => w.text === 'Universal')!;
    expect(subtotal.y0).toBeGreaterThan(lastRow.y1);
    expect(moved.filter((w) => w.text === 'Glass').pop()!.y0).toBeGreaterThan(moved.find((w) => w.text === 'Total')!.y1);
    const read = readInvoiceLayout(page(14));
    expect(read.total_amount).toBe(538.37);
    expect(read.tax_amount).toBe(30.47);
    expect(read.line_items.map((r) => r.part_number)).toEqual(['FW04690 GTYN', 'KIT 41-0551']);
  });

  it('leaves a page without such a box as it is', () => {
    const words = page(14).filter((w) => w.x0 < 790);
    expect(totalsBesideTable(words)).toBe(words);
  });

  it('leaves a smaller-print vehicle line out of the description, but joins a wrapped line of the same size', () => {
    expect(readInvoiceLayout(page(14)).line_items.map((r) => r.description)).toEqual(['Windshield acoustic', 'Clip and dam kit']);
    expect(readInvoiceLayout(page(20)).line_items.map((r) => r.description)).toEqual(['Windshield acoustic 2019-23 Nissan', 'Clip and dam kit Universal']);
  });

  it('measures print by the words without descenders', () => {
    const row = makeLine([...line(0, [['Moulding, windshield reveal', 0]]), { text: 'Highlander', x0: 300, x1: 400, y0: 0, y1: 26, conf: 0.9 }]);
    expect(letterHeight(row)).toBe(20);
    expect(letterHeight(makeLine(line(0, [['yggy', 0]])))).toBeNull();
    // Small letters only ("remover", a wrapped description's last word) are not measured: their boxes are short.
    expect(letterHeight(makeLine(line(0, [['remover', 0]], 0.9, 14)))).toBeNull();
    expect(smallerPrintThan(makeLine(line(30, [['2020-23 Toyota', 0]], 0.9, 15)), row)).toBe(true);
    expect(smallerPrintThan(makeLine(line(30, [['aluminium', 0]], 0.9, 19)), row)).toBe(false);
    // The ounce's "oz" read "0z" on a wrapped line of its own (photograph R263): small letters, no smaller print.
    expect(letterHeight(makeLine(line(30, [['0z', 0]], 0.74, 15)))).toBeNull();
    expect(smallerPrintThan(makeLine(line(30, [['0z', 0]], 0.74, 15)), row)).toBe(false);
  });
});

describe('a narrow table and a credit memo', () => {
  it('joins the rest of a part number and its description wrapped onto the next line', () => {
    expect(isWrappedPartEnd(line(0, [['GTYN', 0]]))).toBe(true);
    expect(isWrappedPartEnd(line(0, [['RH, laminated', 0]]))).toBe(false);
    expect(isWrappedPartEnd(line(0, [['Universal', 0]]))).toBe(false);
    expect(joinWrappedPart('FD25113', 'GTYN')).toBe('FD25113 GTYN');
    expect(joinWrappedPart('52119-', '0R917')).toBe('52119-0R917');
    const words = [
      ...line(0, [['Summit Glass Supply', 10]], 0.95, 30),
      ...line(60, [['Qty', 10], ['NAGS #', 60], ['Description', 200], ['Net', 460], ['Amount', 540]]),
      ...line(100, [['1', 20], ['FD25113', 60], ['Front door glass', 200], ['137.79', 460], ['137.79', 540]]),
      ...line(122, [['GTYN', 60], ['RH, laminated', 200]]),
      ...line(160, [['1', 20], ['MLD', 60], ['Moulding,', 200], ['30.71', 460], ['30.71', 540]]),
      ...line(182, [['FW05187', 60], ['windshield reveal', 200]]),
      ...line(240, [['Total', 460], ['168.50', 540]]),
    ];
    expect(readInvoiceLayout(words).line_items.map((r) => [r.part_number, r.description])).toEqual([
      ['FD25113 GTYN', 'Front door glass RH, laminated'],
      ['MLD FW05187', 'Moulding, windshield reveal'],
    ]);
  });

  it('does not count again totals lines that restate the table\'s credits or fees', () => {
    const table = [
      { kind: 'credit' as const, description: 'RETURN - WRONG PART', amount: -17.8 },
      { kind: 'fee' as const, description: 'RESTOCKING FEE 15%', amount: 5.25 },
    ];
    const footer = [
      { kind: 'other' as const, description: 'Credits', amount: -17.8 },
      { kind: 'other' as const, description: 'Restocking', amount: 5.25 },
      { kind: 'freight' as const, description: 'Freight', amount: 5.25 },
      { kind: 'other' as const, description: 'Credits', amount: -12.0 },
    ];
    expect(withoutRestatedCharges(footer, table).map((c) => [c.description, c.amount])).toEqual([
      ['Freight', 5.25],
      ['Credits', -12],
    ]);
    expect(withoutRestatedCharges(footer, [])).toBe(footer);
  });
});

describe('dates', () => {
  it('reads a month-first date with dashes in capitals (NOV-03-2026)', () => {
    expect(readDate('NOV-03-2026')?.iso).toBe('2026-11-03');
    expect(readDate('Date APR-11-2026')?.iso).toBe('2026-04-11');
    expect(readDate('03-NOV-26')?.iso).toBe('2026-11-03');
  });
});

describe('an S read as 5 in a part number', () => {
  /** A 16 × 24 px glyph drawn from rows of '#' (ink) and '.' (paper), each row repeated to 2 × 3 px. */
  const draw = (rows: string[]): { image: GreyImage; glyph: Glyph } => {
    const width = 40;
    const px = new Uint8Array(width * 40).fill(255);
    rows.forEach((r, y) => [...r].forEach((c, x) => {
      if (c !== '#') return;
      for (let dy = 0; dy < 3; dy += 1) for (let dx = 0; dx < 2; dx += 1) px[(4 + y * 3 + dy) * width + 4 + x * 2 + dx] = 0;
    }));
    return { image: { px, width, height: 40 }, glyph: { x0: 4, x1: 20, y0: 4, y1: 28 } };
  };
  const five = draw(['########', '##......', '##......', '#######.', '......##', '......##', '##....##', '.######.']);
  const ess = draw(['..#####.', '.##...##', '.##.....', '..####..', '.....##.', '......##', '##....##', '.######.']);

  it('tells the round top-left of an S from the square corner of a 5', () => {
    expect(isRoundTopS(five.image, five.glyph)).toBe(false);
    expect(isRoundTopS(ess.image, ess.glyph)).toBe(true);
  });

  it('makes such a "5" of a part number an S, never one of a plain number', () => {
    const piece = (text: string) => ({ pieces: [{ text, from: 0, to: text.length - 1 }], glyphs: [...text].map(() => ess.glyph) });
    expect(letterSReadAsFive(piece('-5'), ess.image).pieces[0]!.text).toBe('-S');
    expect(letterSReadAsFive(piece('55'), ess.image).pieces[0]!.text).toBe('55');
    expect(letterSReadAsFive({ pieces: [{ text: '-5', from: 0, to: 1 }], glyphs: [five.glyph, five.glyph] }, five.image).pieces[0]!.text).toBe('-5');
  });
});
