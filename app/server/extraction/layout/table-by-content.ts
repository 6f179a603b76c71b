/**
 * A parts table found by what its rows hold, not by its header words (issue 18: "invoice reading that works on
 * invoices nobody tuned it on"). The header-led reader (`read-layout.ts`) knows a table by a line of column names it
 * has in its vocabulary; a supplier who heads the columns in words it does not know ("Stock No.", "Code", "Your Cost")
 * lost the whole table. Here the table is the longest run of ITEM LINES — lines that end in an amount of money and
 * carry text — and its columns are the strips the words of those lines fill, with white space running down the whole
 * run between them (the rivers). Each column's kind comes from its cells:
 * - money in most rows: the right-most is the extended amount; of the others, the unit price is the one that, times a
 *   whole-number column, makes the amount in most rows (qty × unit = amount, in cents); the rest are ignored (a list
 *   price before a net, a core charge column);
 * - whole numbers: the quantity is the column that made the arithmetic; 1, 2, 3 … down the left is the line number;
 * - text: the part number is the left-most column of codes ({@link isCodeCell}; a brand's line code in its own strip
 *   just left of it joins it); the description the left-most text column with at least half the letters of the
 *   wordiest; other text columns (a bin, a unit of measure, a vehicle, a note) are ignored.
 *
 * `findTableByContent(lines)` → `{ cols, start, end, headerIndex, body }` or null (no run of two item lines nor one
 * with a totals line under it, no money column or no part-number column): `cols` carry their boundaries (`left`/`right`, px) for `readBody`; `body` the
 * body's line indexes (a run of the same columns on the next page joins it), from `start` to `end` (exclusive);
 * `headerIndex` is the line above the body (the table's unread header, or the body's first line when there is none).
 * Pure; never throws.
 */
import type { Column, ColumnKind } from './read-layout';
import { isTotalsLine, moneyWords, readMoney, readQty } from './values';
import { median, type Line, type WordBox } from './words';

export interface ContentTable {
  cols: Column[];
  start: number;
  end: number;
  headerIndex: number;
  /** The body's line indexes, top to bottom (a table continued on the next page leaves out the lines between). */
  body: number[];
}

/** Share of a run's item lines a column's cells must fill with one kind of value to be of that kind. */
export const COLUMN_KIND_SHARE = 0.6;
/** Fewest item lines a run needs to be taken for a table. */
export const MIN_ITEM_LINES = 2;

/**
 * A part number's look: four characters or more with a digit, letters, digits and - / . only, not money, not a
 * four-digit year on its own; or short capital groups joined by dashes ("MIX-BC-QT", a paint store's stock code).
 * "HC3Z-8200-A", "84951123", "5W-30", "MX-GAZ" pass; "2019", "12.50", "EA", "Grille" do not.
 */
export function isCodeWord(text: string): boolean {
  const t = text.replace(/[,;:]$/, '');
  // A stock code of short capital groups without a digit ("MIX-BC-QT", "EP-PRM-GRY": a paint store's).
  if (/^[A-Z0-9]{1,4}(?:-[A-Z0-9]{1,4})+$/.test(t) && t.length >= 5) return true;
  if (t.length < 4 || !/\d/.test(t) || !/^[A-Za-z0-9][A-Za-z0-9\-/.]*$/.test(t) || readMoney(t) !== null) return false;
  return !/^(19|20)\d\d$/.test(t);
}

/**
 * An item line: an amount of money at its right end (at most one word after it: a taxable flag "T"), at least three
 * words, one of them a word of letters or a code, and not a totals line ("Subtotal", "Total Due" …).
 */
export function isItemLine(line: Line): boolean {
  const money = moneyWords(line.words);
  if (!money.length || line.words.length < 3 || isTotalsLine(line)) return false;
  const last = money[money.length - 1]!.w;
  if (line.words.filter((w) => w.x0 >= last.x1).length > 1) return false;
  return line.words.some((w) => readMoney(w.text) === null && (/[A-Za-z]{3}/.test(w.text) || isCodeWord(w.text)));
}

