/**
 * Rules random photographs' tuning seeds 1–40 (`RSEED=1 COUNT=40 VARIANT=photo npm run bench:random`) showed the need
 * for, on hand-built word boxes: a head whose capital I was read as a 1 ("1tem Description"), and the case of letters
 * whose small and capital forms share one shape (c o s v w x z), which a blurred page's OCR decides by height alone.
 */
import { describe, expect, it } from 'vitest';
import { agreeingCase, joinSplitCodes, readInvoiceLayout } from '~/server/extraction/layout/read-layout';
import { line } from './word-boxes';

const row = (part_number: string, description: string) => ({ part_number, description, quantity: 1, unit_price: 10 });

describe('a head read with a 1 for its capital I', () => {
  it('reads "1tem Description" as the description head, so a description starting left of "Description" stays whole', () => {
    const read = readInvoiceLayout([
      ...line(0, [['Catalog #', 10], ['1tem', 300], ['Description', 360], ['Qty', 700], ['Price', 850]]),
      ...line(40, [['MS95826', 10], ['Exhaust manifold gasket set', 296], ['1', 700], ['44.00', 850]]),
      ...line(80, [['23-7720', 10], ['Tie rod end outer', 296], ['1', 700], ['29.85', 850]]),
      ...line(120, [['Total', 700], ['73.85', 850]]),
    ]);
    expect(read.line_items.map((i) => i.description)).toEqual(['Exhaust manifold gasket set', 'Tie rod end outer']);
  });
});

describe('agreeingCase', () => {
  it('capitalises a sentence-case description read with a small o, s, c … first', () => {
    const items = [row('MS95826', 'Exhaust manifold gasket set'), row('23-7720', 'Tie rod end outer'), row('234-4209', 'oxygen sensor downstream')];
    expect(agreeingCase(items).map((i) => i.description)).toEqual(['Exhaust manifold gasket set', 'Tie rod end outer', 'Oxygen sensor downstream']);
  });

  it('puts a part number in capitals when its only small letters share their capital shape and the others are capitals', () => {
    const items = [row('sx-1071', 'Multi-prep cleaner'), row('DBC-4044', 'Deltron white basecoat'), row('M-5612', 'Mixing cups')];
    expect(agreeingCase(items)[0]!.part_number).toBe('SX-1071');
  });

  it('puts same-shape small letters in capitals inside an all-capitals table', () => {
    const items = [row('BS 002379', '215/55R17 94v TURANZA QUIETTRACK'), row('LUG 611-223', 'LUG NUT M14X1.5 CHROME (4)'), row('TPMS-20004', 'TPMS SENSOR 315 MHZ')];
    expect(agreeingCase(items)[0]!.description).toBe('215/55R17 94V TURANZA QUIETTRACK');
  });

  it('leaves other letters, mixed tables and small tables as read (the same array when nothing changed)', () => {
    // "a" has its own small shape: a small a is never a capital's misread.
    const other = [row('vs-a25', 'VALVE STEM'), row('LUG 611-223', 'LUG NUT'), row('TPMS-20004', 'TPMS SENSOR')];
    expect(agreeingCase(other)[0]!.part_number).toBe('vs-a25');
    // Part numbers with small letters elsewhere in the table: small letters are that supplier's.
    const mixed = [row('sx-1071', 'Cleaner'), row('Dbc-4044', 'Basecoat'), row('M-5612', 'Cups')];
    expect(agreeingCase(mixed)).toBe(mixed);
    // A description in small letters among others in small letters, and a table of two rows, stay.
    const small = [row('A-1', 'clip'), row('A-2', 'screw'), row('A-3', 'Bolt')];
    expect(agreeingCase(small)).toBe(small);
    const two = [row('sx-1', 'cleaner'), row('A-2', 'Bolt')];
    expect(agreeingCase(two)).toBe(two);
    // In a sentence-case table a word of small letters inside the description stays small.
    const sentence = [row('A-1', 'Mixing cups 32 oz'), row('A-2', 'Tack cloth'), row('A-3', 'Sanding block')];
    expect(agreeingCase(sentence)).toBe(sentence);
  });
});

describe('joinSplitCodes', () => {
  it('joins a part number the OCR split with a space when the table\'s other numbers have its shape without one', () => {
    const items = [row('81 145-78040', 'UNIT ASSY, HEADLAMP, RH'), row('901 19-A0379', 'BOLT, W/WASHER'), row('87945-78040', 'COVER'), row('52119-78935', 'COVER, FRONT BUMPER')];
    expect(joinSplitCodes(items).map((i) => i.part_number)).toEqual(['81145-78040', '90119-A0379', '87945-78040', '52119-78935']);
    const honda = [row('71198-T BA-A01', 'SPACER'), row('71101-TBA-A00', 'FACE'), row('71120-TBA-A01', 'GRILLE')];
    expect(joinSplitCodes(honda)[0]!.part_number).toBe('71198-TBA-A01');
  });

  it('keeps the spaces of suppliers that print them, and of numbers no other row is shaped like', () => {
    const ford = [row('HC3Z 8200 A', 'GRILLE'), row('JL3Z-17D957-AA', 'COVER'), row('FL3Z 16005 A', 'FENDER')];
    expect(joinSplitCodes(ford)).toBe(ford);
    const brands = [row('BS 002379', 'TIRE'), row('LUG 611-223', 'LUG NUT'), row('TPMS-20004', 'SENSOR'), row('VS-425', 'VALVE STEM')];
    expect(joinSplitCodes(brands)).toBe(brands);
    const glass = [row('AR 300', 'ARGON'), row('53101-0E230', 'GRILLE'), row('90467-07211', 'CLIP')];
    expect(joinSplitCodes(glass)).toBe(glass);
    // One other number of the shape is not enough.
    const one = [row('81 145-78040', 'LAMP'), row('87945-78040', 'COVER'), row('CLIP-12', 'CLIP')];
    expect(joinSplitCodes(one)).toBe(one);
  });
});
