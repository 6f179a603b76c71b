/**
 * Rules the random layouts' tuning seeds 101–700 (text PDFs, `RSEED=101 COUNT=600 npm run bench:random`) showed the need
 * for, each on hand-built word boxes or strings: a numeric column whose values sit at its head's left edge, heads that
 * wrap onto a second line, a totals strip (its labels closer than its values, or its values on the next page), money
 * that opens a wrapped description line, the invoice number's box under its label when the same line goes on with an
 * address, "Invoice:", "Document No.:", "Date of Invoice", dates in a tight grid, a document title beside the name.
 */
import { describe, expect, it } from 'vitest';
import {
  columnBounds,
  dateRuns,
  gridValues,
  isMisreadShortHead,
  isWrappedPartEnd,
  matchHeader,
  nameCase,
  partsAreLineNumbers,
  readInvoiceLayout,
  slashAfterW,
  stackedLabelAbove,
  stopBeforeComma,
  valuesBelow,
  withoutDocumentTitle,
} from '~/server/extraction/layout/read-layout';
import { isTotalsLine, isTotalsStripLabels } from '~/server/extraction/layout/values';
import { groupLines, makeLine, type WordBox } from '~/server/extraction/layout/words';
import { withoutMarksOfFirstRead, withStopsOfFirstRead, withWordsOfFirstRead } from '~/server/extraction/offline.server';
import { LOW_CONFIDENCE } from '~/lib/schemas/invoice';
import { line } from './word-boxes';

/** A small parts table under `top` (px) with one row and its total, for tests about the fields above it. */
/** A word's box as read (left, right, top, bottom in px), at confidence 0.96. */
const box = (text: string, x0: number, x1: number, y0: number, y1: number): WordBox => ({ text, x0, x1, y0, y1, conf: 0.96 });

const table = (top = 300): WordBox[] => [
  ...line(top, [['Part #', 10], ['Description', 200], ['Qty', 700], ['Price', 850]]),
  ...line(top + 40, [['90467-12107', 10], ['CLIP, BUMPER COVER', 200], ['6', 700], ['1.60', 850]]),
  ...line(top + 80, [['Total', 700], ['9.60', 850]]),
];

describe('columns of the parts table', () => {
  it('keeps a quantity printed at the left edge of its head out of the description before it', () => {
    const head = line(0, [['Line', 10], ['Product', 40], ['Qty', 200], ['Desc', 240], ['Shipped', 470], ['Each', 560], ['Amount', 640]]);
    const rows = [
      ...line(40, [['1', 10], ['HY/1125108206', 40], ['2', 200], ['BOLT-FLANGE M8X1.25X20', 240], ['2', 470], ['2.25', 560], ['4.50', 640]]),
      ...line(80, [['2', 10], ['HY/86350-L1010', 40], ['1', 200], ['GRILLE ASSY-RADIATOR', 240], ['1', 470], ['338.90', 560], ['338.90', 640]]),
    ];
    const cols = columnBounds(matchHeader(makeLine(head))!, groupLines(rows));
    const shipped = cols.find((c) => c.kind === 'qty_ship')!;
    // The shipped "2" (470–480 px) is the Shipped column's, not the description's (which ends at 460 px).
    expect(shipped.left).toBeLessThanOrEqual(470);
    expect(shipped.left).toBeGreaterThanOrEqual(460);
    const read = readInvoiceLayout([...head, ...rows, ...line(130, [['Total', 560], ['343.40', 640]])]);
    expect(read.line_items.map((i) => i.description)).toEqual(['BOLT-FLANGE M8X1.25X20', 'GRILLE ASSY-RADIATOR']);
  });

  it('reads a head that wrapped alone onto a second line ("Line" over "Total", "Item" over "Description")', () => {
    const lineTotal = readInvoiceLayout([
      ...line(0, [['ORDERED', 10], ['PART #', 100], ['DESCRIPTION', 250], ['UNIT', 600], ['LINE', 750]]),
      ...line(20, [['TOTAL', 750]]),
      ...line(50, [['1', 40], ['87945-78040', 100], ['COVER, OUTER MIRROR, LH', 250], ['78.58', 600], ['78.58', 750]]),
      ...line(90, [['Invoice Total', 600], ['78.58', 750]]),
    ]);
    expect(lineTotal.line_items).toEqual([{ part_number: '87945-78040', description: 'COVER, OUTER MIRROR, LH', quantity: 1, unit_price: 78.58 }]);
    const itemDescription = readInvoiceLayout([
      ...line(0, [['#', 10], ['Item', 50], ['Item', 200], ['Shipped', 500], ['Unit', 600], ['Extension', 750]]),
      ...line(20, [['Description', 200]]),
      ...line(50, [['1', 10], ['68402070AB', 50], ['FASCIA, FRONT', 200], ['1', 500], ['581.53', 600], ['581.53', 750]]),
      ...line(90, [['Invoice Total', 600], ['581.53', 750]]),
    ]);
    expect(itemDescription.line_items).toEqual([{ part_number: '68402070AB', description: 'FASCIA, FRONT', quantity: 1, unit_price: 581.53 }]);
  });

  it('knows "% Off" and "Order" as heads', () => {
    const kinds = (cells: [string, number][]) => matchHeader(makeLine(line(0, cells)))?.map((c) => c.kind);
    expect(kinds([['Description', 10], ['Each', 200], ['Qty', 300], ['% Off', 400], ['Part #', 500], ['Retail', 700]])).toEqual(['desc', 'price', 'qty', 'disc', 'part', 'list']);
    expect(kinds([['Amount', 10], ['Ship', 100], ['Order', 170], ['Description', 250], ['Part Number', 500]])).toEqual(['amount', 'qty_ship', 'qty_ord', 'desc', 'part']);
  });

  it('splits two heads joined by the rules between and around them ("Ord|Stock", "|SHIPPED|PART": R193, R2748)', () => {
    const kinds = (cells: [string, number][]) => matchHeader(makeLine(line(0, cells)))?.map((c) => `${c.kind}:${c.label}`);
    expect(kinds([['Ord|Stock', 10], ['#', 110], ['Description', 200], ['Price', 500]])).toEqual(['qty_ord:Ord', 'part:Stock #', 'desc:Description', 'price:Price']);
    expect(kinds([['PRICE|', 10], ['AMOUNT', 100], ['|SHIPPED|PART', 200], ['NO.', 340], ['DESCRIPTION', 400]])).toEqual([
      'price:PRICE|',
      'amount:AMOUNT',
      'qty_ship:SHIPPED',
      'part:PART NO.',
      'desc:DESCRIPTION',
    ]);
  });

  it("joins a part number printed in groups and wrapped, but not a description's words", () => {
    const w = (text: string, x: number): WordBox => ({ text, x0: x, x1: x + 30, y0: 0, y1: 20, conf: 1 });
    expect(isWrappedPartEnd([w('459', 0), w('001', 40)], true)).toBe(true);
    expect(isWrappedPartEnd([w('459', 0), w('001', 40)], false)).toBe(false);
    expect(isWrappedPartEnd([w('LH', 0), w('FRONT', 40)], true)).toBe(false);
    const read = readInvoiceLayout([
      ...line(0, [['Part Number', 10], ['Description', 200], ['Qty', 600], ['Price', 700], ['Ext', 800]]),
      ...line(40, [['51 12 7', 10], ['CARRIER, BUMPER, REAR', 200], ['1', 600], ['203.40', 700], ['203.40', 800]]),
      ...line(60, [['459 001', 10]]),
      ...line(100, [['Total', 700], ['203.40', 800]]),
    ]);
    expect(read.line_items[0]?.part_number).toBe('51 12 7 459 001');
  });

  it('keeps money that opens a wrapped line of a description', () => {
    const read = readInvoiceLayout([
      ...line(0, [['Item #', 10], ['Description', 200], ['Qty', 600], ['Net', 700], ['Ext', 800]]),
      ...line(40, [['GM 84385127', 10], ['COMPRESSOR', 200], ['1', 600], ['484.57', 700], ['484.57', 800]]),
      ...line(60, [['ASM-A/C INCL', 200]]),
      ...line(80, [['$75.00 CORE', 200]]),
      ...line(120, [['Total', 700], ['484.57', 800]]),
    ]);
    expect(read.line_items[0]?.description).toBe('COMPRESSOR ASM-A/C INCL $75.00 CORE');
  });

  it('goes on past a page footer to the head repeated on the next page', () => {
    const read = readInvoiceLayout([
      ...line(0, [['Part No.', 10], ['Item Description', 200], ['Qty', 600], ['Each', 700], ['Line Total', 800]]),
      ...line(40, [['23B4240', 10], ['Headlamp RH LED', 200], ['1', 600], ['205.00', 700], ['205.00', 800]]),
      ...line(700, [['Page 1 of 2', 400]]),
      ...line(1000, [['Part No.', 10], ['Item Description', 200], ['Qty', 600], ['Each', 700], ['Line Total', 800]]),
      ...line(1040, [['22A5633', 10], ['Tail lamp LH', 200], ['1', 600], ['75.00', 700], ['75.00', 800]]),
      ...line(1080, [['TAX', 200], ['TOTAL', 700]]),
      ...line(1100, [['19.60', 200], ['$299.60', 700]]),
    ]);
    expect(read.line_items.map((i) => i.part_number)).toEqual(['23B4240', '22A5633']);
    expect(read.total_amount).toBe(299.6);
  });
});

