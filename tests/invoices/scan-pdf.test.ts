/**
 * Issue 18, scanned PDFs (helper "scan"): a page without a text layer rendered at its scanned image's own resolution
 * (`scanRenderScale`, `readPdfPages`). Tuning pages only.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeOcrWorker } from '~/server/extraction/ocr.server';
import { readPdfPages, SCAN_MAX_SCALE, SCAN_MIN_SCALE, scanRenderScale } from '~/server/extraction/pdf.server';
import { scannedPdf } from '../../scripts/invoice-devset/effects';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

/** A committed tuning page of the development set or an extra set (every extra-set page is tuning data). */
function tuningPage(dir: string, id: string) {
  const spec = JSON.parse(fs.readFileSync(path.join(FIXTURES, dir, `${id}.json`), 'utf8')) as {
    file: string;
    split: string;
    expected: { invoice_number: string; supplier: string; invoice_date: string; total_amount: number; line_items: unknown[] };
  };
  expect(spec.split).toBe('tuning');
  return { spec, bytes: fs.readFileSync(path.join(FIXTURES, dir, spec.file)) };
}

afterAll(async () => {
  await closeOcrWorker();
});

const OPS = { save: 10, restore: 11, transform: 12, paintImageXObject: 85 };

describe('scanRenderScale', () => {
  it("is the scale at which the page's large image is drawn at its own pixels", () => {
    // pdfmake's scan: q, [576 0 0 420 18 354] cm, a 1275 × 930 px image, Q — 1275 px over 576 pt.
    const fnArray = [OPS.save, OPS.transform, OPS.paintImageXObject, OPS.restore];
    const argsArray = [null, [576, 0, 0, 420, 18, 354], ['img_1', 1275, 930], null];
    expect(scanRenderScale(fnArray, argsArray, OPS, 612, SCAN_MIN_SCALE, SCAN_MAX_SCALE)).toBeCloseTo(1275 / 576, 5);
  });

  it('follows nested transforms and restores, and keeps within [min, max]', () => {
    // A 300 dpi scan drawn through two transforms (×0.5 then 1224 × 1584): 2550 px over 612 pt is 4.17, kept at max.
    const fnArray = [OPS.save, OPS.transform, OPS.save, OPS.transform, OPS.paintImageXObject, OPS.restore, OPS.restore];
    const argsArray = [null, [0.5, 0, 0, 0.5, 0, 0], null, [1224, 0, 0, 1584, 0, 0], ['img_1', 2550, 3300], null, null];
    expect(scanRenderScale(fnArray, argsArray, OPS, 612, 2, 4)).toBe(4);
    // After the restores the matrix is the page's again: a 600 px image drawn 300 pt wide is 2 px/pt.
    expect(scanRenderScale([...fnArray, OPS.save, OPS.transform, OPS.paintImageXObject, OPS.restore], [...argsArray, null, [300, 0, 0, 100, 0, 0], ['img_2', 600, 200], null], OPS, 612, 1, 8)).toBeCloseTo(
      2550 / 612,
      5,
    );
    // A low-resolution scan (72 dpi) is still rendered at min.
    expect(scanRenderScale([OPS.transform, OPS.paintImageXObject], [[612, 0, 0, 792, 0, 0], ['img_1', 612, 792]], OPS, 612, 2, 4)).toBe(2);
  });

  it('ignores small images (a logo) and gives min when there is no image', () => {
    expect(scanRenderScale([OPS.transform, OPS.paintImageXObject], [[100, 0, 0, 50, 0, 0], ['img_1', 1000, 500]], OPS, 612, 2, 4)).toBe(2);
    expect(scanRenderScale([], [], OPS, 612, 2, 4)).toBe(2);
  });
});

describe('readPdfPages on a scanned PDF', () => {
  it("renders the page at the scan's own resolution (1275 px drawn 576 pt wide: a page 1355 px wide, not 1224)", async () => {
    const { bytes } = tuningPage('invoices-dev', 'D16');
    const { pdf } = await scannedPdf(bytes, 0.8);
    const { read } = await readPdfPages(new Uint8Array(pdf));
    const meta = await sharp(read[0]!.image!).metadata();
    expect(meta.width).toBe(Math.ceil(612 * (1275 / 576)));
  }, 60_000);
});
