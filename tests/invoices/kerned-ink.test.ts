/**
 * Reads the OCR got wrong where letters kern or touch, and a number wrapped past a band (issue 18's twenty-seventh
 * session). Fixtures are random layouts copied from the tuning benches' cache (`RSEED=3901 COUNT=400 VARIANT=png` and
 * `RSEED=1321 COUNT=100 VARIANT=photo npm run bench:random`, plus seed 3873 of `RSEED=3751 COUNT=150 VARIANT=png`);
 * each passed as 'Data extracted successfully!' before:
 * - R3873: "SENSOR ASM-PARK ASST ALARM 2.5 IN" in Liberation Serif read "…ASSTALARM": the A's foot kerns under the T's bar,
 *   so the boxes' gap is half the space the eye sees (`inkGaps`, prose-ink.ts);
 * - R4151: "LAMP, SIDE MARKER", its comma tucked under the P's bowl inside the word's box, read "LAMP SIDE MARKER"
 *   (`commaUnderLastLetter`, prose-ink.ts);
 * - R4293: Mazda's "B45A-50-EA1" in a sans face read "…-EAL" (`isFlaggedOne`, glyphs.ts);
 * - R1381's photograph: "INVOICE INV-" over "298831", the supplier's band read as two lines between them, gave
 *   "298831".
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractedInvoice } from '~/lib/schemas/invoice';
import { CHANGED_CONFIDENCE, isFlaggedOne, type Glyph } from '~/server/extraction/layout/glyphs';
import { commaUnderLastLetter, lostSpace, inkGaps } from '~/server/extraction/layout/prose-ink';
import { createOfflineExtractor } from '~/server/extraction/offline.server';
import { closeOcrWorker } from '~/server/extraction/ocr.server';
import { reviewExtraction } from '~/server/extraction/review.server';
import { paint } from './grey-image';

const DIR = path.resolve(import.meta.dirname, '../fixtures/invoices-random');

/** The fixture's truth and the offline reader's result on it (`file` as stored: "R4151.png", "R1381-photo.jpg"). */
async function read(file: string) {
  const truth = (JSON.parse(fs.readFileSync(path.join(DIR, file.replace(/\.\w+$/, '.json')), 'utf8')) as { expected: ExtractedInvoice }).expected;
  const bytes = new Uint8Array(fs.readFileSync(path.join(DIR, file)));
  const got = await createOfflineExtractor().extract({ bytes, mime: file.endsWith('.png') ? 'image/png' : 'image/jpeg', fileName: file });
  return { truth, got };
}

const glyph = (x0: number, x1: number, y0 = 0, y1 = 20): Glyph => ({ x0, x1, y0, y1 });

afterAll(async () => {
  await closeOcrWorker();
});

describe('gaps measured row by row', () => {
  // A "T" (bar over a stem) then an "A"-like glyph whose left foot reaches under the T's bar.
  const tee = paint(30, 20, [
    [0, 0, 12, 3, 0],
    [5, 0, 7, 20, 0],
    [13, 16, 16, 20, 0],
    [17, 0, 19, 4, 0],
    [21, 0, 23, 20, 0],
  ]);

  it('gives the distance between the glyphs\' nearest ink, not the boxes\' gap', () => {
    // The T's bar end to the A's apex (6 px, less one), not its foot's column one past the bar.
    expect(inkGaps(tee, glyph(0, 30), [glyph(0, 12), glyph(13, 23)])).toEqual([5]);
    // Ink in other rows: the corners' distance (5 across, 5 down: 7.07, less one), not the 4 columns between boxes.
    const apart = paint(30, 20, [[0, 0, 5, 8, 0], [9, 12, 14, 20, 0]]);
    expect(inkGaps(apart, glyph(0, 30), [glyph(0, 5, 0, 8), glyph(9, 14, 12, 20)])).toEqual([6.1]);
    // Side by side in one row: the columns of white between them.
    const row = paint(30, 20, [[0, 0, 5, 20, 0], [8, 0, 12, 20, 0]]);
    expect(inkGaps(row, glyph(0, 30), [glyph(0, 5), glyph(8, 12)])).toEqual([3]);
  });

  it('lets a kerned space count as the space it looks', () => {
    // "ASSTALARM": its boxes' gaps as read off R3873's page, then the T–A gap row by row.
    const glyphs = [0, 11, 21, 31, 42, 53, 63, 74, 85].map((x) => glyph(x, x + 9));
    expect(lostSpace('ASSTALARM', glyphs, 6, [1, 2, 1, 3, 1, 1, 1, 1])).toBeNull();
    expect(lostSpace('ASSTALARM', glyphs, 6, [1, 2, 2, 6, 1, 1, 1, 1])).toBe(4);
  });

  it('puts back the space of "ASST ALARM" on R3873\'s page image', async () => {
    const { truth, got } = await read('R3873.png');
    expect(truth.line_items.map((i) => i.description)).toContain('SENSOR ASM-PARK ASST ALARM 2.5 IN');
    expect(got.line_items.map((i) => i.description)).toContain('SENSOR ASM-PARK ASST ALARM 2.5 IN');
    expect(got.line_items.map((i) => i.description).join(' ')).not.toContain('ASSTALARM');
  }, 60_000);
});