describe('the totals block', () => {
  it('knows a strip of totals labels and a lone "Merchandise" amount', () => {
    expect(isTotalsStripLabels('MERCHANDISE TAX PLEASE PAY')).toBe(true);
    expect(isTotalsStripLabels('TAX Total Less Payment Balance')).toBe(true);
    expect(isTotalsStripLabels('EXTENDED WARRANTY SALES TAX 5% PLEASE PAY')).toBe(true);
    // Not a strip: a description's words, or labels that name no tax or no total.
    expect(isTotalsStripLabels('BUMPER COVER TAX TOTAL')).toBe(false);
    expect(isTotalsStripLabels('Freight Delivery')).toBe(false);
    expect(isTotalsLine(makeLine(line(0, [['Merchandise', 10], ['1,919.20', 150]])))).toBe(true);
    expect(isTotalsLine(makeLine(line(0, [['Merchandise', 10], ['rack', 150], ['12.00', 250]])))).toBe(false);
  });

  it('reads a strip whose labels sit closer together than its values', () => {
    const read = readInvoiceLayout([
      ...line(0, [['Part #', 10], ['Description', 200], ['Qty', 600], ['Price', 700], ['Amount', 800]]),
      ...line(40, [['S7231', 10], ['Ignition switch', 200], ['1', 600], ['357.11', 700], ['357.11', 800]]),
      ...line(100, [['Merchandise Freight', 10], ['Shop supplies fee', 230], ['State Tax', 420], ['Total Amount', 540], ['Deposit Applied', 680], ['Balance Due', 850]]),
      ...line(124, [['357.11', 20], ['12.35', 140], ['14.00', 280], ['34.03', 430], ['$417.49', 560], ['(179.50)', 700], ['$237.99', 860]]),
    ]);
    expect(read.total_amount).toBe(417.49);
    expect(read.tax_amount).toBe(34.03);
  });

  it("finds a strip's values at the top of the next page", () => {
    const lines = groupLines([
      ...line(700, [['Merchandise Total', 10], ['Sales Tax', 300], ['Total Amount', 600]]),
      ...line(740, [['Page 1 of 2', 400]]),
      ...line(1040, [['5623.50', 10], ['0.00', 300], ['$5623.50', 600]]),
    ]);
    const below = valuesBelow(lines, 0)!;
    expect(below.text).toBe('5623.50 0.00 $5623.50');
    expect(below.y0).toBeLessThan(740);
    // A line that is not a strip's labels keeps the line under it.
    const plain = groupLines([...line(700, [['Thank you', 10]]), ...line(740, [['Page 1 of 2', 400]])]);
    expect(valuesBelow(plain, 0)?.text).toBe('Page 1 of 2');
  });
});

describe('the invoice number', () => {
  it("is the box's value under its label when the label's line goes on with an address", () => {
    const read = readInvoiceLayout([
      ...line(0, [['PARTS INVOICE', 10], ['BLUEWATER PARTS DEPOT INC.', 300]]),
      ...line(40, [['INVOICE #', 10], ['760 ROUTE 9 NORTH', 300]]),
      ...line(60, [['059691', 10], ['MACON, GA 31206', 300]]),
      ...table(),
    ]);
    expect(read.invoice_number).toBe('059691');
  });

  it('is read after "Invoice:" and "Document No.:", never after "Date of Invoice" or a "Sales Invoice" title', () => {
    const number = (words: WordBox[]) => readInvoiceLayout([...words, ...table()]).invoice_number;
    expect(number([...line(0, [['Invoice:', 10], ['01080', 100]]), ...line(20, [['SO #:', 10], ['55640', 100]])])).toBe('01080');
    expect(number([...line(0, [['DOCUMENT NO.:', 10], ['173676', 160]])])).toBe('173676');
    expect(
      number([...line(0, [['DATE OF INVOICE:', 10], ['25 October 2026', 200]]), ...line(20, [['DOCUMENT NO.:', 10], ['288613-86', 200]])]),
    ).toBe('288613-86');
    expect(
      number([
        ...line(0, [['DATE OF INVOICE', 10], ['PURCHASE ORDER', 200]]),
        ...line(20, [['19-Sep-2026', 10], ['RO73665', 200]]),
        ...line(40, [['DOCUMENT NO.', 10], ['75307004', 160]]),
      ]),
    ).toBe('75307004');
    expect(
      number([
        ...line(0, [['Sales Invoice', 500]]),
        ...line(20, [['Customer ID:', 500], ['31878', 650]]),
        ...line(40, [['Cust PO:', 500], ['RO57212', 650]]),
        ...line(60, [['Inv No.:', 500], ['0058141', 650]]),
      ]),
    ).toBe('0058141');
  });
});

describe('read off page images (random layouts R143, R167)', () => {
  it('reads the number past a colon read apart, never after "SO #:"', () => {
    const read = readInvoiceLayout([
      ...line(0, [['Document', 500], ['No.', 600], [':', 640], ['582363-48', 700]]),
      ...line(20, [['SO #:', 500], ['60999023', 700]]),
      ...table(),
    ]);
    expect(read.invoice_number).toBe('582363-48');
    expect(readInvoiceLayout([...line(0, [['SO #:', 500], ['60999023', 700]]), ...table()]).invoice_number).toBeNull();
  });

  it('marks a name taken below a larger heading it could not read, and never takes a label alone', () => {
    const read = readInvoiceLayout([
      ...line(0, [['Mi 1 - Cou! LV Parts', 10]], 0.2, 40),
      ...line(60, [['Cust PO:', 500], ['R098598', 700]]),
      ...line(80, [['Eastside Auto Body', 10]]),
      ...table(),
    ]);
    expect(read.supplier).toBe('Eastside Auto Body');
    expect(read.confidence.supplier).toBeLessThanOrEqual(0.5);
  });

  it('keeps money that ends a description line before its wrapped rest', () => {
    const read = readInvoiceLayout([
      ...line(0, [['Item #', 10], ['Description', 200], ['UOM', 500], ['Net', 700], ['Ext', 800]]),
      ...line(40, [['GM 23364972', 10], ['RADIATOR ASM INCL $30.00', 200], ['EA', 500], ['401.95', 700], ['401.95', 800]]),
      ...line(60, [['CORE', 200]]),
      ...line(100, [['Total', 700], ['401.95', 800]]),
    ]);
    expect(read.line_items[0]?.description).toBe('RADIATOR ASM INCL $30.00 CORE');
  });

  it('keeps money that ends a wrapped line before the next wrapped line (page image R4083)', () => {
    const read = readInvoiceLayout([
      ...line(0, [['Item #', 10], ['Description', 200], ['UOM', 500], ['Net', 700], ['Ext', 800]]),
      ...line(40, [['GM 84385127', 10], ['COMPRESSOR', 200], ['EA', 500], ['644.00', 700], ['644.00', 800]]),
      ...line(60, [['ASM-A/C', 200]]),
      ...line(80, [['INCL $75.00', 200]]),
      ...line(100, [['CORE', 200]]),
      ...line(140, [['Total', 700], ['644.00', 800]]),
    ]);
    expect(read.line_items[0]?.description).toBe('COMPRESSOR ASM-A/C INCL $75.00 CORE');
    // Money ending the last wrapped line, nothing after it, stays out (a stray, as on the part's own line).
    const stray = readInvoiceLayout([
      ...line(0, [['Item #', 10], ['Description', 200], ['UOM', 500], ['Net', 700], ['Ext', 800]]),
      ...line(40, [['GM 84385127', 10], ['COMPRESSOR', 200], ['EA', 500], ['644.00', 700], ['644.00', 800]]),
      ...line(60, [['ASM-A/C $75.00', 200]]),
      ...line(100, [['Total', 700], ['644.00', 800]]),
    ]);
    expect(stray.line_items[0]?.description).toBe('COMPRESSOR ASM-A/C');
  });
});

