/**
 * Spaces read away and points read in where the ink has none, in words of letters (issue 18: "never claims success
 * when it is wrong").
 *
 * Tesseract's LSTM judges spaces and points by its language model as much as by the ink: a narrow space in a
 * proportional face is read away ("FENDER, LH" as "FENDER,LH": random layout R533 on a page image) and a bold serif
 * "LLC" is read "LL.C" (R396, from the sparse re-read of the header, at high confidence). The read then adds up like
 * a right one, and the form said 'Data extracted successfully!'. Both can be seen in the pixels:
 *
 * - **A space read away** ({@link lostSpace}): a word of letters is cut into glyphs by its ink columns; when the
 *   glyphs pair one to one with its letters and exactly one gap between them is at least {@link SPACE_OF_LINE} × the
 *   line's word space and at least {@link GAP_OVER_LETTERS} × every other gap of the word, the word is split there.
 *   Gaps are measured between the nearest ink ({@link inkGaps}), so letters a face kerns ("T A", "P A") count the space the eye
 *   sees.
 * - **A comma under the last letter** ({@link commaUnderLastLetter}): a word of capitals whose last glyph reaches
 *   below the baseline with a narrow tail at its right ("LAMP," in a serif face) is given its comma.
 * - **A point not printed** ({@link pointNotPrinted}): a word of letters with one full stop between two letters whose
 *   glyphs number one fewer than its characters, none of them the size of a point: the point is dropped.
 *
 * A word's box is Tesseract's, which bounds its ink, so the gap between two words' boxes is the word space as printed.
 * Pure functions on an 8-bit grey image (0 black … 255 white); used on clean page images only (not on photographs or
 * scans, whose ink gaps wander with blur and whose specks are points).
 */
import type { GreyImage } from '../clean-photo';
import { midGrey, segmentGlyphs, type Glyph } from './glyphs';
import { median, wordsByOcrLine, type WordBox } from './words';

/**
 * Least gap inside a word, as a share of its line's word space, taken for a space read away. Measured on tuning pages
 * only (first OCR read of random page-image seeds 251–550, 2026-12-06): of 6,398 words of letters read right (words
 * of the truth's descriptions and supplier; 671 of them ending in a comma or point), none is split at 0.7; six other
 * words are (header labels "UnitPrice", "BACKORD", "CustomerID", "PartNo." given their spaces back, and a garbled
 * part number); 0.6 would also cut "UNIT" and "Parts", 0.5 "LINCOLN" and "WHITE". Of the spaces read away in those
 * words, "FENDER,LH" (0.92) is found; "FRBUMPER" (0.5), "TOYOTAATTITUDE" (two A's whose slants meet: 0.38, touching
 * T's) and "ULTRAFINE," (touching letters) are left. With gaps measured between the nearest ink ({@link inkGaps},
 * issue 18's twenty-seventh session; first OCR read of page-image tuning seeds 3901–4300): of 10,209 words read right,
 * none is split, as with the boxes' gaps; of six words holding a space read away, "HEADLAMPASSY" is found (the boxes'
 * gaps found none), and so is R3873's "ASSTALARM"; the other words split are the same 19 either way.
 */
export const SPACE_OF_LINE = 0.7;
/** How many times wider than every other gap of the word that gap must be. */
export const GAP_OVER_LETTERS = 2;

/** Largest point, as a share of the letters' height (a full stop is about a fifth of a capital's height). */
export const POINT_SIZE = 0.35;

/**
 * A word of letters (commas, points, apostrophes and ampersands within; a comma or point after it, "ASM,"): prose,
 * not a code or a number.
 */
