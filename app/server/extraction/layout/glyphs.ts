/**
 * Part numbers checked against the ink of their letters (issue 18: "part numbers with spaces (`HC3Z 8200 A`),
 * letter-digit ambiguity (`0`/`O`, `1`/`I`) where the OCR read is right and must not be corrected wrongly").
 *
 * Tesseract's LSTM reads a code such as `A 205 880 01 40` as `A205 880 01 40` (it judges spaces by its own
 * language-model context, and narrow digit gaps look alike) and `IO-5518A` as `10-5518A` (next to digits it prefers
 * digits). Both mistakes can be seen in the pixels: a space is a wider gap than the font's own letter spacing, an `O`
 * is wider than a `0` of the same font and an `I` is a bare bar, much narrower than a `1`. So for each code-like word
 * the word's box is cut out of the prepared page and split into glyphs by its ink columns; when the glyphs and the
 * read letters pair one to one (else nothing is changed):
 *
 * - **Spaces**: between two digits, a space is where the distance between the glyphs' centres exceeds 1.3 × the
 *   font's digit pitch (digits share one advance width in every font, so the pitch is measured on the page's own
 *   numbers); elsewhere, where the ink gap is at least 0.3 × the glyphs' height ({@link FOOTED_ONE_SPACE} next to a
 *   `1` with a foot or a flag; 0.5 next to a bare-bar `1`, whose side bearings are wide, and next to any `1` on a
 *   photograph). Punctuation (`.`, `,`) and a dash or slash never get a space beside them (a monospace dash sits in a
 *   wide cell of its own, yet no part number is printed `19 - 1401`). A word so split becomes several word boxes.
 * - **A wrapped code's tail**: a number of up to four digits alone on its line under a code ending in a dash is
 *   checked as a code ({@link wrappedCodeTails}).
 * - **`0` / `O`**: a glyph read as either is an `O` when at least 1.2 × as wide (relative to its height; widths to a
 *   fraction of a pixel, from the darkness of anti-aliased edge columns, since at 15 px a whole pixel is 10 %) as the
 *   font's plain digits (2, 3, 4, 6, 7, 8, 9 read on the same line, else on the page), a `0` when at most 1.08 ×;
 *   between the two the read stays. Between two digits it is always a `0` (no part number prints a letter O inside
 *   a number, while a blurred photograph's zeros often measure wide).
 * - **`1` / `I` / `l` / `|`**: a glyph at most 0.33 × as wide as a plain digit is a bare bar, an `I` (a `1` has a
 *   flag); in an upper-case code an `l` or `|` wider than that is a `1`.
 * - **`1` / `I` read for an `L`**: a glyph standing at the left edge of its box with a foot is an `L` ({@link isFootedL}).
 * - **A doubled read**: when the OCR gave one letter more than there are glyphs and exactly one neighbouring pair is
 *   `O0`/`0O`/`I1`/`1I`/`l1`/… (one glyph read twice), one of the pair is dropped and the glyph decides which (in a
 *   whole word, or in one run between dashes beside touching letters).
 * - **A dash read away**: a dash-shaped glyph the read has no letter for ({@link lostDash}), or a dash sharing its ink
 *   columns with the letter beside it ({@link dashBeside}), is put back between two letters or digits (not on a
 *   photograph).
 * - **Dotted zeros**: where the page's zeros have ink in the middle, a hollow "0" in a code is an O and an "O" with
 *   ink there a zero ({@link zerosAndOsByCentre}; on photographs too).
 * - **Touching letters**: a word still unpaired (after a read of its own box) is split again at darker ink levels
 *   ({@link DARK_INK_LEVELS}; the digit width then measured on the word's own digits at that level), then paired
 *   anchored on its dashes ({@link pairByDashes}), last run by run between its dashes, each run at the ink level where
 *   it pairs ({@link pairRunsAcrossLevels}: a letter its glyphs would change then only marks the word).
 *
 * A word whose letters were changed (not only split) gets confidence {@link CHANGED_CONFIDENCE}, so the form marks
 * it and never shows 'Data extracted successfully!' on the strength of a guess.
 *
 * Money (`1,031.25`), dates, plain short integers and words with lower-case letters (descriptions) are left alone.
 * `S`/`5` are not decided by width (alike); a `5` whose top-left corner is round is an `S` ({@link isRoundTopS}). Pure functions on an 8-bit grey image (0 black … 255 white).
 */
import { inkBlobs, type GreyImage } from '../clean-photo';
import { median, wordsByOcrLine, type WordBox } from './words';

/** One glyph's ink box, in page pixels (x1, y1 exclusive). */
export interface Glyph {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** Ink width with sub-pixel precision (anti-aliased edge columns count by their darkness), in pixels. */
  width?: number;
}

