/**
 * The parts table found by what its rows hold (issue 18: invoices nobody tuned the reader on): a table whose header
 * words the vocabulary does not know, or that has no header at all, is still read by column.
 */
import { describe, expect, it } from 'vitest';
import { LOW_CONFIDENCE } from '~/lib/schemas/invoice';
import { matchHeader, partNumberConfidence, readInvoiceLayout } from '~/server/extraction/layout/read-layout';
import { columnStrips, findTableByContent, isCodeCell, isCodeWord, isItemLine, isLineCode, tailOfDescription } from '~/server/extraction/layout/table-by-content';
import { groupLines, makeLine } from '~/server/extraction/layout/words';
import { line } from './word-boxes';

/** A supplier's page whose column heads are words no vocabulary lists ("Ln | Stk | Qt | Goods | Each | Ext"). */
function oddlyHeadedPage() {
  return [
    ...line(0, [['Bayou City Body Supply', 10]], 0.95, 34),
    ...line(60, [['Invoice No. 448812', 10], ['Date 11/03/2026', 600]]),
    ...line(120, [['Ln', 10], ['Stk', 60], ['Qt', 250], ['Goods', 320], ['Each', 700], ['Ext', 850]]),
    ...line(160, [['1', 10], ['HC3Z-8200-A', 60], ['2', 250], ['Grille assembly upper', 320], ['148.50', 700], ['297.00', 850]]),
    ...line(200, [['2', 10], ['3M-05887', 60], ['1', 250], ['Seam sealer tube', 320], ['22.95', 700], ['22.95', 850]]),
    ...line(240, [['3', 10], ['GM84951123', 60], ['4', 250], ['Clip, bumper retainer', 320], ['1.25', 700], ['5.00', 850]]),
    ...line(280, [['4', 10], ['CORE', 60], ['1', 250], ['Core charge radiator', 320], ['40.00', 700], ['40.00', 850]]),
    ...line(340, [['Subtotal', 600], ['364.95', 850]]),
    ...line(380, [['Sales Tax', 600], ['30.11', 850]]),
    ...line(420, [['Total Due', 600], ['395.06', 850]]),
  ];
}

describe('isCodeWord / isItemLine', () => {
  it('knows a part number from money, a year and a word', () => {
    expect(['HC3Z-8200-A', '84951123', '5W-30', 'PF64']).toEqual(['HC3Z-8200-A', '84951123', '5W-30', 'PF64'].filter(isCodeWord));
    expect(['2019', '12.50', 'EA', 'Grille', '12']).toEqual(['2019', '12.50', 'EA', 'Grille', '12'].filter((w) => !isCodeWord(w)));
  });

  it('takes a line ending in money with text for an item, not a totals line or a bare amount', () => {
    expect(isItemLine(makeLine(line(0, [['2', 10], ['HC3Z-8200-A', 60], ['Grille', 320], ['148.50', 700], ['297.00', 850]])))).toBe(true);
    expect(isItemLine(makeLine(line(0, [['Subtotal amount', 600], ['364.95', 850]])))).toBe(false);
    // Money not at the line's end (a note after it) is no item.
    expect(isItemLine(makeLine(line(0, [['Grille', 10], ['148.50', 300], ['see note below', 500]])))).toBe(false);
  });
});

describe('columnStrips', () => {
  it('splits where white space runs down every line, not at the spaces between words', () => {
    const rows = [
      line(0, [['1', 10], ['Grille assembly upper', 100], ['148.50', 400]]),
      line(40, [['12', 10], ['Seal', 100], ['22.95', 410]]),
    ];
    const strips = columnStrips(rows);
    expect(strips).toHaveLength(3);
    expect(strips[1]).toEqual({ x0: 100, x1: 310 });
  });
});

describe('findTableByContent', () => {
  it('names the columns of an unknown header by their cells: line number, part, qty, description, price, amount', () => {
    const lines = groupLines(oddlyHeadedPage());
    // The header-led reader does not know this header.
    expect(lines.filter((l) => matchHeader(l) !== null)).toEqual([]);
    const table = findTableByContent(lines)!;
    expect(table).not.toBeNull();
    expect(table.cols.map((c) => c.kind)).toEqual(['line', 'part', 'qty', 'desc', 'price', 'amount']);
    expect(lines[table.headerIndex]!.text).toBe('Ln Stk Qt Goods Each Ext');
    expect(lines[table.end]!.text).toBe('Subtotal 364.95');
  });

  it('finds nothing on a page without two item lines', () => {
    const lines = groupLines([...line(0, [['Thank you', 10]]), ...line(40, [['Total', 600], ['12.00', 850]])]);
    expect(findTableByContent(lines)).toBeNull();
  });
});

