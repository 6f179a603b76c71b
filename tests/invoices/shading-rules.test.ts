/**
 * Issue 18, shaded rows and thin grids (helper "shade"): the grey closing that whitens light shading behind text
 * (`rankFilter`, `whitenShading`), heading bars inverted only when taller than a rule (`invertDarkBands`), a short
 * table's solid column rules removed (`removeRules`), on synthetic grey images.
 */
import { describe, expect, it } from 'vitest';
import { rankFilter, whitenShading } from '~/server/extraction/clean-photo';
import { contrastInk, invertDarkBands, MAX_RULE_THICKNESS, PHOTO_RULE_CONTRAST, PHOTO_RULE_DARK, removeRules, shadingRadius } from '~/server/extraction/ocr.server';
import { at, paint } from './grey-image';

/** "Text": 3 px strokes 16 px tall, 8 px apart, from x0 to x1 at y0. */
const strokes = (x0: number, x1: number, y0: number, v = 20): [number, number, number, number, number][] => {
  const out: [number, number, number, number, number][] = [];
  for (let x = x0; x + 3 <= x1; x += 8) out.push([x, y0, x + 3, y0 + 16, v]);
  return out;
};

describe('rankFilter', () => {
  it('is the running maximum / minimum over the (2r+1)² square, clipped at the edges', () => {
    const width = 23;
    const height = 17;
    const px = new Uint8Array(width * height).map((_, i) => (i * 7919) % 251);
    const image = { px, width, height };
    for (const r of [1, 2, 4]) {
      for (const max of [true, false]) {
        const got = rankFilter(image, r, max);
        for (let y = 0; y < height; y += 1) {
          for (let x = 0; x < width; x += 1) {
            let m = max ? 0 : 255;
            for (let yy = Math.max(0, y - r); yy <= Math.min(height - 1, y + r); yy += 1) {
              for (let xx = Math.max(0, x - r); xx <= Math.min(width - 1, x + r); xx += 1) m = max ? Math.max(m, px[yy * width + xx]!) : Math.min(m, px[yy * width + xx]!);
            }
            expect(got[y * width + x]).toBe(m);
          }
        }
      }
    }
  });
});

describe('whitenShading', () => {
  it('makes a mid-grey band behind text white and keeps the text dark', () => {
    // A band of 170 (a shaded table row after contrast stretching) 40 px tall with text in it, text on white below.
    const image = paint(300, 120, [[0, 20, 300, 60, 170], ...strokes(20, 280, 32, 20), ...strokes(20, 280, 80, 20)]);
    whitenShading(image, 8);
    expect(at(image, 6, 25)).toBe(255); // band, away from text
    expect(at(image, 26, 40)).toBe(255); // band, between strokes
    expect(at(image, 21, 40)).toBeLessThan(40); // a stroke in the band (20 × 255 / 170)
    expect(at(image, 21, 88)).toBe(20); // text on white: unchanged
    expect(at(image, 6, 10)).toBe(255);
  });

  it('leaves a light tint, which the OCR reads through, as it is', () => {
    const image = paint(300, 100, [[0, 20, 300, 60, 224], ...strokes(20, 280, 32, 20)]);
    const before = Uint8Array.from(image.px);
    whitenShading(image, 8);
    expect(image.px).toEqual(before);
  });

  it('leaves a dark area (a logo, a dark box) as it is', () => {
    const image = paint(300, 100, [[10, 20, 290, 60, 60]]);
    const before = Uint8Array.from(image.px);
    whitenShading(image, 8);
    expect(image.px).toEqual(before);
  });

  it('changes nothing on a white page with text', () => {
    const image = paint(200, 60, strokes(10, 190, 20, 0));
    const before = Uint8Array.from(image.px);
    whitenShading(image, shadingRadius(200));
    expect(image.px).toEqual(before);
  });
});

describe('invertDarkBands', () => {
  it('inverts a dark bar taller than a rule, but not a thin rule spanning the page', () => {
    const image = paint(200, 100, [[0, 10, 200, 40, 20], [0, 70, 190, 70 + MAX_RULE_THICKNESS - 3, 0]]);
    invertDarkBands(image.px, image.width, image.height);
    expect(at(image, 100, 20)).toBe(235);
    expect(at(image, 100, 71)).toBe(0); // the rule stays (removeRules whitens it)
    expect(at(image, 195, 71)).toBe(255); // no black stub beside it
  });
});

