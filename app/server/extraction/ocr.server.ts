/**
 * Offline OCR with tesseract.js and the English data shipped in the @tesseract.js-data/eng npm package: nothing is
 * downloaded at run time and no network is needed (STACK-NOTES: `langPath` + `cacheMethod: 'none'`).
 *
 * `recognizeImage(bytes)` → the page text, lines in reading order (a string with "\n" between lines). The image is
 * prepared with sharp first: EXIF orientation applied, grey scale, contrast stretched, small images enlarged. One
 * worker is kept warm and shared (jobs queue); it is closed after a minute idle. Throws when the image cannot be read.
 */
import { createRequire } from 'node:module';
import type { Worker } from 'tesseract.js';
import { loadSharp } from '../load-on-use.server';
import { deskGrey, estimateSkew, flattenLight, maxFilter, pageBox, removeDotLeaders, whitenShading, type GreyImage } from './clean-photo';
import { numeralsReadWithT, refineCodeWords, restoreSmallCaps, zerosReadAsSixInWords } from './layout/glyphs';
import { wordsByOcrLine, type WordBox } from './layout/words';

const require = createRequire(import.meta.url);
const IDLE_MS = 60_000;

let workerPromise: Promise<Worker> | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();

function englishDataPath(): string {
  return (require('@tesseract.js-data/eng') as { langPath: string }).langPath;
}

async function getWorker(): Promise<Worker> {
  workerPromise ??= (async () => {
    const { createWorker, OEM, PSM } = await import('tesseract.js');
    const worker = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath: englishDataPath(),
      cacheMethod: 'none',
      gzip: true,
    });
    await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, preserve_interword_spaces: '1', user_defined_dpi: '150' });
    return worker;
  })();
  try {
    return await workerPromise;
  } catch (error) {
    workerPromise = undefined;
    throw error;
  }
}

/** Closes the shared worker (tests, shutdown, idle). */
export async function closeOcrWorker(): Promise<void> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = undefined;
  const pending = workerPromise;
  workerPromise = undefined;
  if (pending) await (await pending.catch(() => undefined))?.terminate();
}

/**
 * Runs `job` on the shared worker in its turn of the queue (after the jobs before it); the worker is closed after
 * {@link IDLE_MS} idle. `signal` stops the job before it starts. Resolves or rejects as `job` does.
 */
