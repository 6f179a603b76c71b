/**
 * Part numbers checked against their glyphs (issue 18, app/server/extraction/layout/glyphs.ts): spaces from ink gaps
 * and the font's digit pitch, O/0 and I/1 by glyph width, a doubled read dropped, words that must be left alone. Drawn
 * glyphs (dark boxes on white) stand for letters, so each rule is checked on known widths and gaps.
 */
import { describe, expect, it } from 'vitest';
import type { GreyImage } from '~/server/extraction/clean-photo';
import { centreInk, CHANGED_CONFIDENCE, dashBeside, FOOTED_ONE_SPACE, HOLLOW_CENTRE, MARKED_ZERO_CENTRE, MIN_SIX_HEIGHT, isBarredI, isClosedSix, isTee, isCodeWord, isFootedL, letterIReadAsOne, lettersByShape, stemReach, lostDash, MAX_O_RATIO, NARROW_T, numeralReadWithT, numeralsReadWithT, O_OVER_ZERO, pairByDashes, pairLetters, pairRunsAcrossLevels, RUN_INK_KEPT, refineCode, refineCodeWords, segmentGlyphs, smallCapsCase, spaceByGaps, spacesSeenIn, wrappedCodeTails, ZERO_OVER_ZERO, zeroOrO, zerosReadAsSix, zerosReadAsSixInWords, type Glyph } from '~/server/extraction/layout/glyphs';
import type { WordBox } from '~/server/extraction/layout/words';

/** A white page with dark boxes (x0, width) 20 px tall at y 10..30, one per glyph. */
function page(width: number, boxes: [number, number][]): GreyImage {
  const height = 40;
  const px = new Uint8Array(width * height).fill(255);
  for (const [x0, w] of boxes) for (let y = 10; y < 30; y += 1) for (let x = x0; x < x0 + w; x += 1) px[y * width + x] = 20;
  return { px, width, height };
}

/** Glyphs 20 px tall from (x0, width) pairs. */
const glyphs = (boxes: [number, number][]): Glyph[] => boxes.map(([x0, w]) => ({ x0, x1: x0 + w, y0: 10, y1: 30 }));

/** Boxes of `widths` laid left to right with the given gaps between them. */
function laidOut(widths: number[], gaps: number[]): [number, number][] {
  let x = 5;
  return widths.map((w, i) => {
    const box: [number, number] = [x, w];
    x += w + (gaps[i] ?? 0);
    return box;
  });
}

// Plain digits 12 px wide in a 20 px tall font: width 0.6 of the height, centres 14 px apart (pitch 0.7).
const FONT = { digitWidth: 0.6, digitPitch: 0.7 };
const text = (r: ReturnType<typeof refineCode>) => r?.pieces.map((p) => p.text).join(' ');

describe('segmentGlyphs', () => {
  it('finds one glyph per run of ink columns, with its ink box', () => {
    const image = page(100, [[10, 12], [24, 12], [50, 4]]);
    expect(segmentGlyphs(image, { x0: 5, y0: 5, x1: 70, y1: 35 })).toEqual([
      { x0: 10, x1: 22, y0: 10, y1: 30, width: 12 },
      { x0: 24, x1: 36, y0: 10, y1: 30, width: 12 },
      { x0: 50, x1: 54, y0: 10, y1: 30, width: 4 },
    ]);
  });

  it('measures a width to a fraction of a pixel from anti-aliased edge columns', () => {
    // Two glyphs 10 px wide by their ink box; the first has a half-dark column either side, outside its box (about
    // 11 px of ink), the second a pale edge column inside its box that only just crosses the threshold (9.5 px).
    const image = page(60, [[10, 10], [30, 10]]);
    for (let y = 10; y < 30; y += 1) {
      image.px[y * 60 + 9] = 140;
      image.px[y * 60 + 20] = 140;
      image.px[y * 60 + 39] = 130;
    }
    const [a, b] = segmentGlyphs(image, { x0: 0, y0: 5, x1: 60, y1: 35 })!;
    expect(a!.x1 - a!.x0).toBe(10);
    expect(a!.width).toBeCloseTo(10 + 2 * (115 / 235), 2);
    expect(b!.x1 - b!.x0).toBe(10);
    expect(b!.width).toBeCloseTo(9 + 125 / 235, 2);
  });

  it('parts letters joined by anti-aliased grey at a darker ink level', () => {
    const image = page(60, [[10, 12], [26, 12]]);
    for (let y = 18; y < 21; y += 1) for (let x = 22; x < 26; x += 1) image.px[y * 60 + x] = 110; // a grey bridge
    expect(segmentGlyphs(image, { x0: 5, y0: 5, x1: 45, y1: 35 })).toHaveLength(1);
    expect(segmentGlyphs(image, { x0: 5, y0: 5, x1: 45, y1: 35 }, 0.35)).toHaveLength(2);
  });

  it('gives null for a box without clear ink', () => {
    expect(segmentGlyphs(page(60, []), { x0: 0, y0: 0, x1: 60, y1: 40 })).toBeNull();
  });
});

