/**
 * Rules of the layout reader added on the fifth extra tuning set (L43–L48, 2026-11-28), each on word boxes built by hand
 * (10 px per character, 20 px high, as in layout-reader.test.ts): charges a parts supplier of another trade prints
 * (cylinder rent, a Canadian EHF), "lb" read "Ib", a label taken for the supplier because a border made it tall, several
 * tax lines, an invoice number in a key-value table, an "Item" column that holds the description, a totals block above
 * the table, "Del" as the billed quantity, a date without separators, items printed on two rows, spaced part numbers
 * with a lost space, and small capitals in a supplier's name.
 */
import { describe, expect, it } from 'vitest';
import { readDate } from '~/server/extraction/layout/dates';
import { LOW_CONFIDENCE } from '~/lib/schemas/invoice';
import { CHANGED_CONFIDENCE } from '~/server/extraction/layout/glyphs';
import {
  chargeKind,
  chargeUnderItem,
  continuedRun,
  descriptionConfidence,
  interleavedHeader,
  isHeadWord,
  keyValueNumber,
  matchHeader,
  unitsAfterNumber,
  headingHeight,
  readInvoiceLayout,
  splitRunTogetherGroups,
  taxOfLines,
  undescribedAbove,
  withoutTrailingNotes,
} from '~/server/extraction/layout/read-layout';
import { groupLines, makeLine, tallForItsLetters, type WordBox } from '~/server/extraction/layout/words';
import { line } from './word-boxes';

const word = (text: string, x0: number, y0: number, x1: number, y1: number, conf = 0.95): WordBox => ({ text, x0, y0, x1, y1, conf });

describe('charges of other trades and units in descriptions', () => {
  it('reads a cylinder rent and an environmental handling fee (EHF) as fees', () => {
    expect(chargeKind('RENT CYL RENT - MONTHLY')).toBe('fee');
    expect(chargeKind('Cylinder rental 30 days')).toBe('fee');
    expect(chargeKind('EHF EHF - BATTERY')).toBe('fee');
    expect(chargeKind('Parent bracket')).toBeNull();
  });

  it('reads "Ib" after a number as the pound\'s "lb", and leaves other words', () => {
    const words = line(0, [['Lincoln .030 11 Ib Spool 50 Ibs. Ib', 0]]);
    expect(unitsAfterNumber(words).map((w) => w.text)).toEqual(['Lincoln', '.030', '11', 'lb', 'Spool', '50', 'lbs.', 'Ib']);
  });

  it('reads "1b" after a number as "lb" too (a serif l read as a one: random layout R2623), and leaves other words', () => {
    const words = line(0, [['Carbon Dioxide, 50 1b Cylinder 2 1bs. Type 1b', 0]]);
    expect(unitsAfterNumber(words).map((w) => w.text).join(' ')).toBe('Carbon Dioxide, 50 lb Cylinder 2 lbs. Type 1b');
  });
});