describe('the invoice date', () => {
  it('is found as runs of words in a grid whose boxes sit a space apart', () => {
    const runs = dateRuns(makeLine(line(0, [['COUNTER 4', 10], ['11 Apr 2026', 110], ['17 Apr 2026', 230], ['WILL CALL', 350]])));
    expect(runs.map((r) => r.text)).toEqual(['11 Apr 2026', '17 Apr 2026']);
    const read = readInvoiceLayout([
      ...line(0, [['INV #', 10], ['DUE', 100], ['ORDER DATE', 260]]),
      ...line(20, [['37730', 10], ['Wed Dec 23 2026', 100], ['Sat Dec 12 2026', 260]]),
      ...line(40, [['INV DATE', 10], ['TERMS', 170]]),
      ...line(60, [['Sun Dec 13 2026', 10], ['NET 30', 170]]),
      ...table(),
    ]);
    expect(read.invoice_date).toBe('2026-12-13');
  });

  it('is the one after its label on a line that also holds a due date', () => {
    const date = (words: WordBox[]) => readInvoiceLayout([...words, ...table()]).invoice_date;
    expect(date(line(0, [['Due Wed 09/09/2026', 10], ['Acct 4095C', 200], ['Inv. Date Mon 08/10/2026', 320]]))).toBe('2026-08-10');
    expect(date(line(0, [['Billing Date: 27/JUN/2026', 10], ['Shipped: 28/JUN/2026', 300], ['Due Date: 07/JUL/2026', 520]]))).toBe('2026-06-27');
  });

  it('is never the date of a box labelled as another date when its own box was misread (random layout R266)', () => {
    const date = (words: WordBox[]) => readInvoiceLayout([...words, ...table()]).invoice_date;
    // "8/1/26" under BILLING DATE read "811726": the shipping date beside it is not the invoice's.
    const grid = (billing: string) => [
      ...line(0, [['BILLING DATE', 110], ['SHIPPED', 270], ['ORDER NO.', 380]]),
      ...line(25, [['Ph 367-733-6670', 0], [billing, 110], ['8/2/26', 270], ['17092860', 380]]),
    ];
    expect(date(grid('811726'))).toBeNull();
    expect(date(grid('8/1/26'))).toBe('2026-08-01');
    // A date under no label, or under its own, is still found.
    expect(date(line(0, [['Ph 367-733-6670', 0], ['8/2/26', 270]]))).toBe('2026-08-02');
    expect(date([...line(0, [['DATE', 270]]), ...line(25, [['8/2/26', 270]])])).toBe('2026-08-02');
  });
});

describe("the supplier's name beside a document title", () => {
  const seg = (cells: [string, number][], height = 28) => makeLine(line(0, cells, 1, height));

  it('drops "Invoice / Packing List" however close, and a title in capitals after a name in small letters', () => {
    expect(withoutDocumentTitle(seg([['Crossroads Auto Parts Invoice / Packing List', 0]]))?.text).toBe('Crossroads Auto Parts');
    expect(withoutDocumentTitle(seg([['Invoice / Packing List Keystone Wholesale Parts', 0]]))?.text).toBe('Keystone Wholesale Parts');
    expect(withoutDocumentTitle(seg([['Pioneer Motor Parts PARTS INVOICE', 0]]))?.text).toBe('Pioneer Motor Parts');
  });

  it('drops a title in clearly smaller print however close (R2615), not one of the same size', () => {
    // R2615's heading as read: the name in 50–55 px display print, "Sales Invoice" in 30 px, a word space apart.
    const name = [box('Granite', 81, 381, 73, 128), box('State', 430, 644, 78, 128), box('Parts', 695, 906, 78, 128), box('Warehouse', 953, 1344, 73, 128)];
    expect(withoutDocumentTitle(makeLine([...name, box('Sales', 1403, 1539, 69, 101), box('Invoice', 1575, 1765, 72, 101)]))?.text).toBe('Granite State Parts Warehouse');
    expect(withoutDocumentTitle(makeLine([box('Sales', 1, 137, 69, 101), box('Invoice', 173, 363, 72, 101), ...name.map((w) => ({ ...w, x0: w.x0 + 330, x1: w.x1 + 330 }))]))?.text).toBe('Granite State Parts Warehouse');
    expect(withoutDocumentTitle(makeLine([...name, box('Sales', 1403, 1639, 78, 128), box('Invoice', 1675, 1965, 73, 128)]))?.text).toBe('Granite State Parts Warehouse Sales Invoice');
    // A smaller title with its number before the name goes with its number (R2564's heading as read).
    const numbered = [box('INVOICE', 53, 186, 49, 72), box('341840-62', 197, 352, 49, 73), box('Northgate', 393, 594, 48, 89), box('Parts', 610, 714, 50, 81), box('Distribution', 731, 969, 48, 81)];
    expect(withoutDocumentTitle(makeLine(numbered))?.text).toBe('Northgate Parts Distribution');
  });

  it('drops a title with the invoice number before or after the name', () => {
    expect(withoutDocumentTitle(seg([['INVOICE # 829382-24', 0], ['Summit Auto Parts', 240]]))?.text).toBe('Summit Auto Parts');
    expect(withoutDocumentTitle(seg([['PRAIRIE BODY SUPPLY INVOICE # 716488-65', 0]]))?.text).toBe('PRAIRIE BODY SUPPLY');
    expect(withoutDocumentTitle(seg([['Bluewater Collision Supply Invoice L3402', 0]]))?.text).toBe('Bluewater Collision Supply');
    // No number: evenly spaced capitals stay one heading.
    expect(withoutDocumentTitle(seg([['SUMMIT WHOLESALE PARTS INVOICE', 0]]))?.text).toBe('SUMMIT WHOLESALE PARTS INVOICE');
  });

  it('drops a number and its label set apart from the name or after its suffix, not a branch number in the name (R957)', () => {
    // R957: the name in display print, then the box at the right with "No. INV-8655", read as one segment.
    expect(withoutDocumentTitle(seg([['Crossroads Parts Warehouse Co.', 170], ['No. INV-8655', 1088]], 40))?.text).toBe('Crossroads Parts Warehouse Co.');
    expect(withoutDocumentTitle(seg([['Crossroads Parts Warehouse', 170], ['# 82117', 900]], 40))?.text).toBe('Crossroads Parts Warehouse');
    expect(withoutDocumentTitle(seg([['Crossroads Parts Co. No. 8655', 170]], 40))?.text).toBe('Crossroads Parts Co.');
    // Evenly spaced, no suffix: a branch's number is part of its name.
    expect(withoutDocumentTitle(seg([['Westside Auto Parts Store No. 12', 170]], 40))?.text).toBe('Westside Auto Parts Store No. 12');
  });

  it('drops a label naming its paper and its number after the name (R2562)', () => {
    // R2562: the name at the right, then the fields block ("Document No. 332831-16") on the same line.
    expect(withoutDocumentTitle(seg([['Metro Automotive LLC', 639], ['Document No. 332831-16', 1075]]))?.text).toBe('Metro Automotive LLC');
    expect(withoutDocumentTitle(seg([['Metro Automotive', 639], ['Order # 332831', 1075]]))?.text).toBe('Metro Automotive');
    // Evenly spaced, no suffix: the name stays whole; so does a name whose last word only looks like a label.
    expect(withoutDocumentTitle(seg([['Metro Auto Parts Order No. 12', 639]]))?.text).toBe('Metro Auto Parts Order No. 12');
    expect(withoutDocumentTitle(seg([['Metro Parts Warehouse No. 12', 639]]))?.text).toBe('Metro Parts Warehouse No. 12');
  });
});

describe('a line-number column taken for the part numbers (random layout R446)', () => {
  // The OCR's words of R446's table: its head read "Lo# Quantity ttem# Description of Goods uUnitPrice Extension".
  const page = () => [
    ...line(190, [['Invoice No. P3206', 52]]),
    ...line(545, [['Lo#', 62], ['Quantity', 161], ['ttem#', 321], ['Description of Goods', 562], ['uUnitPrice', 1074], ['Extension', 1250]], 0.5),
    ...line(578, [['1', 63], ['1 KT', 162], ['UPL-0726', 320], ['U-POL Raptor Liner Kit Black', 561], ['120.30', 1090], ['120.30', 1264]]),
    ...line(610, [['2', 61], ['1 EA', 162], ['SEM-39143', 320], ['SEM Self Etching Primer Aerosol', 562], ['20.45', 1093], ['20.45', 1268]]),
    ...line(641, [['3', 62], ['1 PK', 162], ['MIR-AE-6P400', 320], ['Mirka Abralon 6in P400 (20)', 561], ['33.80', 1094], ['33.80', 1268]]),
    ...line(700, [['Merchandise', 67], ['174.55', 271]]),
    ...line(750, [['Amount Due', 66], ['$174.55', 236]]),
  ];

  it('knows part numbers 1, 2, 3 … for line numbers', () => {
    const rows = (parts: string[]) => ({ line_items: parts.map((p) => ({ part_number: p, description: 'x', quantity: 1, unit_price: 1 })) });
    expect(partsAreLineNumbers(rows(['1', '2', '3']))).toBe(true);
    expect(partsAreLineNumbers(rows(['1']))).toBe(false);
    expect(partsAreLineNumbers(rows(['88', '940', '250']))).toBe(false);
    expect(partsAreLineNumbers(rows(['1', '3']))).toBe(false);
  });

  it('reads the part numbers from their own column, not the line numbers', () => {
    const read = readInvoiceLayout(page());
    expect(read.line_items.map((i) => i.part_number)).toEqual(['UPL-0726', 'SEM-39143', 'MIR-AE-6P400']);
    expect(read.total_amount).toBe(174.55);
  });
});