describe('refineCode', () => {
  it('puts back the spaces of a spaced part number: digit pitch between digits, the ink gap elsewhere', () => {
    // "A205 880" as read; the glyphs show A␣205␣880 (a 7 px gap after the A, an extra 8 px between 5 and 8).
    const g = glyphs(laidOut([14, 12, 12, 12, 12, 12, 12], [7, 2, 2, 10, 2, 2]));
    expect(text(refineCode('A205880', g, FONT))).toBe('A 205 880');
  });

  it('keeps the letters together when the gaps are the font’s own spacing, even beside a narrow 1', () => {
    const g = glyphs(laidOut([12, 5, 12, 12, 12], [2, 5, 2, 2]));
    expect(text(refineCode('51123', g, FONT))).toBe('51123');
  });

  it('needs the wider gap only beside a bare-bar 1: a 1 with a foot as wide as a digit has no wide bearings (R3367)', () => {
    // R3367's "A 177 885 12 00" read "A177": glyphs 23 px tall, the A 21 px, a footed 1 14 px (0.62 × the height),
    // a 10 px gap (0.43) between them. Here 20 px tall: a 9 px gap (0.45) after the A before a 12 px 1.
    const footed = glyphs(laidOut([18, 12, 12, 12], [9, 3, 3]));
    expect(text(refineCode('A177', footed, FONT))).toBe('A 177');
    // The same gap before a bare bar (a 5 px 1, its side bearings wide): the letters stay together.
    const bar = glyphs(laidOut([18, 5, 12, 12], [9, 3, 3]));
    expect(text(refineCode('A177', bar, FONT))).toBe('A177');
    // A letter's own side bearing before a footed 1 is no space (R3492's "GM1200720", 0.33): 7 px (0.35) is under
    // FOOTED_ONE_SPACE.
    const together = glyphs(laidOut([18, 12, 12, 12], [7, 3, 3]));
    expect(7 / 20).toBeLessThan(FOOTED_ONE_SPACE);
    expect(text(refineCode('M177', together, FONT))).toBe('M177');
    // Not on a photograph, whose blur narrows a space beside any 1 as it widens a bare bar.
    expect(text(refineCode('A177', footed, FONT, { photo: true }))).toBe('A177');
  });

  it('never puts a space beside a dash or a slash (a monospaced dash has wide side bearings)', () => {
    const g = glyphs(laidOut([12, 12, 12, 12, 12, 12], [2, 2, 9, 9, 2]));
    expect(text(refineCode('300-05', g, FONT))).toBe('300-05');
    expect(text(refineCode('300/05', g, FONT))).toBe('300/05');
  });

  it('never puts a space beside a full stop', () => {
    const g = glyphs(laidOut([12, 12, 3, 12], [2, 9, 2]));
    expect(text(refineCode('X1.5', g, FONT))).toBe('X1.5');
  });

  it('decides O or 0 by width against the same font’s plain digits, and leaves the in-between as read', () => {
    const wide = glyphs(laidOut([14, 16, 4, 12, 12], [2, 2, 2, 2]));
    expect(text(refineCode('B0-42', wide, FONT))).toBe('BO-42');
    const narrow = glyphs(laidOut([14, 12, 4, 12, 12], [2, 2, 2, 2]));
    expect(text(refineCode('BO-42', narrow, FONT))).toBe('B0-42');
    const between = glyphs(laidOut([14, 13.6, 4, 12, 12], [2, 2, 2, 2]));
    expect(text(refineCode('BO-42', between, FONT))).toBe('BO-42');
  });

  it('reads a glyph between two digits as 0, however wide (a blurred photograph’s zero)', () => {
    const wide = glyphs(laidOut([12, 12, 16, 4, 12], [2, 2, 2, 2]));
    expect(text(refineCode('30O-5', wide, FONT))).toBe('30O-5');
    const inside = glyphs(laidOut([12, 16, 12, 4, 12], [2, 2, 2, 2]));
    expect(text(refineCode('3O0-5', inside, FONT))).toBe('300-5');
    expect(text(refineCode('300-5', inside, FONT))).toBe('300-5');
  });

  it('reads a bare bar as I (a 1 has a flag), and an l in an upper-case code as I or 1 by width', () => {
    expect(text(refineCode('10-55', glyphs(laidOut([3, 16, 4, 12, 12], [2, 2, 2, 2])), FONT))).toBe('IO-55');
    expect(text(refineCode('Al-05', glyphs(laidOut([14, 3, 4, 12, 12], [2, 2, 2, 2])), FONT))).toBe('AI-05');
    expect(text(refineCode('Bl-42', glyphs(laidOut([14, 8, 4, 12, 12], [2, 2, 2, 2])), FONT))).toBe('B1-42');
  });

  it('drops one letter of a glyph read twice ("DWO01812" for 7 glyphs)', () => {
    expect(pairLetters('DWO01812', glyphs(laidOut([14, 16, 12, 5, 12, 5, 12], [2, 2, 2, 2, 2, 2])))).toEqual([...'DWO1812']);
    const g = glyphs(laidOut([14, 16, 12, 5, 12, 5, 12], [2, 2, 2, 2, 2, 2]));
    expect(text(refineCode('DWO01812', g, FONT))).toBe('DW01812');
  });

  it('with anchorOnDashes, pairs the runs between dashes, leaving a run of touching letters as read', () => {
    // "FAN-621-410": F and A touch (one 24 px glyph); the dashes are flat glyphs in the middle band; the last run
    // holds a bare bar (an I) and a wide round glyph (an O).
    const dash = (x: number): Glyph => ({ x0: x, x1: x + 6, y0: 18, y1: 21 });
    const g: Glyph[] = [
      { x0: 0, x1: 24, y0: 10, y1: 30 },
      { x0: 26, x1: 40, y0: 10, y1: 30 },
      dash(42),
      ...glyphs([[50, 12], [64, 12], [78, 6]]),
      dash(86),
      ...glyphs([[94, 12], [108, 3], [113, 17]]),
    ];
    expect(refineCode('FAN-621-410', g, FONT)).toBeNull();
    expect(text(refineCode('FAN-621-410', g, FONT, { anchorOnDashes: true }))).toBe('FAN-621-4IO');
    expect(pairByDashes('FAN-621-410', g)?.letters).toEqual(['FAN', '-', '6', '2', '1', '-', '4', '1', '0']);
    // A run with more glyphs than letters (a broken letter) pairs nothing; so does a word with no run paired.
    expect(pairByDashes('FA-621', [...glyphs([[0, 10], [12, 10], [24, 10]]), dash(36), ...glyphs([[44, 12], [58, 12], [72, 6]])])).toBeNull();
    expect(pairByDashes('FAN-62', [{ x0: 0, x1: 30, y0: 10, y1: 30 }, dash(32), { x0: 40, x1: 62, y0: 10, y1: 30 }])).toBeNull();
  });

  it('with anchorOnDashes, drops one letter of a glyph read twice in a run (random layout R921: "ATM-HO0110")', () => {
    // "ATM" touching (two glyphs for three letters), the dash, then five glyphs for "HO0110": H, a zero as wide as the
    // last one, two ones, a zero.
    const dash = (x: number): Glyph => ({ x0: x, x1: x + 6, y0: 18, y1: 21 });
    const g: Glyph[] = [{ x0: 0, x1: 30, y0: 10, y1: 30 }, { x0: 32, x1: 46, y0: 10, y1: 30 }, dash(48), ...glyphs([[58, 14], [76, 12], [92, 12], [108, 12], [124, 12]])];
    expect(pairByDashes('ATM-HO0110', g)?.letters).toEqual(['ATM', '-', 'H', 'O', '1', '1', '0']);
    // The glyph decides: as wide as the font's zeros, so a zero; the word is changed (the caller marks it).
    expect(text(refineCode('ATM-HO0110', g, { ...FONT, zeroWidth: 0.6 }, { anchorOnDashes: true }))).toBe('ATM-H0110');
    // Two such pairs in the run: nothing to decide, the run stays one entry and no run pairs: null.
    expect(pairByDashes('ATM-HO0OI1', g)).toBeNull();
  });

  it('with ownDigits (glyphs split at a darker level), measures the digit width on the word’s own digits', () => {
    // The O is 14 px: in-between against the page's digits (12 px), a 0 against the word's own 13 px digits.
    const g = glyphs(laidOut([14, 14, 4, 13, 13, 13], [2, 2, 2, 2, 2]));
    expect(text(refineCode('BO-442', g, FONT))).toBe('BO-442');
    expect(text(refineCode('BO-442', g, FONT, { ownDigits: true }))).toBe('B0-442');
  });

  it('changes nothing when the letters and glyphs do not pair', () => {
    expect(refineCode('AB-12', glyphs(laidOut([14, 14, 12], [2, 2])), FONT)).toBeNull();
  });

  it('without the font’s measures, keeps O/0 and I/1 as read and splits only on wide ink gaps', () => {
    const g = glyphs(laidOut([14, 12, 12, 12], [8, 2, 2]));
    expect(text(refineCode('A205', g, { digitWidth: null, digitPitch: null }))).toBe('A 205');
  });
});