describe('the supplier as the largest print above the table', () => {
  it('does not measure a heading by a word a border made tall ("Via" 30 × 43 px)', () => {
    const via = word('Via', 2115, 328, 2145, 371);
    expect(tallForItsLetters(via)).toBe(true);
    // The header re-read mends only words of four characters or more by this test.
    expect(tallForItsLetters(via, 4)).toBe(false);
    expect(tallForItsLetters(word('Refinish', 100, 0, 290, 110), 4)).toBe(true);
    expect(tallForItsLetters(word('Northgate', 174, 166, 355, 212))).toBe(false);
    // Sized as print: "Ship" (24 px with the p's descender) is 24 / 1.3 px of capital.
    expect(headingHeight(makeLine([word('Ship', 2066, 342, 2108, 366), via]))).toBeCloseTo(24 / 1.3);
    expect(headingHeight(makeLine([via]))).toBe(0);
    expect(headingHeight(makeLine([word('Northgate', 174, 166, 355, 212), word('GM', 367, 167, 427, 202)]))).toBeCloseTo(46 / 1.3);
  });

  it('takes the name, not a "Ship Via" label whose border was read into it', () => {
    const words = [
      word('Northgate', 40, 20, 220, 60),
      word('Parts', 232, 22, 330, 56),
      ...line(80, [['15 Depot Road', 40]]),
      ...line(140, [['Invoice Number', 40], ['Terms', 500]]),
      word('Ship', 800, 143, 842, 167),
      word('Via', 850, 120, 880, 168),
      ...line(175, [['4627279', 40], ['NET 10TH', 500], ['OUR TRUCK', 800]]),
      ...line(240, [['Part Number', 40], ['Description', 220], ['Qty', 560], ['Price', 660], ['Amount', 840]]),
      ...line(280, [['84537012', 40], ['BRACKET', 220], ['1', 580], ['15.74', 660], ['15.74', 840]]),
      ...line(340, [['Invoice Total', 700], ['15.74', 840]]),
    ];
    expect(readInvoiceLayout(words)).toMatchObject({ supplier: 'Northgate Parts', invoice_number: '4627279' });
  });

  it('does not take the first line of two-line column heads for the supplier, however tall it is boxed', () => {
    // Extra3 G15 (a photograph): the heads' first line "Unit" boxed 35 px high outranked the 26 px name.
    const words = [
      ...line(20, [['Tri-State Body Supply Co.', 40]], 0.95, 26),
      ...line(70, [['Invoice # SI9407575', 700]]),
      word('Unit', 660, 150, 707, 185),
      ...line(190, [['Part Number', 40], ['Description', 220], ['Qty', 560], ['Price', 660], ['Amount', 840]]),
      ...line(230, [['84537012', 40], ['BRACKET', 220], ['1', 580], ['15.74', 660], ['15.74', 840]]),
      ...line(290, [['Total', 700], ['15.74', 840]]),
    ];
    expect(readInvoiceLayout(words).supplier).toBe('Tri-State Body Supply Co.');
    expect(isHeadWord('Ext.')).toBe(true);
    expect(isHeadWord('Tri-State')).toBe(false);
  });

  it('marks a name read with small capitals in two sizes ("LAakesHORE") for checking', () => {
    const words = [
      ...line(20, [['LAakesHORE BMW MINI WHoLESALE', 40]], 0.95, 36),
      ...line(70, [['Invoice # 88412', 700]]),
      ...line(240, [['Part Number', 40], ['Description', 220], ['Qty', 560], ['Price', 660], ['Amount', 840]]),
      ...line(280, [['84537012', 40], ['BRACKET', 220], ['1', 580], ['15.74', 660], ['15.74', 840]]),
      ...line(340, [['Total', 700], ['15.74', 840]]),
    ];
    const read = readInvoiceLayout(words);
    expect(read.supplier).toBe('LAakesHORE BMW MINI WHoLESALE');
    expect(read.confidence.supplier).toBe(0.5);
  });
});