describe('the slash of "W/" lost in a description (photograph R127)', () => {
  const word = (text: string): WordBox => ({ text, x0: 0, x1: 10, y0: 0, y1: 10, conf: 0.9 });

  it('reads "WWASHER" as "W/WASHER", marked, and leaves other words', () => {
    expect(slashAfterW(word('WWASHER'))).toMatchObject({ text: 'W/WASHER', conf: 0.5 });
    expect(slashAfterW(word('wwasher,'))).toMatchObject({ text: 'w/washer,', conf: 0.5 });
    for (const text of ['WASHER', 'WWW', 'WWW.PARTS.COM', 'WW', 'WWII', 'W/WASHER', 'W2WASHER']) expect(slashAfterW(word(text))).toMatchObject({ text, conf: 0.9 });
  });

  it('marks the description on the form', () => {
    const read = readInvoiceLayout([
      ...line(300, [['Part #', 10], ['Description', 200], ['Qty', 700], ['Price', 850]]),
      ...line(340, [['90119-A0379', 10], ['BOLT, WWASHER', 200], ['8', 700], ['2.40', 850]]),
      ...line(380, [['Total', 700], ['19.20', 850]]),
    ]);
    expect(read.line_items[0]!.description).toBe('BOLT, W/WASHER');
    expect(read.confidence.line_items?.[0]?.description).toBeLessThan(0.8);
  });
});

describe("an abbreviation's stop before a comma read as a second comma (random layout R2553)", () => {
  it('reads "ASSY,," as "ASSY.,", marked, and leaves other words', () => {
    const word = (text: string): WordBox => ({ text, x0: 0, x1: 10, y0: 0, y1: 10, conf: 0.9 });
    expect(stopBeforeComma(word('ASSY,,'))).toMatchObject({ text: 'ASSY.,', conf: 0.5 });
    for (const text of ['ASSY.,', 'ASSY,', '12,,', 'L.', ',,']) expect(stopBeforeComma(word(text))).toMatchObject({ text, conf: 0.9 });
    const read = readInvoiceLayout([
      ...line(300, [['Part #', 10], ['Description', 200], ['Qty', 700], ['Price', 850]]),
      ...line(340, [['33150-T2A-A01', 10], ['HEADLIGHT ASSY,, L.', 200], ['1', 700], ['627.24', 850]]),
      ...line(380, [['Total', 700], ['627.24', 850]]),
    ]);
    expect(read.line_items[0]!.description).toBe('HEADLIGHT ASSY., L.');
    expect(read.confidence.line_items?.[0]?.description).toBeLessThan(0.8);
  });
});

describe('a large name beside a smaller, higher title (random layout R1204)', () => {
  // The sparse read's boxes of R1204's head: "Sales Invoice" 35 px tall at the left, "Coastal Auto Parts" 41 px tall
  // and 14 px lower at the right; "Coastal" overlaps the title by half its height.
  const head = [
    box('Sales', 79, 209, 69, 102),
    box('Invoice', 245, 432, 67, 102),
    box('Coastal', 948, 1157, 81, 122),
    box('Auto', 1192, 1312, 83, 122),
    box('Parts', 1348, 1494, 83, 122),
    box('Invoice', 111, 202, 134, 152),
    box('Number', 218, 296, 134, 152),
    box('INV-1554', 112, 248, 178, 211),
  ];

  it('puts the name’s first word on the name’s line', () => {
    expect(groupLines(head).map((l) => l.text)).toEqual(['Sales Invoice', 'Coastal Auto Parts', 'Invoice Number', 'INV-1554']);
  });

  it('leaves a word on its line when no line beside it shares its baseline', () => {
    const alone = head.filter((w) => w.text !== 'Auto' && w.text !== 'Parts');
    expect(groupLines(alone).map((l) => l.text)).toEqual(['Sales Invoice Coastal', 'Invoice Number', 'INV-1554']);
    // Far from the name's next word (more than 1.6 × its height): a block of its own, left where it was grouped.
    const far = head.map((w) => (w.text === 'Coastal' ? { ...w, x0: 700, x1: 909 } : w));
    expect(groupLines(far).map((l) => l.text)[0]).toBe('Sales Invoice Coastal');
  });

  it('reads the whole name as the supplier', () => {
    expect(readInvoiceLayout([...head, ...table()]).supplier).toBe('Coastal Auto Parts');
  });
});

describe('a large name at the left of a smaller, higher title (random layout R1561)', () => {
  // The sparse read's boxes of R1561's head: "Summit Motor Parts Co." 31–34 px tall at the left, "SALES INVOICE"
  // 24 px tall and 6–9 px higher at the right; "Summit" (its dotted i and S reach higher) overlaps the title by
  // 18 px, more than half its height, and was grouped with it: the supplier was read "Summit".
  const head = [
    box('Summit', 296, 437, 54, 88),
    box('SALES', 1110, 1207, 48, 72),
    box('INVOICE', 1233, 1370, 48, 72),
    box('Motor', 466, 584, 57, 88),
    box('Parts', 613, 729, 57, 88),
    box('Co.', 759, 821, 57, 88),
    box('Inv', 1110, 1147, 91, 108),
    box('93-15952', 1231, 1336, 91, 109),
  ];

  it('puts the name’s first word on the name’s line, beside its next word', () => {
    expect(groupLines(head).map((l) => l.text).slice(0, 2)).toEqual(['SALES INVOICE', 'Summit Motor Parts Co.']);
    expect(readInvoiceLayout([...head, ...table()]).supplier).toBe('Summit Motor Parts Co.');
  });

  it('moves it beside a line whose words hang below the baseline (random layout R1597)', () => {
    // "Pioneer Body Supply, Inc." beside "Invoice / Packing List": "Body" and "Supply," are boxed to their
    // descenders, 13 px under "Pioneer", so the line's median bottom missed its; "Inc." sits where it does.
    const hung = [
      box('Invoice', 79, 275, 69, 107),
      box('/', 311, 332, 73, 110),
      box('Packing', 369, 564, 69, 115),
      box('List', 602, 708, 69, 107),
      box('Pioneer', 861, 1135, 82, 138),
      box('Body', 1181, 1336, 86, 151),
      box('Supply,', 1382, 1645, 86, 151),
      box('Inc.', 1704, 1845, 88, 138),
    ];
    expect(groupLines(hung).map((l) => l.text)).toEqual(['Invoice / Packing List', 'Pioneer Body Supply, Inc.']);
  });

  it('leaves a word beside its own line’s next word where it was grouped', () => {
    // "Summit" within a segment's gap of "SALES" (and of "Motor" at its left): one block with the title, not moved.
    const near = head.map((w) => (w.text === 'Summit' ? { ...w, x0: 1000, x1: 1090 } : w.text === 'Motor' ? { ...w, x0: 900, x1: 990 } : w));
    expect(groupLines(near).map((l) => l.text)[0]).toBe('Summit SALES INVOICE');
  });
});

describe("a name's capital W read small (photograph R172)", () => {
  it('gives a word starting with a small same-shape letter its capital among capitalised words', () => {
    expect(nameCase('Coastal wholesale Parts Ltd')).toBe('Coastal Wholesale Parts Ltd');
    expect(nameCase('Summit collision supply')).toBe('Summit collision supply');
    expect(nameCase('Parts with Care Inc')).toBe('Parts with Care Inc');
    expect(nameCase('Metro Parts for less')).toBe('Metro Parts for less');
    expect(nameCase('Lakeside Auto Parts')).toBe('Lakeside Auto Parts');
    // A word starting with a letter whose small form has its own shape (a "b", a "d") is the name's own.
    expect(nameCase('Coastal body Parts')).toBe('Coastal body Parts');
  });

  it('reads the name after "Remit to:" with its capital', () => {
    const read = readInvoiceLayout([...table(), ...line(500, [['Remit to: Coastal wholesale Parts Ltd', 10]])]);
    expect(read.supplier).toBe('Coastal Wholesale Parts Ltd');
  });
});