describe('spaces of a blurred code whose letters touch', () => {
  it('spaceByGaps shares the letters out among the groups between clear gaps, by the groups’ widths', () => {
    // "5G0941005C" read; 8 glyphs (two pairs touching) in groups of 3, 3, 3 and 1 letters, 12 px a letter.
    const g = glyphs(laidOut([12, 24, 12, 24, 36, 12], [1, 10, 1, 10, 10]));
    expect(spaceByGaps('5G0941005C', g)?.pieces.map((p) => p.text)).toEqual(['5G0', '941', '005', 'C']);
  });

  it('spaceByGaps decides nothing when a gap is neither clearly a space nor a letter gap, or a count does not fit', () => {
    // Gaps of 5 and 7 px at 20 px height: 7 ≥ 0.3 × 20 but not 1.6 × 5.
    expect(spaceByGaps('ABCDEF', glyphs(laidOut([12, 12, 12, 12, 12, 12], [5, 7, 5, 5, 5])))).toBeNull();
    // Two groups 30 and 18 px wide for 4 letters of 12 px: 2.5 and 1.5 letters.
    expect(spaceByGaps('AB12', glyphs(laidOut([30, 18], [10])))).toBeNull();
  });

  it('spaceByGaps puts no space beside a dash', () => {
    expect(spaceByGaps('AB-CD', glyphs(laidOut([24, 12, 24], [10, 1])))).toBeNull();
  });

  it('spacesSeenIn joins the spaces a darker ink level found where the middle level shows no gap', () => {
    // Darker level: "9 04" parted at x 19–26; the middle level's glyphs touch there (a 2 px gap at 20 px height).
    const refined = { pieces: [{ text: '9', from: 0, to: 0 }, { text: '04', from: 1, to: 2 }], glyphs: glyphs([[5, 14], [26, 10], [40, 10]]) };
    expect(spacesSeenIn(refined, glyphs([[4, 17], [23, 30]])).pieces).toEqual([{ text: '904', from: 0, to: 2 }]);
    // A 6 px gap at the middle level (≥ 0.2 × 20): the space stays.
    expect(spacesSeenIn(refined, glyphs([[4, 16], [26, 28]])).pieces).toHaveLength(2);
  });

  it('a gap beside a bare bar (a 1’s wide side bearings) is no space unless it is wider by the bearing', () => {
    // "71120-TBA" of a photograph, 20 px tall: 12 px digits, the ones 6 px bars with 7 px gaps either side
    // (0.35 × the height, over SPACE_GAP), the other letters touching or 2 px apart.
    const g = glyphs(laidOut([12, 6, 6, 26, 40], [3, 7, 5, 1]));
    expect(spaceByGaps('71120-TBA', g)).toBeNull();
    // Digits in 14 px cells: a 6 px one has 4 px bearings. A real space after a one (a 13 px gap) still parts the word.
    const spaced = glyphs(laidOut([12, 6, 6, 12, 12, 12], [5, 8, 13, 2, 2]));
    expect(spaceByGaps('711 455', spaced)?.pieces.map((p) => p.text)).toEqual(['711', '455']);
    // spacesSeenIn: a 5 px gap after a 6 px bar (0.25 × 20, over SEEN_SPACE_GAP) no longer confirms the space.
    const refined = { pieces: [{ text: '331', from: 0, to: 2 }, { text: '50', from: 3, to: 4 }], glyphs: glyphs([[5, 12], [19, 12], [35, 6], [46, 12], [60, 12]]) };
    expect(spacesSeenIn(refined, glyphs([[4, 28], [35, 6], [46, 27]])).pieces).toEqual([{ text: '33150', from: 0, to: 4 }]);
    // 10 px after the bar (0.5 × 20): seen.
    expect(spacesSeenIn(refined, glyphs([[4, 28], [35, 6], [51, 22]])).pieces).toHaveLength(2);
  });

  it('leaves a 0 as read when its glyph is wider than any O (two letters touching)', () => {
    // Plain digits 12 px (FONT width 0.6 of 20 px); the last glyph 26 px: 2.2 × a digit.
    const g = glyphs(laidOut([14, 12, 26], [3, 3]));
    expect(26 / 20 / FONT.digitWidth).toBeGreaterThan(MAX_O_RATIO);
    expect(text(refineCode('AB0', g, FONT))).toBe('AB0');
    // 16 px (1.33 ×): an O, as before.
    expect(text(refineCode('AB0', glyphs(laidOut([14, 12, 16], [3, 3])), FONT))).toBe('ABO');
  });
});

