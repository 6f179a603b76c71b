/**
 * The layout reader (issue 18) on word boxes built by hand: each word is placed where a printed invoice would put it
 * (x from the left, y down the page, 10 px per character, 20 px high), so the column logic is tested without OCR.
 */
import { describe, expect, it } from 'vitest';
import { readDate } from '~/server/extraction/layout/dates';
import { chargeKind, confirmByArithmetic, matchHeader, netFromListAndDiscount, garbledBlock, continueDescription, dropTrailingMarks, isDescriptionUnderPart, titleNumber, stackHeads, proseLetters, readInvoiceLayout, splitBySize, readMoney, restorePoint, restoreSlashes, rowChargeKind, unitFromAmount } from '~/server/extraction/layout/read-layout';
import { groupLines, joinLetterSpaced, printHeight, type WordBox } from '~/server/extraction/layout/words';
import { combineReads, GUESSED_ROW_CONFIDENCE, keepPlausibleBoxes, SCAN_SPARSE_MIN_CONFIDENCE, SWOLLEN_SPARSE_HEIGHT } from '~/server/extraction/offline.server';
import { dropOverprinted, joinTouchingItems } from '~/server/extraction/pdf.server';
import { line } from './word-boxes';


const top = (supplier = 'Lakeside Ford Parts') => [
  ...line(20, [[supplier, 40]], 0.95, 36),
  ...line(70, [['1200 Harbor Road', 40], ['Invoice # 88412', 700]]),
  ...line(100, [['Springfield, IL', 40], ['Invoice Date: 11/03/2026', 700]]),
  ...line(150, [['Bill To:', 40]]),
  ...line(180, [['C.A.R.S Collision', 40]]),
];

describe('table header and columns', () => {
  it('maps Part # / Description / Qty / Unit Price / Amount and reads rows, total, header fields', () => {
    const words = [
      ...top(),
      ...line(260, [['Part #', 40], ['Description', 220], ['Qty', 560], ['Unit Price', 660], ['Amount', 840]]),
      ...line(300, [['BP-4410', 40], ['Front bumper cover', 220], ['2', 580], ['189.50', 690], ['379.00', 850]]),
      ...line(330, [['HC3Z 8200 A', 40], ['Grille assembly', 220], ['1', 580], ['$245.00', 680], ['$245.00', 840]]),
      ...line(400, [['Total', 700], ['$624.00', 840]]),
    ];
    const read = readInvoiceLayout(words);
    expect(read.tableFound).toBe(true);
    expect(read.line_items).toEqual([
      { part_number: 'BP-4410', description: 'Front bumper cover', quantity: 2, unit_price: 189.5 },
      { part_number: 'HC3Z 8200 A', description: 'Grille assembly', quantity: 1, unit_price: 245 },
    ]);
    expect(read).toMatchObject({ invoice_number: '88412', supplier: 'Lakeside Ford Parts', invoice_date: '2026-11-03', total_amount: 624 });
    expect(read.confidence.line_items).toHaveLength(2);
    expect(read.confidence.invoice_number).toBeCloseTo(0.9);
  });

  it('takes a header with column heads it knows and ignores (Formula, Size, Grade, Interchange) and keeps their words out of the rows', () => {
    const paint = [
      ...top('Gulf Coast Paint Supply'),
      ...line(260, [['Item', 40], ['Description', 140], ['Formula', 400], ['Size', 520], ['Grade', 600], ['Qty', 700], ['Amount', 840]]),
      ...line(300, [['BC-MIX', 40], ['Basecoat mixed color', 140], ['F-2231', 400], ['QT', 520], ['P', 610], ['2', 710], ['96.40', 850]]),
      ...line(400, [['Total', 700], ['96.40', 840]]),
    ];
    const read = readInvoiceLayout(paint);
    expect(read.tableFound).toBe(true);
    expect(read.line_items).toEqual([{ part_number: 'BC-MIX', description: 'Basecoat mixed color', quantity: 2, unit_price: 48.2 }]);
    // The same line with three words nobody prints as column heads (more than half its four known ones) is not a header;
    // the table is then found by its cells' content (table-by-content.ts), and its row read the same.
    const nonsense: Record<string, string> = { Formula: 'Zorbex', Size: 'Quill', Grade: 'Plimb' };
    const unknown = paint.map((w) => ({ ...w, text: nonsense[w.text] ?? w.text }));
    expect(groupLines(unknown).filter((l) => matchHeader(l) !== null)).toEqual([]);
    expect(readInvoiceLayout(unknown).line_items).toEqual([{ part_number: 'BC-MIX', description: 'Basecoat mixed color', quantity: 2, unit_price: 48.2 }]);
    const yard = [
      ...top('Northside Auto Recycling'),
      ...line(260, [['Stock #', 40], ['Part', 160], ['Interchange', 400], ['Grade', 560], ['Price', 660], ['Extended', 840]]),
      ...line(300, [['24K1187', 40], ['Door assy front left', 160], ['A123-4567', 400], ['A', 570], ['225.00', 660], ['225.00', 850]]),
      ...line(400, [['Total', 700], ['225.00', 840]]),
    ];
    expect(readInvoiceLayout(yard).line_items).toEqual([{ part_number: '24K1187', description: 'Door assy front left', quantity: 1, unit_price: 225 }]);
  });

  it('reads OCR slips in the header: "NAGS#" glued, "PART MUMBER", a header word swollen by a rule', () => {
    const glued = [
      ...top(),
      ...line(260, [['NAGS#', 40], ['Description', 220], ['Qty', 560], ['Price', 660], ['Total', 840]]),
      ...line(300, [['DW01812 GBN', 40], ['Windshield green tint', 200], ['1', 580], ['175.65', 660], ['175.65', 840]]),
      ...line(400, [['Total', 700], ['175.65', 840]]),
    ];
    // "Description" boxed from x 100 (a rule read into it): its column still starts where its words do.
    const swollen = glued.map((w) => (w.text === 'Description' ? { ...w, x0: 100 } : w));
    for (const words of [glued, swollen]) {
      expect(readInvoiceLayout(words).line_items).toEqual([{ part_number: 'DW01812 GBN', description: 'Windshield green tint', quantity: 1, unit_price: 175.65 }]);
    }
    const misread = [
      ...top(),
      ...line(260, [['LN', 40], ['PART MUMBER', 100], ['DESCRIPTION', 260], ['QTY', 560], ['NET', 660], ['EXTENDED', 840]]),
      ...line(300, [['1', 40], ['23464598', 100], ['PANEL, HOOD', 260], ['1', 580], ['650.60', 660], ['650.60', 840]]),
      ...line(400, [['TOTAL', 700], ['650.60', 840]]),
    ];
    expect(readInvoiceLayout(misread).line_items).toEqual([{ part_number: '23464598', description: 'PANEL, HOOD', quantity: 1, unit_price: 650.6 }]);
  });

  it('bills the shipped quantity, takes Net as the unit price, ignores line-number, UOM and application columns', () => {
    const words = [
      ...top(),
      ...line(260, [
        ['#', 40],
        ['Qty Ord', 80],
        ['Qty Ship', 170],
        ['U/M', 260],
        ['Part No', 320],
        ['Description', 470],
        ['Application', 690],
        ['List', 900],
        ['Disc %', 990],
        ['Net', 1090],
        ['Ext', 1190],
      ]),
      ...line(300, [['1', 40], ['4', 100], ['3', 190], ['EA', 260], ['5S0-1I0', 320], ['Brake pad set', 470], ['2019 F-150', 690], ['80.00', 890], ['25', 1000], ['60.00', 1080], ['180.00', 1180]]),
      ...line(330, [['2', 40], ['1', 100], ['1', 190], ['EA', 260], ['FL-820-S', 320], ['Oil filter', 470], ['Escape', 690], ['12.00', 890], ['10', 1000], ['10.80', 1080], ['10.80', 1190]]),
      ...line(400, [['Subtotal', 1000], ['190.80', 1180]]),
      ...line(430, [['Total', 1000], ['190.80', 1180]]),
    ];
    const read = readInvoiceLayout(words);
    expect(read.line_items).toEqual([
      { part_number: '5S0-1I0', description: 'Brake pad set', quantity: 3, unit_price: 60 },
      { part_number: 'FL-820-S', description: 'Oil filter', quantity: 1, unit_price: 10.8 },
    ]);
    expect(read.subtotal).toBe(190.8);
  });

  it('derives the unit price from List less Disc % when there is no Net column', () => {
    const words = [
      ...top(),
      ...line(260, [['Part No', 40], ['Description', 200], ['Qty', 500], ['List', 600], ['Disc %', 700], ['Amount', 820]]),
      ...line(300, [['68223', 40], ['Mirror glass', 200], ['2', 510], ['50.00', 590], ['20', 710], ['80.00', 820]]),
    ];
    expect(readInvoiceLayout(words).line_items).toEqual([{ part_number: '68223', description: 'Mirror glass', quantity: 2, unit_price: 40 }]);
  });

  it('takes the unit price from amount ÷ quantity when a digit of the unit price was misread ("Qty/Unit" names the quantity)', () => {
    const words = [
      ...top(),
      ...line(260, [['Qty/Unit', 40], ['Item Number', 160], ['Description', 300], ['Unit Price', 640], ['Line Total', 800]]),
      // 12 × 12.35 = 148.20: the unit price read "12.36" (low confidence) gives way to the amount.
      ...line(300, [['12BX', 40], ['AU-14115', 160], ['Push-type retainer (25)', 300], ['12.36', 650], ['148.20', 800]]),
      ...line(330, [['1BX', 40], ['H-500/100', 160], ['Hose clamp (100)', 300], ['81.85', 650], ['31.85', 810]]),
      // Rounded unit prices: 3 × 0.55 is not 1.64, and 1.64 ÷ 3 is no whole number of cents, so the unit price stands.
      ...line(360, [['3PK', 40], ['WT-0650', 160], ['Wire tie (100)', 300], ['0.55', 660], ['1.64', 820]]),
    ].map((w) => (w.text === '12.36' ? { ...w, conf: 0.1 } : w));
    expect(readInvoiceLayout(words).line_items).toEqual([
      { part_number: 'AU-14115', description: 'Push-type retainer (25)', quantity: 12, unit_price: 12.35 },
      { part_number: 'H-500/100', description: 'Hose clamp (100)', quantity: 1, unit_price: 31.85 },
      { part_number: 'WT-0650', description: 'Wire tie (100)', quantity: 3, unit_price: 0.55 },
    ]);
    // The amount read with less confidence than the unit price does not overrule it.
    expect(unitFromAmount(1, 81.85, 31.85, 0.9, 0.5)).toBeNull();
    expect(unitFromAmount(2, 10, 20, 0.5, 0.9)).toBeNull();
  });

  it('reads "Unit List" as the list price, rounds List less Disc % in cents, and keeps garbage read from a shaded row out of the column bounds', () => {
    const words = [
      ...top(),
      ...line(260, [['Part No', 40], ['Description', 200], ['Qty', 500], ['Unit List', 600], ['Disc %', 720], ['Net', 840]]),
      // Quantities printed right of their header's end, a rule read after one of them ("1|").
      ...line(300, [['3G0 805 588 S', 40], ['Lock carrier', 200], ['1|', 560], ['363.90', 640], ['25%', 730], ['272.93', 830]]),
      // A shaded row read as garbage at low confidence: its wide boxes would close the gap between Qty and Unit List.
      ...line(330, [['lsomsesisme', 40], ['zw', 200], ['2am', 550]], 0.3).map((w) => (w.text === '2am' ? { ...w, x1: 700 } : w)),
      ...line(360, [['06L 115 562 B', 40], ['Oil filter element', 200], ['4', 570], ['18.40', 650], ['16%', 730], ['1546', 840]]),
    ];
    expect(readInvoiceLayout(words).line_items).toEqual([
      { part_number: '3G0 805 588 S', description: 'Lock carrier', quantity: 1, unit_price: 272.93 },
      { part_number: '06L 115 562 B', description: 'Oil filter element', quantity: 4, unit_price: 15.46 },
    ]);
  });

  it('joins a header split over two lines ("Qty" above "Ord" / "Ship")', () => {
    const words = [
      ...top(),
      ...line(260, [['Qty', 40], ['Qty', 110], ['Part No', 200], ['Description', 360], ['Price', 640], ['Amount', 760]]),
      ...line(282, [['Ord', 40], ['Ship', 110]]),
      ...line(320, [['5', 50], ['2', 120], ['AB-100', 200], ['Door handle', 360], ['15.00', 640], ['30.00', 770]]),
    ];
    expect(readInvoiceLayout(words).line_items).toEqual([{ part_number: 'AB-100', description: 'Door handle', quantity: 2, unit_price: 15 }]);
  });

  it('keeps a long description in its column and continues a wrapped description on the next line', () => {
    const words = [
      ...top(),
      ...line(260, [['Item', 40], ['Description', 200], ['Qty', 700], ['Price', 800], ['Total', 920]]),
      ...line(300, [['KX-2', 40], ['Radiator core support upper tie bar', 200], ['1', 720], ['310.00', 790], ['310.00', 910]]),
      ...line(322, [['with brackets', 200]]),
    ];
    expect(readInvoiceLayout(words).line_items).toEqual([
      { part_number: 'KX-2', description: 'Radiator core support upper tie bar with brackets', quantity: 1, unit_price: 310 },
    ]);
  });
});

