/**
 * Spaces read away and points read in where the ink has none (issue 18's seventeenth session, layout/prose-ink.ts).
 * Fixtures are random layouts' page images (tuning seeds of `RSEED=251 COUNT=300 VARIANT=png npm run bench:random`,
 * copied from its cache): R533, whose "LINER, FRONT FENDER, LH" the OCR read "…FENDER,LH", and R396, whose supplier
 * "Bluewater Parts Warehouse LLC" the sparse header re-read gave as "…LL.C"; both passed as 'Data extracted
 * successfully!'. R3823 (tuning seed of `RSEED=3751 COUNT=150 VARIANT=png`, issue 18's twenty-sixth session): the
 * supplier "Redline Parts Depot Co." printed white in a dark band was read "… Co", its full stop read away, silently.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractedInvoice } from '~/lib/schemas/invoice';
import type { GreyImage } from '~/server/extraction/clean-photo';
import type { Glyph } from '~/server/extraction/layout/glyphs';
import { lostSpace, pointNotPrinted, pointReadAway, proseInk, wordSpace } from '~/server/extraction/layout/prose-ink';
import type { WordBox } from '~/server/extraction/layout/words';
import { createOfflineExtractor } from '~/server/extraction/offline.server';
import { closeOcrWorker } from '~/server/extraction/ocr.server';

const DIR = path.resolve(import.meta.dirname, '../fixtures/invoices-random');
const fixture = (id: string) => ({
  bytes: new Uint8Array(fs.readFileSync(path.join(DIR, `${id}.png`))),
  truth: (JSON.parse(fs.readFileSync(path.join(DIR, `${id}.json`), 'utf8')) as { expected: ExtractedInvoice })
    .expected,
});

/** Glyphs 16 px tall (or `h`) laid left to right: `widths` px wide, `gaps` px apart (one fewer than widths). */
function laidOut(widths: number[], gaps: number[], h = 16): Glyph[] {
  let x = 0;
  return widths.map((w, i) => {
    const g = { x0: x, x1: x + w, y0: 100, y1: 100 + h };
    x += w + (gaps[i] ?? 0);
    return g;
  });
}

/** A white page with black blocks (x0, x1, y0, y1), as the prepared grey image. */
function page(blocks: [number, number, number, number][]): GreyImage {
  const width = 400;
  const height = 60;
  const px = new Uint8Array(width * height).fill(250);
  for (const [x0, x1, y0, y1] of blocks)
    for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) px[y * width + x] = 10;
  return { px, width, height };
}

afterAll(closeOcrWorker);

describe('a space read away', () => {
  it("splits a word of letters at the one gap as wide as the line's word spaces", () => {
    // "FENDER,LH": six letters 2 px apart, the comma, then 7 px before "LH" on a line whose spaces are 8 px.
    const glyphs = laidOut([9, 9, 9, 9, 9, 9, 3, 9, 9], [2, 2, 2, 2, 2, 2, 7, 2]);
    expect(lostSpace('FENDER,LH', glyphs, 8)).toBe(7);
    // The same gap on a line whose spaces are 12 px is a wide letter gap, not a space.
    expect(lostSpace('FENDER,LH', glyphs, 12)).toBeNull();
    // Glyphs that do not pair with the letters (two touching) decide nothing.
    expect(lostSpace('FENDER,LH', glyphs.slice(1), 8)).toBeNull();
  });

  it('leaves a word whose gaps are alike, and never cuts off a lone letter', () => {
    const even = laidOut([9, 9, 9, 9, 9], [5, 5, 5, 5]);
    expect(lostSpace('BUMPR', even, 8)).toBeNull();
    // "PAINT" whose box took in the "&" beside it: the wide gap is before the last glyph.
    const swollen = laidOut([9, 9, 3, 9, 9], [1, 1, 1, 7]);
    expect(lostSpace('PAINT', swollen, 8)).toBeNull();
  });

  it("measures the word space on the line's own gaps, leaving out the gaps between columns", () => {
    const w = (x0: number, x1: number): WordBox => ({
      text: 'AB',
      x0,
      x1,
      y0: 0,
      y1: 16,
      conf: 0.9,
      lineKey: 'k',
    });
    expect(wordSpace([w(0, 40), w(48, 90), w(96, 130), w(300, 340)])).toBe(8);
    expect(wordSpace([w(0, 40), w(300, 340)])).toBeNull();
  });
});