describe('a "Remit to:" name printed in the heading too (page image R3931)', () => {
  it('takes the heading\'s spaces for the same name read after "Remit to:" without one', () => {
    // R3931: "CAPITOL AUTOMOTIVE INC." in a band at the top; the remit line's condensed small print lost a space.
    const heading = line(40, [['CAPITOL AUTOMOTIVE INC.', 800]], 0.96, 40);
    const remit = line(500, [['REMIT TO: CAPITOLAUTOMOTIVE INC., 312 MILL ST, BOISE, ID 83709', 10]]);
    expect(readInvoiceLayout([...heading, ...table(), ...remit]).supplier).toBe('CAPITOL AUTOMOTIVE INC.');
    // A heading naming another business (a brand, a branch) leaves the labelled name as read.
    const brand = line(40, [['CAPITOL PARTS', 800]], 0.96, 40);
    expect(readInvoiceLayout([...brand, ...table(), ...remit]).supplier).toBe('CAPITOLAUTOMOTIVE INC.');
  });

  it('takes whichever of the two has the space, unless its extra words are pieces of one (photographs R1358, R1404)', () => {
    // R1358: the photographed band lost the space the remit line kept.
    const merged = line(40, [['CAPITOLAUTOMOTIVE LLC', 800]], 0.96, 40);
    const spaced = line(500, [['REMIT TO: CAPITOL AUTOMOTIVE LLC, 312 MILL ST, BOISE, ID 83709', 10]]);
    expect(readInvoiceLayout([...merged, ...table(), ...spaced]).supplier).toBe('CAPITOL AUTOMOTIVE LLC');
    // R1404: the band read in pieces ("L ak eside"); the remit line's one word is the name's.
    const pieces = line(40, [['L ak eside Motor Parts', 800]], 0.96, 40);
    const whole = line(500, [['Remit to: Lakeside Motor Parts, 18 Depot Rd, Racine, WI', 10]]);
    expect(readInvoiceLayout([...pieces, ...table(), ...whole]).supplier).toBe('Lakeside Motor Parts');
    // With as many words, the heading's stops (R4242: the remit line's "INC," read without its stop).
    const stopped = line(40, [['VALLEY PARTS DEPOT INC.', 800]], 0.96, 40);
    const unstopped = line(500, [['REMIT TO: VALLEY PARTS DEPOT INC, 4102 AIRPORT BLVD, ALBANY, NY', 10]]);
    expect(readInvoiceLayout([...stopped, ...table(), ...unstopped]).supplier).toBe('VALLEY PARTS DEPOT INC.');
  });
});

describe('a grid of labels over values above the table (random layouts R1287, R1275)', () => {
  // R1287's head: the name at the right; at the left a grid whose "Counter 4" was boxed taller than the name.
  const head = (): WordBox[] => [
    ...line(47, [['Sales Invoice', 53], ['Midwest Parts Depot Co.', 1053]], 0.96, 25),
    ...line(93, [['Invoice #: 88403', 52]]),
    // Labels and values 15 px high, as read off the page (the grid's rule beside "Counter 4" swelled its box).
    ...line(128, [['Payment Terms', 65], ['Sales Rep', 220], ['Invoice Date', 344]], 0.95, 15),
    ...line(149, [['Net 15', 65], ['Mon Aug 03 2026', 344]], 0.95, 15),
    { text: 'Counter', x0: 220, x1: 300, y0: 147, y1: 181, conf: 0.94 },
    { text: '4', x0: 308, x1: 318, y0: 150, y1: 170, conf: 0.94 },
  ];

  it('knows the values of a grid by the labels over them', () => {
    const lines = groupLines(head());
    const values = lines.find((l) => l.text.startsWith('Net'))!;
    const labels = lines.find((l) => l.text.startsWith('Payment'))!;
    expect(gridValues(values, labels)).toEqual([65, 220, 344]);
    // One value under a label is not a grid; nor is a line far below its labels.
    expect(gridValues(makeLine(values.words.slice(0, 2)), labels)).toEqual([]);
    expect(gridValues({ ...values, y0: values.y0 + 200 }, labels)).toEqual([]);
  });

  it('does not take a grid value for the supplier', () => {
    expect(readInvoiceLayout([...head(), ...table()]).supplier).toBe('Midwest Parts Depot Co.');
  });

  it('does not take a name under a customer\'s label for the supplier, nor a far word after a "#" for the number', () => {
    // Random layout R612's photograph (its header words as read): the ship-to copy of the customer's name, boxed
    // swollen (38 px against the name's 30), under "To" (its "Ship" lost); "Inv #" over "42313332" read "lov #", the
    // supplier's house number "5880" beside it. Both were taken, silently.
    const words = [
      box('Invoice', 45, 193, 44, 78), box('Coastal', 496, 625, 57, 89), box('Parts', 638, 730, 59, 89), box('Depot', 741, 844, 59, 97), box('Co.', 855, 914, 59, 89),
      box('lov', 110, 150, 111, 132), box('#', 153, 167, 113, 130), box('5880', 474, 532, 120, 143), box('Expressway', 541, 682, 121, 149), box('Dr', 692, 721, 121, 143), box('S', 729, 745, 121, 143),
      box('42313332', 70, 204, 159, 184), box('Albany,', 474, 565, 153, 182), box('NY', 574, 614, 154, 176), box('12205', 626, 697, 154, 176),
      box('Inv', 45, 82, 289, 311), box('Date:', 91, 153, 289, 311), box('Mar.', 251, 304, 289, 311), box('1,', 317, 335, 290, 313), box('2026', 343, 402, 289, 313),
      box('Customer', 43, 161, 387, 408), box('To', 443, 474, 387, 408),
      box('Riverside', 45, 157, 418, 441), box('Paint', 166, 224, 419, 441), box('&', 232, 255, 419, 441), box('Body', 264, 327, 418, 447),
      box('Riverside', 384, 668, 418, 447), box('Paint', 506, 567, 414, 452), box('&', 579, 593, 414, 452), box('Body', 607, 672, 414, 452),
      box('4102', 43, 102, 452, 475), box('Airport', 110, 195, 453, 480), box('Blvd', 204, 261, 451, 475),
      ...table(560),
    ];
    const read = readInvoiceLayout(words);
    expect(read.supplier).toBe('Coastal Parts Depot Co.');
    expect(read.invoice_number).not.toBe('5880');
  });

  it('does not take an "Inv #" label, boxed tall by its "#", for the supplier', () => {
    const words = [
      ...line(46, [['Sales Invoice', 52], ['Prairie Paint & Body Supply LLC', 503]], 0.96, 22),
      { text: 'Inv', x0: 105, x1: 130, y0: 100, y1: 114, conf: 0.91 },
      { text: '#', x0: 133, x1: 148, y0: 96, y1: 124, conf: 0.91 },
      ...line(132, [['13-93791', 75]]),
    ];
    expect(readInvoiceLayout([...words, ...table()]).supplier).toBe('Prairie Paint & Body Supply LLC');
  });
});

describe('a stop the header’s re-read left out (random layout R2458)', () => {
  // R2458's heading as read: the sparse re-read boxed "Inc" at 553–610 px, the first read "Inc." at 553–620.
  const first = [box('Keystone', 84, 268, 73, 114), box('Automotive,', 287, 532, 73, 114), box('Inc.', 553, 620, 74, 108)];
  const sparse = [box('Keystone', 84, 268, 73, 117), box('Automotive,', 287, 532, 73, 117), box('Inc', 553, 610, 74, 110)];

  it('gives the word its stop back when the first read boxed it further right', () => {
    expect(withStopsOfFirstRead(sparse, first).map((w) => `${w.text}@${w.x1}`)).toEqual(['Keystone@268', 'Automotive,@532', 'Inc.@620']);
    const rest = [...line(300, [['Part #', 10], ['Description', 200], ['Qty', 700], ['Price', 850]]), ...line(340, [['GM 23364972', 10], ['RADIATOR ASM', 200], ['1', 700], ['385.55', 850]])];
    expect(readInvoiceLayout([...withStopsOfFirstRead(sparse, first), ...rest]).supplier).toBe('Keystone Automotive, Inc.');
  });

  it('leaves a word whose twin is not one stop longer, or is not boxed past it, or is on another line', () => {
    const words = (...ws: WordBox[]) => withStopsOfFirstRead(ws, first).map((w) => w.text);
    expect(words(box('In', 553, 590, 74, 110))).toEqual(['In']); // two more characters
    expect(words(box('Inc', 553, 619, 74, 110))).toEqual(['Inc']); // the first read saw no ink past it
    expect(words(box('Inc', 553, 610, 140, 170))).toEqual(['Inc']); // a word of the next line
    expect(withStopsOfFirstRead(sparse, [box('Inc-', 553, 620, 74, 108)]).map((w) => w.text)).toEqual(['Keystone', 'Automotive,', 'Inc']);
  });
});

describe('a part number spaced unlike its column (photograph R614)', () => {
  const table = (parts: string[]): WordBox[] => [
    ...line(300, [['Qty', 10], ['Description', 200], ['Part Number', 700], ['Price', 1000]]),
    ...parts.flatMap((part, i) => line(340 + 40 * i, [['1', 10], [`PART ${i + 1}`, 200], [part, 700], ['10.00', 1000]])),
    ...line(340 + 40 * parts.length, [['Total', 700], [`${10 * parts.length}.00`, 1000]]),
  ];
  const marks = (parts: string[]) => {
    const read = readInvoiceLayout(table(parts));
    expect(read.line_items.map((item) => item.part_number)).toEqual(parts);
    return read.confidence.line_items!.map((row) => (row.part_number ?? 1) < LOW_CONFIDENCE);
  };

  it('marks a number whose groups differ from two rows or more of the same kinds of characters', () => {
    // R614 as read: "51 12 7 459 001" read "5112 7459 001" among BMW numbers printed 2, 2, 1, 3, 3.
    expect(marks(['07 14 7 150 139', '5112 7459 001', '51 13 7 294 818', '51 16 7 348 451'])).toEqual([false, true, false, false]);
  });

  it('leaves a column without such a pattern, or a number of other kinds of characters', () => {
    expect(marks(['07 14 7 150 139', '5112 7459 001', 'HC3Z 8200 A'])).toEqual([false, false, false]);
    expect(marks(['07 14 7 150 139', '51 13 7 294 818', 'A205 880 1203 77'])).toEqual([false, false, false]);
  });
});