describe('rows that are not parts', () => {
  it('sorts core, freight, hazmat and environmental fees, discount, warranty and tax out of the parts', () => {
    const words = [
      ...top(),
      ...line(260, [['Part No', 40], ['Description', 200], ['Qty', 560], ['Unit Price', 640], ['Amount', 800]]),
      ...line(300, [['AL-5521', 40], ['Alternator reman', 200], ['1', 580], ['210.00', 650], ['210.00', 800]]),
      ...line(330, [['CORE', 40], ['Core charge', 200], ['1', 580], ['45.00', 660], ['45.00', 810]]),
      ...line(360, [['Hazmat fee', 200], ['6.50', 810]]),
      ...line(390, [['Environmental fee', 200], ['2.00', 810]]),
      ...line(420, [['Warranty 12 mo', 200], ['15.00', 800]]),
      ...line(450, [['Discount', 200], ['-10.00', 800]]),
      ...line(520, [['Subtotal', 640], ['268.50', 800]]),
      ...line(550, [['Freight', 640], ['12.00', 810]]),
      ...line(580, [['Sales Tax 7%', 640], ['18.80', 810]]),
      ...line(610, [['Invoice Total', 640], ['$299.30', 800]]),
    ];
    const read = readInvoiceLayout(words);
    expect(read.line_items).toEqual([{ part_number: 'AL-5521', description: 'Alternator reman', quantity: 1, unit_price: 210 }]);
    expect(read.charges.map((c) => [c.kind, c.amount])).toEqual([
      ['core', 45],
      ['fee', 6.5],
      ['fee', 2],
      ['warranty', 15],
      ['discount', -10],
      ['freight', 12],
    ]);
    expect(read).toMatchObject({ subtotal: 268.5, tax_amount: 18.8, total_amount: 299.3 });
  });

  it('does not take a "Total Savings" or "You saved" line below the total for the total; "Total Tax" is the tax', () => {
    const words = [
      ...top(),
      ...line(260, [['Part No', 40], ['Description', 200], ['Qty', 560], ['Unit Price', 640], ['Amount', 800]]),
      ...line(300, [['TO1000245', 40], ['Bumper cover front', 200], ['1', 580], ['100.00', 650], ['100.00', 800]]),
      ...line(400, [['Subtotal', 640], ['100.00', 800]]),
      ...line(430, [['Total Tax', 640], ['8.25', 810]]),
      ...line(460, [['TOTAL', 640], ['108.25', 800]]),
      ...line(490, [['Total Savings', 640], ['42.00', 810]]),
      ...line(520, [['You saved', 640], ['42.00', 810]]),
    ];
    const read = readInvoiceLayout(words);
    expect(read).toMatchObject({ subtotal: 100, tax_amount: 8.25, total_amount: 108.25 });
    expect(read.charges).toEqual([]);
  });

  it('tells a core support (a body part) from a core charge', () => {
    expect(chargeKind('Radiator core support')).toBeNull();
    expect(chargeKind('CORE DEPOSIT')).toBe('core');
    expect(chargeKind('Shipping & handling')).toBe('freight');
    expect(chargeKind('Front bumper cover')).toBeNull();
  });

  it('reads a part named "disc" or "return" as a part, a discount or return credit row still as a charge', () => {
    const words = [
      ...top(),
      ...line(260, [['Part No', 40], ['Description', 200], ['Qty', 560], ['Unit Price', 640], ['Amount', 800]]),
      ...line(300, [['MIRKA 1230-320', 40], ['Abranet disc 6 in P320 (50)', 200], ['1', 580], ['39.60', 650], ['39.60', 800]]),
      ...line(330, [['BR-5521', 40], ['Brake disc front', 200], ['2', 580], ['64.00', 650], ['128.00', 800]]),
      ...line(360, [['FL-2210', 40], ['Fuel return hose', 200], ['1', 580], ['18.25', 650], ['18.25', 800]]),
      ...line(390, [['Trade disc', 200], ['-5.00', 800]]),
      ...line(420, [['RA-4471', 40], ['Return credit', 200], ['1', 580], ['20.70', 650], ['20.70', 800]]),
      ...line(480, [['Invoice Total', 640], ['$160.80', 800]]),
    ];
    const read = readInvoiceLayout(words);
    expect(read.line_items.map((r) => [r.part_number, r.description])).toEqual([
      ['MIRKA 1230-320', 'Abranet disc 6 in P320 (50)'],
      ['BR-5521', 'Brake disc front'],
      ['FL-2210', 'Fuel return hose'],
    ]);
    expect(read.charges.map((c) => [c.kind, c.amount])).toEqual([
      ['discount', -5],
      ['credit', -20.7],
    ]);
    expect(rowChargeKind('Disc', 'DISC', 5)).toBe('discount');
    expect(rowChargeKind('Sanding disc 6 in', '1230-320', -39.6)).toBe('discount');
    expect(rowChargeKind('Disc 5%', 'TD-100', 5)).toBe('discount');
    expect(rowChargeKind('Trade disc', 'DISC5', 5)).toBe('discount');
    expect(rowChargeKind('Fuel return hose', 'FL-2210', 18.25)).toBeNull();
  });

  it('reads money as printed, credits negative', () => {
    expect(readMoney('$1,234.50')).toBe(1234.5);
    expect(readMoney('(12.00)')).toBe(-12);
    expect(readMoney('12.00-')).toBe(-12);
    expect(readMoney('12')).toBeNull();
    expect(readMoney('198.28|')).toBe(198.28);
    expect(readMoney('|$24.00')).toBe(24);
    expect(readMoney('(12.00)|')).toBe(-12);
    expect(readMoney('|')).toBeNull();
  });
});

describe('header fields', () => {
  const table = [
    ...line(260, [['Part #', 40], ['Description', 220], ['Qty', 560], ['Price', 660], ['Amount', 840]]),
    ...line(300, [['BP-4410', 40], ['Front bumper cover', 220], ['1', 580], ['10.00', 670], ['10.00', 850]]),
  ];

  it('reads an invoice number in a label-above-value box, and the date in the box beside it', () => {
    const words = [
      ...line(20, [['Sunbelt Auto Body Supply', 40]], 0.95, 40),
      ...line(30, [['INVOICE NO.', 800], ['DATE', 1000]], 0.9, 14),
      ...line(52, [['2026-0457', 800], ['30 Oct 2026', 1000]], 0.8),
      ...table,
    ];
    const read = readInvoiceLayout(words);
    expect(read).toMatchObject({ invoice_number: '2026-0457', invoice_date: '2026-10-30', supplier: 'Sunbelt Auto Body Supply' });
    expect(read.confidence.invoice_number).toBeCloseTo(0.8);
  });

  it('reads "Inv No" and "No." and skips other numbered labels', () => {
    const inv = readInvoiceLayout([...line(20, [['Harbor Toyota', 40]], 0.9, 36), ...line(70, [['Acct No 5521', 40], ['Inv No: T-40918', 700]]), ...table]);
    expect(inv.invoice_number).toBe('T-40918');
    const no = readInvoiceLayout([
      ...line(20, [['Pick-A-Part Recyclers', 40]], 0.9, 36),
      ...line(70, [['PO No 7731', 40], ['INVOICE', 600], ['No. 000917', 700]]),
      ...line(100, [['Date 2026/11/05', 700]]),
      ...table,
    ]);
    expect(no).toMatchObject({ invoice_number: '000917', invoice_date: '2026-11-05', supplier: 'Pick-A-Part Recyclers' });
  });

  it('takes the invoice date, not the order or due date', () => {
    const read = readInvoiceLayout([
      ...line(20, [['Metro Paint Jobbers', 40]], 0.9, 36),
      ...line(70, [['Order Date 10/28/2026', 40], ['Invoice # 5512', 700]]),
      ...line(100, [['Invoice Date 03-NOV-26', 40], ['Due Date 12/03/2026', 700]]),
      ...table,
    ]);
    expect(read.invoice_date).toBe('2026-11-03');
  });

  it('takes the tallest name-like block above the table as the supplier, not Bill To or INVOICE', () => {
    const read = readInvoiceLayout([
      ...line(20, [['INVOICE', 800]], 0.9, 50),
      ...line(30, [['Valley Auto Glass', 40]], 0.9, 30),
      ...line(80, [['Bill To:', 40], ['Ship To:', 400]], 0.9, 30),
      ...line(120, [['Invoice # 7', 700]]),
      ...table,
    ]);
    expect(read.supplier).toBe('Valley Auto Glass');
  });

  it.each([
    ['11/03/2026', '2026-11-03'],
    ['11/3/26', '2026-11-03'],
    ['2026-11-03', '2026-11-03'],
    ['2026/11/05', '2026-11-05'],
    ['Nov 3, 2026', '2026-11-03'],
    ['November 3rd, 2026', '2026-11-03'],
    ['30 Oct 2026', '2026-10-30'],
    ['03-NOV-26', '2026-11-03'],
    ['31/01/2026', '2026-01-31'],
    ['Sept. 4, 2026', '2026-09-04'],
    ['29-0CT-26', '2026-10-29'],
    ['N0V 3, 2026', '2026-11-03'],
    // A dotted zero read as 6, 8 or 9 in a day that cannot be.
    ['65-JUN-26', '2026-06-05'],
    ['Jun 85, 2026', '2026-06-05'],
  ])('reads the date %s', (text, iso) => {
    expect(readDate(`Date: ${text}`)?.iso).toBe(iso);
  });

  it('reports a date that does not exist instead of guessing', () => {
    expect(readDate('Date: 31/02/2026')).toEqual({ iso: null, raw: '31/02/2026' });
    expect(readDate('no date here')).toBeNull();
    expect(readDate('Lug nut 1/2-20')).toBeNull();
    // Only a 6, 8 or 9 is taken for a dotted zero.
    expect(readDate('Date: 35-JUN-26')).toEqual({ iso: null, raw: '35-JUN-26' });
  });
});