describe('removeRules', () => {
  it('whitens the solid column rules of a short table (shorter than a tenth of the page)', () => {
    // 1000 × 2000 page: a 60 px tall, 2 px wide rule (width / 25 = 40 ≤ 60 < height / 10 = 200).
    const image = paint(1000, 2000, [[500, 100, 502, 160, 0]]);
    removeRules(image.px, image.width, image.height);
    expect(at(image, 500, 130)).toBe(255);
  });

  it('keeps the strokes of letters stacked on lines close together (gaps of a few pixels)', () => {
    // Strokes 16 px tall every 20 px (4 px line gaps), 3 px wide: 60+ px of ink in one column, but not solid.
    const rects: [number, number, number, number, number][] = [];
    for (let y = 100; y < 200; y += 20) rects.push([500, y, 503, y + 16, 0]);
    const image = paint(1000, 2000, rects);
    removeRules(image.px, image.width, image.height);
    expect(at(image, 501, 108)).toBe(0);
  });
});

describe('removeRules: a photographed rule’s soft shoulders', () => {
  it('whitens the grey lines beside a blurred rule’s dark core, which grow lighter outwards', () => {
    // A 1000 px wide horizontal rule: a 2 px core (0) between shoulders 206 and 230 above and 224 below, on white.
    const image = paint(1000, 200, [
      [0, 97, 1000, 98, 230],
      [0, 98, 1000, 99, 206],
      [0, 99, 1000, 101, 0],
      [0, 101, 1000, 102, 224],
    ]);
    removeRules(image.px, image.width, image.height);
    for (const y of [97, 98, 99, 100, 101]) expect(at(image, 500, y)).toBe(255);
  });

  it('stops at the core on flat shading: a rule across a grey band leaves the band grey', () => {
    // A grey band (200) from y 80 to 130 with a 2 px rule through it at y 100.
    const image = paint(1000, 200, [
      [0, 80, 1000, 130, 200],
      [0, 100, 1000, 102, 0],
    ]);
    removeRules(image.px, image.width, image.height);
    expect(at(image, 500, 100)).toBe(255);
    expect(at(image, 500, 96)).toBe(200);
    expect(at(image, 500, 106)).toBe(200);
  });
});

