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

/**
 * Running maximum (`max` true) or minimum of a grey image over a (2r+1)² square, separable, by the van Herk–Gil-Werman
 * method (a few comparisons a pixel whatever `r`); the square is clipped at the image's edges. Returns a new image.
 */
export function rankFilter({ px, width, height }: GreyImage, r: number, max: boolean): Uint8Array {
  const k = 2 * r + 1;
  // One pass along `count` lines of `length` pixels: pixel `pos` of line `line` is at line * lineStep + pos * step.
  const pass = (src: Uint8Array, count: number, length: number, lineStep: number, step: number): Uint8Array => {
    const out = new Uint8Array(src.length);
    const g = new Uint8Array(length);
    const h = new Uint8Array(length);
    for (let line = 0; line < count; line += 1) {
      const base = line * lineStep;
      // g: running pick from the start of each block of k; h: from the end of each block.
      for (let pos = 0, at = base; pos < length; pos += 1, at += step) {
        const v = src[at]!;
        const prev = g[pos - 1]!;
        g[pos] = pos % k === 0 ? v : max ? (v > prev ? v : prev) : v < prev ? v : prev;
      }
      for (let pos = length - 1, at = base + pos * step; pos >= 0; pos -= 1, at -= step) {
        const v = src[at]!;
        const next = h[pos + 1]!;
        h[pos] = pos % k === k - 1 || pos === length - 1 ? v : max ? (v > next ? v : next) : v < next ? v : next;
      }
      for (let pos = 0, at = base; pos < length; pos += 1, at += step) {
        const from = pos - r < 0 ? 0 : pos - r;
        const to = pos + r > length - 1 ? length - 1 : pos + r;
        // A window inside one block starts at the block's start (or ends at the line's end, where h stops).
        if (Math.floor(from / k) === Math.floor(to / k)) out[at] = from % k === 0 ? g[to]! : h[from]!;
        else {
          const a = h[from]!;
          const b = g[to]!;
          out[at] = max ? (a > b ? a : b) : a < b ? a : b;
        }
      }
    }
    return out;
  };
  const across = pass(px, height, width, width, 1);
  // Down the columns, a whole pixel row at a time (cache-friendly): the same blocks of k rows.
  const g = new Uint8Array(across.length);
  const h = new Uint8Array(across.length);
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    if (y % k === 0) g.set(across.subarray(row, row + width), row);
    else {
      for (let x = 0, at = row; x < width; x += 1, at += 1) {
        const v = across[at]!;
        const prev = g[at - width]!;
        g[at] = max ? (v > prev ? v : prev) : v < prev ? v : prev;
      }
    }
  }
  for (let y = height - 1; y >= 0; y -= 1) {
    const row = y * width;
    if (y % k === k - 1 || y === height - 1) h.set(across.subarray(row, row + width), row);
    else {
      for (let x = 0, at = row; x < width; x += 1, at += 1) {
        const v = across[at]!;
        const next = h[at + width]!;
        h[at] = max ? (v > next ? v : next) : v < next ? v : next;
      }
    }
  }
  const out = new Uint8Array(across.length);
  for (let y = 0; y < height; y += 1) {
    const from = y - r < 0 ? 0 : y - r;
    const to = y + r > height - 1 ? height - 1 : y + r;
    const row = y * width;
    if (Math.floor(from / k) === Math.floor(to / k)) out.set(from % k === 0 ? g.subarray(to * width, to * width + width) : h.subarray(from * width, from * width + width), row);
    else {
      for (let x = 0; x < width; x += 1) {
        const a = h[from * width + x]!;
        const b = g[to * width + x]!;
        out[row + x] = max ? (a > b ? a : b) : a < b ? a : b;
      }
    }
  }
  return out;
}

/**
 * Whitens mid-grey shading behind text, in place: a grey band behind table rows (zebra striping, a shaded total row),
 * a tinted box, once contrast stretching has darkened it. The background is the grey closing of the page (a running
 * maximum over a square of side 2r+1, then a minimum over the same square), which removes strokes thinner than the
 * square and keeps areas larger than it; each pixel whose background lies in [`floor`, `ceiling`) is scaled so that
 * background becomes white, as {@link flattenLight} does for uneven light. A lighter tint (from `ceiling` up) is left
 * as it is: the OCR's own binarisation reads text on it (a shaded band read wrongly was 160–172 on the prepared page;
 * zebra rows of 224 read right), and changing it only perturbs the read. Darker areas (a logo, a dark box) are left as
 * they are too; run it after {@link invertDarkBands}-like steps so a dark heading bar with light letters is already
 * dark letters on light. `r` in pixels: more than half the thickest stroke, less than half the shortest shaded band.
 */
export function whitenShading(image: GreyImage, r: number, floor = 100, ceiling = 200): void {
  const { width, height } = image;
  const background = rankFilter({ px: rankFilter(image, r, true), width, height }, r, false);
  const { px } = image;
  for (let i = 0; i < px.length; i += 1) {
    const bg = background[i]!;
    if (bg >= floor && bg < ceiling) px[i] = Math.min(255, Math.round((px[i]! * 255) / bg));
  }
}

/** One connected blob of ink: its box (x1, y1 exclusive, page pixels) and its pixel count. */
export interface Blob {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  count: number;
}

/**
 * The 8-connected blobs of ink (pixels darker than `darkBelow`) within `box` of the page (the whole page by default;
 * x1, y1 exclusive), in the order of their first pixel, row by row. Used for dotted leaders here and for a dash sharing
 * a glyph's columns (layout/glyphs.ts `dashBeside`).
 */