describe('a short head misread next to "Description" (random layout R2737)', () => {
  it('knows a word one letter off a short cell’s head, not a word of a description’s head', () => {
    expect(isMisreadShortHead('UoMm')).toBe(true);
    expect(isMisreadShortHead('Qtyy')).toBe(true);
    for (const label of ['Item', 'Size', 'Pant', 'Goods', 'Long']) expect(isMisreadShortHead(label)).toBe(false);
  });

  it('keeps the unit column "UoMm" out of the description after it', () => {
    const read = readInvoiceLayout([
      ...line(300, [['Ln', 100], ['Product', 200], ['Qty', 400], ['Retail', 500], ['UoMm', 600], ['Description', 660], ['Sell', 1000], ['Extension', 1100]]),
      ...line(340, [['1', 100], ['2318', 200], ['2', 400], ['0.32', 500], ['EA', 600], ['TRIM PANEL CLIP 6.3 MM FORD', 660], ['0.32', 1000], ['0.64', 1100]]),
      ...line(380, [['2', 100], ['77', 200], ['1', 400], ['0.93', 500], ['EA', 600], ['HOSE CLAMP #10 SS', 660], ['0.93', 1000], ['0.93', 1100]]),
      ...line(420, [['Total', 1000], ['1.57', 1100]]),
    ]);
    expect(read.line_items.map((item) => item.description)).toEqual(['TRIM PANEL CLIP 6.3 MM FORD', 'HOSE CLAMP #10 SS']);
  });
});

describe('a header word the re-read read in pieces, characters lost (random layout R2712)', () => {
  // R2712's box under "Invoice #" as read: the first read "392571-35" at 0.91, the sparse re-read "39257" and "5".
  const first = [box('392571-35', 75, 207, 285, 302)].map((w) => ({ ...w, conf: 0.91 }));
  const sparse = [box('Invoice', 100, 160, 252, 266), box('39257', 75, 160, 285, 302), box('5', 194, 207, 285, 302)];

  it('takes the first read’s word whole', () => {
    expect(withWordsOfFirstRead(sparse, first).map((w) => w.text)).toEqual(['Invoice', '392571-35']);
    const rest = [...line(400, [['Part #', 10], ['Description', 200], ['Qty', 700], ['Price', 850]]), ...line(440, [['GM 23364972', 10], ['RADIATOR ASM', 200], ['1', 700], ['385.55', 850]])];
    const read = (words: WordBox[]) => readInvoiceLayout([...line(20, [['Harbor Paint & Body Supply Ltd', 600]], 0.96, 40), box('#', 169, 180, 252, 266), ...words, ...rest]);
    expect(read(withWordsOfFirstRead(sparse, first)).invoice_number).toBe('392571-35');
  });

  it('keeps pieces that lose nothing, a first read it doubts, and pieces reaching out of its box', () => {
    const texts = (s: WordBox[], f: WordBox[] = first) => withWordsOfFirstRead(s, f).map((w) => w.text);
    expect(texts([box('392571', 75, 160, 285, 302), box('-35', 170, 207, 285, 302)])).toEqual(['392571', '-35']);
    expect(texts(sparse, [{ ...first[0]!, conf: 0.7 }])).toEqual(['Invoice', '39257', '5']);
    expect(texts([box('39257', 75, 160, 285, 302), box('5B', 194, 240, 285, 302)])).toEqual(['39257', '5B']);
  });
});

describe('a grid’s label under a line with the invoice date (random layout R2720)', () => {
  it('stops at the words of a date above, so the delivery date is not taken for the invoice’s', () => {
    // R2720's words as read (monospace print whose word spaces are as wide as its letters are high).
    const words = [
      ...line(40, [['Tri-County Parts Distribution', 600]], 0.96, 36),
      box('Inv', 53, 85, 167, 180), box('Date', 99, 144, 167, 180), box('November', 158, 248, 166, 180), box('11,', 263, 291, 167, 183), box('2026', 310, 354, 167, 180),
      box('Delivery', 66, 143, 197, 213),
      box('UPS', 66, 99, 226, 239), box('Ground', 112, 180, 225, 239),
      box('Delivery', 66, 143, 252, 268), box('Date', 155, 192, 253, 264),
      box('November', 66, 157, 280, 294), box('14,', 171, 200, 281, 298), box('2026', 218, 262, 281, 294),
    ];
    const lines = groupLines(words);
    expect(stackedLabelAbove(lines, 5, lines[5]!)).toBe('Delivery UPS Ground Delivery Date');
    expect(readInvoiceLayout([...words, ...table(400)]).invoice_date).toBe('2026-11-11');
  });
});

describe('a description column whose head was misread (random layout R2830)', () => {
  const read = (head: string) =>
    readInvoiceLayout([
      ...line(300, [['PRODUCT', 10], [head, 200], ['UNIT', 600], ['SHP', 700], ['TOTAL', 850]]),
      ...line(340, [['84001FL110', 10], ['HEADLAMP ASSY LH', 200], ['EA', 600], ['1', 700], ['547.80', 850]]),
      ...line(380, [['57229FL000', 10], ['HOOD COMPLETE', 200], ['EA', 600], ['1', 700], ['570.37', 850]]),
      ...line(420, [['TOTAL', 700], ['1118.17', 850]]),
    ]).line_items.map((item) => item.description);

  it('reads the words under an unknown head as the descriptions when no head names them', () => {
    expect(read('pESC')).toEqual(['HEADLAMP ASSY LH', 'HOOD COMPLETE']);
  });

  it('does not take a maker’s column or a head it knows to ignore for them', () => {
    expect(read('BRAND')).toEqual(['', '']);
    expect(read('SIZE')).toEqual(['', '']);
  });
});

describe('a title and its number’s label before the name (random layout R749, a photograph)', () => {
  // R749's heading as read: "INVOICE NO. INV-" (its number "07472" wrapped under it), then the name at the right.
  const heading = [
    box('INVOICE', 48, 566, 44, 86), { ...box('NO.', 322, 417, 40, 103), conf: 0.93 }, { ...box('INV-', 448, 569, 40, 103), conf: 0.92 },
    box('REDLINE', 765, 1033, 48, 90), box('DEALER', 1080, 1305, 48, 90), box('PARTS', 1349, 1535, 47, 91), box('CENTER', 1575, 1808, 47, 91), box('CO.', 1850, 1953, 47, 91),
    box('07472', 48, 219, 103, 144),
  ];

  it('does not cut the title off its number’s label, so the label is not taken for a name', () => {
    expect(withoutDocumentTitle(makeLine(heading.slice(0, 3)))?.text).toBe('INVOICE NO. INV-');
    expect(readInvoiceLayout([...heading, ...table()]).supplier).toBe('REDLINE DEALER PARTS CENTER CO.');
  });

  it('still cuts a title set apart from a name after it', () => {
    expect(withoutDocumentTitle(makeLine([box('INVOICE', 48, 250, 44, 86), box('NORTHGATE', 400, 700, 44, 86), box('PARTS', 730, 900, 44, 86)]))?.text).toBe('NORTHGATE PARTS');
  });
});

describe('a doubted word on the name’s line (random layout R775, a photograph)', () => {
  // R775's heading band as read: "Keystone" read "Kel" at 0.44 (its "stone", at 0.26, dropped), then "Motor Parts Co.".
  const heading = (kelConf: number, kelRight = 1247) => [
    box('Invoice', 62, 283, 49, 87),
    { ...box('Kel', 1184, kelRight, 46, 132), conf: kelConf }, box('Motor', 1450, 1595, 66, 99), box('Parts', 1639, 1777, 66, 99), box('Co.', 1813, 1890, 66, 99),
  ];

  it('marks the name taken for checking', () => {
    const read = readInvoiceLayout([...heading(0.44), ...table()]);
    expect(read.supplier).toBe('Motor Parts Co.');
    expect(read.confidence.supplier).toBeLessThan(LOW_CONFIDENCE);
  });

  it('leaves the name alone when the word beside it was read with confidence or stands far from it', () => {
    expect(readInvoiceLayout([...heading(0.95), ...table()]).confidence.supplier).toBeGreaterThanOrEqual(LOW_CONFIDENCE);
    const far = heading(0.44).map((w) => (w.text === 'Kel' ? { ...w, x0: 700, x1: 763 } : w));
    expect(readInvoiceLayout([...far, ...table()]).confidence.supplier).toBeGreaterThanOrEqual(LOW_CONFIDENCE);
  });
});