function inWorkerTurn<T>(job: (worker: Worker) => Promise<T>, signal?: AbortSignal): Promise<T> {
  const run = queue.then(async () => {
    signal?.throwIfAborted();
    if (idleTimer) clearTimeout(idleTimer);
    const worker = await getWorker();
    try {
      return await job(worker);
    } finally {
      idleTimer = setTimeout(() => void closeOcrWorker(), IDLE_MS);
      idleTimer.unref();
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Smallest skew (degrees) that is straightened, on a photograph and on a scan alike. A scan's 1° tilt moves a row by a
 * line's height across a table 1000 px wide, so its cells fall into the rows above or below; the older 1.5° floor
 * for pages without a desk (set on two scanned PDFs) left such tables unread. Measured on tuning data only
 * (2026-11-28, `scripts/bench-rescan.ts` seed 11, 36 scanned pages skewed 0.4–1.5°): rows 47.1 → 74.9 %.
 */
export const MIN_SKEW_DEGREES = 0.3;

/**
 * Contrast stretch of a sparse page before OCR (percent of the pixels, as sharp's `normalise`): the darkest 0.1 %
 * become black and the brightest 0.5 % white. sharp's default (1 % and 99 %) takes the 1 % point as black, which on a
 * sparse page (ink under 1 % of the pixels: a short invoice scanned on a Letter page) is the light grey of the
 * letters' edges, so every letter is blown into a black blot. Used only where the default's black point is lighter
 * than {@link SPARSE_BLACK_POINT} ({@link contrastPercentiles}), and not on a photograph (its light is divided out
 * already; one tuning photo lost its invoice number); a page with more ink keeps the default. Measured on
 * tuning data only (2026-11-28, rescan seed 11 with {@link MIN_SKEW_DEGREES}): header 72.9 → 86.1 %, rows
 * 74.9 → 81.1 %; a tuning scanned PDF (D53) 0 → 5 of 5 rows once the black point was 64 rather than 128.
 */
export const CONTRAST_PERCENTILES = { lower: 0.1, upper: 99.5 } as const;

/** Grey level (0–255): a page whose darkest 1 % is lighter than this has too little ink for sharp's default stretch. */
export const SPARSE_BLACK_POINT = 64;

/**
 * The percentiles to stretch a grey page's contrast with: {@link CONTRAST_PERCENTILES} when under 1 % of its pixels
 * are darker than {@link SPARSE_BLACK_POINT} (a sparse page), else sharp's default (1 % and 99 %).
 */
export function contrastPercentiles({ px }: GreyImage): { lower: number; upper: number } {
  let dark = 0;
  for (let i = 0; i < px.length; i += 1) if (px[i]! < SPARSE_BLACK_POINT) dark += 1;
  return dark < px.length * 0.01 ? CONTRAST_PERCENTILES : { lower: 1, upper: 99 };
}

/** Width of the small copy the skew and the page edges are measured on. */
const MEASURE_WIDTH = 800;

type Sharp = Awaited<ReturnType<typeof loadSharp>>;

/** A grey image from sharp's raw output (the first channel, so a rotation's RGB background does not matter). */
async function toGrey(pipeline: ReturnType<Sharp>): Promise<GreyImage> {
  const { data, info } = await pipeline.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { px: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

const fromGrey = (sharp: Sharp, image: GreyImage) => sharp(image.px, { raw: { width: image.width, height: image.height, channels: 1 } });

/**
 * Straightens and cleans a photographed or scanned page (grey, full size): the skew is measured on a small copy and
 * undone when at least {@link MIN_SKEW_DEGREES}; a page photographed on a darker desk is cut out of it and its uneven light divided out (the paper's
 * brightness taken from a blurred maximum of a 1/16 copy) and marked `photo`.
 */
export async function straightenPage(sharp: Sharp, image: GreyImage): Promise<GreyImage & { photo?: true }> {
  const measure = (img: GreyImage) => (img.width > MEASURE_WIDTH ? toGrey(fromGrey(sharp, img).resize({ width: MEASURE_WIDTH })) : Promise.resolve(img));
  const small = await measure(image);
  const desk = deskGrey(small);
  const angle = estimateSkew(small);
  let page = image;
  if (Math.abs(angle) >= MIN_SKEW_DEGREES) {
    const fill = desk ?? 255;
    page = await toGrey(fromGrey(sharp, page).rotate(-angle, { background: { r: fill, g: fill, b: fill } }));
  }
  if (desk === null) return page;
  const smallPage = await measure(page);
  const box = pageBox(smallPage, desk);
  if (box) {
    const k = page.width / smallPage.width;
    const left = Math.max(0, Math.round(box.left * k));
    const top = Math.max(0, Math.round(box.top * k));
    const width = Math.min(page.width - left, Math.round((box.right - box.left + 1) * k));
    const height = Math.min(page.height - top, Math.round((box.bottom - box.top + 1) * k));
    page = await toGrey(fromGrey(sharp, page).extract({ left, top, width, height }));
  }
  const tiny = await toGrey(fromGrey(sharp, page).resize({ width: Math.max(8, Math.round(page.width / 16)), height: Math.max(8, Math.round(page.height / 16)), fit: 'fill' }));
  const paper = { px: paperBrightness(tiny), width: tiny.width, height: tiny.height };
  const background = await toGrey(fromGrey(sharp, paper).blur(2).resize({ width: page.width, height: page.height, fit: 'fill' }));
  flattenLight(page, background.px);
  return { ...page, photo: true };
}

/**
 * The paper's brightness around each pixel of a 1/16 copy of a photographed page: the brightest pixel within 3
 * (about 50 px of the page), which follows uneven light closely — except where that is far darker (under 60 %) than
 * the brightest within 8: there no paper is near, the pixel lies inside a wide dark bar (a heading band), and the
 * paper further away is used, so the bar stays dark and is inverted later instead of being "lightened" to a faint
 * grey that reads as noise.
 */
export function paperBrightness(tiny: GreyImage): Uint8Array {
  const near = maxFilter(tiny, 3);
  const far = maxFilter(tiny, 8);
  for (let i = 0; i < near.length; i += 1) if (near[i]! < 0.6 * far[i]!) near[i] = far[i]!;
  return near;
}

/**
 * Grey, contrast-stretched PNG at a width tesseract reads well (about 1600–2400 px): EXIF orientation applied, a
 * tilted or photographed page straightened and cleaned ({@link straightenPage}), small pages enlarged, a photograph
 * sharpened ({@link PHOTO_SHARPEN_SIGMA}), dark heading bands inverted, mid-grey shading whitened
 * ({@link whitenShading}, not on a photograph), table rules removed. A scanned page (`options.scan`) is enlarged to
 * {@link SCAN_OCR_WIDTH}, its dotted leaders removed ({@link leaderDotSize}) and its fainter rules removed too
 * ({@link SCAN_RULE_DARK}).
 */
export async function prepareForOcr(bytes: Uint8Array, options: OcrOptions = {}): Promise<Buffer> {
  const sharp = await loadSharp();
  return fromGrey(sharp, await prepareGreyForOcr(bytes, options)).png().toBuffer();
}

/** How a page image came: `scan` for a page of a PDF without a text layer (a scanned page rendered by pdf.server.ts). */
export interface OcrOptions {
  scan?: boolean;
}

/** {@link prepareForOcr}'s image as grey pixels (the page the OCR's word boxes refer to). */
export async function prepareGreyForOcr(bytes: Uint8Array, options: OcrOptions = {}): Promise<GreyImage & { photo?: true }> {
  const sharp = await loadSharp();
  const grey = await toGrey(sharp(bytes, { failOn: 'error' }).rotate().flatten({ background: '#ffffff' }).greyscale());
  const page = await straightenPage(sharp, grey);
  const width = page.width;
  let pipeline = fromGrey(sharp, page).normalise(page.photo ? { lower: 1, upper: 99 } : contrastPercentiles(page));
  if (options.scan && width < SCAN_OCR_WIDTH) pipeline = pipeline.resize({ width: SCAN_OCR_WIDTH });
  else if (width && width < 1400) pipeline = pipeline.resize({ width: Math.min(width * 2, 2000) });
  if (page.photo) pipeline = pipeline.sharpen({ sigma: PHOTO_SHARPEN_SIGMA });
  if (width > 3000) pipeline = pipeline.resize({ width: 2400 });
  const { px: data, width: w, height: h } = await toGrey(pipeline);
  invertDarkBands(data, w, h);
  if (!page.photo) invertDarkBoxes(data, w, h);
  // Not on a photograph: its light is already flattened, and whitening its noisy grey mottles the paper.
  if (!page.photo) whitenShading({ px: data, width: w, height: h }, shadingRadius(w));
  if (options.scan) removeDotLeaders({ px: data, width: w, height: h }, leaderDotSize(w));
  if (options.scan) removeRules(data, w, h, SCAN_RULE_DARK);
  else if (page.photo) removeRules(data, w, h, PHOTO_RULE_DARK, PHOTO_RULE_CONTRAST);
  else removeRules(data, w, h);
  return { px: data, width: w, height: h, ...(page.photo ? { photo: true as const } : {}) };
}

/**
 * Width (px) a scanned page narrower than this is enlarged to before the OCR (other pages: twice their width up to
 * 2000 px when under 1400). A 150 dpi scan of a Letter page (1275 px of print) enlarged to a 2000 px page left 10–11 px
 * print 14 px tall: header words ran together ("QtyShp", "Pant" for "Part") and digits of part numbers came apart
 * ("7 1 1 0 1-T B A"). Measured on tuning data only (2026-11-28, `bench-rescan.ts` seed 37 with the second extra set,
 * 48 pages, after {@link SCAN_RULE_DARK} and the scan rendered at its own resolution): rows 86.7 → 89.3 %, header
 * 95.3 → 95.8 %, silent 1 → 0; the OCR reads about 1.7 times the pixels.
 */
export const SCAN_OCR_WIDTH = 2600;

/**
 * Largest dot (px, wide and tall) of a dotted leader on a prepared page `width` px wide ({@link removeDotLeaders}, run
 * on a scanned page): 1/260 of the width, 10 px on a {@link SCAN_OCR_WIDTH} page, where a leader's dots measure 5–7 px
 * and capitals of 10 px print about 20 px. A scanned leader ("HOOD ASSY ········ 551.10", L29) was read as a long
 * word of letters run into the description ("HOOD ASSY **ccccccsecccc…", "HEADLAMPASSY-LE"). Measured on tuning data
 * only (2026-11-28, `bench-rescan.ts` seed 71): see docs/invoice-reading.md.
 */
export const leaderDotSize = (width: number): number => Math.round(width / 260);

/**
 * Radius (px) of the square {@link whitenShading} measures the background with, for a page `width` px wide: about
 * 1/180 of the width (8 px on a 1440 px page, where text is about 17 px tall and a shaded row about 40 px), so the
 * square is wider than a bold stroke and fits inside a shaded row.
 */
export const shadingRadius = (width: number): number => Math.max(3, Math.round(width / 180));

/**
 * Unsharp-mask radius (px, on the enlarged page) applied to a photographed page before OCR. Measured on tuning data
 * only (2026-11-25): the development set's six tuning photographs, the six photographs of the extra layouts and 48
 * fresh photographs of tuning pages (two seeds): rows read 60–64 → 67–71 % on the fresh photographs, 37.5 → 54.2 % on
 * the extra layouts'; σ 1 and σ 3 did worse.
 */
export const PHOTO_SHARPEN_SIGMA = 2;

/**
 * Share (0..1) of a page's words read with confidence under 0.5 that {@link recognizeWords} takes for a bad read of
 * the page in Tesseract's single-block mode, and reads the page again in its single-column mode (PSM 4). On a
 * photographed table whose ruled rows the single-block mode merged into lines two rows tall (random layout R22's
 * photograph: 92 of 214 words under 0.5, every row but four lost), the single-column mode read 10 of 241 words under
 * 0.5 and every row. The second read is kept when its share is at most {@link REREAD_BETTER_BY} times the first's.
 */
export const REREAD_DOUBTFUL_SHARE = 0.25;

/** How much smaller the second read's doubtful share must be for it to be kept ({@link REREAD_DOUBTFUL_SHARE}). */
export const REREAD_BETTER_BY = 0.6;

/** Share (0..1) of `words` read with confidence under 0.5; 1 for no words. */
export function doubtfulShare(words: WordBox[]): number {
  return words.length ? words.filter((w) => w.conf < 0.5).length / words.length : 1;
}

/** Reading one page took longer than {@link OCR_PAGE_LIMIT_MS}; the worker was stopped. */
export class OcrTimeoutError extends Error {
  override name = 'OcrTimeoutError';
}

/** Longest OCR of one page before it is stopped (the form must answer within its time limit). */
export const OCR_PAGE_LIMIT_MS = 45_000;

/**
 * Light text on a dark heading bar becomes dark on light, in place. A pixel row is dark when more than 55 % of it is
 * under 110; a run of dark rows taller than {@link MAX_RULE_THICKNESS} is a bar that can hold text (a thinner run is a
 * table rule, left for {@link removeRules}). In each row of a bar only the bar's own span is inverted — from the first
 * to the last 32 px stretch that is mostly dark, widened over the bar's dark edge pixels — so the paper beside a bar
 * that stops short of the page's edge stays white (inverted, it would read as a black block beside the first and last
 * words). A bar is a rectangle: every row of it is inverted over the widest span found in any of its rows, since a
 * row through light letters printed near the bar's end ("Item" at its left edge, "Extended" at its right) finds no
 * mostly-dark stretch there, and those letters were left half inverted ('=m Number', 'Extossdost=').
 */
export function invertDarkBands(px: Uint8Array, width: number, height: number): void {
  const dark = new Uint8Array(height);
  for (let y = 0; y < height; y += 1) {
    let count = 0;
    const row = y * width;
    for (let x = 0; x < width; x += 1) if (px[row + x]! < 110) count += 1;
    dark[y] = count / width > 0.55 ? 1 : 0;
  }
  for (let y = 0; y < height; ) {
    if (!dark[y]) {
      y += 1;
      continue;
    }
    let end = y;
    while (end + 1 < height && dark[end + 1]) end += 1;
    if (end - y + 1 > MAX_RULE_THICKNESS) {
      const union = (contiguous: boolean) => {
        let [first, last] = [width, -1];
        for (let r = y; r <= end; r += 1) {
          const span = barSpan(px, r * width, width, contiguous);
          if (!span) continue;
          first = Math.min(first, span[0]);
          last = Math.max(last, span[1]);
        }
        return [first, last] as const;
      };
      // A bar across the page is inverted over its rows as found. A narrower one (its own stretch of each row, not
      // bold print beside it past a gap, under 0.8 of the page: random layout R111's name band beside "PARTS INVOICE",
      // which was inverted with it) over that stretch, and over all its rows:
      let [first, last] = union(true);
      const narrow = last - first + 1 < width * 0.8;
      if (!narrow) [first, last] = union(false);
      // Rows through the bar's light letters may hold too little dark to count as the bar's: the bar goes on up and
      // down while a third or more of its span is dark (R111's name band in large bold letters was inverted over its
      // top rows only, its letters left half white on black). A bar across the page too: the row through the tops of
      // a name's large capitals split random layout R2159's band in two, and stayed dark across the letters, a
      // strike-through the OCR read nothing under (the bill-to name was then taken for the supplier).
      const within = (r: number) => {
        let n = 0;
        for (let x = first; x <= last; x += 1) if (px[r * width + x]! < 110) n += 1;
        return n / (last - first + 1);
      };
      let top = y;
      while (last >= first && top > 0 && within(top - 1) >= BAR_ROW_DARK) top -= 1;
      while (last >= first && end + 1 < height && within(end + 1) >= BAR_ROW_DARK) end += 1;
      for (let r = top; r <= end && last >= first; r += 1) for (let x = first; x <= last; x += 1) px[r * width + x] = 255 - px[r * width + x]!;
    }
    y = end + 1;
  }
}

/** Share of a bar's span that is dark in a row through its letters ({@link invertDarkBands}); text rows hold far less. */
export const BAR_ROW_DARK = 0.35;

/**
 * Light text in a dark box that does not span the page (a white-on-blue "Amount Due" box, a row of white-on-teal
 * label cells over "Invoice", "Date", "Customer PO") becomes dark on light, in place — what {@link invertDarkBands}
 * does for bars across the page. The page is cut into square cells of {@link DARK_BOX_CELL} px; a cell is dark when
 * at least 70 % of its pixels are under 128. A 4-connected group of dark cells at least 3 cells tall and 6 wide,
 * filling at least 60 % of its bounding box (the letters' cells are the holes), and holding light pixels (over 180:
 * its text) in at least 3 % of the box, is a dark box: in each of its cell rows, the span from its leftmost to its
 * rightmost dark cell is inverted, widened pixel by pixel over the box's darker-than-160 edge, and up to a cell's
 * height of pixel rows above and below that are mostly dark (the box's edge off the cell grid) is inverted too. The
 * strokes of black print are thinner than a cell or leave it mostly light, so text is never a dark box. Without
 * this, {@link whitenShading} whitened a mid-grey box's background and its white letters alike (the labels were
 * lost, and the invoice number under them was not found).
 */
export function invertDarkBoxes(px: Uint8Array, width: number, height: number): void {
  const c = DARK_BOX_CELL;
  const cw = Math.floor(width / c);
  const ch = Math.floor(height / c);
  const dark = new Uint8Array(cw * ch);
  for (let cy = 0; cy < ch; cy += 1) {
    for (let cx = 0; cx < cw; cx += 1) {
      let n = 0;
      for (let y = cy * c; y < cy * c + c; y += 1) for (let x = cx * c; x < cx * c + c; x += 1) if (px[y * width + x]! < 128) n += 1;
      dark[cy * cw + cx] = n >= 0.7 * c * c ? 1 : 0;
    }
  }
  const group = new Int32Array(cw * ch).fill(-1);
  const stack: number[] = [];
  for (let start = 0; start < dark.length; start += 1) {
    if (!dark[start] || group[start]! >= 0) continue;
    const cells: number[] = [];
    group[start] = start;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      cells.push(i);
      const x = i % cw;
      for (const j of [i - cw, i + cw, x > 0 ? i - 1 : -1, x + 1 < cw ? i + 1 : -1]) {
        if (j >= 0 && j < dark.length && dark[j] && group[j]! < 0) {
          group[j] = start;
          stack.push(j);
        }
      }
    }
    const xs = cells.map((i) => i % cw);
    const ys = cells.map((i) => Math.floor(i / cw));
    const [bx0, bx1, by0, by1] = [Math.min(...xs), Math.max(...xs) + 1, Math.min(...ys), Math.max(...ys) + 1];
    if (by1 - by0 < 3 || bx1 - bx0 < 6 || cells.length < 0.6 * (bx1 - bx0) * (by1 - by0)) continue;
    let light = 0;
    for (let y = by0 * c; y < by1 * c; y += 1) for (let x = bx0 * c; x < bx1 * c; x += 1) if (px[y * width + x]! > 180) light += 1;
    if (light < 0.03 * (bx1 - bx0) * (by1 - by0) * c * c) continue;
    // Each cell row's span, from its leftmost to its rightmost dark cell of the group.
    const spans = new Map<number, [number, number]>();
    for (const [k, y] of ys.entries()) {
      const span = spans.get(y);
      spans.set(y, span ? [Math.min(span[0], xs[k]!), Math.max(span[1], xs[k]! + 1)] : [xs[k]!, xs[k]! + 1]);
    }
    const invertRow = (y: number, from: number, to: number) => {
      const row = y * width;
      while (from > 0 && px[row + from - 1]! < 160) from -= 1;
      while (to < width && px[row + to]! < 160) to += 1;
      for (let x = from; x < to; x += 1) px[row + x] = 255 - px[row + x]!;
    };
    const mostlyDark = (y: number, from: number, to: number) => {
      let n = 0;
      for (let x = from; x < to; x += 1) if (px[y * width + x]! < 128) n += 1;
      return n >= 0.7 * (to - from);
    };
    for (const [cy, [x0, x1]] of spans) for (let y = cy * c; y < cy * c + c; y += 1) invertRow(y, x0 * c, x1 * c);
    const top = spans.get(by0)!;
    for (let y = by0 * c - 1; y >= Math.max(0, by0 * c - c) && mostlyDark(y, top[0] * c, top[1] * c); y -= 1) invertRow(y, top[0] * c, top[1] * c);
    const bottom = spans.get(by1 - 1)!;
    for (let y = by1 * c; y < Math.min(height, by1 * c + c) && mostlyDark(y, bottom[0] * c, bottom[1] * c); y += 1) invertRow(y, bottom[0] * c, bottom[1] * c);
  }
}

/** Side (px) of the square cells {@link invertDarkBoxes} looks for dark boxes in. */
export const DARK_BOX_CELL = 8;

/**
 * The dark bar's own span `[first, last]` (x, inclusive) in one pixel row starting at `row`, or null (see
 * {@link invertDarkBands}): from the first to the last mostly-dark window, or with `contiguous` the widest stretch of
 * such windows across gaps of less than a window.
 */
function barSpan(px: Uint8Array, row: number, width: number, contiguous = false): [number, number] | null {
  const span = Math.min(32, width);
  // Dark pixels in the window [x, x + span), slid along the row.
  let inWindow = 0;
  for (let x = 0; x < span; x += 1) if (px[row + x]! < 110) inWindow += 1;
  // The widest stretch of mostly-dark windows, across gaps of less than a window (a bar's light letters): bold print
  // beside the bar, past a wider gap, is not the bar's (R111's "PARTS INVOICE" was inverted with its name band).
  let first = -1;
  let last = -1;
  let from = -1;
  let to = -1;
  for (let x = 0; x + span <= width; x += 1) {
    if (inWindow * 2 > span) {
      if (from < 0 || (contiguous && x - (to - span + 1) > span)) from = x;
      to = x + span - 1;
      if (to - from > last - first) [first, last] = [from, to];
    }
    if (x + span < width) inWindow += (px[row + x + span]! < 110 ? 1 : 0) - (px[row + x]! < 110 ? 1 : 0);
  }
  if (first < 0) return null;
  // The windows reach past the bar by up to half their width: start and end on the bar's own dark pixels.
  while (first < last && px[row + first]! >= 110) first += 1;
  while (last > first && px[row + last]! >= 110) last -= 1;
  while (first > 0 && px[row + first - 1]! < 160) first -= 1;
  while (last + 1 < width && px[row + last + 1]! < 160) last += 1;
  return [first, last];
}

/**
 * Grey level (0–255) under which a pixel of a scanned page may belong to a table rule ({@link removeRules}'s
 * `darkBelow`). A scan (grey, JPEG, resampled) turns a 1 px rule into a band of 155–190 grey, lighter than the
 * default 160 cut-off, so a grid stayed on the page and the OCR read its rules as "[" and "|" and ran the cells'
 * words together ("Trmcoverbumperfont"); a dashed rule under the last row merged with it. Rules are still told from
 * text by their length and thinness. Measured on tuning data only (2026-11-28, `bench-rescan.ts` seed 37 with the
 * second extra set, 48 pages): header 91.7 → 94.3 %, rows 76.8 → 78.9 %.
 */
export const SCAN_RULE_DARK = 210;

/**
 * Widest gap (px, on the prepared page) between the dashes of a horizontal dashed rule, and the least share of the
 * rule's length that is ink: a photographed parts-counter ticket's dashed rule under the last row, enlarged to about
 * 2000 px, has dashes about as long as its 6–11 px gaps; left on the page it ran into the last row's descenders and
 * Tesseract read "10.05" as "1005" and "5 EA" as "SEA" (the row lost on two tuning photographs). Text never forms
 * such a line: its rows of pixels lie in bands thicker than {@link MAX_RULE_THICKNESS}.
 */
export const DASHED_RULE_GAP = 12;
export const DASHED_RULE_INK = 0.3;
/**
 * Thickest band (pixel rows) taken for a dashed rule: that ticket prints two dashed lines 6 px apart, blurred into one
 * 7-row band; a line of text, even 12 px print enlarged, is a band of 20 rows or more.
 */
export const DASHED_RULE_THICKNESS = 10;


/** Thickest table rule in pixel rows (or columns) on the prepared page: a thicker dark band is a bar, not a rule. */
export const MAX_RULE_THICKNESS = 6;

/**
 * How far (pixel lines, either side) a rule's erasure reaches past its dark core into its soft shoulders: lines whose
 * mean grey along the rule's runs is under {@link RULE_SHOULDER_GREY}. A photographed grid rule, blurred and
 * enlarged, is a 3 px dark core between grey shoulders of 206–224 that stayed as two faint lines beside the text
 * ("Part Number" lost its "Part" beside one).
 */
export const RULE_SHOULDER_LINES = 4;
/** Grey level (0–255) under which a line beside a rule is still the rule's shoulder, not paper. */
export const RULE_SHOULDER_GREY = 236;
/** How much lighter (grey levels) the next line outwards must be for a line to count as a shoulder, not shading. */
export const RULE_SHOULDER_RISE = 8;

/**
 * How a photographed page's rules are told from flat grey ({@link removeRules}' `contrast`): a pixel is a rule's ink
 * when darker than the default cut-off, as on any page, or when darker than {@link PHOTO_RULE_DARK} AND at least
 * `levels` darker than BOTH pixels `reach` px away on either side of it, above and below or left and right. A
 * photographed grid rule, blurred and enlarged, keeps a core of only 160–180 grey (the default cut-off, 160, missed
 * it, and Tesseract's single-block mode merged the ruled rows into lines two rows tall: random layout R26's
 * photograph, 0 of 14 rows); across a thin rule the paper is near on both sides, so it passes. Inside a flat grey
 * heading band (about 190) every neighbour is as grey: a bare cut-off of 200 took the band's columns for vertical
 * rules and cut its heads into stripes (R6's photograph, 7 of 8 rows lost). At the edge of a grey band (green-bar
 * paper's stripes) only one side is paper: a one-sided test took the band's edge for a rule and cut the rows printed
 * across it (tuning photograph D41 lost its total).
 */
export interface RuleContrast {
  levels: number;
  reach: number;
}

/** The grey level under which a photographed page's pixel may be a rule's ink (with {@link PHOTO_RULE_CONTRAST}). */
export const PHOTO_RULE_DARK = 200;
/** See {@link RuleContrast}; measured on random layouts' photographs of tuning seeds only (docs/invoice-reading.md). */
export const PHOTO_RULE_CONTRAST: RuleContrast = { levels: 30, reach: 6 };

/**
 * The {@link RuleContrast} ink mask of an image: 1 where a pixel is under `alwaysBelow`, or under `darkBelow` and
 * `levels` darker than both its neighbours `reach` px away across it (vertically or horizontally); pixels past the
 * image's edge count as paper (255).
 */
export function contrastInk({ px, width, height }: GreyImage, darkBelow: number, { levels, reach }: RuleContrast, alwaysBelow = 0): Uint8Array {
  const mask = new Uint8Array(px.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const v = px[i]!;
      if (v < alwaysBelow) {
        mask[i] = 1;
        continue;
      }
      if (v >= darkBelow) continue;
      const across = Math.min(y >= reach ? px[i - reach * width]! : 255, y + reach < height ? px[i + reach * width]! : 255);
      const along = Math.min(x >= reach ? px[i - reach]! : 255, x + reach < width ? px[i + reach]! : 255);
      if (Math.max(across, along) - v >= levels) mask[i] = 1;
    }
  }
  return mask;
}

/**
 * Whitens table rules (solid, dashed or dotted lines) in a grey image, in place: tesseract reads bordered tables
 * much better without them. A horizontal rule is a thin band (at most 6 px) of pixel rows whose dark pixels span at
 * least a fifth of the width with gaps of at most 5 px (text has wider gaps between strokes), or of at most
 * {@link DASHED_RULE_GAP} px when at least {@link DASHED_RULE_INK} of it is ink (a dashed rule, cut where ink rises
 * from it or hangs below: the bottom edge of a line of capitals is as dense, and a first version erased it and read
 * "SPACER, L. FR. BUMPER SIDE" as "SPACFR I FR RIIMDER SINE"); thicker bands (a
 * coloured heading bar) are left alone. Vertical rules likewise by column: at least a tenth of the height with gaps of
 * at most 5 px, or (a short table's column rules) at least 1/25 of the width with gaps of at most 1 px: taller than
 * two text lines, and solid, which strokes of letters on lines one above the other never are. A pixel is dark under
 * `darkBelow` when given (a scanned page: {@link SCAN_RULE_DARK}), else under 160 or three quarters of the page's mean
 * grey, whichever is darker; with `contrast` (a photograph), also when under `darkBelow` and darker than the paper
 * on both sides of it ({@link RuleContrast}).
 */
export function removeRules(px: Uint8Array, width: number, height: number, darkBelow?: number, contrast?: RuleContrast): void {
  let sum = 0;
  for (let i = 0; i < px.length; i += 1) sum += px[i]!;
  const usual = Math.min(160, (sum / px.length) * 0.75);
  const threshold = darkBelow ?? usual;
  const mask = contrast ? contrastInk({ px, width, height }, threshold, contrast, usual) : null;
  const isInk = mask ? (i: number) => mask[i] === 1 : (i: number) => px[i]! < threshold;
  const erase = new Uint8Array(px.length);
  const scan = (count: number, length: number, at: (line: number, pos: number) => number, minRun: number, maxGap = 5, minInk = 0, thickest = MAX_RULE_THICKNESS) => {
    const runs: [number, number][][] = [];
    for (let line = 0; line < count; line += 1) {
      const found: [number, number][] = [];
      let start = -1;
      let last = -1;
      let ink = 0;
      for (let pos = 0; pos <= length; pos += 1) {
        const isDark = pos < length && isInk(at(line, pos));
        if (!isDark && pos < length) continue;
        if (pos === length || start < 0 || pos - last > maxGap + 1) {
          if (start >= 0 && last - start >= minRun && ink >= minInk * (last - start + 1)) found.push([start, last]);
          start = pos;
          ink = 0;
        }
        ink += 1;
        last = pos;
      }
      runs.push(found);
    }
    for (let line = 0; line < count; ) {
      if (!runs[line]!.length) {
        line += 1;
        continue;
      }
      let end = line;
      while (end + 1 < count && runs[end + 1]!.length) end += 1;
      // A dashed rule stands alone: its runs are cut where ink rises from them or hangs below (two lines outside
      // the band), and only pieces still long and inked enough are the rule — the bottom edge of a line of capitals
      // is as dense and as thin, but a stroke rises from it every letter; a dot leader after a description keeps the
      // letters it touches.
      if (minInk > 0) {
        const touched = (pos: number) => [line - 2, end + 2].some((l) => l >= 0 && l < count && isInk(at(l, pos)));
        for (let l = line; l <= end; l += 1) {
          runs[l] = runs[l]!.flatMap(([from, to]) => {
            const pieces: [number, number][] = [];
            let start = -1;
            for (let p = from; p <= to + 1; p += 1) {
              if (p <= to && !touched(p)) {
                if (start < 0) start = p;
                continue;
              }
              if (start >= 0 && p - 1 - start >= minRun) {
                let ink = 0;
                for (let q = start; q < p; q += 1) if (isInk(at(l, q))) ink += 1;
                if (ink >= minInk * (p - start)) pieces.push([start, p - 1]);
              }
              start = -1;
            }
            return pieces;
          });
        }
      }
      const kept = runs.slice(line, end + 1).every((r) => r.length > 0);
      if (end - line < thickest && kept) {
        // A blurred rule's soft shoulders go too: lines beside it still grey along the rule's runs and growing
        // lighter outwards, with no ink in them (on shading, which is flat, the erasure stops at the core; beside
        // letters, whose strokes are ink, too).
        const mean = (l: number, runsOf: [number, number][]) => {
          if (l < 0 || l >= count) return 255;
          let sum = 0;
          let n = 0;
          for (const [from, to] of runsOf) for (let p = from; p <= to; p += 1, n += 1) sum += px[at(l, p)]!;
          return n > 0 ? sum / n : 255;
        };
        // Grey nearly all along (letters beside a rule are ink only here and there) and lighter outwards.
        const shoulder = (l: number, out: number, runsOf: [number, number][]) => {
          let grey = 0;
          let ink = 0;
          let n = 0;
          for (const [from, to] of runsOf) {
            for (let p = from; p <= to; p += 1, n += 1) {
              const v = px[at(l, p)]!;
              if (v < RULE_SHOULDER_GREY) grey += 1;
              if (isInk(at(l, p))) ink += 1;
            }
          }
          return n > 0 && grey >= 0.8 * n && ink <= 0.02 * n && mean(l, runsOf) + RULE_SHOULDER_RISE <= mean(l + out, runsOf);
        };
        let first = Math.max(0, line - 1);
        while (first > 0 && line - first < RULE_SHOULDER_LINES && shoulder(first - 1, -1, runs[line]!)) first -= 1;
        let last = Math.min(count - 1, end + 1);
        while (last < count - 1 && last - end < RULE_SHOULDER_LINES && shoulder(last + 1, 1, runs[end]!)) last += 1;
        for (let l = first; l <= last; l += 1) {
          // In a shoulder line only its grey goes: a letter's stroke touching the rule stays.
          const beyondCore = l < line - 1 || l > end + 1;
          for (const [from, to] of runs[Math.min(Math.max(l, line), end)]!) {
            for (let p = from; p <= to; p += 1) if (!beyondCore || !isInk(at(l, p))) erase[at(l, p)] = 1;
          }
        }
      }
      line = end + 1;
    }
  };
  scan(height, width, (y, x) => y * width + x, Math.floor(width / 5));
  scan(height, width, (y, x) => y * width + x, Math.floor(width / 5), DASHED_RULE_GAP, DASHED_RULE_INK, DASHED_RULE_THICKNESS);
  scan(width, height, (x, y) => y * width + x, Math.floor(height / 10));
  scan(width, height, (x, y) => y * width + x, Math.round(width / 25), 1);
  for (let i = 0; i < px.length; i += 1) if (erase[i]) px[i] = 255;
}

/** What `recognizeWords` returns: the page text, every word with its box and confidence, and the prepared size. */
export interface OcrPage {
  text: string;
  words: WordBox[];
  width: number;
  height: number;
  /** Mean word confidence 0..1 (0 when no words). */
  confidence: number;
  /** The prepared (grey, cleaned) image the words' boxes refer to, as a PNG. */
  prepared: Buffer;
  /** The same image as grey pixels (for a second look at its words without decoding the PNG again). */
  grey: GreyImage;
  /** A photograph: the page was found on a darker desk, cut out and its light flattened ({@link straightenPage}). */
  photo?: true;
}

/**
 * Parses Tesseract's TSV output into word boxes (level-5 rows; confidence 0..100 → 0..1). Words of one Tesseract
 * line share a `lineKey` ("block.par.line").
 */
export function parseTsv(tsv: string): WordBox[] {
  const words: WordBox[] = [];
  for (const row of tsv.split('\n')) {
    const f = row.split('\t');
    if (f.length < 12 || f[0] !== '5') continue;
    const text = f.slice(11).join('\t').trim();
    // Table rules read as letters: bars, brackets, underscores alone are not words.
    if (!text || /^[|¦[\]{}_=~]+$/.test(text)) continue;
    const [left, top, width, height, conf] = [f[6], f[7], f[8], f[9], f[10]].map(Number) as [number, number, number, number, number];
    words.push({ text, x0: left, y0: top, x1: left + width, y1: top + height, conf: Math.max(0, Math.min(1, conf / 100)), lineKey: `${f[1]}.${f[2]}.${f[3]}.${f[4]}` });
  }
  return words;
}

/**
 * Joins the pieces of a word split apart on a scanned page (by the glyph check, `refineCodeWords`, which gives each
 * piece of a word it splits the word's confidence): a run of neighbouring words of one Tesseract line with the same
 * confidence to 0.05 points of 100, at most twice the line's height apart, of which at least one has a collapsed box
 * (narrower than 0.3 × its height per character: a "0" 1 px wide and 26 px high), is one word — its text the pieces'
 * joined without spaces, its box their union. Scans of 150 dpi print split part numbers so ("7 1 198-T B A-A 01",
 * "H 0 2 5 02 1 8 3", "H-5 00/10 0"); words printed apart ("1 BX", two "1" cells) have boxes as wide as their letters
 * and stay apart. Returns the words in their order, each run replaced by one word. Measured on tuning data only
 * (2026-11-28, `bench-rescan.ts` seed 37 with the second extra set): see docs/invoice-reading.md.
 */
export function joinCollapsedPieces(words: WordBox[]): WordBox[] {
  const collapsed = (w: WordBox) => w.x1 - w.x0 < 0.3 * (w.y1 - w.y0) * Math.max(1, w.text.length);
  const out: WordBox[] = [];
  let run: WordBox[] = [];
  const flush = () => {
    if (run.length > 1 && run.some(collapsed)) {
      out.push({
        ...run[0]!,
        text: run.map((w) => w.text).join(''),
        x0: Math.min(...run.map((w) => w.x0)),
        x1: Math.max(...run.map((w) => w.x1)),
        y0: Math.min(...run.map((w) => w.y0)),
        y1: Math.max(...run.map((w) => w.y1)),
      });
    } else out.push(...run);
    run = [];
  };
  for (const w of words) {
    const last = run[run.length - 1];
    const together = last && last.lineKey === w.lineKey && Math.abs(last.conf - w.conf) < 0.0005 && w.x0 >= last.x0 && w.x0 - last.x1 <= 2 * Math.max(w.y1 - w.y0, last.y1 - last.y0);
    if (!together) flush();
    run.push(w);
  }
  flush();
  return out;
}

/**
 * Reads one word's box again on its own (a 3 px margin, enlarged 2×, Tesseract's single-line mode): a code the page's
 * read garbled is often read right alone. Resolves to '' when the box cannot be cut. Runs on the caller's worker,
 * inside its queue turn.
 */
async function rereadWord(worker: Worker, grey: GreyImage, box: { x0: number; y0: number; x1: number; y1: number }): Promise<string> {
  const sharp = await loadSharp();
  const left = Math.max(0, Math.floor(box.x0) - 3);
  const top = Math.max(0, Math.floor(box.y0) - 3);
  const width = Math.min(grey.width, Math.ceil(box.x1) + 3) - left;
  const height = Math.min(grey.height, Math.ceil(box.y1) + 3) - top;
  if (width < 4 || height < 4) return '';
  const crop = await fromGrey(sharp, grey).extract({ left, top, width, height }).resize({ width: width * 2, kernel: 'lanczos3' }).extend({ top: 10, bottom: 10, left: 10, right: 10, background: { r: 255, g: 255, b: 255 } }).png().toBuffer();
  const { PSM } = await import('tesseract.js');
  await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE });
  try {
    const { data } = await worker.recognize(crop, {}, { text: true });
    return data.text.trim();
  } finally {
    await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
  }
}

/** Reads the words of an image with their boxes (see module docs). `signal` stops before the OCR starts. */
export async function recognizeWords(bytes: Uint8Array, signal?: AbortSignal, options: OcrOptions = {}): Promise<OcrPage> {
  const sharp = await loadSharp();
  const grey = await prepareGreyForOcr(bytes, options);
  const prepared = await fromGrey(sharp, grey).png().toBuffer();
  signal?.throwIfAborted();
  return inWorkerTurn(async (worker) => {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new OcrTimeoutError(`OCR took longer than ${OCR_PAGE_LIMIT_MS / 1000} s`)), OCR_PAGE_LIMIT_MS);
    });
    let data;
    try {
      ({ data } = await Promise.race([worker.recognize(prepared, { rotateAuto: true }, { text: true, tsv: true }), limit]));
      // A page the single-block mode read badly (rows of a table merged into lines two rows tall) is read again as
      // a column of blocks; the read with fewer doubtful words is kept.
      const first = doubtfulShare(parseTsv(data.tsv ?? ''));
      if (first >= REREAD_DOUBTFUL_SHARE) {
        const { PSM } = await import('tesseract.js');
        await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_COLUMN });
        try {
          const again = (await Promise.race([worker.recognize(prepared, { rotateAuto: true }, { text: true, tsv: true }), limit])).data;
          if (doubtfulShare(parseTsv(again.tsv ?? '')) <= first * REREAD_BETTER_BY) data = again;
        } finally {
          await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
        }
      }
    } catch (error) {
      // A stopped recognition leaves the worker busy: end it, the next page starts a fresh one.
      if (error instanceof OcrTimeoutError) await closeOcrWorker();
      throw error;
    } finally {
      clearTimeout(timer);
    }
    const refined = await refineCodeWords(parseTsv(data.tsv ?? ''), grey, (box) => rereadWord(worker, grey, box));
    // A roman numeral's I read as "T" ("Cubitron IT") and a dotted zero read as 6 in a short number ("16 PK" for
    // 10 PK) are read again from their glyphs, marked for checking.
    const words = zerosReadAsSixInWords(numeralsReadWithT(restoreSmallCaps(options.scan ? joinCollapsedPieces(refined) : refined, grey), grey), grey);
    const confidence = words.length ? words.reduce((s, w) => s + w.conf, 0) / words.length : 0;
    return { text: data.text, words, width: grey.width, height: grey.height, confidence, prepared, grey, ...(grey.photo ? { photo: true as const } : {}) };
  }, signal);
}

