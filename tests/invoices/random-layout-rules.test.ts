/**
 * Rules the random layouts (`npm run bench:random`, tuning seeds 1–9999; scripts/invoice-devset/layouts-random.ts)
 * showed the need for, each on hand-built word boxes or strings: "Description of Goods" and "Product Description" as
 * one head, a part number or a description wrapped after a dash, "(10)" and ".030" opening a wrapped line, a document
 * title on the supplier's line, a "Remit to:" line's address, "32 0z" and a Partslink number's "H0" read on page images.
 */
import { describe, expect, it } from 'vitest';
import { CHANGED_CONFIDENCE } from '~/server/extraction/layout/glyphs';
import {
  continueDescription,
  joinWrapped,
  joinWrappedPart,
  matchHeader,
  partslinkLetters,
  unitsAfterNumber,
  readInvoiceLayout,
  stackedLabelAbove,
  withoutAddress,
  withoutDocumentTitle,
} from '~/server/extraction/layout/read-layout';
import { groupLines, makeLine } from '~/server/extraction/layout/words';
import { combineReads } from '~/server/extraction/offline.server';
import { line } from './word-boxes';

const kinds = (words: ReturnType<typeof line>) => matchHeader(makeLine(words))?.map((c) => c.kind);

describe('column heads of more than one word', () => {
  it('reads "Description of Goods" and "Product Description" as the description column', () => {
    expect(kinds(line(0, [['Part Number', 10], ['Description of Goods', 200], ['Shipped', 700], ['Sell', 850], ['Total', 950]]))).toEqual([
      'part',
      'desc',
      'qty_ship',
      'net',
      'amount',
    ]);
    expect(kinds(line(0, [['Part #', 10], ['Product Description', 200], ['Qty', 700], ['Price', 850], ['Extension', 950]]))).toEqual([
      'part',
      'desc',
      'qty',
      'price',
      'amount',
    ]);
    // "Goods" wrapped onto the head's second line: "of" is the rest of the description's head, not a column.
    expect(kinds(line(0, [['Disc', 10], ['Description of', 200], ['Shipped', 500], ['Part', 650], ['Amount', 850]]))).toEqual([
      'disc',
      'desc',
      'qty_ship',
      'part',
      'amount',
    ]);
    // "OF GOODS" in a bold head whose O is read as U (random layout R1032): still the rest of the description's head.
    const r1032 = matchHeader(makeLine(line(0, [['STUCK #', 80], ['DESCRIPTION', 283], ['UF GUUDS', 420], ['VEHICLE', 840], ['SELL', 1268], ['LIST PRICE', 1401]])));
    expect(r1032?.map((c) => [c.kind, c.label])).toEqual([
      ['part', 'STUCK #'],
      ['desc', 'DESCRIPTION UF GUUDS'],
      ['app', 'VEHICLE'],
      ['net', 'SELL'],
      ['list', 'LIST PRICE'],
    ]);
    // "Product" alone still names the part-number column.
    expect(kinds(line(0, [['Product', 10], ['Description', 200], ['Qty', 700], ['Price', 850]]))).toEqual(['part', 'desc', 'qty', 'price']);
  });

  it('keeps the whole description under "Description of Goods"', () => {
    const read = readInvoiceLayout([
      ...line(0, [['Part Number', 10], ['Description of Goods', 200], ['Shipped', 700], ['Sell', 850], ['Total', 950]]),
      ...line(40, [['MIL 271329', 10], ['Miller Auto-Darkening Lens 2 x 4', 200], ['1', 700], ['82.45', 850], ['82.45', 950]]),
      ...line(90, [['Total', 850], ['82.45', 950]]),
    ]);
    expect(read.line_items).toEqual([{ part_number: 'MIL 271329', description: 'Miller Auto-Darkening Lens 2 x 4', quantity: 1, unit_price: 82.45 }]);
  });
});