/**
 * The runs of item lines (indexes into `lines`), each allowing up to two other lines between two of its item lines
 * (wrapped text), ended by a totals line, a page break or a wide gap; item lines at a run's end that start far right of
 * where its rows start (a totals block right under the rows, "Parts & Labor 2,475.00", whose labels the totals rule
 * does not know) are left out.
 */
function itemRuns(lines: Line[]): number[][] {
  const runs: number[][] = [];
  let run: number[] = [];
  let between = 0;
  const close = () => {
    if (run.length) {
      const start = median(run.map((i) => lines[i]!.x0));
      const height = median(run.map((i) => lines[i]!.height));
      while (run.length > 1 && lines[run[run.length - 1]!]!.x0 > start + height * 4) run = run.slice(0, -1);
      runs.push(run);
    }
    run = [];
    between = 0;
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (isItemLine(line)) {
      const last = run.length ? lines[run[run.length - 1]!]! : null;
      if (last && line.y0 - last.y1 > Math.max(last.height, line.height) * 4) close();
      run.push(i);
      between = 0;
      continue;
    }
    if (!run.length) continue;
    between += 1;
    if (isTotalsLine(line) || between > 2) close();
  }
  close();
  return runs;
}

/**
 * The table's runs of item lines: the longest (at least {@link MIN_ITEM_LINES}), with every other run of as many lines
 * whose rows start where its rows start and end where its amounts end (within 1.5 line heights): the same table
 * continued on the next page under a repeated or missing header. Without such a run, one item line with a totals line
 * within three lines under it (an invoice for one part). Empty when there is none.
 */
function tableRuns(lines: Line[]): number[][] {
  const all = itemRuns(lines);
  const runs = all.filter((r) => r.length >= MIN_ITEM_LINES);
  if (!runs.length) {
    // An invoice for one part: its one item line counts when a totals line follows within three lines.
    const single = all.find((r) => r.length === 1 && lines.slice(r[0]! + 1, r[0]! + 4).some(isTotalsLine));
    return single ? [single] : [];
  }
  const best = runs.reduce((a, b) => (b.length > a.length ? b : a));
  const shape = (run: number[]) => ({
    x0: median(run.map((i) => lines[i]!.x0)),
    x1: median(run.map((i) => lines[i]!.x1)),
    height: median(run.map((i) => lines[i]!.height)),
  });
  const main = shape(best);
  return runs.filter((r) => {
    if (r === best) return true;
    const other = shape(r);
    return Math.abs(other.x0 - main.x0) <= main.height * 1.5 && Math.abs(other.x1 - main.x1) <= main.height * 1.5;
  });
}

/** Strips of x the words fill ([x0, x1] px, left to right), split where white space runs down every line. */
export function columnStrips(rows: WordBox[][]): { x0: number; x1: number }[] {
  const words = rows.flat().filter((w) => w.conf >= 0.3 && w.x1 > w.x0);
  if (!words.length) return [];
  const height = median(words.map((w) => w.y1 - w.y0));
  const minGap = Math.max(2, height * 0.8);
  // A stray speck in one row does not close a river of a long table.
  const tolerance = rows.length >= 8 ? 1 : 0;
  const lo = Math.floor(Math.min(...words.map((w) => w.x0)));
  const hi = Math.ceil(Math.max(...words.map((w) => w.x1)));
  const cover = new Array<number>(hi - lo + 1).fill(0);
  for (const row of rows) {
    const filled = new Uint8Array(hi - lo + 1);
    for (const w of row) {
      if (w.conf < 0.3) continue;
      for (let x = Math.floor(w.x0) - lo; x <= Math.ceil(w.x1) - lo; x += 1) if (x >= 0 && x < filled.length) filled[x] = 1;
    }
    filled.forEach((f, x) => {
      cover[x]! += f;
    });
  }
  // A narrower gap splits two columns when words of letters start right after it at one x in most rows (part numbers
  // of any length, then descriptions starting at one place); the spaces between the words of a description line up in
  // no table, and a part number printed in fixed groups ("51 11 8 069 020") is digits.
  const tol = Math.max(2, height * 0.15);
  const aligned = (_gapStart: number, gapEnd: number) =>
    rows.length >= 3 && rows.filter((r) => r.some((w) => Math.abs(w.x0 - gapEnd) <= tol && /^[A-Za-z]{2}/.test(w.text))).length >= rows.length * 0.8;
  const strips: { x0: number; x1: number }[] = [];
  let x = 0;
  while (x < cover.length) {
    while (x < cover.length && cover[x]! <= tolerance) x += 1;
    if (x >= cover.length) break;
    const from = x;
    let end = x;
    // The strip goes on until a gap of at least minGap px of (nearly) empty columns.
    while (x < cover.length) {
      if (cover[x]! > tolerance) {
        end = x;
        x += 1;
        continue;
      }
      let gap = x;
      while (gap < cover.length && cover[gap]! <= tolerance) gap += 1;
      if (gap - x >= minGap || gap >= cover.length || (gap - x >= height * 0.25 && aligned(x + lo, gap + lo))) break;
      x = gap;
    }
    strips.push({ x0: from + lo, x1: end + lo });
    x = end + 1;
  }
  return strips;
}