/**
 * Reads the band `[0, bottom)` of a prepared page again in Tesseract's sparse-text mode, which finds the scattered
 * header blocks (a tall supplier name beside small label boxes) that the single-block mode, best for the table,
 * sometimes merges or drops. Words carry no `lineKey` (lines are grouped by position); small capitals get their
 * printed case back as on the whole page.
 */
export async function recognizeTopSparse(prepared: Buffer, bottom: number, signal?: AbortSignal): Promise<WordBox[]> {
  const sharp = await loadSharp();
  const meta = await sharp(prepared).metadata();
  const height = Math.min(meta.height ?? 0, Math.round(bottom));
  if (height < 20 || !meta.width) return [];
  const band = await sharp(prepared).extract({ left: 0, top: 0, width: meta.width, height }).png().toBuffer();
  const raw = await sharp(band).greyscale().raw().toBuffer({ resolveWithObject: true });
  const grey: GreyImage = { px: new Uint8Array(raw.data), width: raw.info.width, height: raw.info.height };
  return inWorkerTurn(async (worker) => {
    const { PSM } = await import('tesseract.js');
    try {
      await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT });
      const { data } = await worker.recognize(band, {}, { text: false, tsv: true });
      return zerosReadAsSixInWords(restoreSmallCaps(parseTsv(data.tsv ?? ''), grey), grey).map(({ lineKey: _line, ...w }) => w);
    } finally {
      await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK }).catch(() => undefined);
    }
  }, signal);
}

