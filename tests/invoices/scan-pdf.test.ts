/**
 * Issue 18, scanned PDFs (helper "scan"): a page without a text layer rendered at its scanned image's own resolution
 * (`scanRenderScale`, `readPdfPages`), the faint rules of a scanned grid removed before the OCR (`removeRules` with
 * `SCAN_RULE_DARK`, `prepareGreyForOcr` with `scan`), the scanned page enlarged to `SCAN_OCR_WIDTH`, the sparse
 * header re-read's unconfident words left out (`keepPlausibleBoxes` with `SCAN_SPARSE_MIN_CONFIDENCE`), and a code
 * split into pieces with collapsed boxes joined again (`joinCollapsedPieces`). Tuning pages only.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeOcrWorker, joinCollapsedPieces, prepareGreyForOcr, removeRules, SCAN_OCR_WIDTH, SCAN_RULE_DARK } from '~/server/extraction/ocr.server';
import { createOfflineExtractor, keepPlausibleBoxes, SCAN_SPARSE_MIN_CONFIDENCE } from '~/server/extraction/offline.server';
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

describe('the faint rules of a scanned grid', () => {
  /** A white page with a 1 px rule as a scan leaves it: 175 grey in its middle row, 215 in the rows beside it. */
  function ruled(): { px: Uint8Array; width: number; height: number } {
    const width = 1000;
    const height = 600;
    const px = new Uint8Array(width * height).fill(250);
    for (let x = 50; x < 950; x += 1) {
      px[299 * width + x] = 215;
      px[300 * width + x] = 175;
      px[301 * width + x] = 215;
    }
    return { px, width, height };
  }

  it('a rule blurred to 175 grey is removed with SCAN_RULE_DARK and left by the default cut-off', () => {
    const darkest = (image: { px: Uint8Array; width: number }) => Math.min(...[298, 299, 300, 301, 302].map((y) => image.px[y * image.width + 500]!));
    const left = ruled();
    removeRules(left.px, left.width, left.height);
    expect(darkest(left)).toBe(175);
    const removed = ruled();
    removeRules(removed.px, removed.width, removed.height, SCAN_RULE_DARK);
    expect(darkest(removed)).toBe(250); // the rule and its grey edges whitened, the paper beside them as it was
  });

  it('prepareGreyForOcr removes the grid of a scanned page, and leaves the same grid on an uploaded image', async () => {
    // A grid of 1 px rules at 190 grey (a scanned grid after the JPEG) around dark "text" strokes, 1400 px wide.
    const width = 1400;
    const height = 900;
    const px = new Uint8Array(width * height).fill(250);
    for (let y = 100; y <= 700; y += 60) for (let x = 100; x < 1300; x += 1) px[y * width + x] = 190;
    for (let x = 100; x <= 1300; x += 300) for (let y = 100; y < 700; y += 1) px[y * width + x] = 190;
    for (let y = 120; y < 700; y += 60) for (let x = 130; x < 1250; x += 9) for (let d = 0; d < 20; d += 1) px[(y + d) * width + x] = 20;
    const png = await sharp(px, { raw: { width, height, channels: 1 } }).png().toBuffer();
    // The darkest row's count of dark pixels along the rule at y = 340 (rows 336–344, scaled to the prepared width).
    const ruleLeft = (img: { px: Uint8Array; width: number }) => {
      const k = img.width / width;
      let most = 0;
      for (let y = Math.floor(336 * k); y <= Math.ceil(344 * k); y += 1) {
        let dark = 0;
        for (let x = Math.ceil(110 * k); x < Math.floor(1290 * k); x += 1) if (img.px[y * img.width + x]! < 200) dark += 1;
        most = Math.max(most, dark);
      }
      return most;
    };
    const scan = await prepareGreyForOcr(new Uint8Array(png), { scan: true });
    const upload = await prepareGreyForOcr(new Uint8Array(png));
    expect(ruleLeft(scan)).toBe(0);
    expect(ruleLeft(upload)).toBeGreaterThan(1000);
    // The scanned page is enlarged to SCAN_OCR_WIDTH; an uploaded image of 1400 px or more is left at its width.
    expect(scan.width).toBe(SCAN_OCR_WIDTH);
    expect(upload.width).toBe(width);
  }, 30_000);
});

