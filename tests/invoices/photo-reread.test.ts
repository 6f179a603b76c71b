/**
 * A photographed page the OCR's single-block mode reads badly is read again in its single-column mode (issue 18,
 * `REREAD_DOUBTFUL_SHARE` in ocr.server.ts). The fixture is random layout R22 photographed (tuning seed 22 of
 * `RSEED=1 COUNT=40 VARIANT=photo npm run bench:random`, copied from its cache): a ruled, zebra-shaded table whose rows
 * the single-block mode merged into lines two rows tall (92 of 214 words under 0.5 confidence, 0 of 12 rows right).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractedInvoice } from '~/lib/schemas/invoice';
import { createOfflineExtractor } from '~/server/extraction/offline.server';
import { closeOcrWorker, doubtfulShare, recognizeWords, REREAD_DOUBTFUL_SHARE } from '~/server/extraction/ocr.server';

const DIR = path.resolve(import.meta.dirname, '../fixtures/invoices-random');
const bytes = new Uint8Array(fs.readFileSync(path.join(DIR, 'R22-photo.jpg')));
const truth = (JSON.parse(fs.readFileSync(path.join(DIR, 'R22-photo.json'), 'utf8')) as { expected: ExtractedInvoice }).expected;

afterAll(async () => {
  await closeOcrWorker();
});

describe('a photographed table read again as a column of blocks', () => {
  it('keeps the read with fewer doubtful words, and the rows come out', async () => {
    const page = await recognizeWords(bytes);
    expect(doubtfulShare(page.words)).toBeLessThan(REREAD_DOUBTFUL_SHARE);
    const got = await createOfflineExtractor().extract({ bytes, mime: 'image/jpeg', fileName: 'R22-photo.jpg' });
    const key = (i: ExtractedInvoice['line_items'][number]) => JSON.stringify([i.part_number, i.description, i.quantity, i.unit_price]);
    const right = got.line_items.filter((i) => truth.line_items.some((t) => key(t) === key(i)));
    expect(truth.line_items).toHaveLength(12);
    expect(right.length).toBeGreaterThanOrEqual(10);
    expect(got.total_amount).toBe(truth.total_amount);
  }, 120_000);

  it('counts a page without words as all doubtful', () => {
    expect(doubtfulShare([])).toBe(1);
    expect(doubtfulShare([{ text: 'a', x0: 0, x1: 1, y0: 0, y1: 1, conf: 0.4 }, { text: 'b', x0: 0, x1: 1, y0: 0, y1: 1, conf: 0.9 }])).toBe(0.5);
  });
});