/** A box on a prepared page (px). */
export interface InkBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Grey level under which a pixel is ink for {@link inkWithoutWords}. */
const INK_BELOW = 128;

/**
 * The largest block of ink in the band `[0, bottom)` of a prepared page that no word's box covers (each widened by
 * 3 px) and that stands at least {@link MISSED_HEADING_HEIGHT} times taller than the band's median word: a large heading
 * the OCR left out of the page's read. Rows holding 4 ink pixels or more outside the words form runs (gaps of 2 rows
 * bridged); in a tall enough run, columns of ink form clusters (gaps under the run's height bridged), and a cluster
 * counts when ink covers 5 % of its box or more, and of its middle third of rows too (a box's frame around words
 * read already has ink at its top and bottom). Null when there is none (a page whose band is all read, or whose only
 * such ink is a rule or a speck). `words` may be both reads' of the band; give only words read with some confidence,
 * since a heading read as noise is one to read again.
 */
export function inkWithoutWords(grey: GreyImage, words: WordBox[], bottom: number): InkBox | null {
  const { px, width } = grey;
  const height = Math.min(grey.height, Math.floor(bottom));
  if (height < 10) return null;
  const inBand = words.filter((w) => w.y0 < height);
  const heights = inBand.map((w) => w.y1 - w.y0).sort((a, b) => a - b);
  const median = heights.length ? heights[Math.floor(heights.length / 2)]! : 20;
  const covered = new Uint8Array(width * height);
  for (const w of inBand) {
    const [x0, x1] = [Math.max(0, Math.floor(w.x0) - 3), Math.min(width, Math.ceil(w.x1) + 3)];
    for (let y = Math.max(0, Math.floor(w.y0) - 3); y < Math.min(height, Math.ceil(w.y1) + 3); y += 1) covered.fill(1, y * width + x0, y * width + x1);
  }
  const ink = (x: number, y: number) => px[y * width + x]! < INK_BELOW && !covered[y * width + x];
  const rowInk = Array.from({ length: height }, (_, y) => {
    let n = 0;
    for (let x = 0; x < width; x += 1) if (ink(x, y)) n += 1;
    return n;
  });
  let best: (InkBox & { ink: number }) | null = null;
  for (let y = 0; y < height; ) {
    if (rowInk[y]! < 4) {
      y += 1;
      continue;
    }
    let end = y;
    while (end + 1 < height && (rowInk[end + 1]! >= 4 || (end + 3 < height && (rowInk[end + 2]! >= 4 || rowInk[end + 3]! >= 4)))) end += 1;
    const runHeight = end - y + 1;
    if (runHeight >= MISSED_HEADING_HEIGHT * median) {
      const columns = Array.from({ length: width }, (_, x) => {
        let n = 0;
        for (let r = y; r <= end; r += 1) if (ink(x, r)) n += 1;
        return n;
      });
      for (let x = 0; x < width; ) {
        if (!columns[x]) {
          x += 1;
          continue;
        }
        let last = x;
        let total = 0;
        for (let k = x; k < width && k - last < runHeight; k += 1) {
          if (columns[k]) {
            last = k;
            total += columns[k]!;
          }
        }
        const area = (last - x + 1) * runHeight;
        // Print fills the block's middle rows too; a box's frame around words read already (its top and bottom
        // edges, with the sides only between them) leaves them nearly empty.
        const [midTop, midEnd] = [y + Math.floor(runHeight / 3), end - Math.floor(runHeight / 3)];
        let middle = 0;
        for (let r = midTop; r <= midEnd; r += 1) for (let k = x; k <= last; k += 1) if (ink(k, r)) middle += 1;
        const printed = middle >= 0.05 * (last - x + 1) * (midEnd - midTop + 1);
        if (printed && total >= 0.05 * area && (!best || total > best.ink)) best = { x0: x, y0: y, x1: last + 1, y1: end + 1, ink: total };
        x = last + 1;
      }
    }
    y = end + 1;
  }
  return best && { x0: best.x0, y0: best.y0, x1: best.x1, y1: best.y1 };
}

