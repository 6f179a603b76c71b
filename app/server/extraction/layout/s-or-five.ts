/**
 * An S read as "5", told by comparing the glyph with the page's own fives (issue 18: "letter-digit ambiguity
 * (`0`/`O`, `1`/`I`, `5`/`S`) where the OCR read is right and must not be corrected wrongly").
 *
 * Tesseract reads the S of a code as 5 next to digits ("86350-2S000" as "86350-25000", "T24-S490" as "T24-5490",
 * the invoice number "S91330" as "591330") at confidences of 0.9 and more; the code then adds up like a right one and
 * the form said 'Data extracted successfully!'. The corner test in glyphs.ts ({@link isRoundTopS}) catches an S only
 * where its top-left corner is clearly open, which most fonts' S is not.
 *
 * Here every "5" of a code or a long number is compared with the fives of the page's amounts (`1,031.25`: digits for
 * certain, printed in the same fonts): each glyph is reduced to a {@link GRID_W}×{@link GRID_H} grid of ink coverage
 * and the distance to the nearest amount five of about its height is the mean absolute difference of the grids. A
 * true five mostly lies close to one of them; an S lies far from all of them. Some true fives lie far too (a bold
 * invoice number, a part number in another font), so a far glyph becomes an S only when its shape also says S
 * ({@link looksLikeS}: its top row starts right of its stem): then the word's letter is changed and its confidence
 * lowered to {@link CHANGED_CONFIDENCE}, so the form marks it and never passes it silently.
 *
 * Measured on tuning data only (2026-12-06, glyphs of the first OCR read): random page-image seeds 251–350 and the
 * page images of the development set's tuning split and the extra sets (not extra7, a check set). Of 1,044 fives in
 * part and invoice numbers with three amount fives to compare with, none is changed (44 lie far from the page's
 * fives; none of those has the S's top). Of 14 S read as 5, 6 are changed (T24-S490, S91330, 86350-2S000 …); the
 * others are left as read. Of the 169 S read right, 156 pass both tests (the measure sees an S). Not on photographs
 * or scans: a photographed five lay as far from its page's fives (up to 0.151) as an S (from 0.051). Pure functions
 * on an 8-bit grey image (0 black … 255 white).
 *
 * The same comparison with the page's amount ones marks a "1" that is no one ({@link onesUnlikePage}): a J, an I or
 * an l read as "1" in an invoice number or a part number ("J672095" read "1672095", issue 18's twenty-sixth session).
 */
import type { GreyImage } from '../clean-photo';
import { CHANGED_CONFIDENCE, greyRange, isCodeWord, segmentGlyphs, type Glyph } from './glyphs';
import type { WordBox } from './words';

/** Columns and rows of the coverage grid a glyph is reduced to for comparison. */
export const GRID_W = 8;
export const GRID_H = 12;

/**
 * Least distance (mean absolute coverage difference, 0..1) from every amount five of the page for a glyph read "5"
 * to be unlike them ({@link sReadAsFive}). Tuning pages: true fives' nearest distance 0 at the median, 0.093 at the
 * 95th percentile, 44 of 1,044 over 0.13 (up to 0.216); S read as 5 0.105–0.247, twelve of fourteen over 0.13.
 */
export const FIVE_UNLIKE_PAGE = 0.13;

/** Least amount glyphs of the digit (fives, ones) of about a glyph's height (within 12 %) for the comparison to be made. */
export const MIN_REFERENCE_FIVES = 3;

const MONEY = /^[$€£]?\(?-?[\d,]*\d\.\d{2}\)?-?$/;

/** A glyph's ink (0 paper … 1 ink) at (x, y) within its box, scaled between its lightest and darkest pixels; null without clear ink. */
function inkOf(image: GreyImage, g: Glyph): ((x: number, y: number) => number) | null {
  const range = greyRange(image, g);
  if (!range) return null;
  const { lo, hi } = range;
  return (x, y) =>
    Math.min(1, Math.max(0, (hi - image.px[(g.y0 + y) * image.width + g.x0 + x]!) / (hi - lo)));
}