describe('lines', () => {
  it('keeps a small "x" that the OCR put between two words of a text line, drops a flat "x" read from a rule', () => {
    const row = (key: string): WordBox[] =>
      line(300, [['Body bolt M6', 40], ['20', 190]]).map((w) => ({ ...w, lineKey: key }));
    const words: WordBox[] = [
      ...line(200, [['Part', 40], ['Description', 120], ['Qty', 300]]),
      ...row('1.1.1.1'),
      // x-height: 8 px against the line's 20.
      { text: 'x', x0: 168, x1: 178, y0: 310, y1: 318, conf: 0.9, lineKey: '1.1.1.1' },
      // A rule under the row read as "x" on a line of its own.
      { text: 'x', x0: 40, x1: 50, y0: 330, y1: 334, conf: 0.9, lineKey: '1.1.2.1' },
    ];
    expect(groupLines(words).map((l) => l.text)).toEqual(['Part Description Qty', 'Body bolt M6 x 20']);
  });

  it('keeps a lone dash between two words of a text line (R452: "OUTER - 2 BULB"), drops one low on the line or on its own', () => {
    const row = (key: string): WordBox[] =>
      line(300, [['TAIL LAMP OUTER', 40], ['2 BULB', 260]]).map((w) => ({ ...w, lineKey: key }));
    const dash = (y0: number, key: string): WordBox => ({ text: '-', x0: 238, x1: 246, y0, y1: y0 + 3, conf: 0.93, lineKey: key });
    const words = (at: number): WordBox[] => [...line(200, [['Part', 40], ['Description', 120], ['Qty', 300]]), ...row('1.1.1.1'), dash(at, '1.1.1.1')];
    // 3 px high against the line's 20, in the middle of the letters: printed, as Tesseract read it.
    expect(groupLines(words(309)).map((l) => l.text)).toEqual(['Part Description Qty', 'TAIL LAMP OUTER - 2 BULB']);
    // At the foot of the letters: an underline or a rule's end, not a dash of the text.
    expect(groupLines(words(317)).map((l) => l.text)).toEqual(['Part Description Qty', 'TAIL LAMP OUTER 2 BULB']);
    // On a line of its own (a rule under the row).
    const alone = [...line(200, [['Part', 40], ['Description', 120], ['Qty', 300]]), ...row('1.1.1.1'), dash(330, '1.1.2.1')];
    expect(groupLines(alone).map((l) => l.text)).toEqual(['Part Description Qty', 'TAIL LAMP OUTER 2 BULB']);
  });
});

describe('lines of mixed sizes', () => {
  it('keeps a large supplier name on one line when small label boxes sit beside it, whatever the words’ order', () => {
    // As Tesseract's sparse mode returns them: the labels first, then the name, whose "Body Supply" has descenders.
    const words: WordBox[] = [
      { text: 'INVOICE', x0: 1304, x1: 1410, y0: 110, y1: 130, conf: 0.96 },
      { text: 'NO.', x0: 1422, x1: 1466, y0: 110, y1: 130, conf: 0.96 },
      { text: 'Sunbelt', x0: 111, x1: 358, y0: 97, y1: 142, conf: 0.91 },
      { text: 'Auto', x0: 380, x1: 530, y0: 99, y1: 142, conf: 0.96 },
      { text: 'Body', x0: 557, x1: 714, y0: 97, y1: 154, conf: 0.96 },
      { text: 'Supply', x0: 740, x1: 957, y0: 97, y1: 154, conf: 0.96 },
      { text: '2026-0457', x0: 1304, x1: 1504, y0: 141, y1: 170, conf: 0.96 },
      // The table below, in the page's ordinary print (the name is a display size against it).
      ...line(273, [['Item', 133], ['Description', 496], ['Qty', 1143], ['Rate', 1441], ['Amount', 1706]], 0.96, 29),
      ...line(352, [['SB-88120', 133], ['Rocker panel left', 496], ['1', 1200], ['142.60', 1441], ['142.60', 1706]], 0.96, 29),
      ...line(432, [['SB-10931', 133], ['Door seal front', 496], ['2', 1200], ['33.15', 1441], ['66.30', 1706]], 0.96, 29),
    ];
    const lines = groupLines(words).map((l) => l.text);
    expect(lines.find((t) => t.includes('Sunbelt'))).toMatch(/^Sunbelt Auto Body Supply/);
    for (const order of [words, [...words].reverse()]) expect(readInvoiceLayout(order).supplier).toBe('Sunbelt Auto Body Supply');
  });

  it('leaves a small label above a value on its own line beside a large name', () => {
    const words: WordBox[] = [
      { text: 'Summit', x0: 40, x1: 200, y0: 70, y1: 116, conf: 0.95 },
      { text: 'Collision', x0: 215, x1: 420, y0: 70, y1: 116, conf: 0.95 },
      { text: 'INVOICE', x0: 1100, x1: 1190, y0: 64, y1: 81, conf: 0.9 },
      { text: 'NUMBER', x0: 1200, x1: 1290, y0: 64, y1: 81, conf: 0.9 },
      { text: '32020', x0: 1100, x1: 1180, y0: 92, y1: 120, conf: 0.9 },
      ...line(300, [['Item', 40], ['Description', 300], ['Qty', 900]], 0.9, 24),
      ...line(340, [['TO1200427C', 40], ['Front bumper cover', 300], ['1', 900]], 0.9, 24),
    ];
    expect(groupLines(words).map((l) => l.text).slice(0, 2)).toEqual(['INVOICE NUMBER', 'Summit Collision 32020']);
  });
});

describe('pages', () => {
  it('reads a table that continues on page 2 with the totals at the end', () => {
    const page1 = [
      ...top(),
      ...line(260, [['Part #', 40], ['Description', 220], ['Qty', 560], ['Unit Price', 660], ['Amount', 840]]),
      ...line(300, [['BP-4410', 40], ['Front bumper cover', 220], ['2', 580], ['189.50', 690], ['379.00', 850]]),
      ...line(1000, [['Continued on next page', 300]]),
    ];
    const page2 = [
      ...line(40, [['Part #', 40], ['Description', 220], ['Qty', 560], ['Unit Price', 660], ['Amount', 840]]),
      ...line(80, [['HL-2231', 40], ['Headlight assembly left', 220], ['1', 580], ['245.00', 690], ['245.00', 850]]),
      ...line(160, [['Total', 700], ['624.00', 850]]),
    ];
    const read = combineReads([
      { words: page1, text: '' },
      { words: page2, text: '' },
    ]);
    expect(read.line_items.map((i) => i.part_number)).toEqual(['BP-4410', 'HL-2231']);
    expect(read.total_amount).toBe(624);
  });
});

describe('cells printed on two lines, totals labels, final full stops', () => {
  it('joins the lines of a wrapped description and a part number broken at a dash to their row (values centred)', () => {
    // Row lines 20 px high; the wrapped halves sit 11 px above and below the line with the quantity and prices.
    const words = [
      ...top(),
      ...line(260, [['Part Number', 40], ['Description', 220], ['Qty', 560], ['Price', 660], ['Extension', 840]]),
      ...line(300, [['11223-AB4-001', 40], ['CLIP, BUMPER', 220], ['1', 580], ['2.00', 690], ['2.00', 850]]),
      ...line(339, [['GRILLE, FR. BUMPER', 220]]),
      ...line(350, [['71120-XY1-A01', 40], ['1', 580], ['178.75', 690], ['178.75', 850]]),
      ...line(361, [['(UPPER)', 220]]),
      ...line(399, [['04711-QR7-', 40]]),
      ...line(410, [['FACE SET, FR. BUMPER', 220], ['2', 580], ['94.26', 690], ['188.52', 850]]),
      ...line(421, [['A90ZZ', 40]]),
      ...line(480, [['Total', 700], ['367.27', 850]]),
    ];
    const read = readInvoiceLayout(words);
    expect(read.line_items).toEqual([
      { part_number: '11223-AB4-001', description: 'CLIP, BUMPER', quantity: 1, unit_price: 2 },
      { part_number: '71120-XY1-A01', description: 'GRILLE, FR. BUMPER (UPPER)', quantity: 1, unit_price: 178.75 },
      { part_number: '04711-QR7-A90ZZ', description: 'FACE SET, FR. BUMPER', quantity: 2, unit_price: 94.26 },
    ]);
    expect(read.charges).toEqual([]);
  });

  it('closes the spaces an OCR left beside a dash or slash of a part number', () => {
    const words = [
      ...top(),
      ...line(260, [['Part Number', 40], ['Description', 220], ['Qty', 560], ['Price', 660], ['Extension', 840]]),
      ...line(300, [['TRK 19 -1401', 40], ['Washer fluid pump', 220], ['1', 580], ['35.40', 690], ['35.40', 850]]),
      ...line(340, [['RV-3 / 16-AL', 40], ['Rivet 3/16 (100)', 220], ['1', 580], ['15.45', 690], ['15.45', 850]]),
      ...line(400, [['Total', 700], ['50.85', 850]]),
    ];
    expect(readInvoiceLayout(words).line_items.map((r) => r.part_number)).toEqual(['TRK 19-1401', 'RV-3/16-AL']);
  });

  it('still appends a top-aligned wrapped description line below its row', () => {
    const words = [
      ...top(),
      ...line(260, [['Part #', 40], ['Description', 220], ['Qty', 560], ['Unit Price', 660], ['Amount', 840]]),
      ...line(300, [['BP-4410', 40], ['Front bumper cover', 220], ['1', 580], ['189.50', 690], ['189.50', 850]]),
      ...line(324, [['primed, with sensor holes', 220]]),
      ...line(400, [['Total', 700], ['189.50', 850]]),
    ];
    expect(readInvoiceLayout(words).line_items[0]!.description).toBe('Front bumper cover primed, with sensor holes');
  });

  it('reads "PLEASE PAY" as the total and "Net Merchandise" as the subtotal, ending the table there', () => {
    const words = [
      ...top(),
      ...line(260, [['Part #', 40], ['Description', 220], ['Qty', 560], ['Unit Price', 660], ['Amount', 840]]),
      ...line(300, [['RV-3/16-AL', 40], ['Rivet 3/16 aluminium', 220], ['9', 580], ['13.65', 690], ['122.85', 850]]),
      ...line(400, [['Net Merchandise', 600], ['122.85', 850]]),
      ...line(430, [['Delivery', 600], ['35.35', 850]]),
      ...line(460, [['PLEASE PAY', 600], ['$158.20', 840]]),
    ];
    const read = readInvoiceLayout(words);
    expect(read.line_items).toHaveLength(1);
    expect(read).toMatchObject({ total_amount: 158.2, subtotal: 122.85 });
  });

  it('keeps a final full stop after an abbreviation in a description, drops a stray one after a number', () => {
    const words = [
      ...top(),
      ...line(260, [['Part #', 40], ['Description', 220], ['Qty', 560], ['Unit Price', 660], ['Amount', 840]]),
      ...line(300, [['33150-T2A-A01', 40], ['HEADLIGHT ASSY., L.', 220], ['1', 580], ['473.18', 690], ['473.18', 850]]),
      ...line(330, [['BP-4410', 40], ['Bumper cover 2016.', 220], ['1', 580], ['189.50', 690], ['189.50', 850]]),
      ...line(400, [['Total', 700], ['662.68', 850]]),
    ];
    expect(readInvoiceLayout(words).line_items.map((i) => i.description)).toEqual(['HEADLIGHT ASSY., L.', 'Bumper cover 2016']);
  });
});