const MONEY = /^[$€£]?\(?-?[\d,]*\d\.\d{1,3}\)?-?$/;
const DATE = /^\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}$/;
const PLAIN_DIGITS = /[2346789]/;
const DIGIT = /\d/;
const CODE = /^[A-Za-z0-9#/.,\-|]+$/;

/**
 * Splits a word's box into glyphs by ink columns: a pixel is ink when darker than `level` of the way from the box's
 * darkest to its lightest pixel (halfway by default); a run of columns holding ink is one glyph (the dot of an `i` shares its stem's columns). Specks
 * of fewer than 3 ink pixels are dropped. Returns null when the box holds no clear ink (contrast under 60 levels).
 */
export function segmentGlyphs(image: GreyImage, box: { x0: number; y0: number; x1: number; y1: number }, level = 0.5): Glyph[] | null {
  const x0 = Math.max(0, Math.floor(box.x0));
  const x1 = Math.min(image.width, Math.ceil(box.x1));
  const y0 = Math.max(0, Math.floor(box.y0));
  const y1 = Math.min(image.height, Math.ceil(box.y1));
  if (x1 - x0 < 2 || y1 - y0 < 4) return null;
  let lo = 255;
  let hi = 0;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const v = image.px[y * image.width + x]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  if (hi - lo < 60) return null;
  const threshold = lo + (hi - lo) * level;
  const glyphs: Glyph[] = [];
  let current: (Glyph & { ink: number }) | null = null;
  for (let x = x0; x <= x1; x += 1) {
    let ink = 0;
    let top = Infinity;
    let bottom = -Infinity;
    if (x < x1) {
      for (let y = y0; y < y1; y += 1) {
        if (image.px[y * image.width + x]! < threshold) {
          ink += 1;
          if (y < top) top = y;
          bottom = y;
        }
      }
    }
    if (ink > 0) {
      if (current) {
        current.x1 = x + 1;
        current.y0 = Math.min(current.y0, top);
        current.y1 = Math.max(current.y1, bottom + 1);
        current.ink += ink;
      } else current = { x0: x, x1: x + 1, y0: top, y1: bottom + 1, ink };
    } else if (current) {
      if (current.ink >= 3) glyphs.push({ x0: current.x0, x1: current.x1, y0: current.y0, y1: current.y1 });
      current = null;
    }
  }
  // Sub-pixel widths: every column from one left of the glyph to one right counts by how dark its darkest pixel is
  // (an anti-aliased edge column half-covered by a stroke counts about half).
  for (let k = 0; k < glyphs.length; k += 1) {
    const g = glyphs[k]!;
    const from = Math.max(x0, g.x0 - 1, k > 0 ? glyphs[k - 1]!.x1 : x0);
    const to = Math.min(x1, g.x1 + 1, k + 1 < glyphs.length ? glyphs[k + 1]!.x0 : x1);
    let width = 0;
    for (let x = from; x < to; x += 1) {
      let darkest = 255;
      for (let y = g.y0; y < g.y1; y += 1) darkest = Math.min(darkest, image.px[y * image.width + x]!);
      width += Math.min(1, Math.max(0, (hi - darkest) / (hi - lo)));
    }
    g.width = width;
  }
  return glyphs;
}

const glyphWidth = (g: Glyph): number => g.width ?? g.x1 - g.x0;

/**
 * The font's measures on one line or page: plain digits' width / height, digit pitch (centre to centre) / height,
 * and (when measured) the zeros' own width / height ({@link ZERO_SAMPLES}).
 */
export interface FontMeasures {
  digitWidth: number | null;
  digitPitch: number | null;
  zeroWidth?: number | null;
}

interface Sample {
  widths: number[];
  pitches: number[];
  zeros?: number[];
}

/** Widths and pitches of the plain digits of one word (whose glyphs pair one to one with its letters). */
function sampleWord(chars: string[], glyphs: Glyph[], into: Sample): void {
  const heights = glyphs.filter((_, i) => DIGIT.test(chars[i]!)).map((g) => g.y1 - g.y0);
  const h = median(heights);
  if (h < 6) return;
  for (let i = 0; i < chars.length; i += 1) {
    const g = glyphs[i]!;
    if (PLAIN_DIGITS.test(chars[i]!) && g.y1 - g.y0 >= 0.8 * h) into.widths.push(glyphWidth(g) / h);
    if (chars[i] === '0' && g.y1 - g.y0 >= 0.8 * h) (into.zeros ??= []).push(glyphWidth(g) / h);
    if (i > 0 && DIGIT.test(chars[i]!) && DIGIT.test(chars[i - 1]!)) {
      const p = glyphs[i - 1]!;
      into.pitches.push((g.x0 + g.x1 - p.x0 - p.x1) / 2 / h);
    }
  }
}

const measuresOf = (s: Sample): FontMeasures => ({
  digitWidth: s.widths.length >= 4 ? median(s.widths) : null,
  digitPitch: s.pitches.length >= 4 ? median(s.pitches) : null,
  zeroWidth: (s.zeros?.length ?? 0) >= ZERO_SAMPLES ? median(s.zeros!) : null,
});

/**
 * Least number of zeros read in the page's numbers (money, quantities: digits for certain) for their own width to
 * decide a code's O or 0 ({@link zeroOrO}). A font's zero is wider than its other digits (0.71–0.73 × the height
 * against 0.63–0.68 on a blurred photograph of DejaVu Sans), so against the plain digits a photographed zero measured
 * 1.07–1.10 × — between the 1.08 and 1.2 cut-offs, where the read "O" stayed ("26060-6CAOA", "62090-5NAOA").
 */
export const ZERO_SAMPLES = 3;

/**
 * Width, relative to the page's own zeros, from which a glyph read O or 0 is a letter O (an O is 1.24–1.44 × its
 * font's zero). On tuning photographs (rephoto seed 8080) zeros in codes measured 0.92–1.05 × the page's zeros
 * (one Honda `T0A` 1.25), letter O's 1.17 (DejaVu Sans Condensed, whose zero is wide) to 1.45.
 */
export const O_OVER_ZERO = 1.15;
/** Width, relative to the page's own zeros, up to which a glyph read O or 0 is a zero ({@link O_OVER_ZERO}). */
export const ZERO_OVER_ZERO = 1.08;

/** A line's zero width: its own, else the page's times the line's plain digit width over the page's; null when neither is known. */
function lineZeroWidth(line: FontMeasures, page: FontMeasures): number | null {
  if (line.zeroWidth) return line.zeroWidth;
  if (!page.zeroWidth) return null;
  return line.digitWidth && page.digitWidth ? (page.zeroWidth * line.digitWidth) / page.digitWidth : page.zeroWidth;
}

/**
 * O or 0 for a glyph `width` (share of the letters' height) read `c`: by the page's zeros when measured
 * ({@link O_OVER_ZERO}, {@link ZERO_OVER_ZERO}) where the plain digits agree (an O at least 1.2 × them, a zero under
 * 1.2 ×), else by its plain digits (1.2 and 1.08 × their width); the read is kept
 * between the cut-offs, when nothing was measured, and when the glyph is wider than {@link MAX_O_RATIO} × the plain
 * digits (two letters touching).
 */
export function zeroOrO(c: '0' | 'O', width: number, font: FontMeasures): '0' | 'O' {
  if (!font.digitWidth) return c;
  const plain = width / font.digitWidth;
  if (plain > MAX_O_RATIO) return c;
  if (!font.zeroWidth) return plain >= 1.2 ? 'O' : plain <= 1.08 ? '0' : c;
  // The zeros decide only where the plain digits agree: an O at least 1.2 × them, a zero under that. The numbers'
  // zeros may be another weight than a code's (a blurred page's bold "SS-0050" measured wide against its prices).
  const ratio = width / font.zeroWidth;
  return ratio >= O_OVER_ZERO && plain >= 1.2 ? 'O' : ratio <= ZERO_OVER_ZERO && plain < 1.2 ? '0' : c;
}

const AMBIGUOUS_PAIRS = new Set(['O0', '0O', 'I1', '1I', 'l1', '1l', 'Il', 'lI', '|1', '1|']);

/**
 * Where a full stop stands among a word's glyphs that the read left out ("0045221" for `0045.221`, a scan's point
 * lost): the index of the one glyph, not first or last, at most 0.3 × the letters' height wide and tall, sitting on
 * their baseline (its bottom within 0.15 × the height) — a point, not a letter. Null when there is no such glyph or
 * more than one.
 */
export function lostPoint(glyphs: Glyph[]): number | null {
  const h = Math.max(...glyphs.map((g) => g.y1 - g.y0));
  if (h < 6) return null;
  const baseline = median(glyphs.filter((g) => g.y1 - g.y0 >= 0.8 * h).map((g) => g.y1));
  const points = glyphs
    .map((g, i) => ({ g, i }))
    .filter(({ g, i }) => i > 0 && i < glyphs.length - 1 && g.y1 - g.y0 <= 0.3 * h && g.x1 - g.x0 <= 0.3 * h && Math.abs(g.y1 - baseline) <= 0.15 * h);
  return points.length === 1 ? points[0]!.i : null;
}

/**
 * The test for a dash among a word's glyphs: at most 0.4 × the letters' height tall, at least as wide as tall, its
 * middle in the letters' middle band (0.3–0.75 of their height below their tops).
 */
export function dashTest(glyphs: Glyph[]): (g: Glyph) => boolean {
  const h = Math.max(...glyphs.map((g) => g.y1 - g.y0));
  const top = median(glyphs.filter((g) => g.y1 - g.y0 >= 0.8 * h).map((g) => g.y0));
  return (g) => {
    const mid = (g.y0 + g.y1) / 2;
    return g.y1 - g.y0 <= 0.4 * h && g.x1 - g.x0 >= g.y1 - g.y0 && mid >= top + 0.3 * h && mid <= top + 0.75 * h;
  };
}

/**
 * A number whose point is a dash in the ink ("41.993" for the part number `41-993`, at 0.96: photograph tuning seed
 * 1549, silently): the word (digits and points only, one glyph each) with every point whose glyph is dash-shaped
 * ({@link dashTest}: in the letters' middle band, as wide as tall) and stands between two digits made a dash; null
 * when no point is. A point on the baseline, money's, is never one. The caller marks a word so changed.
 */
export function dashReadAsPoint(text: string, glyphs: Glyph[]): string | null {
  const chars = [...text];
  // Digits and points only: a currency sign's ink reaches above and below the digits', which would move the band.
  if (!/^\d+(?:\.\d+)+$/.test(text) || chars.length !== glyphs.length || Math.max(...glyphs.map((g) => g.y1 - g.y0)) < 6) return null;
  const isDash = dashTest(glyphs);
  let changed = false;
  const out = chars.map((c, i) => {
    if (c !== '.' || !DIGIT.test(chars[i - 1] ?? '') || !DIGIT.test(chars[i + 1] ?? '') || !isDash(glyphs[i]!)) return c;
    changed = true;
    return '-';
  });
  return changed ? out.join('') : null;
}

/**
 * Where a dash stands among a word's glyphs that the read left out ("90915YZZD4" for `90915-YZZD4`, at 0.87: random
 * layout R982, silently): given letters one fewer than the glyphs, the one index at which a dash put in makes the
 * letters' dashes fall exactly on the dash-shaped glyphs ({@link dashTest}), between two letters or digits. Null
 * when no index or more than one does, or the letters are too short to tell (glyphs under 6 px).
 */
export function lostDash(chars: string[], glyphs: Glyph[]): number | null {
  if (chars.length + 1 !== glyphs.length || Math.max(...glyphs.map((g) => g.y1 - g.y0)) < 6) return null;
  const isDash = dashTest(glyphs);
  const dashes = glyphs.map((g, i) => (isDash(g) ? i : -1)).filter((i) => i >= 0);
  const fits = dashes.filter((at) => {
    if (!/[A-Za-z0-9]/.test(chars[at - 1] ?? '') || !/[A-Za-z0-9]/.test(chars[at] ?? '')) return false;
    const put = [...chars.slice(0, at), '-', ...chars.slice(at)];
    return put.every((c, i) => (c === '-') === dashes.includes(i));
  });
  return fits.length === 1 ? fits[0]! : null;
}

/**
 * The word's letters paired with its glyphs: the letters (spaces removed) when their count equals the glyphs', with a
 * full stop put back where one glyph more than the letters is a point on the baseline ({@link lostPoint}) between two
 * letters or digits, or a dash where it is a dash ({@link lostDash}; not with `lostDashes: false`, a photograph,
 * whose blurred fringes part from their letters as a dash would: extra9 N03's "8-4512345"), or with one letter of a
 * doubled read dropped (see module docs); null when they do not pair.
 */
export function pairLetters(text: string, glyphs: Glyph[], options: { lostDashes?: boolean } = {}): string[] | null {
  const chars = [...text.replace(/\s+/g, '')];
  if (chars.length === glyphs.length) return chars;
  if (chars.length + 1 === glyphs.length && !chars.includes('.')) {
    const at = lostPoint(glyphs);
    // A point stands between two letters or digits ("0045.221"), never beside a dash ("TBA-.A9", a scan's speck).
    if (at !== null && /[A-Za-z0-9]/.test(chars[at - 1]!) && /[A-Za-z0-9]/.test(chars[at]!)) return [...chars.slice(0, at), '.', ...chars.slice(at)];
  }
  const dash = options.lostDashes === false ? null : lostDash(chars, glyphs);
  if (dash !== null) return [...chars.slice(0, dash), '-', ...chars.slice(dash)];
  if (chars.length !== glyphs.length + 1) return null;
  const doubled: number[] = [];
  for (let i = 0; i + 1 < chars.length; i += 1) if (AMBIGUOUS_PAIRS.has(chars[i]! + chars[i + 1]!)) doubled.push(i);
  if (doubled.length !== 1) return null;
  const at = doubled[0]!;
  return [...chars.slice(0, at), chars[at]!, ...chars.slice(at + 2)];
}

/**
 * Pairing anchored on dashes, for a code whose letters touch ("FA" of `FAN-621-4IO` kerned into one ink run): the
 * word's dashes (`-`) and its dash glyphs (at most 0.4 × the letters' height, at least as wide as tall, centred in
 * the letters' middle band) must match in number; the word then splits into the runs between dashes. A run with as
 * many glyphs as letters pairs one to one; a run with fewer glyphs (touching letters) becomes one entry of all its
 * letters over one glyph box spanning its glyphs, so it is neither changed nor split, unless it is one glyph short
 * with a doubled read to drop (see {@link pairLetters}); a run with more glyphs than
 * letters (a broken letter, a speck) or no glyph makes the whole word unpaired (null). Null too when no run pairs one
 * to one (nothing could be decided). Returns each entry's letters and its glyph.
 */
export function pairByDashes(text: string, glyphs: Glyph[]): { letters: string[]; glyphs: Glyph[] } | null {
  const chars = [...text.replace(/\s+/g, '')];
  if (!chars.includes('-') || glyphs.length < 3) return null;
  const isDash = dashTest(glyphs);
  const split = <T>(items: T[], cut: (t: T) => boolean): T[][] => {
    const runs: T[][] = [[]];
    for (const t of items) {
      if (cut(t)) runs.push([]);
      else runs[runs.length - 1]!.push(t);
    }
    return runs;
  };
  const letterRuns = split(chars, (c) => c === '-');
  const glyphRuns = split(glyphs, isDash);
  if (letterRuns.length !== glyphRuns.length) return null;
  const dashGlyphs = glyphs.filter(isDash);
  const letters: string[] = [];
  const out: Glyph[] = [];
  let paired = false;
  for (let r = 0; r < letterRuns.length; r += 1) {
    const ls = letterRuns[r]!;
    const gs = glyphRuns[r]!;
    if (r > 0) {
      letters.push('-');
      out.push(dashGlyphs[r - 1]!);
    }
    if (ls.length === 0 && gs.length === 0) continue;
    if (gs.length === 0 || gs.length > ls.length) return null;
    // One letter more than glyphs with one glyph read twice ("HO0110" over five glyphs of `H0110`, beside a run of
    // touching letters: random layout R921, silently): one of the pair dropped, as in a whole word (pairLetters).
    const one = gs.length === ls.length ? ls : gs.length + 1 === ls.length ? pairLetters(ls.join(''), gs) : null;
    if (one && one.length === gs.length) {
      paired = true;
      letters.push(...one);
      out.push(...gs);
    } else {
      letters.push(ls.join(''));
      out.push({ x0: gs[0]!.x0, x1: gs[gs.length - 1]!.x1, y0: Math.min(...gs.map((g) => g.y0)), y1: Math.max(...gs.map((g) => g.y1)) });
    }
  }
  return paired ? { letters, glyphs: out } : null;
}

/** Least share of the run's ink width at the page's level a darker level's glyphs must keep ({@link pairRunsAcrossLevels}). */
export const RUN_INK_KEPT = 0.75;

/**
 * A code's letters paired run by run, each run between two dashes from the ink level where it pairs: on a photograph
 * a dash touches the letter beside it at one level and a letter breaks apart at the next ("FAN-621-4IO": at the middle
 * grey level the second dash runs into the 4, at a darker one the O parts in two; random photograph R1180, read
 * "FAN-621-410" and passed silently). `splits` are the word's glyphs at each ink level, the page's own first. The dashes
 * are taken from the first split holding as many dashes ({@link dashTest}) as the text; each run of letters then takes
 * the glyphs whose centres lie between its dashes from the first split where they number as many as its letters, or,
 * when none does, becomes one entry over one box spanning the first split's glyphs there (left as read, see {@link
 * pairByDashes}); a darker split's glyphs count only when their widths add up to {@link RUN_INK_KEPT} × the first's.
 * Null when no split has the text's dashes, a run has no glyph, or no run pairs one to one. Such a pairing is weak:
 * {@link refineCodeWords} keeps the word's letters as read and only marks it when its glyphs would change one.
 */
export function pairRunsAcrossLevels(text: string, splits: (Glyph[] | null)[]): { letters: string[]; glyphs: Glyph[] } | null {
  const chars = [...text.replace(/\s+/g, '')];
  const count = chars.filter((c) => c === '-').length;
  if (count === 0) return null;
  const levels = splits.filter((g): g is Glyph[] => g !== null && g.length >= 3);
  const withDashes = levels.find((gs) => gs.filter(dashTest(gs)).length === count);
  if (!withDashes) return null;
  const dashes = withDashes.filter(dashTest(withDashes));
  const runs = chars.join('').split('-');
  const letters: string[] = [];
  const out: Glyph[] = [];
  let paired = false;
  for (let r = 0; r < runs.length; r += 1) {
    if (r > 0) {
      letters.push('-');
      out.push(dashes[r - 1]!);
    }
    const run = [...runs[r]!];
    if (run.length === 0) continue;
    const left = r === 0 ? -Infinity : dashes[r - 1]!.x1;
    const right = r === runs.length - 1 ? Infinity : dashes[r]!.x0;
    const within = (gs: Glyph[]) => gs.filter((g) => (g.x0 + g.x1) / 2 > left && (g.x0 + g.x1) / 2 < right && !dashes.includes(g));
    // A darker level's glyphs must still hold most of the run's ink width: at the darkest, letters fall to their
    // stems and a wrong number of pieces can match the letters by chance.
    const inkWidth = (gs: Glyph[]) => gs.reduce((t, g) => t + g.x1 - g.x0, 0);
    const base = inkWidth(within(levels[0]!));
    const one = levels.map(within).find((gs) => gs.length === run.length && inkWidth(gs) >= RUN_INK_KEPT * base);
    if (one) {
      paired = true;
      letters.push(...run);
      out.push(...one);
      continue;
    }
    const gs = within(levels[0]!);
    if (gs.length === 0) return null;
    letters.push(run.join(''));
    out.push({ x0: gs[0]!.x0, x1: gs[gs.length - 1]!.x1, y0: Math.min(...gs.map((g) => g.y0)), y1: Math.max(...gs.map((g) => g.y1)) });
  }
  return paired ? { letters, glyphs: out } : null;
}

/** Whether a word is code-like enough to be checked (see module docs). */
export function isCodeWord(text: string): boolean {
  // A real digit is needed: an upper-case word (a dot-matrix "HOOD") is left as read.
  if (!CODE.test(text) || !DIGIT.test(text)) return false;
  if (MONEY.test(text) || DATE.test(text)) return false;
  if (/^\d{1,4}$/.test(text)) return false;
  // Lower-case letters other than an l (a misread I or 1) mean a word of a description.
  return !/[a-km-z]/.test(text);
}

/**
 * A word that may be a code the page's read garbled ("Blo2S" for `BI-9245`): a digit, mostly upper-case letters and
 * digits, at least 4 letters. It is only ever replaced by a read of its own box that is a code word and pairs with
 * its glyphs.
 */
export function isGarbledCode(text: string): boolean {
  if (!/^[A-Za-z0-9\-/.]{4,}$/.test(text) || !DIGIT.test(text) || MONEY.test(text) || DATE.test(text)) return false;
  const lower = text.replace(/[^a-z]/g, '').length;
  return lower > 0 && lower <= 2 && /[A-Z0-9]/.test(text[0]!);
}

/**
 * Decides the letters and spaces of one code word from its glyphs (see module docs). With `anchorOnDashes`, a word
 * whose letters do not pair with its glyphs is paired by {@link pairByDashes}; with `ownDigits` (glyphs split at a
 * darker ink level) the digit width is the word's own plain digits' when it has two or more; with `photo`, no lost dash
 * is put back ({@link pairLetters}). Returns the new text with spaces, for
 * each resulting piece its range in the returned glyphs (the given ones, or pairByDashes' entries); null when
 * nothing can be decided.
 */
export function refineCode(
  text: string,
  glyphs: Glyph[],
  font: FontMeasures,
  options: { anchorOnDashes?: boolean; ownDigits?: boolean; photo?: boolean; paired?: { letters: string[]; glyphs: Glyph[] } } = {},
): { pieces: { text: string; from: number; to: number }[]; glyphs: Glyph[]; letters: string[] } | null {
  let chars = options.paired ? options.paired.letters : pairLetters(text, glyphs, { lostDashes: !options.photo });
  if (options.paired) glyphs = options.paired.glyphs;
  if (!chars) {
    const byDashes = options.anchorOnDashes ? pairByDashes(text, glyphs) : null;
    if (!byDashes) return null;
    chars = byDashes.letters;
    glyphs = byDashes.glyphs;
  }
  const tall = glyphs.filter((_, i) => /[A-Z0-9]/.test(chars[i]!)).map((g) => g.y1 - g.y0);
  const h = median(tall);
  if (h < 6) return null;
  if (options.ownDigits) {
    // Glyphs split at another ink level than the page's numbers were measured at: the word's own plain digits
    // (two or more) give the digit width at that level.
    const own = glyphs.filter((_, i) => PLAIN_DIGITS.test(chars[i]!) && chars[i]!.length === 1).map((g) => glyphWidth(g) / h);
    // The zeros' width scaled as the plain digits' (a darker level thins every stroke alike).
    if (own.length >= 2) {
      const digitWidth = median(own);
      const zeroWidth = font.zeroWidth && font.digitWidth ? (font.zeroWidth * digitWidth) / font.digitWidth : null;
      font = { ...font, digitWidth, zeroWidth };
    } else font = { ...font, zeroWidth: null };
  }
  const upper = !/[a-z]/.test(chars.join('').replace(/l/g, ''));
  const out = chars.map((c, i) => {
    const g = glyphs[i]!;
    const ratio = font.digitWidth ? glyphWidth(g) / h / font.digitWidth : null;
    if (g.y1 - g.y0 < 0.8 * h) return c;
    if (ratio === null) return c;
    if (c === '0' || c === 'O') {
      // Between two digits it is a zero whatever its width: no part number prints a letter O inside a number.
      if (DIGIT.test(chars[i - 1] ?? '') && DIGIT.test(chars[i + 1] ?? '')) return '0';
      // Wider than any font's O (1.24–1.44 × its zero): two letters touching, so the width says nothing (zeroOrO).
      return zeroOrO(c, glyphWidth(g) / h, font);
    }
    if (c === '1' || c === 'I' || c === 'l' || c === '|') {
      if (ratio <= 0.33) return upper || c === '1' ? 'I' : c;
      if (upper && (c === 'l' || c === '|')) return '1';
    }
    return c;
  });
  const pieces: { text: string; from: number; to: number }[] = [{ text: out[0]!, from: 0, to: 0 }];
  for (let i = 1; i < out.length; i += 1) {
    // Entries are single letters, or a run of touching letters (pairByDashes): judged by the letters that face.
    const a = out[i - 1]!.slice(-1);
    const b = out[i]!.slice(0, 1);
    const p = glyphs[i - 1]!;
    const g = glyphs[i]!;
    let space = false;
    if (/[.,\-/]/.test(a) || /[.,\-/]/.test(b)) space = false;
    else if (DIGIT.test(a) && DIGIT.test(b)) {
      space = font.digitPitch !== null && (g.x0 + g.x1 - p.x0 - p.x1) / 2 / h > 1.3 * font.digitPitch;
    } else {
      // Beside a "1" a space needs 0.5 × the height (a bare bar's side bearings are wide); on a clean page, beside a
      // "1" with a foot or a flag as wide as a digit, {@link FOOTED_ONE_SPACE} ("A177" for `A 177`: 0.43 beside a 1
      // of 0.62 × the height; "GM1200720" 0.33 from M to 1). On a photograph the blur widens a bare bar's ink and
      // narrows a space alike (a tyre size's "70R17" measured 0.30 from R to 1, a real space 0.31), so every "1"
      // keeps the wider gap there.
      const one = a === '1' || b === '1';
      const bar = (a === '1' && (options.photo || isNarrowGlyph(p, h))) || (b === '1' && (options.photo || isNarrowGlyph(g, h)));
      space = (g.x0 - p.x1) / h >= (bar ? 0.5 : one ? FOOTED_ONE_SPACE : 0.3);
    }
    if (space) pieces.push({ text: out[i]!, from: i, to: i });
    else {
      const last = pieces[pieces.length - 1]!;
      last.text += out[i]!;
      last.to = i;
    }
  }
  return { pieces, glyphs, letters: out };
}

/**
 * Spaces of a code word whose letters do not pair with its glyphs (blurred letters touching), from its clear gaps
 * alone: the glyphs fall into groups at gaps of at least {@link SPACE_GAP} × the letters' height that are also clearly
 * wider (at least 1.6 ×) than every other gap in the word, and the letters are shared out among the groups by the
 * groups' widths — a group's width plus one letter gap, over the word's advance per letter, must come within
 * {@link GROUP_SLACK} of a whole number of letters for every group, and the counts must add up to the letters read.
 * No space is put beside `.`, `,`, `-` or `/`; a gap beside a bare bar ({@link NARROW_GLYPH}) counts
 * {@link NARROW_GLYPH_BEARING} × the height narrower. A photographed `5G0 941 005 C` read as "5G0941005C" is given its
 * spaces back. Returns the pieces (text and glyph range, as {@link refineCode}) or null when the gaps do not decide.
 */
export function spaceByGaps(text: string, glyphs: Glyph[]): { pieces: { text: string; from: number; to: number }[]; glyphs: Glyph[] } | null {
  const chars = [...text.replace(/\s+/g, '')];
  if (chars.length < 4 || glyphs.length < 2) return null;
  const h = Math.max(...glyphs.map((g) => g.y1 - g.y0));
  if (h < 6) return null;
  // Beside a bare bar (a "1", whose side bearings are wide) a gap counts as {@link NARROW_GLYPH_BEARING} × h narrower.
  const gaps = glyphs.slice(1).map((g, i) => inkGap(glyphs[i]!, g, h));
  const wide = gaps.map((g) => g >= SPACE_GAP * h);
  const narrowest = Math.min(...gaps.filter((_, i) => wide[i]));
  if (!Number.isFinite(narrowest)) return null;
  const others = gaps.filter((_, i) => !wide[i]);
  const letterGap = others.length ? Math.max(0, median(others)) : 0;
  if (others.some((g) => g * 1.6 > narrowest)) return null;
  const groups: { from: number; to: number }[] = [{ from: 0, to: 0 }];
  for (let i = 1; i < glyphs.length; i += 1) {
    if (wide[i - 1]) groups.push({ from: i, to: i });
    else groups[groups.length - 1]!.to = i;
  }
  const widths = groups.map((g) => glyphs[g.to]!.x1 - glyphs[g.from]!.x0 + letterGap);
  const advance = widths.reduce((a, b) => a + b, 0) / chars.length;
  const counts = widths.map((w) => w / advance);
  const whole = counts.map((c) => Math.max(1, Math.round(c)));
  if (counts.some((c, i) => Math.abs(c - whole[i]!) > GROUP_SLACK) || whole.reduce((a, b) => a + b, 0) !== chars.length) return null;
  const pieces: { text: string; from: number; to: number }[] = [];
  let at = 0;
  for (const [i, g] of groups.entries()) {
    const piece = chars.slice(at, at + whole[i]!).join('');
    if (i > 0 && (/[.,\-/]$/.test(pieces[i - 1]!.text) || /^[.,\-/]/.test(piece))) return null;
    pieces.push({ text: piece, from: g.from, to: g.to });
    at += whole[i]!;
  }
  return { pieces, glyphs };
}

/**
 * The spaces of a pairing made on a darker ink level's glyphs kept only where the middle level's glyphs (`base`) part
 * too, by a gap of at least {@link SEEN_SPACE_GAP} × their height around the same place: a dark level thins every
 * stroke, so the centres of a blurred photo's digits wander and their distances no longer tell a space
 * ("9 04 6 7-1 0188" for `90467-10188`). Beside a bare bar the gap must be {@link NARROW_GLYPH_BEARING} × the height
 * wider ("331 50" for `33150`). Pieces whose space is not seen are joined.
 */
export function spacesSeenIn<T extends Refined>(refined: T, base: Glyph[]): T {
  const h = median(base.map((g) => g.y1 - g.y0));
  const seen = (at: number) =>
    base.some((a, i) => {
      const b = base[i + 1];
      if (!b || a.x1 > at || b.x0 < at) return false;
      return inkGap(a, b, h) >= SEEN_SPACE_GAP * h;
    });
  const pieces = [{ ...refined.pieces[0]! }];
  for (const p of refined.pieces.slice(1)) {
    const last = pieces[pieces.length - 1]!;
    if (seen((refined.glyphs[last.to]!.x1 + refined.glyphs[p.from]!.x0) / 2)) pieces.push({ ...p });
    else {
      last.text += p.text;
      last.to = p.to;
    }
  }
  return { ...refined, pieces };
}

/**
 * Widest glyph, as a share of the letters' height, that is a bare bar (a "1" or an "I"): the digits of every font
 * share one advance width, so a 1's narrow ink leaves wide side bearings, and the ink gap beside it is about
 * {@link NARROW_GLYPH_BEARING} × the height wider than between other letters. A photograph's "71120" and "91503" had
 * gaps of 0.33 × the height beside their ones and were read "71 120" and "91 503".
 */
export const NARROW_GLYPH = 0.4;
/** How much wider (share of the letters' height) a letter gap beside a bare bar is (the same 0.5 − 0.3 as {@link refineCode}'s). */
export const NARROW_GLYPH_BEARING = 0.2;

/** Whether a glyph is a bare bar (see {@link NARROW_GLYPH}) in letters `h` px tall. */
const isNarrowGlyph = (g: Glyph, h: number): boolean => glyphWidth(g) < NARROW_GLYPH * h && g.y1 - g.y0 >= 0.6 * h;

/** The ink gap (px) from glyph `a` to the next glyph `b` in letters `h` px tall, less a bare bar's side bearing. */
const inkGap = (a: Glyph, b: Glyph, h: number): number =>
  b.x0 - a.x1 - (isNarrowGlyph(a, h) || isNarrowGlyph(b, h) ? NARROW_GLYPH_BEARING * h : 0);

/** Smallest gap of the middle ink level, as a share of the letters' height, that confirms a darker level's space. */
export const SEEN_SPACE_GAP = 0.2;

/**
 * Smallest ink gap, as a share of the letters' height, that {@link refineCode} takes for a space beside a "1" with a
 * foot or a flag as wide as a digit, on a clean page: half way between a bare bar's 0.5 and other letters' 0.3. On
 * tuning pages (random page-image seeds 3367, 3451–3600) a space read away there measured 0.43 ("A177" for
 * `A 177`), letters printed together 0.33 ("GM1200720", "CH1002396", "BDGF-50-0J1").
 */
export const FOOTED_ONE_SPACE = 0.4;

/** Smallest ink gap, as a share of the letters' height, that {@link spaceByGaps} takes for a space. */
export const SPACE_GAP = 0.3;
/** How far (in letters) a group's width may be from a whole number of letters in {@link spaceByGaps}. */
export const GROUP_SLACK = 0.3;

/**
 * Widest glyph, relative to the font's plain digits, still taken for one letter O: an O is 1.24 (DejaVu, Verdana) to
 * 1.44 (Arial, Times) times as wide as the font's zero; a photographed glyph measured at 2 × is two letters touching.
 */
export const MAX_O_RATIO = 1.6;

/**
 * Whether a glyph read as "6" is closed on its right side like a zero: in a band from 25 % to 45 % of its height,
 * ink within its right quarter on at least {@link CLOSED_SIX_SHARE} of the pixel rows (a middle-grey threshold between
 * the box's darkest and lightest pixels). A 6 is open there in every font (its bowl starts below, its top arc leaves
 * the right side) — measured 0.2–0.6 on tuning pages — while a zero is closed (1.0). Tesseract reads the dotted zero
 * of monospace print (DejaVu Sans Mono, dot-matrix) as 6 at high confidence: "329701" as "329761", "300-051" as
 * "300-651", silent successes on three tuning pages (D41, G07, G08).
 */
export function isClosedSix(image: GreyImage, g: Glyph): boolean {
  const h = g.y1 - g.y0;
  const w = g.x1 - g.x0;
  if (h < MIN_SIX_HEIGHT || w < 4) return false;
  const threshold = midGrey(image, g);
  if (threshold === null) return false;
  let rows = 0;
  let inked = 0;
  for (let y = Math.round(g.y0 + 0.25 * h); y <= Math.round(g.y0 + 0.45 * h); y += 1, rows += 1) {
    for (let x = Math.round(g.x1 - w / 4); x < g.x1; x += 1) {
      if (image.px[y * image.width + x]! < threshold) {
        inked += 1;
        break;
      }
    }
  }
  return rows > 0 && inked >= CLOSED_SIX_SHARE * rows;
}

/**
 * The darkest and lightest grey levels in a glyph's box (0 black … 255 white); null when the box holds no clear ink
 * (contrast under 60 levels).
 */
export function greyRange(image: GreyImage, g: Glyph): { lo: number; hi: number } | null {
  let lo = 255;
  let hi = 0;
  for (let y = g.y0; y < g.y1; y += 1) {
    for (let x = g.x0; x < g.x1; x += 1) {
      const v = image.px[y * image.width + x]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  return hi - lo < 60 ? null : { lo, hi };
}

/**
 * The grey level halfway between a glyph box's darkest and lightest pixels (0 black … 255 white): a pixel darker is
 * ink. Null when the box holds no clear ink (contrast under 60 levels).
 */
export function midGrey(image: GreyImage, g: Glyph): number | null {
  const range = greyRange(image, g);
  return range && (range.lo + range.hi) / 2;
}

/**
 * Whether a glyph read as "1" or "I" is an L: at least 0.45 × as wide as it is tall, its stem (columns inked over
 * 70 % of the height) starting within the left 15 % of the box, nothing right of the stem from 10 % to 60 % of the
 * height (a 1's flag and an I's serif reach out there), and a foot: a row of the bottom fifth inked to at least 75 %
 * of the width. A 1 stands in the middle of its box (its flag to the left, a base serif on both sides when it has
 * one); an L stands at the left edge. Tesseract read Hyundai's "92101-L1110" as "92101-11110" at up to 0.58
 * confidence, and the row added up (fresh clean pages, `bench-textpdf.ts` seed 2929, tuning: four rows of T32a). On
 * that seed's 84 clean pages and rephoto seed 2468's 60 photographs, 2,234 glyphs read "1" or "I": only those four
 * were taken for an L; a serifed L (its top serif reaches left) is not recognised, so it stays as read. Not used on
 * photographs (`refineCodeWords`): a blurred monospace 1 of extra6 J03 passed.
 */
export function isFootedL(image: GreyImage, g: Glyph): boolean {
  const h = g.y1 - g.y0;
  const w = g.x1 - g.x0;
  if (h < 10 || w < 0.45 * h) return false;
  const threshold = midGrey(image, g);
  if (threshold === null) return false;
  const ink = (x: number, y: number) => image.px[y * image.width + x]! < threshold;
  const found = stemOf(image, g, threshold);
  if (!found || found.stem > 0.15 * w) return false;
  const { end } = found;
  for (let y = g.y0 + Math.round(0.1 * h); y < g.y0 + Math.round(0.6 * h); y += 1) {
    for (let x = g.x0 + end + 2; x < g.x1; x += 1) if (ink(x, y)) return false;
  }
  for (let y = g.y1 - Math.max(1, Math.round(0.2 * h)); y < g.y1; y += 1) {
    let far = -1;
    for (let x = g.x0; x < g.x1; x += 1) if (ink(x, y)) far = x;
    if (far >= g.x0 + 0.75 * w) return true;
  }
  return false;
}

/**
 * Whether a glyph read as "L" is a 1: its stem (columns inked over 70 % of the height) starts at 0.3 of its width or
 * further right, and ink stands left of the stem in its top 40 % (a 1's flag). An L's stem stands at its box's left
 * edge (a serif's spur at most a little left of it) with its foot to the right; a 1 stands in the middle of its box,
 * its flag to the left. Tesseract read Mazda's "B45A-50-EA1" in a sans face as "…-EAL" at 0.84, and the row added up
 * (page-image tuning seed 4293, silently). Measured on tuning pages only (first OCR read of page-image seeds
 * 4101–4300): of 241 L's in codes whose glyphs paired one to one, none is taken for a 1 (8,336 of 8,712 ones pass the
 * test). Not used on photographs, as {@link isFootedL}.
 */
export function isFlaggedOne(image: GreyImage, g: Glyph): boolean {
  const h = g.y1 - g.y0;
  const w = g.x1 - g.x0;
  if (h < 10 || w < 4) return false;
  const threshold = midGrey(image, g);
  if (threshold === null) return false;
  const found = stemOf(image, g, threshold);
  if (!found || found.stem < 0.3 * w) return false;
  for (let y = g.y0; y < g.y0 + Math.round(0.4 * h); y += 1) {
    for (let x = g.x0; x < g.x0 + found.stem; x += 1) if (image.px[y * image.width + x]! < threshold) return true;
  }
  return false;
}

/**
 * A glyph's stem: the first run of columns inked (darker than `threshold`) over 70 % of its height, as column offsets
 * from the glyph's left edge (`stem` the first, `end` the last); null when no column is.
 */
function stemOf(image: GreyImage, g: Glyph, threshold: number): { stem: number; end: number } | null {
  const h = g.y1 - g.y0;
  const cols: number[] = [];
  for (let x = g.x0; x < g.x1; x += 1) {
    let n = 0;
    for (let y = g.y0; y < g.y1; y += 1) if (image.px[y * image.width + x]! < threshold) n += 1;
    cols.push(n);
  }
  const stem = cols.findIndex((n) => n >= 0.7 * h);
  if (stem < 0) return null;
  let end = stem;
  while (end + 1 < cols.length && cols[end + 1]! >= 0.7 * h) end += 1;
  return { stem, end };
}

/**
 * How far a glyph's ink reaches beyond its stem (the columns inked over 70 % of its height) in its top and bottom
 * bands (15 % of the height each), left and right, in pixels; null when the glyph is under 10 px tall, holds no clear
 * ink or has no stem.
 */
export function stemReach(image: GreyImage, g: Glyph): { topLeft: number; topRight: number; bottomLeft: number; bottomRight: number } | null {
  const h = g.y1 - g.y0;
  const threshold = h < 10 ? null : midGrey(image, g);
  if (threshold === null) return null;
  const ink = (x: number, y: number) => image.px[y * image.width + x]! < threshold;
  const found = stemOf(image, g, threshold);
  if (!found) return null;
  const { stem, end } = found;
  const band = (y0: number, y1: number): [number, number] => {
    let left = 0;
    let right = 0;
    for (let y = y0; y < y1; y += 1) {
      for (let x = 0; x < g.x1 - g.x0; x += 1) {
        if (!ink(g.x0 + x, y)) continue;
        if (x < stem) left = Math.max(left, stem - x);
        if (x > end) right = Math.max(right, x - end);
      }
    }
    return [left, right];
  };
  const k = Math.max(1, Math.round(0.15 * h));
  const [topLeft, topRight] = band(g.y0, g.y0 + k);
  const [bottomLeft, bottomRight] = band(g.y1 - k, g.y1);
  return { topLeft, topRight, bottomLeft, bottomRight };
}

/**
 * Whether a glyph read as "1" is a serifed capital I: its top reaches out on both sides of its stem, each at least
 * {@link I_BAR_REACH} × its height and the right at least {@link I_BAR_BALANCE} × its foot's right reach ({@link
 * stemReach}). A 1's top has only its flag, to the left, in every font the generator draws (right reach 0–1 px of
 * 22 on a photograph), while a serifed I (Liberation Mono's, a serif font's) has a bar as wide on top as at its foot
 * (5 px of 23). Tesseract read the photographed `FAN-621-4IO` as "FAN-621-410" at 0.88 (random photograph R202,
 * silently).
 */
export function isBarredI(image: GreyImage, g: Glyph): boolean {
  const reach = stemReach(image, g);
  const h = g.y1 - g.y0;
  if (!reach) return false;
  return reach.topLeft >= I_BAR_REACH * h && reach.topRight >= I_BAR_REACH * h && reach.topRight >= I_BAR_BALANCE * reach.bottomRight;
}

/** Least reach of an I's top bar beyond its stem on each side, over the glyph's height ({@link isBarredI}). */
export const I_BAR_REACH = 0.15;
/** Least right reach of an I's top bar over its foot's right reach ({@link isBarredI}). */
export const I_BAR_BALANCE = 0.6;

/**
 * Whether a glyph read as "7" is a T: a stem (columns inked over 70 % of its height, {@link stemReach}) under a bar
 * that reaches out on both sides of it, each at least {@link T_BAR_REACH} × its height, with no foot as wide (each
 * side's foot reach under half its top reach), and upright: the ink's mean column in the rows from 30 % to 50 % of
 * the height and in its bottom quarter at most {@link T_STEM_SLANT} × the height apart. A 7's stroke is a slant from
 * its bar's right end: on tuning pages (random layouts R1551–R1649) its ink moved 0.12–0.22 × the height leftwards from
 * the middle rows to the bottom, and in small print a column still held ink over 70 % of its height; a T's moved at
 * most 0.03 ×. Tesseract read Liberation Sans Narrow's `26T2814` as "2672814" at 0.84 (random layout R1842, silently).
 */
export function isTee(image: GreyImage, g: Glyph): boolean {
  const reach = stemReach(image, g);
  const h = g.y1 - g.y0;
  const threshold = midGrey(image, g);
  if (!reach || threshold === null) return false;
  const { topLeft, topRight, bottomLeft, bottomRight } = reach;
  if (topLeft < T_BAR_REACH * h || topRight < T_BAR_REACH * h || bottomLeft >= 0.5 * topLeft || bottomRight >= 0.5 * topRight) return false;
  /** The mean column of the ink in the rows from `from` to `to` (shares of the height), or null without ink. */
  const column = (from: number, to: number): number | null => {
    let sum = 0;
    let n = 0;
    for (let y = g.y0 + Math.round(from * h); y < g.y0 + Math.round(to * h); y += 1) {
      for (let x = g.x0; x < g.x1; x += 1) {
        if (image.px[y * image.width + x]! < threshold) {
          sum += x;
          n += 1;
        }
      }
    }
    return n ? sum / n : null;
  };
  const middle = column(0.3, 0.5);
  const bottom = column(0.75, 1);
  return middle !== null && bottom !== null && Math.abs(middle - bottom) <= T_STEM_SLANT * h;
}

/** Least reach of a T's bar beyond its stem on each side, over the glyph's height ({@link isTee}). */
export const T_BAR_REACH = 0.2;
/** Most shift of a T's stem from its middle rows to its bottom, over the glyph's height ({@link isTee}). */
export const T_STEM_SLANT = 0.06;

/** Share of the band's pixel rows that must hold ink at the right for a "6" to be a zero ({@link isClosedSix}). */
export const CLOSED_SIX_SHARE = 0.9;

/**
 * Fewest pixel rows of a glyph {@link isClosedSix} judges. Under it the band it looks at is two or three rows, and a
 * 6's top arc reaches the right quarter there: 11 px print of a wholesaler's invoice ("FO1036102", 10 px glyphs on
 * the prepared page) had its 6 made a zero (fresh clean pages seed 2929, tuning, T20a: three rows lost). The dotted
 * zeros the check is for (D41, G07, G08) are read as before with 12.
 */
export const MIN_SIX_HEIGHT = 12;

/**
 * A refined word's letters "6" whose glyphs are closed on the right ({@link isClosedSix}) made "0"; the word is then
 * changed, so its confidence drops to {@link CHANGED_CONFIDENCE}. Only when every letter has its own glyph.
 */
export function zerosReadAsSix<T extends Refined>(refined: T, image: GreyImage): T {
  return lettersByShape(refined, image, '6', '0', isClosedSix);
}

/**
 * A refined code word: its pieces (text and glyph range) and the glyphs its entries pair with one to one; `letters`
 * are the entries (a letter, or a run of touching letters over one box, see {@link pairByDashes}) when known.
 */
type Refined = { pieces: { text: string; from: number; to: number }[]; glyphs: Glyph[]; letters?: string[] };

/**
 * A refined word's letters `read` whose glyphs pass `shape` made `becomes` (the word is then changed, so its
 * confidence drops to {@link CHANGED_CONFIDENCE}). Only letters with a glyph of their own: in a word paired run by run
 * ({@link pairByDashes}, {@link pairRunsAcrossLevels}) a run of touching letters is left as read.
 */
export function lettersByShape<T extends Refined>(refined: T, image: GreyImage, read: string, becomes: string, shape: (image: GreyImage, g: Glyph) => boolean): T {
  const letters = refined.pieces.map((p) => p.text).join('');
  if (!letters.includes(read)) return refined;
  // The entries the glyphs pair with: single letters, or runs of touching letters (a run is never judged by shape).
  const entries = refined.letters ?? (letters.length === refined.glyphs.length ? [...letters] : null);
  if (!entries || entries.length !== refined.glyphs.length) return refined;
  const next = entries.map((e, k) => (e === read && shape(image, refined.glyphs[k]!) ? becomes : e));
  if (next.every((e, k) => e === entries[k])) return refined;
  const pieces = refined.pieces.map((p) => ({ ...p, text: next.slice(p.from, p.to + 1).join('') }));
  return { ...refined, pieces, letters: next };
}

/**
 * Whether a glyph read as "5" is round at its top left like an S: the share of pixels darker than the middle grey
 * between the box's darkest and lightest in the glyph's top-left cell (top 15 % of its height, left 25 % of its width)
 * is at most {@link S_CORNER_INK}. A 5 has a square corner there (its top bar meets its left stroke: 0.5–1.0 on the
 * clean and photographed pages of extra6), an S its open top curve (0.17 on clean pages). Tesseract reads the S of an
 * OE number as 5 next to digits ("86350-2S000" as "86350-25000", "17801-0S010" as "17801-05010": extra6 J05, J06).
 * Photographs blur the corner (an S measured 0.50 there, as some 5s), so only a clearly open corner counts.
 */
export function isRoundTopS(image: GreyImage, g: Glyph): boolean {
  const h = g.y1 - g.y0;
  const w = g.x1 - g.x0;
  if (h < 10 || w < 5) return false;
  const threshold = midGrey(image, g);
  if (threshold === null) return false;
  let ink = 0;
  let n = 0;
  for (let y = g.y0; y < g.y0 + Math.max(1, Math.round(0.15 * h)); y += 1) {
    for (let x = g.x0; x < g.x0 + Math.max(1, Math.round(0.25 * w)); x += 1) {
      n += 1;
      if (image.px[y * image.width + x]! < threshold) ink += 1;
    }
  }
  return n > 0 && ink / n <= S_CORNER_INK;
}

/** Most ink share of a glyph's top-left cell for a "5" to be an S ({@link isRoundTopS}). */
export const S_CORNER_INK = 0.2;

/**
 * A refined code word's letters "5" whose glyphs are round at the top left ({@link isRoundTopS}) made "S"; the word is
 * then changed, so its confidence drops to {@link CHANGED_CONFIDENCE}. Only in a word with a dash or a letter (a part
 * number, never a plain number) and when every letter has its own glyph.
 */
export function letterSReadAsFive<T extends Refined>(refined: T, image: GreyImage): T {
  const letters = refined.pieces.map((p) => p.text).join('');
  return /[-A-Z]/.test(letters) ? lettersByShape(refined, image, '5', 'S', isRoundTopS) : refined;
}

/**
 * A refined code word's letters "1" drawn as a serifed I ({@link isBarredI}) made "I"; the word is then changed, so its
 * confidence drops to {@link CHANGED_CONFIDENCE}. Only in a word with a dash or a capital (a part number, never a plain
 * number) and when every letter has its own glyph.
 */
export function letterIReadAsOne<T extends Refined>(refined: T, image: GreyImage): T {
  const letters = refined.pieces.map((p) => p.text).join('');
  return /[-A-Z]/.test(letters) ? lettersByShape(refined, image, '1', 'I', isBarredI) : refined;
}

/**
 * Share (0..1) of a glyph's centre cell — the middle 30 % of its width and 24 % of its height — that is ink (darker
 * than the box's middle grey); null without clear ink. A dotted or slashed zero (DejaVu Sans Mono's, a dot-matrix
 * printer's) has ink there, a letter O and a plain zero none.
 */
export function centreInk(image: GreyImage, g: Glyph): number | null {
  const h = g.y1 - g.y0;
  const w = g.x1 - g.x0;
  const threshold = h < 10 || w < 5 ? null : midGrey(image, g);
  if (threshold === null) return null;
  let ink = 0;
  let n = 0;
  for (let y = Math.round(g.y0 + 0.38 * h); y < Math.round(g.y0 + 0.62 * h); y += 1) {
    for (let x = Math.round(g.x0 + 0.35 * w); x < Math.round(g.x0 + 0.65 * w); x += 1) {
      n += 1;
      if (image.px[y * image.width + x]! < threshold) ink += 1;
    }
  }
  return n ? ink / n : null;
}

/** Least median centre ink ({@link centreInk}) of the page's zeros for their font to mark its zeros (a dot, a slash). */
export const MARKED_ZERO_CENTRE = 0.3;
/** Most centre ink of a glyph read "0" for it to be a hollow O on a page whose zeros are marked. */
export const HOLLOW_CENTRE = 0.05;

/** A zero of the page's amounts: its glyph's height (px) and centre ink ({@link centreInk}). */
export type ZeroSample = { h: number; ink: number };

/**
 * A refined code word's zeros and O's told apart by the middle of their glyphs where the page's zeros of about the
 * same height (within 12 %, at least {@link ZERO_SAMPLES}) are marked there ({@link MARKED_ZERO_CENTRE}): in DejaVu
 * Sans Mono a zero has a dot and an O is the same width, so the width test cannot tell them. A "0" hollow in the middle
 * ({@link HOLLOW_CENTRE}) is made "O" ("CLP-OS1I5" read "CLP-0S1I5": random layout R733, silently), not between two
 * digits (no part number prints an O inside a number); an "O" marked in the middle as the zeros are is made "0"
 * ("5XV01TZZAA" read "5XVO1TZZAA": R1204, silently; no letter O has ink in its middle). Only in a word of two letters
 * or more with a letter in it ("0X" for an oxygen cylinder's `OX`: R1252), not the ounce's "0Z", and only when every
 * letter has its own glyph. The word is then changed, so its confidence drops to {@link CHANGED_CONFIDENCE}. On
 * photographs too: their blur leaves a dot in the middle and a hollow apart (R856's zeros 0.47–0.67, its O read "0"
 * none: "CLP-OS1I5" had passed as "CLP-0S1I5" silently); on photograph tuning seeds 981–1100 the rule changed 36 codes,
 * each letter it decided right.
 */
export function zerosAndOsByCentre<T extends Refined>(refined: T, image: GreyImage, zeros: ZeroSample[]): T {
  const letters = refined.pieces.map((p) => p.text).join('');
  // A unit's "0Z" after a number is the description's ounce, read so without a mark (unitAfterNumber).
  if (letters.length < 2 || /^0[zZ]$/.test(letters) || !/[0O]/.test(letters) || !/[A-Z]/.test(letters) || letters.length !== refined.glyphs.length) return refined;
  const marked = (g: Glyph) => {
    const h = g.y1 - g.y0;
    const near = zeros.filter((z) => Math.abs(z.h - h) <= Math.max(1, 0.12 * h));
    return near.length >= ZERO_SAMPLES && median(near.map((z) => z.ink)) >= MARKED_ZERO_CENTRE;
  };
  const read = (c: string, i: number): string => {
    if (c !== '0' && c !== 'O') return c;
    const g = refined.glyphs[i]!;
    if (!marked(g)) return c;
    const ink = centreInk(image, g);
    if (ink === null) return c;
    if (c === '0') return ink <= HOLLOW_CENTRE && !(DIGIT.test(letters[i - 1] ?? '') && DIGIT.test(letters[i + 1] ?? '')) ? 'O' : c;
    return ink >= MARKED_ZERO_CENTRE ? '0' : c;
  };
  let at = 0;
  const pieces = refined.pieces.map((p) => {
    const text = [...p.text].map((c, k) => read(c, at + k)).join('');
    at += p.text.length;
    return { ...p, text };
  });
  // One letter to each glyph here, so the entries are the pieces' letters.
  return { ...refined, pieces, letters: [...pieces.map((p) => p.text).join('')] };
}

/**
 * Whether a glyph holds a dash beside its letter in the same ink columns ("-Y" of a serif `90915-YZZD4`, whose Y's
 * top serif overhangs the dash: the column split made one glyph of both, and the OCR read "90915YZZD4" at 0.87 —
 * random layouts R982, R989, silently). The glyph's ink (darker than its middle grey) is split into 8-connected
 * parts (specks under 3 pixels dropped); a part is the dash when it is at most 0.25 × the glyph's height tall, at
 * least 1.5 × as wide as tall and 0.2 × the height wide, its middle in the band 0.3–0.75 of the height below the
 * glyph's top, and it stands at one edge of the glyph, the rest starting (or ending) at least half its width further
 * in; the rest must be a letter (at least 0.8 × the height tall, 0.4 × wide). Returns the side the dash is on, or
 * null (no such part, or one on both sides).
 */
export function dashBeside(image: GreyImage, g: Glyph): 'left' | 'right' | null {
  const h = g.y1 - g.y0;
  const w = g.x1 - g.x0;
  const threshold = h < 8 || w < 4 ? null : midGrey(image, g);
  if (threshold === null) return null;
  // Parts in the glyph's own coordinates.
  const parts = inkBlobs(image, threshold, g)
    .filter((b) => b.count >= 3)
    .map((b) => ({ x0: b.x0 - g.x0, x1: b.x1 - g.x0, y0: b.y0 - g.y0, y1: b.y1 - g.y0 }));
  if (parts.length < 2) return null;
  const sides = parts.flatMap((d) => {
    const tall = d.y1 - d.y0;
    const wide = d.x1 - d.x0;
    const mid = (d.y0 + d.y1) / 2;
    if (tall > 0.25 * h || wide < 1.5 * tall || wide < 0.2 * h || mid < 0.3 * h || mid > 0.75 * h) return [];
    const rest = parts.filter((o) => o !== d);
    const box = { x0: Math.min(...rest.map((o) => o.x0)), x1: Math.max(...rest.map((o) => o.x1)), y0: Math.min(...rest.map((o) => o.y0)), y1: Math.max(...rest.map((o) => o.y1)) };
    if (box.y1 - box.y0 < 0.8 * h || box.x1 - box.x0 < 0.4 * h) return [];
    if (d.x0 === 0 && box.x0 >= d.x0 + wide / 2) return ['left' as const];
    if (d.x1 === w && box.x1 <= d.x1 - wide / 2) return ['right' as const];
    return [];
  });
  return sides.length === 1 ? sides[0]! : null;
}

/**
 * A refined code word with the dashes put back that share a glyph with the letter beside them ({@link dashBeside}),
 * between two letters or digits; pieces a dash joins become one (no space beside a dash). The word is then changed,
 * so its confidence drops to {@link CHANGED_CONFIDENCE}. Only when every letter has its own glyph; run last (the
 * letters no longer pair one to one with the glyphs after it).
 */
export function dashesBesideLetters<T extends Refined>(refined: T, image: GreyImage): T {
  const letters = refined.pieces.map((p) => p.text).join('');
  if (letters.length !== refined.glyphs.length) return refined;
  const alnum = (c: string | undefined) => c !== undefined && /[A-Za-z0-9]/.test(c);
  const out: string[] = [];
  /** For each letter, whether a dash put in joins it to the letter before it. */
  const joined = new Array<boolean>(letters.length).fill(false);
  for (let i = 0; i < letters.length; i += 1) {
    const side = alnum(letters[i]) ? dashBeside(image, refined.glyphs[i]!) : null;
    const left = side === 'left' && alnum(letters[i - 1]);
    const right = side === 'right' && alnum(letters[i + 1]);
    out.push(`${left ? '-' : ''}${letters[i]}${right ? '-' : ''}`);
    if (left) joined[i] = true;
    if (right) joined[i + 1] = true;
  }
  if (!joined.some(Boolean)) return refined;
  const pieces: { text: string; from: number; to: number }[] = [];
  for (const p of refined.pieces) {
    const text = out.slice(p.from, p.to + 1).join('');
    const last = pieces[pieces.length - 1];
    if (last && joined[p.from]) {
      last.text += text;
      last.to = p.to;
    } else pieces.push({ text, from: p.from, to: p.to });
  }
  // A dash put back shares its letter's glyph: the entries are the letters with their dashes.
  return { ...refined, pieces, letters: out };
}

/**
 * {@link zerosReadAsSix} on words read without the glyph check (the header's sparse re-read; a page's short whole
 * numbers, which are no code words): each code word or whole number of one to four digits with a "6" whose glyphs
 * pair one to one with its letters gets its closed sixes made zeros, at {@link CHANGED_CONFIDENCE} ("FASCIA 16 PK" for
 * `10 PK` in DejaVu Sans Mono, whose zero has a dot: random layout R1318, silently).
 */
export function zerosReadAsSixInWords(words: WordBox[], image: GreyImage): WordBox[] {
  return wordsReadByGlyphs(
    words,
    image,
    (text) => text.includes('6') && (isCodeWord(text) || /^\d{1,4}$/.test(text)),
    (text, glyphs) => (glyphs.length === text.length ? zerosReadAsSix({ pieces: [{ text, from: 0, to: glyphs.length - 1 }], glyphs }, image).pieces[0]!.text : null),
    true,
  );
}

/**
 * The page's words with those `applies` to read again from their glyphs ({@link segmentGlyphs} of the word's box):
 * `read` gives the new text, or null to keep the word; a word whose text changes gets {@link CHANGED_CONFIDENCE} when
 * `mark` (a guess, for checking), else keeps its confidence (a change of case only). Other words as read.
 */
function wordsReadByGlyphs(words: WordBox[], image: GreyImage, applies: (text: string) => boolean, read: (text: string, glyphs: Glyph[]) => string | null, mark: boolean): WordBox[] {
  return words.map((w) => {
    if (!applies(w.text)) return w;
    const glyphs = segmentGlyphs(image, w);
    const text = glyphs ? read(w.text, glyphs) : null;
    if (text === null || text === w.text) return w;
    return mark ? { ...w, text, conf: Math.min(w.conf, CHANGED_CONFIDENCE) } : { ...w, text };
  });
}

/**
 * A code whose first letters S the OCR read as a dollar or section sign ("$1-5610S" for `S1-5610S`, "$5-1062" for
 * `S5-1062`, "§$5-2199S" for `SS-2199S`): the signs become S when what follows is a code word with a dash or a letter
 * in it and the whole is not an amount ("$25", "$1,031.25" stay). Returns the text with its S letters, or null when
 * the word is not such a code. A sign before a part number is never printed, and the layout reader drops a leading
 * mark from a part-number cell, so "S1-5610S" came out "1-5610S" and added up (a silent slip).
 */
export function signsReadForS(text: string): string | null {
  const m = /^([$§]+)([A-Za-z0-9].*)$/.exec(text);
  if (!m || MONEY.test(text) || !/[A-Za-z-]/.test(m[2]!)) return null;
  const code = `${'S'.repeat(m[1]!.length)}${m[2]}`;
  return isCodeWord(code) ? code : null;
}

/** Reads one word's box again (the caller crops, enlarges and OCRs it as a single line); resolves to the text read. */
export type RereadWord = (box: { x0: number; y0: number; x1: number; y1: number }) => Promise<string>;

/**
 * Confidence (0..1) given to a word whose letters the glyphs changed or that was read again: under the form's
 * low-confidence mark (0.8) even averaged with a cell's other words, so staff check it against the image.
 */
export const CHANGED_CONFIDENCE = 0.5;

/**
 * Ink levels (0 = the box's darkest pixel, 1 = its lightest) of the further glyph splits tried, in turn, when the
 * first (at 0.5) does not pair with the read: only the cores of the strokes count, so letters joined by anti-aliased
 * grey part.
 */
export const DARK_INK_LEVELS = [0.35, 0.25, 0.15];

/** At most this many words of a page are read again (each costs a short OCR run). */
export const MAX_REREAD_WORDS = 40;

/**
 * The words of one to four digits that end a code wrapped in its cell: a word alone on its OCR line, right under a
 * code word that ends in a dash or a slash (the line above, overlapping it across, less than one line height
 * between). Such a word is no quantity or price, so {@link refineCodeWords} checks it as a code: "FAN-621-" over
 * "4IO", read "410" at 0.96 and joined to "FAN-621-410", passed silently (random layout R3537, a page image); the
 * glyphs read it "41O", marked.
 */
export function wrappedCodeTails(words: WordBox[]): Set<WordBox> {
  const tails = new Set<WordBox>();
  for (const [w, ...others] of wordsByOcrLine(words)) {
    if (!w || others.length || !/^\d{1,4}$/.test(w.text)) continue;
    const above = words.find((p) => {
      const h = p.y1 - p.y0;
      return p !== w && /[A-Za-z0-9][-/]$/.test(p.text) && isCodeWord(p.text) && p.y1 <= w.y0 + 0.2 * h && w.y0 - p.y1 < h && w.x0 < p.x1 && w.x1 > p.x0;
    });
    if (above) tails.add(w);
  }
  return tails;
}

/**
 * Checks every code-like word of a page against its glyphs (see module docs) and returns the words with letters
 * decided and spaces restored (a split word becomes several boxes on the same line, same confidence). A code word
 * whose read does not pair with its glyphs (a letter dropped or a dash lost in the page's read) is read again on its
 * own with `reread`, when given, and the new read is used when it pairs; otherwise the word is returned unchanged.
 * A code read with a dollar or section sign for its first S ({@link signsReadForS}) is checked with its S, at
 * {@link CHANGED_CONFIDENCE}.
 */
export async function refineCodeWords(ocrWords: WordBox[], image: GreyImage & { photo?: true }, reread?: RereadWord): Promise<WordBox[]> {
  // A code read with "$" or "§" for its first S gets its S back, marked for checking (see signsReadForS).
  const words = ocrWords.map((w) => {
    const code = signsReadForS(w.text);
    return code ? { ...w, text: code, conf: Math.min(w.conf, CHANGED_CONFIDENCE) } : w;
  });
  const page: Sample = { widths: [], pitches: [] };
  const lines = new Map<string, Sample>();
  const segmented = new Map<WordBox, Glyph[]>();
  /** The glyphs of words of digits and points only (money, a number "41.993" that may be a code with a dash). */
  const numbers = new Map<WordBox, Glyph[]>();
  /** The zeros of the page's numbers, for telling a dotted zero from a hollow O (zerosAndOsByCentre). */
  const zeros: ZeroSample[] = [];
  // The tail of a code wrapped in its cell is checked as a code (see wrappedCodeTails).
  const tails = wrappedCodeTails(words);
  const isCode = (w: WordBox) => isCodeWord(w.text) || tails.has(w);
  for (const w of words) {
    const candidate = isCode(w) || isGarbledCode(w.text);
    const numeric = !tails.has(w) && /^[$€£]?[\d,.]+$/.test(w.text) && /\d\d/.test(w.text);
    if (!candidate && !numeric) continue;
    const glyphs = segmentGlyphs(image, w);
    if (!glyphs) continue;
    const chars = [...w.text];
    if (numeric && chars.length === glyphs.length) {
      sampleWord(chars, glyphs, page);
      chars.forEach((c, i) => {
        const ink = c === '0' ? centreInk(image, glyphs[i]!) : null;
        if (ink !== null) zeros.push({ h: glyphs[i]!.y1 - glyphs[i]!.y0, ink });
      });
      const key = w.lineKey ?? '';
      const line = lines.get(key) ?? { widths: [], pitches: [] };
      sampleWord(chars, glyphs, line);
      lines.set(key, line);
    }
    if (candidate) segmented.set(w, glyphs);
    else if (numeric) numbers.set(w, glyphs);
  }
  const pageFont = measuresOf(page);
  let rereads = 0;
  const out: WordBox[] = [];
  for (const w of words) {
    const glyphs = segmented.get(w);
    if (!glyphs) {
      const digits = numbers.get(w);
      const dashed = digits ? dashReadAsPoint(w.text, digits) : null;
      out.push(dashed ? { ...w, text: dashed, conf: Math.min(w.conf, CHANGED_CONFIDENCE) } : w);
      continue;
    }
    const lineSample = lines.get(w.lineKey ?? '');
    const lineFont = lineSample ? measuresOf(lineSample) : { digitWidth: null, digitPitch: null };
    const font = {
      digitWidth: lineFont.digitWidth ?? pageFont.digitWidth,
      digitPitch: lineFont.digitPitch ?? pageFont.digitPitch,
      // The line's zeros, else the page's scaled as the line's plain digits to the page's (one font's proportions).
      zeroWidth: lineZeroWidth(lineFont, pageFont),
    };
    const photo = image.photo === true;
    let refined: Refined | null = isCode(w) ? refineCode(w.text, glyphs, font, { photo }) : null;
    if (!refined && reread && rereads < MAX_REREAD_WORDS && glyphs.length >= 3) {
      rereads += 1;
      const read = (await reread(w)).replace(/\s+/g, '');
      const again = signsReadForS(read) ?? read;
      const next = again && isCodeWord(again) ? refineCode(again, glyphs, font, { photo }) : null;
      if (next) refined = next;
    }
    // Still unpaired: letters that touch at the middle grey level (a dash against a digit) often part at a darker
    // one; last, the pairing anchored on dashes (touching letters between two dashes left as read).
    if (!refined && isCode(w)) {
      const splits = [glyphs, ...DARK_INK_LEVELS.map((level) => segmentGlyphs(image, w, level))];
      for (const anchor of [false, true]) {
        for (const split of splits) {
          if (!refined && split && (anchor || split !== glyphs)) {
            refined = refineCode(w.text, split, font, { anchorOnDashes: anchor, ownDigits: split !== glyphs, photo });
            if (refined && split !== glyphs) refined = spacesSeenIn(refined, glyphs);
          }
        }
      }
    }
    // Still unpaired: each run between dashes paired at the ink level where it pairs (see pairRunsAcrossLevels).
    let byRuns = false;
    if (!refined && isCode(w)) {
      const paired = pairRunsAcrossLevels(w.text, [glyphs, ...DARK_INK_LEVELS.map((level) => segmentGlyphs(image, w, level))]);
      // A space only where the middle level's glyphs part too (a darker level's thinner strokes widen every gap).
      const next = paired ? refineCode(w.text, [], font, { paired, photo }) : null;
      if (next) refined = spacesSeenIn(next, glyphs);
      byRuns = next !== null;
    }
    // Still unpaired (blurred letters touching): spaces from the word's clear gaps alone, marked for checking.
    const spaced = !refined && isCode(w) ? spaceByGaps(w.text, glyphs) : null;
    if (spaced && spaced.pieces.length > 1) {
      for (const piece of spaced.pieces) out.push({ ...w, text: piece.text, conf: Math.min(w.conf, CHANGED_CONFIDENCE), x0: spaced.glyphs[piece.from]!.x0, x1: spaced.glyphs[piece.to]!.x1 });
      continue;
    }
    if (!refined) {
      out.push(w);
      continue;
    }
    // On a photograph the shape tests judge only words whose every letter has a glyph of its own: in a word paired by
    // its dashes a blurred 6 looked closed ("63842-6CA0A" became "63842-0CA0A", photograph tuning seed 1166).
    if (photo && refined.letters?.some((l) => l.length > 1)) refined = { ...refined, letters: undefined };
    // A "6" whose glyph is closed on the right is a zero (a dotted or slashed monospace zero), read and marked so.
    refined = zerosReadAsSix(refined, image);
    // A "5" round at its top left is an S (an OE number's letter among digits), read and marked so.
    refined = letterSReadAsFive(refined, image);
    // A "1" whose top is barred on both sides as at its foot is a serifed I ("FAN-621-4IO"), read and marked so.
    refined = letterIReadAsOne(refined, image);
    // A "7" standing on a stem under a bar is a T ("26T2814"), read and marked so.
    refined = lettersByShape(refined, image, '7', 'T', isTee);
    // A "1" or "I" standing at the left edge of its box with a foot is an L ("92101-L1110"), read and marked so. Not
    // on a photograph: its blur can leave only the stem and base of a monospace 1 in the box (extra6 J03's "81145"
    // became "81L45").
    if (!image.photo) refined = lettersByShape(lettersByShape(refined, image, '1', 'L', isFootedL), image, 'I', 'L', isFootedL);
    // An "L" standing in the middle of its box with a flag at its top left is a 1 ("B45A-50-EA1"), read and marked so.
    // Not on a photograph, as above.
    if (!image.photo) refined = lettersByShape(refined, image, 'L', '1', isFlaggedOne);
    // On a page whose zeros are dotted, a hollow "0" is an O ("CLP-0S1I5") and a dotted "O" a zero ("5XVO1TZZAA"),
    // read and marked so; on a photograph too.
    refined = zerosAndOsByCentre(refined, image, zeros);
    // A dash in the same ink columns as the letter beside it ("-Y" under a serif's overhang), put back and marked.
    // Not on a photograph: a blurred stroke's fringe parts from its letter as a dash would (extra9 N03's "8-4512345").
    if (!image.photo) refined = dashesBesideLetters(refined, image);
    // A letter changed by its glyph (or a word read again) is a guess: marked for checking, never passed silently.
    const changed = refined.pieces.map((p) => p.text).join('') !== w.text.replace(/\s+/g, '');
    // A word paired only run by run is paired weakly (boxes of several ink levels, a blurred photograph's letters):
    // a letter its glyphs would change marks the word for checking, its letters as read (photograph tuning seeds
    // 1101–1220: "AL-6620R" became "AL-6020R" and "EVR-100.5" "EVR-10O.5", where "FAN-621-410" became "FAN-621-41O").
    if (byRuns && changed) {
      out.push({ ...w, conf: Math.min(w.conf, CHANGED_CONFIDENCE) });
      continue;
    }
    const conf = changed ? Math.min(w.conf, CHANGED_CONFIDENCE) : w.conf;
    if (refined.pieces.length === 1) out.push({ ...w, text: refined.pieces[0]!.text, conf });
    else for (const piece of refined.pieces) out.push({ ...w, text: piece.text, conf, x0: refined.glyphs[piece.from]!.x0, x1: refined.glyphs[piece.to]!.x1 });
  }
  return out;
}

/**
 * The case of a word printed in small capitals, from its glyphs: a word of capital letters only (three or more) whose
 * first glyph's ink rises clearly above every other glyph's (the others' tops at least 12 % of the first glyph's
 * height lower, their bottoms on its baseline) is a capital followed by small capitals — "Crossroads", as typed, not
 * "CROSSROADS". Returns the word in that case, or null when the glyphs are too few for the letters or
 * the heights do not show it (words in plain capitals are left as read). Only the case changes, never a letter.
 */
export function smallCapsCase(text: string, glyphs: Glyph[]): string | null {
  // Two small capitals may touch ("VA" of SALVAGE): one glyph fewer or two is still the word.
  if (!/^[A-Z]{3,}$/.test(text) || glyphs.length > text.length || glyphs.length < Math.max(3, text.length - 2)) return null;
  const first = glyphs[0]!;
  const height = first.y1 - first.y0;
  if (height < 6) return null;
  const rest = glyphs.slice(1);
  const lowered = rest.every((g) => g.y0 - first.y0 >= height * 0.12 && Math.abs(g.y1 - first.y1) <= height * 0.12);
  // Small capitals are one height: the tallest of the rest is within 12 % of the shortest.
  const tops = rest.map((g) => g.y0);
  const even = Math.max(...tops) - Math.min(...tops) <= height * 0.12;
  return lowered && even ? `${text[0]}${text.slice(1).toLowerCase()}` : null;
}

/** Words of capitals printed in small capitals get their printed case back ({@link smallCapsCase}); others as read. */
export function restoreSmallCaps(words: WordBox[], image: GreyImage): WordBox[] {
  return wordsReadByGlyphs(words, image, (text) => /^[A-Z]{3,}$/.test(text), smallCapsCase, false);
}

/**
 * Largest ink width / height of a glyph taken for a "T" in a word of I's and T's ({@link numeralReadWithT}): a T's bar
 * spans at least half its height in every font seen (serif ≈ 0.85, sans ≈ 0.8, monospace ≈ 0.7), a serif I's about 0.3.
 */
export const NARROW_T = 0.5;

/**
 * A roman numeral whose I the OCR read as "T" ("Cubitron IT" for `Cubitron II`, issue 18's tuning seed R944, a serif
 * page): in a word of capital I's and T's only, a "T" glyph no wider than 1.3 × the word's I glyphs and at most
 * {@link NARROW_T} of its own height wide has no bar: it is an I. Returns the word with those T's read as I, or null
 * when nothing changes (the glyphs do not pair one to one with the letters, no I to compare with, or every T is wide).
 */
export function numeralReadWithT(text: string, glyphs: Glyph[]): string | null {
  if (!/^[IT]{2,4}$/.test(text) || !text.includes('I') || !text.includes('T') || glyphs.length !== text.length) return null;
  const chars = [...text];
  const iWidth = median(chars.flatMap((c, k) => (c === 'I' ? [glyphWidth(glyphs[k]!)] : [])));
  const read = chars.map((c, k) => {
    const g = glyphs[k]!;
    const narrow = glyphWidth(g) <= iWidth * 1.3 && glyphWidth(g) <= (g.y1 - g.y0) * NARROW_T;
    return c === 'T' && narrow ? 'I' : c;
  });
  const word = read.join('');
  return word === text ? null : word;
}

/**
 * Words of I's and T's whose T has no bar read as I's ({@link numeralReadWithT}), marked for checking
 * ({@link CHANGED_CONFIDENCE}); other words as read.
 */
export function numeralsReadWithT(words: WordBox[], image: GreyImage): WordBox[] {
  return wordsReadByGlyphs(words, image, (text) => /^[IT]{2,4}$/.test(text), numeralReadWithT, true);
}