describe('cells wrapped by a narrow column', () => {
  it('joins a part number broken after its dash without a space', () => {
    expect(joinWrappedPart('53301', '48130', '53301-')).toBe('53301-48130');
    expect(joinWrappedPart('HY/86511', 'L1000', 'HY/86511-')).toBe('HY/86511-L1000');
    expect(joinWrappedPart('52119-', '0R917')).toBe('52119-0R917');
    expect(joinWrappedPart('FD25113', 'GTYN', 'FD25113')).toBe('FD25113 GTYN');
  });

  it('reads a wrapped part number and description in a table', () => {
    const read = readInvoiceLayout([
      ...line(0, [['Ln', 10], ['Part No.', 100], ['Description', 250], ['Price', 800], ['Total', 950]]),
      ...line(40, [['1', 10], ['53301-', 100], ['Urethane kit 1-', 250], ['647.19', 800], ['647.19', 950]]),
      ...line(62, [['48130', 100], ['step', 250]]),
      ...line(110, [['Total', 800], ['647.19', 950]]),
    ]);
    expect(read.line_items).toEqual([{ part_number: '53301-48130', description: 'Urethane kit 1-step', quantity: 1, unit_price: 647.19 }]);
  });

  it('joins a description broken after a digit and a dash without a space', () => {
    expect(continueDescription('Urethane kit 1', '1-', 'step')).toBe('Urethane kit 1-step');
    expect(continueDescription('FENDER SUB', 'SUB-', 'ASSY')).toBe('FENDER SUB-ASSY');
    expect(continueDescription('HOSE CLAMP', 'CLAMP', '9/16')).toBe('HOSE CLAMP 9/16');
  });

  it('keeps an opening parenthesis that is closed and the point of a decimal', () => {
    expect(joinWrapped([line(0, [['(10)', 0]])])).toBe('(10)');
    expect(joinWrapped([line(0, [['.030 (25)', 0]])])).toBe('.030 (25)');
    // Marks that open nothing are still dropped.
    expect(joinWrapped([line(0, [['(Front', 0]])])).toBe('Front');
    expect(joinWrapped([line(0, [['.', 0], ['Clip', 20]])])).toBe('Clip');
  });
});

describe("the supplier's name", () => {
  const seg = (cells: [string, number][], height = 28) => makeLine(line(0, cells, 1, height));

  it('drops a document title set apart on its line', () => {
    // Words of 10 px per letter and a 10 px space; the title 30 px on.
    expect(withoutDocumentTitle(seg([['Valley Parts Depot, Inc.', 0], ['Invoice / Packing List', 280]]))?.text).toBe('Valley Parts Depot, Inc.');
    // After a company's suffix, however close.
    expect(withoutDocumentTitle(seg([['Lakeside Supply Inc. Invoice', 0]]))?.text).toBe('Lakeside Supply Inc.');
    expect(withoutDocumentTitle(seg([['PARTS INVOICE', 0]]))).toBeNull();
    expect(withoutDocumentTitle(seg([['SALES INVOICE', 0], ['Harbor Auto Parts', 180]]))?.text).toBe('Harbor Auto Parts');
    // Evenly spaced, no suffix: one heading ("PARTS" is the name's).
    expect(withoutDocumentTitle(seg([['SUMMIT WHOLESALE PARTS INVOICE', 0]]))?.text).toBe('SUMMIT WHOLESALE PARTS INVOICE');
  });

  it('reads a "Remit to:" name without its address', () => {
    expect(withoutAddress('Summit Wholesale Parts, 5880 Expressway Dr S, Harrisburg, PA 17111')).toBe('Summit Wholesale Parts');
    expect(withoutAddress('Summit Paint & Body Supply, Inc., 15 Depot Road, Tulsa, OK 74107')).toBe('Summit Paint & Body Supply, Inc.');
    expect(withoutAddress('Keystone Parts, PO Box 1140, Racine, WI')).toBe('Keystone Parts');
    expect(withoutAddress('Bluewater Auto Parts Ltd')).toBe('Bluewater Auto Parts Ltd');
    // A comma read as a stop after the company's suffix (R901's photograph); a number in the name itself stays.
    // (The stop is kept as read: "Inc." is printed so.)
    expect(withoutAddress('Summit Paint & Body Supply LLC. 990 Harbor Way, Macon, GA 31200')).toBe('Summit Paint & Body Supply LLC.');
    expect(withoutAddress('Valley Auto Parts, Inc. 2301 W Main St, Fort Wayne, IN 46808')).toBe('Valley Auto Parts, Inc.');
    expect(withoutAddress('Summit Paint & Body Supply LLC 990 Harbor Way')).toBe('Summit Paint & Body Supply LLC');
    expect(withoutAddress('Route 66 Auto Parts Inc.')).toBe('Route 66 Auto Parts Inc.');
    expect(withoutAddress('Co. 7 Parts Depot')).toBe('Co. 7 Parts Depot');
  });

  it('is the heading, not a title beside it nor the remit-to address', () => {
    const words = [
      ...line(0, [['Valley Parts Depot, Inc.', 10], ['Invoice / Packing List', 290]], 1, 28),
      ...line(60, [['Invoice #', 600], ['88412', 700]]),
      ...line(120, [['Part #', 10], ['Description', 200], ['Qty', 700], ['Price', 850]]),
      ...line(160, [['90467-12107', 10], ['CLIP, BUMPER COVER', 200], ['6', 700], ['1.60', 850]]),
      ...line(200, [['Total', 700], ['9.60', 850]]),
    ];
    expect(readInvoiceLayout(words).supplier).toBe('Valley Parts Depot, Inc.');
    expect(groupLines(words).length).toBe(5);
    const remit = [...words, ...line(260, [['Remit to: Valley Parts Depot, 15 Depot Road, Joliet, IL 60435', 10]])];
    expect(readInvoiceLayout(remit).supplier).toBe('Valley Parts Depot');
  });
});