describe('supplier and PDF words', () => {
  it('takes a supplier name holding a street word, still skips the address lines', () => {
    const words = [
      ...line(20, [['Old Mill Road Honda', 40], ['INVOICE', 700]], 0.95, 36),
      ...line(70, [['Harbor Road', 40], ['Invoice # 88412', 700]]),
      ...line(100, [['Springfield, IL', 40], ['Invoice Date: 11/03/2026', 700]]),
      ...line(260, [['Part #', 40], ['Description', 220], ['Qty', 560], ['Unit Price', 660], ['Amount', 840]]),
      ...line(300, [['BP-4410', 40], ['Front bumper cover', 220], ['1', 580], ['189.50', 690], ['189.50', 850]]),
      ...line(400, [['Total', 700], ['189.50', 850]]),
    ];
    expect(readInvoiceLayout(words).supplier).toBe('Old Mill Road Honda');
    // A street name alone (ending in its street word) is an address, even when printed larger than the name.
    const address = [...line(20, [['Harbor Road', 40]], 0.95, 36), ...line(70, [['Lakeside Parts', 40]]), ...words.filter((w) => w.y0 >= 100)];
    expect(readInvoiceLayout(address).supplier).toBe('Lakeside Parts');
  });

  it('does not take a tall word the OCR hardly believes (a shadow read as "pont") over the printed name', () => {
    const words = [
      ...line(20, [['Interstate Fastener & Supply', 40]], 0.95, 36),
      ...line(60, [['pont', 700]], 0.26, 50),
      ...line(120, [['27 Foundry Lane', 40], ['Invoice # 7564', 700]]),
      ...line(150, [['Albany, NY', 40], ['Invoice Date: 11/03/2026', 700]]),
      ...line(260, [['Part #', 40], ['Description', 220], ['Qty', 560], ['Unit Price', 660], ['Amount', 840]]),
      ...line(300, [['AU-14115', 40], ['Push-type retainer', 220], ['1', 580], ['9.43', 690], ['9.43', 850]]),
      ...line(400, [['Total', 700], ['9.43', 850]]),
    ];
    expect(readInvoiceLayout(words).supplier).toBe('Interstate Fastener & Supply');
  });

  it('joins a word in small capitals (a larger first letter on the same baseline) from a PDF text layer', () => {
    // PDF points, y up: "I" at 22 pt and "NVOICE" at 16 pt, touching, on baseline 737 of a 792 pt page.
    const items = [
      { str: 'I', transform: [22, 0, 0, 22, 517, 737], width: 8 },
      { str: 'NVOICE', transform: [16, 0, 0, 16, 525, 737], width: 59 },
    ];
    // The smaller capitals are small letters as typed ("Invoice" in small capitals).
    expect(joinTouchingItems(items as never, 792).map((w) => w.text)).toEqual(['Invoice']);
  });
});

describe('invoice number after "No."', () => {
  it('skips a date with a month name after "No." and takes the number', () => {
    const words = [
      ...line(20, [['Interstate Fastener', 40]], 0.95, 36),
      ...line(70, [['1200 Harbor Road', 40], ['No. 26-MAR-26', 700]]),
      ...line(100, [['Springfield, IL', 40], ['No. 3653-201', 700]]),
      ...line(260, [['Part #', 40], ['Description', 220], ['Qty', 560], ['Unit Price', 660], ['Amount', 840]]),
      ...line(300, [['BP-4410', 40], ['Front bumper cover', 220], ['1', 580], ['189.50', 690], ['189.50', 850]]),
      ...line(400, [['Total', 700], ['189.50', 850]]),
    ];
    expect(readInvoiceLayout(words).invoice_number).toBe('3653-201');
  });
});

describe('a header box’s border read as a letter', () => {
  it('takes the number after a lone character between "Invoice No." and it ("Invoice No. 1 7592722"), marked by the stray’s confidence', () => {
    const words = [
      ...line(20, [['Keystone Collision Parts', 40]], 0.95, 36),
      ...line(70, [['15 Depot Road', 40], ['Invoice No.', 700]]),
      { text: '1', x0: 820, x1: 826, y0: 70, y1: 90, conf: 0.5 },
      ...line(70, [['7592722', 840], ['Customer PO 97145', 1000]], 0.95),
      ...line(260, [['Part #', 40], ['Description', 220], ['Qty', 560], ['Unit Price', 660], ['Amount', 840]]),
      ...line(300, [['BP-4410', 40], ['Front bumper cover', 220], ['1', 580], ['189.50', 690], ['189.50', 850]]),
      ...line(400, [['Total', 700], ['189.50', 850]]),
    ];
    const read = readInvoiceLayout(words);
    expect(read.invoice_number).toBe('7592722');
    expect(read.confidence.invoice_number).toBeCloseTo(0.5);
  });
});

describe('net and extended columns', () => {
  it('reads "Net ea" as the unit price and "Net ext" as the line total, so the total is not taken for the price', () => {
    const words = [
      ...top(),
      ...line(260, [['#', 10], ['Part No', 40], ['Description', 220], ['Qty', 560], ['Net ea', 660], ['Net ext', 840]]),
      ...line(300, [['1', 10], ['06L 115 562 B', 40], ['Oil filter element', 220], ['2', 580], ['19.40', 670], ['38.80', 850]]),
      ...line(400, [['Total', 700], ['38.80', 850]]),
    ];
    expect(readInvoiceLayout(words).line_items).toEqual([{ part_number: '06L 115 562 B', description: 'Oil filter element', quantity: 2, unit_price: 19.4 }]);
  });
});

describe('glued header words', () => {
  it('reads a header word the OCR glued ("Netea|") as its phrase, so the quantity is checked against the amount', () => {
    const words = [
      ...top(),
      ...line(260, [['Part No', 40], ['Description', 220], ['Qty|', 560], ['Netea|', 660], ['Net ext', 840]]),
      // A grid rule read as "I" after the quantity: 1 × 813.65 = 813.65 says the quantity is 1, not 11.
      ...line(300, [['5G0-941-005C', 40], ['Headlight left LED', 220], ['1I', 580], ['813.65', 670], ['813.65', 850]]),
      ...line(400, [['Total', 700], ['813.65', 850]]),
    ];
    expect(readInvoiceLayout(words).line_items).toEqual([{ part_number: '5G0-941-005C', description: 'Headlight left LED', quantity: 1, unit_price: 813.65 }]);
  });

  it('reads header words with a box edge read into them ("[Line", "Amount]") as their names', () => {
    const words = [
      ...top(),
      ...line(260, [['[Line', 10], ['Part Number', 60], ['Description', 220], ['Qy', 560], ['Ust', 620], ['Net', 700], ['Amount]', 840]]),
      ...line(300, [['1', 10], ['53112-0R050', 60], ['GRILLE, RADIATOR', 220], ['3', 570], ['101.90', 620], ['1.40', 700], ['4.20', 850]]),
      ...line(400, [['Total', 700], ['4.20', 850]]),
    ];
    expect(readInvoiceLayout(words).line_items).toEqual([{ part_number: '53112-0R050', description: 'GRILLE, RADIATOR', quantity: 3, unit_price: 1.4 }]);
  });
});

describe('zeros read in description words', () => {
  it('reads a zero inside a word of letters as the letter O, in the word’s own case', () => {
    expect(proseLetters('0il')).toBe('Oil');
    expect(proseLetters('0-ring')).toBe('O-ring');
    expect(proseLetters('C0olant')).toBe('Coolant');
    expect(proseLetters('FL00R')).toBe('FLOOR');
  });

  it('reads a capital Q before small letters other than u as O ("Qil" → "Oil"), and leaves Quart, QT and Qty', () => {
    expect(['Qil', 'Qil,', 'Quart', 'QT', 'Qty', 'Qa'].map(proseLetters)).toEqual(['Oil', 'Oil,', 'Quart', 'QT', 'Qty', 'Qa']);
  });

  it('leaves sizes, grades and lone zeros as read', () => {
    for (const w of ['10mm', '5W-30', '0', '200', 'A/0', 'R0']) expect(proseLetters(w)).toBe(w);
  });
});

describe('a price whose decimal point was lost', () => {
  it('reads "$44255" in a price column as $442.55 and marks it for checking', () => {
    const words = [
      ...top(),
      ...line(260, [['Part Number', 40], ['Description', 220], ['Qty', 560], ['Price', 660]]),
      ...line(300, [['FW04210 GTY', 40], ['Windshield solar', 220], ['1', 580], ['$44255', 690]]),
      ...line(400, [['Total', 560], ['442.55', 690]]),
    ];
    const read = readInvoiceLayout(words);
    expect(read.line_items).toEqual([{ part_number: 'FW04210 GTY', description: 'Windshield solar', quantity: 1, unit_price: 442.55 }]);
    expect(read.confidence?.line_items?.[0]?.unit_price).toBeLessThan(0.8);
  });

  it('leaves words without a currency sign, or too short to hold cents, as read', () => {
    for (const text of ['44255', '$12', 'S-1234', '$1,234.50']) expect(restorePoint({ text, x0: 0, x1: 10, y0: 0, y1: 10, conf: 0.9 }).text).toBe(text);
  });
});