/**
 * A part-number cell: a code alone or with its brand ("KYB 334658", "DEN 234-9001"), or a code printed in spaced groups
 * ("HC3Z 8200 A", "3G0 805 588 S": up to five short groups that run together into a code).
 */
export function isCodeCell(cell: WordBox[]): boolean {
  if (!cell.length || cell.length > 5) return false;
  if (cell.length <= 3 && cell.some((w) => isCodeWord(w.text))) return true;
  // The first group of two characters or more: "4 4 EA" (quantities and a unit) is no code; "51 11 8 069 020" is.
  return cell[0]!.text.length >= 2 && cell.every((w) => w.text.length <= 5) && isCodeWord(cell.map((w) => w.text).join(''));
}

/** Units of measure printed in capitals (not line codes). */
const UNITS = new Set(['EA', 'PR', 'BX', 'CS', 'PK', 'KIT', 'SET', 'GAL', 'QT', 'BOX', 'ROL', 'PKG', 'DOZ', 'PC', 'PCS', 'FT', 'LB', 'CAN', 'TUB', 'BAG', 'ROLL', 'EACH', 'CYL']);

/**
 * An aftermarket supplier's line code: three or four capitals naming the brand ("KYB", "DOR", "NGK", "WIX"), not a
 * unit of measure ("EA", "KIT", "GAL").
 */
export function isLineCode(text: string): boolean {
  return /^[A-Z]{3,4}$/.test(text) && !UNITS.has(text);
}

interface Profile {
  money: number;
  whole: number;
  code: number;
  /** Letters in words (not codes) over all rows. */
  letters: number;
  /** Whole numbers read per row (null where none), for the arithmetic and the line-number test. */
  values: (number | null)[];
  moneyValues: (number | null)[];
}

function profile(cells: WordBox[][]): Profile {
  let money = 0;
  let whole = 0;
  let code = 0;
  let letters = 0;
  const values: (number | null)[] = [];
  const moneyValues: (number | null)[] = [];
  for (const cell of cells) {
    const m = moneyWords(cell);
    const isMoney = m.length > 0 && cell.every((w) => readMoney(w.text) !== null || !/[A-Za-z0-9]{2}/.test(w.text));
    if (isMoney) money += 1;
    moneyValues.push(isMoney ? m[0]!.v : null);
    // A quantity alone, or with its unit of measure beside it in the same strip ("2 PR", "1 EA").
    // Quantities ordered and shipped side by side ("4 4 EA") count too: the first is the value.
    const unitOnly = cell.slice(1).every((w) => /^[A-Za-z]{1,4}\.?$/.test(w.text) || /^\d{1,4}$/.test(w.text));
    const q = cell.length >= 1 && cell.length <= 3 && unitOnly && !/[.,]\d/.test(cell[0]!.text) ? readQty(cell[0]!.text) : null;
    if (q !== null) whole += 1;
    values.push(q);
    // A code alone or with its brand ("KYB 334658", "DEN 234-9001") or in spaced groups ("HC3Z 8200 A").
    if (isCodeCell(cell)) code += 1;
    letters += cell.filter((w) => /[A-Za-z]{2}/.test(w.text) && !isCodeWord(w.text)).reduce((sum, w) => sum + (w.text.match(/[A-Za-z]/g) ?? []).length, 0);
  }
  return { money, whole, code, letters, values, moneyValues };
}