describe('words of a description and numbers of a part read on page images', () => {
  it('reads "0z" and "gt" after a number as the ounce and the quart', () => {
    const words = unitsAfterNumber(line(0, [['Mixing cups 32 0z (50)', 0]]));
    expect(words.map((w) => w.text).join(' ')).toBe('Mixing cups 32 oz (50)');
    expect(unitsAfterNumber(line(0, [['TUBE 10.5 0Z', 0]])).map((w) => w.text).join(' ')).toBe('TUBE 10.5 OZ');
    expect(unitsAfterNumber(line(0, [['Rubbing Compound 1 gt', 0]])).map((w) => w.text).join(' ')).toBe('Rubbing Compound 1 qt');
    expect(unitsAfterNumber(line(0, [['Mustang 5.0 GT', 0]])).map((w) => w.text).join(' ')).toBe('Mustang 5.0 GT');
    // Not after a number: left as read.
    expect(unitsAfterNumber(line(0, [['0z cup', 0]]))[0]!.text).toBe('0z');
    // A small "gt" ending a description without its number is the quart (random layout R1085); "GT" and a "gt" inside
    // or alone are left as read.
    expect(unitsAfterNumber(line(0, [['Perfect-It rubbing compound gt', 0]])).map((w) => w.text).join(' ')).toBe('Perfect-It rubbing compound qt');
    expect(unitsAfterNumber(line(0, [['MUSTANG GT', 0]])).map((w) => w.text).join(' ')).toBe('MUSTANG GT');
    expect(unitsAfterNumber(line(0, [['compound gt jar', 0]])).map((w) => w.text).join(' ')).toBe('compound gt jar');
    expect(unitsAfterNumber(line(0, [['gt', 0]])).map((w) => w.text).join(' ')).toBe('gt');
  });

  it('reads "0z" as "OZ" in a description printed in capitals, and after a number on the line above', () => {
    // Random layout R592: "WELD-THROUGH PRIMER AEROSOL 12 OZ" with "OZ" wrapped onto the next line, read "0z".
    expect(unitsAfterNumber(line(0, [['PRIMER AEROSOL 12 0z', 0]])).map((w) => w.text).join(' ')).toBe('PRIMER AEROSOL 12 OZ');
    expect(continueDescription('WELD-THROUGH PRIMER AEROSOL 12', '12', '0z')).toBe('WELD-THROUGH PRIMER AEROSOL 12 OZ');
    expect(continueDescription('Primer aerosol 12', '12', '0z can')).toBe('Primer aerosol 12 oz can');
    expect(continueDescription('Clear coat 2', '2', 'gt kit')).toBe('Clear coat 2 qt kit');
    // Not after a number: as read.
    expect(continueDescription('PRIMER AEROSOL', 'AEROSOL', '0z')).toBe('PRIMER AEROSOL 0z');
  });

  it("gives a Partslink number its make's letters back", () => {
    expect(partslinkLetters('H01038101C')).toBe('HO1038101C');
    expect(partslinkLetters('T02503159')).toBe('TO2503159');
    expect(partslinkLetters('F01230318C')).toBe('FO1230318C');
    expect(partslinkLetters('N11240251C')).toBe('NI1240251C');
    expect(partslinkLetters('Kl1321118C')).toBe('KI1321118C');
    // Right reads and other numbers stay.
    expect(partslinkLetters('HO1038101C')).toBe('HO1038101C');
    expect(partslinkLetters('HY1241100')).toBe('HY1241100');
    expect(partslinkLetters('A01234567')).toBe('A01234567');
    expect(partslinkLetters('H0123456')).toBe('H0123456');
    expect(partslinkLetters('86594-10000')).toBe('86594-10000');
  });

  it('marks the number it changed', () => {
    const read = readInvoiceLayout([
      ...line(0, [['Part Number', 10], ['Description', 200], ['Qty', 700], ['Price', 850]]),
      ...line(40, [['H01038101C', 10], ['BUMPER REINFORCEMENT', 200], ['1', 700], ['121.54', 850]]),
      ...line(90, [['Total', 700], ['121.54', 850]]),
    ]);
    expect(read.line_items[0]!.part_number).toBe('HO1038101C');
    expect(read.confidence.line_items![0]!.part_number).toBe(CHANGED_CONFIDENCE);
  });
});