describe('header words misread (helper shade)', () => {
  it('matches a header word read with l for I ("ltem") and ones with a rule or speck glued on ("[Total", "‘Description")', () => {
    const words = [
      ...top(),
      ...line(260, [['Qty', 40], ['ltem', 120], ['‘Description', 320], ['Price', 660], ['[Total', 840]]),
      ...line(300, [['2', 50], ['BT-94R 850', 120], ['Battery group 94R', 320], ['177.45', 660], ['354.90', 840]]),
      ...line(330, [['1', 50], ['BCI 48-700', 120], ['Battery group 48 AGM', 320], ['182.70', 660], ['182.70', 840]]),
      ...line(400, [['Total', 700], ['537.60', 840]]),
    ];
    expect(readInvoiceLayout(words).line_items).toEqual([
      { part_number: 'BT-94R 850', description: 'Battery group 94R', quantity: 2, unit_price: 177.45 },
      { part_number: 'BCI 48-700', description: 'Battery group 48 AGM', quantity: 1, unit_price: 182.7 },
    ]);
  });
});

describe('restoreSlashes', () => {
  it('reads "AIC" and a lone capital–J–capital token as a slash abbreviation', () => {
    expect(restoreSlashes('AJC compressor reman')).toBe('A/C compressor reman');
    expect(restoreSlashes('AIC condenser')).toBe('A/C condenser');
    expect(restoreSlashes('Mirror LJH (WJS)')).toBe('Mirror L/H (W/S)');
  });

  it('leaves real words and longer tokens alone', () => {
    for (const text of ['AIR filter', 'KIT, PIN', 'AJAX clip', 'HAJC', 'Hose J clamp', 'DJI2']) expect(restoreSlashes(text)).toBe(text);
  });
});


describe('a totals block under the price columns with labels not known as totals', () => {
  const table = (extra: WordBox[]) => [
    ...top(),
    ...line(260, [['Part Number', 40], ['Description', 220], ['Qty', 560], ['Price', 660], ['Amount', 840]]),
    ...line(300, [['71198-TBA-A01', 40], ['SPACER, L. FR. BUMPER SIDE', 220], ['1', 580], ['20.70', 680], ['20.70', 850]]),
    ...line(330, [['33150-T2A-A01', 40], ['HEADLIGHT ASSY., L.', 220], ['2', 580], ['535.32', 670], ['1070.64', 840]]),
    ...extra,
  ];
  it('reads "Merchandise", "Delivery" and "Sales Tax" beside amounts as the subtotal, freight and tax', () => {
    const read = readInvoiceLayout(
      table([
        ...line(380, [['Merchandise', 660], ['1091.34', 840]]),
        ...line(410, [['Delivery', 660], ['44.80', 860]]),
        ...line(440, [['Sales Tax', 660], ['90.04', 860]]),
        ...line(480, [['Amount Due', 660], ['$1,226.18', 830]]),
      ]),
    );
    expect(read.line_items).toHaveLength(2);
    expect(read).toMatchObject({ subtotal: 1091.34, tax_amount: 90.04, total_amount: 1226.18 });
    expect(read.charges).toEqual([{ kind: 'freight', description: 'Delivery', amount: 44.8 }]);
  });

  it('keeps a row with a part number and a charge row in the description column as table rows', () => {
    const read = readInvoiceLayout(
      table([
        ...line(360, [['Freight', 220], ['1', 580], ['12.00', 680], ['12.00', 850]]),
        ...line(400, [['Total', 660], ['1,102.70', 840]]),
      ]),
    );
    expect(read.charges).toEqual([{ kind: 'freight', description: 'Freight', amount: 12 }]);
    expect(read.total_amount).toBe(1102.7);
  });
});

describe('numbers vouched for by the amount', () => {
  it('raises a doubted quantity or unit price when the other two agree and were read surely', () => {
    expect(confirmByArithmetic(0.1, 0.95, 0.9)).toEqual({ quantity: 0.9, unit_price: 0.95 });
    expect(confirmByArithmetic(0.96, 0.3, 0.92)).toEqual({ quantity: 0.96, unit_price: 0.92 });
  });
  it('leaves them doubted when two of the three are doubted', () => {
    expect(confirmByArithmetic(0.1, 0.5, 0.95)).toEqual({ quantity: 0.1, unit_price: 0.5 });
    expect(confirmByArithmetic(0.1, 0.95, 0.4)).toEqual({ quantity: 0.1, unit_price: 0.95 });
  });
  it('marks a quantity the OCR doubted only when the amount does not bear it out', () => {
    const rows = (amount: string) =>
      readInvoiceLayout([
        ...top(),
        ...line(260, [['Part #', 40], ['Description', 220], ['Qty', 560], ['Unit Price', 660], ['Amount', 840]]),
        ...line(300, [['BP-4410', 40], ['Front bumper cover', 220]]),
        ...line(300, [['3', 580]], 0.1),
        ...line(300, [['12.50', 690], [amount, 850]]),
        ...line(400, [['Total', 700], ['$37.50', 840]]),
      ]).confidence.line_items![0]!;
    expect(rows('37.50').quantity).toBeCloseTo(0.9);
    expect(rows('30.00').quantity).toBeCloseTo(0.1);
  });
});

describe('layouts found by printing every tuning layout as a text PDF (bench-textpdf)', () => {
  it('keeps one of each word printed twice over itself (fake bold, a text shadow), and the same word elsewhere', () => {
    const twice = [...line(100, [['MIDSTATE AUTO', 40]]), ...line(100, [['MIDSTATE AUTO', 40.5]]).map((w) => ({ ...w, y0: 100.3, y1: 120.3 })), ...line(100, [['AUTO', 300]])];
    expect(dropOverprinted(twice).map((w) => `${w.text}@${w.x0}`)).toEqual(['MIDSTATE@40', 'AUTO@130', 'AUTO@300']);
  });

  it('joins a description printed on two lines beside a vehicle printed on two lines, and keeps the space after "w/"', () => {
    const read = readInvoiceLayout([
      ...top(),
      ...line(260, [['Stock #', 40], ['Description', 180], ['Vehicle', 420], ['Qty', 640], ['Price', 700], ['Amount', 820]]),
      ...line(292, [['Headlamp assy', 180], ['2018 Toyota Camry', 420]]),
      ...line(304, [['BO-4577', 40], ['1', 650], ['130.00', 700], ['130.00', 830]]),
      ...line(316, [['RH', 180], ['SE', 420]]),
      ...line(352, [['Windshield acoustic w/', 180], ['2019 RAV4', 420]]),
      ...line(364, [['FW04210 GTY', 40], ['1', 650], ['282.40', 700], ['282.40', 830]]),
      ...line(376, [['sensor', 180]]),
      ...line(420, [['Total', 700], ['412.40', 830]]),
    ]);
    expect(read.line_items).toEqual([
      { part_number: 'BO-4577', description: 'Headlamp assy RH', quantity: 1, unit_price: 130 },
      { part_number: 'FW04210 GTY', description: 'Windshield acoustic w/ sensor', quantity: 1, unit_price: 282.4 },
    ]);
  });

  it('reads a large supplier name beside a small label in a text layer as the name alone, with its second line', () => {
    // Confidence 1: words of a PDF's text layer, whose boxes give the print size.
    const read = readInvoiceLayout([
      ...line(20, [['Apex Starter &', 40]], 1, 30),
      ...line(24, [['Invoice #', 260], ['Date', 360]], 1, 12),
      ...line(40, [['R-70154', 260], ['11/03/2026', 360]], 1, 12),
      ...line(56, [['Alternator', 40]], 1, 30),
      ...line(120, [['1450 Industrial Pkwy', 40]]),
      ...line(260, [['Part #', 40], ['Description', 220], ['Qty', 560], ['Price', 660], ['Amount', 840]]),
      ...line(300, [['BT-94R', 40], ['Battery group 94R', 220], ['1', 580], ['157.40', 680], ['157.40', 850]]),
      ...line(400, [['Total', 700], ['157.40', 850]]),
    ]);
    expect(read.supplier).toBe('Apex Starter & Alternator');
  });

  it('does not split an OCR line by its boxes\' heights (a descender makes "Body" taller than "&")', () => {
    const words = [...line(20, [['Riverside Paint &', 40]], 0.95, 31), ...line(16, [['Body', 220]], 0.95, 46)];
    expect(splitBySize(groupLines(words)[0]!).map((l) => l.text)).toEqual(['Riverside Paint & Body']);
  });

  it('takes an amount with an unknown label between the subtotal and the total as an "other" charge', () => {
    const read = readInvoiceLayout([
      ...top(),
      ...line(260, [['Part #', 40], ['Description', 220], ['Qty', 560], ['Price', 660], ['Amount', 840]]),
      ...line(300, [['BT-94R', 40], ['Battery group 94R', 220], ['1', 580], ['157.40', 680], ['157.40', 850]]),
      ...line(360, [['Subtotal', 660], ['157.40', 850]]),
      ...line(390, [['Restock / special order', 600], ['14.40', 860]]),
      ...line(420, [['Total', 660], ['171.80', 850]]),
      ...line(450, [['Thank you 4.00', 40]]),
    ]);
    expect(read.charges).toEqual([{ kind: 'other', description: 'Restock / special order', amount: 14.4 }]);
    expect(read.total_amount).toBe(171.8);
  });
});

