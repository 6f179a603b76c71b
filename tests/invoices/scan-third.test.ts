/**
 * Issue 18, scans, third pass (helper "scan", 2026-11-28): dotted leaders whitened on a scanned page
 * (`removeDotLeaders`), light text in a dark box that does not span the page inverted (`invertDarkBoxes`), a code
 * read with "$" or "§" for its first S given its S back (`signsReadForS`, in `refineCodeWords`), a full stop the
 * read left out put back (`lostPoint`, in `pairLetters`), a long header word
 * misread by a letter or two matched (`nearHeaderWord`: small capitals on a scan). Synthetic images and words.
 */
import { describe, expect, it } from 'vitest';
import { removeDotLeaders, type GreyImage } from '~/server/extraction/clean-photo';
import { CHANGED_CONFIDENCE, lostPoint, pairLetters, refineCodeWords, signsReadForS, type Glyph } from '~/server/extraction/layout/glyphs';
import { editDistance, nearHeaderWord, readInvoiceLayout } from '~/server/extraction/layout/read-layout';
import { invertDarkBoxes } from '~/server/extraction/ocr.server';
import { at, paint } from './grey-image';
import { line } from './word-boxes';

/** `n` squares of side `size` at pitch `pitch` from x0, top at y0. */
const squares = (n: number, x0: number, y0: number, size: number, pitch: number, v = 30): [number, number, number, number, number][] =>
  Array.from({ length: n }, (_, i) => [x0 + i * pitch, y0, x0 + i * pitch + size, y0 + size, v]);

describe('removeDotLeaders', () => {
  it('whitens a row of evenly spaced dots (a leader) and keeps a word, a few dots and full stops', () => {
    const img = paint(600, 120, [
      // "HOOD ASSY": letters 24 px tall, then a leader of 20 dots 6 px wide at an 18 px pitch.
      ...squares(4, 10, 20, 20, 24).map(([x0, y0, x1, , v]) => [x0, y0, x1, y0 + 24, v] as [number, number, number, number, number]),
      ...squares(20, 120, 38, 6, 18),
      // Small letters 9 px wide, 2 px apart (a word of x-height letters), and only five dots.
      ...squares(10, 10, 80, 9, 11),
      ...squares(5, 200, 83, 6, 18),
    ]);
    removeDotLeaders(img, 10);
    expect(at(img, 122, 40)).toBe(255);
    expect(at(img, 120 + 19 * 18 + 2, 40)).toBe(255);
    expect(at(img, 12, 30)).toBe(30);
    expect(at(img, 12, 84)).toBe(30);
    expect(at(img, 202, 85)).toBe(30);
  });
});

describe('invertDarkBoxes', () => {
  it('makes light text in a dark box dark on light, and leaves black print alone', () => {
    const img = paint(400, 160, [
      // A dark box 160 × 40 with two light "letters" 4 px wide, 20 px tall.
      [200, 20, 360, 60, 70],
      [230, 30, 234, 50, 240],
      [260, 30, 264, 50, 240],
      // Black text: 4 px strokes 24 px tall, 8 px apart.
      ...Array.from({ length: 10 }, (_, i) => [20 + i * 8, 100, 24 + i * 8, 124, 20] as [number, number, number, number, number]),
    ]);
    invertDarkBoxes(img.px, img.width, img.height);
    expect(at(img, 210, 25)).toBe(255 - 70);
    expect(at(img, 231, 40)).toBe(255 - 240);
    expect(at(img, 21, 110)).toBe(20);
    expect(at(img, 26, 110)).toBe(255);
  });

  it('leaves a solid dark block without light text, and a thin dark rule, as they are', () => {
    const img = paint(300, 100, [
      [20, 20, 120, 60, 40],
      [150, 30, 290, 34, 40],
    ]);
    invertDarkBoxes(img.px, img.width, img.height);
    expect(at(img, 50, 40)).toBe(40);
    expect(at(img, 200, 31)).toBe(40);
  });
});

