/**
 * Pure pixel work for photographed and scanned invoices (issue 18), on 8-bit grey images held as `Uint8Array`
 * (one byte a pixel, row by row): the skew angle of the text lines, whether the page lies on a darker desk and where
 * the page is, and a light-flattening step. `prepareForOcr` (ocr.server.ts) does the resizing and rotating with sharp.
 */

/** A grey image: `px[y * width + x]`, 0 black … 255 white. */
export interface GreyImage {
  px: Uint8Array;
  width: number;
  height: number;
}

/** Sum table of an image (one more row and column than the image), for box means in constant time. */
function integral({ px, width, height }: GreyImage): Float64Array {
  const w1 = width + 1;
  const sum = new Float64Array(w1 * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let row = 0;
    for (let x = 0; x < width; x += 1) {
      row += px[y * width + x]!;
      sum[(y + 1) * w1 + x + 1] = sum[y * w1 + x + 1]! + row;
    }
  }
  return sum;
}

/**
 * Ink pixels: darker than 78 % of the mean of the 31 × 31 box around them (so uneven light and a desk around the page
 * do not count as ink, and a page edge does). Returns their x and y.
 */
export function inkPoints(image: GreyImage, radius = 15): { xs: Int32Array; ys: Int32Array } {
  const { px, width, height } = image;
  const sum = integral(image);
  const w1 = width + 1;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const mean = (sum[y1 * w1 + x1]! - sum[y0 * w1 + x1]! - sum[y1 * w1 + x0]! + sum[y0 * w1 + x0]!) / ((y1 - y0) * (x1 - x0));
      if (px[y * width + x]! < mean * 0.78) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  return { xs: Int32Array.from(xs), ys: Int32Array.from(ys) };
}

/** How sharply the ink falls into horizontal lines when the page is tilted back by `degrees` (sum of squared bins). */
function profileScore(xs: Int32Array, ys: Int32Array, width: number, height: number, degrees: number): number {
  const t = Math.tan((degrees * Math.PI) / 180);
  const offset = Math.ceil(Math.abs(t) * width) + 1;
  const bins = new Float64Array(height + 2 * offset + 2);
  for (let i = 0; i < xs.length; i += 1) bins[Math.round(ys[i]! - xs[i]! * t) + offset]! += 1;
  let score = 0;
  for (let i = 1; i < bins.length; i += 1) {
    const d = bins[i]! - bins[i - 1]!;
    score += d * d;
  }
  return score;
}

/**
 * The skew of the text lines in degrees, positive when lines run down to the right (the page is turned clockwise):
 * rotate by minus this to straighten it. A projection-profile search over ±`maxDegrees` in quarter degrees, then
 * twentieths around the best. 0 when there is too little ink to tell.
 */
export function estimateSkew(image: GreyImage, maxDegrees = 6): number {
  const { xs, ys } = inkPoints(image);
  if (xs.length < 200) return 0;
  const score = (a: number) => profileScore(xs, ys, image.width, image.height, a);
  let best = 0;
  let bestScore = score(0);
  for (let a = -maxDegrees; a <= maxDegrees + 1e-9; a += 0.25) {
    const s = score(a);
    if (s > bestScore) [best, bestScore] = [a, s];
  }
  const coarse = best;
  for (let a = coarse - 0.25; a <= coarse + 0.25 + 1e-9; a += 0.05) {
    const s = score(a);
    if (s > bestScore) [best, bestScore] = [a, s];
  }
  return Math.round(best * 100) / 100;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * The desk's grey when the page was photographed lying on something darker (the outer 3 % frame of the image is
 * much darker than its middle), else null (a scan, a screenshot, a page filling the picture).
 */
export function deskGrey({ px, width, height }: GreyImage): number | null {
  const band = Math.max(2, Math.round(Math.min(width, height) * 0.03));
  const frame: number[] = [];
  const middle: number[] = [];
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      const v = px[y * width + x]!;
      if (y < band || y >= height - band || x < band || x >= width - band) frame.push(v);
      else if (y > height / 4 && y < (3 * height) / 4 && x > width / 4 && x < (3 * width) / 4) middle.push(v);
    }
  }
  const desk = median(frame);
  const paper = median(middle);
  return desk < paper * 0.7 ? desk : null;
}

/**
 * Where the page lies in a straightened photo (inclusive pixel box): from the first to the last row and column that
 * is not plain desk (a line of pixels whose mean is within 10 of `desk` and whose spread is under 8; a dark heading
 * band is darker than a desk and has text in it, so it stays in). Null when no clear page is found. The box is taken
 * in by 1 % so the page's edge and shadow stay out.
 */
export function pageBox(image: GreyImage, desk: number): { left: number; top: number; right: number; bottom: number } | null {
  const { px, width, height } = image;
  const isDesk = (count: number, at: (i: number) => number) => {
    let sum = 0;
    let sq = 0;
    for (let i = 0; i < count; i += 1) {
      const v = at(i);
      sum += v;
      sq += v * v;
    }
    const mean = sum / count;
    return Math.abs(mean - desk) < 10 && Math.sqrt(Math.max(0, sq / count - mean * mean)) < 8;
  };
  const extent = (count: number, line: (n: number) => boolean): [number, number] | null => {
    let first = -1;
    let last = -1;
    for (let n = 0; n < count; n += 1) {
      if (line(n)) continue;
      if (first < 0) first = n;
      last = n;
    }
    return first < 0 ? null : [first, last];
  };
  const rows = extent(height, (y) => isDesk(width, (x) => px[y * width + x]!));
  const cols = extent(width, (x) => isDesk(height, (y) => px[y * width + x]!));
  if (!rows || !cols) return null;
  const insetY = Math.round(height * 0.01);
  const insetX = Math.round(width * 0.01);
  const box = { left: cols[0] + insetX, top: rows[0] + insetY, right: cols[1] - insetX, bottom: rows[1] - insetY };
  if (box.right - box.left < width * 0.3 || box.bottom - box.top < height * 0.3) return null;
  return box;
}

/**
 * Divides out uneven light, in place: each pixel is scaled so that the paper around it (`background`, the same size,
 * e.g. a blurred maximum of the image) becomes white. Ink stays as dark relative to its paper as it was.
 */
export function flattenLight(image: GreyImage, background: Uint8Array): void {
  const { px } = image;
  for (let i = 0; i < px.length; i += 1) {
    const bg = Math.max(background[i]!, 24);
    px[i] = Math.min(255, Math.round((px[i]! * 250) / bg));
  }
}

/** Grey maximum over a (2r+1)² square, separable (used on a small copy to find the paper's brightness). */
export function maxFilter({ px, width, height }: GreyImage, r: number): Uint8Array {
  const tmp = new Uint8Array(px.length);
  const out = new Uint8Array(px.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let m = 0;
      for (let d = Math.max(0, x - r); d <= Math.min(width - 1, x + r); d += 1) m = Math.max(m, px[y * width + d]!);
      tmp[y * width + x] = m;
    }
  }
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let m = 0;
      for (let d = Math.max(0, y - r); d <= Math.min(height - 1, y + r); d += 1) m = Math.max(m, tmp[d * width + x]!);
      out[y * width + x] = m;
    }
  }
  return out;
}