/** How many times the band's median word height a block of unread ink must stand to be read again ({@link inkWithoutWords}). */
export const MISSED_HEADING_HEIGHT = 1.4;

/** Confidence under which a word of a heading read again ({@link recognizeMissedHeading}) is left out. */
export const MISSED_HEADING_MIN_CONFIDENCE = 0.6;

/**
 * Reads again, on its own, a heading the page's reads left out ({@link inkWithoutWords} in `[0, bottom)` of `grey`):
 * cut out with a margin of half its height, enlarged 2×, read in the single-block mode; its words at or above
 * {@link MISSED_HEADING_MIN_CONFIDENCE} whose middle lies in the block and in none of `words`, their boxes on the
 * page. Random layout R2178's "Harbor Collision Supply LLC" in large condensed bold was not in the page's read at all
 * (Tesseract's layout step took it for noise) and read right cut out; the web address under it was offered as the
 * supplier. Empty when no such ink is found.
 */
export async function recognizeMissedHeading(grey: GreyImage, words: WordBox[], bottom: number, signal?: AbortSignal): Promise<WordBox[]> {
  const block = inkWithoutWords(grey, words, bottom);
  if (!block) return [];
  const sharp = await loadSharp();
  const margin = Math.round((block.y1 - block.y0) / 2);
  const left = Math.max(0, block.x0 - margin);
  const top = Math.max(0, block.y0 - margin);
  const width = Math.min(grey.width, block.x1 + margin) - left;
  const height = Math.min(grey.height, block.y1 + margin) - top;
  const pad = 10;
  const crop = await fromGrey(sharp, grey)
    .extract({ left, top, width, height })
    .resize({ width: width * 2, kernel: 'lanczos3' })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 255, g: 255, b: 255 } })
    .png()
    .toBuffer();
  signal?.throwIfAborted();
  const read = await inWorkerTurn(async (worker) => parseTsv((await worker.recognize(crop, {}, { text: false, tsv: true })).data.tsv ?? ''), signal);
  // Words whose middle lies in the block and in no word read already: the margin may take in the edge of a line read
  // before, and ink around words read (a frame, a stroke outside their boxes) may have made the block.
  const inside = (b: InkBox, x: number, y: number, by = 0) => x >= b.x0 - by && x <= b.x1 + by && y >= b.y0 - by && y <= b.y1 + by;
  return read
    .map(({ lineKey: _line, ...w }) => ({ ...w, x0: left + (w.x0 - pad) / 2, x1: left + (w.x1 - pad) / 2, y0: top + (w.y0 - pad) / 2, y1: top + (w.y1 - pad) / 2 }))
    .filter((w) => w.conf >= MISSED_HEADING_MIN_CONFIDENCE && /[A-Za-z0-9]/.test(w.text))
    .filter((w) => {
      const [x, y] = [(w.x0 + w.x1) / 2, (w.y0 + w.y1) / 2];
      return inside(block, x, y) && !words.some((o) => inside(o, x, y, 3));
    });
}

