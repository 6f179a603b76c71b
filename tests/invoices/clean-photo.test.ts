/**
 * Photographed pages (issue 18): the skew search, the desk and page finder and the light flattening on synthetic
 * grey images (dark "text lines" drawn at a known angle on paper lying on a darker desk), and `prepareForOcr`
 * straightening such a photo with sharp.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deskGrey, estimateSkew, flattenLight, pageBox, type GreyImage } from '~/server/extraction/clean-photo';
import { contrastPercentiles, CONTRAST_PERCENTILES, invertDarkBands, MIN_SKEW_DEGREES, paperBrightness, prepareForOcr, prepareGreyForOcr } from '~/server/extraction/ocr.server';

/** A 600 × 500 page: paper 230 on a desk of 80 (20 px all round), 12 "lines" of ink tilted by `degrees`. */
function page(degrees: number, desk = true): GreyImage {
  const width = 600;
  const height = 500;
  const px = new Uint8Array(width * height).fill(desk ? 80 : 230);
  const margin = desk ? 20 : 0;
  for (let y = margin; y < height - margin; y += 1) for (let x = margin; x < width - margin; x += 1) px[y * width + x] = 230;
  const t = Math.tan((degrees * Math.PI) / 180);
  for (let line = 0; line < 12; line += 1) {
    for (let x = 60; x < 540; x += 1) {
      if (x % 40 > 30) continue; // gaps between "words"
      const y0 = Math.round(70 + line * 30 + (x - 300) * t);
      for (let dy = 0; dy < 6; dy += 1) px[(y0 + dy) * width + x] = 30;
    }
  }
  return { px, width, height };
}

describe('clean-photo', () => {
  it('finds the skew of the text lines, either way, to a tenth of a degree', () => {
    expect(estimateSkew(page(0))).toBeCloseTo(0, 1);
    expect(Math.abs(estimateSkew(page(3.2)) - 3.2)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(estimateSkew(page(-2.4)) - -2.4)).toBeLessThanOrEqual(0.1);
  });

  it('says 0 for a blank page', () => {
    expect(estimateSkew({ px: new Uint8Array(200 * 200).fill(250), width: 200, height: 200 })).toBe(0);
  });

  it('sees a desk around a photographed page, and none around a scan', () => {
    expect(deskGrey(page(0))).toBe(80);
    expect(deskGrey(page(0, false))).toBeNull();
  });

  it('finds the page inside the desk, taken in by 1 %', () => {
    const box = pageBox(page(0), 80)!;
    expect(box.left).toBeGreaterThanOrEqual(20);
    expect(box.left).toBeLessThan(30);
    expect(box.top).toBeGreaterThanOrEqual(20);
    expect(box.right).toBeLessThan(580);
    expect(box.right).toBeGreaterThan(570);
    expect(box.bottom).toBeLessThan(480);
  });

  it('flattens a shadow: paper becomes white on both sides, ink stays dark', () => {
    const image: GreyImage = { px: Uint8Array.from([230, 30, 115, 15]), width: 4, height: 1 };
    flattenLight(image, Uint8Array.from([230, 230, 115, 115]));
    expect(Array.from(image.px)).toEqual([250, 33, 250, 33]);
  });

  it('prepareForOcr straightens a tilted photo and cuts the desk away', async () => {
    const tilted = page(0);
    const photo = await sharp(tilted.px, { raw: { width: tilted.width, height: tilted.height, channels: 1 } })
      .rotate(3, { background: { r: 80, g: 80, b: 80 } })
      .png()
      .toBuffer();
    const prepared = await prepareForOcr(photo);
    const { data, info } = await sharp(prepared).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    const grey: GreyImage = { px: new Uint8Array(data), width: info.width, height: info.height };
    expect(Math.abs(estimateSkew(grey))).toBeLessThanOrEqual(0.3);
    expect(deskGrey(grey)).toBeNull();
  });

  it('prepareGreyForOcr marks a page found on a desk as a photo (its header re-read then drops unconfident words), a scan not', async () => {
    const tilted = page(0);
    const raw = { raw: { width: tilted.width, height: tilted.height, channels: 1 as const } };
    const photo = await sharp(tilted.px, raw).rotate(3, { background: { r: 80, g: 80, b: 80 } }).png().toBuffer();
    expect((await prepareGreyForOcr(photo)).photo).toBe(true);
    const scan = page(0, false);
    expect((await prepareGreyForOcr(await sharp(scan.px, raw).png().toBuffer())).photo).toBeUndefined();
  });

  it('prepareForOcr straightens a scan (no desk) tilted under a degree', async () => {
    expect(MIN_SKEW_DEGREES).toBeLessThanOrEqual(0.4);
    const scan = page(0.8, false);
    expect(Math.abs(estimateSkew(scan) - 0.8)).toBeLessThanOrEqual(0.1);
    const prepared = await prepareForOcr(await sharp(scan.px, { raw: { width: scan.width, height: scan.height, channels: 1 } }).png().toBuffer());
    const { data, info } = await sharp(prepared).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect(Math.abs(estimateSkew({ px: new Uint8Array(data), width: info.width, height: info.height }))).toBeLessThan(0.3);
  });

  it("keeps a sparse page's letter edges grey: the contrast stretch takes black from the darkest 0.1 %, not 1 %", async () => {
    // 1500 × 2000 white page, 120 "letters": a black 10 px core (0.4 % of the page) in a 3 px ring of grey 190 (0.62 %),
    // so the page's 1 % darkest pixels end inside the grey rings.
    const width = 1500;
    const height = 2000;
    const px = new Uint8Array(width * height).fill(255);
    for (let row = 0; row < 10; row += 1) {
      for (let col = 0; col < 12; col += 1) {
        const x0 = 100 + col * 100;
        const y0 = 100 + row * 150;
        for (let y = 0; y < 16; y += 1) for (let x = 0; x < 16; x += 1) px[(y0 + y) * width + x0 + x] = x >= 3 && x < 13 && y >= 3 && y < 13 ? 0 : 190;
      }
    }
    const prepared = await prepareGreyForOcr(await sharp(px, { raw: { width, height, channels: 1 } }).png().toBuffer());
    expect(prepared.width).toBe(width);
    expect(prepared.px[(100 + 8) * width + 100 + 8]).toBeLessThan(60); // a core stays black
    expect(prepared.px[(100 + 8) * width + 100 + 1]).toBeGreaterThan(120); // its grey ring is not blown black
  });

  it('keeps sharp\'s default stretch on a page with 1 % or more ink', () => {
    const px = new Uint8Array(10_000).fill(250);
    px.fill(20, 0, 99);
    expect(contrastPercentiles({ px, width: 100, height: 100 })).toBe(CONTRAST_PERCENTILES);
    px.fill(20, 0, 100);
    expect(contrastPercentiles({ px, width: 100, height: 100 })).toEqual({ lower: 1, upper: 99 });
  });
});