describe('a dotted monospace zero read as 6', () => {
  /** A 14 × 24 px ring (2 px strokes) at x0, y 8..32; `open` leaves the right side open from 25 % to 50 % of its height, as a 6's. */
  function digit(px: Uint8Array, width: number, x0: number, open: boolean): void {
    for (let y = 8; y < 32; y += 1) {
      for (let x = x0; x < x0 + 14; x += 1) {
        const edge = y < 10 || y >= 30 || x < x0 + 2 || x >= x0 + 12;
        const gap = open && x >= x0 + 7 && y >= 12 && y < 20;
        if (edge && !gap) px[y * width + x] = 0;
      }
    }
    px[20 * width + x0 + 6] = 0; // the dot
  }
  const ring = (open: boolean): GreyImage => {
    const width = 40;
    const px = new Uint8Array(width * 40).fill(255);
    digit(px, width, 10, open);
    return { px, width, height: 40 };
  };
  const box = { x0: 10, x1: 24, y0: 8, y1: 32 };

  it('isFootedL tells an L (stem at the left edge, a foot) from a 1 with a flag and a base serif, and from a bare I', () => {
    // Fresh clean pages seed 2929, T32a: "92101-L1110" read "92101-11110"; the glyphs' ink as measured there.
    const width = 60;
    const px = new Uint8Array(width * 30).fill(255);
    const ink = (x0: number, x1: number, y0: number, y1: number) => {
      for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) px[y * width + x] = 0;
    };
    ink(2, 4, 5, 20); // L: stem at the left edge …
    ink(2, 12, 18, 20); // … and its foot
    ink(20, 22, 5, 20); // 1: stem in the middle …
    ink(17, 20, 6, 9); // … its flag to the left …
    ink(17, 26, 18, 20); // … and a base serif both sides
    ink(35, 37, 5, 20); // I: a bare bar
    const image = { px, width, height: 30 };
    const L = { x0: 2, x1: 12, y0: 5, y1: 20 };
    const one = { x0: 17, x1: 26, y0: 5, y1: 20 };
    const bar = { x0: 35, x1: 37, y0: 5, y1: 20 };
    expect(isFootedL(image, L)).toBe(true);
    expect(isFootedL(image, one)).toBe(false);
    expect(isFootedL(image, bar)).toBe(false);
    const refined = { pieces: [{ text: '11', from: 0, to: 1 }], glyphs: [L, one] };
    expect(lettersByShape(refined, image, '1', 'L', isFootedL).pieces[0]!.text).toBe('L1');
  });

  it('isBarredI tells a serifed I (a bar on both sides at its top as at its foot) from a 1 (its flag only to the left)', () => {
    // Photograph R202: Liberation Mono's "FAN-621-4IO" read "FAN-621-410" at 0.88, silently. Glyphs 23 px tall as
    // measured there: the 1's top reaches 3–5 px left of its stem and none to the right, the I's 4 px left and 5 right.
    const width = 60;
    const px = new Uint8Array(width * 40).fill(255);
    const ink = (x0: number, x1: number, y0: number, y1: number) => {
      for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) px[y * width + x] = 0;
    };
    ink(10, 14, 5, 28); // 1: stem …
    ink(6, 10, 6, 9); // … its flag to the left …
    ink(5, 20, 25, 28); // … and a base serif both sides
    ink(34, 38, 5, 28); // I: stem …
    ink(30, 43, 5, 8); // … a bar on top …
    ink(30, 43, 25, 28); // … and at its foot
    ink(50, 53, 5, 28); // a bare bar (a sans-serif I)
    const image = { px, width, height: 40 };
    const one = { x0: 5, x1: 20, y0: 5, y1: 28 };
    const I = { x0: 30, x1: 43, y0: 5, y1: 28 };
    const bar = { x0: 50, x1: 53, y0: 5, y1: 28 };
    expect(stemReach(image, one)).toEqual({ topLeft: 4, topRight: 0, bottomLeft: 5, bottomRight: 6 });
    expect(isBarredI(image, one)).toBe(false);
    expect(isBarredI(image, I)).toBe(true);
    expect(isBarredI(image, bar)).toBe(false);
    // In a part number (a dash or a capital in it) the barred 1 becomes an I; a plain number is left as read.
    const code = { pieces: [{ text: 'A-11', from: 0, to: 3 }], glyphs: [bar, bar, one, I] };
    expect(letterIReadAsOne(code, image).pieces[0]!.text).toBe('A-1I');
    const number = { pieces: [{ text: '11', from: 0, to: 1 }], glyphs: [one, I] };
    expect(letterIReadAsOne(number, image).pieces[0]!.text).toBe('11');
  });

  it('isTee tells a T (a bar over an upright stem) from a 7 (its stroke slants from the bar)', () => {
    // Random layout R1842: Liberation Sans Narrow's "26T2814" read "2672814" at 0.84, silently.
    const width = 40;
    const px = new Uint8Array(width * 30).fill(255);
    const ink = (x0: number, x1: number, y0: number, y1: number) => {
      for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) px[y * width + x] = 0;
    };
    ink(2, 13, 5, 7); // T: a bar 11 px wide …
    ink(7, 9, 5, 19); // … over an upright stem, 14 px tall
    ink(20, 31, 5, 7); // 7: a bar as wide …
    // … and a stroke 2 px wide slanting left a pixel every four rows: one column still holds ink over 70 % of the
    // height (a "stem"), as blurred small print measured.
    for (let y = 7; y < 19; y += 1) ink(26 - Math.floor((y - 7) / 4), 28 - Math.floor((y - 7) / 4), y, y + 1);
    const image = { px, width, height: 30 };
    const T = { x0: 2, x1: 13, y0: 5, y1: 19 };
    const seven = { x0: 20, x1: 31, y0: 5, y1: 19 };
    expect(stemReach(image, seven)).not.toBeNull();
    expect(isTee(image, T)).toBe(true);
    expect(isTee(image, seven)).toBe(false);
    const refined = { pieces: [{ text: '77', from: 0, to: 1 }], glyphs: [T, seven] };
    expect(lettersByShape(refined, image, '7', 'T', isTee).pieces[0]!.text).toBe('T7');
  });

  it('isClosedSix tells a zero’s closed right side from a six’s open one', () => {
    expect(isClosedSix(ring(false), box)).toBe(true);
    expect(isClosedSix(ring(true), box)).toBe(false);
    // Glyphs under MIN_SIX_HEIGHT rows are not judged: a 10 px "6" of tiny print reaches its right quarter there.
    const small = new Uint8Array(20 * 20).fill(255);
    for (let y = 5; y < 15; y += 1) for (let x = 5; x < 12; x += 1) if (x < 7 || x > 9 || y < 7 || y > 12) small[y * 20 + x] = 0;
    const tiny = { x0: 5, x1: 12, y0: 5, y1: 15 };
    expect(isClosedSix({ px: small, width: 20, height: 20 }, tiny)).toBe(false);
    expect(MIN_SIX_HEIGHT).toBeGreaterThan(tiny.y1 - tiny.y0);
  });

  it('zerosReadAsSix makes a closed "6" a zero; zerosReadAsSixInWords marks the word for checking', () => {
    const image = ring(false);
    expect(zerosReadAsSix({ pieces: [{ text: '6', from: 0, to: 0 }], glyphs: [box] }, image).pieces[0]!.text).toBe('0');
    expect(zerosReadAsSix({ pieces: [{ text: '6', from: 0, to: 0 }], glyphs: [box] }, ring(true)).pieces[0]!.text).toBe('6');
    // A code word of three rings read "A66" on a wider page: the closed ones become zeros.
    const width = 80;
    const px = new Uint8Array(width * 40).fill(255);
    for (let y = 8; y < 32; y += 1) for (let x = 6; x < 18; x += 1) if (x < 8 || y < 10 || (y > 18 && y < 21)) px[y * width + x] = 0; // an F-like letter
    digit(px, width, 24, false);
    digit(px, width, 44, true);
    const [w] = zerosReadAsSixInWords([{ text: 'F66', x0: 4, x1: 60, y0: 6, y1: 34, conf: 0.95 }], { px, width, height: 40 });
    expect(w).toMatchObject({ text: 'F06', conf: CHANGED_CONFIDENCE });
    // A short whole number ("16" of "FASCIA 16 PK": R1318) too; a number with an open six, and money, stay as read.
    const number = new Uint8Array(width * 40).fill(255);
    digit(number, width, 24, true);
    digit(number, width, 44, false);
    const one = (text: string) => zerosReadAsSixInWords([{ text, x0: 20, x1: 60, y0: 6, y1: 34, conf: 0.95 }], { px: number, width, height: 40 })[0];
    expect(one('66')).toMatchObject({ text: '60', conf: CHANGED_CONFIDENCE });
    expect(one('6.6')).toMatchObject({ text: '6.6', conf: 0.95 });
    const sixes = new Uint8Array(width * 40).fill(255);
    digit(sixes, width, 24, true);
    digit(sixes, width, 44, true);
    expect(zerosReadAsSixInWords([{ text: '66', x0: 20, x1: 60, y0: 6, y1: 34, conf: 0.95 }], { px: sixes, width, height: 40 })[0]).toMatchObject({ text: '66', conf: 0.95 });
  });
});

describe('isCodeWord', () => {
  it.each(['HC3Z', 'B0-4475A', '5G0', 'DWO01812', 'A205', '1X'])('checks %s', (w) => expect(isCodeWord(w)).toBe(true));
  it.each(['1,031.25', '845.63', '$12.50', '11/03/2026', '2026-11-03', '12', 'HOOD', 'Bracket', 'M6x20'])('leaves %s alone', (w) =>
    expect(isCodeWord(w)).toBe(false),
  );
});