/** Reads the text of an image (see module docs). `signal` stops before the OCR starts when already aborted. */
export async function recognizeImage(bytes: Uint8Array, signal?: AbortSignal): Promise<string> {
  return (await recognizeWords(bytes, signal)).text;
}

/** Starts the shared OCR worker ahead of the first page (loading the English data takes a second or two). */
export async function warmUpOcr(): Promise<void> {
  await getWorker();
}

/**
 * Confidence (0..1) given to a word of the table that a second read of its line did not confirm ({@link crossCheckLines}):
 * under `DOUBTED_WORD` (0.5), so the cell it goes into is marked for checking even beside surer words.
 */
export const DISPUTED_CONFIDENCE = 0.4;

/** Enlargement of the lines read a second time ({@link crossCheckLines}): a different scale gives the OCR's own slips a chance to differ. */
export const CROSS_CHECK_SCALE = 2;

/** White space (px, before enlarging) between two lines stacked for the second read. */
const CROSS_CHECK_GAP = 16;

/**
 * Whether a word of digits is a code of the part rows (a token of their part numbers or descriptions, `tokens`) of four
 * digits or more ("84209753" of "GM 84209753"), not a quantity or a price: no arithmetic checks it, so a second read
 * that differs disputes it as it does a word with a letter (random layout R2932: "84200753" read at 0.86 for
 * "84209753", silently).
 */