export function inkBlobs(image: GreyImage, darkBelow: number, box = { x0: 0, y0: 0, x1: image.width, y1: image.height }): Blob[] {
  const { px, width } = image;
  const bw = box.x1 - box.x0;
  const seen = new Uint8Array(bw * (box.y1 - box.y0));
  const ink = (x: number, y: number) => px[y * width + x]! < darkBelow;
  const blobs: Blob[] = [];
  const stack: number[] = [];
  for (let y0 = box.y0; y0 < box.y1; y0 += 1) {
    for (let x0 = box.x0; x0 < box.x1; x0 += 1) {
      if (seen[(y0 - box.y0) * bw + x0 - box.x0] || !ink(x0, y0)) continue;
      const blob: Blob = { x0, y0, x1: x0 + 1, y1: y0 + 1, count: 0 };
      seen[(y0 - box.y0) * bw + x0 - box.x0] = 1;
      stack.push(x0, y0);
      while (stack.length) {
        const y = stack.pop()!;
        const x = stack.pop()!;
        blob.count += 1;
        if (x < blob.x0) blob.x0 = x;
        if (x + 1 > blob.x1) blob.x1 = x + 1;
        if (y < blob.y0) blob.y0 = y;
        if (y + 1 > blob.y1) blob.y1 = y + 1;
        for (let yy = Math.max(box.y0, y - 1); yy <= Math.min(box.y1 - 1, y + 1); yy += 1) {
          for (let xx = Math.max(box.x0, x - 1); xx <= Math.min(box.x1 - 1, x + 1); xx += 1) {
            const q = (yy - box.y0) * bw + xx - box.x0;
            if (!seen[q] && ink(xx, yy)) {
              seen[q] = 1;
              stack.push(xx, yy);
            }
          }
        }
      }
      blobs.push(blob);
    }
  }
  return blobs;
}

/**
 * Whitens dotted leaders (a row of evenly spaced dots from a description to its price, "HOOD ASSY ········ 551.10"),
 * in place. A dot is a blob of ink (pixels darker than `darkBelow`, 8-connected: {@link inkBlobs}) at most `maxDot` px
 * wide and tall and at most twice as wide as tall; a leader is a chain of at least {@link MIN_LEADER_DOTS} dots whose
 * centres lie on one pixel row (within a third of `maxDot`), each the next's neighbour at a pitch within 25 % of the
 * chain's median pitch, which is at most 5 × `maxDot`. The OCR reads a leader as a long word of letters
 * ("**cccccsecccss…", "*##rrrrrerr") and runs the description's last word into it ("HEADLAMPASSY-LE" for "HEADLAMP
 * ASSY-LH"); a full stop, a comma, the dot of an i are never in such a chain. Each dot is whitened with a 2 px margin
 * (its grey rim).
 */
export function removeDotLeaders(image: GreyImage, maxDot: number, darkBelow = 160): void {
  const { px, width, height } = image;
  const dots = inkBlobs(image, darkBelow).filter((b) => {
    const w = b.x1 - b.x0;
    const h = b.y1 - b.y0;
    return w <= maxDot && h <= maxDot && b.count >= 3 && w <= 2 * h && h <= 2 * w;
  });
  const cy = (b: Blob) => (b.y0 + b.y1) / 2;
  const cx = (b: Blob) => (b.x0 + b.x1) / 2;
  dots.sort((a, b) => cy(a) - cy(b) || cx(a) - cx(b));
  const used = new Uint8Array(dots.length);
  const tolerance = maxDot / 3;
  for (let i = 0; i < dots.length; i += 1) {
    if (used[i]) continue;
    // The dots on this dot's row, left to right.
    const row: number[] = [];
    for (let j = i; j < dots.length && cy(dots[j]!) - cy(dots[i]!) <= tolerance; j += 1) if (!used[j]) row.push(j);
    row.sort((a, b) => cx(dots[a]!) - cx(dots[b]!));
    let from = 0;
    while (from < row.length) {
      // A chain: neighbours no further apart than 5 × maxDot.
      let to = from;
      while (to + 1 < row.length && cx(dots[row[to + 1]!]!) - cx(dots[row[to]!]!) <= 5 * maxDot) to += 1;
      const chain = row.slice(from, to + 1);
      if (chain.length >= MIN_LEADER_DOTS) {
        const steps = chain.slice(1).map((k, n) => cx(dots[k]!) - cx(dots[chain[n]!]!)).sort((a, b) => a - b);
        const pitch = steps[Math.floor(steps.length / 2)]!;
        const even = steps.filter((s) => Math.abs(s - pitch) <= 0.25 * pitch).length >= 0.8 * steps.length;
        const dotWidths = chain.map((k) => dots[k]!.x1 - dots[k]!.x0).sort((a, b) => a - b);
        const dotWidth = dotWidths[Math.floor(dotWidths.length / 2)]!;
        // Letters of a word stand closer than their own width; a leader's dots stand apart by more than theirs.
        if (even && pitch - dotWidth >= 1.5 * dotWidth) {
          for (const k of chain) {
            used[k] = 1;
            const d = dots[k]!;
            for (let y = Math.max(0, d.y0 - 2); y < Math.min(height, d.y1 + 2); y += 1) {
              for (let x = Math.max(0, d.x0 - 2); x < Math.min(width, d.x1 + 2); x += 1) px[y * width + x] = 255;
            }
          }
        }
      }
      from = to + 1;
    }
  }
}

/** Fewest dots in a row that make a dotted leader ({@link removeDotLeaders}). */
export const MIN_LEADER_DOTS = 8;