describe('readInvoiceLayout with a table headed in unknown words', () => {
  it('reads the parts and the core charge, which add up to the total', () => {
    const read = readInvoiceLayout(oddlyHeadedPage());
    expect(read.tableFound).toBe(true);
    expect(read.line_items).toEqual([
      { part_number: 'HC3Z-8200-A', description: 'Grille assembly upper', quantity: 2, unit_price: 148.5 },
      { part_number: '3M-05887', description: 'Seam sealer tube', quantity: 1, unit_price: 22.95 },
      { part_number: 'GM84951123', description: 'Clip, bumper retainer', quantity: 4, unit_price: 1.25 },
    ]);
    expect(read.charges).toEqual([{ kind: 'core', description: 'Core charge radiator', amount: 40 }]);
    expect(read.total_amount).toBe(395.06);
    expect(read.tax_amount).toBe(30.11);
    expect(read.supplier).toBe('Bayou City Body Supply');
  });
});

describe('partNumberConfidence', () => {
  it('marks a part number without a digit (a description word taken for it), not a right one', () => {
    const words = line(0, [['WHEEL', 10]], 0.96);
    expect(partNumberConfidence(words, 'WHEEL')).toBeLessThan(LOW_CONFIDENCE);
    expect(partNumberConfidence(line(0, [['T24-037I', 10]], 0.96), 'T24-037I')).toBeCloseTo(0.96);
  });
});

describe('what the cells say', () => {
  it('takes a code with its brand or in spaced groups for a part-number cell, not quantities with a unit', () => {
    expect(isCodeCell(line(0, [['KYB 334658', 10]]))).toBe(true);
    expect(isCodeCell(line(0, [['3G0 805 588 S', 10]]))).toBe(true);
    expect(isCodeCell(line(0, [['51 11 8 069 020', 10]]))).toBe(true);
    expect(isCodeCell(line(0, [['4 4 EA', 10]]))).toBe(false);
    expect(isCodeCell(line(0, [['Front bumper cover', 10]]))).toBe(false);
  });

  it('knows a line code from a unit of measure', () => {
    expect(['KYB', 'DOR', 'NGK', 'WIX'].every(isLineCode)).toBe(true);
    expect(['EA', 'KIT', 'GAL', 'Kyb', 'KYB1'].some(isLineCode)).toBe(false);
  });
});

describe('findTableByContent on harder tables', () => {
  it('splits a part number from a description that starts close to it at one place, and keeps a brand with its number', () => {
    // 10 px between the longest code and the descriptions; the line codes stand in their own strip.
    // No header line at all (a continuation sheet).
    const words = [
      ...line(40, [['2', 10], ['KYB', 60], ['334658-A', 100], ['Strut assembly front', 190], ['89.55', 600], ['179.10', 750]]),
      ...line(80, [['1', 10], ['DOR', 60], ['924-5208', 100], ['Bumper retainer clip', 190], ['10.05', 600], ['10.05', 750]]),
      ...line(120, [['3', 10], ['NGK', 60], ['6619', 100], ['Iridium plug', 190], ['11.30', 600], ['33.90', 750]]),
    ];
    const lines = groupLines(words);
    const table = findTableByContent(lines)!;
    expect(table.cols.map((c) => c.kind)).toEqual(['qty', 'part', 'desc', 'price', 'amount']);
    expect(readInvoiceLayout([...words, ...line(180, [['Total', 600], ['223.05', 750]])]).line_items).toEqual([
      { part_number: 'KYB 334658-A', description: 'Strut assembly front', quantity: 2, unit_price: 89.55 },
      { part_number: 'DOR 924-5208', description: 'Bumper retainer clip', quantity: 1, unit_price: 10.05 },
      { part_number: 'NGK 6619', description: 'Iridium plug', quantity: 3, unit_price: 11.3 },
    ]);
  });

  it('does not take model years for quantities, nor a totals block under the rows for rows', () => {
    // A recycler: description, stock number, vehicle year and make, quantity, one price column; totals labels the
    // totals rule does not know, printed right under the rows.
    const words = [
      ...line(0, [['Quarter panel cut RH', 10], ['YI5115', 300], ['2016 Nissan Rogue', 450], ['1', 800], ['350.00', 900]]),
      ...line(40, [['Side view mirror RH', 10], ['OS7101', 300], ['2018 Ford Escape', 450], ['1', 800], ['85.00', 920]]),
      ...line(80, [['Knuckle front LH', 10], ['IS4870', 300], ['2017 Subaru Outback', 450], ['2', 800], ['200.00', 900]]),
      ...line(120, [['Parts & Labor', 650], ['635.00', 900]]),
      ...line(160, [['Sales Tax', 650], ['52.39', 910]]),
    ];
    const lines = groupLines(words);
    const table = findTableByContent(lines)!;
    expect(table.end).toBe(3);
    expect(table.cols.map((c) => c.kind)).toEqual(['desc', 'part', 'other', 'other', 'qty', 'price']);
  });
});