describe('totals', () => {
  it('adds tax lines that name different taxes (GST and PST), not a total of them', () => {
    expect(taxOfLines([{ label: 'GST 5%', v: 84.29, c: 0.9 }, { label: 'PST 7%', v: 117.99, c: 0.95 }])).toEqual({ v: 202.28, c: 0.9 });
    expect(taxOfLines([{ label: 'State Tax', v: 10, c: 1 }, { label: 'County Tax', v: 2.5, c: 1 }])?.v).toBe(12.5);
    expect(taxOfLines([{ label: 'Sales Tax', v: 10, c: 1 }, { label: 'Total Tax', v: 10, c: 1 }])?.v).toBe(10);
    expect(taxOfLines([{ label: 'GST', v: 5, c: 1 }, { label: 'PST', v: 7, c: 1 }, { label: 'Total Tax', v: 12, c: 1 }])?.v).toBe(5);
    expect(taxOfLines([{ label: 'Sales Tax 6%', v: 6, c: 1 }])?.v).toBe(6);
    expect(taxOfLines([])).toBeNull();
  });

  it('reads a totals box printed above the table when nothing follows it, with its charges', () => {
    const words = [
      ...line(20, [['RefinishPro Supply', 40]], 0.95, 36),
      ...line(100, [['Invoice', 40], ['INV-927601', 180], ['Subtotal', 600], ['$546.95', 840]]),
      ...line(130, [['Date', 40], ['Thursday, October 1, 2026', 180], ['Shipping (UPS Ground)', 600], ['$39.35', 840]]),
      ...line(160, [['Order #', 40], ['6421870', 180], ['Sales Tax', 600], ['EXEMPT', 840]]),
      ...line(190, [['Total', 600], ['$586.30', 840]]),
      ...line(220, [['Amount Due', 600], ['$586.30', 840]]),
      ...line(300, [['SKU', 40], ['Item', 220], ['Qty', 600], ['Price', 700], ['Amount', 840]]),
      ...line(340, [['UPL-0726', 40], ['U-POL Raptor Liner Kit', 220], ['1', 620], ['$115.90', 700], ['$115.90', 840]]),
      ...line(370, [['MMM-06654', 40], ['3M Masking Tape', 220], ['2', 620], ['$7.20', 700], ['$14.40', 840]]),
      ...line(400, [['EVR-100712', 40], ['Evercoat Rage Gold Filler', 220], ['1', 620], ['$416.65', 700], ['$416.65', 840]]),
    ];
    const read = readInvoiceLayout(words);
    expect(read).toMatchObject({ invoice_number: 'INV-927601', total_amount: 586.3, subtotal: 546.95, invoice_date: '2026-10-01' });
    expect(read.charges).toEqual([{ kind: 'freight', description: expect.stringContaining('Shipping') as unknown as string, amount: 39.35 }]);
    // "Item" beside "SKU" holds words: it is the description, not a line number.
    expect(read.line_items.map((i) => i.description)).toEqual(['U-POL Raptor Liner Kit', '3M Masking Tape', 'Evercoat Rage Gold Filler']);
  });
});

describe('invoice number', () => {
  it('reads "Invoice" left of its value across a gap, not the number after "Certificate No."', () => {
    const lines = groupLines([
      ...line(100, [['Invoice', 40], ['INV-927601', 180]]),
      ...line(130, [['Date', 40], ['11/03/2026', 180]]),
      ...line(300, [['TAX EXEMPT RESALE CERTIFICATE No. ST-8913-2458 ON FILE', 40]]),
    ]);
    expect(keyValueNumber(lines)).toEqual({ value: 'INV-927601', conf: 0.9 });
    // A title in larger print with a number far off is not a key-value row; nor is a value of two words.
    expect(keyValueNumber(groupLines([...line(100, [['Invoice', 40]], 0.9, 40), ...line(110, [['1450', 400]])]))).toBeNull();
    expect(keyValueNumber(groupLines(line(100, [['Invoice', 40], ['Thursday, October', 180]])))).toBeNull();
    const words = [
      ...line(20, [['Supply Direct', 40]], 0.95, 36),
      ...line(80, [['TAX EXEMPT RESALE CERTIFICATE No. ST-8913-2458', 40]]),
      ...line(240, [['Part Number', 40], ['Description', 220], ['Qty', 560], ['Price', 660], ['Amount', 840]]),
      ...line(280, [['84537012', 40], ['BRACKET', 220], ['1', 580], ['15.74', 660], ['15.74', 840]]),
    ];
    expect(readInvoiceLayout(words).invoice_number).toBeNull();
  });
});

describe('table heads', () => {
  it('reads "Del" (delivered) as the billed quantity beside an unknown "Ret"', () => {
    const cols = matchHeader(makeLine(line(0, [['Item', 40], ['Description', 220], ['uoMm', 560], ['Del', 640], ['Ret', 700], ['Price', 760], ['Amount', 860]])));
    expect(cols?.map((c) => c.kind)).toEqual(['part', 'desc', 'other', 'qty_ship', 'other', 'price', 'amount']);
  });
});