/** Ink coverage (0 paper … 1 ink) of a glyph's box on a GRID_W×GRID_H grid, by area; null without clear ink. */
export function coverageGrid(image: GreyImage, g: Glyph): number[] | null {
  const w = g.x1 - g.x0;
  const h = g.y1 - g.y0;
  const ink = w < 2 || h < 4 ? null : inkOf(image, g);
  if (!ink) return null;
  const grid: number[] = [];
  for (let gy = 0; gy < GRID_H; gy += 1) {
    for (let gx = 0; gx < GRID_W; gx += 1) {
      const ya = (gy * h) / GRID_H;
      const yb = ((gy + 1) * h) / GRID_H;
      const xa = (gx * w) / GRID_W;
      const xb = ((gx + 1) * w) / GRID_W;
      let sum = 0;
      let area = 0;
      for (let y = Math.floor(ya); y < Math.ceil(yb); y += 1) {
        for (let x = Math.floor(xa); x < Math.ceil(xb); x += 1) {
          const a = (Math.min(yb, y + 1) - Math.max(ya, y)) * (Math.min(xb, x + 1) - Math.max(xa, x));
          if (a > 0) {
            sum += a * ink(x, y);
            area += a;
          }
        }
      }
      grid.push(area > 0 ? sum / area : 0);
    }
  }
  return grid;
}

const gridDistance = (a: number[], b: number[]): number =>
  a.reduce((s, v, i) => s + Math.abs(v - b[i]!), 0) / a.length;

/**
 * Whether a glyph's shape says S rather than 5: its top row's ink starts right of the stem below it (rows 15–45 % of
 * its height) by at least {@link S_CAP_INSET} × its height — an S's top curve, where a 5's top bar starts at its stem
 * (sub-pixel left edges, from the anti-aliased columns). Two more cues were tried and dropped (2026-12-06, tuning
 * pages): a top-left corner at most half ink and ink at the right under the top bar (an S's upper terminal) — true
 * fives far from their page's fives (a bold invoice number, another font) had corners of 0.42–0.50 and right-hand
 * ink of 0.25–0.33 (G10's "870528" became "870S28"). Among the 44 true fives far from their page's, the inset was
 * at most 0.089; of the twelve S read as 5 that lie far, six had 0.106–0.155.
 */
export function looksLikeS(image: GreyImage, g: Glyph): boolean {
  const w = g.x1 - g.x0;
  const h = g.y1 - g.y0;
  const ink = h < 10 || w < 5 ? null : inkOf(image, g);
  if (!ink) return false;
  // Sub-pixel left edge of a row: the first column at least half ink, less the ink of the column before it.
  const edge = (y: number) => {
    for (let x = 0; x < w; x += 1) if (ink(x, y) >= 0.5) return x - (x > 0 ? ink(x - 1, y) : 0);
    return Infinity;
  };
  let top = 0;
  while (top < h && edge(top) === Infinity) top += 1;
  let stem = Infinity;
  for (let y = top + Math.round(0.15 * h); y <= top + Math.round(0.45 * h) && y < h; y += 1)
    stem = Math.min(stem, edge(y));
  return (edge(top) - stem) / h >= S_CAP_INSET;
}

/** Least inset of an S's top row from its stem, as a share of its height ({@link looksLikeS}). */
export const S_CAP_INSET = 0.1;

/** An amount glyph of the page: its height (px) and coverage grid. */
type Reference = { h: number; grid: number[] };

/** The glyphs of `digit` in the page's amounts (`1,031.25`), each with its height and coverage grid. */
function amountGlyphs(words: WordBox[], image: GreyImage, digit: string): Reference[] {
  const references: Reference[] = [];
  for (const w of words) {
    if (!w.text.includes(digit) || !MONEY.test(w.text)) continue;
    const glyphs = segmentGlyphs(image, w);
    if (!glyphs || glyphs.length !== w.text.length) continue;
    [...w.text].forEach((c, i) => {
      const grid = c === digit ? coverageGrid(image, glyphs[i]!) : null;
      if (grid) references.push({ h: glyphs[i]!.y1 - glyphs[i]!.y0, grid });
    });
  }
  return references;
}

/**
 * Distance (0..1) from a glyph to the nearest reference of about its height (within 12 %); null when fewer than
 * {@link MIN_REFERENCE_FIVES} references are that tall or the glyph has no clear ink.
 */