/** Rows where quantity × unit = amount to the cent. */
function arithmeticRows(qty: (number | null)[], unit: (number | null)[], amount: (number | null)[]): number {
  return qty.filter((q, i) => q !== null && q > 0 && unit[i] != null && amount[i] != null && Math.round(q * unit[i]! * 100) === Math.round(amount[i]! * 100)).length;
}

/** See the module comment. */
export function findTableByContent(lines: Line[]): ContentTable | null {
  const runs = tableRuns(lines);
  if (!runs.length) return null;
  const run = runs.flat();
  const itemLines = run.map((i) => lines[i]!);
  const strips = columnStrips(itemLines.map((l) => l.words));
  if (strips.length < 3) return null;
  const bounds = strips.map((s, i) => ({
    left: i === 0 ? -Infinity : (strips[i - 1]!.x1 + s.x0) / 2,
    right: i === strips.length - 1 ? Infinity : (s.x1 + strips[i + 1]!.x0) / 2,
  }));
  const cellsOf = (k: number) => itemLines.map((l) => l.words.filter((w) => (w.x0 + w.x1) / 2 >= bounds[k]!.left && (w.x0 + w.x1) / 2 < bounds[k]!.right));
  const profiles = strips.map((_, k) => profile(cellsOf(k)));
  const n = itemLines.length;
  const enough = (count: number) => count >= n * COLUMN_KIND_SHARE;
  const kinds: ColumnKind[] = strips.map(() => 'other');
  const money = profiles.map((p, k) => (enough(p.money) ? k : -1)).filter((k) => k >= 0);
  if (!money.length) return null;
  const amountAt = money[money.length - 1]!;
  const whole = profiles.map((p, k) => (k !== amountAt && !money.includes(k) && enough(p.whole) ? k : -1)).filter((k) => k >= 0);
  // The unit price and quantity: the pair whose product makes the amount in the most rows.
  let best: { q: number; u: number; rows: number } | null = null;
  for (const u of money.filter((k) => k !== amountAt)) {
    for (const q of whole) {
      const rows = arithmeticRows(profiles[q]!.values, profiles[u]!.moneyValues, profiles[amountAt]!.moneyValues);
      if (!best || rows > best.rows) best = { q, u, rows };
    }
  }
  // Quantities are small: a column of model years ("2016", "2019") is whole numbers too.
  const plausibleQuantities = (values: (number | null)[]) => median(values.filter((v): v is number => v !== null)) < 1000;
  const isSequence = (k: number) => profiles[k]!.values.every((v, i) => v === i + 1);
  if (best && best.rows * 2 >= n) {
    kinds[amountAt] = 'amount';
    kinds[best.u] = 'price';
    kinds[best.q] = 'qty';
  } else {
    // No arithmetic to go by: the money column left of the amount is the unit price (one money column: the price,
    // which the caller checks as unit prices or line totals against the totals).
    const others = money.filter((k) => k !== amountAt);
    if (others.length) {
      kinds[amountAt] = 'amount';
      kinds[others[others.length - 1]!] = 'price';
    } else kinds[amountAt] = 'price';
    const qty = whole.find((k) => !isSequence(k) && plausibleQuantities(profiles[k]!.values));
    if (qty !== undefined) kinds[qty] = 'qty';
  }
  for (const k of whole) if (kinds[k] === 'other' && isSequence(k) && k < amountAt) kinds[k] = 'line';
  const text = strips.map((_, k) => k).filter((k) => kinds[k] === 'other' && !money.includes(k) && !whole.includes(k));
  const partAt = text.find((k) => profiles[k]!.code * 2 >= n);
  if (partAt === undefined) return null;
  kinds[partAt] = 'part';
  // The description: the left-most text column with at least half the letters of the wordiest (a vehicle or a note
  // column right of it is wordy too; a unit of measure is not).
  // A unit-of-measure column ("EA", "PK", "GL") is no description.
  const unitsOnly = (k: number) => cellsOf(k).every((cell) => cell.every((w) => UNITS.has(w.text.toUpperCase().replace(/\.$/, ''))));
  const others = text.filter((k) => k !== partAt && !unitsOnly(k));
  const most = Math.max(0, ...others.map((k) => profiles[k]!.letters));
  const desc = others.find((k) => profiles[k]!.letters >= Math.max(most / 2, n * 2));
  if (desc !== undefined) kinds[desc] = 'desc';
  let cols: Column[] = strips.map((s, k) => ({ kind: kinds[k]!, label: '', x0: s.x0, x1: s.x1, left: bounds[k]!.left, right: bounds[k]!.right }));
  // The description's last words in a strip of their own (see tailOfDescription), read as part of it.
  const tail = desc !== undefined && kinds[desc + 1] === 'other' && text.includes(desc + 1) && tailOfDescription(cellsOf(desc), cellsOf(desc + 1));
  // An aftermarket line code printed in its own narrow strip just left of the number ("KYB | 334658"): one part number.
  const height = median(itemLines.flatMap((l) => l.words.map((w) => w.y1 - w.y0)));
  const brand = cols[partAt - 1];
  if (brand?.kind === 'other' && cols[partAt]!.x0 - brand.x1 < height * 1.5) {
    const codes = cellsOf(partAt - 1).filter((cell) => cell.length === 1 && isLineCode(cell[0]!.text)).length;
    if (enough(codes)) {
      cols = cols.map((c, k) => (k === partAt ? { ...c, x0: brand.x0, left: brand.left } : c)).filter((_, k) => k !== partAt - 1);
    }
  }
  if (tail) {
    const d = cols.findIndex((c) => c.kind === 'desc');
    cols = cols.map((c, k) => (k === d ? { ...c, x1: cols[d + 1]!.x1, right: cols[d + 1]!.right } : c)).filter((_, k) => k !== d + 1);
  }
  // Each run's lines from its first item line to its last, and the wrapped end of the last row's description right
  // under it.
  const body = runs.flatMap((r) => {
    let to = r[r.length - 1]! + 1;
    const next = lines[to];
    if (next && !isTotalsLine(next) && moneyWords(next.words).length === 0 && next.y0 - lines[to - 1]!.y1 < lines[to - 1]!.height * 1.2) to += 1;
    return Array.from({ length: to - r[0]!, }, (_, k) => r[0]! + k);
  });
  const start = body[0]!;
  const end = body[body.length - 1]! + 1;
  const above = lines[start - 1];
  const headerIndex = above && moneyWords(above.words).length === 0 ? start - 1 : start;
  return { cols, start, end, headerIndex, body };
}

