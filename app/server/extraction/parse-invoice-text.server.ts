/**
 * Reads invoice fields from plain text (OCR output or a PDF's text layer) for the usual vendor layouts:
 * `parseInvoiceText(text)` → `{ invoice_number, supplier, invoice_date, total_amount, line_items[] }` with `null` /
 * empty where nothing was found (the caller decides whether that is enough).
 *
 * - invoice number: "Invoice #", "Invoice No.", "Invoice Number", "Inv #" followed by the number;
 * - date: the "Invoice Date"/"Date" line, in the formats `parseInvoiceDate` reads (US numeric, ISO, month names);
 * - supplier: a "Supplier/Vendor/From/Sold By/Remit To:" label, else the first name-like line of the header;
 * - total: "Grand Total", "Invoice Total", "Total Due", "Amount Due", "Balance Due" or "Total" (not "Subtotal");
 * - line items: rows under a header naming part/description/qty/price columns (in any order), or any row with a part
 *   number and amounts; the quantity is checked against the line amount (qty × unit = amount) to undo OCR slips.
 */
import { parseInvoiceDate } from '~/lib/schemas/invoice';

export interface ParsedInvoiceText {
  invoice_number: string | null;
  supplier: string | null;
  invoice_date: string | null;
  /** The date text when it was found but is not a real date (e.g. 31/02/2026). */
  impossible_date: string | null;
  total_amount: number | null;
  line_items: { part_number: string; description: string; quantity: number; unit_price: number }[];
}