describe('layouts of the second extra tuning set (L25–L30)', () => {
  it('reads "Item Code" as the part number, an unknown word before "Description" ("Size / Description") as the description, "Sell" as the net price', () => {
    const words = [
      ...top(),
      ...line(260, [['Item Code', 40], ['Size Description', 200], ['Qty', 560], ['List', 640], ['Sell', 740], ['Line Total', 840]]),
      ...line(300, [['BS 002311', 40], ['215/55R17 94V Turanza', 200], ['2', 570], ['$201.00', 630], ['$181.25', 730], ['$362.50', 850]]),
    ];
    expect(readInvoiceLayout(words).line_items).toEqual([
      { part_number: 'BS 002311', description: '215/55R17 94V Turanza', quantity: 2, unit_price: 181.25 },
    ]);
  });

  it('reads "Document No.", and takes the number after "Ref" only when no invoice label is printed, and marks it for checking', () => {
    const table = [
      ...line(260, [['Part #', 40], ['Description', 220], ['Qty', 560], ['Price', 660], ['Amount', 840]]),
      ...line(300, [['BP-4410', 40], ['Front bumper cover', 220], ['2', 580], ['189.50', 690], ['379.00', 850]]),
    ];
    const head = (label: string) => [...line(20, [['Summit Tire & Wheel', 40], [label, 700]], 0.95, 36), ...line(70, [['November 8th, 2026', 700]])];
    const ref = readInvoiceLayout([...head('Ref T-28916'), ...table]);
    expect(ref.invoice_number).toBe('T-28916');
    expect(ref.confidence.invoice_number).toBeLessThan(0.78);
    expect(readInvoiceLayout([...head('Document No. PM-40112'), ...table]).invoice_number).toBe('PM-40112');
    // An invoice label wins over a reference.
    const both = readInvoiceLayout([...head('Ref RO-5521'), ...line(100, [['Invoice # 88412', 700]]), ...table]);
    expect(both.invoice_number).toBe('88412');
  });

  it('mends a net price one digit off its List less Disc % (marked), and keeps one that agrees or differs more', () => {
    expect(netFromListAndDiscount(24.62, 147.85, 36)).toBe(94.62);
    expect(netFromListAndDiscount(124.04, 207.4, 40)).toBe(124.44);
    expect(netFromListAndDiscount(94.62, 147.85, 36)).toBeNull();
    // A supplier who truncates (94.624 → 94.62) or rounds half up (272.925 → 272.93) agrees either way.
    expect(netFromListAndDiscount(272.92, 363.9, 25)).toBeNull();
    // Two digits off: which of the three columns was misread is not known.
    expect(netFromListAndDiscount(24.12, 147.85, 36)).toBeNull();
    expect(netFromListAndDiscount(9.62, 147.85, 36)).toBeNull();
    const words = [
      ...top(),
      ...line(260, [['Part', 40], ['Description', 220], ['Qty', 500], ['List', 600], ['Disc %', 700], ['Net', 840]]),
      ...line(300, [['HY1000210', 40], ['Front bumper cover primed', 220], ['1', 510], ['147.85', 600], ['36', 710], ['24.62', 840]]),
      ...line(330, [['TO1240209', 40], ['Fender liner LH', 220], ['1', 510], ['30.35', 600], ['27', 710], ['22.16', 840]]),
      ...line(400, [['Total', 700], ['116.78', 840]]),
    ];
    const read = readInvoiceLayout(words);
    expect(read.line_items.map((i) => i.unit_price)).toEqual([94.62, 22.16]);
    expect(read.confidence.line_items?.[0]?.unit_price).toBeLessThan(0.8);
    expect(read.confidence.line_items?.[1]?.unit_price).toBeCloseTo(0.9);
    // With an Ext column: the same digit misread in Net and Ext, both doubted by the OCR, is mended in both's stead;
    // an Ext read with confidence that agrees with the net keeps it.
    const withExt = (extConf: number) => [
      ...top(),
      ...line(260, [['Part', 40], ['Description', 220], ['Qty', 500], ['List', 600], ['Disc %', 700], ['Net', 840], ['Ext', 960]]),
      ...line(300, [['HY1000210', 40], ['Front bumper cover primed', 220], ['1', 510], ['147.85', 600], ['36', 710]]),
      ...line(300, [['24.62', 840]], 0.41),
      ...line(300, [['24.62', 960]], extConf),
      ...line(400, [['Total', 700], ['94.62', 960]]),
    ];
    expect(readInvoiceLayout(withExt(0.47)).line_items.map((i) => i.unit_price)).toEqual([94.62]);
    expect(readInvoiceLayout(withExt(0.95)).line_items.map((i) => i.unit_price)).toEqual([24.62]);
  });

  it('reads a lone "Price" column as line totals when the printed total says so, else as unit prices', () => {
    const rows = [
      ...line(260, [['Description', 40], ['Stock #', 260], ['Qty', 560], ['Price', 700]]),
      ...line(300, [['Condenser', 40], ['O0187S', 260], ['2', 570], ['170.00', 700]]),
      ...line(330, [['Door assy front RH', 40], ['YS9191', 260], ['1', 570], ['80.00', 700]]),
    ];
    // 170 + 80 = 250 plus 7 % tax: the column holds line totals, so the condenser is 85.00 each.
    const totals = [...line(400, [['Sales Tax', 560], ['17.50', 700]]), ...line(430, [['Total', 560], ['$267.50', 700]])];
    expect(readInvoiceLayout([...top(), ...rows, ...totals]).line_items.map((i) => i.unit_price)).toEqual([85, 80]);
    // 2 × 170 + 80 = 420: unit prices, kept.
    const units = [...line(400, [['Subtotal', 560], ['420.00', 700]]), ...line(430, [['Total', 560], ['$420.00', 700]])];
    expect(readInvoiceLayout([...top(), ...rows, ...units]).line_items.map((i) => i.unit_price)).toEqual([170, 80]);
    // A core deposit row in the same column is a line total too: "2 | 180.40" is 180.40 in all, not 2 × 180.40.
    const core = line(360, [['CORE DEPOSIT', 40], ['CORE', 260], ['2', 570], ['180.40', 700]]);
    const withCore = [...line(400, [['Sales Tax', 560], ['17.50', 700]]), ...line(430, [['Total', 560], ['$447.90', 700]])];
    const read = readInvoiceLayout([...top(), ...rows, ...core, ...withCore]);
    expect(read.line_items.map((i) => i.unit_price)).toEqual([85, 80]);
    expect(read.charges).toEqual([{ kind: 'core', description: 'CORE DEPOSIT', amount: 180.4 }]);
    // Read as unit prices, the same row is 2 × 180.40.
    const unitsWithCore = [...line(400, [['Subtotal', 560], ['780.80', 700]]), ...line(430, [['Total', 560], ['$780.80', 700]])];
    const asUnits = readInvoiceLayout([...top(), ...rows, ...core, ...unitsWithCore]);
    expect(asUnits.line_items.map((i) => i.unit_price)).toEqual([170, 80]);
    expect(asUnits.charges).toEqual([{ kind: 'core', description: 'CORE DEPOSIT', amount: 360.8 }]);
  });

  it('drops marks read after a description (dotted leaders) when the OCR did not believe them, and keeps words', () => {
    const words = line(300, [['GRILLE ASSY-FRONT “=r', 40]]).map((w) => (w.text === '“=r' ? { ...w, conf: 0 } : w));
    expect(dropTrailingMarks(words).map((w) => w.text)).toEqual(['GRILLE', 'ASSY-FRONT']);
    const lowWord = line(300, [['Front bumper LH', 40]]).map((w) => (w.text === 'LH' ? { ...w, conf: 0.05 } : w));
    expect(dropTrailingMarks(lowWord)).toHaveLength(3);
    const believed = line(300, [['Torx screw M6 x 20 -', 40]]);
    expect(dropTrailingMarks(believed)).toHaveLength(believed.length);
  });
});

describe('letter-spaced words and small capitals in a text layer', () => {
  it('joins a letter-spaced word ("I N V O I C E") and leaves letters in columns apart', () => {
    const spaced = line(20, [['I', 500], ['N', 514], ['V', 528], ['O', 542], ['I', 556], ['C', 570], ['E', 584]]);
    expect(joinLetterSpaced(spaced).map((w) => w.text)).toEqual(['INVOICE']);
    const grades = line(20, [['A', 100], ['B', 160], ['C', 220]]);
    expect(joinLetterSpaced(grades).map((w) => w.text)).toEqual(['A', 'B', 'C']);
    expect(groupLines([...line(20, [['i', 500], ['n', 512], ['v', 524], ['o', 536], ['i', 548], ['c', 560], ['e', 572]]), ...line(20, [['Bayview Toyota', 40]])])[0]!.text).toBe('Bayview Toyota invoice');
  });

  it('gives a word in small capitals split over several items its typed case ("C" + "R" + "OSSROADS")', () => {
    const items = [
      { str: 'C', transform: [22, 0, 0, 22, 184, 737], width: 15 },
      { str: 'R', transform: [16, 0, 0, 16, 199, 737], width: 11 },
      { str: 'OSSROADS', transform: [16, 0, 0, 16, 210, 737], width: 86 },
      { str: ' ', transform: [16, 0, 0, 16, 296, 737], width: 4 },
      { str: 'AUTO', transform: [22, 0, 0, 22, 301, 737], width: 47 },
    ];
    expect(joinTouchingItems(items as never, 792).map((w) => w.text)).toEqual(['Crossroads', 'AUTO']);
  });
});

describe('the header re-read with a box a band edge swelled', () => {
  it('replaces a word far taller than its letters are wide by the first read of it, lined up by position', () => {
    const sparse = [...line(80, [['ColorPro', 86]], 0.9, 30), { text: 'Refinish', x0: 315, x1: 505, y0: 43, y1: 153, conf: 0.91 }, ...line(80, [['Jobbers', 524]], 0.9, 30)];
    const first = [{ text: 'Refinish', x0: 315, x1: 505, y0: 76, y1: 114, conf: 0.93, lineKey: '1' }, { text: 'paint', x0: 1580, x1: 1700, y0: 76, y1: 106, conf: 0.9, lineKey: '1' }];
    const mended = keepPlausibleBoxes(sparse, first);
    expect(mended.map((w) => `${w.text}@${w.y0}`)).toEqual(['ColorPro@80', 'Refinish@76', 'Jobbers@80']);
    expect(mended[1]!.lineKey).toBeUndefined();
    expect(groupLines(mended)[0]!.text).toBe('ColorPro Refinish Jobbers');
  });

  it('on a photograph, replaces a word twice the first read’s height (a dashed rule read into it) and drops its rest', () => {
    // Rephoto seed 8080, G06: "INV# 76-12887" under a dashed rule; the sparse re-read gave "76-" 101 px tall and
    // "12887" apart, and "76-" was taken for the invoice number with no warning.
    const sparse = [
      { text: 'INV#', x0: 50, x1: 197, y0: 445, y1: 493, conf: 0.86 },
      { text: '76-', x0: 239, x1: 349, y0: 393, y1: 494, conf: 0.92 },
      { text: '12887', x0: 356, x1: 535, y0: 444, y1: 493, conf: 0.97 },
    ];
    const first = [
      { text: 'INV#', x0: 50, x1: 197, y0: 444, y1: 494, conf: 0.92, lineKey: '5' },
      { text: '76-12887', x0: 239, x1: 535, y0: 444, y1: 494, conf: 0.89, lineKey: '5' },
    ];
    expect(keepPlausibleBoxes(sparse, first, SCAN_SPARSE_MIN_CONFIDENCE).map((w) => w.text)).toEqual(['INV#', '76-12887']);
    expect(SWOLLEN_SPARSE_HEIGHT * 50).toBeLessThan(101);
    // A clean page's re-read (no confidence floor) is left as it was.
    expect(keepPlausibleBoxes(sparse, first).map((w) => w.text)).toEqual(['INV#', '76-', '12887']);
  });

  it('on a photograph, does not add again a word the re-read has when a swollen word is replaced', () => {
    // Extra5 I07: a swollen word's tall box overlapped the first read's "Northgate" of the line above, and the supplier
    // was read "Northgate Northgate Northgate GM Parts Distribution".
    const sparse = [
      { text: 'Northgate', x0: 95, x1: 286, y0: 100, y1: 130, conf: 0.95 },
      { text: 'Parts', x0: 120, x1: 220, y0: 95, y1: 175, conf: 0.9 },
    ];
    const first = [
      { text: 'Northgate', x0: 101, x1: 281, y0: 101, y1: 131, conf: 0.95, lineKey: '1' },
      { text: 'Parts', x0: 120, x1: 220, y0: 140, y1: 170, conf: 0.93, lineKey: '2' },
    ];
    // One "Northgate" (the re-read's) and the first read's "Parts".
    expect(keepPlausibleBoxes(sparse, first, SCAN_SPARSE_MIN_CONFIDENCE).map((w) => `${w.text}@${w.y0}`)).toEqual(['Northgate@100', 'Parts@140']);
  });

  it('on a photograph, judges a word swollen only against the first read at the same place, not the next line', () => {
    // Extra3 G15: the re-read's "990 Harbor" (72–102 px) grazed the first read's "Macon," (100–117) of the next line
    // and were replaced by it; the street line lost "Harbor", and its lone "Way" was taken for the supplier.
    const sparse = [
      { text: '990', x0: 31, x1: 66, y0: 72, y1: 102, conf: 0.93 },
      { text: 'Harbor', x0: 76, x1: 139, y0: 72, y1: 102, conf: 0.95 },
    ];
    const first = [
      { text: '990', x0: 31, x1: 67, y0: 64, y1: 103, conf: 0.95, lineKey: '2' },
      { text: 'Harbor', x0: 76, x1: 139, y0: 64, y1: 103, conf: 0.95, lineKey: '2' },
      { text: 'Macon,', x0: 35, x1: 101, y0: 100, y1: 117, conf: 0.93, lineKey: '3' },
    ];
    expect(keepPlausibleBoxes(sparse, first, SCAN_SPARSE_MIN_CONFIDENCE).map((w) => `${w.text}@${w.y0}`)).toEqual(['990@72', 'Harbor@72']);
  });

  it('on a photograph whose re-read boxes every word about twice as tall as the first read, keeps the words', () => {
    // Extra set E12: "Cust PO Date 26-MAR-26 Account" came back 37–50 px tall where the first read had 23–29 px,
    // and with the heights compared one by one every word was "swollen" and the date was lost.
    const words = ['Cust', 'PO', 'Date', '26-MAR-26', 'Account'];
    // The first read has two of them wrong ("Dale", "26MAR-26"): replaced by it, the date would be lost.
    const firstTexts = ['Cust', 'PO', 'Dale', '26MAR-26', 'Account'];
    const first = firstTexts.map((text, i) => ({ text, x0: 100 + i * 200, x1: 250 + i * 200, y0: 400, y1: 424, conf: 0.93, lineKey: '3' }));
    const sparse = words.map((text, i) => ({ text, x0: 100 + i * 200, x1: 250 + i * 200, y0: 392, y1: 432, conf: 0.9 }));
    expect(keepPlausibleBoxes(sparse, first, SCAN_SPARSE_MIN_CONFIDENCE).map((w) => w.text)).toEqual(words);
  });
});

