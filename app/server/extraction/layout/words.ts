/**
 * Word boxes and lines for the layout reader (issue 18 "How": read the page's layout, not lines of text).
 *
 * A {@link WordBox} is one word with its bounding box in page pixels (x to the right, y downwards) and the OCR's
 * confidence 0..1 (1 for a PDF text layer). `groupLines(words)` puts words into lines by vertical position (a word
 * joins the line whose vertical centre band it overlaps by at least half its own height); pages are stacked by the
 * caller (page n's y offset by n × a large constant) so a table may continue on the next page.
 */

export interface WordBox {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** 0..1 */
  conf: number;
  /** Same value for words the OCR put on one text line (optional; position decides when absent). */
  lineKey?: string;
}

export interface Line {
  words: WordBox[];
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Median word height. */
  height: number;
  /** Words joined by single spaces, left to right. */
  text: string;
}

/** The middle value (the upper one of an even count); 0 for none. */
export const median = (values: number[]): number => {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** Builds a line from its words (sorted left to right). */
export function makeLine(words: WordBox[]): Line {
  const sorted = [...words].sort((a, b) => a.x0 - b.x0);
  return {
    words: sorted,
    x0: Math.min(...sorted.map((w) => w.x0)),
    y0: Math.min(...sorted.map((w) => w.y0)),
    x1: Math.max(...sorted.map((w) => w.x1)),
    y1: Math.max(...sorted.map((w) => w.y1)),
    height: median(sorted.map((w) => w.y1 - w.y0)),
    text: sorted.map((w) => w.text).join(' '),
  };
}

/** Letters and marks reaching above the x-height (capitals, digits, ascenders, the dots of i and j, tall punctuation). */
const ABOVE_X = /[A-Z0-9bdfhijklt!?#%&/\\'"|()[\]{}@$]/;
/** Letters and marks reaching below the baseline. */
const BELOW_BASELINE = /[gjpqy()[\]{}|@$]/;
/** A lower-case letter's height (the x-height) as a share of a capital's: about 0.7 in common text faces. */
export const X_HEIGHT_SHARE = 0.72;
/** A descender's depth as a share of a capital's height: about 0.3 in common text faces. */
export const DESCENDER_SHARE = 0.3;

/**
 * The print size of a word as the height of its capitals, in page pixels, estimated from its box and its letters: an
 * OCR box spans only the glyphs in it, so "Body Shop" (descenders) is 1.3 × as tall as "Westside Auto" in the same
 * print, and "one" (x-height only) 0.72 ×. Used to compare blocks of text by size (the supplier's name is the largest
 * print above the table); a text layer's boxes are the font's, so they are returned as they are.
 */
export function printHeight(w: WordBox): number {
  const h = w.y1 - w.y0;
  if (w.conf >= 1) return h;
  const above = ABOVE_X.test(w.text) ? 1 : X_HEIGHT_SHARE;
  const below = BELOW_BASELINE.test(w.text) ? DESCENDER_SHARE : 0;
  return h / (above + below);
}

/** The median {@link printHeight} of some words (0 for none). */
export const printSize = (words: WordBox[]): number => median(words.map(printHeight));

/**
 * A word of `minChars` characters or more (3 unless told) whose box is far taller than its letters are wide: narrower
 * than 0.3 × characters × height. A rule or a box's border was read into it ("Via" of a "Ship Via" label, 30 px wide
 * and 43 px high under the label strip's top border; "Refinish" 190 px wide and 110 px high with a band's edge), so its
 * box neither measures the print size nor belongs on one line with its neighbours.
 */
export const tallForItsLetters = (w: WordBox, minChars = 3): boolean =>
  w.text.length >= minChars && w.x1 - w.x0 < 0.3 * w.text.length * (w.y1 - w.y0);

/**
 * A one-letter word of x-height only ("x" of "M6 x 20", "3/4 in x 60 yd") or a lone dash ("TAIL LAMP ASSY RH OUTER -
 * 2 BULB": random layouts R452, R466, R520 … on page images lost it, seven rows in a hundred invoices) that the OCR put
 * on a text line between two full-height words of that line (same `lineKey`, each within three of its heights, all
 * three overlapping vertically; a dash's middle between a quarter and four fifths of the way down their letters): a
 * word of the text, not a rule read as a letter. `tall` tells the line's full-height words.
 */
function isSmallWordInLine(w: WordBox, words: WordBox[], tall: (w: WordBox) => boolean): boolean {
  const dash = /^[-–—]$/.test(w.text);
  if (w.lineKey === undefined || !(dash || /^[acemnorsuvwxz]$/.test(w.text))) return false;
  const h = w.y1 - w.y0;
  const mid = (w.y0 + w.y1) / 2;
  const inBand = (x: WordBox) => !dash || (mid >= x.y0 + 0.25 * (x.y1 - x.y0) && mid <= x.y0 + 0.8 * (x.y1 - x.y0));
  const mates = words.filter((x) => x !== w && x.lineKey === w.lineKey && tall(x) && Math.min(x.y1, w.y1) - Math.max(x.y0, w.y0) >= h * 0.8 && inBand(x));
  // Within three heights: of the small letter, or of the words beside a dash (a flat mark's own height is no measure).
  const reach = (x: WordBox) => 3 * (dash ? x.y1 - x.y0 : h);
  const left = mates.some((x) => x.x1 <= w.x0 + 1 && w.x0 - x.x1 <= reach(x));
  const right = mates.some((x) => x.x0 >= w.x1 - 1 && x.x0 - w.x1 <= reach(x));
  return left && right;
}

/** The words of each Tesseract line (same `lineKey`), lines and words in the order given; words without a key are left out. */
export function wordsByOcrLine(words: WordBox[]): WordBox[][] {
  const lines = new Map<string, WordBox[]>();
  for (const w of words) if (w.lineKey !== undefined) lines.set(w.lineKey, [...(lines.get(w.lineKey) ?? []), w]);
  return [...lines.values()];
}

/**
 * Groups words into lines, top to bottom. Words carrying a `lineKey` (Tesseract's own line, which follows a slightly
 * skewed baseline) are grouped by it; the others by vertical overlap, then an end word that sits on the baseline of the
 * line beside it rather than its own moves there ({@link moveToOwnBaseline}).
 */
export function groupLines(words: WordBox[]): Line[] {
  const sized = words.filter((w) => w.text.trim() !== '' && w.x1 > w.x0 && w.y1 > w.y0);
  // Rules and dotted leaders read as flat "words" (x, xm, _—) are dropped: far flatter than the page's text.
  const typical = median(sized.map((w) => w.y1 - w.y0));
  const tall = (w: WordBox) => w.y1 - w.y0 >= typical * 0.45;
  const clean = sized.filter((w) => tall(w) || (w.conf >= 0.8 && /[A-Za-z0-9]{2}/.test(w.text)) || isSmallWordInLine(w, sized, tall));
  const groups = new Map<string, WordBox[]>();
  const loose: WordBox[] = [];
  for (const w of clean) {
    if (w.lineKey === undefined) loose.push(w);
    else groups.set(w.lineKey, [...(groups.get(w.lineKey) ?? []), w]);
  }
  const lines: GroupedLine[] = [...groups.values()].map((ws) => ({
    words: ws,
    top: median(ws.map((w) => w.y0)),
    bottom: median(ws.map((w) => w.y1)),
  }));
  // Display words (1.5 × the typical height or more) first: a large supplier name then holds its own line, and the
  // small label boxes beside it ("INVOICE NO.") join it or start their own, instead of a small label starting a line
  // too thin for the name's other words. The rest top to bottom.
  const display = (w: WordBox) => (w.y1 - w.y0 >= typical * 1.5 ? 0 : 1);
  loose.sort((a, b) => display(a) - display(b) || a.y0 + a.y1 - (b.y0 + b.y1));
  for (const w of loose) {
    const h = w.y1 - w.y0;
    const mid = (w.y0 + w.y1) / 2;
    let best: (typeof lines)[number] | undefined;
    let bestOverlap = 0;
    for (const line of lines) {
      if (line.words[0]?.lineKey !== undefined) continue;
      const overlap = Math.min(w.y1, line.bottom) - Math.max(w.y0, line.top);
      const lineMid = (line.top + line.bottom) / 2;
      if (overlap >= h * 0.5 && Math.abs(lineMid - mid) < Math.min(h, line.bottom - line.top) * 0.6 && overlap > bestOverlap) {
        best = line;
        bestOverlap = overlap;
      }
    }
    if (best) {
      best.words.push(w);
      settle(best);
    } else lines.push({ words: [w], top: w.y0, bottom: w.y1 });
  }
  moveToOwnBaseline(lines.filter((l) => l.words[0]?.lineKey === undefined));
  return lines
    .filter((l) => l.words.length)
    .map((l) => makeLine(joinLetterSpaced(l.words)))
    .sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2);
}

/** A line being grouped: its words, and its top and bottom (the medians of its words'). */
type GroupedLine = { words: WordBox[]; top: number; bottom: number };

/** Sets a grouped line's top and bottom to the medians of its words' after its words changed. */
function settle(line: GroupedLine): void {
  line.top = median(line.words.map((x) => x.y0));
  line.bottom = median(line.words.map((x) => x.y1));
}

/**
 * Words grouped by overlap whose first or last word sits on another line's baseline: a large name beside a smaller,
 * higher title ("Sales Invoice" at the left, "Coastal Auto Parts" in a band at the right, random layout R1204) shared
 * half the name's first word's height with the title, so "Coastal" joined the title's line and "Auto Parts" started
 * one of its own: the supplier was read "Coastal"; the mirror of it, a name at the left of a higher title ("Summit" of
 * "Summit Motor Parts Co." beside "SALES INVOICE", R1561), the same. Such an end word (its line keeping at least one
 * word) moves to the line beside it, when it is more than 1.6 × its height across from its own line's next word (a
 * segment of its own, see {@link segments}) and within that of a word of the other line (on either side), and its top
 * and bottom miss that line's, or one of that line's words' (a name whose other words hang below the baseline:
 * "Pioneer" beside "Body Supply, Inc.", R1597), by at most 0.15 × its height together while missing its own line's (the
 * other words') by 0.4 × or more; end words move one at a time while any
 * does (the next end word is then weighed against the words left). Lines are changed in place (their words, top and bottom); lines of Tesseract's own
 * (`lineKey`) are not given here.
 */
function moveToOwnBaseline(lines: GroupedLine[]): void {
  const miss = (w: WordBox, top: number, bottom: number) => Math.abs(w.y0 - top) + Math.abs(w.y1 - bottom);
  /** The blank between two words across (px; negative when they overlap). */
  const gap = (a: WordBox, b: WordBox) => Math.max(a.x0, b.x0) - Math.min(a.x1, b.x1);
  /** Moves one end word of `line` to the line beside it; whether one moved. */
  const moveOneEnd = (line: GroupedLine): boolean => {
    if (line.words.length < 2) return false;
    const sorted = [...line.words].sort((a, b) => a.x0 - b.x0);
    for (const [w, next] of [[sorted[0]!, sorted[1]!], [sorted[sorted.length - 1]!, sorted[sorted.length - 2]!]] as const) {
      const h = w.y1 - w.y0;
      const rest = line.words.filter((x) => x !== w);
      if (miss(w, median(rest.map((x) => x.y0)), median(rest.map((x) => x.y1))) < 0.4 * h) continue;
      // Apart from its own line's words (a segment of its own), beside a word of the other line.
      if (gap(w, next) <= 1.6 * h) continue;
      const beside = lines.find(
        (other) =>
          other !== line &&
          [other, ...other.words.map((m) => ({ top: m.y0, bottom: m.y1 }))].some((m) => miss(w, m.top, m.bottom) <= 0.15 * h) &&
          other.words.some((m) => gap(w, m) >= 0 && gap(w, m) <= 1.6 * h),
      );
      if (!beside) continue;
      line.words = rest;
      beside.words.push(w);
      settle(line);
      settle(beside);
      return true;
    }
    return false;
  };
  // Again while words move: a name's two first words may both have joined the title's line ("Crossroads" and
  // "Warehouse" of "Crossroads Parts Warehouse Co." beside a higher "INVOICE # AW7911474": random layout R3182 moved
  // "Crossroads" only, and read the supplier "Warehouse", silently).
  for (const line of lines) {
    for (let moves = line.words.length; moves > 0 && moveOneEnd(line); moves -= 1);
  }
}

/**
 * A word printed letter-spaced ("I N V O I C E", "i n v o i c e": CSS letter-spacing, a heading's tracking) comes as
 * one word per letter from a PDF text layer and often from the OCR: a run of three or more one-letter words, each
 * gap to the next at most 0.8 × the letters' height and at most twice the run's smallest gap, is one word (its box
 * the union, its confidence the mean). Letters further apart (table cells, grades "A  B  C" in columns) stay apart.
 * Returns the words left to right.
 */
export function joinLetterSpaced(words: WordBox[]): WordBox[] {
  const sorted = [...words].sort((a, b) => a.x0 - b.x0);
  const out: WordBox[] = [];
  let i = 0;
  while (i < sorted.length) {
    let j = i;
    const letter = (w: WordBox) => /^[A-Za-z]$/.test(w.text);
    if (letter(sorted[i]!)) {
      const h = sorted[i]!.y1 - sorted[i]!.y0;
      let minGap = Infinity;
      while (j + 1 < sorted.length && letter(sorted[j + 1]!)) {
        const gap = sorted[j + 1]!.x0 - sorted[j]!.x1;
        if (gap > h * 0.8 || gap > Math.max(minGap, 0.5) * 2) break;
        minGap = Math.min(minGap, Math.max(gap, 0));
        j += 1;
      }
    }
    if (j - i >= 2) {
      const run = sorted.slice(i, j + 1);
      out.push({
        ...run[0]!,
        text: run.map((w) => w.text).join(''),
        x1: run[run.length - 1]!.x1,
        y0: Math.min(...run.map((w) => w.y0)),
        y1: Math.max(...run.map((w) => w.y1)),
        conf: run.reduce((t, w) => t + w.conf, 0) / run.length,
      });
      i = j + 1;
    } else {
      out.push(sorted[i]!);
      i += 1;
    }
  }
  return out;
}

/**
 * Splits a line into segments (runs of words with gaps under `factor` × the line height): the blocks of a header
 * area ("Midwest Auto Parts" … "INVOICE") or the cells of a row.
 */
export function segments(line: Line, factor = 1.6): Line[] {
  const out: WordBox[][] = [];
  let current: WordBox[] = [];
  for (const w of line.words) {
    const last = current[current.length - 1];
    if (last && w.x0 - last.x1 > Math.max(line.height, 4) * factor) {
      out.push(current);
      current = [];
    }
    current.push(w);
  }
  if (current.length) out.push(current);
  return out.map(makeLine);
}

/** Mean confidence of some words (1 when there are none). */
export function meanConf(words: WordBox[]): number {
  if (!words.length) return 1;
  return Math.round((words.reduce((s, w) => s + w.conf, 0) / words.length) * 100) / 100;
}