const MONEY = /^[$S§]?\(?-?\d{1,3}(?:[,.]\d{3})*[.,]\d{2}\)?$|^[$S§]?-?\d+[.,]\d{2}$/;
const PART = /^(?=.*\d)[A-Z0-9][A-Z0-9\-/.]{1,29}$/i;
const LABEL_SUPPLIER = /^\s*(?:supplier|vendor|from|sold\s+by|remit\s+to)\s*[:-]\s*(.+)$/i;
const TOTAL_LINE = /\b(grand\s+total|invoice\s+total|total\s+due|amount\s+due|balance\s+due|total)\b/i;
const HEADER_WORDS: Record<'part' | 'desc' | 'qty' | 'price' | 'amount', RegExp> = {
  part: /\b(part|item\s*(no|#|number)|sku|part\s*no)\b/i,
  desc: /\b(description|desc)\b/i,
  qty: /\b(qty|quantity|qnty)\b/i,
  price: /\b(unit\s*price|unit\s*cost|price|rate|unit)\b/i,
  amount: /\b(amount|line\s*total|total|ext)\b/i,
};

/** "$1,234.50" → 1234.5 (OCR may read $ as S and the decimal point as a comma). */
export function parseMoney(token: string): number | null {
  const t = token.trim().replace(/^[$S§]/, '').replace(/[()]/g, '');
  const m = /^(-?[\d.,]+?)[.,](\d{2})$/.exec(t);
  if (!m) return null;
  const whole = m[1]!.replace(/[.,]/g, '');
  if (!/^-?\d+$/.test(whole)) return null;
  return Number(`${whole}.${m[2]}`);
}

/** OCR reads O as 0 in letter prefixes ("P0-44871" → "PO-44871"); digits-only prefixes are left alone. */
export function fixCodePrefix(code: string): string {
  const at = code.indexOf('-');
  if (at <= 0) return code;
  const prefix = code.slice(0, at);
  if (!/[A-Z]/i.test(prefix)) return code;
  return prefix.replace(/0/g, 'O') + code.slice(at);
}

const clean = (line: string) => line.replace(/[|¦]/g, ' ').replace(/[“”]/g, '"').replace(/\s+$/g, '');
const columns = (line: string) => line.trim().split(/\s{2,}/).filter(Boolean);

function findInvoiceNumber(lines: string[]): string | null {
  const re = /\b(?:invoice|inv)\.?\s*(?:no\b\.?|number|num\b\.?|#|n°)\s*[:.#]?\s*#?\s*([A-Z0-9][A-Z0-9\-/]*)/i;
  for (const line of lines) {
    const m = re.exec(line);
    if (m && /\d/.test(m[1]!)) return fixCodePrefix(m[1]!.replace(/[.,;:]+$/, ''));
  }
  return null;
}

function findDate(lines: string[]): { iso: string | null; impossible: string | null } {
  const candidates = [
    ...lines.filter((l) => /invoice\s+date/i.test(l)),
    ...lines.filter((l) => /\bdate\b/i.test(l) && !/\b(due|ship|order)\s+date/i.test(l)),
    ...lines,
  ];
  for (const line of candidates) {
    const text = line.replace(/^.*?\bdate\b\s*[:.]?/i, '');
    const parsed = parseInvoiceDate(text);
    if (parsed.ok) return { iso: parsed.iso, impossible: null };
    if (parsed.reason === 'impossible') {
      const shown = /\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}/.exec(text)?.[0] ?? text.trim();
      return { iso: null, impossible: shown };
    }
  }
  return { iso: null, impossible: null };
}

function findSupplier(lines: string[], headerIndex: number): string | null {
  for (const line of lines) {
    const m = LABEL_SUPPLIER.exec(line);
    if (m) return columns(m[1]!)[0]!.trim();
  }
  const top = lines.slice(0, headerIndex > 0 ? headerIndex : Math.min(lines.length, 8));
  for (const line of top) {
    const first = columns(line)[0] ?? '';
    const letters = first.replace(/[^A-Za-z]/g, '').length;
    if (letters < 3 || letters / first.replace(/\s/g, '').length < 0.7) continue;
    if (/^(invoice|bill\s+to|sold\s+to|ship\s+to|tax\s+invoice|statement|page)\b/i.test(first)) continue;
    if (/\b(invoice\s*(#|no|number)|date)\b/i.test(first)) continue;
    return first.replace(/\s+INVOICE$/i, '').trim();
  }
  return null;
}

function findTotal(lines: string[]): number | null {
  let best: { rank: number; value: number } | null = null;
  const ranks = ['grand total', 'invoice total', 'total due', 'amount due', 'balance due', 'total'];
  for (const line of lines) {
    if (/sub\s*-?\s*total/i.test(line)) continue;
    const m = TOTAL_LINE.exec(line);
    if (!m) continue;
    const amounts = line
      .split(/\s+/)
      .filter((t) => MONEY.test(t.replace(/[:]/g, '')))
      .map((t) => parseMoney(t.replace(/[:]/g, '')))
      .filter((v): v is number => v !== null);
    if (!amounts.length) continue;
    const rank = ranks.indexOf(m[1]!.toLowerCase().replace(/\s+/g, ' '));
    const value = amounts[amounts.length - 1]!;
    if (!best || rank <= best.rank) best = { rank, value };
  }
  return best ? best.value : null;
}

type Col = keyof typeof HEADER_WORDS;

/** Column order named by a header line, or null when the line is not a table header. */
function headerOrder(line: string): Col[] | null {
  const found: { col: Col; at: number }[] = [];
  let rest = line;
  for (const col of ['desc', 'qty', 'part', 'price', 'amount'] as Col[]) {
    const m = HEADER_WORDS[col].exec(rest);
    if (m) {
      found.push({ col, at: m.index });
      rest = rest.slice(0, m.index) + ' '.repeat(m[0].length) + rest.slice(m.index + m[0].length);
    }
  }
  if (found.length < 3 || !found.some((f) => f.col === 'qty' || f.col === 'price')) return null;
  return found.sort((a, b) => a.at - b.at).map((f) => f.col);
}

function parseRow(line: string, order: Col[]): ParsedInvoiceText['line_items'][number] | null {
  const tokens = line.trim().split(/\s+/).filter((t) => t !== '—' && t !== '-' && t !== '|');
  const moneys: number[] = [];
  while (tokens.length && MONEY.test(tokens[tokens.length - 1]!)) moneys.unshift(parseMoney(tokens.pop()!)!);
  if (!moneys.length) return null;
  const unit = moneys.length >= 2 ? moneys[moneys.length - 2]! : moneys[0]!;
  const amount = moneys.length >= 2 ? moneys[moneys.length - 1]! : null;
  const textCols = order.filter((c) => c === 'part' || c === 'desc' || c === 'qty');
  let qtyToken: string | undefined;
  const qtyFirst = textCols[0] === 'qty';
  if (qtyFirst) qtyToken = tokens.shift();
  else if (textCols.includes('qty') && tokens.length && /^[\dOoIl|&]{1,6}$/.test(tokens[tokens.length - 1]!)) qtyToken = tokens.pop();
  let part: string | undefined;
  const rest = textCols.filter((c) => c !== 'qty');
  if (rest[0] === 'desc' && rest.includes('part')) {
    const idx = tokens.length - 1;
    if (idx >= 0 && PART.test(tokens[idx]!)) part = tokens.splice(idx, 1)[0];
  } else if (tokens.length && PART.test(tokens[0]!)) {
    part = tokens.shift();
  }
  if (!part) return null;
  const description = tokens.join(' ').replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9)]+$/g, '').trim();
  let quantity = qtyToken && /^\d+$/.test(qtyToken) ? Number(qtyToken) : NaN;
  if (amount !== null && unit > 0) {
    const derived = amount / unit;
    const whole = Math.round(derived);
    if (Math.abs(derived - whole) < 0.005 && whole > 0 && (Number.isNaN(quantity) || Math.round(quantity * unit * 100) !== Math.round(amount * 100))) {
      quantity = whole;
    }
  }
  if (Number.isNaN(quantity) || quantity <= 0) {
    if (amount === null && !qtyToken) quantity = 1;
    else return null;
  }
  return { part_number: fixCodePrefix(part), description, quantity, unit_price: unit };
}

/** Parses invoice text (see module docs). */
export function parseInvoiceText(text: string): ParsedInvoiceText {
  const lines = text
    .split(/\r?\n/)
    .map(clean)
    .filter((l) => l.trim() !== '');
  let headerIndex = -1;
  let order: Col[] = ['part', 'desc', 'qty', 'price', 'amount'];
  for (let i = 0; i < lines.length; i += 1) {
    const found = headerOrder(lines[i]!);
    if (found && !MONEY.test(lines[i]!.trim().split(/\s+/).pop() ?? '')) {
      headerIndex = i;
      order = found;
      break;
    }
  }
  const items: ParsedInvoiceText['line_items'] = [];
  const start = headerIndex >= 0 ? headerIndex + 1 : 0;
  for (let i = start; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (TOTAL_LINE.test(line) && !PART.test(line.trim().split(/\s+/)[0] ?? '')) {
      if (headerIndex >= 0) break;
      continue;
    }
    if (/sub\s*-?\s*total|\btax\b|shipping|freight/i.test(line)) continue;
    const row = parseRow(line, order);
    if (row) items.push(row);
  }
  const date = findDate(lines);
  return {
    invoice_number: findInvoiceNumber(lines),
    supplier: findSupplier(lines, headerIndex),
    invoice_date: date.iso,
    impossible_date: date.impossible,
    total_amount: findTotal(lines),
    line_items: items,
  };
}