describe('a description printed in the last column', () => {
  it('keeps the words that run on past its head', () => {
    const read = readInvoiceLayout([
      ...line(0, [['Qty', 10], ['Product', 100], ['Unit Price', 300], ['Amount', 450], ['Description', 600]]),
      ...line(40, [['1', 10], ['62090-5NA0A', 100], ['56.35', 300], ['56.35', 450], ['ABSORBER-ENERGY, FRONT BUMPER', 600]]),
      ...line(90, [['Total', 300], ['56.35', 450]]),
    ]);
    expect(read.line_items).toEqual([{ part_number: '62090-5NA0A', description: 'ABSORBER-ENERGY, FRONT BUMPER', quantity: 1, unit_price: 56.35 }]);
  });
});

describe('fields in a grid of boxes', () => {
  // Labels of one line and of two ("Invoice" over "Date"), the values on one line under them.
  const grid = [
    ...line(0, [['Due', 300], ['Invoice', 420], ['Delivery', 560]]),
    ...line(14, [['Date', 420], ['Date', 560]]),
    ...line(34, [['1/6/27', 300], ['12/22/26', 420], ['12/24/26', 560]]),
  ];

  it('reads the label over a value, a head of two lines too', () => {
    const lines = groupLines(grid);
    const values = lines[2]!;
    const seg = (text: string) => makeLine(values.words.filter((w) => w.text === text));
    expect(stackedLabelAbove(lines, 2, seg('1/6/27'))).toBe('Due');
    expect(stackedLabelAbove(lines, 2, seg('12/22/26'))).toBe('Invoice Date');
    expect(stackedLabelAbove(lines, 2, seg('12/24/26'))).toBe('Delivery Date');
  });

  it("takes the invoice date, not the due date before it", () => {
    const read = readInvoiceLayout([
      ...line(-60, [['Harbor Dealer Parts', 10]], 0.9, 28),
      ...grid,
      ...line(100, [['Part #', 10], ['Description', 200], ['Qty', 700], ['Price', 850]]),
      ...line(140, [['90467-12107', 10], ['CLIP, BUMPER COVER', 200], ['6', 700], ['1.60', 850]]),
      ...line(180, [['Total', 700], ['9.60', 850]]),
    ]);
    expect(read.invoice_date).toBe('2026-12-22');
  });
});

describe("the parts table's head", () => {
  it('is the one followed by prices, not a grid of labels above it', () => {
    const read = readInvoiceLayout([
      ...line(0, [['Document No.', 10], ['Delivery', 200], ['Customer ID', 400], ['Ordered', 600]]),
      ...line(20, [['05940856', 10], ['FedEx', 200], ['98968', 400], ['December 17, 2026', 600]]),
      ...line(50, [['Sold To:', 10]]),
      ...line(70, [['Eastside Auto Body', 10]]),
      ...line(90, [['760 Route 9 North', 10]]),
      ...line(110, [['Springfield, IL 62703', 10]]),
      ...line(150, [['Line Total', 10], ['Net Each', 200], ['Item', 400], ['Desc', 600], ['Qty/UM', 900]]),
      ...line(180, [['217.30', 10], ['217.30', 200], ['MIC 03364', 400], ['225/45R17 94V Pilot Sport', 600], ['1 EA', 900]]),
      ...line(230, [['Parts Total', 800], ['217.30', 950]]),
    ]);
    expect(read.line_items).toEqual([{ part_number: 'MIC 03364', description: '225/45R17 94V Pilot Sport', quantity: 1, unit_price: 217.3 }]);
  });

  it('ends at a strip of totals labelled over their values', () => {
    const read = readInvoiceLayout([
      ...line(0, [['Ln', 10], ['Part No.', 100], ['Item Description', 300], ['Price', 700], ['Ext', 850]]),
      ...line(40, [['1', 10], ['81150-06D40', 100], ['UNIT ASSY, HEADLAMP, LH', 300], ['912.30', 700], ['912.30', 850]]),
      ...line(100, [['Parts Total', 100], ['State Tax', 400], ['TOTAL', 800]]),
      ...line(124, [['912.30', 100], ['75.26', 400], ['987.56', 800]]),
    ]);
    expect(read.total_amount).toBe(987.56);
    expect(read.line_items).toHaveLength(1);
  });
});

