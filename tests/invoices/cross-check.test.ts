/**
 * The table's words checked by a second read (issue 18's fifteenth session, `crossCheckLines` in ocr.server.ts): the
 * lines of the parts are cut out, stacked, enlarged twice and read again; a word the two reads do not agree on is
 * marked for checking. Fixtures are random layouts' page images (tuning seeds of `RSEED=251 COUNT=100 VARIANT=png npm
 * run bench:random`, copied from its cache): R275, where the OCR read "ULTRAFINE," for "ULTRA FINE," and the reader
 * said 'Data extracted successfully!' with the wrong description; R349, read right in every field, which must still
 * pass without a warning; and R2932 (`RSEED=2851 COUNT=150 VARIANT=png`, a tuning seed), whose part number of digits
 * only was misread.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOW_CONFIDENCE, type ExtractedInvoice } from '~/lib/schemas/invoice';
import { combineReads, createOfflineExtractor } from '~/server/extraction/offline.server';
import { closeOcrWorker, crossCheckLines, DISPUTED_CONFIDENCE, recognizeWords } from '~/server/extraction/ocr.server';
import { reviewExtraction } from '~/server/extraction/review.server';

const DIR = path.resolve(import.meta.dirname, '../fixtures/invoices-random');
const fixture = (id: string) => ({
  bytes: new Uint8Array(fs.readFileSync(path.join(DIR, `${id}.png`))),
  truth: (JSON.parse(fs.readFileSync(path.join(DIR, `${id}.json`), 'utf8')) as { expected: ExtractedInvoice }).expected,
});
const key = (i: ExtractedInvoice['line_items'][number]) => JSON.stringify([i.part_number, i.description, i.quantity, i.unit_price]);

afterAll(async () => {
  await closeOcrWorker();
});

describe('a second read of the table', () => {
  it('disputes a word the first read ran together, and leaves the numbers and the lines it was not asked about', async () => {
    const { bytes } = fixture('R275');
    const page = await recognizeWords(bytes);
    const first = combineReads([page]);
    expect(first.tableTop).not.toBeNull();
    const tokens = new Set(first.line_items.flatMap((i) => `${i.part_number} ${i.description}`.split(/\s+/)));
    expect(tokens.has('ULTRAFINE,')).toBe(true);
    const checked = await crossCheckLines(page.grey, page.words, first.tableTop! + 3, tokens);
    expect(checked).toHaveLength(page.words.length);
    const changed = checked.filter((w, i) => w.conf !== page.words[i]!.conf);
    expect(changed.map((w) => w.text)).toContain('ULTRAFINE,');
    for (const w of changed) expect(w.conf).toBe(DISPUTED_CONFIDENCE);
    // Only words with a letter, or codes of four digits or more of the part rows, on the table's lines, are ever
    // disputed (never a quantity or a price); the text is never changed.
    for (const [i, w] of checked.entries()) {
      expect(w.text).toBe(page.words[i]!.text);
      if (w.conf !== page.words[i]!.conf) {
        expect(w.text).toMatch(/[A-Za-z]|^\d{4,}$/);
        expect(w.y0).toBeGreaterThan(first.tableTop!);
      }
    }
    // Most of the table's words are confirmed: a word both reads agree on keeps its confidence.
    const table = page.words.filter((w) => w.y0 > first.tableTop! + 3 && tokens.has(w.text));
    expect(changed.length).toBeLessThan(table.length / 5);
    // Nothing to check: the words come back as they were.
    expect(await crossCheckLines(page.grey, page.words, first.tableTop! + 3, new Set())).toEqual(page.words);
  }, 120_000);

  it('turns the silent wrong description into a marked cell and a warning', async () => {
    const { bytes, truth } = fixture('R275');
    const got = await createOfflineExtractor().extract({ bytes, mime: 'image/png', fileName: 'R275.png' });
    const at = got.line_items.findIndex((i) => i.part_number === 'NOR-02608');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(got.line_items[at]!.description).not.toBe('SCUFF PAD GRAY ULTRA FINE, 20 PK');
    expect(got.confidence?.line_items?.[at]?.description).toBeLessThan(LOW_CONFIDENCE);
    const review = reviewExtraction(got);
    expect(review.complete).toBe(false);
    expect(review.warnings.join(' ')).toMatch(/read with low confidence and marked/);
    // The other rows are read as before.
    expect(got.line_items.filter((i) => truth.line_items.some((t) => key(t) === key(i))).length).toBe(truth.line_items.length - 1);
  }, 120_000);

  it('disputes a part number of digits only that the second read differs on (random layout R2932)', async () => {
    // R2932 (page-image seed 2932, first look): "GM 84209753" read "GM 84200753" at 0.86, the row adding up.
    const { bytes, truth } = fixture('R2932');
    const got = await createOfflineExtractor().extract({ bytes, mime: 'image/png', fileName: 'R2932.png' });
    const at = got.line_items.findIndex((i) => i.description === 'GRILLE ASM-RAD UPR');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(got.line_items[at]!.part_number).not.toBe('GM 84209753');
    expect(got.confidence?.line_items?.[at]?.part_number).toBeLessThan(LOW_CONFIDENCE);
    expect(reviewExtraction(got).complete).toBe(false);
    // The prices are not disputed: the rows still add up to the total.
    expect(got.total_amount).toBe(truth.total_amount);
    expect(got.line_items.filter((i) => truth.line_items.some((t) => key(t) === key(i))).length).toBe(truth.line_items.length - 1);
  }, 120_000);

  it('passes a page read right in every field without a warning', async () => {
    const { bytes, truth } = fixture('R349');
    const got = await createOfflineExtractor().extract({ bytes, mime: 'image/png', fileName: 'R349.png' });
    expect(got.line_items.map(key)).toEqual(truth.line_items.map(key));
    expect([got.invoice_number, got.invoice_date, got.supplier, got.total_amount]).toEqual([truth.invoice_number, truth.invoice_date, truth.supplier, truth.total_amount]);
    expect(reviewExtraction(got)).toMatchObject({ complete: true, warnings: [] });
  }, 120_000);
});