describe('invertDarkBands', () => {
  /** One grey row per string: '#' dark (30), '.' paper (240), 'o' light text on a bar (230). */
  const rows = (...lines: string[]) => {
    const width = lines[0]!.length;
    const px = new Uint8Array(width * lines.length);
    lines.forEach((l, y) => [...l].forEach((c, x) => (px[y * width + x] = c === '#' ? 30 : c === 'o' ? 230 : 240)));
    return { px, width, height: lines.length };
  };
  const text = ({ px, width, height }: ReturnType<typeof rows>) =>
    Array.from({ length: height }, (_, y) => [...px.slice(y * width, (y + 1) * width)].map((v) => (v < 110 ? '#' : '.')).join(''));

  it('inverts a dark bar with its light text, and leaves the paper beside a bar that stops short of the edge white', () => {
    const bar = `${'.'.repeat(20)}${'#'.repeat(40)}${'o'.repeat(8)}${'#'.repeat(60)}${'.'.repeat(12)}`;
    // Eight rows of bar (thicker than a table rule), then a row of ordinary ink.
    const image = rows(...Array<string>(8).fill(bar), `${'.'.repeat(50)}${'#'.repeat(10)}${'.'.repeat(80)}`);
    invertDarkBands(image.px, image.width, image.height);
    const read = text(image);
    const [first, second] = [read[0], read[8]];
    expect(read.slice(0, 8).every((r) => r === first)).toBe(true);
    // The bar is now light; the 8 light text pixels on it are now dark; the paper at both ends is still paper.
    expect(first).toBe(`${'.'.repeat(60)}${'#'.repeat(8)}${'.'.repeat(72)}`);
    // A row of ordinary ink (not mostly dark) is left alone.
    expect(second).toBe(`${'.'.repeat(50)}${'#'.repeat(10)}${'.'.repeat(80)}`);
  });

  it('inverts every row of a bar over its whole span, also rows through light letters printed at its very ends', () => {
    // A bar from x 20 to 319; in four of its rows a light letter fills its first 26 and its last 24 pixels ("Item" at
    // the left edge, "Extended" at the right): no mostly-dark 32 px stretch starts or ends there in those rows.
    const plain = `${'.'.repeat(20)}${'#'.repeat(300)}${'.'.repeat(20)}`;
    const lettered = `${'.'.repeat(20)}${'o'.repeat(26)}${'#'.repeat(250)}${'o'.repeat(24)}${'.'.repeat(20)}`;
    const image = rows(plain, plain, plain, lettered, lettered, lettered, lettered, plain, plain, plain);
    invertDarkBands(image.px, image.width, image.height);
    const read = text(image);
    expect(read[0]).toBe('.'.repeat(340));
    // The letters are dark on light now, whole: none of them is left light on an uninverted stub of the bar.
    expect(read[4]).toBe(`${'.'.repeat(20)}${'#'.repeat(26)}${'.'.repeat(250)}${'#'.repeat(24)}${'.'.repeat(20)}`);
  });

  it('inverts a bar across the page over a row through the tops of its large letters (random layout R2159)', () => {
    // A name band from x 20 to 319 (88 % of the page). The row through its capitals' tops is more light than dark
    // (under 55 % of the row dark), so it split the band in two; left as it was, it ran dark across the letters.
    const plain = `${'.'.repeat(20)}${'#'.repeat(300)}${'.'.repeat(20)}`;
    const tops = `${'.'.repeat(20)}${`${'o'.repeat(16)}${'#'.repeat(14)}`.repeat(10)}${'.'.repeat(20)}`;
    const lettered = `${'.'.repeat(20)}${`${'o'.repeat(6)}${'#'.repeat(24)}`.repeat(10)}${'.'.repeat(20)}`;
    const image = rows(...Array<string>(8).fill(plain), tops, ...Array<string>(8).fill(lettered), ...Array<string>(8).fill(plain));
    invertDarkBands(image.px, image.width, image.height);
    const read = text(image);
    expect(read[0]).toBe('.'.repeat(340));
    // The tops' row is dark letters on light, as the rows below it are.
    expect(read[8]).toBe(`${'.'.repeat(20)}${`${'#'.repeat(16)}${'.'.repeat(14)}`.repeat(10)}${'.'.repeat(20)}`);
    expect(read[12]).toBe(`${'.'.repeat(20)}${`${'#'.repeat(6)}${'.'.repeat(24)}`.repeat(10)}${'.'.repeat(20)}`);
  });

  it('inverts a bar narrower than the page over all its rows and not the bold print beside it', () => {
    // A name band from x 20 to 279 (65 % of the page); 40 px on, bold print ("PARTS INVOICE") beside its top rows. Its
    // middle rows pass through large light letters: under 55 % of those rows is dark, over a third of the band's span.
    const top = `${'.'.repeat(20)}${'#'.repeat(260)}${'.'.repeat(40)}${'#'.repeat(40)}${'.'.repeat(40)}`;
    const lettered = `${'.'.repeat(20)}${`${'o'.repeat(20)}${'#'.repeat(12)}`.repeat(8)}${'#'.repeat(4)}${'.'.repeat(120)}`;
    const plain = `${'.'.repeat(20)}${'#'.repeat(260)}${'.'.repeat(120)}`;
    const image = rows(...Array<string>(8).fill(top), ...Array<string>(8).fill(lettered), ...Array<string>(8).fill(plain));
    invertDarkBands(image.px, image.width, image.height);
    const read = text(image);
    // The band is paper now, the bold print beside it still ink.
    expect(read[0]).toBe(`${'.'.repeat(320)}${'#'.repeat(40)}${'.'.repeat(40)}`);
    // The letters are dark on light, whole.
    expect(read[10]).toBe(`${'.'.repeat(20)}${`${'#'.repeat(20)}${'.'.repeat(12)}`.repeat(8)}${'.'.repeat(124)}`);
    expect(read[20]).toBe('.'.repeat(400));
  });
});

describe('paperBrightness', () => {
  it('follows uneven light on the paper but not into a wide dark bar, which keeps the paper’s brightness', () => {
    // A 40 × 40 copy: paper lit from 240 (left) down to 160 (right); rows 0–11 are a dark heading bar (40).
    const width = 40;
    const px = new Uint8Array(width * width);
    for (let y = 0; y < width; y += 1) for (let x = 0; x < width; x += 1) px[y * width + x] = y < 12 ? 40 : Math.round(240 - 2 * x);
    const bg = paperBrightness({ px, width, height: width });
    // On the paper: the brightest within 3 px, so the right side is lit less than the left.
    expect(bg[30 * width + 35]).toBe(240 - 2 * 32);
    expect(bg[30 * width + 5]).toBe(240 - 2 * 2);
    // Inside the bar, 6 px from its edge (no paper within 3 px): the paper further away, not the bar’s own 40.
    expect(bg[6 * width + 20]).toBeGreaterThan(150);
  });
});
