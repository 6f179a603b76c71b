/**
 * Part numbers a photograph's blur misreads in ways the word alone cannot show (issue 18's twenty-eighth session).
 * Fixtures are random layouts copied from the tuning bench's cache (`RSEED=1521 COUNT=100 VARIANT=photo npm run
 * bench:random`); each passed as 'Data extracted successfully!' before:
 * - R1529: "22B9134" read "2289134" beside "26C7093", "21A4638", "23C2889", "24A3947" (`unlikeColumnShape`,
 *   read-layout.ts: marked, the read kept);
 * - R1549: "41-993" read "41.993", a number like money, at 0.96 (`dashReadAsPoint`, glyphs.ts: its point is a dash in
 *   the ink; put right and marked).
 * A first version of the dash rule made page-image R4469's "$20.05" "$20-05" (the dollar sign's height moved the band);
 * it takes words of digits and points only since.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractedInvoice } from '~/lib/schemas/invoice';
import { CHANGED_CONFIDENCE, dashReadAsPoint, type Glyph } from '~/server/extraction/layout/glyphs';
import { unlikeColumnShape } from '~/server/extraction/layout/read-layout';
import { createOfflineExtractor } from '~/server/extraction/offline.server';
import { closeOcrWorker } from '~/server/extraction/ocr.server';
import { reviewExtraction } from '~/server/extraction/review.server';

const DIR = path.resolve(import.meta.dirname, '../fixtures/invoices-random');

/** The fixture's truth and the offline reader's result on it (`file` as stored: "R1529-photo.jpg"). */
async function read(file: string) {
  const truth = (JSON.parse(fs.readFileSync(path.join(DIR, file.replace(/\.\w+$/, '.json')), 'utf8')) as { expected: ExtractedInvoice }).expected;
  const bytes = new Uint8Array(fs.readFileSync(path.join(DIR, file)));
  const got = await createOfflineExtractor().extract({ bytes, mime: 'image/jpeg', fileName: file });
  return { truth, got };
}

afterAll(async () => {
  await closeOcrWorker();
});

describe('a part number unlike its column', () => {
  it('marks a digit where every other number of its length prints a letter', () => {
    expect(unlikeColumnShape(['26C7093', '21A4638', '23C2889', '24A3947', '2289134'])).toEqual([false, false, false, false, true]);
    // Other lengths do not count, nor make the shape.
    expect(unlikeColumnShape(['26C7093', '21A4638', '23C2889', '2289134', '10-504', '11609894'])).toEqual([false, false, false, true, false, false]);
  });

  it('needs three others of the length, all of one shape', () => {
    expect(unlikeColumnShape(['26C7093', '21A4638', '2289134'])).toEqual([false, false, false]);
    expect(unlikeColumnShape(['26C7093', '21A4638', '2304889', '2289134'])).toEqual([false, false, false, false]);
  });

  it('leaves a place where the others print one letter, and a letter where they print digits', () => {
    // Toyota's "0R" is a fixed letter: "81130-42720" is printed so beside "52119-0R917".
    expect(unlikeColumnShape(['52119-0R917', '75310-0R010', '81130-42720', '87910-0R371'])).toEqual([false, false, false, false]);
    // "S7231" among five digits is printed so.
    expect(unlikeColumnShape(['22454', '57045', '72388', 'S7231'])).toEqual([false, false, false, false]);
  });

  it('leaves a number differing in two places, or by a digit no letter is read as', () => {
    expect(unlikeColumnShape(['26C7093', '21A4638', '23C2889', '22890B4'])).toEqual([false, false, false, false]);
    expect(unlikeColumnShape(['26C7093', '21A4638', '23C2889', '2249134'])).toEqual([false, false, false, false]);
  });

  it('marks R1529\'s "2289134" on its photograph, so the form is not complete', async () => {
    const { truth, got } = await read('R1529-photo.jpg');
    const at = truth.line_items.findIndex((i) => i.part_number === '22B9134');
    expect(at).toBeGreaterThanOrEqual(0);
    // The read is kept as the OCR gave it (a guess would be 8 → B) and marked for checking.
    expect(got.line_items[at]!.part_number).toBe('2289134');
    expect(got.confidence?.line_items?.[at]?.part_number).toBeLessThanOrEqual(CHANGED_CONFIDENCE);
    expect(reviewExtraction(got).complete).toBe(false);
  }, 60_000);
});

describe('a dash read as a point', () => {
  // Digits 20 px tall from y = 0; a point on their baseline; a dash in their middle band.
  const digit = (x: number): Glyph => ({ x0: x, x1: x + 10, y0: 0, y1: 20 });
  const dash: Glyph = { x0: 24, x1: 31, y0: 9, y1: 12 };
  const point: Glyph = { x0: 25, x1: 28, y0: 17, y1: 20 };

  it('makes a dash-shaped point between digits a dash', () => {
    expect(dashReadAsPoint('41.993', [digit(0), digit(12), dash, digit(34), digit(46), digit(58)])).toBe('41-993');
  });

  it('keeps a point on the baseline, and a dash-shaped glyph not between digits', () => {
    expect(dashReadAsPoint('41.993', [digit(0), digit(12), point, digit(34), digit(46), digit(58)])).toBeNull();
    expect(dashReadAsPoint('41.', [digit(0), digit(12), dash])).toBeNull();
  });

  it('leaves money with its sign: the sign\'s ink moves the letters\' band', () => {
    // R4469's "$20.05": a dollar sign reaching above and below the digits put their point in its middle band.
    const sign: Glyph = { x0: 0, x1: 10, y0: -8, y1: 28 };
    expect(dashReadAsPoint('$20.05', [sign, digit(12), digit(24), { x0: 36, x1: 40, y0: 17, y1: 20 }, digit(42), digit(54)])).toBeNull();
  });

  it('needs one glyph per letter, and letters tall enough to tell', () => {
    expect(dashReadAsPoint('41.993', [digit(0), digit(12), dash, digit(34), digit(46)])).toBeNull();
    const small = (x: number): Glyph => ({ x0: x, x1: x + 3, y0: 0, y1: 5 });
    expect(dashReadAsPoint('41.9', [small(0), small(4), { x0: 8, x1: 10, y0: 2, y1: 3 }, small(11)])).toBeNull();
  });

  it('reads R1549\'s "41-993" on its photograph, marked', async () => {
    const { truth, got } = await read('R1549-photo.jpg');
    const at = truth.line_items.findIndex((i) => i.part_number === '41-993');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(got.line_items[at]!.part_number).toBe('41-993');
    expect(got.confidence?.line_items?.[at]?.part_number).toBeLessThanOrEqual(CHANGED_CONFIDENCE);
  }, 60_000);
});