/**
 * Whether the text strip right of the description holds the end of a few long descriptions, not a column of its own:
 * words in fewer than half of the rows, each a word space from the description's last word in its row (at most
 * {@link TAIL_GAP_FACTOR} × the median space between the words of the description cells). In monospace print a word
 * space is as wide as the gap that splits columns, so the one description long enough to reach past the others'
 * ends had its last words cut off: "RETAINER, FR BUMPER SIDE, LH" read "RETAINER, FR BUMPER SIDE" and added up
 * (random layout R330, silently). A vehicle or note column is filled in most rows, or stands further off.
 */
export function tailOfDescription(desc: WordBox[][], next: WordBox[][]): boolean {
  const filled = next.map((cell, i) => ({ cell, row: desc[i] ?? [] })).filter((r) => r.cell.length > 0);
  if (!filled.length || filled.length * 2 >= next.length) return false;
  const spaces = desc.flatMap((cell) => {
    const ws = [...cell].sort((a, b) => a.x0 - b.x0);
    return ws.slice(1).map((w, k) => w.x0 - ws[k]!.x1);
  });
  if (spaces.length < 3) return false;
  const space = median(spaces);
  return filled.every(({ cell, row }) => {
    if (!row.length || !cell.some((w) => /[A-Za-z]/.test(w.text))) return false;
    const last = Math.max(...row.map((w) => w.x1));
    const first = Math.min(...cell.map((w) => w.x0));
    return first - last <= TAIL_GAP_FACTOR * space;
  });
}

/** How many description word spaces the gap before a description's tail may be ({@link tailOfDescription}). */
export const TAIL_GAP_FACTOR = 1.3;