describe('a comma tucked under the last letter', () => {
  // Three capitals standing on the baseline (y 13), then a P (stem and bowl) with a comma under its bowl's right.
  const letters = [glyph(0, 8, 0, 13), glyph(10, 18, 0, 13), glyph(20, 28, 0, 13)];
  const page = (comma: [number, number, number, number, number]) => paint(60, 20, [[40, 0, 42, 13, 0], [42, 0, 48, 7, 0], comma]);

  it('is found under the right half of the last glyph', () => {
    expect(commaUnderLastLetter('LAMP', [...letters, glyph(40, 48, 0, 16)], page([46, 13, 48, 16, 0]))).toBe(true);
  });

  it('is not taken from ink under the left half, a tail too deep, a Q or a J, or a word already ending in one', () => {
    expect(commaUnderLastLetter('LAMP', [...letters, glyph(40, 48, 0, 16)], page([40, 13, 42, 16, 0]))).toBe(false);
    expect(commaUnderLastLetter('LAMP', [...letters, glyph(40, 48, 0, 20)], page([46, 13, 48, 20, 0]))).toBe(false);
    expect(commaUnderLastLetter('TORQ', [...letters, glyph(40, 48, 0, 16)], page([46, 13, 48, 16, 0]))).toBe(false);
    expect(commaUnderLastLetter('LAMP,', [...letters, glyph(40, 48, 0, 16)], page([46, 13, 48, 16, 0]))).toBe(false);
    // One pixel below the baseline is the anti-aliased edge of a letter, not a comma.
    expect(commaUnderLastLetter('LAMP', [...letters, glyph(40, 48, 0, 14)], page([46, 13, 48, 14, 0]))).toBe(false);
  });

  it('is not taken from a cell\'s rule read into the word\'s box (page-image seed 3912\'s "EACH")', () => {
    // Capitals standing on y 17 (tops at 4); a glyph reaching from above them to below the baseline.
    const lower = [glyph(0, 8, 4, 17), glyph(10, 18, 4, 17), glyph(20, 28, 4, 17)];
    const ruled = paint(60, 24, [[46, 0, 48, 20, 0], [40, 8, 46, 10, 0]]);
    expect(commaUnderLastLetter('EACH', [...lower, glyph(40, 48, 0, 20)], ruled)).toBe(false);
    const thin = paint(60, 24, [[40, 4, 42, 20, 0]]);
    expect(commaUnderLastLetter('EACH', [...lower, glyph(40, 42, 4, 20)], thin)).toBe(false);
    // The same glyph with its top among the letters' and a letter's width is a letter with a comma.
    const comma = paint(60, 24, [[40, 4, 42, 17, 0], [42, 4, 48, 10, 0], [46, 17, 48, 20, 0]]);
    expect(commaUnderLastLetter('EACH', [...lower, glyph(40, 48, 4, 20)], comma)).toBe(true);
  });

  it('reads "LAMP, SIDE MARKER" on R4151\'s page image', async () => {
    const { truth, got } = await read('R4151.png');
    expect(truth.line_items.map((i) => i.description)).toContain('LAMP, SIDE MARKER');
    expect(got.line_items.map((i) => i.description)).toContain('LAMP, SIDE MARKER');
  }, 60_000);
});

describe('an "L" that is a 1', () => {
  it('is told by a stem in the middle and a flag at its top left', () => {
    const one = paint(12, 20, [[6, 0, 8, 20, 0], [2, 2, 6, 5, 0]]);
    expect(isFlaggedOne(one, glyph(2, 8))).toBe(true);
    const ell = paint(12, 20, [[0, 0, 2, 20, 0], [0, 18, 10, 20, 0]]);
    expect(isFlaggedOne(ell, glyph(0, 10))).toBe(false);
    // A stem in the middle with nothing left of it at the top (a base serif only) is no 1 by this test.
    const based = paint(12, 20, [[5, 0, 7, 20, 0], [1, 18, 11, 20, 0]]);
    expect(isFlaggedOne(based, glyph(1, 11))).toBe(false);
  });

  it('marks R4293\'s "B45A-50-EA1" with its 1, and the form does not say the read is complete', async () => {
    const { truth, got } = await read('R4293.png');
    expect(truth.line_items.map((i) => i.part_number)).toContain('B45A-50-EA1');
    const at = got.line_items.findIndex((i) => i.part_number.startsWith('B45A-50-EA'));
    expect(got.line_items[at]!.part_number).toBe('B45A-50-EA1');
    expect(got.confidence?.line_items?.[at]?.part_number).toBeLessThanOrEqual(CHANGED_CONFIDENCE);
    expect(reviewExtraction(got).complete).toBe(false);
  }, 60_000);
});

describe('a number wrapped under the title past a band read in pieces', () => {
  it('reads "INV-298831" off R1381\'s photograph', async () => {
    const { truth, got } = await read('R1381-photo.jpg');
    expect(truth.invoice_number).toBe('INV-298831');
    expect(got.invoice_number).toBe('INV-298831');
  }, 60_000);
});