describe('removeRules on a photograph: rules told by their contrast', () => {
  // A photographed grid rule, blurred and enlarged: a 3 px core of 165 between 200 shoulders, on paper of 235.
  const greyRule = (): [number, number, number, number, number][] => [
    [0, 0, 1200, 300, 235],
    [0, 149, 1200, 150, 200],
    [0, 150, 1200, 153, 165],
    [0, 153, 1200, 154, 200],
  ];

  it('whitens a grey rule the default cut-off (160) leaves on the page', () => {
    const plain = paint(1200, 300, greyRule());
    removeRules(plain.px, plain.width, plain.height);
    expect(at(plain, 600, 151)).toBe(165);
    const photo = paint(1200, 300, greyRule());
    removeRules(photo.px, photo.width, photo.height, PHOTO_RULE_DARK, PHOTO_RULE_CONTRAST);
    expect(at(photo, 600, 151)).toBe(255);
    expect(at(photo, 600, 100)).toBe(235);
  });

  it('leaves a flat grey heading band whole, with its dark heads: no column of it is a rule', () => {
    // A band 80 px tall whose grey wavers about the 200 cut-off (4 px columns of 195 and 205, as a photograph's
    // noise and JPEG blocks leave it), with dark letters 20 px wide every 60 px.
    const rects: [number, number, number, number, number][] = [[0, 0, 1200, 300, 235]];
    for (let x = 40; x < 1160; x += 4) rects.push([x, 100, x + 4, 180, ((x - 40) / 4) % 2 === 0 ? 195 : 205]);
    for (let x = 60; x < 1100; x += 60) rects.push([x, 125, x + 20, 155, 40]);
    const band = paint(1200, 300, rects);
    const cutOnly = paint(1200, 300, rects);
    removeRules(cutOnly.px, cutOnly.width, cutOnly.height, PHOTO_RULE_DARK);
    // A bare cut-off of 200 takes the band's columns between the letters for vertical rules and whitens them.
    expect(at(cutOnly, 104, 110)).toBe(255);
    removeRules(band.px, band.width, band.height, PHOTO_RULE_DARK, PHOTO_RULE_CONTRAST);
    expect(at(band, 104, 110)).toBe(195);
    expect(at(band, 70, 140)).toBe(40);
  });

  it('leaves the edges of a grey stripe (green-bar paper) and the text printed across them', () => {
    // A stripe of 185 from y 100 to 160 across the page, on paper of 240; a dark letter 12 px wide straddles its top edge.
    const image = paint(1200, 300, [[0, 0, 1200, 300, 240], [0, 100, 1200, 160, 185], [600, 90, 612, 112, 30]]);
    removeRules(image.px, image.width, image.height, PHOTO_RULE_DARK, PHOTO_RULE_CONTRAST);
    expect(at(image, 300, 101)).toBe(185);
    expect(at(image, 300, 158)).toBe(185);
    expect(at(image, 606, 101)).toBe(30);
  });

  it('marks as ink only pixels under the cut-off and darker than the paper a few pixels away', () => {
    const image = paint(40, 40, [[0, 0, 40, 40, 235], [0, 20, 40, 22, 170], [0, 0, 40, 14, 190]]);
    const mask = contrastInk(image, PHOTO_RULE_DARK, PHOTO_RULE_CONTRAST);
    expect(mask[21 * 40 + 20]).toBe(1); // the rule
    expect(mask[30 * 40 + 20]).toBe(0); // paper
    expect(mask[7 * 40 + 20]).toBe(0); // inside the flat band
  });
});

describe('removeRules: a photographed dashed rule', () => {
  /** Dashes `dash` px long every `dash + gap` px across a 2000 px page, rows y0..y1 (exclusive). */
  const dashes = (y0: number, y1: number, dash: number, gap: number): [number, number, number, number, number][] => {
    const out: [number, number, number, number, number][] = [];
    for (let x = 60; x + dash <= 1940; x += dash + gap) out.push([x, y0, x + dash, y1, 60]);
    return out;
  };

  it('whitens a double dashed rule whose dashes are 8 px apart (over the solid rule’s 5 px), 7 rows in all', () => {
    // Two dashed lines (rows 100–101 and 105–106) blurred into one band with the rows between.
    const image = paint(2000, 300, [...dashes(100, 102, 8, 8), ...dashes(102, 105, 12, 4), ...dashes(105, 107, 8, 8)]);
    removeRules(image.px, image.width, image.height);
    for (const y of [100, 103, 106]) for (const x of [60, 64, 1000]) expect(at(image, x, y)).toBe(255);
  });

  it('keeps a line of text: strokes 8 px apart form a band taller than a rule (DASHED_RULE_THICKNESS)', () => {
    const image = paint(2000, 300, strokes(60, 1940, 100));
    removeRules(image.px, image.width, image.height);
    expect(at(image, 61, 108)).toBe(20);
  });

  it('keeps the bottom edge of a line of capitals, which strokes rise from (its runs cut at every stroke)', () => {
    // Strokes 3 px wide every 17 px (14 px apart: no dashed run) from y 80 down to a 2 px dense bottom edge at 114.
    const rects: [number, number, number, number, number][] = [...dashes(114, 116, 10, 6)];
    for (let x = 60; x + 3 <= 1940; x += 17) rects.push([x, 80, x + 3, 116, 60]);
    const image = paint(2000, 300, rects);
    removeRules(image.px, image.width, image.height);
    expect(at(image, 65, 114)).toBe(60);
  });

  it('keeps sparse marks along a line (under DASHED_RULE_INK of it is ink)', () => {
    // 2 px dots every 12 px (gaps of 10): a sixth of the line is ink.
    const image = paint(2000, 300, dashes(100, 102, 2, 10));
    removeRules(image.px, image.width, image.height);
    expect(at(image, 60, 100)).toBe(60);
  });
});