describe('refineCodeWords', () => {
  it('splits a word into boxes at restored spaces, measuring the digit pitch on the line’s prices', async () => {
    // A part number read "205880" (an extra 8 px between 5 and 8, a gap a space-less ink rule would let pass) and
    // a price "23,456.78" on the same line: its digits give the font's width and pitch.
    const price = laidOut([12, 12, 3, 12, 12, 12, 3, 12, 12], [2, 2, 2, 2, 2, 2, 2, 2]).map(([x, w]) => [x + 150, w] as [number, number]);
    const part = laidOut([12, 12, 12, 12, 12, 12], [2, 2, 8, 2, 2]);
    const image = page(300, [...part, ...price]);
    const words: WordBox[] = [
      { text: '205880', x0: 3, y0: 8, x1: 100, y1: 32, conf: 0.9, lineKey: '1' },
      { text: '23,456.78', x0: 150, y0: 8, x1: 290, y1: 32, conf: 0.95, lineKey: '1' },
    ];
    const out = await refineCodeWords(words, image);
    expect(out.map((w) => w.text)).toEqual(['205', '880', '23,456.78']);
    expect(out[1]).toMatchObject({ x0: 53, x1: 93, conf: 0.9, lineKey: '1' });
    // Evenly spaced digits stay one word.
    const even = page(300, laidOut([12, 12, 12, 12, 12, 12], [2, 2, 2, 2, 2]));
    expect((await refineCodeWords([{ ...words[0]!, x1: 95 }], even)).map((w) => w.text)).toEqual(['205880']);
  });

  it('checks a short number alone on its line under a code ending in a dash as the code’s wrapped tail (R3537)', async () => {
    // "FAN-621-" over "4IO" in one cell, the tail read "410": here "A1-" (y 10..30) over "40" (y 40..60) whose second
    // glyph is as wide as an O; a price beside the code gives the font's plain digits.
    const width = 300;
    const px = new Uint8Array(width * 70).fill(255);
    const ink = ([x0, w]: [number, number], y0: number) => {
      for (let y = y0; y < y0 + 20; y += 1) for (let x = x0; x < x0 + w; x += 1) px[y * width + x] = 20;
    };
    laidOut([14, 12, 8], [2, 2]).forEach((b) => ink(b, 10));
    laidOut([12, 12, 3, 12, 12, 12, 3, 12, 12], [2, 2, 2, 2, 2, 2, 2, 2]).forEach(([x, w]) => ink([x + 150, w], 10));
    laidOut([12, 16], [2]).forEach((b) => ink(b, 40));
    const image = { px, width, height: 70 };
    const code: WordBox = { text: 'A1-', x0: 3, y0: 8, x1: 50, y1: 32, conf: 0.91, lineKey: '1' };
    const price: WordBox = { text: '23,456.78', x0: 150, y0: 8, x1: 290, y1: 32, conf: 0.95, lineKey: '1' };
    const tail: WordBox = { text: '40', x0: 3, y0: 38, x1: 40, y1: 62, conf: 0.96, lineKey: '2' };
    expect(wrappedCodeTails([code, price, tail])).toEqual(new Set([tail]));
    expect((await refineCodeWords([code, price, tail], image))[2]).toMatchObject({ text: '4O', conf: CHANGED_CONFIDENCE });
    // A number with other words on its line (a quantity of the next row), or under a code not ending in a dash, is
    // a number: left as read.
    const quantity: WordBox = { text: '12.50', x0: 150, y0: 38, x1: 220, y1: 62, conf: 0.95, lineKey: '2' };
    expect(wrappedCodeTails([code, price, tail, quantity]).size).toBe(0);
    expect((await refineCodeWords([code, price, tail, quantity], image))[2]).toMatchObject({ text: '40', conf: 0.96 });
    expect(wrappedCodeTails([{ ...code, text: 'A12' }, price, tail]).size).toBe(0);
    // Nor one more than a line height below the code.
    expect(wrappedCodeTails([code, price, { ...tail, y0: 60, y1: 84 }]).size).toBe(0);
  });

  it('reads a "1" with an L’s shape as an L on a clean page, marked, but not on a photograph', async () => {
    const width = 120;
    const px = new Uint8Array(width * 40).fill(255);
    const ink = (x0: number, x1: number, y0: number, y1: number) => {
      for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) px[y * width + x] = 0;
    };
    ink(4, 14, 10, 25); // a blob for "9"
    ink(20, 22, 10, 25); // the L's stem at its left edge …
    ink(20, 30, 23, 25); // … and its foot
    ink(36, 42, 17, 19); // a dash
    ink(48, 58, 10, 25); // a blob for "2"
    const words: WordBox[] = [{ text: '91-2', x0: 2, y0: 8, x1: 60, y1: 27, conf: 0.9 }];
    const image = { px, width, height: 40 };
    expect(await refineCodeWords(words, image)).toMatchObject([{ text: '9L-2', conf: CHANGED_CONFIDENCE }]);
    expect(await refineCodeWords(words, { ...image, photo: true })).toMatchObject([{ text: '91-2', conf: 0.9 }]);
  });

  it('reads a garbled code again on its own and uses the new read when it pairs with the glyphs', async () => {
    const image = page(120, laidOut([14, 3, 4, 12, 12], [2, 2, 2, 2]));
    const words: WordBox[] = [{ text: 'Blo2', x0: 3, y0: 8, x1: 60, y1: 32, conf: 0.4 }];
    const asked: unknown[] = [];
    const out = await refineCodeWords(words, image, async (box) => {
      asked.push(box);
      return 'BI-92';
    });
    expect(asked).toHaveLength(1);
    expect(out.map((w) => w.text)).toEqual(['BI-92']);
    expect(out[0]!.conf).toBe(0.4);
  });

  it('marks a word whose letters the glyphs changed with low confidence, so the form asks staff to check it', async () => {
    // "B0-42" read at 0.93, but the second glyph is as wide as an O: changed, and marked.
    // A price on the same line gives the width of the font's plain digits.
    const price = laidOut([12, 12, 3, 12, 12, 12, 3, 12, 12], [2, 2, 2, 2, 2, 2, 2, 2]).map(([x, w]) => [x + 150, w] as [number, number]);
    const image = page(300, [...laidOut([14, 16, 4, 12, 12], [2, 2, 2, 2]), ...price]);
    const out = await refineCodeWords(
      [
        { text: 'B0-42', x0: 3, y0: 8, x1: 80, y1: 32, conf: 0.93, lineKey: '1' },
        { text: '23,456.78', x0: 150, y0: 8, x1: 290, y1: 32, conf: 0.95, lineKey: '1' },
      ],
      image,
    );
    expect(out).toMatchObject([{ text: 'BO-42', conf: CHANGED_CONFIDENCE }, { text: '23,456.78', conf: 0.95 }]);
    expect(CHANGED_CONFIDENCE).toBeLessThan(0.8);
  });
});