describe('the customer’s name under "Billed To" (random layout R754, a photograph)', () => {
  // R754's words as read: the name, then a grid whose swollen boxes make the label read upwards from "Main" take in
  // "Inv Account #" above "Billed To".
  const words = [
    box('INVOICE', 44, 241, 45, 77), box('Harbor', 1142, 1307, 43, 78), box('Wholesale', 1317, 1553, 43, 78), box('Parts', 1569, 1687, 44, 78), box('LLC', 1703, 1790, 44, 78),
    box('Inv', 44, 91, 95, 118), box('No,', 103, 148, 92, 130), box('87389', 156, 247, 96, 119),
    box('Inv', 40, 83, 141, 175), box('28', 159, 183, 140, 175), box('2026', 252, 304, 141, 175),
    box('Account', 43, 268, 171, 192), box('#', 158, 170, 166, 200), box('RO25195', 384, 489, 172, 192),
    box('Billed', 44, 145, 225, 245), box('To', 120, 149, 212, 254), box('Ship', 361, 447, 225, 250), box('To', 427, 452, 213, 255),
    box('Main', 40, 99, 236, 280), box('Body', 190, 246, 236, 280),
  ];

  it('is not taken for the supplier, nor is its label', () => {
    const lines = groupLines(words);
    const main = lines.findIndex((l) => l.words.some((w) => w.text === 'Main'));
    expect(stackedLabelAbove(lines, main, makeLine(lines[main]!.words.slice(0, 1)))).toBe('Inv Account # Billed To');
    expect(readInvoiceLayout([...words, ...table(400)]).supplier).toBe('Harbor Wholesale Parts LLC');
  });
});

describe('a name’s two first words grouped with a higher title (random layout R3182)', () => {
  // The sparse read's boxes of R3182's head: "INVOICE # AW7911474" 25 px tall at the right, "Crossroads Parts Warehouse
  // Co." 30–32 px tall and 9 px lower; "Crossroads" and "Warehouse" overlap the title by half their height.
  const head = [
    box('INVOICE', 992, 1136, 49, 74), box('#', 1148, 1167, 49, 74), box('AW7911474', 1177, 1374, 49, 74),
    box('Crossroads', 271, 501, 58, 90), box('Parts', 517, 618, 60, 90), box('Warehouse', 631, 854, 58, 90), box('Co.', 869, 932, 60, 90),
  ];

  it('moves both to the name’s line, so the whole name is the supplier', () => {
    expect(groupLines(head).map((l) => l.text)).toEqual(['INVOICE # AW7911474', 'Crossroads Parts Warehouse Co.']);
    expect(readInvoiceLayout([...head, ...table()]).supplier).toBe('Crossroads Parts Warehouse Co.');
  });
});

describe('a name read in two pieces (random layout R853, a photograph)', () => {
  // R853's heading as read: "NORTHGATE PAINT & BODY SUPPLY" on a band, its "&" not read, then "SALES INVOICE".
  const heading = (bodyX: number) => [
    box('NORTHGATE', 71, 320, 59, 95), box('PAINT', 355, 490, 59, 95),
    box('BODY', bodyX, bodyX + 110, 59, 95), box('SUPPLY', bodyX + 142, bodyX + 307, 59, 95),
    box('SALES', bodyX + 380, bodyX + 531, 49, 87), box('INVOICE', bodyX + 571, bodyX + 783, 49, 87),
  ];

  it('marks the piece taken for checking', () => {
    const read = readInvoiceLayout([...heading(580), ...table()]);
    expect(read.supplier).toBe('NORTHGATE PAINT');
    expect(read.confidence.supplier).toBeLessThan(LOW_CONFIDENCE);
  });

  it('leaves a name alone with nothing in its print close beside it', () => {
    expect(readInvoiceLayout([...heading(580).filter((w) => !['BODY', 'SUPPLY'].includes(w.text)), ...table()]).confidence.supplier).toBeGreaterThanOrEqual(LOW_CONFIDENCE);
    const far = heading(900);
    expect(readInvoiceLayout([...far, ...table()]).confidence.supplier).toBeGreaterThanOrEqual(LOW_CONFIDENCE);
  });
});

describe('a date the header’s re-read read a mark into (random layout R3167, a page image)', () => {
  // R3167's fields as read: "Date:" over "Due Date:", both values after their labels; the re-read gave "17-)JAN-26"
  // at 0.60 where the first read had "17-JAN-26" at 0.86.
  const first = { ...box('17-JAN-26', 339, 499, 588, 619), conf: 0.86 };
  const sparse = [box('Date:', 84, 167, 588, 613), { ...box('17-)JAN-26', 339, 499, 588, 619), conf: 0.6 }];
  const fields = (date: WordBox[]) => [
    box('Coastal', 665, 900, 77, 142), box('Body', 934, 1090, 77, 142), box('Supply', 1119, 1300, 77, 142),
    box('Inv', 84, 140, 408, 437), box('#:', 152, 190, 408, 437), box('42-83339', 207, 400, 408, 437),
    ...date,
    box('Due', 84, 145, 631, 655), box('Date:', 160, 244, 631, 655), { ...box('16-FEB-26', 339, 504, 630, 655), conf: 0.91 },
    ...table(800),
  ];

  it('takes the first read’s word back', () => {
    expect(withoutMarksOfFirstRead(sparse, [first]).map((w) => w.text)).toEqual(['Date:', '17-JAN-26']);
    expect(readInvoiceLayout(fields(withoutMarksOfFirstRead(sparse, [first]))).invoice_date).toBe('2026-01-17');
  });

  it('keeps a re-read that is surer, or that differs in a letter or digit', () => {
    expect(withoutMarksOfFirstRead(sparse, [{ ...first, conf: 0.55 }]).map((w) => w.text)).toEqual(['Date:', '17-)JAN-26']);
    expect(withoutMarksOfFirstRead(sparse, [{ ...first, text: '17-JAN-28' }]).map((w) => w.text)).toEqual(['Date:', '17-)JAN-26']);
  });

  it('does not take the due date under a misread date for the invoice’s', () => {
    expect(readInvoiceLayout(fields(sparse)).invoice_date).toBeNull();
  });
});

describe('"Ship Via" and its value beside the name (random layout R827, a photograph)', () => {
  it('is no supplier’s name, though boxed taller than the name', () => {
    // R827's heading line as read: "ShipVia. UPS Ground" (its colon read as a stop) in swollen boxes, then the name.
    const words = [
      { ...box('ShipVia.', 52, 162, 62, 116), conf: 0.66 }, { ...box('UPS', 197, 256, 60, 118), conf: 0.73 }, box('Ground', 275, 367, 60, 118),
      box('Summit', 967, 1140, 63, 101), box('Motor', 1155, 1285, 65, 101), box('Parts', 1299, 1415, 65, 101),
    ];
    expect(readInvoiceLayout([...words, ...table()]).supplier).toBe('Summit Motor Parts');
  });
});

describe('a payment’s due date and an order date beside a misread invoice date (random layouts R906, R918, photographs)', () => {
  it('takes neither "Payment Due: Sun Feb 01 2026" nor "OrderDate: Sat Jan 17 2026" for the invoice’s (R906)', () => {
    // R906's fields as read, the invoice date's box left out: its label was read "or" at 0.44, its year on a line
    // above, and the page's reader found no date there.
    const words = [
      box('Keystone', 543, 740, 63, 113), box('Automotive', 754, 997, 61, 103), box('Inc.', 1013, 1085, 64, 103),
      box('Invoice', 1631, 1750, 49, 82), box('No.', 1762, 1815, 50, 82), box('709516', 1827, 1943, 50, 82),
      box('Payment', 1626, 1709, 197, 228), box('Due:', 1716, 1761, 197, 228), box('Sun', 1789, 1822, 197, 230), box('Feb', 1833, 1861, 197, 230), box('01', 1871, 1890, 201, 219), box('2026', 1897, 1939, 201, 220),
      box('Shipped', 1626, 1701, 228, 260), box('FedEx', 1793, 1848, 232, 251),
      box('OrderDate:', 1629, 1734, 263, 282), box('Sat', 1789, 1822, 259, 292), box('Jan', 1830, 1855, 259, 292), box('17', 1865, 1883, 263, 282), box('2026', 1890, 1932, 263, 282),
    ];
    expect(readInvoiceLayout([...words, ...table(400)]).invoice_date).toBeNull();
  });

  it('takes no "Payment Due:" date for the invoice’s when its own date is misread (R918)', () => {
    const words = [
      box('Granite', 100, 260, 60, 100), box('State', 275, 380, 60, 100), box('Supply', 395, 530, 60, 100),
      box('Billing', 1358, 1478, 166, 198), box('Date:', 1497, 1578, 169, 193), { ...box('O9FEB26', 1601, 1721, 168, 192), conf: 0.59 },
      box('Payment', 1358, 1477, 203, 232), box('Due:', 1497, 1561, 203, 226), { ...box('24FEB26', 1585, 1704, 202, 226), conf: 0.92 },
      box('Order', 1357, 1444, 336, 361), box('Dt:', 1462, 1509, 337, 361), { ...box('O3FEB26', 1532, 1652, 336, 361), conf: 0.91 },
    ];
    expect(readInvoiceLayout([...words, ...table(400)]).invoice_date).toBeNull();
    // Its own date read: taken.
    const read = words.map((w) => (w.text === 'O9FEB26' ? { ...w, text: '09FEB26' } : w));
    expect(readInvoiceLayout([...read, ...table(400)]).invoice_date).toBe('2026-02-09');
  });
});