const PROSE = /^[A-Za-z][A-Za-z,.'&]*[A-Za-z][,.]?$/;

/**
 * The line's word space (px): the median gap between neighbouring words of the line that are at most one letter
 * height apart (wider gaps are between columns), or null with fewer than two such gaps.
 */
export function wordSpace(line: WordBox[]): number | null {
  const h = median(line.map((w) => w.y1 - w.y0));
  const gaps: number[] = [];
  for (let i = 1; i < line.length; i += 1) {
    const gap = line[i]!.x0 - line[i - 1]!.x1;
    if (gap > 0 && gap <= h) gaps.push(gap);
  }
  return gaps.length >= 2 ? median(gaps) : null;
}

/** The ink gaps (px) between a word's neighbouring glyphs. */
export const glyphGaps = (glyphs: Glyph[]): number[] => glyphs.slice(1).map((g, i) => g.x0 - glyphs[i]!.x1);

/**
 * The ink gaps (px) between a word's neighbouring glyphs as the eye sees them: for each pair, the least distance from
 * an ink pixel of the left glyph to one of the right glyph (ink as in {@link segmentGlyphs}: darker than halfway from
 * the word box's darkest to its lightest pixel), less one, so that ink side by side in one row measures as the columns of
 * white between; the boxes' gap when either holds no ink. Letters a face kerns ("T" then "A", "P" then "A": the A's
 * foot under the T's bar) stand a box gap apart that says nothing of the space between them; letters whose nearest
 * ink lies in other rows ("A" then "C": the A's foot and the C's curve) are no further apart than their corners.
 */
export function inkGaps(image: GreyImage, box: Glyph, glyphs: Glyph[]): number[] {
  const whole = { x0: Math.max(0, Math.floor(box.x0)), x1: Math.min(image.width, Math.ceil(box.x1)), y0: Math.max(0, Math.floor(box.y0)), y1: Math.min(image.height, Math.ceil(box.y1)) };
  const threshold = midGrey(image, whole) ?? 128;
  // Each glyph's ink edge towards its neighbour: per row, its last (or first) ink column.
  const edge = (g: Glyph, fromRight: boolean): [number, number][] => {
    const out: [number, number][] = [];
    for (let y = g.y0; y < g.y1; y += 1) {
      if (fromRight) {
        for (let x = g.x1 - 1; x >= g.x0; x -= 1) if (image.px[y * image.width + x]! < threshold) { out.push([x, y]); break; }
      } else {
        for (let x = g.x0; x < g.x1; x += 1) if (image.px[y * image.width + x]! < threshold) { out.push([x, y]); break; }
      }
    }
    return out;
  };
  return glyphs.slice(1).map((b, i) => {
    const a = glyphs[i]!;
    const [left, right] = [edge(a, true), edge(b, false)];
    let least = Infinity;
    for (const [ax, ay] of left) for (const [bx, by] of right) least = Math.min(least, Math.hypot(bx - ax, by - ay));
    return Number.isFinite(least) ? Math.round((least - 1) * 10) / 10 : b.x0 - a.x1;
  });
}

/**
 * Where a word's space was read away: the number of characters before it (the word splits there), or null. The
 * word's glyphs must pair one to one with its characters; see the module docs for the gap rule. Each piece must hold
 * two letters or more, the second starting with one (a lone letter cut off is more often a swollen box: "PAINT" whose
 * box took in the "&" after it).
 */
export function lostSpace(text: string, glyphs: Glyph[], space: number, gaps = glyphGaps(glyphs)): number | null {
  if (glyphs.length !== text.length || glyphs.length < 4) return null;
  const widest = gaps.reduce((best, g, i) => (g > gaps[best]! ? i : best), 0);
  const gap = gaps[widest]!;
  if (gap < SPACE_OF_LINE * space || gaps.some((g, i) => i !== widest && g * GAP_OVER_LETTERS > gap))
    return null;
  const at = widest + 1;
  const letters = (t: string) => (t.match(/[A-Za-z]/g) ?? []).length;
  const [left, right] = [text.slice(0, at), text.slice(at)];
  return letters(left) >= 2 && letters(right) >= 2 && /^[A-Za-z]/.test(right) ? at : null;
}

/**
 * Whether a word's one full stop between two letters ("LL.C") is not in the ink: its glyphs number one fewer than its
 * characters and none of them is small enough for a point (at most {@link POINT_SIZE} × the letters' height wide and
 * tall). Letters under 8 px tall are not judged.
 */
export function pointNotPrinted(text: string, glyphs: Glyph[]): boolean {
  if (!PROSE.test(text) || (text.match(/\./g) ?? []).length !== 1 || !/[A-Za-z]\.[A-Za-z]/.test(text))
    return false;
  if (glyphs.length !== text.length - 1) return false;
  const h = Math.max(...glyphs.map((g) => g.y1 - g.y0));
  return h >= 8 && !glyphs.some((g) => g.x1 - g.x0 <= POINT_SIZE * h && g.y1 - g.y0 <= POINT_SIZE * h);
}

/** A word of capitals (an apostrophe or ampersand within) whose last letter has no tail below the line (not J, Q). */
const CAPITALS_WITHOUT_TAIL = /^[A-Z][A-Z'&]*[A-IK-PR-Z]$/;

/**
 * Whether a word of capitals the read gave without a comma has one tucked under its last letter ("LAMP, SIDE" in a
 * serif face, whose comma kerns under the P's bowl inside the word's box: random layout R4151 on a page image gave
 * "LAMP SIDE MARKER", silently): the word's last glyph (a letter, or letters touching as one, with the comma) reaches
 * below the baseline of its other glyphs by at least 2 px and 0.12 of the letters' height, at most half of it, and the
 * ink below the baseline is narrow (at most {@link POINT_SIZE} × the height) and stands in the right half of that
 * glyph, which is a letter's (at least 0.3 of the height wide, its top no higher than the others'). A capital never
 * reaches below the baseline but a Q's tail or a J's hook, so words ending in those are not judged; letters under
 * 8 px tall are not either. On the first OCR read of page-image tuning seeds 3901–4300 (16,523 words of capitals
 * judged) it found R4151's comma and took a rule for one beside "EACH" (R3912), refused since by the letter's shape.
 */
export function commaUnderLastLetter(text: string, glyphs: Glyph[], image: GreyImage): boolean {
  if (!CAPITALS_WITHOUT_TAIL.test(text) || glyphs.length < 2) return false;
  const last = glyphs[glyphs.length - 1]!;
  const rest = glyphs.slice(0, -1);
  const h = median(rest.map((g) => g.y1 - g.y0));
  const baseline = median(rest.map((g) => g.y1));
  const below = last.y1 - baseline;
  if (h < 8 || below < Math.max(2, 0.12 * h) || below > 0.5 * h) return false;
  // A letter's glyph: as wide as a letter and no taller above the others (a cell's rule read into the word's box
  // reaches above and below them: "EACH" beside the rule of its Unit column, page-image tuning seed 3912).
  if (last.x1 - last.x0 < 0.3 * h || last.y0 < Math.min(...rest.map((g) => g.y0)) - 0.12 * h) return false;
  const threshold = midGrey(image, last);
  if (threshold === null) return false;
  let [left, right] = [Infinity, -Infinity];
  for (let y = Math.ceil(baseline) + 1; y < last.y1; y += 1)
    for (let x = last.x0; x < last.x1; x += 1)
      if (image.px[y * image.width + x]! < threshold) [left, right] = [Math.min(left, x), Math.max(right, x)];
  if (!Number.isFinite(left)) return false;
  return right - left + 1 <= POINT_SIZE * h && left >= last.x0 + 0.5 * (last.x1 - last.x0);
}

/** Words ending in a letter that a full stop read away may follow ("Co" for `Co.`, "ASSY" for `ASSY.`). */
const ENDS_IN_LETTER = /^[A-Za-z][A-Za-z.'&]*[A-Za-z]$/;

/** How far right of a word's box (× its letters' height) a full stop read away is looked for. */
export const STOP_REACH = 0.5;

/**
 * Whether a full stop the read left out follows a word of letters: the space right of the word's box, {@link
 * STOP_REACH} × its letters' height wide and reaching 0.4 × the height below the box (a comma's tail), holds exactly one
 * glyph apart from the word's last letter, and that glyph is a point — at most {@link POINT_SIZE} × the height wide and
 * tall, at least a tenth as wide and tall, its bottom on the letters' baseline (within 0.15 × the height). `others`
 * are the page's other words: none may reach into the space up to the point or start within a tenth of the height
 * (2 px at least) after it. Letters under 8 px tall are not judged. A white "Redline Parts Depot Co." in a dark band was read "… Co" (random
 * layout R3823, silently).
 */
export function pointReadAway(w: WordBox, image: GreyImage, others: WordBox[]): boolean {
  if (!ENDS_IN_LETTER.test(w.text)) return false;
  const own = segmentGlyphs(image, w);
  if (!own || own.length === 0) return false;
  const h = Math.max(...own.map((g) => g.y1 - g.y0));
  if (h < 8) return false;
  // The space right of the box, down to 0.4 × the height below it, so that a comma shows its tail; a sliver of the
  // last letter's edge at the box's border is not a glyph of its own.
  const right = segmentGlyphs(image, {
    x0: w.x1,
    x1: Math.min(image.width, w.x1 + Math.round(STOP_REACH * h)),
    y0: w.y0,
    y1: Math.min(image.height, w.y1 + Math.round(0.4 * h)),
  })?.filter((g) => g.x0 > w.x1);
  if (!right || right.length !== 1) return false;
  const point = right[0]!;
  const baseline = median(own.filter((g) => g.y1 - g.y0 >= 0.8 * h).map((g) => g.y1));
  const size = (a: number) => a <= POINT_SIZE * h;
  const [pw, ph] = [point.x1 - point.x0, point.y1 - point.y0];
  if (!size(pw) || !size(ph) || pw < 0.1 * h || ph < 0.1 * h) return false;
  if (Math.abs(point.y1 - baseline) > 0.15 * h) return false;
  // No other word reaches into the space up to the point, nor starts right after it (the faint left edge of the next
  // word's first letter, outside that word's box, looks like a point: "within" before "30").
  const clear = point.x1 + Math.max(2, 0.1 * h);
  return !others.some((o) => o !== w && o.x0 < clear && o.x1 > w.x1 && o.y0 < w.y1 && o.y1 > w.y0);
}

/**
 * The page's words with spaces read away put back and points not printed dropped (see the module docs): a word split
 * at a space becomes two words (each with the word's confidence and its part of the box); a word losing its point
 * keeps its box and confidence. Spaces are looked for only on lines with a measurable word space (words carrying a
 * `lineKey`). Returns the words as they were when nothing changed.
 */
export function proseInk(words: WordBox[], image: GreyImage): WordBox[] {
  const replaced = new Map<WordBox, WordBox[]>();
  // Each word is cut into glyphs once, whichever of the checks below looks at it first.
  const cut = new Map<WordBox, Glyph[] | null>();
  const glyphsOf = (w: WordBox) => {
    if (!cut.has(w)) cut.set(w, segmentGlyphs(image, w));
    return cut.get(w)!;
  };
  for (const w of words) {
    if (!w.text.includes('.') || !PROSE.test(w.text)) continue;
    const glyphs = glyphsOf(w);
    if (glyphs && pointNotPrinted(w.text, glyphs)) replaced.set(w, [{ ...w, text: w.text.replace('.', '') }]);
  }
  for (const w of words) {
    if (!replaced.has(w) && pointReadAway(w, image, words)) {
      replaced.set(w, [{ ...w, text: `${w.text}.` }]);
    }
  }
  for (const w of words) {
    if (replaced.has(w) || !CAPITALS_WITHOUT_TAIL.test(w.text)) continue;
    const glyphs = glyphsOf(w);
    if (glyphs && commaUnderLastLetter(w.text, glyphs, image)) replaced.set(w, [{ ...w, text: `${w.text},` }]);
  }
  for (const line of wordsByOcrLine(words).map((ws) => [...ws].sort((a, b) => a.x0 - b.x0))) {
    const space = wordSpace(line);
    if (space === null) continue;
    for (const w of line) {
      if (!PROSE.test(w.text) || w.text.length < 4 || replaced.has(w)) continue;
      const glyphs = glyphsOf(w);
      const at = glyphs?.length === w.text.length ? lostSpace(w.text, glyphs, space, inkGaps(image, w, glyphs)) : null;
      if (at === null || !glyphs) continue;
      replaced.set(w, [
        { ...w, text: w.text.slice(0, at), x1: glyphs[at - 1]!.x1 },
        { ...w, text: w.text.slice(at), x0: glyphs[at]!.x0 },
      ]);
    }
  }
  return replaced.size ? words.flatMap((w) => replaced.get(w) ?? [w]) : words;
}