describe('photographed headers with words lost or misread (rephoto seeds 3131 and 4242)', () => {
  it('takes a lone "Number" for the part-number column when "Part" was lost beside a grid rule', () => {
    const words = [
      ...top(),
      ...line(260, [['Qty', 40], ['Number', 120], ['Description', 300], ['List', 600], ['Net', 700], ['Amount', 840]]),
      ...line(300, [['1 GL', 40], ['DX330/GL', 120], ['Wax & grease remover gal', 300], ['57.80', 600], ['47.97', 700], ['47.97', 850]]),
      ...line(400, [['Total', 700], ['47.97', 850]]),
    ];
    expect(readInvoiceLayout(words).line_items).toEqual([{ part_number: 'DX330/GL', description: 'Wax & grease remover gal', quantity: 1, unit_price: 47.97 }]);
  });

  it('finds the quantity and part-number columns by their cells when "Qty Part No." was misread as one unknown head', () => {
    // Rephoto seed 2468, D29: "Qty Part No." read "Quy Patio.", an unknown column; every row was lost.
    const words = [
      ...top(),
      ...line(260, [['#', 40], ['Quy Patio.', 100], ['Description', 300], ['Application', 560], ['Unit', 800], ['Amount', 900]]),
      ...line(300, [['1', 40], ['1', 130], ['AL-6620R', 160], ['Alternator reman 160A', 300], ['2015-19 F-150', 560], ['177.06', 800], ['177.06', 900]]),
      ...line(330, [['2', 40], ['2', 130], ['RAD-13596', 160], ['Radiator 1 row', 300], ['2016-20 Civic', 560], ['163.25', 800], ['326.50', 900]]),
      ...line(360, [['3', 40], ['1', 130], ['CND-3919', 160], ['A/C condenser', 300], ['123.80', 800], ['123.80', 900]]),
      ...line(420, [['Total', 800], ['627.36', 900]]),
    ];
    expect(readInvoiceLayout(words).line_items).toEqual([
      { part_number: 'AL-6620R', description: 'Alternator reman 160A', quantity: 1, unit_price: 177.06 },
      { part_number: 'RAD-13596', description: 'Radiator 1 row', quantity: 2, unit_price: 163.25 },
      { part_number: 'CND-3919', description: 'A/C condenser', quantity: 1, unit_price: 123.8 },
    ]);
  });

  it('finds the price and amount columns by their cells when their header words were misread', () => {
    // "Unit Price" read "ees", "Total" read "Toot"; the vehicle column stays out of the description.
    const words = [
      ...top(),
      ...line(260, [['NAGS #', 40], ['Description', 200], ['Vehicle', 520], ['Qty', 760], ['ees', 820], ['Toot', 920]]),
      ...line(300, [['FW03986 GTN', 40], ['Windshield w/ camera bracket', 200], ['2018-21 Ford F-150', 520], ['1', 770], ['$281.92', 820], ['$281.92', 920]]),
      ...line(330, [['DW01812 GBN', 40], ['Windshield green tint', 200], ['2014-18 Chevy Silverado', 520], ['1', 770], ['$149.69', 820], ['$149.69', 920]]),
      ...line(400, [['Total', 820], ['$431.61', 920]]),
    ];
    expect(readInvoiceLayout(words).line_items).toEqual([
      { part_number: 'FW03986 GTN', description: 'Windshield w/ camera bracket', quantity: 1, unit_price: 281.92 },
      { part_number: 'DW01812 GBN', description: 'Windshield green tint', quantity: 1, unit_price: 149.69 },
    ]);
  });

  it('marks the rows the line-based reader filled in under a table header whose rows could not be read by column', () => {
    // A header with no money column and rows without amounts under it: the layout reads no row.
    const words = [
      ...top(),
      ...line(260, [['Part #', 40], ['Description', 200], ['Qty', 600], ['Xyz', 700]]),
      ...line(300, [['BP-4410', 40], ['Front bumper cover', 200], ['2', 610]]),
      ...line(400, [['Total', 700], ['379.00', 850]]),
    ];
    const text = 'Part # Description Qty\nBP-4410 Front bumper cover 2 189.50 379.00\nTotal 379.00';
    const read = combineReads([{ words, text }]);
    expect(read.tableFound).toBe(true);
    expect(read.line_items).toHaveLength(1);
    expect(read.confidence.line_items).toEqual([{ part_number: GUESSED_ROW_CONFIDENCE, description: GUESSED_ROW_CONFIDENCE }]);
    // Without a table header the line-based reader is the reader, and its rows are not marked.
    const plain = combineReads([{ words: [...top(), ...line(400, [['Total', 700], ['379.00', 850]])], text }]);
    expect(plain.tableFound).toBe(false);
    expect(plain.confidence.line_items).toBeUndefined();
  });
});

