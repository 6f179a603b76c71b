/**
 * Rules of issue 18's fourteenth session, from random layouts' tuning seeds (photographs 1–60, page images 251–350): an
 * ampersand that opens a wrapped description line is kept ("W/ GRILLE" over "& FOG LAMPS", R278 on a page image, lost
 * silently before). The photographed page's grey rules are in shading-rules.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { joinWrapped, readInvoiceLayout } from '~/server/extraction/layout/read-layout';
import { line } from './word-boxes';

describe('an ampersand opening a wrapped description line', () => {
  it('is kept before a word, and a lone mark is still dropped', () => {
    expect(joinWrapped([line(0, [['& FOG LAMPS', 10]])])).toBe('& FOG LAMPS');
    expect(joinWrapped([line(0, [['BUMPER W/ GRILLE', 10]]), line(30, [['& FOG LAMPS', 10]])])).toBe('BUMPER W/ GRILLE & FOG LAMPS');
    expect(joinWrapped([line(0, [['& -', 10]])])).toBe('');
  });

  it('stays in the description a table row wraps', () => {
    const words = [
      ...line(0, [['Part #', 10], ['Description', 200], ['Qty', 700], ['Price', 800], ['Amount', 900]]),
      ...line(40, [['GM1200712', 10], ['BUMPER ASSY FRONT W/ GRILLE', 200], ['1', 700], ['1302.00', 800], ['1302.00', 900]]),
      ...line(70, [['& FOG LAMPS', 200]]),
      ...line(120, [['Total', 800], ['1302.00', 900]]),
    ];
    const read = readInvoiceLayout(words);
    expect(read.line_items.map((i) => i.description)).toEqual(['BUMPER ASSY FRONT W/ GRILLE & FOG LAMPS']);
  });
});