describe('signsReadForS', () => {
  it('reads a leading "$" or "§" of a code as S', () => {
    expect(signsReadForS('$1-5610S')).toBe('S1-5610S');
    expect(signsReadForS('$5-1062')).toBe('S5-1062');
    expect(signsReadForS('§$5-2199S')).toBe('SS5-2199S');
  });

  it('leaves amounts and words alone', () => {
    for (const t of ['$25', '$1,031.25', '$44255', '$(12.00)', 'S1-5610S', 'Hose', '$', '$each']) expect(signsReadForS(t)).toBeNull();
  });

  it('gives the code its S in refineCodeWords, marked for checking', async () => {
    const image: GreyImage = { px: new Uint8Array(400 * 40).fill(255), width: 400, height: 40 };
    const out = await refineCodeWords([{ text: '$1-5610S', x0: 10, x1: 150, y0: 10, y1: 30, conf: 0.61 }], image);
    expect(out.map((w) => [w.text, w.conf])).toEqual([['S1-5610S', CHANGED_CONFIDENCE]]);
  });
});

describe('a full stop the read left out', () => {
  // Digits 12 × 20 px 3 px apart, a point 4 × 4 on their baseline after the fourth (0045.221).
  const digit = (x0: number): Glyph => ({ x0, x1: x0 + 12, y0: 10, y1: 30 });
  const glyphs = [digit(0), digit(15), digit(30), digit(45), { x0: 60, x1: 64, y0: 26, y1: 30 }, digit(67), digit(82), digit(97)];

  it('is put back where a glyph is a point on the baseline', () => {
    expect(lostPoint(glyphs)).toBe(4);
    expect(pairLetters('0045221', glyphs)).toEqual([...'0045.221']);
  });

  it('is not put back for a mark above the baseline, two points, or a read that has its point', () => {
    const high = glyphs.map((g, i) => (i === 4 ? { ...g, y0: 10, y1: 14 } : g));
    expect(lostPoint(high)).toBeNull();
    const two = [...glyphs.slice(0, 6), { x0: 80, x1: 84, y0: 26, y1: 30 }, digit(87)];
    expect(lostPoint(two)).toBeNull();
    expect(pairLetters('0045.21', [...glyphs.slice(0, 7)])).toEqual([...'0045.21']);
  });

  it('is not put back beside a dash (a speck after "TBA-" on a scan)', () => {
    // The same glyphs read '004-221': the point-like glyph follows the dash, so the read does not pair.
    expect(pairLetters('004-221', glyphs)).toBeNull();
    expect(pairLetters('0045-21', glyphs)).toBeNull();
  });
});


describe('nearHeaderWord', () => {
  it('matches a long header word two letters off, and no short or unlike word', () => {
    expect(editDistance('deescrription', 'description')).toBe(2);
    expect(nearHeaderWord('deescrription')?.[1]).toBe('desc');
    expect(nearHeaderWord('extendad')?.[1]).toBe('amount');
    for (const w of ['amounts', 'interchange', 'descriptionsxyz', 'vehicles']) expect(nearHeaderWord(w)).toBeUndefined();
  });

  it("finds a small-capitals table header read on a scan (L28: 'DEescRrIPTION … Qry')", () => {
    const words = [
      ...line(20, [['Pine Hollow Used Auto Parts', 300]], 0.9, 36),
      ...line(90, [['Invoice No 166784', 40], ['Date 7/2/26', 300]]),
      ...line(150, [['DEescRrIPTION', 40], ['Stock #', 300], ['Interchange', 420], ['Vehicle', 560], ['Qry', 840], ['Price', 920]]),
      ...line(190, [['Quarter panel cut RH', 40], ['YI5115', 300], ['IC 360-42213', 420], ['2016 Nissan', 560], ['1', 850], ['350.00', 920]]),
      ...line(220, [['Condenser', 40], ['SI3965', 300], ['IC 682-20145', 420], ['2016 Honda', 560], ['2', 850], ['85.00', 930]]),
      ...line(280, [['Total', 850], ['$520.00', 920]]),
    ];
    expect(readInvoiceLayout(words).line_items).toEqual([
      { part_number: 'YI5115', description: 'Quarter panel cut RH', quantity: 1, unit_price: 350 },
      { part_number: 'SI3965', description: 'Condenser', quantity: 2, unit_price: 85 },
    ]);
  });
});