describe('layouts of the third extra tuning set (L31–L36)', () => {
  it('keeps the comma (or the dash) a description ended with where a narrow column wrapped it', () => {
    const words = [
      ...top(),
      ...line(260, [['Part Number', 40], ['Description', 220], ['Qty', 420], ['Unit Price', 520], ['Amount', 680]]),
      ...line(300, [['84236812', 40], ['HEADLAMP ASM,', 220], ['1.00', 420], ['426.53', 530], ['426.53', 690]]),
      ...line(324, [['FRT', 220]]),
      ...line(360, [['53811-0R904', 40], ['FENDER SUB-', 220], ['1.00', 420], ['220.50', 530], ['220.50', 690]]),
      ...line(384, [['ASSY FRONT LH', 220]]),
      ...line(420, [['22915762', 40], ['BRACKET FRT', 220], ['1.00', 420], ['23.90', 530], ['23.90', 690]]),
      ...line(444, [['BPR FASCIA', 220]]),
    ];
    expect(readInvoiceLayout(words).line_items.map((i) => i.description)).toEqual([
      'HEADLAMP ASM, FRT',
      'FENDER SUB-ASSY FRONT LH',
      'BRACKET FRT BPR FASCIA',
    ]);
    expect(continueDescription('GRILLE ASM', 'ASM,', 'RAD')).toBe('GRILLE ASM, RAD');
    expect(continueDescription('Oil filter', 'filter', 'element')).toBe('Oil filter element');
    // An ampersand that ends the line above is printed text (R452: "W/ GRILLE &" over "FOG LAMPS").
    expect(continueDescription('BUMPER ASSY W/ GRILLE', '&', 'FOG LAMPS')).toBe('BUMPER ASSY W/ GRILLE & FOG LAMPS');
  });

  it('reads the description a ticket prints under the part number in one "Item" cell (no description column)', () => {
    const words = [
      ...top(),
      ...line(260, [['ITEM', 40], ['QTY', 300], ['EACH', 400], ['AMOUNT', 520]]),
      ...line(300, [['DEN 234-9001', 40], ['1', 310], ['78.95', 400], ['78.95', 530]]),
      ...line(324, [['OXYGEN SENSOR', 40]]),
      ...line(360, [['BOS 0242236562', 40], ['3', 310], ['10.70', 400], ['32.10', 530]]),
      ...line(384, [['SPARK PLUG DOUBLE', 40]]),
      ...line(408, [['IRIDIUM', 40]]),
      ...line(444, [['ACD 41-110', 40], ['1', 310], ['8.65', 400], ['8.65', 530]]),
    ];
    expect(readInvoiceLayout(words).line_items).toEqual([
      { part_number: 'DEN 234-9001', description: 'OXYGEN SENSOR', quantity: 1, unit_price: 78.95 },
      { part_number: 'BOS 0242236562', description: 'SPARK PLUG DOUBLE IRIDIUM', quantity: 3, unit_price: 10.7 },
      { part_number: 'ACD 41-110', description: '', quantity: 1, unit_price: 8.65 },
    ]);
    expect(isDescriptionUnderPart(line(0, [['ACD 41-110', 0]]))).toBe(false);
    expect(isDescriptionUnderPart(line(0, [['LUG NUT 1/2-20', 0]]))).toBe(true);
  });

  it('ends the table at a totals block printed on the left, under the part and description columns', () => {
    const words = [
      ...top(),
      ...line(260, [['Part No.', 40], ['Description', 220], ['Unit Price', 560], ['Qty', 680], ['Extended', 780]]),
      ...line(300, [['1K0.615.301.AA', 40], ['Brake disc front vented', 220], ['89.50', 580], ['2.000', 680], ['179.00', 790]]),
      ...line(340, [['Parts Total', 40], ['179.00', 200], ['Terms: net 30 days', 600]]),
      ...line(370, [['Hazardous material fee', 40], ['5.45', 270]]),
      ...line(400, [['Sales Tax 6%', 40], ['11.07', 200]]),
      ...line(430, [['Amount Due', 40], ['$195.52', 200]]),
    ];
    const read = readInvoiceLayout(words);
    expect(read.line_items).toEqual([{ part_number: '1K0.615.301.AA', description: 'Brake disc front vented', quantity: 2, unit_price: 89.5 }]);
    expect(read).toMatchObject({ subtotal: 179, tax_amount: 11.07, total_amount: 195.52, charges: [{ kind: 'fee', description: 'Hazardous material fee', amount: 5.45 }] });
  });

  it('keeps a stock number with leading zeros that reads like an amount ("0062.90") as the part number', () => {
    const words = [
      ...top(),
      ...line(260, [['Stock No.', 40], ['Description', 220], ['Qty', 560], ['Unit Net', 660], ['Amount', 840]]),
      ...line(300, [['0062.90', 40], ['Weld-through primer aerosol', 220], ['4', 580], ['15.17', 670], ['60.68', 850]]),
      ...line(330, [['00125-88310', 40], ['Bumper reinforcement', 220], ['1', 580], ['174.19', 670], ['174.19', 850]]),
    ];
    expect(readInvoiceLayout(words).line_items.map((i) => i.part_number)).toEqual(['0062.90', '00125-88310']);
  });

  it('keeps a maker column ("Mfg") printed close before "Description" as its own column', () => {
    const words = [
      ...top(),
      ...line(260, [['Item #', 30], ['Mfg', 120], ['Description', 155], ['Qty', 440], ['Price', 540], ['Amount', 640]]),
      ...line(300, [['68094165AB', 30], ['MOP', 120], ['BRACKET, FASCIA SUPPORT', 160], ['1', 450], ['$32.20', 530], ['$32.20', 640]]),
    ];
    expect(readInvoiceLayout(words).line_items).toEqual([
      { part_number: '68094165AB', description: 'BRACKET, FASCIA SUPPORT', quantity: 1, unit_price: 32.2 },
    ]);
  });

  it('reads heads printed on two lines ("Unit" over "Net", "Ext." over "Amount") as one head each, however close', () => {
    const words = [
      ...top(),
      ...line(240, [['Qty', 400], ['Unit', 520], ['Ext.', 600]]),
      ...line(262, [['Stock No.', 40], ['Description', 150], ['Ord', 400], ['Net', 520], ['Amount', 560]]),
      ...line(300, [['0008-5512', 40], ['Body side molding clip', 150], ['4', 420], ['1.94', 520], ['7.76', 580]]),
    ];
    expect(readInvoiceLayout(words).line_items).toEqual([{ part_number: '0008-5512', description: 'Body side molding clip', quantity: 4, unit_price: 1.94 }]);
    const stacked = stackHeads(groupLines(line(0, [['Qty', 400], ['Ext.', 600]]))[0]!, groupLines(line(30, [['Ord', 400], ['Amount', 560]]))[0]!);
    expect(stacked?.words.map((w) => w.text)).toEqual(['qty ord', 'ext amount']);
  });

  it('finds the value under an "Invoice" label with a line of another block between them', () => {
    const words = [
      ...line(20, [['Harbor Collision Wholesale', 40], ['Customer', 900]], 0.95, 30),
      ...line(60, [['Main Street', 300], ['Invoice', 560], ['Date', 680], ['Terms', 800]]),
      ...line(84, [['Eastside Auto Body', 300]]),
      ...line(108, [['812 Oak Street', 300], ['SI6970088', 540], ['2026-10-06', 670], ['Net 30', 800]]),
      ...line(260, [['Part #', 40], ['Description', 220], ['Qty', 560], ['Price', 660], ['Amount', 840]]),
      ...line(300, [['BP-4410', 40], ['Front bumper cover', 220], ['2', 580], ['189.50', 690], ['379.00', 850]]),
    ];
    expect(readInvoiceLayout(words).invoice_number).toBe('SI6970088');
  });

  it('compares blocks by print size, not box height: a customer name with descenders is not taller than the supplier in the same print', () => {
    // A monospace counter slip: every line in one size, but "Body" and "Shop" are boxed with their descenders (35 px)
    // and the supplier's "Westside Auto Parts Counter" (none) at the capitals' height (28 px).
    const boxed = (y: number, cells: [string, number][]) =>
      line(y, cells, 0.95, 28).map((w) => (/[gjpqy]/.test(w.text) ? { ...w, y1: w.y1 + 7 } : w));
    const words = [
      ...boxed(77, [['Westside Auto Parts Counter', 85]]),
      ...boxed(124, [['2301 W Main St', 88]]),
      ...boxed(312, [['Invoice # 1647561', 89], ['Date 2/24/26', 656]]),
      ...boxed(359, [['Acct 9907C', 86], ['Main Street Body Shop', 339]]),
      ...line(549, [['Part Number', 300], ['Description', 635], ['Price', 1310], ['Amount', 1519]]),
      ...line(644, [['WIX 51515', 296], ['Oil filter', 635], ['5.60', 1331], ['5.60', 1562]]),
    ];
    expect(readInvoiceLayout(words).supplier).toBe('Westside Auto Parts Counter');
    const box = (text: string, h: number) => ({ text, x0: 0, x1: 50, y0: 0, y1: h, conf: 0.9 });
    expect(printHeight(box('Shop', 35))).toBeCloseTo(printHeight(box('Counter', 27)), 0);
    expect(printHeight(box('one', 18))).toBeCloseTo(25, 0);
    // A text layer's box is the font's: taken as it is.
    expect(printHeight({ ...box('Shop', 35), conf: 1 })).toBe(35);
  });

  it('does not take a "SOLD TO" line the OCR read as "SOLD.T0" (taller than the name) for the supplier', () => {
    const words = [
      ...line(20, [['QUICK STOP AUTO PARTS #214', 200]], 0.96, 40),
      ...line(80, [['INV# 15-71652', 30]]),
      ...line(120, [['SOLD.T0 Riverside Paint & Body', 30]], 0.9, 58),
      ...line(260, [['ITEM', 40], ['QTY', 300], ['EACH', 400], ['AMOUNT', 520]]),
      ...line(300, [['WIX 51515', 40], ['3', 310], ['5.65', 400], ['16.95', 530]]),
    ];
    expect(readInvoiceLayout(words).supplier).toBe('QUICK STOP AUTO PARTS #214');
  });

  it('reads the number printed after "INVOICE" in the title, and not a date, an amount or another label', () => {
    const table = [
      ...line(260, [['Part #', 40], ['Description', 220], ['Qty', 560], ['Price', 660], ['Amount', 840]]),
      ...line(300, [['BP-4410', 40], ['Front bumper cover', 220], ['2', 580], ['189.50', 690], ['379.00', 850]]),
    ];
    const head = (title: string) => [
      ...line(20, [['Central Valley CDJR Wholesale', 40], [title, 700]], 0.95, 30),
      ...line(70, [['Sales Order 7605111', 700]]),
      ...line(100, [['Jul 15, 2026', 700]]),
    ];
    expect(readInvoiceLayout([...head('INVOICE 5652054'), ...table]).invoice_number).toBe('5652054');
    expect(readInvoiceLayout([...head('INVOICE'), ...table]).invoice_number).toBeNull();
    expect(titleNumber([groupLines(line(0, [['Invoice 11/03/2026', 0]]))[0]!])).toBeNull();
    expect(titleNumber([groupLines(line(0, [['Invoice Total 412.00', 0]]))[0]!])).toBeNull();
  });
});

describe('layouts of the fourth extra tuning set (L37–L42)', () => {
  const table = [
    ...line(260, [['Part #', 40], ['Description', 220], ['Qty', 560], ['Price', 660], ['Amount', 840]]),
    ...line(300, [['BP-4410', 40], ['Front bumper cover', 220], ['2', 580], ['189.50', 690], ['379.00', 850]]),
  ];

  it('does not take the value after a short label of its own ("Job / PO: PO16664") for the one under an "INVOICE" title', () => {
    const head = (numberLine: [string, number][]) => [
      ...line(20, [['Coastline Paint & Supply', 40], ['INVOICE', 760]], 0.95, 30),
      ...line(60, numberLine),
      ...line(90, [['Date: Oct. 13, 2026', 700]]),
      ...line(120, [['Job / PO: PO16664', 700]]),
    ];
    expect(readInvoiceLayout([...head([['Invoice: PJ-065801', 700]]), ...table]).invoice_number).toBe('PJ-065801');
    // Without an invoice number printed, none is read (not the PO).
    expect(readInvoiceLayout([...head([['88 Commerce Dr', 40]]), ...table]).invoice_number).toBeNull();
  });

  it('reads a labour row of a glass distributor\'s table as a charge, not a part ("Parts & Labor" stays a subtotal label)', () => {
    const words = [
      ...top(),
      ...line(260, [['Qty', 40], ['NAGS #', 120], ['Description', 300], ['Price', 660], ['Total', 840]]),
      ...line(300, [['1', 50], ['FW04321GTYN', 120], ['Windshield acoustic w/ rain sensor', 300], ['456.80', 660], ['456.80', 840]]),
      ...line(330, [['1', 50], ['LABOR', 120], ['Installation labor', 300], ['95.00', 670], ['95.00', 850]]),
      ...line(400, [['Subtotal', 700], ['551.80', 840]]),
      ...line(430, [['Balance Due', 700], ['$551.80', 840]]),
    ];
    const read = readInvoiceLayout(words);
    expect(read.line_items).toEqual([{ part_number: 'FW04321GTYN', description: 'Windshield acoustic w/ rain sensor', quantity: 1, unit_price: 456.8 }]);
    expect(read.charges).toEqual([expect.objectContaining({ kind: 'other', amount: 95 })]);
    expect(chargeKind('Calibration labor')).toBe('other');
    expect(chargeKind('Parts & Labor')).toBeNull();
  });

  it('does not take a dark label box the OCR read as a tall, far too wide word ("voce owe") for the supplier', () => {
    const words = [
      // "voce": four letters over 444 px at 47 px tall — a photographed white-on-navy box, read as text.
      { text: 'voce', x0: 1494, x1: 1938, y0: 38, y1: 85, conf: 0.44 },
      { text: 'owe', x0: 1950, x1: 2010, y0: 38, y1: 108, conf: 0.52 },
      ...line(48, [['Riverside Hyundai Parts Dept.', 52]], 0.96, 40),
      ...line(110, [['1450 Industrial Pkwy', 52]]),
      ...table,
    ];
    expect(readInvoiceLayout(words).supplier).toBe('Riverside Hyundai Parts Dept.');
    expect(garbledBlock({ text: 'Riverside', x0: 52, x1: 243, y0: 48, y1: 82, conf: 0.96 })).toBe(false);
  });
});