function isCodeNumber(text: string, tokens: ReadonlySet<string>): boolean {
  return tokens.has(text) && /\d{4}/.test(text) && !/[.,]\d{2}$/.test(text);
}

/**
 * A second opinion on the table's words: every OCR line of `words` that lies below `fromY` (px on the prepared page
 * `grey`, the table's header line left out) and holds a word with a letter among `tokens` (the words of the part rows
 * a first layout read found) is cut out, the lines are stacked
 * with white between them, enlarged {@link CROSS_CHECK_SCALE} times and read again in one OCR run. Words of the two
 * reads that overlap on the page are grouped; where a group's texts differ (a letter, a case, a space, a stop), each
 * of its words with a letter, or a code of digits of the part rows ({@link isCodeNumber}), gets
 * {@link DISPUTED_CONFIDENCE}, so the cell it goes into is marked for checking. Quantities and prices are left as
 * read: the row's arithmetic and the total check them. The text is never changed. Resolves to
 * the words in their order. A misread description adds up like a right one ("ULTRAFINE," for "ULTRA FINE,", "17X7.5"
 * for "17x7.5", "qt." for "qt"): each passed as a success, and the second read had each right. A slip the OCR makes
 * at both scales (an S read as 5 in a part number) still passes. Measured on tuning data only (2026-12-06, page-image
 * seeds 251–350): silent successes 7 → 4, right reads warned 36 → 38, about 0.6 s more per page.
 */