describe('dates without separators', () => {
  it('reads a dealer system\'s 03NOV26, with a zero read for the O of the month', () => {
    expect(readDate('Date 03NOV26')?.iso).toBe('2026-11-03');
    expect(readDate('08OCT26')?.iso).toBe('2026-10-08');
    expect(readDate('3Nov2026')?.iso).toBe('2026-11-03');
    expect(readDate('Date 080CT26')?.iso).toBe('2026-10-08');
    expect(readDate('03N0V26')?.iso).toBe('2026-11-03');
    expect(readDate('Part 12ABC26')).toBeNull();
  });
});

describe('items printed on two rows', () => {
  it('continues a description under the part across the next column', () => {
    const l = makeLine(line(0, [['OUTSIDE MIRROR, HEATED,', 126], ['LEFT', 372], ['E18-40', 600]]));
    const start = l.words.slice(0, 3);
    expect(continuedRun(l, start).map((w) => w.text)).toEqual(['OUTSIDE', 'MIRROR,', 'HEATED,', 'LEFT']);
    expect(continuedRun(l, [])).toEqual([]);
  });

  it('turns a row whose description under it names a charge into that charge', () => {
    expect(chargeUnderItem({ part_number: 'HAZ', description: 'ENVIRONMENTAL FEE', quantity: 1, unit_price: 10.95 })).toEqual({ kind: 'fee', description: 'ENVIRONMENTAL FEE', amount: 10.95 });
    expect(chargeUnderItem({ part_number: 'DISC', description: 'Promo discount', quantity: 1, unit_price: 5 })?.amount).toBe(-5);
    expect(chargeUnderItem({ part_number: '51 11 7 387 897', description: 'IMPACT STRIP, BUMPER, FRONT', quantity: 1, unit_price: 103.65 })).toBeNull();
  });

  it('reads a two-row table: descriptions under the numbers, the fee row as a charge', () => {
    const words = [
      ...line(20, [['Bavarian Autohaus Parts', 40]], 0.95, 36),
      ...line(60, [['Ticket No. 656554', 700]]),
      ...line(90, [['Date 08OCT26', 700]]),
      ...line(240, [['Ln', 10], ['Part Number', 60], ['Bin', 300], ['Qty', 480], ['Retail', 560], ['Your Price', 680], ['Amount', 840]]),
      ...line(270, [['Description', 60]]),
      ...line(300, [['1', 10], ['51 16 7 348 451', 60], ['E18-40', 300], ['1', 500], ['627.35', 560], ['533.25', 700], ['533.25', 840]]),
      ...line(325, [['OUTSIDE MIRROR, HEATED,', 60], ['LEFT', 300]]),
      ...line(360, [['2', 10], ['HAZ', 60], ['1', 500], ['10.95', 560], ['10.95', 700], ['10.95', 840]]),
      ...line(385, [['ENVIRONMENTAL FEE', 60]]),
      ...line(440, [['Total Due', 700], ['544.20', 840]]),
    ];
    const read = readInvoiceLayout(words);
    expect(read.line_items).toEqual([{ part_number: '51 16 7 348 451', description: 'OUTSIDE MIRROR, HEATED, LEFT', quantity: 1, unit_price: 533.25 }]);
    expect(read.charges).toEqual([{ kind: 'fee', description: 'ENVIRONMENTAL FEE', amount: 10.95 }]);
    expect(read).toMatchObject({ invoice_number: '656554', invoice_date: '2026-10-08', total_amount: 544.2 });
  });
});