describe('small capitals', () => {
  /** Glyphs 10 px apart: the first `capTop` from the top, the rest `smallTop`, all on the baseline at 40. */
  const glyphs = (n: number, capTop: number, smallTop: number): Glyph[] =>
    Array.from({ length: n }, (_, i) => ({ x0: i * 10, x1: i * 10 + 8, y0: i === 0 ? capTop : smallTop, y1: 40 }));

  it('gives a capital followed by small capitals its printed case, and leaves plain capitals as read', () => {
    expect(smallCapsCase('CROSSROADS', glyphs(10, 10, 16))).toBe('Crossroads');
    // Two small capitals touching ("VA"): one glyph fewer is still the word.
    expect(smallCapsCase('SALVAGE', glyphs(6, 10, 16))).toBe('Salvage');
    expect(smallCapsCase('HEADLAMP', glyphs(8, 10, 10))).toBeNull();
    expect(smallCapsCase('HEADLAMP', glyphs(8, 10, 11))).toBeNull();
    // Not letters only, or too short: never changed.
    expect(smallCapsCase('O0175O', glyphs(6, 10, 16))).toBeNull();
    expect(smallCapsCase('LH', glyphs(2, 10, 16))).toBeNull();
    // Uneven tops after the first glyph (a descender, noise): not small capitals.
    const uneven = glyphs(5, 10, 16);
    uneven[3] = { ...uneven[3]!, y0: 11 };
    expect(smallCapsCase('ABCDE', uneven)).toBeNull();
  });
});

describe('O or 0 by the page’s own zeros (photographs, fourth pass)', () => {
  // A font whose zero is wider than its other digits (DejaVu Sans on a blurred photograph: 0.72 against 0.66 × the
  // height): against the plain digits a zero measured 1.09 ×, between the cut-offs, and the read "O" stayed.
  const font = { digitWidth: 0.66, digitPitch: 0.7, zeroWidth: 0.72 };

  it('reads a glyph as wide as the page’s zeros as 0, and one clearly wider as O', () => {
    expect(zeroOrO('O', 0.72, font)).toBe('0');
    expect(zeroOrO('0', 0.72 * O_OVER_ZERO, font)).toBe('O');
    expect(zeroOrO('O', 0.95, font)).toBe('O');
  });

  it('never changes a right read between the cut-offs: a zero stays 0 and an O stays O', () => {
    const between = 0.72 * ((O_OVER_ZERO + ZERO_OVER_ZERO) / 2);
    expect(zeroOrO('0', between, font)).toBe('0');
    expect(zeroOrO('O', between, font)).toBe('O');
  });

  it('changes nothing the plain digits disagree with (a bold code beside regular prices: "SS-0050" on a blurred page)', () => {
    const prices = { digitWidth: 0.6, digitPitch: 0.7, zeroWidth: 0.6 };
    expect(zeroOrO('0', 0.7, prices)).toBe('0');
    expect(zeroOrO('O', 0.7, prices)).toBe('O');
  });

  it('falls back to the plain digits when no zero was measured, and leaves two touching letters as read', () => {
    expect(zeroOrO('O', 0.72, { digitWidth: 0.66, digitPitch: 0.7 })).toBe('O');
    expect(zeroOrO('O', 0.7, { digitWidth: 0.66, digitPitch: 0.7, zeroWidth: null })).toBe('0');
    expect(zeroOrO('0', 0.66 * (MAX_O_RATIO + 0.1), font)).toBe('0');
    expect(zeroOrO('O', 0.72, { digitWidth: null, digitPitch: null, zeroWidth: 0.72 })).toBe('O');
  });

  it('measures the zeros on the line’s prices and decides a code’s O or 0 by them in refineCodeWords', async () => {
    // Plain digits 12 px, zeros 13 px (20 px tall); "CAO-7AOA" has 13 px zeros read O (as "26060-6CAOA"): 13/12 = 1.08 of the
    // plain digits (kept as read before), 1.0 of the zeros → 0, marked for checking. An O 17 px wide stays O.
    const price = laidOut([12, 12, 3, 12, 12, 13, 3, 13, 13], [2, 2, 2, 2, 2, 2, 2, 2]).map(([x, w]) => [x + 200, w] as [number, number]);
    const code = laidOut([14, 14, 13, 4, 14, 14, 13, 14], [2, 2, 2, 2, 2, 2, 2]);
    const image = page(400, [...code, ...price]);
    const words: WordBox[] = [
      { text: 'CAO-7AOA', x0: 3, y0: 8, x1: 150, y1: 32, conf: 0.9, lineKey: '1' },
      { text: '23,420.00', x0: 200, y0: 8, x1: 360, y1: 32, conf: 0.95, lineKey: '1' },
    ];
    const out = await refineCodeWords(words, image);
    expect(out[0]).toMatchObject({ text: 'CA0-7A0A', conf: CHANGED_CONFIDENCE });
    const wide = page(400, [...laidOut([14, 14, 17, 4, 14, 17], [2, 2, 2, 2, 2]), ...price]);
    const kept = await refineCodeWords([{ ...words[0]!, text: 'CAO-7O', x1: 110 }, words[1]!], wide);
    expect(kept[0]).toMatchObject({ text: 'CAO-7O', conf: 0.9 });
  });
});

