/**
 * Synthetic grey pages for the image-cleaning tests (issue 18): `paint` draws grey rectangles on white, `at` reads one
 * pixel. Pixels are 0 (black) .. 255 (white); rectangles are `[x0, y0, x1, y1, grey]` with x1 and y1 exclusive.
 */
import type { GreyImage } from '~/server/extraction/clean-photo';

/** The grey value (0..255) of pixel (x, y). */
export const at = (img: GreyImage, x: number, y: number) => img.px[y * img.width + x]!;

/** A white page `width` × `height` with rectangles (x0, y0, x1, y1 exclusive, grey) painted in order. */
export function paint(width: number, height: number, rects: [number, number, number, number, number][]): GreyImage {
  const px = new Uint8Array(width * height).fill(255);
  for (const [x0, y0, x1, y1, v] of rects) for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) px[y * width + x] = v;
  return { px, width, height };
}