describe('spaced part numbers with a lost space', () => {
  it('puts back a space between two groups when the other rows show the groups', () => {
    expect(splitRunTogetherGroups(['51 13 7 294 818', '63 11 7 214 943', '5116 7 348 451', '07 147 150 139', '41 00 7 438 437'])).toEqual([
      '51 13 7 294 818',
      '63 11 7 214 943',
      '51 16 7 348 451',
      '07 14 7 150 139',
      '41 00 7 438 437',
    ]);
    // Too few rows to show a pattern: BMW's own 2-2-1-3-3 of eleven digits (random layout R772: "51 11 7 391 481"
    // read "5111 7 391 481" among other makes' numbers); other shapes, or letters in the groups, left as read.
    expect(splitRunTogetherGroups(['51 13 7 294 818', '5116 7 348 451'])).toEqual(['51 13 7 294 818', '51 16 7 348 451']);
    expect(splitRunTogetherGroups(['5111 7 391 481', '04711-T0A-A00', 'HC3Z 8200 A'])).toEqual(['51 11 7 391 481', '04711-T0A-A00', 'HC3Z 8200 A']);
    // A table whose other rows show another make's groups (R772's Volkswagen numbers).
    const vw = ['5G0 941 005 C', '1K0 955 453 S', '3G0 805 588 S'];
    expect(splitRunTogetherGroups(['5111 7 391 481', ...vw])).toEqual(['51 11 7 391 481', ...vw]);
    expect(splitRunTogetherGroups(['1234 567 89 0', '5111 7 39 1481', '51A1 7 391 481'])).toEqual(['1234 567 89 0', '5111 7 39 1481', '51A1 7 391 481']);
    expect(splitRunTogetherGroups(['HC3Z 8200 A', 'JL3Z 16005 AB', 'FL3Z 17757 C', 'HC3Z 8200A'])).toEqual(['HC3Z 8200 A', 'JL3Z 16005 AB', 'FL3Z 17757 C', 'HC3Z 8200A']);
  });

  it('marks a number split so for checking', () => {
    const row = (y: number, pn: string) => line(y, [[pn, 40], ['PANEL', 240], ['1', 500], ['10.00', 600], ['10.00', 760]]);
    const words = [
      ...line(20, [['Bavarian Autohaus Parts', 40]], 0.95, 36),
      ...line(60, [['Invoice # 656554', 700]]),
      ...line(240, [['Part Number', 40], ['Description', 240], ['Qty', 480], ['Price', 600], ['Amount', 760]]),
      ...row(280, '51 13 7 294 818'),
      ...row(310, '63 11 7 214 943'),
      ...row(340, '41 00 7 438 437'),
      ...row(370, '5116 7 348 451'),
      ...line(420, [['Total', 600], ['40.00', 760]]),
    ];
    const read = readInvoiceLayout(words);
    expect(read.line_items.map((i) => i.part_number)).toEqual(['51 13 7 294 818', '63 11 7 214 943', '41 00 7 438 437', '51 16 7 348 451']);
    expect(read.confidence.line_items?.map((c) => c.part_number)).toEqual([0.9, 0.9, 0.9, 0.5]);
  });
});