describe('a dash the read left out (random layouts R982, R989: "90915YZZD4" for 90915-YZZD4, silently)', () => {
  it('puts a dash back where one glyph more than the letters is a dash in the letters\' middle band', () => {
    // "9152" read for five glyphs: 9, 1, a dash (8 px wide, 3 px tall, at the middle), 5, 2.
    const dash: Glyph = { x0: 32, x1: 40, y0: 18, y1: 21 };
    const five = glyphs([[4, 12], [20, 8]]);
    const withDash = [...five, dash, ...glyphs([[44, 12], [60, 12]])];
    expect(pairLetters('9152', withDash)).toEqual(['9', '1', '-', '5', '2']);
    // Not on a photograph, whose blurred fringes part from their letters as a dash would (extra9 N03's "8-4512345").
    expect(pairLetters('9152', withDash, { lostDashes: false })).toBeNull();
    // Where the letters already hold the page's one dash, nothing is put in.
    expect(lostDash(['9', '1', '-', '5'], withDash)).toBeNull();
    // The extra glyph a full-height letter, or a mark under the baseline: no dash.
    expect(lostDash(['9', '1', '5', '2'], [...five, { x0: 32, x1: 40, y0: 10, y1: 30 }, ...glyphs([[44, 12], [60, 12]])])).toBeNull();
    expect(lostDash(['9', '1', '5', '2'], [...five, { x0: 32, x1: 40, y0: 28, y1: 30 }, ...glyphs([[44, 12], [60, 12]])])).toBeNull();
    // A dash glyph first or last has no letter on one side.
    expect(lostDash(['9', '1', '5', '2'], [dash, ...glyphs([[44, 12], [60, 12], [76, 12], [92, 12]])].map((g, i) => (i === 0 ? { ...g, x0: 0, x1: 8 } : g)))).toBeNull();
  });

  it('finds a dash sharing its ink columns with the letter beside it, and puts it back marked', async () => {
    const width = 120;
    const px = new Uint8Array(width * 40).fill(255);
    const ink = (x0: number, x1: number, y0: number, y1: number) => {
      for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) px[y * width + x] = 0;
    };
    ink(4, 14, 10, 30); // "1"
    ink(18, 28, 10, 30); // "2"
    ink(32, 40, 19, 21); // a dash …
    ink(38, 52, 10, 12); // … under the next letter's top serif, which overhangs it without touching
    ink(44, 47, 12, 30); // that letter's stem
    ink(56, 66, 10, 30); // "3"
    const image = { px, width, height: 40 };
    // The column split makes one glyph of the dash and the letter.
    expect(segmentGlyphs(image, { x0: 2, y0: 8, x1: 70, y1: 32 })?.map((g) => [g.x0, g.x1])).toEqual([[4, 14], [18, 28], [32, 52], [56, 66]]);
    expect(dashBeside(image, { x0: 32, x1: 52, y0: 10, y1: 30 })).toBe('left');
    expect(dashBeside(image, { x0: 4, x1: 14, y0: 10, y1: 30 })).toBeNull();
    const out = await refineCodeWords([{ text: '12Y3', x0: 2, y0: 8, x1: 70, y1: 32, conf: 0.87 }], image);
    expect(out).toMatchObject([{ text: '12-Y3', conf: CHANGED_CONFIDENCE }]);
    // Not on a photograph.
    expect(await refineCodeWords([{ text: '12Y3', x0: 2, y0: 8, x1: 70, y1: 32, conf: 0.87 }], { ...image, photo: true })).toMatchObject([{ text: '12Y3', conf: 0.87 }]);
    // The same glyph first in its word: no letter before it, left as read.
    const alone = await refineCodeWords([{ text: 'Y3', x0: 30, y0: 8, x1: 70, y1: 32, conf: 0.87 }], image);
    expect(alone).toMatchObject([{ text: 'Y3', conf: 0.87 }]);
  });

  it('takes no part of a letter for a dash: a crossbar joined to its stem, a part in the top or bottom band', () => {
    const width = 60;
    const px = new Uint8Array(width * 40).fill(255);
    const ink = (x0: number, x1: number, y0: number, y1: number) => {
      for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) px[y * width + x] = 0;
    };
    ink(4, 16, 19, 21); // a 4's crossbar …
    ink(12, 15, 10, 30); // … joined to its stem: one part
    ink(24, 32, 27, 29); // a low mark (an underscore) before a letter
    ink(34, 37, 10, 30);
    const image = { px, width, height: 40 };
    expect(dashBeside(image, { x0: 4, x1: 16, y0: 10, y1: 30 })).toBeNull();
    expect(dashBeside(image, { x0: 24, x1: 37, y0: 10, y1: 30 })).toBeNull();
  });
});

describe('a hollow O among dotted zeros (random layout R733: "CLP-0S1I5" for CLP-OS1I5 in DejaVu Sans Mono)', () => {
  /** A page with glyphs drawn 20 px tall at y 10..30: 'ring' a hollow oval's box outline, 'dot' a ring with a centre dot. */
  function draw(width: number, shapes: [number, number, 'block' | 'ring' | 'dot' | 'point' | 'dash'][]): GreyImage {
    const px = new Uint8Array(width * 40).fill(255);
    const ink = (x0: number, x1: number, y0: number, y1: number) => {
      for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) px[y * width + x] = 20;
    };
    for (const [x0, w, kind] of shapes) {
      if (kind === 'block') ink(x0, x0 + w, 10, 30);
      if (kind === 'point') ink(x0, x0 + w, 27, 30);
      if (kind === 'dash') ink(x0, x0 + w, 19, 21);
      if (kind === 'ring' || kind === 'dot') {
        ink(x0, x0 + w, 10, 12);
        ink(x0, x0 + w, 28, 30);
        ink(x0, x0 + 2, 10, 30);
        ink(x0 + w - 2, x0 + w, 10, 30);
      }
      if (kind === 'dot') ink(x0 + 5, x0 + w - 5, 17, 23);
    }
    return { px, width, height: 40 };
  }
  // "C", "L", "P", a dash, a hollow glyph read "0", "S"; then the price "10.00" whose zeros are dotted.
  const code: [number, number, 'block' | 'ring' | 'dot' | 'point' | 'dash'][] = [[4, 12, 'block'], [20, 12, 'block'], [36, 12, 'block'], [52, 8, 'dash'], [64, 14, 'ring'], [82, 12, 'block']];
  const price = (zero: 'ring' | 'dot'): [number, number, 'block' | 'ring' | 'dot' | 'point' | 'dash'][] => [[150, 4, 'block'], [160, 14, zero], [178, 3, 'point'], [185, 14, zero], [203, 14, zero]];
  const words: WordBox[] = [
    { text: 'CLP-0S', x0: 2, y0: 8, x1: 98, y1: 32, conf: 0.87, lineKey: '1' },
    { text: '10.00', x0: 148, y0: 8, x1: 220, y1: 32, conf: 0.95, lineKey: '1' },
  ];

  it('measures the centre ink of a dotted zero and of a hollow glyph', () => {
    const image = draw(230, [...code, ...price('dot')]);
    expect(centreInk(image, { x0: 160, x1: 174, y0: 10, y1: 30 })).toBeGreaterThanOrEqual(MARKED_ZERO_CENTRE);
    expect(centreInk(image, { x0: 64, x1: 78, y0: 10, y1: 30 })).toBeLessThanOrEqual(HOLLOW_CENTRE);
  });

  it('reads the hollow glyph as O on a page of dotted zeros, marked; as read where the zeros are hollow too', async () => {
    expect(await refineCodeWords(words, draw(230, [...code, ...price('dot')]))).toMatchObject([{ text: 'CLP-OS', conf: CHANGED_CONFIDENCE }, { text: '10.00' }]);
    expect(await refineCodeWords(words, draw(230, [...code, ...price('ring')]))).toMatchObject([{ text: 'CLP-0S', conf: 0.87 }, { text: '10.00' }]);
    // Not in a word of fewer than four letters (a unit's "0Z": the description's rules read it, unmarked).
    const unit: [number, number, 'block' | 'ring' | 'dot' | 'point' | 'dash'][] = [[64, 14, 'ring'], [82, 12, 'block']];
    expect(await refineCodeWords([{ ...words[0]!, text: '0Z', x0: 62 }, words[1]!], draw(230, [...unit, ...price('dot')]))).toMatchObject([{ text: '0Z', conf: 0.87 }, { text: '10.00' }]);
    // Two letters are enough ("0X" for an oxygen cylinder's OX: R1252).
    expect(await refineCodeWords([{ ...words[0]!, text: '0X', x0: 62 }, words[1]!], draw(230, [...unit, ...price('dot')]))).toMatchObject([{ text: 'OX', conf: CHANGED_CONFIDENCE }, { text: '10.00' }]);
    // On a photograph too (R856), and never between two digits.
    expect(await refineCodeWords(words, { ...draw(230, [...code, ...price('dot')]), photo: true })).toMatchObject([{ text: 'CLP-OS', conf: CHANGED_CONFIDENCE }, { text: '10.00' }]);
    const between: [number, number, 'block' | 'ring' | 'dot' | 'point' | 'dash'][] = [[4, 12, 'block'], [20, 12, 'block'], [36, 8, 'dash'], [48, 12, 'block'], [64, 14, 'ring'], [82, 12, 'block']];
    expect(await refineCodeWords([{ ...words[0]!, text: 'AB-102' }, words[1]!], draw(230, [...between, ...price('dot')]))).toMatchObject([{ text: 'AB-102', conf: 0.87 }, { text: '10.00' }]);
  });

  it('reads an "O" dotted as the page’s zeros are as 0, marked; a hollow "O" as read (R1204)', async () => {
    const dotted: [number, number, 'block' | 'ring' | 'dot' | 'point' | 'dash'][] = [[4, 12, 'block'], [20, 12, 'block'], [36, 12, 'block'], [52, 8, 'dash'], [64, 14, 'dot'], [82, 12, 'block']];
    // A code needs a digit to be checked: "CL2-OS".
    const read = [{ ...words[0]!, text: 'CL2-OS' }, words[1]!];
    expect(await refineCodeWords(read, draw(230, [...dotted, ...price('dot')]))).toMatchObject([{ text: 'CL2-0S', conf: CHANGED_CONFIDENCE }, { text: '10.00' }]);
    expect(await refineCodeWords(read, draw(230, [...code, ...price('dot')]))).toMatchObject([{ text: 'CL2-OS', conf: 0.87 }, { text: '10.00' }]);
    // Where the page's zeros are hollow, a dot in an O's glyph decides nothing.
    expect(await refineCodeWords(read, draw(230, [...dotted, ...price('ring')]))).toMatchObject([{ text: 'CL2-OS', conf: 0.87 }, { text: '10.00' }]);
  });
});