describe('the invoice number in a box grid', () => {
  it('is read by a label of two lines over it, or one wider than it', () => {
    const table = [
      ...line(100, [['Part #', 10], ['Description', 200], ['Qty', 700], ['Price', 850]]),
      ...line(140, [['90467-12107', 10], ['CLIP, BUMPER COVER', 200], ['6', 700], ['1.60', 850]]),
      ...line(180, [['Total', 700], ['9.60', 850]]),
    ];
    const stacked = readInvoiceLayout([
      ...line(-60, [['BLUEWATER DEALER PARTS', 300]], 0.9, 28),
      ...line(0, [['INVOICE', 200]]),
      ...line(6, [['ORDER DATE', 10], ['INVOICE DATE', 400]]),
      ...line(12, [['NUMBER', 200]]),
      ...line(40, [['23-Aug-2026', 10], ['61-27951', 200], ['28-Aug-2026', 400]]),
      ...table,
    ]);
    expect(stacked.invoice_number).toBe('61-27951');
    expect(stacked.invoice_date).toBe('2026-08-28');
    const wide = readInvoiceLayout([...line(0, [['Document No.', 10]]), ...line(20, [['05881', 10]]), ...table]);
    expect(wide.invoice_number).toBe('05881');
  });
});

describe('header values wrapped or labelled on their own line', () => {
  /** A word where a page image's OCR put it (x0, x1, y0, y1). */
  const at = (text: string, x0: number, x1: number, y0: number, y1: number) => ({ text, x0, x1, y0, y1, conf: 0.93 });
  const table = [
    ...line(300, [['Part #', 10], ['Description', 200], ['Qty', 700], ['Price', 850]]),
    ...line(340, [['90467-12107', 10], ['CLIP, BUMPER COVER', 200], ['6', 700], ['1.60', 850]]),
    ...line(380, [['Total', 700], ['9.60', 850]]),
  ];

  it('reads an invoice number wrapped at its hyphen onto the line below', () => {
    // Random layout R749: "INVOICE NO. INV-" over "07472" in a narrow column, the supplier's name far right.
    const read = readInvoiceLayout([
      ...line(0, [['INVOICE NO. INV-', 10], ['REDLINE DEALER PARTS CENTER CO.', 600]]),
      ...line(22, [['07472', 10], ['5880 EXPRESSWAY DR', 600]]),
      ...line(60, [['INV DATE:', 10], ['2/3/2026', 200]]),
      ...table,
    ]);
    expect(read.invoice_number).toBe('INV-07472');
    // Not a wrap: the line below starts elsewhere, so "INV-" is no number and the one under the label is read.
    const apart = readInvoiceLayout([
      ...line(0, [['INVOICE NO. INV-', 10], ['REDLINE DEALER PARTS CENTER CO.', 600]]),
      ...line(22, [['07472', 120], ['5880 EXPRESSWAY DR', 600]]),
      ...table,
    ]);
    expect(apart.invoice_number).toBe('07472');
  });

  it('reads a number wrapped at its prefix under the document title (R1381)', () => {
    // "INVOICE INV-" in large print over "298831" at the title's left edge; the supplier's name, taller, far left in
    // a band between the two lines' heights (so its line comes between them).
    const read = readInvoiceLayout([
      ...line(0, [['INVOICE INV-', 600]], 0.93, 40),
      ...line(20, [['CAPITOL COLLISION SUPPLY CO.', 10]], 0.93, 58),
      ...line(60, [['298831', 600]], 0.93, 40),
      ...line(120, [['INV DATE: 22 Jan 2026', 600]]),
      ...table,
    ]);
    expect(read.invoice_number).toBe('INV-298831');
  });

  it('does not look for the number under a title past other labels', () => {
    // Random layout R788: the title "Invoice  Packing List" over a key-value block; "Account No." and its value set
    // apart from it in a column of values; the number is the "Document No." one.
    const read = readInvoiceLayout([
      at('Valley', 81, 253, 78, 136), at('Wholesale', 271, 572, 78, 124), at('Parts,', 595, 757, 81, 132), at('Inc.', 782, 879, 80, 124),
      at('Invoice', 1321, 1517, 77, 117), at('Packing', 1577, 1792, 77, 128), at('List', 1818, 1918, 77, 117),
      at('Document', 1320, 1491, 153, 178), at('No.', 1503, 1555, 153, 178), at('30377058', 1578, 1732, 153, 178),
      at('Billing', 1320, 1424, 196, 229), at('Date', 1438, 1511, 197, 222), at('June', 1577, 1652, 197, 222),
      at('16th,', 1665, 1738, 196, 226), at('2026', 1753, 1828, 197, 222),
      at('Account', 1319, 1459, 242, 268), at('No.', 1471, 1524, 242, 268), at('2702', 1578, 1654, 242, 268),
      ...table.map((w) => ({ ...w, y0: w.y0 + 200, y1: w.y1 + 200 })),
    ]);
    expect(read.invoice_number).toBe('30377058');
  });

  it('does not take the address\'s ZIP left of a title "Invoice" for the number under it (R1657)', () => {
    // The supplier's block at the left ("Boise, ID 83709" ends 41 px before the title starts), the title "Invoice" at
    // the right over "Document No. 08-22637", both on one grouped line: the ZIP code was read as the number, silently.
    const read = readInvoiceLayout([
      at('Midwest', 60, 250, 46, 85), at('Paint', 285, 418, 46, 85), at('Supply,', 449, 631, 49, 94), at('Inc.', 674, 772, 50, 85),
      at('Invoice', 1021, 1177, 46, 76),
      at('15', 537, 561, 107, 125), at('Depot', 579, 647, 107, 130), at('Road', 665, 719, 107, 125),
      at('Boise,', 767, 846, 107, 128), at('ID', 868, 893, 107, 125), at('83709', 911, 980, 107, 125),
      at('Document', 1020, 1146, 97, 118), at('No.', 1166, 1207, 97, 117), at('08-22637', 1231, 1357, 97, 118),
      at('Date', 1019, 1075, 137, 155), at('2026/09/07', 1219, 1360, 137, 157),
      ...table.map((w) => ({ ...w, y0: w.y0 + 200, y1: w.y1 + 200 })),
    ]);
    expect(read.invoice_number).toBe('08-22637');
  });

  it('does not take a key-value block\'s value under a title "Invoice" for the number (R1784)', () => {
    // "Invoice" in large print at the top left over "Cust Acct:" and its value in a column of values 64 px to the
    // right (under the title); the number is "Inv #:"'s, in that column too: the account number was read, silently.
    const read = readInvoiceLayout([
      at('Invoice', 54, 204, 48, 76),
      at('Harbor', 415, 598, 59, 97), at('Paint', 619, 754, 59, 97), at('Supply', 985, 1166, 59, 106), at('Co.', 1186, 1265, 60, 97),
      at('Cust', 52, 104, 99, 117), at('Acct:', 113, 170, 99, 117), at('9581C', 234, 309, 99, 117),
      at('Payment', 53, 156, 131, 154), at('Due:', 166, 218, 131, 149), at('7-10-26', 234, 325, 131, 149),
      at('Inv', 53, 87, 162, 180), at('#:', 97, 121, 163, 180), at('69-22411', 234, 346, 162, 180),
      at('Invoice', 53, 136, 194, 212), at('Date:', 147, 207, 194, 212), at('6-25-26', 234, 325, 194, 212),
      ...table.map((w) => ({ ...w, y0: w.y0 + 250, y1: w.y1 + 250 })),
    ]);
    expect(read.invoice_number).toBe('69-22411');
  });

  it('gives no date rather than one under another date\'s label, from either reader', () => {
    // Random layout R929: the invoice date's box read "Tue 0912912026" (its slashes as ones), the ship date's beside it
    // right; the line-based reader, which does not see the labels, gave the ship date silently.
    const words = [
      at('Coastal', 241, 380, 61, 104), at('Parts', 395, 490, 61, 104), at('Warehouse,', 502, 720, 61, 104), at('Inc.', 737, 800, 61, 104),
      at('Document', 1051, 1110, 94, 105), at('No.', 1116, 1140, 94, 105), at('643582-20', 1050, 1130, 125, 140),
      at('Billing', 1042, 1073, 165, 179), at('Date', 1078, 1103, 166, 176), at('PO#', 1170, 1198, 165, 176),
      at('Ship', 1258, 1281, 165, 179), at('Date', 1286, 1311, 166, 176),
      at('Tue', 1041, 1065, 191, 204), at('0912912026', 1070, 1143, 191, 204), at('POB4977', 1170, 1231, 191, 204),
      at('Thu', 1257, 1282, 191, 204), at('10/01/2026', 1288, 1360, 191, 204),
      ...table.map((w) => ({ ...w, y0: w.y0 + 100, y1: w.y1 + 100 })),
    ];
    const read = readInvoiceLayout(words);
    expect(read.invoice_date).toBeNull();
    expect(read.otherDatesOnly).toBe(true);
    expect(combineReads([{ words, text: groupLines(words).map((l) => l.text).join('\n') }]).invoice_date).toBeNull();
    // With the invoice date's box read, it is the date and nothing is refused.
    const readable = words.map((w) => (w.text === '0912912026' ? { ...w, text: '09/29/2026' } : w));
    expect(readInvoiceLayout(readable)).toMatchObject({ invoice_date: '2026-09-29' });
    expect(readInvoiceLayout(readable).otherDatesOnly).toBeUndefined();
  });

  it('does not take a date after its own label for the one under "Date of Invoice"', () => {
    // Random layout R712: "Ordered: 9.29.26" printed under "Date of Invoice: 10.4.26".
    const read = readInvoiceLayout([
      ...line(-40, [['Tri-County Wholesale Parts LLC', 400]], 0.9, 40),
      at('Invoice', 53, 145, 275, 293), at('No.:', 160, 209, 276, 293), at('26-86998', 229, 334, 276, 293),
      at('Date', 370, 422, 276, 293), at('of', 437, 462, 276, 293), at('Invoice:', 479, 580, 275, 293), at('10.4.26', 601, 692, 276, 293),
      at('Sales', 52, 117, 303, 320), at('Order:', 133, 209, 303, 320), at('3276253', 228, 320, 303, 320),
      at('Ordered:', 356, 458, 303, 320), at('9.29.26', 478, 570, 303, 320),
      at('Customer', 53, 158, 330, 347), at('No.:', 174, 222, 330, 347), at('34474', 242, 307, 330, 347),
      at('Due', 343, 381, 330, 347), at('Date:', 397, 458, 330, 347), at('11.3.26', 479, 570, 330, 347),
      ...table.map((w) => ({ ...w, y0: w.y0 + 200, y1: w.y1 + 200 })),
    ]);
    expect(read.invoice_date).toBe('2026-10-04');
  });

  it('does not take a date after a label naming another date when the invoice date is unread', () => {
    // Random layout R2063 (its header words as read): "INV DATE: Jan. 27,2026" over "ORDER DT: Jan. 21, 2026". The
    // invoice date's comma closed up with its year and it went unread; the order date was taken, silently.
    const words = [
      ...line(-60, [['COASTAL AUTOMOTIVE', 541]], 0.96, 23),
      at('INV', 53, 95, 354, 377), at('DATE:', 103, 165, 354, 377), at('Jan.', 178, 220, 354, 377), at('27,2026', 228, 340, 354, 377),
      at('ORDER', 356, 440, 354, 377), at('NO.:', 449, 500, 354, 377), at('457721', 508, 580, 354, 377),
      at('DELIVERY:', 53, 170, 383, 406), at('OUR', 182, 228, 383, 406), at('TRUCK', 236, 310, 383, 406),
      at('ORDER', 343, 428, 383, 406), at('DT:', 436, 472, 383, 406), at('Jan.', 480, 521, 383, 406), at('21,', 529, 560, 383, 406), at('2026', 571, 620, 383, 406),
      ...table.map((w) => ({ ...w, y0: w.y0 + 200, y1: w.y1 + 200 })),
    ];
    // The closed-up date reads ("Jan. 27,2026" is the 27th of January 2026).
    expect(readInvoiceLayout(words).invoice_date).toBe('2026-01-27');
    // Unreadable, no date is taken: the order date's own label names it another date.
    const unread = words.map((w) => (w.text === '27,2026' ? { ...w, text: '27;2O26' } : w));
    const read = readInvoiceLayout(unread);
    expect(read.invoice_date).toBeNull();
    expect(read.otherDatesOnly).toBe(true);
    expect(combineReads([{ words: unread, text: groupLines(unread).map((l) => l.text).join('\n') }]).invoice_date).toBeNull();
  });

  it('finds the label over a date printed with its weekday, past the label\'s end', () => {
    // Random layout R1129 (its header words as read): a grid of boxes; "Billing Date" ends where "March" starts, its
    // weekday under the label. The order date above it was taken, silently.
    const words = [
      at('PARTS', 53, 146, 51, 74), at('INVOICE', 159, 277, 51, 74),
      at('Harbor', 889, 969, 50, 74),
      at('Parts', 979, 1039, 51, 74),
      at('Distribution', 1050, 1181, 50, 74),
      at('Invoice', 66, 111, 98, 111), at('Purchase', 297, 358, 98, 111), at('Order', 363, 400, 98, 111), at('Order', 426, 463, 98, 111), at('Dt', 468, 482, 98, 111),
      at('312', 888, 915, 92, 107), at('Mill', 922, 945, 92, 107), at('St', 952, 967, 92, 107),
      at('Ship', 173, 202, 98, 115), at('Via', 207, 228, 98, 111), at('Shipped', 652, 704, 98, 115),
      at('710589-88', 65, 146, 128, 143), at('FedEx', 174, 222, 128, 143), at('RO97118', 297, 368, 128, 143), at('Friday,', 427, 476, 128, 147), at('March', 483, 529, 128, 143), at('6,', 535, 547, 128, 146), at('2026', 554, 591, 128, 143), at('Sunday,', 652, 711, 128, 147), at('March', 719, 765, 128, 143), at('15,2026', 771, 837, 128, 146),
      at('Boise,', 888, 933, 116, 134), at('ID', 941, 956, 116, 131), at('83709', 962, 1009, 116, 131),
      at('Tel', 887, 908, 140, 155), at('627.862.3438', 914, 1018, 140, 155),
      at('Customer', 65, 128, 158, 171), at('ID', 134, 147, 158, 171), at('Counterperson', 173, 270, 158, 175), at('Payment', 297, 354, 158, 175), at('Terms', 358, 398, 158, 171), at('Billing', 427, 464, 158, 175), at('Date', 470, 500, 158, 171),
      at('Fax', 888, 915, 164, 179), at('627.862.3499', 921, 1025, 164, 179),
      at('97360', 65, 112, 188, 203), at('J.', 173, 185, 188, 203), at('Peters', 192, 240, 188, 203), at('Net', 297, 323, 188, 203), at('30', 328, 346, 188, 203), at('Thursday,', 426, 500, 188, 207), at('March', 507, 553, 188, 203), at('12,', 560, 581, 188, 206), at('2026', 588, 625, 188, 203),
      ...table.map((w) => ({ ...w, y0: w.y0 + 200, y1: w.y1 + 200 })),
    ];
    expect(readInvoiceLayout(words).invoice_date).toBe('2026-03-12');
  });
});

describe("the supplier's name beside the title and number", () => {
  it('is read after "INVOICE <number>", and a label with its value is never the name', () => {
    const read = readInvoiceLayout([
      ...line(0, [['INVOICE INV-78169', 10], ['Harbor Parts Distribution Ltd', 190]], 0.9, 24),
      ...line(40, [['Salesperson: K. Olsen', 10]], 0.9, 26),
      ...line(100, [['Part #', 10], ['Description', 200], ['Qty', 700], ['Price', 850]]),
      ...line(140, [['90467-12107', 10], ['CLIP, BUMPER COVER', 200], ['6', 700], ['1.60', 850]]),
      ...line(180, [['Total', 700], ['9.60', 850]]),
    ]);
    expect(read.supplier).toBe('Harbor Parts Distribution Ltd');
  });
});