export async function crossCheckLines(grey: GreyImage, words: WordBox[], fromY: number, tokens: ReadonlySet<string>, signal?: AbortSignal): Promise<WordBox[]> {
  const sharp = await loadSharp();
  const tableLine = (ws: WordBox[]) => ws.every((w) => w.y0 >= fromY) && ws.some((w) => /[A-Za-z]/.test(w.text) && tokens.has(w.text));
  const bands = wordsByOcrLine(words)
    .filter(tableLine)
    .map((ws) => ({
      words: ws,
      x0: Math.max(0, Math.min(...ws.map((w) => w.x0)) - 4),
      x1: Math.min(grey.width, Math.max(...ws.map((w) => w.x1)) + 4),
      y0: Math.max(0, Math.min(...ws.map((w) => w.y0)) - 3),
      y1: Math.min(grey.height, Math.max(...ws.map((w) => w.y1)) + 3),
    }))
    .filter((b) => b.x1 > b.x0 && b.y1 > b.y0);
  if (!bands.length) return words;
  const left = Math.min(...bands.map((b) => b.x0));
  const width = Math.max(...bands.map((b) => b.x1)) - left + 2 * CROSS_CHECK_GAP;
  let height = CROSS_CHECK_GAP;
  const placed = bands.map((b) => {
    const at = height;
    height += b.y1 - b.y0 + CROSS_CHECK_GAP;
    return { ...b, at };
  });
  const px = new Uint8Array(width * height).fill(255);
  for (const b of placed) {
    for (let y = b.y0; y < b.y1; y += 1) {
      const row = (b.at + y - b.y0) * width + CROSS_CHECK_GAP + b.x0 - left;
      px.set(grey.px.subarray(y * grey.width + b.x0, y * grey.width + b.x1), row);
    }
  }
  const k = CROSS_CHECK_SCALE;
  const stacked = await fromGrey(sharp, { px, width, height }).resize({ width: width * k, kernel: 'lanczos3' }).png({ compressionLevel: 1 }).toBuffer();
  signal?.throwIfAborted();
  const second = await inWorkerTurn(async (worker) => parseTsv((await worker.recognize(stacked, {}, { text: false, tsv: true })).data.tsv ?? ''), signal);
  // Each word of the second read back on the page: its band by its middle, its x by the band's place.
  const disputed = new Set<WordBox>();
  const byBand = new Map<(typeof placed)[number], WordBox[]>();
  for (const w of second) {
    const mid = (w.y0 + w.y1) / 2 / k;
    const band = placed.find((b) => mid >= b.at && mid < b.at + b.y1 - b.y0);
    if (!band || !/[A-Za-z0-9]/.test(w.text)) continue;
    const x0 = w.x0 / k - CROSS_CHECK_GAP + left;
    const x1 = w.x1 / k - CROSS_CHECK_GAP + left;
    byBand.set(band, [...(byBand.get(band) ?? []), { ...w, x0, x1 }]);
  }
  const overlap = (a: WordBox, b: WordBox) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.3 * Math.min(a.x1 - a.x0, b.x1 - b.x0);
  // An opening quote mark before a word is a speck the reader drops ("‘Wax" for "Wax").
  const text = (ws: WordBox[]) => [...ws].sort((x, y) => x.x0 - y.x0).map((w) => w.text.replace(/^[‘’'“”"`]+(?=\w)/, '')).join(' ');
  for (const band of placed) {
    // Groups of words of the two reads joined by overlap (one word read as two, two as one).
    const firsts = band.words;
    const seconds = byBand.get(band) ?? [];
    const used = new Set<WordBox>();
    for (const start of firsts) {
      if (used.has(start)) continue;
      const group = { a: [start], b: [] as WordBox[] };
      used.add(start);
      for (let grew = true; grew; ) {
        grew = false;
        for (const s of seconds) {
          if (used.has(s) || !group.a.some((f) => overlap(f, s))) continue;
          group.b.push(s);
          used.add(s);
          grew = true;
        }
        for (const f of firsts) {
          if (used.has(f) || !group.b.some((s) => overlap(f, s))) continue;
          group.a.push(f);
          used.add(f);
          grew = true;
        }
      }
      if (text(group.a) !== text(group.b)) for (const f of group.a) if (/[A-Za-z]/.test(f.text) || isCodeNumber(f.text, tokens)) disputed.add(f);
    }
  }
  return words.map((w) => (disputed.has(w) ? { ...w, conf: Math.min(w.conf, DISPUTED_CONFIDENCE) } : w));
}