function distanceToNearest(image: GreyImage, g: Glyph, references: Reference[]): number | null {
  const h = g.y1 - g.y0;
  const near = references.filter((r) => Math.abs(r.h - h) <= Math.max(1, 0.12 * h));
  const grid = coverageGrid(image, g);
  if (!grid || near.length < MIN_REFERENCE_FIVES) return null;
  return Math.min(...near.map((r) => gridDistance(grid, r.grid)));
}

/** Whether a word is looked at for a digit that is a letter: a code, or a number of four digits or more; never an amount. */
const codeOrLongNumber = (text: string, digit: string) =>
  text.includes(digit) && !MONEY.test(text) && (isCodeWord(text) || /^\d{4,}$/.test(text));

/**
 * The page's words with each "5" of a code or a number of four digits or more (not an amount, not a date) made "S"
 * where its glyph is unlike every amount five of the page of about its height ({@link FIVE_UNLIKE_PAGE}, at least
 * {@link MIN_REFERENCE_FIVES} of them) and shaped like an S ({@link looksLikeS}); a word so changed gets confidence
 * {@link CHANGED_CONFIDENCE}. Only words whose glyphs pair one to one with their letters are looked at; others, and
 * every word of a page with too few amount fives, are returned as they are.
 */
export function sReadAsFive(words: WordBox[], image: GreyImage): WordBox[] {
  const references = amountGlyphs(words, image, '5');
  if (references.length < MIN_REFERENCE_FIVES) return words;
  return words.map((w) => {
    if (!codeOrLongNumber(w.text, '5')) return w;
    const glyphs = segmentGlyphs(image, w);
    if (!glyphs || glyphs.length !== w.text.length) return w;
    const text = [...w.text]
      .map((c, i) => {
        if (c !== '5') return c;
        const nearest = distanceToNearest(image, glyphs[i]!, references);
        return nearest !== null && nearest > FIVE_UNLIKE_PAGE && looksLikeS(image, glyphs[i]!) ? 'S' : c;
      })
      .join('');
    return text === w.text ? w : { ...w, text, conf: Math.min(w.conf, CHANGED_CONFIDENCE) };
  });
}

/**
 * Least distance from every amount "1" of the page for a glyph read "1" to be a letter ({@link onesUnlikePage}).
 * Tuning pages (random page-image seeds 3601–3750, 2026-12-07): of 1,451 ones in part and invoice numbers with three
 * amount ones to compare with, the farthest lay 0.15 from its page's nearest; DejaVu Sans Mono's J read as "1" in the
 * invoice number "J672095" lay 0.46 from every one of its page (R3745, read "1672095" at 0.84, silently).
 */
export const ONE_UNLIKE_PAGE = 0.25;

/**
 * The page's words with a "1" in a code or a number of four digits or more whose glyph is unlike every amount one of
 * the page of about its height ({@link ONE_UNLIKE_PAGE}, at least {@link MIN_REFERENCE_FIVES} of them) given
 * confidence {@link CHANGED_CONFIDENCE}, letters as read: a J, an I or an l read as "1" — which letter the glyph alone
 * does not say, so none is put in, but the form marks the field and never passes it silently. Only words whose glyphs
 * pair one to one with their letters are looked at; every word of a page with too few amount ones is returned as it is.
 */
export function onesUnlikePage(words: WordBox[], image: GreyImage): WordBox[] {
  const references = amountGlyphs(words, image, '1');
  if (references.length < MIN_REFERENCE_FIVES) return words;
  return words.map((w) => {
    if (!codeOrLongNumber(w.text, '1') || w.conf <= CHANGED_CONFIDENCE) return w;
    const glyphs = segmentGlyphs(image, w);
    if (!glyphs || glyphs.length !== w.text.length) return w;
    const unlike = [...w.text].some((c, i) => {
      const nearest = c === '1' ? distanceToNearest(image, glyphs[i]!, references) : null;
      return nearest !== null && nearest > ONE_UNLIKE_PAGE;
    });
    return unlike ? { ...w, conf: CHANGED_CONFIDENCE } : w;
  });
}