describe('a point not printed', () => {
  it('drops the point of "LL.C" when no glyph is the size of a point', () => {
    expect(pointNotPrinted('LL.C', laidOut([12, 12, 12], [2, 2]))).toBe(true);
    // Two letters touching and a printed point (a glyph 3 px square on the baseline): the point is kept.
    const point = laidOut([26, 3, 12], [2, 2]).map((g, i) => (i === 1 ? { ...g, y0: 113 } : g));
    expect(pointNotPrinted('LL.C', point)).toBe(false);
    // Letters too small to judge, and points of money or codes, are left alone.
    expect(pointNotPrinted('LL.C', laidOut([5, 5, 5], [2, 2], 6))).toBe(false);
    expect(pointNotPrinted('12.50', laidOut([9, 9, 9, 9], [2, 2, 2]))).toBe(false);
  });

  it('puts the words right on a drawn page: a point dropped, a word split, other words returned as they were', () => {
    // Line "AB.CD" (4 blocks, no point) and "WORDS" + "GO ON" + "LEFTRIGHT" (two groups 10 px apart, spaces 8 px).
    const blocks: [number, number, number, number][] = [
      [10, 20, 10, 26],
      [22, 32, 10, 26],
      [34, 44, 10, 26],
      [46, 56, 10, 26],
      [100, 108, 10, 26],
      [110, 118, 10, 26],
      [120, 128, 10, 26],
      [130, 138, 10, 26],
      [148, 156, 10, 26],
      [158, 166, 10, 26],
      [168, 176, 10, 26],
    ];
    const image = page([...blocks, [200, 230, 10, 26], [238, 260, 10, 26], [268, 300, 10, 26]]);
    const words: WordBox[] = [
      { text: 'AB.CD', x0: 10, x1: 56, y0: 10, y1: 26, conf: 0.95 },
      { text: 'LEFTRIG', x0: 100, x1: 176, y0: 10, y1: 26, conf: 0.9, lineKey: 'a' },
      { text: 'WORDS', x0: 200, x1: 230, y0: 10, y1: 26, conf: 0.9, lineKey: 'a' },
      { text: 'GO', x0: 238, x1: 260, y0: 10, y1: 26, conf: 0.9, lineKey: 'a' },
      { text: 'ON', x0: 268, x1: 300, y0: 10, y1: 26, conf: 0.9, lineKey: 'a' },
    ];
    const out = proseInk(words, image);
    expect(out.map((w) => w.text)).toEqual(['ABCD', 'LEFT', 'RIG', 'WORDS', 'GO', 'ON']);
    expect(out[1]).toMatchObject({ x0: 100, x1: 138, conf: 0.9, lineKey: 'a' });
    expect(out[2]).toMatchObject({ x0: 148, x1: 176 });
    expect(out[3]).toBe(words[2]);
    // Nothing to change: the very same array back.
    const plain = words.slice(2);
    expect(proseInk(plain, image)).toBe(plain);
  });
});

describe('a full stop read away', () => {
  // "Co" as two letters 16 px tall (x 10–32, rows 10–26); a stop drawn after it, as `stop` gives.
  const co: WordBox = { text: 'Co', x0: 10, x1: 32, y0: 10, y1: 26, conf: 0.96 };
  const drawnCo = (stop: [number, number, number, number][]) => page([[10, 20, 10, 26], [22, 32, 10, 26], ...stop]);

  it('finds a point on the baseline just after a word of letters', () => {
    expect(pointReadAway(co, drawnCo([[35, 38, 23, 26]]), [co])).toBe(true);
    // A comma's tail below the baseline, a middle dot, a point past half a letter height, a blot too big for a point,
    // and no ink at all: no stop.
    expect(pointReadAway(co, drawnCo([[35, 38, 23, 30]]), [co])).toBe(false);
    expect(pointReadAway(co, drawnCo([[35, 38, 16, 19]]), [co])).toBe(false);
    expect(pointReadAway(co, drawnCo([[44, 47, 23, 26]]), [co])).toBe(false);
    expect(pointReadAway(co, drawnCo([[35, 42, 19, 26]]), [co])).toBe(false);
    expect(pointReadAway(co, drawnCo([]), [co])).toBe(false);
    // A sliver one pixel wide (the faint edge of the next word's first letter) is no point either.
    expect(pointReadAway(co, drawnCo([[35, 36, 23, 26]]), [co])).toBe(false);
  });

  it('leaves a point another word holds, and words that do not end in a letter', () => {
    const image = drawnCo([[35, 38, 23, 26]]);
    const stop: WordBox = { text: '.', x0: 35, x1: 38, y0: 23, y1: 26, conf: 0.6 };
    expect(pointReadAway(co, image, [co, stop])).toBe(false);
    // A word whose box starts just after the point ("within" before "30": the 3's left edge outside its box).
    const next: WordBox = { text: '30', x0: 39, x1: 60, y0: 10, y1: 26, conf: 0.96 };
    expect(pointReadAway(co, image, [co, next])).toBe(false);
    expect(pointReadAway(co, image, [co, { ...next, x0: 44 }])).toBe(true);
    expect(pointReadAway({ ...co, text: 'C9' }, image, [co])).toBe(false);
    expect(pointReadAway({ ...co, text: 'Co.' }, image, [co])).toBe(false);
  });

  it('puts the stop back through proseInk, confidence and box kept', () => {
    const out = proseInk([co], drawnCo([[35, 38, 23, 26]]));
    expect(out).toEqual([{ ...co, text: 'Co.' }]);
  });
});

describe('whole reads of tuning pages', () => {
  const extractor = createOfflineExtractor();

  it('R533: "LINER, FRONT FENDER, LH" keeps the space after its comma', async () => {
    const { bytes, truth } = fixture('R533');
    const read = await extractor.extract({ bytes, mime: 'image/png', fileName: 'R533.png' });
    const liner = read.line_items.find((i) => i.part_number === '53875-0R020');
    expect(liner?.description).toBe('LINER, FRONT FENDER, LH');
    expect(truth.line_items.find((i) => i.part_number === '53875-0R020')?.description).toBe(
      'LINER, FRONT FENDER, LH',
    );
  }, 60_000);

  it('R396: the supplier "Bluewater Parts Warehouse LLC" has no point the page does not print', async () => {
    const { bytes, truth } = fixture('R396');
    const read = await extractor.extract({ bytes, mime: 'image/png', fileName: 'R396.png' });
    expect(read.supplier).toBe(truth.supplier);
    expect(read.supplier).toBe('Bluewater Parts Warehouse LLC');
  }, 60_000);

  it('R3823: the supplier "Redline Parts Depot Co." in a dark band keeps its full stop', async () => {
    const { bytes, truth } = fixture('R3823');
    const read = await extractor.extract({ bytes, mime: 'image/png', fileName: 'R3823.png' });
    expect(truth.supplier).toBe('Redline Parts Depot Co.');
    expect(read.supplier).toBe(truth.supplier);
  }, 60_000);
});
