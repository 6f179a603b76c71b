/**
 * What a table cell or a totals line holds (issue 18, the layout reader): money, a whole quantity, a totals label.
 * Pure; shared by the header-led table reader (`read-layout.ts`) and the reader of a table by its cells' content
 * (`table-by-content.ts`). Amounts are dollars as printed (the form converts to cents).
 */
import type { Line, WordBox } from './words';

/**
 * A unit of measure printed after a price with a slash ("78.90/QT", "45.60/PT", "12.50/ea", "95.00/HR"): a paint
 * jobber prints the price per container this way (extra6 L51), and the amount is the price. Units of one to three
 * letters a parts invoice sells by; the slash must follow a digit, so no date or fraction ("1/2") is touched.
 * Before, "54.70/PT" read as no money, so the Price column was empty and every row of the four L51 pages fell back
 * to the line-based reader with the size, quantity and price run into the description.
 */
export const PER_UNIT_SUFFIX = /(?<=\d)\/(?:ea|each|pt|qt|gl|gal|lt|ltr|l|kt|kit|pk|pkg|bx|box|rl|cs|pr|ft|lb|oz|hr|set|cyl|gr)\.?$/i;

/**
 * "$1,234.50", "1234.50", "(12.00)", "-5.00", "12.00-" → dollars (negative when marked), else null. A table rule read
 * before or after the amount ("198.28|") is left out.
 */
export function readMoney(token: string): number | null {
  // A table rule read into the word ("198.28|", "|$24.00", "23.10]") is not part of the amount.
  let t = token
    .trim()
    .replace(PER_UNIT_SUFFIX, '')
    .replace(/^[|[]+(?=[$S§(\d-])/, '')
    .replace(/(?<=[\d)-])[|\]]+$/, '')
    .replace(/^[$S§]/, '')
    .replace(/^\$/, '');
  let negative = false;
  if (/^\(.*\)$/.test(t) || /^-/.test(t) || /-$/.test(t) || /CR$/i.test(t)) negative = true;
  t = t.replace(/[()$]/g, '').replace(/^-|-$/g, '').replace(/CR$/i, '');
  const m = /^(\d{1,3}(?:[,.]\d{3})*|\d+)[.,](\d{2})$/.exec(t);
  if (!m) return null;
  const value = Number(`${m[1]!.replace(/[.,]/g, '')}.${m[2]}`);
  return negative ? -value : value;
}

/**
 * A whole quantity as read ("2", "2EA", "l" → 1, "O" → 0 only inside a number; a table rule read after the digits,
 * "1|" or "4]", is not part of it).
 */
export function readQty(token: string): number | null {
  const t = token
    .trim()
    .replace(/[A-Za-z]{2,}$/, '')
    .replace(/(?<=\d)[|\])]+$/, '');
  if (/^[\dOoIl|]{1,6}$/.test(t) && /\d|^[Il|]$/.test(t)) {
    const n = Number(t.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1'));
    return Number.isFinite(n) ? n : null;
  }
  const m = /^(\d{1,6})(?:\.0+)?$/.exec(t);
  return m ? Number(m[1]) : null;
}

/** The money words of a cell or line, with their values in dollars, left to right. */
export const moneyWords = (words: WordBox[]): { w: WordBox; v: number }[] =>
  words.map((w) => ({ w, v: readMoney(w.text) })).filter((x): x is { w: WordBox; v: number } => x.v !== null);

/** Words of a totals strip's labels: what a parts invoice totals, taxes and asks to be paid. */
const TOTALS_LABEL_WORD =
  /^(?:merchandise|parts|sales|state|local|tax|freight|shipping|delivery|core|cores|deposit|fees?|misc\.?|extended|warranty|environmental|hazmat|less|payment|paid|received|applied|please|pay|total|sub-?total|due|amount|balance|&|\/|:|\d{1,2}(?:\.\d+)?%)$/i;

/**
 * A strip of totals labels printed over their values ("MERCHANDISE | TAX | PLEASE PAY", random layout R204; "TAX | Total
 * | Less Payment | Balance", "EXTENDED WARRANTY | SALES TAX 5% | PLEASE PAY": R220, R400): only such words, at least
 * two, naming a tax and what is paid (pay, total, due: "TAX | TOTAL", R288). Without it the table ran on into the strip
 * and its values read as a part.
 */
export function isTotalsStripLabels(text: string): boolean {
  const words = text.split(/\s+/).map((w) => w.replace(/:$/, '')).filter(Boolean);
  return words.length >= 2 && words.every((w) => TOTALS_LABEL_WORD.test(w)) && words.some((w) => /^tax$/i.test(w)) && words.some((w) => /^(?:pay|total|due)$/i.test(w));
}

/** True for a line that starts the totals block ("Parts Total" too: a strip of labels over their values under the table, random layout R71). */
export function isTotalsLine(line: Line): boolean {
  const t = line.text;
  // "Merchandise 1,919.20" by itself: the subtotal that opens a totals block printed on the left (random layout R139).
  if (/^\W*(?:total\s+)?merchandise:?\s+\$?\d[\d,]*\.\d\d$/i.test(t)) return true;
  return isTotalsStripLabels(t) || /\bsub\s*-?\s*total\b|\b(parts\s*total|merchandise\s*total|grand\s*total|invoice\s*total|total\s*due|amount\s*due|balance\s*due|total\s*amount|invoice\s*amount|total\s*invoice|amount\s*payable)\b|^\W*(net\s+)?total\b|^\W*(please\s*pay|net\s*merchandise|merchandise\s*total)\b/i.test(t);
}