describe('"Sales Invoice" before the name in its own print, and "Shipped Via" below (random layout R1036, a photograph)', () => {
  // R1036's header as read: "Sales Invoice" then "Redline Parts Distribution Inc." on one line, the title's space to the
  // name 61 px against the name's own 38–44 px; the fields under it ("Shipped Via UPS Ground", "Sales Rep K. Olsen").
  const words = [
    box('Sales', 58, 198, 52, 88), { ...box('.', 362, 370, 49, 58), conf: 0.69 }, box('Invoice', 236, 437, 53, 88),
    { ...box('.', 651, 661, 47, 58), conf: 0.55 }, box('Redline', 498, 742, 50, 98), box('Parts', 783, 952, 52, 97),
    { ...box('.', 1042, 1052, 47, 59), conf: 0.75 }, { ...box('.', 1184, 1194, 47, 59), conf: 0.57 }, { ...box('.', 1326, 1336, 47, 59), conf: 0.61 },
    { ...box('Distribution', 996, 1415, 50, 97), conf: 0.95 }, box('Inc.', 1459, 1585, 52, 97), box('Invoice', 57, 170, 114, 138),
    { ...box('Number', 188, 285, 115, 138), conf: 0.93 }, { ...box('INV-8286', 304, 432, 116, 138), conf: 0.93 },
    box('88', 496, 527, 125, 147), box('Commerce', 545, 674, 125, 147), box('Dr,', 692, 735, 125, 150), box('Unit', 758, 821, 125, 147),
    box('4', 840, 855, 126, 146), box('Shipped', 57, 169, 145, 175), { ...box('Via', 187, 235, 146, 170), conf: 0.95 },
    box('UPS', 253, 301, 148, 170), box('Ground', 319, 415, 147, 170), box('Boise,', 496, 588, 156, 182), box('ID', 612, 642, 157, 178),
    { ...box('83709', 660, 740, 157, 179), conf: 0.78 }, box('Sales', 56, 136, 179, 202), { ...box('Rep', 155, 203, 180, 207), conf: 0.93 },
    { ...box('K.', 221, 247, 180, 201), conf: 0.92 }, box('Olsen', 270, 349, 179, 202), box('Ph', 496, 526, 188, 210),
    box('922-578-9400', 545, 740, 189, 210), box('Billing', 56, 169, 209, 239), box('Date', 188, 252, 212, 233),
    box('5-28-26', 270, 383, 211, 233), box('Fax', 497, 543, 221, 242), box('922-578-9499', 562, 756, 220, 242),
    box('Account', 56, 169, 243, 265), { ...box('No.', 187, 231, 244, 265), conf: 0.93 }, { ...box('6349C', 253, 333, 243, 265), conf: 0.92 },
  ];

  it('drops the title before a name that ends in its company’s suffix', () => {
    expect(readInvoiceLayout([...words, ...table(400)]).supplier).toBe('Redline Parts Distribution Inc.');
  });

  it('takes neither "Shipped Via UPS Ground" nor "Sales Rep K. Olsen" for the name when the name’s line is not read', () => {
    expect(readInvoiceLayout([...words.filter((w) => w.y0 > 100), ...table(400)]).supplier).toBeNull();
  });
});

describe('"Sales Invoice" beside the name in smaller print on a higher baseline (random layout R2749, a page image)', () => {
  it('is cut off the name though its space is no wider than the name’s own', () => {
    // R2749's first lines as read: the name 38 px high, the title top-aligned beside it 28 px high (0.74, over
    // SMALLER_TITLE), its lowest bottom 15 px higher; the space before the title 41 px against the name's 30–34 px.
    const words = [
      box('Sales', 840, 945, 46, 73), box('Invoice', 975, 1125, 44, 73),
      box('Crossroads', 55, 336, 50, 88), box('Wholesale', 369, 627, 50, 88), box('Parts', 661, 799, 52, 88),
      box('Invoice', 840, 945, 92, 113), box('Number:', 963, 1063, 94, 113), { ...box('H6142', 1086, 1159, 94, 113), conf: 0.92 },
      box('312', 343, 381, 109, 126), box('Mill', 397, 448, 109, 126), box('St', 465, 489, 109, 126),
      box('Harrisburg,', 533, 675, 109, 131), box('PA', 696, 721, 109, 126), box('17111', 737, 801, 109, 126),
    ];
    expect(readInvoiceLayout([...words, ...table(400)]).supplier).toBe('Crossroads Wholesale Parts');
    // On one baseline, the same print sizes are one heading (a name may end in "Sales": the caller drops a last
    // "Invoice" only).
    const level = words.map((w) => (w.y0 < 60 && /Sales|Invoice/.test(w.text) ? { ...w, y0: w.y0 + 15, y1: w.y1 + 15 } : w));
    expect(readInvoiceLayout([...level, ...table(400)]).supplier).toBe('Crossroads Wholesale Parts Sales');
  });
});

describe('a delivery date under a misread invoice date (random layout R4469, a page image)', () => {
  // R4469's fields as read: the billing and order dates read "0OCT-18-2026" and "0OCT-15-2026" (no date), then
  // "Delivery Date: OCT-20-2026", its label's two words a little apart.
  const fields = (billing: string) => [
    box('Invoice', 55, 210, 47, 78), box('No.', 226, 290, 48, 78), box('12370867', 314, 480, 48, 78),
    box('Capitol', 953, 1120, 49, 90), box('Automotive,', 1133, 1420, 49, 87), box('Inc.', 1441, 1530, 50, 82),
    box('Billing', 53, 134, 102, 125), box('Date:', 147, 216, 102, 120), { ...box(billing, 258, 413, 102, 120), conf: 0.49 },
    box('Ordered:', 52, 160, 165, 183), { ...box('0OCT-15-2026', 258, 413, 165, 183), conf: 0.47 },
    box('Delivery', 53, 160, 197, 220), box('Date:', 174, 242, 197, 215), { ...box('OCT-20-2026', 258, 413, 197, 215), conf: 0.87 },
    ...table(400),
  ];

  it('is not taken for the invoice’s', () => {
    expect(readInvoiceLayout(fields('0OCT-18-2026')).invoice_date).toBeNull();
  });

  it('leaves the billing date read when it is', () => {
    expect(readInvoiceLayout(fields('OCT-18-2026')).invoice_date).toBe('2026-10-18');
  });
});

describe('a grid’s labels boxed taller than the name (random layout R1671, a photograph)', () => {
  // R1671's header as read: the name at the top right in 32 px boxes, the grid's "PAYMENT TERMS" swollen to 40 px.
  const words = (label: string) => [
    box('IRONWOOD', 1254, 1454, 53, 85), box('PAINT', 1466, 1568, 53, 85), box('&', 1578, 1602, 54, 85),
    box('BODY', 1614, 1714, 53, 85), box('SUPPLY,', 1725, 1866, 53, 92), box('INC.', 1878, 1947, 54, 86),
    box('INVOICE', 53, 239, 291, 332), box('06815611', 254, 454, 291, 333),
    box('INV', 52, 98, 362, 388), box('DATE:', 107, 189, 362, 388), box('June', 198, 259, 362, 388), box('25th,', 267, 328, 361, 391), box('2026', 338, 400, 362, 389),
    box('RO#', 71, 128, 416, 440), box(label, 226, 343, 412, 452), box('TERMS', 355, 439, 412, 452), box('ORDERED', 472, 596, 416, 440),
    box('SHIP', 712, 770, 417, 440), box('DATE', 776, 841, 417, 440),
    box('PO10482', 72, 189, 461, 488), box('COD', 227, 289, 461, 487), box('June', 473, 533, 461, 488), box('24th,', 542, 603, 460, 490), box('2026', 613, 675, 461, 487),
    ...table(560),
  ];

  it('is no supplier’s name', () => {
    expect(readInvoiceLayout(words('PAYMENT')).supplier).toBe('IRONWOOD PAINT & BODY SUPPLY, INC.');
  });

  it('leaves a tall heading of another word the name (the size rule itself)', () => {
    expect(readInvoiceLayout(words('PAYNTER')).supplier).toBe('PAYNTER TERMS ORDERED');
  });
});