describe('a roman numeral read with a T (R944)', () => {
  it('reads a T glyph as narrow as the word’s I as an I, and leaves a barred T', () => {
    // "II" in a serif font: both glyphs 5 px wide, 20 px tall (0.25 of the height).
    expect(numeralReadWithT('IT', glyphs([[0, 5], [10, 5]]))).toBe('II');
    expect(numeralReadWithT('ITI', glyphs([[0, 5], [10, 6], [20, 5]]))).toBe('III');
    // A T with its bar (16 px, 0.8 of the height) stays; so does one only a little wider than I but over NARROW_T.
    expect(numeralReadWithT('IT', glyphs([[0, 5], [10, 16]]))).toBeNull();
    expect(numeralReadWithT('IT', glyphs([[0, 9], [10, 11]]))).toBeNull();
    expect(11 / 20).toBeGreaterThan(NARROW_T);
    // No I to compare with, other letters, or glyphs that do not pair one to one: as read.
    expect(numeralReadWithT('TT', glyphs([[0, 5], [10, 5]]))).toBeNull();
    expect(numeralReadWithT('IX', glyphs([[0, 5], [10, 5]]))).toBeNull();
    expect(numeralReadWithT('IT', glyphs([[0, 5]]))).toBeNull();
  });

  it('marks the word it changes and leaves other words alone', () => {
    const image = page(120, [[10, 5], [20, 5], [60, 5], [70, 16]]);
    const words: WordBox[] = [
      { text: 'IT', x0: 8, y0: 8, x1: 28, y1: 32, conf: 0.93 },
      { text: 'IT', x0: 58, y0: 8, x1: 89, y1: 32, conf: 0.93 },
    ];
    expect(numeralsReadWithT(words, image)).toMatchObject([
      { text: 'II', conf: CHANGED_CONFIDENCE },
      { text: 'IT', conf: 0.93 },
    ]);
  });
});

describe('runs between dashes paired at their own ink level (random photograph R1180: "FAN-621-4IO" read "FAN-621-410", silently)', () => {
  /** Glyph boxes (x0, x1) 20 px tall at rows 0–20; a dash is 6 px wide and 3 tall in the letters' middle band. */
  const letter = ([x0, x1]: [number, number]): Glyph => ({ x0, x1, y0: 0, y1: 20 });
  const dash = (x0: number): Glyph => ({ x0, x1: x0 + 6, y0: 8, y1: 11 });
  // The middle grey level: "FA" touch, and the second dash runs into the 4.
  const middle = [letter([0, 30]), letter([34, 50]), dash(54), letter([64, 76]), letter([80, 92]), letter([96, 100]), letter([104, 128]), letter([132, 136]), letter([140, 158])];
  // A darker level: both dashes part from their letters, but the F falls in two and the O breaks apart.
  const darker = [letter([0, 6]), letter([8, 14]), letter([16, 30]), letter([34, 50]), dash(54), letter([64, 76]), letter([80, 92]), letter([96, 100]), dash(105), letter([115, 128]), letter([132, 136]), letter([140, 147]), letter([151, 158])];
  // The darkest: letters fall to their stems; "FAN" as three thin pieces holds too little of the run's ink.
  const darkest = [letter([0, 3]), letter([20, 24]), letter([34, 38]), dash(54), letter([66, 70]), letter([82, 86]), letter([97, 99]), dash(105), letter([118, 122]), letter([133, 135]), letter([142, 145])];

  it('pairs each run at the first level where it pairs, a run that pairs nowhere left whole', () => {
    const paired = pairRunsAcrossLevels('FAN-621-4IO', [middle, darker, darkest])!;
    expect(paired.letters).toEqual(['FAN', '-', '6', '2', '1', '-', '4', 'I', 'O']);
    // "FAN" over one box spanning the middle level's glyphs; the dashes from the darker level; "4IO" from the middle.
    expect(paired.glyphs[0]).toEqual({ x0: 0, x1: 50, y0: 0, y1: 20 });
    expect(paired.glyphs[1]).toEqual(dash(54));
    expect(paired.glyphs[5]).toEqual(dash(105));
    expect(paired.glyphs.slice(6)).toEqual([letter([104, 128]), letter([132, 136]), letter([140, 158])]);
    expect(RUN_INK_KEPT).toBeGreaterThan(0.24);
  });

  it('gives nothing without the text’s dashes at some level, or when no run pairs', () => {
    expect(pairRunsAcrossLevels('FAN-621-4IO', [middle])).toBeNull();
    expect(pairRunsAcrossLevels('FAN6214IO', [middle, darker])).toBeNull();
    expect(pairRunsAcrossLevels('FAN-62-4I', [middle, darker])).toBeNull();
  });

  it('judges the letters with a glyph of their own by shape, never a run', () => {
    const paired = pairRunsAcrossLevels('FAN-621-4IO', [middle, darker, darkest])!;
    const refined = refineCode('FAN-621-41O', [], FONT, { paired: { ...paired, letters: paired.letters.map((l) => (l === 'I' ? '1' : l)) } })!;
    expect(refined.letters).toHaveLength(refined.glyphs.length);
    // Every "1" that stands alone is put to the shape test: the 4IO run's and 621's; a run of touching letters is not.
    const tested: number[] = [];
    const out = lettersByShape(refined, page(200, []), '1', 'I', (_image, g) => {
      tested.push(g.x0);
      return g.x0 === 132;
    });
    expect(tested).toEqual([96, 132]);
    expect(text(out)).toBe('FAN-621-4IO');
    expect(out.letters).toEqual(['FAN', '-', '6', '2', '1', '-', '4', 'I', 'O']);
  });
});