describe('findTableByContent across pages and for one part', () => {
  const PAGE = 100_000;
  it('joins the rows continued on the next page under no header, and leaves out the lines between', () => {
    const words = [
      ...line(0, [['Bayou City Body Supply', 10]], 0.95, 34),
      ...line(100, [['2', 10], ['HC3Z-8200-A', 60], ['Grille assembly upper', 320], ['148.50', 700], ['297.00', 850]]),
      ...line(140, [['1', 10], ['3M-05887', 60], ['Seam sealer tube', 320], ['22.95', 700], ['22.95', 850]]),
      ...line(210, [['Continued on next page', 320]]),
      ...line(PAGE + 20, [['Page 2 of 2', 700]]),
      ...line(PAGE + 100, [['4', 10], ['GM84951123', 60], ['Clip, bumper retainer', 320], ['1.25', 700], ['5.00', 850]]),
      ...line(PAGE + 140, [['1', 10], ['DOR-924-5208', 60], ['Retainer clip kit', 320], ['10.05', 700], ['10.05', 850]]),
      ...line(PAGE + 200, [['Total', 700], ['335.00', 850]]),
    ];
    const lines = groupLines(words);
    const table = findTableByContent(lines)!;
    expect(table.body.map((i) => lines[i]!.words[1]!.text)).toEqual(['HC3Z-8200-A', '3M-05887', 'GM84951123', 'DOR-924-5208']);
    expect(readInvoiceLayout(words).line_items.map((i) => `${i.part_number} | ${i.description}`)).toEqual([
      'HC3Z-8200-A | Grille assembly upper',
      '3M-05887 | Seam sealer tube',
      'GM84951123 | Clip, bumper retainer',
      'DOR-924-5208 | Retainer clip kit',
    ]);
  });

  it('reads an invoice for one part, with its unit of measure in a column of its own', () => {
    const words = [
      ...line(0, [['Bayou City Body Supply', 10]], 0.95, 34),
      ...line(100, [['95895-L3000', 10], ['Front view camera', 200], ['1', 600], ['EA', 640], ['619.85', 800], ['619.85', 950]]),
      ...line(160, [['Total', 800], ['619.85', 950]]),
    ];
    expect(readInvoiceLayout(words).line_items).toEqual([{ part_number: '95895-L3000', description: 'Front view camera', quantity: 1, unit_price: 619.85 }]);
  });
});

describe('a description too long for the strip the others fill (monospace print, random layout R330)', () => {
  // 11 px high words 10 px per character: a word space (10 px) is as wide as the gap that splits columns.
  const rows = (descs: string[], extra: [string, number][][] = []) => [
    ...line(0, [['Ridgeway Toyota Parts', 10]], 0.95, 30),
    ...descs.flatMap((d, i) =>
      line(60 + 30 * i, [['2', 10], [`9011${i}-A0379`, 60], [d, 200], ...(extra[i] ?? []), ['EA', 560], ['1.92', 640], ['3.84', 740]], 0.9, 11),
    ),
    ...line(60 + 30 * descs.length + 30, [['Total', 640], ['11.52', 740]], 0.9, 11),
  ];

  it('keeps its last words: "RETAINER, FR BUMPER SIDE, LH", not "… SIDE"', () => {
    const words = rows(['BOLT, W/WASHER', 'EMBLEM, RADIATOR GRILLE', 'RETAINER, FR BUMPER SIDE, LH']);
    expect(columnStrips(groupLines(words).slice(1, 4).map((l) => l.words)).some((s) => s.x0 === 460)).toBe(true);
    expect(readInvoiceLayout(words).line_items.map((i) => i.description)).toEqual(['BOLT, W/WASHER', 'EMBLEM, RADIATOR GRILLE', 'RETAINER, FR BUMPER SIDE, LH']);
  });

  it('leaves a column of its own alone: one filled in most rows, or standing further off', () => {
    const cells = (descs: string[], extra: [string, number][][]) => {
      const lines = groupLines(rows(descs, extra)).slice(1, 1 + descs.length);
      const strips = columnStrips(lines.map((l) => l.words));
      const d = strips.findIndex((s) => s.x0 === 200);
      const of = (k: number) => lines.map((l) => l.words.filter((w) => w.x0 >= strips[k]!.x0 && w.x1 <= strips[k]!.x1));
      return [of(d), of(d + 1)] as const;
    };
    const [desc, tail] = cells(['BOLT, W/WASHER', 'EMBLEM, RADIATOR GRILLE', 'RETAINER, FR BUMPER SIDE, LH'], []);
    expect(tailOfDescription(desc, tail)).toBe(true);
    // A vehicle column filled in two rows of three.
    const [d2, vehicle] = cells(['BOLT, W/WASHER', 'EMBLEM, RADIATOR GRILLE', 'RETAINER, FR BUMPER SIDE'], [[['CAMRY', 460]], [], [['RAV4', 460]]]);
    expect(tailOfDescription(d2, vehicle)).toBe(false);
    // A note three word spaces from the description.
    const [d3, note] = cells(['BOLT, W/WASHER', 'EMBLEM, RADIATOR GRILLE', 'RETAINER, FR BUMPER SIDE'], [[], [], [['BO', 480]]]);
    expect(tailOfDescription(d3, note)).toBe(false);
  });
});