describe('the sparse header re-read of a scanned page', () => {
  it('drops the remains of a rule read with little confidence ("a db" at 0.23), and keeps a confident word or mends it from the first read', () => {
    const word = (text: string, x0: number, y0: number, conf: number) => ({ text, x0, x1: x0 + 20 * text.length, y0, y1: y0 + 26, conf });
    const sparse = [word('Main', 680, 172, 0.96), word('a', 297, 454, 0.23), word('db', 316, 454, 0.24), word('Acct:', 191, 416, 0.22)];
    const first = [{ ...word('Acct:', 191, 416, 0.9), lineKey: '1.1.1.3' }];
    expect(keepPlausibleBoxes(sparse, first, SCAN_SPARSE_MIN_CONFIDENCE).map((w) => `${w.text}@${w.conf}`)).toEqual(['Main@0.96', 'Acct:@0.9']);
    // An uploaded image keeps them (the photographs' own tuning is not changed).
    expect(keepPlausibleBoxes(sparse, first)).toHaveLength(4);
  });

  it('keeps a faint word of a plausible shape that nothing replaces, with its low confidence, so its field is marked', () => {
    const word = (text: string, x0: number, conf: number) => ({ text, x0, x1: x0 + 20 * text.length, y0: 100, y1: 126, conf });
    // A photographed name: "Powerline" read at 0.2 beside "Electrical Supply"; a border read as "[ee" at 0.23.
    const sparse = [word('Powerline', 100, 0.2), word('Electrical', 300, 0.9), word('Supply', 520, 0.9), word('[ee', 20, 0.23)];
    expect(keepPlausibleBoxes(sparse, [], SCAN_SPARSE_MIN_CONFIDENCE).map((w) => `${w.text}@${w.conf}`)).toEqual([
      'Powerline@0.2',
      'Electrical@0.9',
      'Supply@0.9',
    ]);
  });
});

describe('joinCollapsedPieces', () => {
  const word = (text: string, x0: number, x1: number, conf: number, lineKey = '1.1.1.11') => ({ text, x0, x1, y0: 635, y1: 661, conf, lineKey });

  it('joins the pieces of a split code, one of them with a collapsed box, and leaves words printed apart', () => {
    // D52 scanned: "H-500/100" came back as H-5 / 00/10 / 0, the "0" 1 px wide and 26 px high, all at 0.91723.
    const line = [word('1', 199, 209, 0.86741), word('BX', 225, 264, 0.86741), word('H-5', 494, 529, 0.91723), word('00/10', 558, 629, 0.91723), word('0', 641, 642, 0.91723), word('Hose', 930, 1004, 0.96587)];
    const joined = joinCollapsedPieces(line);
    expect(joined.map((w) => w.text)).toEqual(['1', 'BX', 'H-500/100', 'Hose']);
    expect(joined[2]).toMatchObject({ x0: 494, x1: 642, conf: 0.91723, lineKey: '1.1.1.11' });
  });

  it('keeps apart equal-confidence words with letter-wide boxes, pieces of other lines, and pieces too far apart', () => {
    // Two quantity cells of one row read at the same confidence; a piece on the next line; a gap over twice the height.
    expect(joinCollapsedPieces([word('1', 451, 461, 0.96), word('1', 643, 652, 0.96)]).map((w) => w.text)).toEqual(['1', '1']);
    expect(joinCollapsedPieces([word('T', 775, 780, 0.5), word('0', 783, 785, 0.5, '1.1.1.12')]).map((w) => w.text)).toEqual(['T', '0']);
    expect(joinCollapsedPieces([word('T0120', 776, 820, 0.5), word('0', 880, 881, 0.5)]).map((w) => w.text)).toEqual(['T0120', '0']);
  });
});

describe('a scanned grid table is read', () => {
  it("reads every row of a tuning page's bordered grid once it is scanned (E13, 0 of 7 rows before)", async () => {
    const { spec, bytes } = tuningPage('invoices-dev-extra', 'E13');
    const { pdf } = await scannedPdf(bytes, 0.5);
    const got = await createOfflineExtractor().extract({ bytes: new Uint8Array(pdf), mime: 'application/pdf', fileName: 'scan.pdf' });
    expect(got).toMatchObject({ invoice_number: spec.expected.invoice_number, supplier: spec.expected.supplier, invoice_date: spec.expected.invoice_date });
    expect(got.line_items.length).toBe(spec.expected.line_items.length);
  }, 120_000);
});