describe('more of the fifth set', () => {
  it('marks a description whose word the OCR hardly believed, not one read well throughout', () => {
    const doubted = line(0, [['Argon/C0O2 75/25 Mix, Size 300', 0]], 0.97);
    doubted[0] = { ...doubted[0]!, conf: 0.42 };
    expect(descriptionConfidence(doubted)).toBe(0.42);
    expect(descriptionConfidence(line(0, [['Argon/CO2 75/25 Mix,', 0]], 0.9))).toBe(0.9);
    // A doubted mark of one character (a stray dot) does not count.
    expect(descriptionConfidence([...line(0, [['Oil filter', 0]], 0.9), word('.', 200, 0, 204, 20, 0.1)])).toBeCloseTo(0.63);
    // A bar glued to a letter does (R4108's "S|" at 0.4 for "SI", the bar then cut off the text); a bar alone does not.
    const fascia = line(0, [['BRACKET, FRT BPR FASCIA', 0]], 0.96);
    expect(descriptionConfidence([...fascia, word('S|', 240, 0, 255, 20, 0.4)])).toBe(0.4);
    expect(descriptionConfidence([...fascia, word('|', 240, 0, 244, 20, 0.4)])).toBeGreaterThan(0.8);
    // A word a rule changed (at CHANGED_CONFIDENCE) among five sure ones marks the cell too (R1318's "10" of "16").
    const changed = line(0, [['RETAINER-FRT BPR FASCIA 10 PK', 0]], 0.96);
    changed[3] = { ...changed[3]!, conf: CHANGED_CONFIDENCE };
    expect(descriptionConfidence(changed)).toBe(CHANGED_CONFIDENCE);
  });

  it('marks a description whose number the OCR doubted at all (R3220), not one whose word without a digit it did', () => {
    // R3220's words as read: "WELL NUT 10-24 X 1/2" read "... X 12", the "12" at 0.75.
    const read = [...line(0, [['WELL NUT', 0]], 0.95), ...line(0, [['10-24 X', 100]], 0.88), word('12', 160, 0, 180, 20, 0.75)];
    expect(descriptionConfidence(read)).toBe(0.75);
    expect(descriptionConfidence(read)).toBeLessThan(LOW_CONFIDENCE);
    const letters = [...line(0, [['WELL NUT 10-24 X', 0]], 0.9), word('HEX', 160, 0, 190, 20, 0.75)];
    expect(descriptionConfidence(letters)).toBeGreaterThanOrEqual(0.8);
  });

  it('leaves a note at the foot of the page out of a table with no totals under it', () => {
    const body = groupLines([
      ...line(300, [['TRS-76133', 32], ['Transtar Plastic Repair Kit', 124], ['1', 447], ['$45.10', 469]]),
      ...line(330, [['MMM-06355', 32], ['3M Hookit Clean Sanding Disc', 124], ['1', 447], ['$69.95', 469]]),
      ...line(352, [['6in P320 (50)', 124]]),
      ...line(400, [['Questions about this invoice? Reply to orders@example.com. Thank you!', 28]]),
    ]);
    expect(withoutTrailingNotes(body).map((l) => l.text)).toEqual(body.slice(0, 3).map((l) => l.text));
  });

  it('reads a header row printed as three overlapping lines (two-line heads around one-line heads)', () => {
    const lines = groupLines([
      ...line(160, [['Qty', 48], ['Qty', 89], ['Part', 152]], 1, 12),
      ...line(167, [['Description', 215], ['List', 472], ['Net', 514], ['Extended', 536]], 1, 12),
      ...line(174, [['Ord', 47], ['Shp', 87], ['Number', 152]], 1, 12),
    ]);
    expect(lines).toHaveLength(3);
    const merged = interleavedHeader(lines, 0);
    expect(matchHeader(merged!)?.map((c) => c.kind)).toEqual(['qty_ord', 'qty_ship', 'part', 'desc', 'list', 'net', 'amount']);
    expect(interleavedHeader(groupLines(line(160, [['Qty', 48], ['Part', 152]])), 0)).toBeNull();
  });

  it('takes a description further below a part that has none (a printed PDF pads its rows)', () => {
    const [part, desc] = groupLines([...line(178, [['51 11 7 387 897', 56], ['1', 342]], 1, 12), ...line(205, [['IMPACT STRIP', 56]], 1, 12)]);
    expect(undescribedAbove({ part_number: '51 11 7 387 897', description: '', quantity: 1, unit_price: 77.23 }, part!, desc!)).toBe(true);
    expect(undescribedAbove({ part_number: '51 11 7 387 897', description: 'STRIP', quantity: 1, unit_price: 77.23 }, part!, desc!)).toBe(false);
  });

  it('reads "Sold" as the quantity of a counter invoice', () => {
    expect(matchHeader(makeLine(line(0, [['Sold', 111], ['Part Number', 210], ['Description', 548], ['Unit Price', 1432], ['Extension', 1684], ['Tx', 1865]])))?.map((c) => c.kind)).toEqual([
      'qty',
      'part',
      'desc',
      'price',
      'amount',
      'other',
    ]);
  });
});
