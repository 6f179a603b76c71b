/**
 * Photo and scan effects for the development set, done with sharp (ImageMagick is not installed on these machines;
 * /usr/local/bin/convert is something else). A "photograph": uneven light (a gradient composited with multiply),
 * a warm paper tint, a 2–4° rotation on a desk-coloured background, blur, a little sensor noise, downscaled to a
 * phone-photo width and saved as JPEG quality 70. A "scan": grey, a slight skew, JPEG quality 70, wrapped in a PDF
 * page by pdfmake (no text layer).
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { renderPdf } from '~/server/documents/pdf/render-pdf.server';
import type { Rng } from './rng';

export interface PhotoParams {
  /** degrees, sign = direction */
  angle: number;
  blur: number;
  /** 0..1: how dark the shadowed side gets */
  shadow: number;
  /** gradient direction: which corner the light comes from */
  light: 'left' | 'right' | 'top' | 'bottom' | 'corner';
  quality: number;
  width: number;
}

/** Random photo parameters within the ranges (rotated 2–4°, blurred, uneven light, JPEG 70). */
export function photoParams(rng: Rng): PhotoParams {
  return {
    angle: (Math.round(rng.float(2, 4) * 10) / 10) * (rng.chance(0.5) ? 1 : -1),
    blur: Math.round(rng.float(0.6, 1.3) * 100) / 100,
    shadow: Math.round(rng.float(0.25, 0.5) * 100) / 100,
    light: rng.pick(['left', 'right', 'top', 'bottom', 'corner'] as const),
    quality: 70,
    width: rng.int(1250, 1450),
  };
}

function gradientSvg(w: number, h: number, p: PhotoParams): Buffer {
  const dir = {
    left: ['0', '0', '1', '0'],
    right: ['1', '0', '0', '0'],
    top: ['0', '0', '0', '1'],
    bottom: ['0', '1', '0', '0'],
    corner: ['0', '0', '1', '1'],
  }[p.light];
  const dark = Math.round(255 * (1 - p.shadow));
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x1="${dir[0]}" y1="${dir[1]}" x2="${dir[2]}" y2="${dir[3]}">` +
      `<stop offset="0" stop-color="rgb(255,252,240)"/><stop offset="0.55" stop-color="rgb(235,228,210)"/><stop offset="1" stop-color="rgb(${dark},${dark - 8},${dark - 20})"/></linearGradient>` +
      `</defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
}

/** Grey sensor noise (mean 128, σ 10) from the seeded generator, so photographs are the same on every run. */
function seededNoise(w: number, h: number, rng: Rng): Buffer {
  const out = Buffer.alloc(w * h * 3);
  for (let i = 0; i < out.length; i += 2) {
    // Box–Muller: two normal values from two uniform ones.
    const r = Math.sqrt(-2 * Math.log(1 - rng.next()));
    const t = 2 * Math.PI * rng.next();
    out[i] = Math.max(0, Math.min(255, Math.round(128 + 10 * r * Math.cos(t))));
    if (i + 1 < out.length) out[i + 1] = Math.max(0, Math.min(255, Math.round(128 + 10 * r * Math.sin(t))));
  }
  return out;
}

/** A photographed-looking JPEG of a rendered page. */
export async function photograph(png: Buffer, p: PhotoParams, rng: Rng): Promise<Buffer> {
  const meta = await sharp(png).metadata();
  const w = meta.width!;
  const h = meta.height!;
  const noise = await sharp(seededNoise(w, h, rng), { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();
  const lit = await sharp(png)
    .flatten({ background: '#ffffff' })
    .composite([
      { input: gradientSvg(w, h, p), blend: 'multiply' },
      { input: noise, blend: 'soft-light' },
    ])
    .png()
    .toBuffer();
  const margin = Math.round(w * 0.04);
  const desk = { r: 92, g: 74, b: 58 };
  const rotated = await sharp(lit)
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: desk })
    .rotate(p.angle, { background: desk })
    .png()
    .toBuffer();
  return sharp(rotated).resize({ width: p.width }).blur(p.blur).jpeg({ quality: p.quality }).toBuffer();
}

/**
 * A scanned page: grey, slightly skewed, JPEG 70, inside a one-page Letter PDF without a text layer. `width` is the
 * scan's width in pixels (1275: a Letter page at 150 dpi; a narrow ticket is scanned at its own width).
 */
export async function scannedPdf(png: Buffer, angle: number, width = 1275): Promise<{ pdf: Buffer; jpeg: Buffer }> {
  const jpeg = await sharp(png)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .rotate(angle, { background: '#ffffff' })
    .resize({ width })
    .linear(1.1, -12)
    .jpeg({ quality: 70 })
    .toBuffer();
  const meta = await sharp(jpeg).metadata();
  const maxW = 612 - 36;
  const maxH = 792 - 36;
  const scale = Math.min(maxW / meta.width!, maxH / meta.height!);
  const pdf = await renderPdf({
    info: { title: 'Scanned invoice', creationDate: FIXED_DATE },
    pageMargins: [18, 18, 18, 18],
    content: [
      {
        image: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
        width: Math.floor(meta.width! * scale),
        height: Math.floor(meta.height! * scale),
      },
    ],
  });
  return { pdf, jpeg };
}

const FIXED_DATE = new Date('2026-11-24T00:00:00Z');

/** Print CSS that makes a long invoice run onto a second Letter page (16 px print, roomy rows, the head repeated). */
export const PRINT_CSS = `<style>@media print { body { font-size:16px !important; padding:0 !important; } .items td { padding:9px 6px !important; } .items thead { display: table-header-group; } }</style>`;

/** Letter paper's width inside the 0.4 in side margins of {@link printLetterPdf}, in CSS pixels (7.7 in × 96). */
const PRINTABLE_WIDTH = 7.7 * 96;

/**
 * The page printed by Chromium on Letter paper with "Page n of N" footers, a text layer and a fixed date. With
 * `fitWidth`, a page wider than the paper is scaled down to fit (to half size at most), as a supplier's system prints
 * it: Chromium would cut it at the paper's edge (bench-random's drawn layouts; the committed sets print at full size).
 */
export async function printLetterPdf(page: Page, options: { fitWidth?: boolean } = {}): Promise<Buffer> {
  let scale = 1;
  if (options.fitWidth) {
    await page.emulateMedia({ media: 'print' });
    scale = Math.max(0.5, Math.min(1, PRINTABLE_WIDTH / (await page.evaluate(() => document.documentElement.scrollWidth))));
  }
  const printed = await page.pdf({
    scale,
    format: 'Letter',
    printBackground: true,
    margin: { top: '0.5in', bottom: '0.6in', left: '0.4in', right: '0.4in' },
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate:
      '<div style="font-size:9px;width:100%;text-align:center">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
  });
  return fixPdfDates(printed);
}

/**
 * Chromium stamps the time into a printed PDF (/CreationDate, /ModDate); the same-length fixed date keeps the file
 * identical between runs without moving any byte offset of the cross-reference table.
 */
export function fixPdfDates(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1').replace(/\((D:)(\d{14})/g, (_m, d: string) => `(${d}20261124000000`);
  return Buffer.from(text, 'latin1');
}

/** A clean rendered page stored small: palette PNG (64 colours), as a scanner's "document" mode would. */
export async function cleanPng(png: Buffer): Promise<Buffer> {
  return sharp(png)
    .flatten({ background: '#ffffff' })
    .png({ palette: true, colours: 64, compressionLevel: 9 })
    .toBuffer();
}
