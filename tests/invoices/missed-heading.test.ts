/**
 * A supplier's name the OCR left out of a page image, and a web address taken for it (random layout R2178: "Harbor
 * Collision Supply LLC" in large condensed bold was not in the page's read, and "ww harborcollisionsupplyllc.com",
 * boxed taller than its print, was offered as the supplier): unread ink above the table is found and read again cut
 * out (`inkWithoutWords`, `recognizeMissedHeading`), and a web address is no supplier's name.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { GreyImage } from '~/server/extraction/clean-photo';
import { closeOcrWorker, inkWithoutWords, recognizeMissedHeading } from '~/server/extraction/ocr.server';
import { readInvoiceLayout, withoutWebAddress } from '~/server/extraction/layout/read-layout';
import type { WordBox } from '~/server/extraction/layout/words';
import { paint } from './grey-image';
import { line } from './word-boxes';

afterAll(async () => {
  await closeOcrWorker();
});

/** A word's box as read, at confidence 0.95. */
const word = (text: string, x0: number, y0: number, x1: number, y1: number): WordBox => ({ text, x0, y0, x1, y1, conf: 0.95 });

describe('inkWithoutWords', () => {
  /** Letters 40 px tall (strokes 6 px wide, 14 px apart) from x 200 to 600 at y 30, and lines of 16 px print below. */
  const page = (): GreyImage => {
    const strokes: [number, number, number, number, number][] = [];
    for (let x = 200; x < 600; x += 20) strokes.push([x, 30, x + 6, 70, 20]);
    return paint(800, 300, [...strokes, [100, 100, 400, 116, 20], [100, 130, 300, 146, 20]]);
  };
  const body = [word('760 Route 9 North', 100, 100, 400, 116), word('Fort Wayne', 100, 130, 300, 146)];

  it('finds a tall block of ink no word covers', () => {
    expect(inkWithoutWords(page(), body, 200)).toEqual({ x0: 200, y0: 30, x1: 586, y1: 70 });
  });

  it('finds nothing when words cover it, when it is no taller than the print, or below the band', () => {
    expect(inkWithoutWords(page(), [...body, word('Harbor Supply', 200, 30, 586, 70)], 200)).toBeNull();
    // Only 16 px print unread: as tall as the band's words, not a heading.
    expect(inkWithoutWords(paint(800, 300, [[100, 100, 400, 116, 20], [100, 130, 300, 146, 20]]), [body[0]!], 200)).toBeNull();
    // The band ends above it.
    expect(inkWithoutWords(page(), body, 25)).toBeNull();
    // Nor is a box's frame around words read already (random layout R2223's boxed name: read twice).
    const frame = paint(800, 300, [[300, 20, 600, 23, 0], [300, 77, 600, 80, 0], [300, 20, 303, 80, 0], [597, 20, 600, 80, 0], [320, 35, 580, 65, 20], [100, 100, 400, 116, 20]]);
    expect(inkWithoutWords(frame, [body[0]!, word('Summit Parts Depot', 320, 35, 580, 65)], 200)).toBeNull();
    // A rule across the page (4 px) is no heading either.
    expect(inkWithoutWords(paint(800, 300, [[50, 40, 750, 44, 0], [100, 100, 400, 116, 20]]), [body[0]!], 200)).toBeNull();
  });
});

describe('recognizeMissedHeading', () => {
  it('reads a large heading the page read left out, with its boxes on the page', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="300"><rect width="100%" height="100%" fill="#fff"/>
      <text x="300" y="90" font-family="DejaVu Sans" font-weight="bold" font-size="56">Harbor Collision Supply</text>
      <text x="420" y="150" font-family="DejaVu Sans" font-size="20">760 Route 9 North</text></svg>`;
    const raw = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
    const grey: GreyImage = { px: new Uint8Array(raw.data), width: raw.info.width, height: raw.info.height };
    // The address line as the page's read had it; the heading not at all.
    const read = await recognizeMissedHeading(grey, [word('760', 420, 134, 460, 152), word('Route', 468, 134, 530, 152), word('9', 538, 134, 550, 152), word('North', 558, 134, 612, 152)], 250);
    expect(read.map((w) => w.text)).toEqual(['Harbor', 'Collision', 'Supply']);
    for (const w of read) {
      expect(w.conf).toBeGreaterThanOrEqual(0.6);
      expect(w.x0).toBeGreaterThanOrEqual(290);
      expect(w.y0).toBeGreaterThanOrEqual(30);
      expect(w.y1).toBeLessThanOrEqual(110);
    }
  }, 60_000);
});

describe('a web address is no supplier', () => {
  it('takes a web address out of a text, its "www." misread too', () => {
    expect(withoutWebAddress('ww harborcollisionsupplyllc.com')).toBe('');
    expect(withoutWebAddress('wen harborcollisionsupplyll.com')).toBe('');
    expect(withoutWebAddress('https://acme-parts.net/orders')).toBe('');
    expect(withoutWebAddress('Harbor Collision Supply LLC')).toBe('Harbor Collision Supply LLC');
    expect(withoutWebAddress('Acme Co. Inc')).toBe('Acme Co. Inc');
  });

  it('does not take a web address boxed taller than the name for the supplier', () => {
    const words = [
      ...line(50, [['Harbor Collision Supply LLC', 480]], 0.96, 30),
      ...line(104, [['760 Route 9 North', 700]], 0.96, 14),
      // The address's box swollen to 33 px by the OCR (its print is 14 px).
      word('ww', 645, 148, 670, 181),
      word('harborcollisionsupplyllc.com', 679, 148, 969, 181),
      ...line(300, [['Part #', 10], ['Description', 200], ['Qty', 700], ['Price', 850]]),
      ...line(340, [['90467-12107', 10], ['CLIP, BUMPER COVER', 200], ['6', 700], ['1.60', 850]]),
      ...line(380, [['Total', 700], ['9.60', 850]]),
    ];
    expect(readInvoiceLayout(words).supplier).toBe('Harbor Collision Supply LLC');
    // Its "www" cut off from a domain read as noise without its dot (random layout R521's photograph).
    const cut = words.flatMap((w) =>
      w.text === 'ww' ? [{ ...w, text: 'www' }] : w.text.endsWith('.com') ? [{ ...w, text: 'irnnwanadeollicianeunnlvlle', x1: 900, conf: 0.19 }, { ...w, text: 'com', x0: 946 }] : [w],
    );
    expect(readInvoiceLayout(cut).supplier).toBe('Harbor Collision Supply LLC');
  });
});
