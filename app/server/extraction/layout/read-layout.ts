/**
 * The layout reader (issue 18 "How"): reads an invoice from word boxes (Tesseract's TSV words or a PDF text layer's
 * items), not from lines of text.
 *
 * `readInvoiceLayout(words)` → {@link LayoutInvoice}:
 * 1. words → lines by position (`groupLines`);
 * 2. the table's header row is the line naming the most columns from {@link HEADER_VOCABULARY} (Qty, Qty Ord,
 *    Shipped, UOM, Part No, #, Description, Application, List, Disc %, Net, Unit Price, Amount/Ext/Total …), at least
 *    three of them, one a quantity or price; a header split over two text lines ("Qty" above "Ord") is joined;
 * 3. column boundaries lie in the widest vertical strip of white space between two header columns in the rows below
 *    (the "river"), so left-aligned text and right-aligned numbers fall in their own columns; each word below goes to
 *    the column its centre lies in;
 * 4. rows: the shipped quantity is billed (Qty Ship, else Qty, else Qty Ord); the unit price is Net when there is a Net
 *    column, else Unit Price/Price, else List less Disc %; line-number and application columns are ignored; the
 *    quantity is checked against the extended amount (qty × unit = amount) to undo OCR slips; a row whose text is a
 *    core charge/deposit, freight, hazmat or environmental fee, discount, warranty, sales tax or credit is a `charge`,
 *    not a part; a line without amounts directly under a part continues its description;
 * 5. the table ends at the totals block (Subtotal, Total, Amount Due …); the block's labelled amounts give subtotal,
 *    tax, total and further charges;
 * 5a. when no header is found, its table is empty, its parts, charges and tax do not make the total, or half its
 *    part numbers or more read as prose (`isProsePart`), the table found by its cells' content (`table-by-content.ts`:
 *    the run of lines ending in money, columns by the white space between them, kinds by what the cells hold) is read
 *    the same way, and the read nearer the total is kept (against a header read that adds up, the content's only
 *    when it adds up too with fewer part numbers read as prose);
 * 6. header fields: invoice number after "Invoice #", "Invoice No", "Inv No", "No." or in a box below the label (a
 *    label of two lines too: `stackedLabelAbove`); date in a grid box labelled "Invoice Date", else after "Invoice
 *    Date"/"Date" (same line or below), else the first date on the page, parsed by `readDate`; supplier from a
 *    "Supplier/Vendor/Sold By/Remit To" label (without an address after it), else the tallest text block above the
 *    table that is not a label, an address, "Bill To"/"Ship To" or a document title.
 * Part numbers are kept as read (no 0/O, 1/I, 5/S "correction"), but for a Partslink number's make letters
 * (`partslinkLetters`, marked). Each field carries the mean word confidence.
 * Pure; never throws on odd input (returns nulls / empty lists).
 */
import { LOW_CONFIDENCE, type ExtractedCharge, type ExtractionConfidence, type InvoiceChargeKind } from '~/lib/schemas/invoice';
import { reconcileInvoice, RECONCILE_TOLERANCE_CENTS } from '../review.server';
import { readDate } from './dates';
import { CHANGED_CONFIDENCE, signsReadForS } from './glyphs';
import { findTableByContent, isCodeWord } from './table-by-content';
import { isTotalsLine, isTotalsStripLabels, moneyWords, readMoney, readQty } from './values';
import { groupLines, makeLine, meanConf, median, printSize, segments, tallForItsLetters, type Line, type WordBox } from './words';

export type ColumnKind =
  | 'line'
  | 'qty'
  | 'qty_ord'
  | 'qty_ship'
  | 'qty_bo'
  | 'uom'
  | 'part'
  | 'desc'
  | 'app'
  | 'list'
  | 'disc'
  | 'net'
  | 'price'
  | 'amount'
  /** A header word not in the vocabulary: its column is kept (so its values do not spill into a neighbour) and ignored. */
  | 'other';

/** Header words (1–3 words, lower case, punctuation kept) → column kind; longer phrases are matched first. */
export const HEADER_VOCABULARY: [string, ColumnKind][] = [
  ['qty ord', 'qty_ord'],
  ['qty ordered', 'qty_ord'],
  ['qty ordr', 'qty_ord'],
  ['ordered', 'qty_ord'],
  ['ord', 'qty_ord'],
  // "Order | Ship | B/O" (random layouts R510, R622): the quantity ordered.
  ['order', 'qty_ord'],
  ['order qty', 'qty_ord'],
  ['qty ship', 'qty_ship'],
  ['qty shipped', 'qty_ship'],
  ['qty shp', 'qty_ship'],
  ['shipped', 'qty_ship'],
  ['ship', 'qty_ship'],
  ['shp', 'qty_ship'],
  // A gas or delivery supplier's "Del" (delivered: billed) beside "Ret" (empties returned: not billed).
  ['qty del', 'qty_ship'],
  ['del', 'qty_ship'],
  ['delivered', 'qty_ship'],
  ['qty b/o', 'qty_bo'],
  ['b/o', 'qty_bo'],
  ['b/0', 'qty_bo'],
  ['bio', 'qty_bo'],
  ['b.o.', 'qty_bo'],
  ['bo', 'qty_bo'],
  ['backorder', 'qty_bo'],
  ['back order', 'qty_bo'],
  ['back ord', 'qty_bo'],
  ['bkord', 'qty_bo'],
  ['bk ord', 'qty_bo'],
  ['qty', 'qty'],
  // A counter system's "Sold" / "Qty Sold" (negative on a return line, which is a credit).
  ['qty sold', 'qty'],
  ['sold', 'qty'],
  ['qty-um', 'qty'],
  ['qty/um', 'qty'],
  ['qty/unit', 'qty'],
  ['qty-uom', 'qty'],
  ['qy', 'qty'],
  ['quantity', 'qty'],
  ['qnty', 'qty'],
  ['oty', 'qty'],
  ['aty', 'qty'],
  ['qly', 'qty'],
  ['qtv', 'qty'],
  // A small-capitals "QTY" on a scan.
  ['qry', 'qty'],
  ['uom', 'uom'],
  ['u/m', 'uom'],
  ['um', 'uom'],
  ['unit of measure', 'uom'],
  ['part no', 'part'],
  ['part no.', 'part'],
  ['part #', 'part'],
  ['partno', 'part'],
  ['partno.', 'part'],
  ['part number', 'part'],
  ['part num', 'part'],
  ['part', 'part'],
  ['item no', 'part'],
  ['item #', 'part'],
  ['item number', 'part'],
  ['item code', 'part'],
  ['product code', 'part'],
  ['item', 'part'],
  ['sku', 'part'],
  ['stock #', 'part'],
  // A salvage yard's "Stock No." beside "Part Description" (extra6 L52): the stock number is the part number, and
  // "Part Description" one head, not "Part" over the description's first words.
  ['stock no', 'part'],
  ['stock no.', 'part'],
  ['stock number', 'part'],
  ['product', 'part'],
  ['catalog #', 'part'],
  ['line', 'line'],
  ['ln', 'line'],
  ['seq', 'line'],
  ['#', 'line'],
  ['no.', 'line'],
  ['description', 'desc'],
  ['item description', 'desc'],
  ['part description', 'desc'],
  // "Product Description" one head (not "Product" over a description's first word), and a commercial invoice's
  // "Description of Goods" (random layouts R38, R46: "of Goods" was an unknown column that cut the description).
  ['product description', 'desc'],
  ['description of goods', 'desc'],
  ['desc', 'desc'],
  ['desc.', 'desc'],
  ['application', 'app'],
  ['appl', 'app'],
  ['appl.', 'app'],
  ['vehicle', 'app'],
  ['fits', 'app'],
  ['list price', 'list'],
  ['unit list', 'list'],
  ['list', 'list'],
  ['retail', 'list'],
  ['msrp', 'list'],
  ['disc %', 'disc'],
  ['disc%', 'disc'],
  ['disc', 'disc'],
  ['disc.', 'disc'],
  ['discount', 'disc'],
  ['discount %', 'disc'],
  ['%', 'disc'],
  // "% Off" (random layout R139): the discount's rate, one head.
  ['% off', 'disc'],
  ['pct off', 'disc'],
  ['net price', 'net'],
  ['net each', 'net'],
  ['net ea', 'net'],
  // "Net ext" / "Ext net": the extended net amount, not the net unit price.
  ['net ext', 'amount'],
  ['ext net', 'amount'],
  ['net', 'net'],
  ['your price', 'net'],
  // "List | Sell": the price the shop is charged.
  ['sell', 'net'],
  ['sell price', 'net'],
  ['cost', 'net'],
  ['unit price', 'price'],
  ['unit cost', 'price'],
  ['price each', 'price'],
  ['price', 'price'],
  ['each', 'price'],
  ['rate', 'price'],
  ['unit', 'price'],
  ['ext price', 'amount'],
  ['ext. price', 'amount'],
  ['ext amount', 'amount'],
  ['ext amt', 'amount'],
  ['ext.', 'amount'],
  ['ext', 'amount'],
  ['extended', 'amount'],
  ['extension', 'amount'],
  ['amount', 'amount'],
  ['amt', 'amount'],
  ['line total', 'amount'],
  ['total', 'amount'],
  ['net amount', 'amount'],
];

const NUMERIC_KINDS = new Set<ColumnKind>(['line', 'qty', 'qty_ord', 'qty_ship', 'qty_bo', 'list', 'disc', 'net', 'price', 'amount']);

export interface Column {
  kind: ColumnKind;
  label: string;
  x0: number;
  x1: number;
  /** Filled by `columnBounds`. */
  left: number;
  right: number;
}

export interface LayoutInvoice {
  invoice_number: string | null;
  supplier: string | null;
  invoice_date: string | null;
  /** The date text when it looks like a date that does not exist (31/02/2026). */
  impossible_date: string | null;
  total_amount: number | null;
  subtotal: number | null;
  tax_amount: number | null;
  line_items: { part_number: string; description: string; quantity: number; unit_price: number }[];
  charges: ExtractedCharge[];
  confidence: ExtractionConfidence;
  /** Whether a table header row was found (else the caller may fall back to a line-based reader). */
  tableFound: boolean;
  /** Top edge (y) of the table's header row, when found. */
  tableTop: number | null;
  /**
   * No invoice date was found, and a date of the page sits in a box labelled as another date ("Ship Date", "Due"): the
   * caller must not take a date from a reader that does not see the labels (it would give that one).
   */
  otherDatesOnly?: boolean;
}

/** Edit distance (insertions, deletions, substitutions) between two strings. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The header vocabulary's one-word entry of {@link NEAR_HEADER_LENGTH} letters or more that a header word (lower
 * case, as looked up) is a misread of: within two letters' edit distance of exactly one such entry, and itself a word
 * of as many letters. A scan of small capitals read "DEescRrIPTION" for "DESCRIPTION", so L28's table header was not
 * found and every row was lost; a word that long two letters from "description", "application" or "extended" is no
 * other column's head. Shorter words must match exactly (or as a listed misread: "qry", "qtv").
 */
export function nearHeaderWord(word: string): (typeof HEADER_VOCABULARY)[number] | undefined {
  if (!/^[a-z]+$/.test(word) || word.length < NEAR_HEADER_LENGTH) return undefined;
  const near = HEADER_VOCABULARY.filter(([p]) => /^[a-z]+$/.test(p) && p.length >= NEAR_HEADER_LENGTH && editDistance(p, word) <= 2);
  return near.length === 1 ? near[0] : undefined;
}

/** Kinds of column whose cells are short tokens (a unit, a count, money), never words of a description. */
const SHORT_CELL_KINDS = new Set<ColumnKind>(['uom', 'qty', 'qty_ord', 'qty_ship', 'qty_bo', 'list', 'disc', 'net', 'price', 'amount']);

/**
 * Whether an unknown header word (as printed) is one letter off a one-word head of three letters or more of a column
 * of short cells ({@link SHORT_CELL_KINDS}): "UoMm" for "UoM", its wide M read twice (random layout R2737). Such a
 * word is a column of its own, not a word of the description's head printed before it ("Item Description"): merged,
 * every row's unit "EA" opened its description, and the rows added up, silently.
 */
export function isMisreadShortHead(label: string): boolean {
  const word = norm(label);
  return HEADER_VOCABULARY.some(([p, kind]) => SHORT_CELL_KINDS.has(kind) && /^[a-z]{3,}$/.test(p) && editDistance(p, word) <= 1);
}

/** Fewest letters of a header word that {@link nearHeaderWord} matches by edit distance. */
export const NEAR_HEADER_LENGTH = 8;

/**
 * A header phrase as looked up: lower case, no trailing colon, no table rule or speck read into a word's ends
 * ("|Description", "[Total", "‘Description").
 */
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[|]/g, '')
    .replace(/(^|\s)[[\]{}'"‘’“”`]+|[[\]{}'"‘’“”`]+(?=\s|$)/g, '$1')
    .replace(/[:]+$/, '');

/**
 * "NAGS#", "Stock#": a header word read with its "#" glued on is two words (the mark gets the last character's
 * share of the box), so the "unknown word before #" rule below can name the part-number column.
 */
function splitGluedMark(w: WordBox): WordBox[] {
  // Two heads joined by the column rule between them, read as a bar ("Ord|Stock": random layout R193 on a page image),
  // the rules at their ends read too ("|SHIPPED|PART": R2748, whose quantities went into the part numbers).
  const ruled = /^(\|?)([a-z.#]{2,})\|([a-z.#]{2,})\|?$/i.exec(w.text);
  if (ruled) {
    const lead = (w.x1 - w.x0) * (ruled[1]!.length / w.text.length);
    const perChar = (w.x1 - w.x0) / w.text.length;
    const cut = w.x0 + lead + perChar * ruled[2]!.length;
    const after = cut + perChar;
    return [...splitGluedMark({ ...w, text: ruled[2]!, x0: w.x0 + lead, x1: cut - 1 }), ...splitGluedMark({ ...w, text: ruled[3]!, x0: after })];
  }
  const m = /^([a-z]{2,})#$/i.exec(w.text);
  if (!m || HEADER_VOCABULARY.some(([p]) => p === norm(w.text))) return [w];
  const cut = w.x0 + ((w.x1 - w.x0) * m[1]!.length) / w.text.length;
  return [
    { ...w, text: m[1]!, x1: cut - 1 },
    { ...w, text: '#', x0: cut },
  ];
}

/**
 * A header word whose box is far wider than its letters (a table rule or speck read into it: "Description" boxed
 * from the rule before it) is cut to its letters' width, keeping its right end: the column's left edge then lies
 * where its words start. The width of a letter is the median over the line's words of three letters or more.
 */
function trimSwollenWords(words: WordBox[]): WordBox[] {
  const perChar = words
    .filter((w) => w.text.length >= 3)
    .map((w) => (w.x1 - w.x0) / w.text.length)
    .sort((a, b) => a - b);
  if (perChar.length < 3) return words;
  const median = perChar[Math.floor(perChar.length / 2)]!;
  return words.map((w) => {
    const expected = median * w.text.length;
    return w.text.length >= 3 && w.x1 - w.x0 > expected * 1.6 ? { ...w, x0: w.x1 - expected * 1.15 } : w;
  });
}

/**
 * Header words of columns that are never part of the description even when printed close before it: the maker or
 * brand ("Mfg", "Mfr", "Brand", "Make", "Vendor") and the supplier's line code ("Line", "Ln").
 */
const OWN_COLUMN_WORD = /^(mfg|mfr|mfgr|brand|make|vendor|line|ln)\.?$/i;

/**
 * Column heads real parts invoices print that the reader knows and ignores: a paint jobber's Formula and Size, a
 * recycler's Interchange and Grade, a counter's Bin / Location, Mfr / Brand, Core, Category, Warranty, a taxable flag
 * ("Tx"), a weight. Each stays an 'other' column (its words are kept out of its neighbours) but does not count against
 * the line as a header the way a truly unknown word does (`matchHeader` refuses a line with more unknown words than
 * half its known ones). Before, "Description Formula Size Qty Amount" (L37 on Letter paper, its other heads wrapped
 * onto lines of their own) had two unknown words to three known and was not taken for the header.
 */
export const IGNORED_HEADS = new Set([
  'formula', 'size', 'container', 'grade', 'interchange', 'bin', 'bin loc', 'bin location',
  'location', 'loc', 'mfr', 'mfg', 'mfgr', 'brand', 'make', 'model', 'year', 'side', 'core', 'cat', 'category', 'class',
  'warranty', 'weight', 'wt', 'tax', 'tx', 'taxable', 'condition', 'cond', 'color', 'colour', 'status', 'eta', 'ship via',
  'serial', 'lot', 'note', 'notes', 'remarks', 'comment', 'comments', 'pack', 'pkg', 'case', 'vendor',
  // A salvage yard's "Donor VIN" (the car the part was pulled from: extra6 L52), never the part number.
  'vin', 'donor', 'donor vin',
]);

/** Whether an 'other' column's label (one or more adjacent unknown words) is made of {@link IGNORED_HEADS} only. */
export function isIgnoredHead(label: string): boolean {
  const phrase = norm(label).replace(/\.$/, '');
  if (IGNORED_HEADS.has(phrase)) return true;
  const words = phrase.split(/\s*[\s/&]\s*/).filter(Boolean).map((w) => w.replace(/\.$/, ''));
  return words.length > 0 && words.every((w) => IGNORED_HEADS.has(w));
}

/** The columns a line names, or null when it is not a table header (see module docs). */
export function matchHeader(line: Line): Column[] | null {
  const words = trimSwollenWords(line.words.flatMap(splitGluedMark));
  const cols: Column[] = [];
  let unmatched = 0;
  for (let i = 0; i < words.length; ) {
    let hit: { kind: ColumnKind; n: number } | null = null;
    for (let n = Math.min(3, words.length - i); n >= 1 && !hit; n -= 1) {
      const span = words.slice(i, i + n);
      // Words of one phrase sit close together.
      if (n > 1 && span.some((w, k) => k > 0 && w.x0 - span[k - 1]!.x1 > line.height * 1.5)) continue;
      const phrase = norm(span.map((w) => w.text).join(' '));
      let found = HEADER_VOCABULARY.find(([p]) => p === phrase || p === phrase.replace(/\.$/, ''));
      // Two header words the OCR glued ("Netea" for "Net ea"): the word read as the two-word phrase it splits into.
      if (!found && n === 1 && /^[a-z]{4,}$/.test(phrase)) {
        found = HEADER_VOCABULARY.find(([p]) => p.includes(' ') && p.replace(' ', '') === phrase && p.split(' ').every((x) => x.length >= 2));
      }
      // A capital I read as a small l or a 1 at a word's start ("ltem", "1tem" for "Item", "lnv" for "Inv"):
      // sans-serif fonts draw them alike, and a header word holds no digit before its letters.
      if (!found && /(?:^|\s)(?:l|1(?=[a-z]))/.test(phrase)) {
        const asI = phrase.replace(/(^|\s)(?:l|1(?=[a-z]))/g, '$1i');
        found = HEADER_VOCABULARY.find(([p]) => p === asI || p === asI.replace(/\.$/, ''));
      }
      // A long header word misread by a letter or two ("DEescRrIPTION", small capitals on a scan).
      if (!found && n === 1) found = nearHeaderWord(phrase);
      if (found) hit = { kind: found[1], n };
    }
    if (hit) {
      const span = words.slice(i, i + hit.n);
      cols.push({ kind: hit.kind, label: span.map((w) => w.text).join(' '), x0: span[0]!.x0, x1: span[span.length - 1]!.x1, left: 0, right: 0 });
      i += hit.n;
    } else {
      const w = words[i]!;
      const prev = cols[cols.length - 1];
      if (prev?.kind === 'other' && w.x0 - prev.x1 < line.height * 1.2) {
        prev.x1 = w.x1;
        prev.label += ` ${w.text}`;
      } else {
        unmatched += 1;
        cols.push({ kind: 'other', label: w.text, x0: w.x0, x1: w.x1, left: 0, right: 0 });
      }
      i += 1;
    }
  }
  // "NAGS #", "Mfr No.", "Stock #": an unknown word before "#"/"No." names the part-number column.
  for (let k = 1; k < cols.length; k += 1) {
    const c = cols[k]!;
    const prev = cols[k - 1]!;
    if (c.kind === 'line' && prev.kind === 'other' && c.x0 - prev.x1 < line.height * 1.2 && !cols.some((x) => x.kind === 'part')) {
      prev.kind = 'part';
      prev.label = `${prev.label} ${c.label}`;
      prev.x1 = c.x1;
      cols.splice(k, 1);
      unmatched -= 1;
      break;
    }
  }
  // "Size / Description", "Item Description": an unknown word printed right before "Description" (the slash lost)
  // names the same column, so the words under it are the description's.
  for (let k = 1; k < cols.length; k += 1) {
    const c = cols[k]!;
    const prev = cols[k - 1]!;
    if (
      c.kind === 'desc' &&
      prev.kind === 'other' &&
      c.x0 - prev.x1 < line.height * 1.5 &&
      /^[a-z]{2,}(?:\s*[/&])?$/i.test(prev.label) &&
      !OWN_COLUMN_WORD.test(prev.label) &&
      !isMisreadShortHead(prev.label)
    ) {
      c.label = `${prev.label} ${c.label}`;
      c.x0 = prev.x0;
      cols.splice(k - 1, 1);
      unmatched -= 1;
      break;
    }
  }
  // "Description of Goods" with "Goods" wrapped onto the head's second line (random layout R4 on a page image): an
  // unknown "of …" right after a head is the rest of that head, not a column of its own that cuts the one before.
  // So is "UF GUUDS": a bold head whose O the OCR reads as U ("STUCK #", "TUTAL": random layout R1032, whose
  // descriptions were cut after their first word, silently).
  for (let k = 1; k < cols.length; k += 1) {
    const c = cols[k]!;
    const prev = cols[k - 1]!;
    if (c.kind === 'other' && prev.kind !== 'other' && /^[ou0]f\b/i.test(c.label) && c.x0 - prev.x1 < line.height * 1.5) {
      prev.label = `${prev.label} ${c.label}`;
      prev.x1 = c.x1;
      cols.splice(k, 1);
      unmatched -= 1;
      break;
    }
  }
  // "ITEM CODE / DESCRIPTION": one head naming both, over a cell that prints the code on one line and the description
  // under it (extra8 L63) — one part-number column, whose next line is the description.
  for (let k = 2; k < cols.length; k += 1) {
    const [part, slash, desc] = [cols[k - 2]!, cols[k - 1]!, cols[k]!];
    if (part.kind === 'part' && slash.kind === 'other' && slash.label === '/' && desc.kind === 'desc' && desc.x0 - part.x1 < line.height * 2) {
      cols.splice(k - 2, 3, { ...part, label: `${part.label} / ${desc.label}`, x1: desc.x1 });
      unmatched -= 1;
      break;
    }
  }
  // "PART MUMBER": an unknown word right after "Part" is its misread second word (Number, No.), not a column.
  for (let k = 1; k < cols.length; k += 1) {
    const c = cols[k]!;
    const prev = cols[k - 1]!;
    if (c.kind === 'other' && prev.kind === 'part' && /^part$/i.test(prev.label) && c.x0 - prev.x1 < line.height * 1.2 && /^[a-z.#]{2,7}$/i.test(c.label)) {
      prev.label = `${prev.label} ${c.label}`;
      prev.x1 = c.x1;
      cols.splice(k, 1);
      unmatched -= 1;
      break;
    }
  }
  // "Part Number" with "Part" lost (a photographed grid rule beside it): a lone "Number" names the part-number column
  // when nothing else does — no other column of a parts table is headed so.
  const lone = cols.find((c) => c.kind === 'other' && /^(?:number|num\.?)$/i.test(c.label));
  if (lone && !cols.some((c) => c.kind === 'part')) {
    lone.kind = 'part';
    unmatched -= 1;
  }
  // "Code | Description | Size | Qty | Price" (a paint jobber, extra6 L51): a lone "Code" names the part-number column
  // when nothing else does.
  const code = cols.find((c) => c.kind === 'other' && /^(?:code|item\s+code|prod(?:uct)?\.?\s+code)$/i.test(c.label));
  if (code && !cols.some((c) => c.kind === 'part')) {
    code.kind = 'part';
    unmatched -= 1;
  }
  const kinds = new Set(cols.map((c) => c.kind));
  const hasQtyOrPrice = ['qty', 'qty_ord', 'qty_ship', 'price', 'net', 'amount'].some((k) => kinds.has(k as ColumnKind));
  const hasText = kinds.has('part') || kinds.has('desc');
  const known = cols.filter((c) => c.kind !== 'other').length;
  const ignored = cols.filter((c) => c.kind === 'other' && isIgnoredHead(c.label)).length;
  if (known < 3 || !hasQtyOrPrice || !hasText || unmatched - ignored > known / 2) return null;
  // "Item" next to a real part column is the line number; a second "Total" after an amount column is the amount.
  const partCols = cols.filter((c) => c.kind === 'part');
  if (partCols.length > 1) {
    const item = partCols.find((c) => /^item$/i.test(c.label));
    // "Stock # | Part | Vehicle" (a recycler): "Part" names the part, the stock number is the part number.
    const named = partCols.find((c) => /^(part|product)$/i.test(c.label));
    if (item) item.kind = 'line';
    else if (named && !kinds.has('desc')) named.kind = 'desc';
  }
  // "Unit" alone followed by "Price" is one phrase already; "Unit" then a UOM-like column stays price.
  return cols.sort((a, b) => a.x0 - b.x0);
}

/** Second words of a head printed on two lines ("Qty" over "Ord", "Line" over "Total"). */
const HEAD_SECOND_WORD = /^(ord|ordered|ship|shipped|shp|b\/o|price|no\.?|#|%|each|amount|amt|number|total|description)$/i;

/**
 * A header split over two text lines: "Qty" above "Ord"/"Ship", "Unit" above "Price", "Part" above "No", "Line" above
 * "Total", "Item" above "Description". A line of one such word alone counts too (random layouts R111 "Qty / Ord", R322
 * "Line / Total", R631 "Item / Description": the one head of the table that wrapped).
 */
function mergeHeaderBelow(cols: Column[], header: Line, below: Line | undefined): Column[] {
  if (!below || below.y0 - header.y1 > header.height * 1.2) return cols;
  const small = below.words.filter((w) => HEAD_SECOND_WORD.test(w.text));
  if (small.length < Math.min(2, below.words.length) || small.length < below.words.length * 0.6) return cols;
  const out = cols.map((c) => ({ ...c }));
  for (const w of small) {
    const col = out.find((c) => Math.min(c.x1, w.x1) - Math.max(c.x0, w.x0) > 0 || Math.abs((c.x0 + c.x1) / 2 - (w.x0 + w.x1) / 2) < header.height * 1.5);
    if (!col) continue;
    const phrase = norm(`${col.label} ${w.text}`);
    const found = HEADER_VOCABULARY.find(([p]) => p === phrase);
    if (found) {
      col.kind = found[1];
      col.label = `${col.label} ${w.text}`;
    }
  }
  // "Item" was taken for the line number beside a second "Item" that was the description's head ("Item" over
  // "Description": R631): with no part-number column left, it is the part number again.
  const item = out.find((c) => c.kind === 'line' && /^item$/i.test(c.label));
  if (item && !out.some((c) => c.kind === 'part')) item.kind = 'part';
  return out;
}

/**
 * A table whose header names no price and no amount column (their header words misread on a photographed band: "Unit
 * Price" as "ees", "Total" as "Toot") gets them from what its rows hold: unknown columns right of the text columns
 * whose cells are amounts of money ("$281.92", "149.69") in at least half the body rows are, from the right, the
 * amount and then the unit price. Other tables are returned unchanged.
 */
export function moneyColumnsByContent(cols: Column[], body: Line[]): Column[] {
  if (cols.some((c) => c.kind === 'price' || c.kind === 'net' || c.kind === 'amount') || body.length === 0) return cols;
  const lastText = Math.max(...cols.map((c, i) => (c.kind === 'part' || c.kind === 'desc' ? i : -1)));
  const bounded = columnBounds(cols, body);
  const money = bounded
    .map((c, i) => ({ c, i }))
    .filter(({ c, i }) => i > lastText && c.kind === 'other')
    .filter(({ c }) => body.filter((l) => l.words.some((w) => (w.x0 + w.x1) / 2 >= c.left && (w.x0 + w.x1) / 2 < c.right && readMoney(w.text) !== null)).length * 2 >= body.length);
  if (money.length === 0) return cols;
  const out = cols.map((c) => ({ ...c }));
  const kinds: ColumnKind[] = money.length >= 2 ? ['amount', 'price'] : ['amount'];
  for (const [k, kind] of kinds.entries()) out[money[money.length - 1 - k]!.i]!.kind = kind;
  return out;
}

/**
 * A table whose header names no part-number column (its head misread on a photograph: "Qty Part No." read "Quy
 * Patio.", so the two became one unknown column) gets it from what its rows hold: an unknown column before the
 * description whose cells, in at least half the body rows, end in a code word ({@link isCodeWord}, the same test the
 * table found by content uses) is the part-number column; when those cells also start with a small whole number (a quantity of one to
 * three digits) and the table names no quantity column, the column is split between the two where the codes start. Measured on tuning photographs only (rephoto seed 2468, D29: every row was lost). Other tables are returned
 * unchanged. `cols` as `matchHeader` gives them; `body` the table's lines.
 */
export function codeColumnsByContent(cols: Column[], body: Line[]): Column[] {
  if (cols.some((c) => c.kind === 'part') || body.length === 0) return cols;
  const descAt = cols.findIndex((c) => c.kind === 'desc');
  if (descAt <= 0) return cols;
  const bounded = columnBounds(cols, body);
  for (let at = descAt - 1; at >= 0; at -= 1) {
    const col = bounded[at]!;
    if (col.kind !== 'other' || isIgnoredHead(col.label)) continue;
    const cells = body.map((l) => l.words.filter((w) => (w.x0 + w.x1) / 2 >= col.left && (w.x0 + w.x1) / 2 < col.right));
    const coded = cells.filter((ws) => ws.length > 0 && ws.some((w) => isCodeWord(w.text)));
    if (coded.length * 2 < body.length) continue;
    const codes = coded.map((ws) => ws.find((w) => isCodeWord(w.text))!);
    const withQty = coded.filter((ws) => /^\d{1,3}$/.test(ws[0]!.text) && ws[0] !== ws.find((w) => isCodeWord(w.text)));
    const out = cols.map((c) => ({ ...c }));
    const partX0 = median(codes.map((w) => w.x0));
    if (withQty.length * 2 >= coded.length && !cols.some((c) => c.kind === 'qty' || c.kind === 'qty_ord' || c.kind === 'qty_ship')) {
      const qtyX1 = median(withQty.map((ws) => ws[0]!.x1));
      out.splice(at, 1, { ...out[at]!, kind: 'qty', x1: Math.min(qtyX1, out[at]!.x1) }, { ...out[at]!, kind: 'part', x0: partX0 });
      return out;
    }
    out[at] = { ...out[at]!, kind: 'part' };
    return out;
  }
  return cols;
}

/**
 * An "Item" column taken for the line number (beside another part-number column: "SKU | Item | Qty | Price | Amount")
 * that holds the description: the table has no description column, and in at least half the body rows the column's
 * words include one of three letters or more, where a line-number column holds small numbers. It becomes the
 * description column. Without such an "Item" column, the column of an unknown head (a misread "Description") that
 * holds such words in the most rows, at least half, does. Other tables are returned unchanged.
 */
export function descriptionColumnByContent(cols: Column[], body: Line[]): Column[] {
  if (cols.some((c) => c.kind === 'desc') || body.length === 0) return cols;
  const bounded = columnBounds(cols, body);
  const wordyRows = (at: number) => {
    const col = bounded[at]!;
    return body.filter((l) => l.words.some((w) => (w.x0 + w.x1) / 2 >= col.left && (w.x0 + w.x1) / 2 < col.right && /[A-Za-z]{3}/.test(w.text))).length;
  };
  const item = cols.findIndex((c) => c.kind === 'line' && /^item$/i.test(c.label));
  // Else the column of an unknown head holding words (the head "DESC" read "pESC" at 0.09 in a boxed header: random
  // layout R2830 gave every row an empty description), the wordiest; not a maker's or a line code's column, nor one
  // of a head the reader knows to ignore (Size, Bin…).
  const unknown = cols
    .map((c, i) => ({ c, i, rows: c.kind === 'other' && !OWN_COLUMN_WORD.test(c.label) && !isIgnoredHead(c.label) ? wordyRows(i) : -1 }))
    .filter((u) => u.rows >= 0)
    .sort((a, b) => b.rows - a.rows);
  const at = item >= 0 ? item : (unknown[0]?.i ?? -1);
  if (at < 0 || wordyRows(at) * 2 < body.length) return cols;
  return cols.map((c, i) => (i === at ? { ...c, kind: 'desc' as const } : c));
}

/**
 * A table body without the lines after its last line with money that stand apart from the line above them (more than
 * 1.2 line heights of white space): with no totals block under the table (a summary box printed at the top), a note
 * at the foot of the page ("Questions about this invoice? Reply to …") was read as a body line, and its words, running
 * across the columns, moved the description's boundary ("3M Hookit Clean Sanding Disc 6in" lost "P320 (50)"). A line
 * right under the last row (its wrapped description) stays.
 */
export function withoutTrailingNotes(body: Line[]): Line[] {
  let last = -1;
  body.forEach((l, i) => {
    if (moneyWords(l.words).length > 0) last = i;
  });
  if (last < 0) return body;
  for (let i = last + 1; i < body.length; i += 1) {
    const [a, b] = [body[i - 1]!, body[i]!];
    if (b.y0 - a.y1 > Math.max(a.height, b.height) * 1.2) return body.slice(0, i);
  }
  return body;
}

/** Column boundaries from the white-space river between neighbouring header columns in the body rows. */
export function columnBounds(cols: Column[], body: Line[]): Column[] {
  const out = cols.map((c) => ({ ...c }));
  // Words read with under 0.5 confidence (a shaded row read as garbage, boxes spanning two columns) do not fill the river.
  const allWords = body.flatMap((l) => l.words);
  const sure = allWords.filter((w) => w.conf >= 0.5);
  const bodyWords = sure.length >= allWords.length / 2 ? sure : allWords;
  for (let i = 0; i < out.length; i += 1) {
    const a = out[i]!;
    const b = out[i + 1];
    if (i === 0) a.left = -Infinity;
    if (!b) {
      a.right = Infinity;
      continue;
    }
    const from = NUMERIC_KINDS.has(a.kind) ? a.x1 : (a.x0 + a.x1) / 2;
    const to = NUMERIC_KINDS.has(b.kind) ? (b.x0 + b.x1) / 2 : b.x0;
    const lo = Math.min(from, to);
    const hi = Math.max(from, to, lo + 1);
    const width = Math.ceil(hi - lo);
    const cover = new Array<number>(width + 1).fill(0);
    for (const w of bodyWords) {
      if (w.x1 < lo || w.x0 > hi) continue;
      for (let x = Math.max(0, Math.floor(w.x0 - lo)); x <= Math.min(width, Math.ceil(w.x1 - lo)); x += 1) cover[x]! += 1;
    }
    // Widest run at the lowest coverage. A numeric column's values printed at its head's left edge ("Shipped" over
    // "2", left-aligned) leave the rest of the head's width empty up to its middle: that run lies inside the column,
    // after its values, and is not the river before it when another run at that coverage exists (random layout R111:
    // the shipped quantity joined the description).
    const minCover = Math.min(...cover);
    const runs: { start: number; len: number }[] = [];
    for (let x = 0; x <= width; ) {
      if (cover[x] !== minCover) {
        x += 1;
        continue;
      }
      let end = x;
      while (end + 1 <= width && cover[end + 1] === minCover) end += 1;
      runs.push({ start: x, len: end - x });
      x = end + 1;
    }
    const insideNext = (r: { start: number; len: number }) =>
      NUMERIC_KINDS.has(b.kind) && r.start + r.len === width && cover.slice(Math.max(0, Math.ceil(b.x0 - lo)), r.start).some((c) => c > minCover);
    const candidates = runs.length > 1 && runs.some((r) => !insideNext(r)) ? runs.filter((r) => !insideNext(r)) : runs;
    let bestStart = 0;
    let bestLen = -1;
    for (const r of candidates) {
      if (r.len > bestLen) [bestStart, bestLen] = [r.start, r.len];
    }
    const boundary = lo + bestStart + bestLen / 2;
    a.right = boundary;
    b.left = boundary;
  }
  return out;
}

/**
 * Slashes of a description that Tesseract read as a letter: "AIC" → "A/C" (air conditioning, the one slash read as I
 * often enough to matter: other capitals around an I make real words, AIR, KIT, PIN), and any lone token of two
 * capitals around a J ("AJC", "LJH", "WJS") → "A/C", "L/H", "W/S": no English word or part term is spelt so, while
 * two-letter slash abbreviations are common in body-shop descriptions.
 */
export function restoreSlashes(desc: string): string {
  return desc.replace(/\bAIC\b/g, 'A/C').replace(/(^|[\s(])([A-Z])J([A-Z])(?=$|[\s,.;:)])/g, '$1$2/$3');
}

/** Words of a line per column (by the word's centre). */
function cells(line: Line, cols: Column[]): Map<Column, WordBox[]> {
  const map = new Map<Column, WordBox[]>(cols.map((c) => [c, []]));
  for (const w of line.words) {
    const mid = (w.x0 + w.x1) / 2;
    const col = cols.find((c) => mid >= c.left && mid < c.right) ?? cols[cols.length - 1]!;
    map.get(col)!.push(w);
  }
  return map;
}

const CHARGE_RULES: [RegExp, InvoiceChargeKind][] = [
  [/\bcore\s*(charge|chg|deposit|dep|fee)\b|^core\b|\bcore$/i, 'core'],
  [/\bcore\s*(return|credit|refund)\b/i, 'credit'],
  [/\bdeposit\b/i, 'deposit'],
  [/\b(freight|shipping|delivery|shipping\s*&\s*handling|s\s*&\s*h)\b/i, 'freight'],
  [/\b(haz\s*-?\s*mat|hazardous|environmental|env\.?\s*fee|enviro|disposal|recycl\w*\s*fee|battery\s*fee|tire\s*fee|fee|surcharge|shop\s*supplies|handling)\b/i, 'fee'],
  // A Canadian environmental handling fee ("EHF - BATTERY") and a gas supplier's cylinder rent ("CYL RENT - MONTHLY",
  // "Cylinder rental 30 days"): charges, not parts.
  [/\b(ehf|rent|rental)\b/i, 'fee'],
  // A charge named for what it is ("Tint / mixing charge", "Delivery charge"); not "CHARGE TO ACCT" (how it is paid)
  // nor a turbo's "Charge air cooler".
  [/\b(?:mixing|mix|tint(?:ing)?|delivery|fuel|service|restocking|minimum(?:\s+order)?|small\s+order|paint)\s+charge\b/i, 'fee'],
  [/\b(discount|disc\.?|rebate|promo)\b/i, 'discount'],
  [/\bwarranty\b/i, 'warranty'],
  // A glass or body shop's labour billed on the parts invoice ("Installation labor", "LABOR | Labor - R&I moulding");
  // not "Parts & Labor", a subtotal's label.
  [/^(?!.*\bparts?\b).*\blabou?r\b/i, 'other'],
  [/\b(sales\s*tax|tax|gst|hst|pst|vat)\b/i, 'tax'],
  [/\b(credit|return|returned|refund)\b/i, 'credit'],
];

/** The kind of a non-part row from its text, or null for a part. */
export function chargeKind(text: string): InvoiceChargeKind | null {
  for (const [re, kind] of CHARGE_RULES) {
    if (kind === 'core' && /\bcore\s*support\b/i.test(text)) continue;
    if (re.test(text)) return kind;
  }
  return null;
}

/**
 * Words that name a part as often as a charge: "disc" (a brake, clutch or sanding disc, or short for discount) and
 * "return" (a fuel return line, a return spring, or goods returned).
 */
const PART_OR_CHARGE_WORD: Partial<Record<InvoiceChargeKind, RegExp>> = {
  discount: /\bdisc\b/i,
  credit: /\breturn\b/i,
};

/**
 * The kind of a table row from its description and part-number cells and its amount in dollars, or null for a part.
 * As {@link chargeKind}, except that a row whose only charge word is "disc" or "return" is a part when it has a part
 * number with a digit in it and a positive amount ("MIRKA 1230-320 | Abranet disc 6 in P320 (50) | 39.60"): a
 * discount or a credit has no stock number and is printed negative or spelt out ("Discount", "Return credit"); a rate
 * ("Disc 5%") or a code of the charge ("DISC5") keeps it a charge. Any discount word ("PROMO 20% OFF") leaves a part a
 * part when its stock number has six characters or more with a digit, its amount is positive and its description
 * names a thing besides the discount ("FOG LAMP KIT PROMO 20% OFF LIST").
 */
export function rowChargeKind(desc: string, part: string, amount: number): InvoiceChargeKind | null {
  const text = `${desc} ${part}`;
  const kind = chargeKind(text);
  // A part sold on a promotion ("NI2593140 | FOG LAMP KIT PROMO 20% OFF LIST | 104.75", extra9 L69): a stock number
  // of six characters or more with a digit and no discount word in it, a positive amount, and a description that
  // names a thing besides the discount (two words of three letters or more once its discount words and rate are
  // gone; "Disc 5%" names nothing).
  const named = desc.replace(/\b(discount|disc\.?|rebate|promo|off|less)\b|\d+(\.\d+)?\s*%/gi, ' ').match(/[A-Za-z]{3,}/g) ?? [];
  if (kind === 'discount' && amount > 0 && part.length >= 6 && /\d/.test(part) && !/disc|promo|rebate/i.test(part) && named.length >= 2) return null;
  const ambiguous = kind ? PART_OR_CHARGE_WORD[kind] : undefined;
  if (!kind || !ambiguous || !/\d/.test(part) || !(amount > 0) || /%/.test(desc) || /^(disc|ret)/i.test(part)) return kind;
  // The charge word alone decided it: without it the row reads as a part.
  return chargeKind(text.replace(new RegExp(ambiguous.source, 'gi'), ' ')) === null ? null : kind;
}

const TOTALS_LABELS: [RegExp, 'subtotal' | 'total' | 'tax' | 'paid'][] = [
  [/\bsub\s*-?\s*total\b|\bmerchandise\s*total\b|\bnet\s*merchandise\b|\bparts\s*total\b|\bnet\s*parts\b|^\W*(total\s*)?(merchandise|parts)\W*$/i, 'subtotal'],
  [/\b(grand\s*total|invoice\s*total|total\s*due|amount\s*due|balance\s*due|total\s*amount|invoice\s*amount|total\s*invoice|amount\s*payable|please\s*pay|total)\b/i, 'total'],
  [/\b(sales\s*tax|tax|gst|hst|pst|vat)\b/i, 'tax'],
  [/\b(paid|payment|amount\s*paid|deposit\s*applied|less\s*deposit)\b/i, 'paid'],
];
/**
 * Total labels, best first: the amount to pay wins over a bare "Total", and "Net Total" (a subtotal on many dealer
 * invoices, before fees and tax) comes last, so it is the total only when nothing else is.
 */
const TOTAL_RANK = ['grand total', 'invoice total', 'total due', 'amount due', 'balance due', 'total amount', 'invoice amount', 'total invoice', 'amount payable', 'please pay', 'total', 'net total'];
const TOTAL_NAME = /(grand\s*total|invoice\s*total|total\s*due|amount\s*due|balance\s*due|total\s*amount|invoice\s*amount|total\s*invoice|amount\s*payable|please\s*pay|net\s*total|total)/i;

/**
 * True for a "label  amount" line of a totals block printed under the price columns with no label our vocabulary
 * knows as a total ("Merchandise 932.10", "Delivery 44.80", "Sales Tax 63.50" above "Amount Due"): every word lies
 * right of where the part-number and description columns end (the header word after the right-most of them, less one
 * line height), a word of at least three letters is followed by exactly one money amount at the end, and a line
 * with money in it came before (`above`: the table's lines so far), so the first row of a table is never taken.
 * Such a line begins the totals block, where its label is read as the subtotal, a charge or the tax.
 */
export function isSideTotalsLine(line: Line, cols: Column[], above: Line[]): boolean {
  const textCols = cols.map((c, i) => ({ c, i })).filter(({ c }) => c.kind === 'part' || c.kind === 'desc');
  if (!textCols.length) return false;
  const after = cols[Math.max(...textCols.map(({ i }) => i)) + 1];
  if (!after) return false;
  const words = line.words;
  const money = words.filter((w) => readMoney(w.text) !== null && /\d[.,]\d\d\b/.test(w.text));
  if (money.length !== 1 || money[0] !== words[words.length - 1]) return false;
  if (!words.some((w) => /[A-Za-z]{3,}/.test(w.text) && w.x1 <= money[0]!.x0)) return false;
  if (words[0]!.x0 < after.x0 - line.height) return false;
  return above.some((l) => moneyWords(l.words).length > 0);
}

/**
 * True for the first line of a totals block printed on the LEFT, under the part-number and description columns
 * ("Parts Total 245.35", "Hazardous material fee 5.45", "Sales Tax 6% 15.05" above "Amount Due"): a label of three
 * letters or more that names a subtotal, a total, a tax or a charge, followed by one money amount that ends left of
 * the table's first money column (less one line height) — where no row of the table prints its prices — after a line
 * with money in it (`above`: the table's lines so far), so the first row of a table is never taken. Words after the
 * amount (terms printed on the right) do not matter.
 */
export function isLeftTotalsLine(line: Line, cols: Column[], above: Line[]): boolean {
  const moneyCols = cols.filter((c) => ['list', 'net', 'price', 'amount'].includes(c.kind));
  if (!moneyCols.length) return false;
  const firstMoneyX = Math.min(...moneyCols.map((c) => c.x0));
  const money = moneyWords(line.words);
  if (money.length !== 1 || money[0]!.w.x1 > firstMoneyX - line.height) return false;
  const label = line.words.filter((w) => w.x1 <= money[0]!.w.x0 && readMoney(w.text) === null).map((w) => w.text).join(' ');
  if (!/[A-Za-z]{3,}/.test(label)) return false;
  if (!TOTALS_LABELS.some(([re, kind]) => kind !== 'paid' && re.test(label)) && chargeKind(label) === null) return false;
  return above.some((l) => moneyWords(l.words).length > 0);
}

/**
 * A line of a totals box above its total: one amount after a label that names a charge, a tax or a subtotal, the
 * whole line right of `middle` (the middle of the table's header, px) where totals boxes sit; a charge row of the
 * table has its description in the description column instead.
 */
function isTotalsBoxRow(line: Line, middle: number): boolean {
  const money = moneyWords(line.words);
  const label = line.words.filter((w) => readMoney(w.text) === null).map((w) => w.text).join(' ');
  if (money.length !== 1 || !/[A-Za-z]{3,}/.test(label) || line.words[0]!.x0 < middle) return false;
  return chargeKind(label) !== null || TOTALS_LABELS.some(([re]) => re.test(label));
}

/**
 * The net unit price (dollars) a row's List and Disc % columns print when its net as read is one misread digit off
 * it: `list` × (100 − `discPct`) / 100, rounded half up to the cent, differing from `net` in exactly one digit of the
 * same printed length ("24.62" read for 94.62 under 147.85 less 36 %, "124.04" for 124.44 in 11 px print). Null when
 * the net agrees with the list and discount (within a cent either way, for suppliers who truncate) or differs from
 * them otherwise — then which of the three the OCR misread is not known, and the net stays as read.
 */
export function netFromListAndDiscount(net: number, list: number, discPct: number): number | null {
  if (!(list > 0) || !(discPct >= 0 && discPct < 100)) return null;
  const exact = (list * (100 - discPct)) / 100;
  if (Math.abs(net - exact) <= 0.0100001) return null;
  const expected = Math.round(Math.round(list * 100) * (100 - discPct) / 100) / 100;
  const [a, b] = [net.toFixed(2), expected.toFixed(2)];
  if (a.length !== b.length) return null;
  const differing = [...a].filter((ch, i) => ch !== b[i]).length;
  return differing === 1 ? expected : null;
}

interface Row {
  part: WordBox[];
  desc: WordBox[];
  qty: number | null;
  qtyWords: WordBox[];
  unit: number | null;
  unitWords: WordBox[];
  amount: number | null;
  amountWords: WordBox[];
  /** The net was mended from List less Disc % ({@link netFromListAndDiscount}): an amount read alike does not undo it. */
  mendedNet: boolean;
  /** The quantity cell's first word as read ("1.5", "0.25", "15"), for {@link decimalQuantity}; '' when empty. */
  qtyText: string;
  /** The amount cell's first word read as digits only ("2306"): the amount with its point lost, in dollars; else null. */
  amountWithoutPoint: number | null;
  /** {@link moneyEndingDescription} of the description cell. */
  moneyAtEnd: string;
}

/**
 * A description word with a zero where its letter O belongs ("0il", "0-ring", "FL00R", "C0olant"): a word of
 * letters (at least two, dashes and slashes allowed) whose only digits are zeros is prose, where Tesseract's digit
 * bias misread an O. The zeros become O: a lower-case o inside a word written in lower case, else a capital. Words with any other digit ("10mm", "5W-30")
 * or fewer than two letters are left as read. Likewise a capital Q followed by small letters other than u ("Qil
 * filter") is an O: English puts u after Q ("Qt", "Qty" and "Qts" are left alone). A word of capital I's with a
 * small l among them ("Il") is the Roman numeral ("II"). Used on description cells only, never on part numbers.
 */
export function proseLetters(text: string): string {
  // Brackets and punctuation around the word ("(0uter)", "0il,") are kept as they are.
  const [, before, word, after] = /^([("'[]*)(.*?)([)"'\].,;:]*)$/.exec(text)!;
  // An O read as Q: in English a Q is followed by u, so a capital Q before other small letters ("Qil") is an O;
  // the abbreviations of quart and quantity ("Qt", "Qty") are not words.
  if (/^Q[a-tv-z][a-z]+$/.test(word!) && !/^Qt/.test(word!)) return `${before}O${word!.slice(1)}${after}`;
  // A Roman numeral's I read as a small l ("Cubitron Il" for 3M's Cubitron II): no English word is spelt "Il" or "IlI".
  if (/^I[Il]*l[Il]*$/.test(word!) && word!.length <= 4) return `${before}${'I'.repeat(word!.length)}${after}`;
  if (!/0/.test(word!) || !/^[A-Za-z0\-/]+$/.test(word!) || (word!.match(/[A-Za-z]/g) ?? []).length < 2) return text;
  const lower = /[a-z]/.test(word!.slice(1));
  return `${before}${word!.replace(/0/g, (_, i: number) => (i > 0 && lower && /[A-Za-z0]/.test(word![i - 1]!) ? 'o' : 'O'))}${after}`;
}

/**
 * Letters whose small and capital forms have one shape and differ only in size (c o s v w x z): the OCR of a blurred
 * or photographed page decides their case by height alone and sometimes gets it wrong ("oxygen sensor" among
 * "Exhaust manifold…", "sx-1071", "215/55R17 94v TURANZA"; random layouts R11, R35 and R2 on photographs).
 */
const SAME_SHAPE_SMALL = 'cosvwxz';

/**
 * The table's rows with the case of {@link SAME_SHAPE_SMALL} letters made to agree with the rest of the table: a part
 * number whose only small letters are such letters is put in capitals when at least two other part numbers of the
 * table have letters and none of them a small one; a description starting with such a small letter is capitalised
 * when at least two other descriptions start with a letter and all of those start with a capital; in a table whose
 * other descriptions (two or more) hold no small letter at all, a description's words whose small letters are all such
 * letters are put in capitals. Other letters, other words and every row's numbers are left as read; the rows are
 * returned as they are (the same array) when nothing changed. Only case changes, so no cell is marked for it.
 */
export function agreeingCase(items: LayoutInvoice['line_items']): LayoutInvoice['line_items'] {
  const onlySameShape = (t: string) => /[a-z]/.test(t) && [...t].every((ch) => !/[a-z]/.test(ch) || SAME_SHAPE_SMALL.includes(ch));
  let changed = false;
  const out = items.map((item, i) => {
    const others = items.filter((_, k) => k !== i);
    let { part_number: part, description } = item;
    const lettered = others.map((o) => o.part_number).filter((p) => /[A-Za-z]/.test(p));
    if (onlySameShape(part) && lettered.length >= 2 && lettered.every((p) => !/[a-z]/.test(p))) part = part.toUpperCase();
    const starts = others.map((o) => o.description.trim()[0] ?? '').filter((ch) => /[A-Za-z]/.test(ch));
    if (SAME_SHAPE_SMALL.includes(description[0] ?? '-') && starts.length >= 2 && starts.every((ch) => /[A-Z]/.test(ch)))
      description = description[0]!.toUpperCase() + description.slice(1);
    const described = others.map((o) => o.description).filter((d) => /[A-Za-z]/.test(d));
    if (described.length >= 2 && described.every((d) => !/[a-z]/.test(d)))
      description = description
        .split(' ')
        .map((w) => (onlySameShape(w) ? w.toUpperCase() : w))
        .join(' ');
    if (part === item.part_number && description === item.description) return item;
    changed = true;
    return { ...item, part_number: part, description };
  });
  return changed ? out : items;
}

/** A code's shape for {@link joinSplitCodes}: the lengths of its groups between dashes, slashes and points ("5-3-3"). */
const codeShape = (code: string) => code.replace(/[^-/.]+/g, (g) => String(g.length));

/**
 * The table's part numbers with a space the OCR put inside one removed: a part number read with spaces ("81 145-78040",
 * "71198-T BA-A01", "901 19-A0379": a narrow 1 or a blurred photograph widens the gap between two glyphs) is joined
 * when most of the table's other part numbers have no space and at least two of them have the joined number's shape —
 * two groups or more between dashes, slashes or points, of the same lengths ("5-5", "5-3-3"). A supplier that prints
 * spaces (Ford's "HC3Z 8200 A", NAGS "FW04210 GTY", a brand before the number, "BS 002379") keeps them: its other
 * numbers have spaces too, or no dashes. Only spaces go, so the cell keeps its confidence. Random layouts' photograph
 * tuning seeds 1–40 (R19, R26). Returns the rows as they are (the same array) when nothing changed.
 */
export function joinSplitCodes(items: LayoutInvoice['line_items']): LayoutInvoice['line_items'] {
  let changed = false;
  const out = items.map((item, i) => {
    if (!/\S\s+\S/.test(item.part_number.trim())) return item;
    const joined = item.part_number.replace(/\s+/g, '');
    const shape = codeShape(joined);
    if (!/[-/.]/.test(shape)) return item;
    const others = items.filter((_, k) => k !== i).map((o) => o.part_number.trim());
    const unspaced = others.filter((o) => !/\s/.test(o));
    if (unspaced.length <= others.length / 2 || unspaced.filter((o) => codeShape(o) === shape).length < 2) return item;
    changed = true;
    return { ...item, part_number: joined };
  });
  return changed ? out : items;
}

/**
 * A description's "Ib" / "Ibs" right after a number ("11 Ib Spool", "50 Ibs"): the pound's "lb" with its small l read as
 * a capital I, which sans-serif fonts draw alike (as "ltem" for "Item" in a header). No word is spelt "Ib"; after a
 * quantity it is the unit. So are "0z" the ounce's "oz" ("32 0z") and "gt" the quart's "qt" ("1 gt"), and a small
 * "gt" ending a description after words, the size without its number ("Perfect-It rubbing compound gt": random layout
 * R1085, silently): no word is spelt "gt", where "GT" in capitals may be a model's. Other words are returned as they
 * are. Used on description cells only.
 */
export function unitsAfterNumber(words: WordBox[]): WordBox[] {
  const capitals = inCapitals(words.map((w) => w.text).join(' '));
  return words.map((w, i) => {
    let text = i === 0 ? w.text : unitAfterNumber(words[i - 1]!.text, w.text, capitals);
    if (i > 0 && i === words.length - 1 && /^gts?\.?$/.test(text) && /[a-z]/.test(words[i - 1]!.text)) text = `q${text.slice(1)}`;
    return text === w.text ? w : { ...w, text };
  });
}

/** Whether `text` has letters printed in capitals only, four or more of them ("WELD-THROUGH PRIMER 12 0z": its "z" aside). */
function inCapitals(text: string): boolean {
  const letters = text.replace(/\b0[zZ]\b/g, '').replace(/[^A-Za-z]/g, '');
  return letters.length >= 4 && letters === letters.toUpperCase();
}

/**
 * `word` as the unit it stands for when `before` (the word printed before it, on its line or at the end of the line
 * above when the cell wrapped) ends in a digit: "Ib"/"Ibs" or "1b"/"1bs" → "lb"/"lbs", "0z"/"0Z" → "oz"/"OZ", "gt"/"gts" →
 * "qt"/"qts" (see {@link unitsAfterNumber}); else `word` unchanged. With `capitals` (the description is printed in
 * capitals) the ounce is "OZ" whatever case its z was read in.
 */
export function unitAfterNumber(before: string, word: string, capitals = false): string {
  if (!/\d$/.test(before)) return word;
  // Its small l read as a one in a serif face too ("Carbon Dioxide, 50 1b Cylinder": random layout R2623, silently).
  if (/^[I1]bs?\.?,?$/.test(word)) return `l${word.slice(1)}`;
  // The ounce's "oz" with its o read as a zero ("32 0z": random layout R35); the zero takes the z's case, or the
  // description's capitals: a capital Z is drawn as a small z is, only taller ("AEROSOL 12 OZ" read "12 0z": R592).
  if (/^0[zZ]\.?,?$/.test(word)) return capitals ? `OZ${word.slice(2)}` : `${word[1] === 'Z' ? 'O' : 'o'}${word.slice(1)}`;
  // The quart's "qt" with its q read as a g ("1 gt": random layout R96); "GT" in capitals may be a model's name.
  if (/^gts?\.?,?$/.test(word)) return `q${word.slice(1)}`;
  return word;
}

/**
 * A description's "W/" (with) whose slash the OCR lost between the W and the next word's first letter: "BOLT, WWASHER"
 * for `BOLT, W/WASHER` (photograph tuning seed R127; the slash touched both letters). No English word begins with "ww",
 * so a word of letters that does, followed by a letter other than w, is read "W/" and the rest; the read is a guess and
 * gets {@link CHANGED_CONFIDENCE}, so the form marks it. Other words are returned as they are. Used on description cells.
 */
export function slashAfterW(w: WordBox): WordBox {
  const lost = /^[Ww][Ww][A-VX-Za-vx-z][A-Za-z]{2,}[.,;:]?$/.test(w.text);
  return lost ? { ...w, text: `${w.text[0]}/${w.text.slice(1)}`, conf: Math.min(w.conf, CHANGED_CONFIDENCE) } : w;
}

/**
 * A description's abbreviation stop before a comma read as a second comma ("HEADLIGHT ASSY,, L." for "ASSY., L.":
 * random layout R2553, three rows): no word is printed with two commas, so a word of letters ending ",," is read with
 * ".,"; the read is a guess and gets {@link CHANGED_CONFIDENCE}, so the form marks it. Other words are returned as
 * they are. Used on description cells.
 */
export function stopBeforeComma(w: WordBox): WordBox {
  return /^[A-Za-z]+,,$/.test(w.text) ? { ...w, text: `${w.text.slice(0, -2)}.,`, conf: Math.min(w.conf, CHANGED_CONFIDENCE) } : w;
}

/**
 * A price cell read with a currency sign but without its decimal point ("$44255", a blurred photograph's point lost)
 * is dollars and cents: "$442.55". The sign says it is money and printed prices carry cents, so the last two digits
 * are the cents. Such a word is a guess and gets {@link CHANGED_CONFIDENCE}, so the form marks it. Other words are
 * returned as they are. Used on the table's money columns only.
 */
export function restorePoint(w: WordBox): WordBox {
  const m = /^[$S§](\d{3,7})$/.exec(w.text.trim());
  if (!m) return w;
  return { ...w, text: `$${m[1]!.slice(0, -2)}.${m[1]!.slice(-2)}`, conf: Math.min(w.conf, CHANGED_CONFIDENCE) };
}

/**
 * A description cell without the marks read after its text: trailing words the OCR did not believe at all (under 0.1)
 * that hold no two letters in a row — dotted leaders or a rule read as "“=r", "...", "—]". Words with letters stay.
 */
export function dropTrailingMarks(words: WordBox[]): WordBox[] {
  let end = words.length;
  while (end > 1 && words[end - 1]!.conf < 0.1 && !/[A-Za-z]{2}/.test(words[end - 1]!.text)) end -= 1;
  return end === words.length ? words : words.slice(0, end);
}

/**
 * The words of a description cell: `text` (the caller's filter, which leaves out money that strayed into the cell),
 * except that money printed INSIDE the description, between words of letters, is the description's ("COMPRESSOR
 * ASM-A/C INCL $75.00 CORE", a GM dealer's core included in the price: extra9 L67). A stray sits at a cell's edge.
 * On a `continued` line (no price or amount of its own: the description wrapped onto it) money that opens the cell
 * before a word of letters goes on from the line above ("$75.00 CORE" under "ASM-A/C INCL": random layout R218).
 */
export function descriptionWords(words: WordBox[], text: (ws: WordBox[]) => WordBox[], continued = false): WordBox[] {
  const lettered = (w: WordBox | undefined) => !!w && /[A-Za-z]{2}/.test(w.text);
  return words.filter((w, i) => text([w]).length > 0 || ((lettered(words[i - 1]) || (continued && i === 0)) && lettered(words[i + 1]) && /^\$\d/.test(w.text)));
}

/**
 * Money with a dollar sign that ends a description cell after a word of letters ("RADIATOR ASM INCL $30.00"), left out
 * by {@link descriptionWords} as a stray: its text, or '' for none. The reader puts it back when the description goes
 * on, on the next line, with words ("CORE": random layout R143 on a page image) — then it was printed inside it.
 */
export function moneyEndingDescription(words: WordBox[]): string {
  const last = words[words.length - 1];
  return last && /^\$\d[\d,]*\.\d\d$/.test(last.text) && /[A-Za-z]{2}/.test(words[words.length - 2]?.text ?? '') ? last.text : '';
}

function readRow(line: Line, cols: Column[]): Row {
  const map = cells(line, cols);
  const get = (kind: ColumnKind) => cols.filter((c) => c.kind === kind).flatMap((c) => map.get(c)!);
  const firstMoney = (ws: WordBox[]) => moneyWords(ws.map(restorePoint))[0] ?? null;
  const qtyFrom = (ws: WordBox[]) => {
    for (const w of ws) {
      const q = readQty(w.text);
      if (q !== null) return { q, w };
    }
    return null;
  };
  const has = (k: ColumnKind) => cols.some((c) => c.kind === k);
  const qtyCol = has('qty_ship') ? 'qty_ship' : has('qty') ? 'qty' : 'qty_ord';
  const qty = qtyFrom(get(qtyCol));
  const amountM = firstMoney(get('amount'));
  let unitM = has('net') ? firstMoney(get('net')) : null;
  let mendedNet = false;
  if (unitM && has('list') && has('disc')) {
    // List less Disc % (both read with confidence) mends one misread digit of the net, marked for checking, unless
    // a confident amount agrees with the net as read. 11 px print read "24.62" for 94.62 in both Net and Ext.
    const list = firstMoney(get('list'));
    const discWords = get('disc');
    const disc = /^(\d{1,2}(?:\.\d+)?)%?$/.exec(discWords.map((w) => w.text).join(''));
    const mended = list && disc ? netFromListAndDiscount(unitM.v, list.v, Number(disc[1])) : null;
    const sure = list && list.w.conf >= LOW_CONFIDENCE && meanConf(discWords) >= LOW_CONFIDENCE;
    const amount = amountM && amountM.w.conf >= LOW_CONFIDENCE && qty ? amountM.v : null;
    const vouched = amount !== null && Math.round(amount * 100) === Math.round(qty!.q * unitM.v * 100);
    if (mended !== null && sure && !vouched) {
      unitM = { w: { ...unitM.w, conf: Math.min(unitM.w.conf, CHANGED_CONFIDENCE) }, v: mended };
      mendedNet = true;
    }
  }
  if (!unitM) unitM = firstMoney(get('price'));
  if (!unitM && has('list')) {
    const list = firstMoney(get('list'));
    const disc = /(\d+(?:\.\d+)?)/.exec(get('disc').map((w) => w.text).join(''));
    // In cents, so that half a cent rounds up as printed (363.90 less 25 % is 272.93, not 272.92).
    if (list) unitM = { w: list.w, v: Math.round((Math.round(list.v * 100) * (100 - (disc ? Number(disc[1]) : 0))) / 100) / 100 };
  }
  // Text of the part and description columns; a money word that strayed there is left out. A number with leading
  // zeros ("0062.90", a stock number) is a code: money is never printed so.
  const text = (ws: WordBox[]) => ws.filter((w) => readMoney(w.text) === null || /[A-Za-z]/.test(w.text) || /^0\d/.test(w.text));
  // A part number printed like money ("11231.01", a Rugged Ridge number) stays in its cell when the row's own money
  // columns hold its price: it did not stray from them (no currency sign, no thousands comma, not one of their values).
  const priced = [unitM?.v, amountM?.v].filter((v): v is number => v != null);
  const partWords = get('part').filter((w) => text([w]).length > 0 || (priced.length > 0 && /^\d+\.\d{2}$/.test(w.text) && !priced.includes(readMoney(w.text)!)));
  return {
    part: partWords,
    desc: unitsAfterNumber(dropTrailingMarks(descriptionWords(get('desc'), text, !unitM && !amountM)).map((w) => stopBeforeComma(slashAfterW({ ...w, text: proseLetters(w.text) })))),
    qty: qty?.q ?? null,
    qtyWords: qty ? [qty.w] : [],
    unit: unitM?.v ?? null,
    unitWords: unitM ? [unitM.w] : [],
    amount: amountM?.v ?? null,
    amountWords: amountM ? [amountM.w] : [],
    mendedNet,
    qtyText: get(qtyCol)[0]?.text ?? '',
    amountWithoutPoint: /^\d{3,7}$/.test(get('amount')[0]?.text ?? '') ? Number(get('amount')[0]!.text) / 100 : null,
    moneyAtEnd: moneyEndingDescription(get('desc')),
  };
}

/**
 * A quantity printed with a fraction ("1.5" GL of reducer, "0.25" LB of tint; extra9 L70) that the row's own amount
 * proves: the quantity as printed, or a two- or three-digit quantity whose point the OCR lost ("15" for 1.5, when 15 ×
 * the unit price is not the amount and 1.5 × it is), times `unit` (dollars) makes one of `amounts` (dollars: the amount
 * as read, or its digits with the point lost, "2306" → 23.06) to the cent. Returns that amount, or null when the
 * quantity is whole or nothing proves a fraction. The app keeps whole quantities (inventory counts units), so the
 * caller enters such a row as 1 at its line amount — the shop's cost of what was bought — marked for checking.
 */
export function decimalQuantity(qtyText: string, qtyRead: number | null, unit: number | null, amounts: (number | null)[]): number | null {
  if (unit === null || !(unit > 0)) return null;
  const cents = (v: number) => Math.round(v * 100);
  const candidates: number[] = [];
  if (/^\d*\.\d{1,3}$/.test(qtyText) && !Number.isInteger(Number(qtyText))) candidates.push(Number(qtyText));
  if (qtyRead !== null && /^\d{2,3}$/.test(qtyText) && qtyRead % 10 !== 0 && !amounts.some((a) => a !== null && cents(a) === cents(qtyRead * unit)))
    candidates.push(qtyRead / 10);
  for (const d of candidates) {
    const made = d * unit * 100;
    const amount = amounts.find((a) => a !== null && a > 0 && Math.abs(Math.round(made) - cents(a)) <= 1);
    if (amount != null) return amount;
  }
  return null;
}

/**
 * The unit price (dollars) a row's extended amount gives when quantity × unit price (as read) does not make the
 * amount: amount ÷ quantity when that is a whole number of cents and the amount was read with at least the unit
 * price's confidence (0..1) — a digit of the unit price misread ("12.36" for 12.35, "81.85" for 31.85). Else null
 * (the read unit price stands).
 */
export function unitFromAmount(qty: number, unit: number, amount: number, unitConf: number, amountConf: number): number | null {
  if (!(qty > 0) || !(amount > 0) || Math.round(qty * unit * 100) === Math.round(amount * 100)) return null;
  const cents = (amount * 100) / qty;
  if (Math.abs(cents - Math.round(cents)) > 1e-6 || amountConf < unitConf) return null;
  return Math.round(cents) / 100;
}

/**
 * The confidences (0..1) of a row's quantity and unit price when quantity × unit price = the printed amount, each
 * read from its own words: a value the OCR doubted is vouched for by the other two when both were read at
 * LOW_CONFIDENCE or above (it takes the lower of theirs), since one misread number would break the product and two
 * that cancel out are far rarer than a doubted glyph that is right. A quantity read "3" at 0.10 beside 12.50 and
 * 37.50 read at 0.95 becomes 0.95. Nothing changes when two of the three are doubted.
 */
export function confirmByArithmetic(qtyConf: number, unitConf: number, amountConf: number): { quantity: number; unit_price: number } {
  const sure = (c: number) => c >= LOW_CONFIDENCE;
  return {
    quantity: !sure(qtyConf) && sure(unitConf) && sure(amountConf) ? Math.min(unitConf, amountConf) : qtyConf,
    unit_price: !sure(unitConf) && sure(qtyConf) && sure(amountConf) ? Math.min(qtyConf, amountConf) : unitConf,
  };
}

/**
 * Text of one cell printed on several lines (`cells`: the cell's words line by line, top first): lines joined with a
 * space, or with nothing after a line that ends in a dash or a slash (a part number broken there: "04711-T0A-" /
 * "A90ZZ") — except the trade's "w/" (with), which a space follows ("Windshield w/" / "sensor"). Stray marks at either end are dropped; a final full stop after a letter (an abbreviation, "ASSY., L.")
 * is kept as printed, and so is an ampersand that opens the text before a word ("& FOG LAMPS", a wrapped line).
 */
export function joinWrapped(cells: WordBox[][]): string {
  const text = cells
    .filter((c) => c.length > 0)
    .map((c) => c.map((w) => w.text).join(' '))
    .reduce((acc, t) => (!acc ? t : /[-/]$/.test(acc) && !/(^|\s)w\/$/i.test(acc) ? `${acc}${t}` : `${acc} ${t}`), '');
  // A plus sign printed on a product's name ("Masking tape 3/4 in, 233+", 3M's 233+) is kept; so are a rate's per
  // cent sign ("ENERGY ABSORBER FRONT 15%", the line wrapping after it: extra9 L69) and the trade's "w/" at a line's
  // end ("GRILLE ASSY 6 BAR CHROME W/" over "EMBLEM MOUNT"); other marks are not.
  const kept = /\b[A-Za-z]{1,4}\.$/.test(text) ? '.' : /[A-Za-z0-9]\+$/.test(text) ? '+' : /\d%$/.test(text) ? '%' : /(^|\s)w\/$/i.test(text) ? '/' : '';
  // An opening parenthesis closed later in the text ("(10)" wrapped onto a line of its own) and the point of a decimal
  // (".030 (25)") open it as printed: random layouts R2, R20, R52 read "10)" and "030"; so does the dollar sign of money
  // a wrapped description goes on with ("$75.00 CORE": R218).
  // An ampersand opening a wrapped line ("BUMPER ASSY FRONT COMPLETE W/ GRILLE" over "& FOG LAMPS": random layout
  // R278 on a page image lost it, silently) is printed text too.
  const lead = /^\(.*\)/.test(text) ? '(' : /^\.\d/.test(text) ? '.' : /^\$\d/.test(text) ? '$' : /^& [A-Za-z0-9]/.test(text) ? '& ' : '';
  // A comma read as the start of the next word ("SIDE ,RH") belongs to the word before it.
  return `${lead}${text.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9)"]+$/g, '').trim()}${kept}`.replace(/^\.$/, '').replace(/ ,(?=\S)/g, ',');
}

/**
 * A part's description continued on the next line of its row (a narrow Description column wraps it; rows aligned to
 * the top of their cells). `desc` is the description so far, `printedEnd` the last word of it as printed on the line
 * above (before {@link joinWrapped} dropped trailing marks), `next` the following line's text. A comma the line above
 * ended with is kept ("HEADLAMP ASM," / "FRT" → "HEADLAMP ASM, FRT"), and so is an ampersand ("W/ GRILLE &" / "FOG LAMPS":
 * random layouts R452, R499 on page images lost it); a word broken after a dash is joined without a
 * space ("FENDER SUB-" / "ASSY" → "FENDER SUB-ASSY", "kit 1-" / "step" → "kit 1-step"); otherwise a space. Returns the
 * joined description.
 */
export function continueDescription(desc: string, printedEnd: string, next: string): string {
  if (!desc) return next;
  if (!next) return desc;
  if (/[A-Za-z0-9]-$/.test(printedEnd) && !desc.endsWith('-')) return `${desc}-${next}`;
  if (/[A-Za-z0-9)],$/.test(printedEnd) && !desc.endsWith(',')) return `${desc}, ${next}`;
  if (printedEnd === '&' && !desc.endsWith('&')) return `${desc} & ${next}`;
  // A unit wrapped away from its number ("… AEROSOL 12" over "0z": random layout R592) is read as after its number.
  const [first = '', ...rest] = next.split(' ');
  const unit = unitAfterNumber(desc.split(' ').at(-1)!, first, inCapitals(`${desc} ${next}`));
  return `${desc} ${[unit, ...rest].join(' ')}`;
}

interface TableResult {
  items: LayoutInvoice['line_items'];
  charges: ExtractedCharge[];
  confidence: NonNullable<ExtractionConfidence['line_items']>;
  /** The table has one money column (Price, no Amount/Ext): it may hold unit prices or line totals. */
  oneMoneyColumn: boolean;
  /**
   * Each of `charges`' money as printed in the row (dollars, same order): without an amount column a charge's
   * amount is its quantity × its price, but in a table whose one money column holds line totals the price is the amount.
   */
  printedCharges: number[];
  headerIndex: number;
  endIndex: number;
  top: number;
}

/**
 * Lines of a table body that are the rest of a cell printed on two or more lines in a row whose values are centred
 * on the cell ("GRILLE, FR. BUMPER" above and "(UPPER)" below the line with the quantity and prices; "04711-T0A-"
 * above and "A90ZZ" below): a line with no quantity, price or amount and words in the part or description column
 * (other text columns, such as a vehicle printed on two lines, may share it), whose centre is within 0.8 line heights (px) of a line with values — inside that row's band. Such a line
 * is joined to the nearer such row (`above` / `below`, by body index, top first); `joined` holds the lines taken.
 * A wrapped line further away (top-aligned rows) is left to the reader's ordinary continuation rule.
 */
function wrappedCells(body: Line[], rows: Row[]): { above: Map<number, Row[]>; below: Map<number, Row[]>; joined: Set<number> } {
  const above = new Map<number, Row[]>();
  const below = new Map<number, Row[]>();
  const joined = new Set<number>();
  const hasValue = (r: Row) => r.unit !== null || r.amount !== null || r.qty !== null;
  // Words in other text columns (a vehicle or application printed on two lines beside it) may share the line.
  const textOnly = (i: number) => {
    const r = rows[i]!;
    return !hasValue(r) && r.part.length + r.desc.length > 0;
  };
  const centre = (l: Line) => (l.y0 + l.y1) / 2;
  const distance = (i: number, j: number) => Math.abs(centre(body[i]!) - centre(body[j]!));
  const inBand = (i: number, j: number) => distance(i, j) < 0.8 * Math.max(body[i]!.height, body[j]!.height);
  for (let i = 0; i < body.length; i += 1) {
    if (!textOnly(i)) continue;
    let up = i - 1;
    while (up >= 0 && textOnly(up) && inBand(i, up)) up -= 1;
    let down = i + 1;
    while (down < body.length && textOnly(down) && inBand(i, down)) down += 1;
    const upOk = up >= 0 && hasValue(rows[up]!) && inBand(i, up);
    const downOk = down < body.length && hasValue(rows[down]!) && inBand(i, down);
    if (!upOk && !downOk) continue;
    const toDown = downOk && (!upOk || distance(i, down) < distance(i, up));
    const anchor = toDown ? down : up;
    // A sub-line in smaller print (the vehicle under a description) is no wrapped cell of the row.
    if (smallerPrintThan(body[i]!, body[anchor]!)) continue;
    const map = toDown ? above : below;
    map.set(anchor, [...(map.get(anchor) ?? []), rows[i]!]);
    joined.add(i);
  }
  return { above, below, joined };
}

/**
 * How much smaller than the part's own line a line under it must be printed to be a sub-line, not more of the
 * description: its letters' height (see {@link letterHeight}) below this share of the part line's (a glass distributor
 * prints the vehicle, "2019-23 Nissan Rogue", in 11 px grey under a 14 px description: extra6 L54, boxes of 12 px
 * against 14; a description wrapped onto a second line keeps its size).
 */
export const SUBLINE_HEIGHT_RATIO = 0.9;

/**
 * The median height (px) of a line's words that reach the height of a capital (a capital, a digit or a letter with an
 * ascender: b, d, f, h, k, l, t) and have no descender and no punctuation hanging below the baseline (no g, j, p, q, y,
 * comma, parenthesis, semicolon): the size of its print without the descenders that make "Highlander" taller than
 * "Moulding", nor the short boxes of "remover" (a wrapped line of small letters only: extra6 J09), nor the ounce's
 * "oz" read "0z" (photograph R263: "Weld-through primer aerosol 12" over "oz" lost its unit as a smaller sub-line,
 * silently). Null when no word qualifies.
 */
export function letterHeight(line: Line): number | null {
  // The ounce's "oz" read "0z" is of x-height letters: its zero is a small o (unitAfterNumber).
  const plain = line.words.filter((w) => /^[A-Za-z0-9./&%#-]+$/.test(w.text) && !/[gjpqy]/.test(w.text) && /[A-Z0-9bdfhklt]/.test(w.text) && w.text !== '0z');
  return plain.length ? median(plain.map((w) => w.y1 - w.y0)) : null;
}

/**
 * Whether `line`, under a part's row `partLine` in the description column, is printed in smaller type (its
 * {@link letterHeight} under {@link SUBLINE_HEIGHT_RATIO} of the part line's): a vehicle or application note under the
 * description, which is not part of it. Before, "Windshield acoustic w/ lane camera bracket" read "… bracket 2019-23
 * Nissan Rogue" (extra6 J21–J24). False when either height cannot be measured.
 */
export function smallerPrintThan(line: Line, partLine: Line): boolean {
  const a = letterHeight(line);
  const b = letterHeight(partLine);
  return a !== null && b !== null && a < SUBLINE_HEIGHT_RATIO * b;
}

/**
 * Whether the part-number cell of a line under a part's row (no quantity or price on it) is the rest of that part's
 * number wrapped in a narrow column: one word of capitals, digits and . - / only, two characters or more ("GTYN" under
 * "FD25113", "FW05187" under "MLD"). A glass distributor's table squeezed by a totals box beside it wraps both the
 * NAGS number and the description on a Letter page; the wrapped line was dropped, and four text PDFs of L54 (seed
 * 5150) passed silently with "FD25113 | Front door glass" for "FD25113 GTYN | Front door glass RH, laminated".
 * A number printed in groups (`spaced`: the part above holds a space, BMW's "51 12 7 459 001") wraps as two or three
 * groups with a digit each ("459 001" under "51 12 7": random layout R681).
 */
export function isWrappedPartEnd(words: WordBox[], spaced = false): boolean {
  if (spaced && words.length >= 2 && words.length <= 3) return words.every((w) => /^[A-Z0-9][A-Z0-9.\-/]*$/.test(w.text) && /\d/.test(w.text));
  return words.length === 1 && /^[A-Z0-9][A-Z0-9.\-/]+$/.test(words[0]!.text);
}

/**
 * A part number and its wrapped rest: joined without a space after a dash or slash ("52119-" + "0R917"), else with one.
 * `printedEnd` is the part cell's last word as printed: the cell's text loses a dash at its end, and a browser wraps a
 * narrow column right after one ("53301-" over "48130": random layout R13 read "53301 48130").
 */
export function joinWrappedPart(part: string, rest: string, printedEnd = ''): string {
  const mark = /[-/]$/.test(part) ? '' : (/[A-Za-z0-9]([-/])$/.exec(printedEnd)?.[1] ?? '');
  return /[-/]$/.test(part) || mark ? `${part}${mark}${rest}` : `${part} ${rest}`;
}

/**
 * An aftermarket part's Partslink number (the collision trade's interchange: two letters for the make, seven digits, a
 * certification suffix such as C for CAPA — "HO1038101C", "TO2503159", "NI1240251C") with its make's second letter read
 * as a digit: "H0", "T0", "F0", "V0" are HO (Honda), TO (Toyota), FO (Ford), VO (Volvo); "K1", "N1", "M1" (or l, I
 * read small) are KI (Kia), NI (Nissan), MI (Mitsubishi). A serif face's O and zero, and I and one, differ by little
 * (random layouts R4, R18 on page images: "H01038101C" passed silently). The caller marks the change for checking.
 * Other numbers are returned as they are.
 */
export function partslinkLetters(part: string): string {
  const m = /^([A-Z])([0O1Il|])(\d{7}[A-Z]{0,2})$/.exec(part);
  if (!m) return part;
  const [, make, second, rest] = m as unknown as [string, string, string, string];
  if (second === '0' && /[HTFV]/.test(make)) return `${make}O${rest}`;
  if (/[1l|]/.test(second) && /[KNM]/.test(make)) return `${make}I${rest}`;
  return part;
}

/**
 * Confidence under which every word of a line under a part must be read for the line to be specks, not more of the
 * description: a scanned page's grey vehicle line came back as "uU sal" and, below it, "pe" at 0.12, which was added
 * to "Clip and dam kit" (extra6 J24). A real word of a wrapped description is read at 0.5 or more even on a photograph.
 */
export const SPECK_CONF = 0.3;

/** Whether all of `words` (at least one) were read under {@link SPECK_CONF}. */
export function onlySpecks(words: WordBox[]): boolean {
  return words.length > 0 && words.every((w) => w.conf < SPECK_CONF);
}

/**
 * Whether the words of a line under a part, in the part-number column of a table without a description column, are
 * that part's description: more than half of them are words of letters only, one of three letters or more
 * ("OXYGEN SENSOR", "LUG NUT 1/2-20" — not a line code and number such as "ACD 41-110").
 */
export function isDescriptionUnderPart(words: WordBox[]): boolean {
  const wordsOfLetters = words.filter((w) => /^[A-Za-z][A-Za-z'.,&/-]*$/.test(w.text) && /[A-Za-z]{2}/.test(w.text));
  return wordsOfLetters.length * 2 > words.length && wordsOfLetters.some((w) => /[A-Za-z]{3}/.test(w.text));
}

/**
 * The words of a line under a part that continue `start` (its words in the part-number column, left to right) to the
 * right across column boundaries: each next word of the line that begins within 1.5 line heights of the end of the
 * one before ("OUTSIDE MIRROR, HEATED," under "Part Number" and "LEFT" under "Bin": a description printed alone on
 * an item's second row runs on under the next column). A word further off (a value of another column) ends the run.
 */
export function continuedRun(line: Line, start: WordBox[]): WordBox[] {
  if (!start.length) return start;
  const run = [...start];
  for (const w of line.words.filter((x) => x.x0 > start[start.length - 1]!.x0 && !start.includes(x))) {
    if (w.x0 - run[run.length - 1]!.x1 > line.height * 1.5) break;
    run.push(w);
  }
  return run;
}

/**
 * Whether `line` may be the description of the part read from `partLine` just above it, further down than a wrapped
 * line would be: the part has no description yet (an item printed on two rows, its description alone on the second)
 * and the white space between the lines is under two line heights (a printed PDF pads its rows: 15 px under a 12 px
 * line). Any description at all keeps the usual 1.2 line heights.
 */
export function undescribedAbove(item: LayoutInvoice['line_items'][number], partLine: Line | null, line: Line): boolean {
  return !!partLine && item.description === '' && line.y0 - partLine.y1 < partLine.height * 2;
}

/**
 * A row read as a part whose description came only from the line under it (an item printed on two rows: "HAZ | 1 |
 * 10.95" over "ENVIRONMENTAL FEE") that the description shows to be a charge (see {@link rowChargeKind}): the charge,
 * its amount quantity × unit price in dollars (negative for a discount or credit); null for a part.
 */
export function chargeUnderItem(item: LayoutInvoice['line_items'][number]): ExtractedCharge | null {
  const amount = Math.round(item.quantity * item.unit_price * 100) / 100;
  const kind = rowChargeKind(item.description, item.part_number, amount);
  if (!kind || kind === 'tax') return null;
  return { kind, description: item.description.slice(0, 200), amount: (kind === 'discount' || kind === 'credit') && amount > 0 ? -amount : amount };
}

/** Confidence (0..1) under which the OCR hardly believes a word of a description ({@link descriptionConfidence}). */
export const DOUBTED_WORD = 0.5;
/**
 * Confidence (0..1) under which a description's word holding a digit (a size, "10 MM") is doubted: the form's own mark
 * ({@link LOW_CONFIDENCE}), since a wrong digit reads as well as a right one, where a wrong letter often makes no word
 * ("10 MM" read "160 MM" at 0.65 among words at 0.96: random layout R2588; "10-24 X 1/2" read "10-24 X 12", its "12" at
 * 0.75 among words at 0.88 to 0.95: R3220; both silently).
 */
export const DOUBTED_NUMBER = LOW_CONFIDENCE;

/**
 * The confidence (0..1) of a description cell: the mean of its words' confidences, or, when a word of two letters or
 * digits or more (a bar glued to one counts) was read under {@link DOUBTED_WORD} (one holding a digit: under {@link DOUBTED_NUMBER}) or changed by
 * a rule (at {@link CHANGED_CONFIDENCE} or under),
 * that word's confidence — a cell is only as sure as a word the OCR hardly believed ("Argon/C0O2" at 0.42 for
 * "Argon/CO2" among four words at 0.97: a mean of 0.86 passed it unmarked, and a misread description adds up like a
 * right one) or a word a rule guessed ("16" made "10" by its dotted zero among five other words: random layout R1318).
 */
export function descriptionConfidence(words: WordBox[]): number {
  // A bar glued to a letter counts as one (an I or l read as a bar, then cut off the text as a mark: "S|" at 0.4 for
  // "SI", random layout R4108 on a page image gave "… FASCIA S", silently).
  const doubted = words.filter(
    (w) =>
      (w.conf < DOUBTED_WORD || w.conf <= CHANGED_CONFIDENCE || (w.conf < DOUBTED_NUMBER && /\d/.test(w.text))) &&
      /[A-Za-z0-9]{2}|[A-Za-z0-9]\||\|[A-Za-z0-9]/.test(w.text),
  );
  return doubted.length ? Math.min(meanConf(words), ...doubted.map((w) => w.conf)) : meanConf(words);
}

/** Description words as prose: {@link proseLetters} on each (an O read as 0 or Q in a word). */
const proseWords = (words: WordBox[]): WordBox[] => words.map((w) => ({ ...w, text: proseLetters(w.text) }));

/**
 * A table header printed on two lines, the upper words stacked over the lower ones ("Qty" over "Ord", "Unit" over
 * "List", "Ext." over "Amount"), as one line: each lower word with the upper word over it (their boxes overlap
 * across; each upper word over exactly one lower word) becomes one word of the two when they make a known head
 * ("Qty Ord", "Ext Amount"; a full stop may be dropped), else stays as it is; so close heads ("Net" beside "Amount")
 * are no longer read as one phrase ("Net Amount"). Returns the line at the lower line's height, or null when the
 * words are not stacked so.
 */
export function stackHeads(upper: Line, lower: Line): Line | null {
  const ups = upper.words.filter((w) => w.conf >= 0.5);
  const over = (u: WordBox, l: WordBox) => Math.min(u.x1, l.x1) > Math.max(u.x0, l.x0);
  if (!ups.length || ups.some((u) => lower.words.filter((l) => over(u, l)).length !== 1)) return null;
  const known = (phrase: string) => HEADER_VOCABULARY.some(([p]) => p === phrase);
  const words = lower.words.map((l) => {
    const above = ups.filter((u) => over(u, l));
    if (above.length !== 1) return l;
    const phrase = norm(`${above[0]!.text} ${l.text}`);
    const text = known(phrase) ? phrase : known(phrase.replace(/\./g, '')) ? phrase.replace(/\./g, '') : null;
    return text ? { ...l, text, x0: Math.min(l.x0, above[0]!.x0), x1: Math.max(l.x1, above[0]!.x1), conf: Math.min(l.conf, above[0]!.conf) } : l;
  });
  return makeLine(words);
}

/**
 * A header row of cells printed on one or two lines, centred in the row, as three text lines that overlap in height:
 * two-line heads' upper words ("Qty", "Part", "Bin"), the one-line heads ("Description", "UOM", "List", "Net"), and
 * the two-line heads' lower words ("Ord", "Number", "Loc") — a wide table printed on Letter paper. `lines[at]` is the
 * upper line; when the two lines after it each overlap the one above and the upper words stack over the lower ones
 * ({@link stackHeads}), the three are one header line (stacked pairs as one head each, the middle words as they are),
 * else null.
 */
export function interleavedHeader(lines: Line[], at: number): Line | null {
  const [upper, middle, lower] = [lines[at], lines[at + 1], lines[at + 2]];
  if (!upper || !middle || !lower || middle.y0 >= upper.y1 || lower.y0 >= middle.y1) return null;
  const stacked = stackHeads(upper, lower);
  if (!stacked) return null;
  return makeLine([...stacked.words, ...middle.words].map((w) => ({ ...w, y0: upper.y0, y1: lower.y1 })));
}

function readTable(lines: Line[]): TableResult | null {
  let headerIndex = -1;
  let cols: Column[] | null = null;
  // The first line that names columns, unless no line of money follows it within four lines while a later one has
  // some: a box grid's labels over the invoice's fields ("Document No. | Delivery | Customer ID | Ordered") name
  // columns too, and took the table's place (random layout R43).
  const priced = (i: number) => lines.slice(i + 1, i + 5).some((l) => moneyWords(l.words).some(({ w }) => /\d[.,]\d\d\b/.test(w.text)));
  for (let i = 0; i < lines.length; i += 1) {
    const found = matchHeader(lines[i]!);
    if (found && moneyWords(lines[i]!.words).length === 0) {
      if (!cols) [cols, headerIndex] = [found, i];
      if (priced(i)) {
        [cols, headerIndex] = [found, i];
        break;
      }
    }
  }
  if (!cols) return null;
  const interleaved = interleavedHeader(lines, headerIndex);
  const widened = interleaved && matchHeader(interleaved);
  if (interleaved && widened && widened.length > cols.length) {
    lines.splice(headerIndex, 3, interleaved);
    cols = widened;
  }
  // Header words a dark band or a bold font put a little higher or lower than the rest: one header line.
  for (const k of [headerIndex - 1, headerIndex + 1]) {
    const other = lines[k];
    const header = lines[headerIndex]!;
    if (!other || Math.abs((other.y0 + other.y1) / 2 - (header.y0 + header.y1) / 2) > Math.max(header.height, other.height) * 1.2) continue;
    const vocab = other.words.every((w) => HEADER_VOCABULARY.some(([p]) => p === norm(w.text) || p.split(' ').includes(norm(w.text))) || w.conf < 0.5);
    const apart = other.words.every((w) => header.words.every((x) => Math.min(w.x1, x.x1) <= Math.max(w.x0, x.x0)));
    if (vocab && !apart && k === headerIndex - 1) {
      // Heads printed on two lines ("Qty" over "Ord", "Unit" over "Net", "Ext." over "Amount"): each pair is one head.
      const stacked = stackHeads(other, header);
      const again = stacked && matchHeader(stacked);
      if (again && again.length > cols.length) {
        lines.splice(k, 2, stacked);
        headerIndex = k;
        cols = again;
        break;
      }
      continue;
    }
    if (!vocab || !apart || !other.words.some((w) => w.conf >= 0.5)) continue;
    const merged = makeLine([...header.words, ...other.words.filter((w) => w.conf >= 0.5)].map((w) => ({ ...w, y0: header.y0, y1: header.y1 })));
    const again = matchHeader(merged);
    if (again && again.length > cols.length) {
      lines.splice(Math.min(k, headerIndex), 2, merged);
      headerIndex = Math.min(k, headerIndex);
      cols = again;
      break;
    }
  }
  cols = mergeHeaderBelow(cols, lines[headerIndex]!, lines[headerIndex + 1]);
  const headerText = lines[headerIndex]!.text;
  let start = headerIndex + 1;
  if (lines[start] && mergeHeaderBelow(cols, lines[headerIndex]!, lines[start]) !== cols && HEAD_SECOND_WORD.test(lines[start]!.words[0]?.text ?? '')) start += 1;
  let end = lines.length;
  for (let i = start; i < lines.length; i += 1) {
    const above = () => lines.slice(start, i);
    if (isTotalsLine(lines[i]!) || (i > start && (isSideTotalsLine(lines[i]!, cols, above()) || isLeftTotalsLine(lines[i]!, cols, above())))) {
      end = i;
      break;
    }
  }
  // Rows of the totals box printed above its "Total" ("Core return credit", "Sales Tax" under a "Parts & Labor" or
  // "Merchandise" line the reader does not know) belong to the totals, not the table.
  if (end < lines.length) {
    const middle = (cols[0]!.x0 + cols[cols.length - 1]!.x1) / 2;
    while (end - 1 >= start && isTotalsBoxRow(lines[end - 1]!, middle)) end -= 1;
  }
  // Words left of the first header column or right of the last (table borders read as letters) are dropped. A last
  // column of text (a description printed last, left-aligned under its head) runs on past its head: words that go on
  // from a kept word at a word's space stay ("ABSORBER-ENERGY, FRONT BUMPER" lost "FRONT BUMPER": random layout R90).
  const h = lines[headerIndex]!.height;
  const minX = cols[0]!.x0 - h * 2.5;
  const maxX = cols[cols.length - 1]!.x1 + h * 2.5;
  const textLast = !NUMERIC_KINDS.has(cols[cols.length - 1]!.kind);
  const within = (words: WordBox[]) => {
    const kept: WordBox[] = [];
    for (const w of words) {
      const last = kept[kept.length - 1];
      if ((w.x1 > minX && w.x0 < maxX) || (textLast && last && w.x0 - last.x1 < h * 1.5)) kept.push(w);
    }
    return kept;
  };
  const body = withoutTrailingNotes(
    lines
      .slice(start, end)
      .filter((l) => l.text !== headerText && !matchHeader(l))
      .map((l) => {
        const kept = within(l.words);
        return kept.length === l.words.length ? l : kept.length ? makeLine(kept) : null;
      })
      .filter((l): l is Line => l !== null),
  );
  const bounded = columnBounds(moneyColumnsByContent(codeColumnsByContent(descriptionColumnByContent(cols, body), body), body), body);
  return readBody(cols, bounded, body, { headerIndex, endIndex: end, top: lines[headerIndex]!.y0 });
}

/** The table found by its cells' content ({@link findTableByContent}), read like a header-led one; null when none. */
function readTableByContent(lines: Line[]): TableResult | null {
  const found = findTableByContent(lines);
  if (!found) return null;
  const body = withoutTrailingNotes(found.body.map((i) => lines[i]!));
  return readBody(found.cols, found.cols, body, { headerIndex: found.headerIndex, endIndex: found.end, top: lines[found.headerIndex]!.y0 });
}

/**
 * The confidence (0..1) of a part-number cell (`words`, read as `text`): the mean of its words', but at most
 * {@link CHANGED_CONFIDENCE} (under the form's mark) when the number reads as prose ({@link isProsePart}: no digit and
 * no code, or two words of letters). No part number of the tuning sets does, while a description's first word taken
 * for the part number ("WHEEL" of "WHEEL 17X7 ALLOY" under a header the reader misread) adds up like a right row:
 * marked, it is checked instead of trusted.
 */
export function partNumberConfidence(words: WordBox[], text: string): number {
  const mean = meanConf(words);
  return isProsePart(text) ? Math.min(mean, CHANGED_CONFIDENCE) : mean;
}

/**
 * The parts and charges of a table body (`body`: its lines, header and totals left out) read by column (`bounded`:
 * the columns with their left and right boundaries in px; `cols`: the columns as named, for the money-column count),
 * with the table's place on the page (`frame`: the header's line index, the index of the line after the body, the
 * header's top in px). Shared by the header-led reader and the reader of a table by its cells' content.
 */
function readBody(cols: Column[], bounded: Column[], body: Line[], frame: { headerIndex: number; endIndex: number; top: number }): TableResult {
  const items: LayoutInvoice['line_items'] = [];
  const charges: ExtractedCharge[] = [];
  const printedCharges: number[] = [];
  const confidence: NonNullable<ExtractionConfidence['line_items']> = [];
  let lastPart = -1;
  let lastLine: Line | null = null;
  /** The line the last part was read from (its print size, for a smaller sub-line under it). */
  let lastPartLine: Line | null = null;
  /** The last word of the last part's description as printed (its trailing comma or dash), for a wrapped line. */
  let printedEnd = '';
  /** Money the last part's description cell ended with, left out as a stray ({@link moneyEndingDescription}). */
  let moneyAtEnd = '';
  /** The last word of the last part's number as printed (a dash the browser wrapped the cell after). */
  let printedPartEnd = '';
  // A ticket prints the part number over its description in one "Item" cell: with no description column, words under
  // a part's number on the next line are its description.
  const descInPartColumn = !bounded.some((c) => c.kind === 'desc');
  const rows = body.map((l) => readRow(l, bounded));
  const wraps = wrappedCells(body, rows);
  for (const [index, line] of body.entries()) {
    if (wraps.joined.has(index)) {
      lastLine = line;
      continue;
    }
    const row = rows[index]!;
    const above = wraps.above.get(index) ?? [];
    const below = wraps.below.get(index) ?? [];
    // A part number has no space beside a dash or slash ("19 -1401" is the monospace cell of the dash), nor a full stop
    // between a dash's letter and a digit (a speck beside a narrow L: "95895-L.3000" for Kia's 95895-L3000).
    const partText = joinWrapped([...above.map((r) => r.part), row.part, ...below.map((r) => r.part)])
      .replace(/\s*([-/])\s*/g, '$1')
      .replace(/(?<=-[A-Z])\.(?=\d)/g, '');
    const descCells = [...above.map((r) => r.desc), row.desc, ...below.map((r) => r.desc)];
    // A number sign that opens a description ("#80 GRIT HOOKIT DISC", a grit or a size: extra9 L70) is printed text.
    const numberSign = /^#\d/.test(descCells.find((c) => c.length)?.[0]?.text ?? '') ? '#' : '';
    const descText = `${numberSign}${restoreSlashes(joinWrapped(descCells))}`;
    const label = `${partText} ${descText}`.trim() || line.text;
    let unit = row.unit;
    let qty = row.qty;
    const amount = row.amount;
    if (unit === null && amount !== null) unit = qty && qty > 0 ? Math.round((amount / qty) * 100) / 100 : amount;
    if (unit === null) {
      // A continuation of the previous part's description (wrapped text), else not a row.
      const near = lastLine && line.y0 - lastLine.y1 < lastLine.height * 1.2;
      if (lastPart >= 0 && near && row.part.length === 0 && descText && qty === null && !(lastPartLine && smallerPrintThan(line, lastPartLine)) && !onlySpecks(row.desc)) {
        if (moneyAtEnd && /^[A-Za-z]/.test(descText)) items[lastPart]!.description += ` ${moneyAtEnd}`;
        items[lastPart]!.description = continueDescription(items[lastPart]!.description, printedEnd, descText);
        printedEnd = row.desc[row.desc.length - 1]?.text ?? '';
        // A wrapped line may itself end in the money the next one goes on from ("ASM-A/C" / "INCL $75.00" / "CORE":
        // random layout R4083 on a page image dropped the "$75.00", silently).
        moneyAtEnd = row.moneyAtEnd;
      } else if (lastPart >= 0 && near && lastLine === lastPartLine && !descInPartColumn && qty === null && isWrappedPartEnd(row.part, items[lastPart]!.part_number.includes(' ')) && !smallerPrintThan(line, lastPartLine!)) {
        // Both text cells of the part's row wrapped onto this line (a narrow table: "FD25113" / "GTYN" beside
        // "Front door glass" / "RH, laminated").
        const rest = row.part.map((w) => w.text).join(' ');
        items[lastPart]!.part_number = joinWrappedPart(items[lastPart]!.part_number, rest, printedPartEnd);
        printedPartEnd = row.part.at(-1)!.text;
        confidence[lastPart]!.part_number = Math.min(confidence[lastPart]!.part_number ?? 1, meanConf(row.part));
        if (descText) {
          items[lastPart]!.description = continueDescription(items[lastPart]!.description, printedEnd, descText);
          printedEnd = row.desc[row.desc.length - 1]?.text ?? '';
        }
      } else if (lastPart >= 0 && (near || undescribedAbove(items[lastPart]!, lastLine, line)) && descInPartColumn && qty === null && isDescriptionUnderPart(row.part)) {
        const words = proseWords(continuedRun(line, row.part));
        const described = items[lastPart]!.description !== '';
        items[lastPart]!.description = continueDescription(items[lastPart]!.description, printedEnd, joinWrapped([words]));
        confidence[lastPart]!.description = Math.min(confidence[lastPart]!.description ?? 1, meanConf(words));
        printedEnd = words[words.length - 1]?.text ?? '';
        const charge = described ? null : chargeUnderItem(items[lastPart]!);
        if (charge) {
          items.splice(lastPart, 1);
          confidence.splice(lastPart, 1);
          charges.push(charge);
          lastPart = -1;
        }
      }
      lastLine = line;
      continue;
    }
    lastLine = line;
    moneyAtEnd = below.length ? '' : row.moneyAtEnd;
    const kind = rowChargeKind(descText, partText, amount ?? (qty ?? 1) * unit) ?? (!partText && !/\d/.test(descText) && descText ? 'other' : null);
    if (kind) {
      let value = amount ?? (qty ?? 1) * unit;
      let printed = amount ?? unit;
      if ((kind === 'discount' || kind === 'credit') && value > 0) [value, printed] = [-value, -Math.abs(printed)];
      charges.push({ kind, description: (descText || label).slice(0, 200), amount: Math.round(value * 100) / 100 });
      printedCharges.push(Math.round(printed * 100) / 100);
      lastPart = -1;
      continue;
    }
    if (!partText) continue;
    const fractional = decimalQuantity(row.qtyText, qty, unit, [amount, row.amountWithoutPoint]);
    if (fractional !== null) {
      items.push({ part_number: partText, description: descText, quantity: 1, unit_price: fractional });
      lastPartLine = line;
      confidence.push({
        part_number: partNumberConfidence(row.part, partText),
        description: descriptionConfidence(row.desc),
        quantity: CHANGED_CONFIDENCE,
        unit_price: Math.min(meanConf(row.unitWords), CHANGED_CONFIDENCE),
      });
      lastPart = items.length - 1;
      printedEnd = ([...below].reverse().find((r) => r.desc.length)?.desc ?? row.desc).at(-1)?.text ?? '';
      printedPartEnd = ([...below].reverse().find((r) => r.part.length)?.part ?? row.part).at(-1)?.text ?? '';
      continue;
    }
    if (amount !== null && unit > 0) {
      const derived = amount / unit;
      const whole = Math.round(derived);
      if (Math.abs(derived - whole) < 0.005 && whole > 0 && (qty === null || Math.round(qty * unit * 100) !== Math.round(amount * 100))) qty = whole;
    }
    if (qty === null || qty <= 0) {
      if (amount === null || Math.round(amount * 100) === Math.round(unit * 100)) qty = 1;
      else continue;
    }
    let unitWords = row.unitWords;
    const fromAmount = amount !== null && !row.mendedNet ? unitFromAmount(qty, unit, amount, meanConf(row.unitWords), meanConf(row.amountWords)) : null;
    if (fromAmount !== null) {
      unit = fromAmount;
      unitWords = row.amountWords;
    }
    items.push({ part_number: partText, description: descText, quantity: qty, unit_price: Math.round(unit * 100) / 100 });
    lastPartLine = line;
    // The amount vouches for a quantity or unit price the OCR doubted when the three agree and were read apart.
    const agrees = amount !== null && fromAmount === null && row.amountWords.length > 0 && Math.round(qty * unit * 100) === Math.round(amount * 100);
    const numbers = agrees
      ? confirmByArithmetic(meanConf(row.qtyWords), meanConf(unitWords), meanConf(row.amountWords))
      : { quantity: meanConf(row.qtyWords), unit_price: meanConf(unitWords) };
    confidence.push({
      part_number: partNumberConfidence(row.part, partText),
      description: descriptionConfidence(row.desc),
      ...numbers,
    });
    lastPart = items.length - 1;
    printedEnd = ([...below].reverse().find((r) => r.desc.length)?.desc ?? row.desc).at(-1)?.text ?? '';
    printedPartEnd = ([...below].reverse().find((r) => r.part.length)?.part ?? row.part).at(-1)?.text ?? '';
  }
  for (const [i, split] of splitRunTogetherGroups(items.map((it) => it.part_number)).entries()) {
    if (split === items[i]!.part_number) continue;
    items[i]!.part_number = split;
    confidence[i]!.part_number = Math.min(confidence[i]!.part_number ?? 1, CHANGED_CONFIDENCE);
  }
  for (const [i, item] of items.entries()) {
    const lettered = partslinkLetters(item.part_number);
    if (lettered === item.part_number) continue;
    item.part_number = lettered;
    confidence[i]!.part_number = Math.min(confidence[i]!.part_number ?? 1, CHANGED_CONFIDENCE);
  }
  for (const [i, unlike] of unlikeColumnShape(items.map((it) => it.part_number)).entries()) {
    if (unlike) confidence[i]!.part_number = Math.min(confidence[i]!.part_number ?? 1, CHANGED_CONFIDENCE);
  }
  const moneyKinds = cols.filter((c) => ['list', 'net', 'price', 'amount'].includes(c.kind));
  const oneMoneyColumn = moneyKinds.length === 1 && moneyKinds[0]!.kind !== 'amount';
  return { items, charges, printedCharges, confidence, oneMoneyColumn, ...frame };
}

/** Digits the OCR reads for a blurred letter (8 for B, 0 for O or D, 6 for G…), for {@link unlikeColumnShape}. */
const DIGIT_FOR_LETTER = /[0125689]/;

/**
 * Which part numbers of one table (`parts`, as read) break the shape every other part of their length shares: at
 * least three others of the same length have one pattern of letters and digits ("26C7093", "21A4638", "23C2889":
 * digit, digit, letter, four digits) and this one differs from it in one place only, a digit the OCR reads for a
 * blurred letter (8 for B, 0 for O) where the others print letters, not all the same one (a fixed letter, Toyota's
 * "0R" of "52119-0R917", does not make a place a letter's: "81130-42720" is printed so). Such a number is likely
 * misread (photograph R1529's "22B9134" read "2289134", silently) but may be printed so: the caller marks it for
 * checking and keeps the read. A letter where the others print digits is not taken ("S7231" among "22454" and
 * "57045" is printed so). On the generator's truth (seeds 1–9999, 97,857 rows as printed) 22 right numbers are marked,
 * all among its deliberately ambiguous ones ("I0-6621" beside "OO-6223", "BI-5290").
 */
export function unlikeColumnShape(parts: string[]): boolean[] {
  const shape = (p: string) => p.replace(/[A-Za-z]/g, 'L').replace(/[0-9]/g, 'D');
  return parts.map((p, i) => {
    const others = parts.filter((q, j) => j !== i && q.length === p.length);
    const printed = others.length >= 3 ? shape(others[0]!) : null;
    if (printed === null || !others.every((q) => shape(q) === printed)) return false;
    const read = shape(p);
    const places = [...read].flatMap((c, k) => (c === printed[k] ? [] : [k]));
    if (places.length !== 1) return false;
    const k = places[0]!;
    return printed[k] === 'L' && DIGIT_FOR_LETTER.test(p[k]!) && new Set(others.map((q) => q[k])).size >= 2;
  });
}

/** The groups of a BMW part number as printed ("51 11 7 391 481": eleven digits). */
const BMW_GROUPS = [2, 2, 1, 3, 3];

/**
 * Part numbers of one table printed in fixed spaced groups ("51 11 8 069 020": BMW's 2-2-1-3-3) with the space between
 * two groups lost in a row ("5116 7 348 451", Tesseract joining a narrow gap): when three or more of the table's part
 * numbers, and at least half of them, have three groups or more of the same lengths, a number with one group fewer
 * that is that pattern with two neighbouring groups run together gets its space back ("51 16 7 348 451"); besides
 * (or without) such rows, a number of digits only in four groups that is BMW's 2-2-1-3-3 so run together does. Returns the
 * numbers, each as read or split; the caller marks a split one for checking (it is a guess from the other rows).
 */
export function splitRunTogetherGroups(parts: string[]): string[] {
  const groups = (p: string) => p.split(' ');
  const shapes = new Map<string, number>();
  for (const p of parts) if (groups(p).length >= 3) shapes.set(groups(p).map((g) => g.length).join('-'), (shapes.get(groups(p).map((g) => g.length).join('-')) ?? 0) + 1);
  const [shape, count] = [...shapes.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  // Besides (or without) such rows, BMW's own 2-2-1-3-3 of eleven digits ("51 11 7 391 481" read "5111 7 391 481"
  // among other makes' parts: random layout R772, silently) is a pattern, for numbers of digits only.
  const table = count >= 3 && count * 2 >= parts.length ? shape.split('-').map(Number) : null;
  const split = (g: string[], lengths: number[]) => {
    if (g.length !== lengths.length - 1) return null;
    for (let k = 0; k < g.length; k += 1) {
      const merged = [...lengths.slice(0, k), lengths[k]! + lengths[k + 1]!, ...lengths.slice(k + 2)];
      if (merged.every((n, i) => n === g[i]!.length)) return [...g.slice(0, k), g[k]!.slice(0, lengths[k]), g[k]!.slice(lengths[k]), ...g.slice(k + 1)].join(' ');
    }
    return null;
  };
  return parts.map((p) => {
    const g = groups(p);
    const byTable = table && g.every((x) => /^[A-Za-z0-9]+$/.test(x)) ? split(g, table) : null;
    return byTable ?? (g.every((x) => /^\d+$/.test(x)) ? split(g, BMW_GROUPS) : null) ?? p;
  });
}

/**
 * A table's only money column headed "Price" (no Amount or Ext column) holds the line totals when the printed sums say
 * so: `target` (dollars) — the subtotal, else the total less tax and the charges below the table — equals the sum of
 * the column plus the table's charges and not the sum of quantity × column. Then each row's unit price is its amount
 * ÷ quantity (when that is whole cents); the items are returned changed, or as they are (the same array) when
 * nothing proves it. `tableCharges` is the table's charges as read (quantity × price), `printedCharges` their prices as
 * printed (a recycler's "CORE DEPOSIT | 2 | 180.40" is 180.40 in all when the column holds line totals; taking it
 * as 360.80 kept a right read of line totals from adding up), by default the same.
 */
export function lineTotalsAsUnits(
  items: LayoutInvoice['line_items'],
  tableCharges: number,
  target: number | null,
  printedCharges = tableCharges,
): LayoutInvoice['line_items'] {
  if (target === null || !items.some((i) => i.quantity > 1)) return items;
  const cents = (v: number) => Math.round(v * 100);
  const asUnits = items.reduce((s, i) => s + i.quantity * cents(i.unit_price), 0) + cents(tableCharges);
  const asTotals = items.reduce((s, i) => s + cents(i.unit_price), 0) + cents(printedCharges);
  if (asUnits === cents(target) || asTotals !== cents(target)) return items;
  if (items.some((i) => cents(i.unit_price) % i.quantity !== 0)) return items;
  return items.map((i) => ({ ...i, unit_price: cents(i.unit_price) / i.quantity / 100 }));
}

/** The tax a totals block names on one line ("GST 5%", "PST 7%", "State Tax"), for {@link taxOfLines}. */
const TAX_NAME = /\b(gst|hst|pst|qst|rst|provincial|federal|state|county|city|local|district|transit)\b/i;

/**
 * The tax of a totals block from its tax lines, top first (`label`, amount `v` in dollars, confidence `c`): the first
 * line's, or the sum of all when each names a different tax ("GST 5%" and "PST 7%" of a Canadian invoice, "State Tax"
 * and "County Tax") and none totals them ("Total Tax" is the tax by itself). Null for none.
 */
export function taxOfLines(taxLines: { label: string; v: number; c: number }[]): { v: number; c: number } | null {
  if (taxLines.length < 2) return taxLines[0] ?? null;
  const names = taxLines.map((t) => TAX_NAME.exec(t.label)?.[1]?.toLowerCase() ?? null);
  if (names.some((n) => n === null) || new Set(names).size !== names.length || taxLines.some((t) => /\btotal\b/i.test(t.label))) return taxLines[0]!;
  return { v: Math.round(taxLines.reduce((sum, t) => sum + t.v * 100, 0)) / 100, c: Math.min(...taxLines.map((t) => t.c)) };
}

/** A page's footer line ("Page 1 of 2"). */
const PAGE_MARK = /^page\s*\d+\s*(?:of|\/)\s*\d+$/i;

/**
 * The line under line `index`, where a strip of totals labels finds its values: the next line, or — when the page
 * ended right under a strip's labels ({@link isTotalsStripLabels}), its "Page 1 of 2" between them — the first line
 * of the next page, moved up to sit under the labels (random layouts R131, R261, R289: Chromium printed the strip's
 * labels at the foot of page 1 and its values at the top of page 2).
 */
export function valuesBelow(lines: Line[], index: number): Line | undefined {
  const line = lines[index]!;
  const next = lines[index + 1];
  if (!next || !PAGE_MARK.test(next.text) || !isTotalsStripLabels(line.text)) return next;
  let k = index + 1;
  while (lines[k] && PAGE_MARK.test(lines[k]!.text)) k += 1;
  const after = lines[k];
  if (!after || !moneyWords(after.words).length) return next;
  const shift = line.y1 + line.height * 0.5 - after.y0;
  return makeLine(after.words.map((w) => ({ ...w, y0: w.y0 + shift, y1: w.y1 + shift })));
}

/** Labelled amounts of the totals block (from `from` on): subtotal, tax, total, and charges (freight, cores …). */
function readTotals(lines: Line[], from: number, withCharges: boolean) {
  let subtotal: { v: number; c: number } | null = null;
  const taxLines: { label: string; v: number; c: number }[] = [];
  let total: { v: number; c: number; rank: number } | null = null;
  const charges: ExtractedCharge[] = [];
  // A payment or deposit applied under the total ("Less Payment 203.40-", "Deposit Applied (230.60)"): the "Balance
  // Due" or "Amount Due" after it is what is left to pay, not the invoice's total (random layouts R7, R9, R23, R25).
  let paidAfterTotal = false;
  for (let i = Math.max(0, from); i < lines.length; i += 1) {
    const line = lines[i]!;
    for (const seg of segmentsWithValues(line, valuesBelow(lines, i))) {
      const { label, value } = seg;
      const match = TOTALS_LABELS.find(([re]) => re.test(label));
      const kind = match?.[1];
      if (kind === 'paid') {
        paidAfterTotal ||= total !== null;
        continue;
      }
      if (kind === 'subtotal') subtotal ??= { v: value.v, c: value.w.conf };
      else if (kind === 'total') {
        // "Total Tax" is the tax; a count, a weight or what was saved or discounted is not the amount to pay.
        if (/\btotal\s*tax\b/i.test(label)) {
          taxLines.push({ label, v: value.v, c: value.w.conf });
          continue;
        }
        if (/\btotal\s*(qty|quantity|items|pieces|weight|savings?|saved|discounts?|cores?|list|retail|msrp)\b|\b(savings?|saved|you\s*save|list|retail|msrp)\b/i.test(label)) continue;
        const name = TOTAL_NAME.exec(label)![1]!;
        const rank = TOTAL_RANK.indexOf(name.toLowerCase().replace(/\s+/g, ' '));
        if (value.v < 0 || (paidAfterTotal && /due|balance|pay/i.test(name))) continue;
        if (!total || rank <= total.rank) {
          // The label it beats was a subtotal ("Net Total" above "Invoice Amount").
          if (total && total.rank === TOTAL_RANK.indexOf('net total') && rank < total.rank) subtotal ??= { v: total.v, c: total.c };
          total = { v: value.v, c: value.w.conf, rank };
        } else if (rank === TOTAL_RANK.indexOf('net total')) subtotal ??= { v: value.v, c: value.w.conf };
      } else if (kind === 'tax') {
        taxLines.push({ label, v: value.v, c: value.w.conf });
      } else if (withCharges) {
        // Between the subtotal and the total every labelled amount adds to the total: one whose label names no
        // known charge ("Restock / special order") is an 'other' charge.
        const ck = chargeKind(label) ?? (subtotal && !total ? 'other' : null);
        if (ck && ck !== 'tax') {
          const v = (ck === 'discount' || ck === 'credit') && value.v > 0 ? -value.v : value.v;
          charges.push({ kind: ck, description: label.slice(0, 200), amount: v });
        }
      }
    }
  }
  return { subtotal, tax: taxOfLines(taxLines), total, charges };
}

/**
 * The totals block printed ABOVE the table, for a page with no total under it (a web store's summary box — Subtotal,
 * Shipping, Total, Amount Due — at the top right beside the invoice details): when `below` (the totals read after the
 * table) has no total, the lines before the table's header (`headerIndex`) are read as a totals block, and their
 * subtotal, tax, total and charges are used if they hold a total. Otherwise `below` is returned as it is.
 */
function totalsAboveWhenNoneBelow(below: ReturnType<typeof readTotals>, lines: Line[], headerIndex: number): ReturnType<typeof readTotals> {
  if (below.total || headerIndex <= 0) return below;
  const above = readTotals(lines.slice(0, headerIndex), 0, true);
  return above.total ? above : below;
}

/**
 * Whether a money word follows a totals or charge label of its own on its line ("Total $586.30" under "Sales Tax
 * EXEMPT"): then it is that label's value, not the value of a label above it.
 */
function labelledOnItsLine(line: Line, money: WordBox): boolean {
  const label = line.words.filter((w) => w.x1 <= money.x0 && readMoney(w.text) === null).map((w) => w.text).join(' ');
  return /[A-Za-z]{3,}/.test(label) && (TOTALS_LABELS.some(([re]) => re.test(label)) || chargeKind(label) !== null);
}

/** "Label ... 12.34" pairs on a line (a value after its label on the same line, or below it in a box). */
function segmentsWithValues(line: Line, below: Line | undefined): { label: string; value: { v: number; w: WordBox } }[] {
  const out: { label: string; value: { v: number; w: WordBox } }[] = [];
  let labelWords: WordBox[] = [];
  for (const w of line.words) {
    const v = readMoney(w.text);
    if (v === null) {
      if (!/^[$:%]$/.test(w.text) && !/^\d+(\.\d+)?%$/.test(w.text)) labelWords.push(w);
      continue;
    }
    if (labelWords.some((x) => /[A-Za-z]{2,}/.test(x.text))) {
      out.push({ label: labelWords.map((x) => x.text).join(' '), value: { v, w } });
      labelWords = [];
    }
  }
  if (!out.length && labelWords.length && below && below.y0 - line.y1 < line.height * 2.5) {
    // Label-above-value: each label segment takes the money word below it. A strip whose labels sit closer than its
    // values (more values below than label segments: "Merchandise Freight Shop supplies fee State Tax Total Amount"
    // over seven amounts, random layout R41) gives each label word to the value nearest under it instead.
    const values = moneyWords(below.words);
    const segs = segments(line);
    if (values.length >= 2 && values.length > segs.length) {
      const gap = (w: WordBox, v: WordBox) => Math.max(0, v.x0 - w.x1, w.x0 - v.x1);
      const words = new Map<WordBox, WordBox[]>(values.map(({ w }) => [w, []]));
      for (const w of line.words) {
        const nearest = values.reduce((a, b) => (gap(w, b.w) < gap(w, a.w) ? b : a));
        if (gap(w, nearest.w) < line.height * 3) words.get(nearest.w)!.push(w);
      }
      for (const value of values) {
        const label = words.get(value.w)!.map((w) => w.text).join(' ');
        if (/[A-Za-z]{3,}/.test(label)) out.push({ label, value });
      }
      return out;
    }
    for (const seg of segs) {
      const under = moneyWords(below.words).find(({ w }) => Math.min(w.x1, seg.x1 + line.height) - Math.max(w.x0, seg.x0 - line.height) > 0);
      if (under && /[A-Za-z]{3,}/.test(seg.text) && !labelledOnItsLine(below, under.w)) out.push({ label: seg.text, value: under });
    }
  }
  return out;
}

const INVOICE_LABEL = /^(?:invoice|inv)\.?\s*(?:no\b\.?|number|num\b\.?|#|n°|no:)?\s*[:.#]?$/i;
const NOT_INVOICE_NO = /^(acct|account|po|p\.o\.|order|so|s\.o\.|cust|customer|phone|tel|ref|job|ro|r\.o\.|claim|vin|stock|part|tax|fax|quote|store|route|page|sales|rep|terms|ship|unit|item|model|certificate|cert|exemption|exempt|resale|permit|licen[cs]e|reg|registration|gst|hst|pst|vat|ein|business)\.?$/i;

/**
 * An invoice number as read, with trailing punctuation dropped. A 0 in a letter prefix before the first dash is an O
 * ("P0-44871" → "PO-44871": a prefix with letters is a word, so the context is unambiguous); digits elsewhere stay.
 */
function cleanCode(token: string): string {
  const t = token.replace(/^[#:.]+/, '').replace(/[.,;:]+$/, '');
  const at = t.indexOf('-');
  if (at <= 0) return t;
  const prefix = t.slice(0, at);
  return /^[A-Z0]+$/i.test(prefix) && /[A-Z]/i.test(prefix) ? prefix.replace(/0/g, 'O') + t.slice(at) : t;
}

/** A month name or its abbreviation, as printed in dates ("26-MAR-26", "5Sep2026"). */
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*';
/** A token that can be an invoice number: a digit, letters/digits/dashes/slashes only, and not a date (numeric or with a month name). */
const looksLikeNumber = (t: string) =>
  /\d/.test(t) &&
  /^[A-Z0-9][A-Z0-9\-/]*$/i.test(t) &&
  !/^\d{1,2}[/-]\d{1,2}[/-]\d{2,4}$/.test(t) &&
  !/^\d{4}[/-]\d{1,2}[/-]\d{1,2}$/.test(t) &&
  !new RegExp(`^\\d{1,2}[-/]?${MONTH}[-/]?\\d{2,4}$`, 'i').test(t);

/** Label segments of a line: runs of words split at gaps wider than the words' own height, and before a new label. */
function labelSegments(line: Line): Line[] {
  const out: WordBox[][] = [];
  let current: WordBox[] = [];
  for (const w of line.words) {
    const last = current[current.length - 1];
    const h = Math.min(w.y1 - w.y0, last ? last.y1 - last.y0 : Infinity);
    const newLabel =
      /^(invoice|inv|page|terms|account|acct|customer|po|order)\b/i.test(w.text) ||
      // "Date" after the word naming it is one label ("Delivery Date: OCT-20-2026": split as "Delivery" | "Date: …",
      // the delivery date passed for the invoice's when its own was misread, random layout R4469, silently).
      (/^date\b/i.test(w.text) && !!last && !/^(invoice|inv\.?|order|ordered|due|ship|shipped|po|delivery|billing|print|printed)$/i.test(last.text));
    if (last && (w.x0 - last.x1 > h * 1.2 || newLabel)) {
      out.push(current);
      current = [];
    }
    current.push(w);
  }
  if (current.length) out.push(current);
  return out.map(makeLine);
}

/**
 * Whether a word follows a label of its own on its line ("Sales Order 7605111", "Job / PO: PO16664" under an
 * "INVOICE" title): a word of three letters or more before it in the same label segment, or a short label before it
 * that ends in a colon or is one of NOT_INVOICE_NO's ("PO:", "RO", "Acct"); or, across any gap, a word with a letter
 * or "#" ending in a colon straight before it (a key-value block's column of values: "Cust Acct:    9581C" under an
 * "Invoice" title, random layout R1784, whose account number was read as the invoice's, silently). Such a value is not
 * the one under the label.
 */
export function afterOwnLabel(line: Line, word: WordBox): boolean {
  const before = line.words[line.words.indexOf(word) - 1];
  if (before && /[A-Za-z#].*:$/.test(before.text)) return true;
  const seg = labelSegments(line).find((s) => s.words.includes(word));
  const at = seg ? seg.words.indexOf(word) : -1;
  return at > 0 && seg!.words.slice(0, at).some((w) => /[A-Za-z]{3,}/.test(w.text) || (/[A-Za-z]/.test(w.text) && /:$/.test(w.text)) || NOT_INVOICE_NO.test(w.text.replace(/:$/, '')));
}

/**
 * The lines with a code read with a dollar or section sign for its first S given its S back ("$83-63778" for
 * `S83-63778`, an aftermarket distributor's invoice number beside "No.": extra9 L69), marked for checking
 * ({@link signsReadForS}: never an amount). Other words as read.
 */
function withSignsAsS(lines: Line[]): Line[] {
  return lines.map((line) => {
    if (!line.words.some((w) => signsReadForS(w.text) !== null)) return line;
    return makeLine(line.words.map((w) => {
      const code = signsReadForS(w.text);
      return code === null ? w : { ...w, text: code, conf: Math.min(w.conf, CHANGED_CONFIDENCE) };
    }));
  });
}

/** The invoice number (see module docs). */
function findInvoiceNumber(read: Line[]): { value: string; conf: number } | null {
  const lines = withSignsAsS(read);
  // 1. Label and value on the same line: "Invoice # 48213", "INV NO: A-1002", "Invoice Number 1234".
  //    A "value" far right of its label (over three letter heights) is another block's word on that line ("INVOICE #
  //    … 760 ROUTE 9 NORTH", the supplier's address beside a box whose number is printed under its label: random
  //    layouts R247, R270): it is taken only when no box label has its value under it (step 2).
  //    "Invoice: 01080" (a colon straight after the word) names the number too (random layouts R225, R391); "Date of
  //    Invoice: 25 October 2026" names a date (R592).
  const same = /(?<!\bof\s+)\b(?:invoice|inv)\.?(?:\s*(?:no\b\.?|number|num\b\.?|#|n°)\s*[:.#]?|:)\s*#?\s*([A-Z0-9][A-Z0-9\-/]*)/i;
  // The document's title with a number's prefix, the number wrapped onto the line below ("INVOICE INV-" over
  // "298831": random layout R1381, whose "298831" alone was taken from under the title, silently).
  const titleWithPrefix = /\binvoice:?\s+([A-Z]{1,5}-)(?=\s|$)/i;
  let farBeside: { value: string; conf: number } | null = null;
  for (const [i, line] of lines.entries()) {
    const m = same.exec(line.text) ?? titleWithPrefix.exec(line.text);
    // A number wrapped at its hyphen ("INVOICE NO. INV-" over "07472" in a narrow header column: random layout R749,
    // whose "07472" alone was taken silently): the line below goes on with it at the column's left edge.
    const part = m && /^[A-Z]{1,5}-$/i.test(m[1]!) ? line.words.findIndex((x) => x.text.endsWith(m[1]!)) : -1;
    const after = line.words[part + 1];
    // The label's own block: a name or an address may share the line at its left.
    const block = part >= 0 ? segments(line).find((seg) => seg.words.includes(line.words[part]!)) : undefined;
    // The line below may come after a taller block's lines beside it (the supplier's name in a band; on a photograph
    // a band read in pieces, "CAPITOL COLLISION SUPPLY" then "CO.": random layout R1381's photograph, silently).
    const wrapped =
      block && (!after || after.x0 - line.words[part]!.x1 > line.height * 3)
        ? lines.slice(i + 1, i + 5).reduce<WordBox | null>((found, next) => found ?? wrappedValue(block, next), null)
        : null;
    if (wrapped) return { value: `${m![1]}${cleanCode(wrapped.text)}`, conf: round2(Math.min(wrapped.conf, line.words[part]!.conf)) };
    if (m && looksLikeNumber(cleanCode(m[1]!))) {
      const at = line.words.findIndex((x) => cleanCode(x.text) === cleanCode(m[1]!) || x.text.endsWith(m[1]!));
      const w = line.words[at];
      const label = line.words[at - 1];
      if (w && label && w.x0 - label.x1 > line.height * 3) {
        farBeside ??= { value: cleanCode(m[1]!), conf: round2(w.conf) };
        continue;
      }
      // A lone character before the number is a box's border read as a letter ("Invoice No. 1 7592722").
      const next = line.words[at + 1];
      if (w && cleanCode(w.text).length === 1 && next && cleanCode(next.text).length >= 3 && looksLikeNumber(cleanCode(next.text)) && next.x0 - w.x1 < line.height * 2)
        return { value: cleanCode(next.text), conf: round2(Math.min(next.conf, w.conf)) };
      return { value: cleanCode(m[1]!), conf: round2(w?.conf ?? 1) };
    }
  }
  // 1b. A box grid whose label may take two lines ("INVOICE" over "NUMBER", "Document" over "No.": random layouts
  //     R6, R43), read by the label over each value.
  for (const [i, line] of lines.entries()) {
    for (const w of line.words) {
      if (!looksLikeNumber(cleanCode(w.text))) continue;
      const label = stackedLabelAbove(lines, i, makeLine([w]));
      if (/^(?:invoice|inv\.?|document)\s*(?:no\b\.?|number|num\b\.?|#)\s*:?$/i.test(label)) return { value: cleanCode(w.text), conf: round2(w.conf) };
    }
  }
  // 2. Label above value: the box under "Invoice #" / "Invoice No." / "Invoice".
  for (let i = 0; i < lines.length - 1; i += 1) {
    const line = lines[i]!;
    const segs = labelSegments(line);
    for (const [k, seg] of segs.entries()) {
      if (!INVOICE_LABEL.test(seg.text) || !/\b(?:inv|invoice)\b/i.test(seg.text)) continue;
      if (/^invoice$/i.test(seg.text) && seg.height > line.height * 1.3) continue;
      // "Date of Invoice" names a date and "Sales Invoice" the document: their "Invoice" is not a label of the number
      // (random layouts R122, R302).
      const before = segs[k - 1]?.words.at(-1);
      if (before && TITLE_OR_DATE_BEFORE_INVOICE.test(before.text) && seg.x0 - before.x1 < seg.height * 1.5) continue;
      // Its value beside it (a key-value table): read by 2c, not under it.
      if (valueBesideLabel(segs, k)) continue;
      const h = seg.height;
      // Lines of other blocks (an address beside the boxes) may sit between the label and its value: up to three below.
      // A word ending before the label starts is another block's, not the value under it ("Boise, ID 83709" of the
      // supplier's address left of a title "Invoice" over "Document No. 08-22637": random layout R1657, silently).
      for (const below of lines.slice(i + 1, i + 4)) {
        if (below.y0 - seg.y1 > h * 4) break;
        const w = below.words.find(
          (x) =>
            Math.min(x.x1, seg.x1 + h * 2) - Math.max(x.x0, seg.x0 - h * 2) > 0 &&
            x.x1 > seg.x0 &&
            looksLikeNumber(cleanCode(x.text)) &&
            !afterOwnLabel(below, x),
        );
        if (w) return { value: cleanCode(w.text), conf: round2(w.conf) };
        // Another box's label under this one ("Document No." and "Account No." under a document title "Invoice":
        // random layout R788 took the account number, silently): its value is not further down.
        if (below.words.some((x) => Math.min(x.x1, seg.x1) - Math.max(x.x0, seg.x0) > 0 && /[A-Za-z]{3,}/.test(x.text))) break;
      }
    }
  }
  if (farBeside) return farBeside;
  // 2b. The document's title with its number: "INVOICE 5652054" (no "No." or "#" between them).
  const titled = titleNumber(lines);
  if (titled) return titled;
  // 2c. A key-value table: "Invoice" left of its value across a gap ("Invoice    INV-927601").
  const keyed = keyValueNumber(lines);
  if (keyed) return keyed;
  // 3. "No. 48213" / "No: 48213" not preceded by another label (Acct No, PO No …).
  for (const line of lines) {
    const ws = line.words;
    for (let k = 0; k < ws.length - 1; k += 1) {
      if (!/^no\.?:?$|^#:?$/i.test(ws[k]!.text)) continue;
      const prev = ws[k - 1];
      if (prev && NOT_INVOICE_NO.test(prev.text) && ws[k]!.x0 - prev.x1 < line.height * 1.5) continue;
      // A colon read apart from its label ("Document No. : 582363-48", random layout R167 on a page image).
      const next = ws[k + 1]!.text === ':' && ws[k + 2] ? ws[k + 2]! : ws[k + 1]!;
      // A word over three letter heights away is another block's on that line: the house number of the supplier's
      // address beside a box labelled "Inv #", read "lov #" off a photograph (random layout R612, silently), as in 1.
      if (next.x0 - ws[ws.indexOf(next) - 1]!.x1 > line.height * 3) continue;
      if (looksLikeNumber(cleanCode(next.text))) return { value: cleanCode(next.text), conf: round2(next.conf) };
    }
  }
  // 4. No invoice label anywhere: "Ref T-28916" / "Reference: 4471" / "Ref # 5521" names the document. A reference
  //    can be the customer's too, so the value is marked for checking (below NUMBER_CHECK_BELOW).
  //    ("Document No." is read by 3.)
  for (const line of lines) {
    const ws = line.words;
    for (let k = 0; k < ws.length - 1; k += 1) {
      if (!/^(ref|reference)[.:#]?$/i.test(ws[k]!.text)) continue;
      let at = k + 1;
      if (/^(no|#|number)[.:]?$/i.test(ws[at]?.text ?? '')) at += 1;
      const next = ws[at];
      if (!next || next.x0 - ws[at - 1]!.x1 > line.height * 3) continue;
      if (looksLikeNumber(cleanCode(next.text))) return { value: cleanCode(next.text), conf: round2(Math.min(next.conf, REFERENCE_CONF)) };
    }
  }
  return null;
}

/**
 * The rest of a value wrapped onto the line below `line` (the label's block, whose last word ends the value's first
 * part): the word of `next` that starts within one letter height of `line`'s left edge, when `next` lies within one
 * letter height below it and the word is a number ({@link looksLikeNumber}, digits only for its first character).
 * Else null.
 */
function wrappedValue(line: Line, next: Line | undefined): WordBox | null {
  const w = next?.words.find((x) => Math.abs(x.x0 - line.x0) <= line.height);
  if (!next || !w || next.y0 - line.y1 > line.height) return null;
  const v = cleanCode(w.text);
  return /^\d/.test(v) && looksLikeNumber(v) ? w : null;
}

/**
 * An invoice number printed right after the word "INVOICE" in the document's title ("INVOICE 5652054"): the first
 * word of a label segment (see {@link labelSegments}) is "Invoice" and the next word, within two letter heights, is a
 * number of four characters or more that is not a date or money ("Invoice 11/03/2026", "Invoice Total 412.00" and
 * "Invoice Date" are not). Returns the number as read and its confidence, or null.
 */
export function titleNumber(lines: Line[]): { value: string; conf: number } | null {
  for (const line of lines)
    for (const seg of labelSegments(line)) {
      const [first, next] = seg.words;
      if (!first || !next || !/^invoice:?$/i.test(first.text)) continue;
      if (next.x0 - first.x1 > seg.height * 2) continue;
      const value = cleanCode(next.text);
      if (value.length >= 4 && looksLikeNumber(value) && readMoney(next.text) === null) return { value, conf: round2(next.conf) };
    }
  return null;
}

/**
 * An invoice number printed as the value of an "Invoice" / "Invoice No." row of a key-value table, the label left of
 * its value across a gap wider than a space ("Invoice    INV-927601" above "Date    Thursday, …" and "Order #    6421870"):
 * a label segment (see {@link labelSegments}) that is an invoice label in its value's print size (a title set larger
 * is not a label), followed within ten letter heights by a segment of one word, a number of four characters or more
 * that is not a date or money (or of two: a prefix of capitals and such a number, "INV 8947865"). Returns the number as
 * read and its confidence, or null.
 */
export function keyValueNumber(lines: Line[]): { value: string; conf: number } | null {
  for (const line of lines) {
    const segs = labelSegments(line);
    for (let k = 0; k + 1 < segs.length; k += 1) {
      const w = valueBesideLabel(segs, k);
      if (w) return { value: cleanCode(w.text), conf: round2(w.conf) };
    }
  }
  return null;
}

/**
 * The value of label segment `segs[k]` in a key-value table ({@link keyValueNumber}'s conditions: an invoice label in
 * its value's print size, then within ten letter heights a segment of one word, a number of four characters or more
 * that is neither a date nor money, or of a capital prefix and such a number, returned as one word), or null. Shared with the label-above reading, which must not look under such a
 * label: "INVOICE  0054072" over "Date  Wed 10/14/2026" and "Account  7387-01" (a paint jobber's key-value box,
 * extra6 L51) gave the account number, the value under "INVOICE", silently on two of four pages.
 */
export function valueBesideLabel(segs: Line[], k: number): WordBox | null {
  const [label, value] = [segs[k]!, segs[k + 1]];
  if (!value || !INVOICE_LABEL.test(label.text) || !/\b(?:inv|invoice)\b/i.test(label.text) || label.height > value.height * 1.3) return null;
  if (value.x0 - label.x1 > label.height * 10) return null;
  // A number printed with its letter prefix and a space ("Invoice   INV 8947865", a fastener supplier: extra9 L71) is
  // the value as printed: two to four capitals, not another document's label (PO, Acct), then the number.
  const [a, b] = value.words;
  if (value.words.length === 2 && /^[A-Z]{2,4}$/.test(a!.text) && !NOT_INVOICE_NO.test(a!.text) && b!.x0 - a!.x1 < value.height * 1.5) {
    const v = cleanCode(b!.text);
    if (v.length >= 4 && /^\d/.test(v) && looksLikeNumber(v) && readMoney(b!.text) === null)
      return { ...b!, text: `${a!.text} ${v}`, x0: a!.x0, conf: Math.min(a!.conf, b!.conf) };
  }
  if (value.words.length !== 1) return null;
  const w = value.words[0]!;
  const v = cleanCode(w.text);
  return v.length >= 4 && looksLikeNumber(v) && readMoney(w.text) === null ? w : null;
}

/** Confidence given to an invoice number taken from a "Ref" label: the form asks to check it. */
const REFERENCE_CONF = 0.7;

/**
 * The label printed over a value in a box grid (`value`: words of line `index`), read upwards: on each line above
 * within three of the value's heights, the words whose span meets the value's; a head printed on two lines ("INVOICE"
 * over "NUMBER", "Billing" over "Date", the cells' text set to their bottom or middle) is read top first. Lines with no
 * word there are passed over; it stops at a line whose words there hold a digit or belong to a date (another box's
 * value) or are printed 1.3 × larger than the label's first (a title over the grid), and three value heights above the
 * label's top. Returns
 * the label's words joined by spaces, or '' when nothing is above the value.
 */
export function stackedLabelAbove(lines: Line[], index: number, value: Line): string {
  const found: string[] = [];
  let bottom = value.y0;
  let size = 0;
  for (let k = index - 1; k >= 0; k -= 1) {
    const line = lines[k]!;
    if (bottom - line.y1 > value.height * 3) break;
    // The words over the value, with the rest of their label's segment ("Document No." over "05881" meets it with
    // "Document" only).
    const meets = (w: WordBox) => Math.min(w.x1, value.x1) - Math.max(w.x0, value.x0) > 0;
    const over = segments(line, 1).filter((seg) => seg.words.some(meets)).flatMap((seg) => seg.words);
    // Lines of the boxes beside it (labels of other heights set to the cells' bottom) interleave: passed over.
    if (!over.length) continue;
    // Another box's value, or larger print than the label's (the page's title over the grid). Words of a date are a
    // value too, though only its month's name is over the value ("Inv Date November 11, 2026" over a grid's
    // "Delivery Date": random layout R2720 read "Inv Date November Delivery Date" as the label of the delivery date,
    // and took that date for the invoice's).
    const height = median(over.map((w) => w.y1 - w.y0));
    if (over.some((w) => /\d/.test(w.text)) || dateRuns(line).some((run) => run.words.some((w) => over.includes(w))) || (size && height > size * 1.3)) break;
    found.unshift(over.map((w) => w.text).join(' '));
    bottom = line.y0;
    size ||= height;
  }
  return found.join(' ');
}

/** A label naming the invoice's own date: "Invoice Date", "Inv. Date", "Billing Date", "Date of Invoice", "Inv Dt". */
const INVOICE_DATE_LABEL = /\b(?:invoice|inv\.?|billing)\s*(?:date|dt)\b|\bdate\s+of\s+invoice\b/i;

/**
 * The invoice date printed under its label in a box grid whose labels may take two lines ({@link stackedLabelAbove}):
 * each segment of a line that is a date and nothing more, labelled "Invoice Date" and the like (else, if none is,
 * a bare "Date"), top first. Null when no such box is on the page. Before, the first date under a line naming a date
 * was taken, the due date of "Due | Invoice / Date | Delivery / Date" (random layouts R23, R38: silently).
 */
function dateInLabelledBox(lines: Line[], conf: (line: Line, raw: string) => number): { iso: string | null; raw: string; conf: number } | null {
  let plain: { iso: string | null; raw: string; conf: number } | null = null;
  for (const [i, line] of lines.entries()) {
    for (const seg of dateRuns(line)) {
      // A date printed after a label of its own on its line ("Ordered: 9.29.26" under "Date of Invoice: 10.4.26",
      // random layout R712: the order date was taken, silently) is not the value of a box under a label.
      if (dateAfterOwnLabel(line, seg)) continue;
      const found = readDate(seg.text)!;
      // The box's label is looked for over the whole value, its weekday too ("Thursday, March 12, 2026" under "Billing
      // Date", whose "Date" ends before "March": random layout R1129 found no label and took the order date, silently).
      const before = line.words[line.words.indexOf(seg.words[0]!) - 1];
      const value = before && WEEKDAY.test(before.text.replace(/[.,:]+$/, '')) ? makeLine([before, ...seg.words]) : seg;
      const label = stackedLabelAbove(lines, i, value);
      if (INVOICE_DATE_LABEL.test(label)) return { ...found, conf: conf(line, found.raw) };
      if (/^date\W*$/i.test(label)) plain ??= { ...found, conf: conf(line, found.raw) };
    }
  }
  return plain;
}

/**
 * Whether date run `seg` of `line` follows a label of its own: in the same label segment (see {@link labelSegments}),
 * a word before the date that has letters and ends in a colon ("Ordered:", "Due Date:"), a weekday aside.
 */
export function dateAfterOwnLabel(line: Line, seg: Line): boolean {
  return ownLabelWords(line, seg).some((w) => /[A-Za-z]{2,}.*:$/.test(w.text) && !WEEKDAY.test(w.text.replace(/[.,:]+$/, '')));
}

/** The words before date run `seg` of `line` in its own label segment ("ORDER DT:" of "ORDER DT: Jan. 21, 2026"). */
function ownLabelWords(line: Line, seg: Line): WordBox[] {
  const first = seg.words[0]!;
  const own = labelSegments(line).find((s) => s.words.includes(first));
  return own ? own.words.slice(0, own.words.indexOf(first)) : [];
}

/** A weekday's name or its abbreviation. */
const WEEKDAY = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?$/i;

/**
 * The dates of a line as runs of its words, left to right: from each word not yet taken, the longest run of up to five
 * words that is a date and nothing more (a weekday before it is left out). Boxes of a grid printed close
 * together ("Sun Dec 13 2026  NET 30", a monospace grid's cells a space apart: random layout R245) are found so,
 * where splitting the line at wide spaces kept the terms in the date's box.
 */
export function dateRuns(line: Line): Line[] {
  // A run's text is a stretch of the line's: a line without a date holds no run that is one.
  if (!readDate(line.text)) return [];
  const out: Line[] = [];
  const ws = line.words;
  for (let i = 0; i < ws.length; ) {
    let taken = 0;
    for (let n = Math.min(5, ws.length - i); n >= 1 && !taken; n -= 1) {
      const run = ws.slice(i, i + n);
      const text = run.map((w) => w.text).join(' ');
      const found = readDate(text);
      // The run is the date and nothing more: "11 Apr 2026 17" is a date and the first word of the next box's (random
      // layout R38), "4 11 Apr 2026" the last word of the box before it.
      if (!found || text.replace(/[.,;:]+$/, '') !== found.raw.replace(/[.,;:]+$/, '')) continue;
      // Words of one date sit within two letter heights of each other.
      if (run.some((w, k) => k > 0 && w.x0 - run[k - 1]!.x1 > line.height * 2)) continue;
      out.push(makeLine(run));
      taken = n;
    }
    i += taken || 1;
  }
  return out;
}

/**
 * A box label naming a date other than the invoice's: due (a payment's too: "Payment Due:"), shipped, ordered,
 * delivered, printed, a PO's; "Date" or "Dt" after it may be joined to it ("OrderDate:"), and the date's weekday may
 * follow it when the date is read without it ("Due: Sun"). (Random layouts R906 and
 * R918, photographs: the invoice date's own label or value misread, "Payment Due: Sun Feb 01 2026" was taken for it.)
 */
const OTHER_DATE_LABEL = /^(?:(?:payment\s+)?(?:due|ship(?:ped)?|order(?:ed)?|deliver(?:y|ed)|print(?:ed)?|p\.?o\.?|promised|expires?)(?:\s*(?:date|dt)\b|\b)|date\s+(?:due|shipped|ordered|required))\W*(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\W*)?$/i;

/**
 * Whether date run `seg` of line `i` is labelled as another date than the invoice's ({@link OTHER_DATE_LABEL}): by the
 * label stacked above it ("SHIPPED") or by its own label before it on its line ("ORDER DT:").
 */
function isOtherDate(lines: Line[], i: number, seg: Line): boolean {
  // A weekday alone before the date is the date's own word: the label is then the box before it on the line ("OrderDate:"
  // then, a wide space on, "Sat Jan 17 2026": random layout R906's photograph).
  let own = ownLabelWords(lines[i]!, seg);
  if (own.every((w) => WEEKDAY.test(w.text.replace(/[.,:]+$/, '')))) {
    const segs = labelSegments(lines[i]!);
    const k = segs.findIndex((s) => s.words.includes(seg.words[0]!));
    if (k > 0) own = [...segs[k - 1]!.words, ...own];
  }
  const before = own.map((w) => w.text).join(' ');
  return OTHER_DATE_LABEL.test(stackedLabelAbove(lines, i, seg)) || OTHER_DATE_LABEL.test(before);
}

/** A label on a line naming a date other than the invoice's: "Due Date", "Ship Date", "Order Date", "PO Date" … */
const OTHER_DATE_ON_LINE = /\b(due|ship|shipped|order|ordered|po|delivery|print|printed)\s+date/i;

/** Whether a line names another date than the invoice's ({@link OTHER_DATE_ON_LINE}) and not "Invoice Date". */
const namesOtherDate = (text: string) => OTHER_DATE_ON_LINE.test(text) && !/invoice\s+date/i.test(text);

/** The invoice date (see module docs): a labelled box of a grid first ({@link dateInLabelledBox}), then by the lines' text. */
function findDate(lines: Line[]): { iso: string | null; raw: string | null; conf: number; otherDatesOnly?: boolean } {
  const fromLine = (line: Line, after: RegExp | null) => {
    // The label's alternatives grouped, so that all of the line up to it goes ("Due Wed 09/09/2026 Acct 4095C Inv. Date
    // Mon 08/10/2026" kept the due date: random layout R355).
    const text = after ? line.text.replace(new RegExp(`^.*?(?:${after.source})\\s*[:.]?`, 'i'), '') : line.text;
    return readDate(text);
  };
  const conf = (line: Line, raw: string) => meanConf(line.words.filter((w) => raw.includes(w.text) || w.text.includes(raw)));
  const boxed = dateInLabelledBox(lines, conf);
  if (boxed) return boxed;
  // The line's first date not in a box labelled as another date ("SHIPPED", "DUE"): when the invoice date's own box
  // was misread ("8/1/26" as "811726" under "BILLING DATE"), the shipping date beside it was taken silently (random
  // layout R266). No date is better than another date: the form then asks for it.
  // Nor a date after a label of its own on its line naming another date ("ORDER DT: Jan. 21, 2026" below "INV DATE:
  // Jan. 27,2026", whose date went unread: random layout R2063 took the order date, silently).
  const ownDate = (line: Line) => {
    const i = lines.indexOf(line);
    const runs = dateRuns(line);
    const own = runs.length ? runs.find((seg) => !isOtherDate(lines, i, seg)) : line;
    return own ? readDate(own.text) : null;
  };
  const tries: { line: Line; re: RegExp | null; below: boolean }[] = [];
  // "Billing Date" and "Date of Invoice" name the invoice's date as "Invoice Date" does (random layout R371: its line
  // also held a due date, so it was passed over as one).
  for (const re of [/invoice\s+date|inv\.?\s+date|billing\s+date|date\s+of\s+invoice/, /\bdate\b/]) {
    lines.forEach((line, i) => {
      if (!re.test(line.text.toLowerCase())) return;
      if (re.source.includes('\\bdate') && namesOtherDate(line.text)) {
        // "Order Date 10/01  Invoice Date 10/03": only when a plain Date also appears.
        if (!/(^|[^a-z]\s)date\b/i.test(line.text.replace(new RegExp(OTHER_DATE_ON_LINE.source, 'gi'), ''))) return;
      }
      tries.push({ line, re, below: false });
      const next = lines[i + 1];
      if (next && next.y0 - line.y1 < line.height * 3) tries.push({ line: next, re: null, below: true });
    });
  }
  for (const t of tries) {
    if (t.below) {
      // Label-above-value: the date under the label; not a line labelled as another date ("Date: 17-)JAN-26" misread,
      // then "Due Date: 16-FEB-26": random layout R3167 took the due date, silently).
      const labelLine = t.line;
      if (namesOtherDate(labelLine.text)) continue;
      const found = ownDate(labelLine);
      if (found) return { iso: found.iso, raw: found.raw, conf: conf(labelLine, found.raw) };
      continue;
    }
    const found = fromLine(t.line, t.re);
    if (found) return { iso: found.iso, raw: found.raw, conf: conf(t.line, found.raw) };
  }
  for (const line of lines) {
    if (/\b(due|ship|order)\s+date/i.test(line.text)) continue;
    const found = ownDate(line);
    if (found) return { iso: found.iso, raw: found.raw, conf: conf(line, found.raw) };
  }
  // A date of the page is in a box labelled as another date (the invoice date's own box misread: "Tue 0912912026"
  // beside "Thu 10/01/2026" under "Ship Date", random layout R929, whose ship date the line-based reader then gave
  // silently).
  const otherDatesOnly = lines.some((line, i) => dateRuns(line).some((seg) => isOtherDate(lines, i, seg)));
  return { iso: null, raw: null, conf: 0, otherDatesOnly };
}

const SUPPLIER_LABEL = /^\s*(?:supplier|vendor|from|sold\s+by|remit\s+to)\s*[:-]\s*(.+)$/i;
/**
 * Headings that are not the supplier's name. "Bill to", "Billed to", "Sold to", "Ship to" and "Deliver to" are also known
 * as the OCR slips them: a full stop or nothing for the space, a zero for the O ("SOLD.T0", "SHIPTO"). ("Billed To" in
 * swollen boxes was taken for the supplier of random layout R754's photograph; "ShipVia. UPS Ground", its colon read as
 * a stop, for R827's; "Shipped Via UPS Ground" for R1036's.) A salesperson's line ("Sales Rep K. Olsen") is no name
 * either, nor a grid's labels starting with "Payment" ("PAYMENT TERMS ORDERED" in swollen boxes over R1671's
 * photographed name).
 */
const NOT_SUPPLIER =
  /^(invoice|inv\b|tax\s+invoice|sales\s+invoice|(?:bill(?:ed)?|sold|ship|deliver)\W*t[o0]\b|ship(?:ped)?\W*via\b|sales\s*rep\b|salesperson|customer|statement|page|date|remit|phone|tel|fax|email|www\.|http|acct|account|terms|payment\b|po\b|p\.o\.|order|original|copy|duplicate|packing|thank)/i;

/**
 * Confidence under which a heading of one short word (four letters or fewer) is a speck or a band's edge read as
 * letters, not a name: a photographed greenbar page's "ALS" (0.41, 51 px high against 23 px of print) was taken for the
 * supplier of extra6 J03 over "SUNCOAST TOYOTA LEXUS WHOLESALE" (marked, so warned). A name's own short words are read
 * with far more confidence.
 */
export const SHORT_HEADING_MIN_CONF = 0.5;

/** Whether a heading is one word of four letters or fewer read under {@link SHORT_HEADING_MIN_CONF}. */
export function isDoubtedSpeck(seg: Line): boolean {
  return seg.words.length === 1 && seg.words[0]!.text.replace(/[^A-Za-z]/g, '').length <= 4 && seg.words[0]!.conf < SHORT_HEADING_MIN_CONF;
}

/**
 * A supplier's name without an e-mail address printed after it ("PartsLink Brokerage LLC <billing@partslinkparts.com>",
 * an e-mailed invoice's "From:" line: extra8 L66): no business is named so. Trimmed.
 */
export function withoutEmail(name: string): string {
  return name.replace(/\s*[<(]?[\w.+-]+@[\w-]+(?:\.[\w-]+)+[>)]?/g, '').trim();
}

/**
 * The left edges (px) of a line's segments that are the values of a grid of labels over values: "Payment Terms | Sales
 * Rep | Invoice Date" over "Net 15 | Counter 4 | Mon Aug 03 2026" (random layout R1287, whose "Counter 4" was boxed
 * taller than the name by the grid's rule beside it, and was taken for the supplier, silently). A segment is a value
 * when a segment of words without digits in the line `above` (at most 1.5 × the line's height above it) starts within
 * one line height of where it starts; the line is such a row when two of its segments or more are. Empty otherwise.
 */
export function gridValues(line: Line, above: Line | undefined): number[] {
  if (!above || line.y0 - above.y1 > 1.5 * line.height) return [];
  const labels = segments(above).filter((a) => /[A-Za-z]{2}/.test(a.text) && !/\d/.test(a.text));
  const values = segments(line).filter((seg) => labels.some((a) => Math.abs(a.x0 - seg.x0) <= line.height));
  return values.length >= 2 ? values.map((seg) => seg.x0) : [];
}

/** A label whose value follows it on the line: "Customer", "Bill To", "Sold To", "Ship To", "To", "Attn", or any "…:". */
export function isLabelOfNext(text: string): boolean {
  return /^(?:customer|cust\.?|(?:bill|sold|ship|deliver)\W*t[o0]|to|attn\.?)\W*$/i.test(text.trim()) || /:\s*$/.test(text);
}

/** Largest share of the name's median box height at which a document title beside it is print of another size. */
export const SMALLER_TITLE = 0.7;
/**
 * Largest share of the name's median box height at which a document title beside it standing on another baseline
 * ({@link BASELINE_APART}) is print of another size: top-aligned print of 20 px beside 26 px (random layout R2749's
 * boxes 28 px beside 38 px, 0.74).
 */
export const SMALLER_TITLE_OFF_BASELINE = 0.85;
/**
 * Least distance between a title's and a name's baselines (their lowest box bottoms), as a share of the name's box
 * height, for them to stand on different lines of print: a descender only lowers a box, so words of one line of print
 * share their lowest bottom (R2749: 15 px of 38, 0.39).
 */
export const BASELINE_APART = 0.25;

/** A number's label standing alone before its value: "No.", "#", "Number", "Num." (a colon after it or not). */
const NUMBER_LABEL = /^(?:#|no\.?:?|number:?|num\.?:?|nbr\.?:?)$/i;

/** A paper whose number a label names ("Document No.", "Order #", "Acct No."): a label's first word, never a name's last. */
const NUMBERED_PAPER = /^(?:document|doc\.?|order|ref\.?|reference|account|acct\.?|customer|cust\.?|ticket|receipt|transaction)$/i;

/** Words that qualify a document's title ("SALES INVOICE", "PARTS INVOICE"), as a pattern's alternatives. */
const TITLE_QUALIFIER = 'sales|parts|tax|counter|commercial|customer';
/**
 * A document's title printed as a heading ("Invoice / Packing List", "SALES INVOICE", "PARTS INVOICE"): a seller's kind
 * of paper, never its name.
 */
const DOCUMENT_TITLE = new RegExp(`^(?:(?:${TITLE_QUALIFIER})\\s+)?(?:invoice|packing\\s+list|invoice\\s*\\/\\s*packing(?:\\s+list)?)$`, 'i');
/** A word right before "Invoice" that makes it a title ("Sales Invoice") or a date's label ("Date of Invoice"). */
const TITLE_OR_DATE_BEFORE_INVOICE = new RegExp(`^(?:of|${TITLE_QUALIFIER})$`, 'i');

/**
 * A heading segment without a document title set apart from the name on its line: "Valley Parts Depot, Inc."
 * then, a wide space on, "Invoice / Packing List" in the same print (random layouts R10, R14 read the title into the
 * name). The title is dropped when it ends or starts the segment and the space between it and the name is wider than
 * 0.6 of the line's height and than 1.8 × the segment's other word spaces, or the name ends in a company's suffix (Inc.,
 * LLC, Ltd, Co., Corp.: before the title, or at the segment's end after it), or the title's boxes are at most
 * {@link SMALLER_TITLE} of the name's high (or {@link SMALLER_TITLE_OFF_BASELINE} standing on another baseline,
 * {@link BASELINE_APART}); a segment that is a title only gives null.
 * Evenly spaced words are one heading ("SUMMIT WHOLESALE PARTS INVOICE" keeps its "PARTS"; the caller drops a last
 * "INVOICE").
 */
export function withoutDocumentTitle(seg: Line): Line | null {
  const words = seg.words;
  const text = (ws: WordBox[]) => ws.map((w) => w.text).join(' ');
  if (DOCUMENT_TITLE.test(text(words))) return null;
  const gaps = words.slice(1).map((w, k) => w.x0 - words[k]!.x1);
  const apart = (k: number) => {
    const others = gaps.filter((_, j) => j !== k - 1);
    return gaps[k - 1]! > seg.height * 0.6 && (!others.length || gaps[k - 1]! > 1.8 * median(others));
  };
  // A company's suffix ends its name, so a title after it is apart however close ("Supply Inc. Invoice / Packing List").
  const suffix = (k: number) => /^(?:inc|llc|ltd|co|corp|l\.l\.c)\.?,?$/i.test(words[k - 1]!.text);
  // "Invoice / Packing List" names no business however close it is printed (random layouts R230, R290, monospace and
  // serif print whose spaces are all alike).
  const twoPapers = (ws: WordBox[]) => /^invoice\s*\/\s*packing\s+list$/i.test(text(ws));
  // A title in capitals after a name in small letters ("Pioneer Motor Parts PARTS INVOICE": random layout R693).
  const caseApart = (k: number) => /[a-z]/.test(text(words.slice(0, k))) && !/[a-z]/.test(text(words.slice(k)));
  // A title in print clearly smaller than the name's, however close ("Granite State Parts Warehouse" in 55 px display
  // print, then "Sales Invoice" in 30 px: random layout R2615, its display print's word spaces as wide as the gap).
  const boxHeight = (ws: WordBox[]) => median(ws.map((w) => w.y1 - w.y0));
  // A title in somewhat smaller print standing on another baseline: the name's and the title's lowest box bottoms (a
  // word without a descender stands on its baseline) at least BASELINE_APART × the name's height apart ("Crossroads
  // Wholesale Parts" 38 px high, then "Sales Invoice" 28 px high, top-aligned, its baseline 15 px higher: R2749).
  const lowest = (ws: WordBox[]) => Math.min(...ws.map((w) => w.y1));
  const smaller = (title: WordBox[], name: WordBox[]) =>
    boxHeight(title) <= SMALLER_TITLE * boxHeight(name) ||
    (boxHeight(title) <= SMALLER_TITLE_OFF_BASELINE * boxHeight(name) && Math.abs(lowest(title) - lowest(name)) >= BASELINE_APART * boxHeight(name));
  for (let k = 1; k < words.length; k += 1) {
    const [before, after] = [words.slice(0, k), words.slice(k)];
    if (DOCUMENT_TITLE.test(text(after)) && (apart(k) || suffix(k) || twoPapers(after) || caseApart(k) || smaller(after, before))) return makeLine(before);
    // (A title before the name with its number after it is left to the numbered title below: "INVOICE 341840-62
    // Northgate Parts Distribution", R2564.)
    // (Nor is a title cut off its number's label: "INVOICE NO. INV-", its number wrapped to the line below, is no name:
    // random layout R749 gave "NO. INV-" silently.)
    if (NUMBER_LABEL.test(after[0]!.text)) continue;
    // A title before a name that ends in its company's suffix is apart however close, as after one ("Sales Invoice"
    // then "Redline Parts Distribution Inc." in the same bold print: random layout R1036, a photograph).
    const named = /^[A-Z][A-Za-z]/.test(after[0]!.text) && !/\d/.test(after[0]!.text) && suffix(words.length);
    if (DOCUMENT_TITLE.test(text(before)) && (apart(k) || twoPapers(before) || named || (smaller(before, after) && !/\d/.test(after[0]!.text)))) return makeLine(after);
  }
  // The title with the invoice's number ("INVOICE INV-78169", "INVOICE # 829382-24"), then the name ("Harbor Parts
  // Distribution Ltd": random layouts R71, R155, where the whole line was passed over as a title and "Salesperson:
  // K. Olsen" or the customer taken), or the name then its title and number ("PRAIRIE BODY SUPPLY INVOICE # 716488-65",
  // "Bluewater Collision Supply Invoice L3402": R266, R314) — the shortest title that leaves a name.
  const numbered = (ws: WordBox[]) => {
    if (ws.length < 2 || !/\d/.test(ws[ws.length - 1]!.text)) return false;
    let title = ws.slice(0, -1);
    if (title.length > 1 && /^(?:#|no\.?:?|number:?|num\.?)$/i.test(title[title.length - 1]!.text)) title = title.slice(0, -1);
    return DOCUMENT_TITLE.test(text(title).replace(/[:#]$/, ''));
  };
  for (let k = 2; k < words.length; k += 1) {
    if (numbered(words.slice(0, k)) && /^[A-Z]/.test(words[k]!.text)) return makeLine(words.slice(k));
  }
  for (let k = words.length - 2; k >= 1; k -= 1) {
    if (numbered(words.slice(k))) return makeLine(words.slice(0, k));
  }
  // A number's label and its value printed on the name's line without a title ("Crossroads Parts Warehouse Co." then,
  // in the box at the right, "No. INV-8655": random layout R957 read both as the name, silently): no business's name
  // ends in "No." and a number set apart from it or after its company's suffix (a branch's "Auto Parts Store No. 12"
  // is printed as one name). Only after a name of two words or more. The label may name its paper ("Metro Automotive
  // LLC" then "Document No. 332831-16": random layout R2562, silently).
  const n = words.length - 2;
  if (n >= 2 && /^(?:no\.?|#|number):?$/i.test(words[n]!.text) && /\d/.test(words[n + 1]!.text)) {
    if (apart(n) || suffix(n)) return makeLine(words.slice(0, n));
    if (n >= 3 && NUMBERED_PAPER.test(words[n - 1]!.text) && (apart(n - 1) || suffix(n - 1))) return makeLine(words.slice(0, n - 1));
  }
  return seg;
}

/**
 * A "Remit to:" line's name without the address printed after it on the line ("Summit Wholesale Parts, 5880 Expressway
 * Dr S, Harrisburg, PA 17111": random layouts R1, R7 read all of it): cut at the comma before a house number or a post
 * office box, or after a company's suffix (its stop kept) before a house number and a word ("Valley Auto Parts, Inc.
 * 2301 W Main St, Fort Wayne": random layouts R901, R954, photographs). Other names are returned trimmed.
 */
export function withoutAddress(name: string): string {
  return name.split(/,\s*(?=\d|P\.?\s*O\.?\s*Box\b)|(?<=\s(?:inc|llc|ltd|co|corp)\.?),?\s+(?=\d+\s+[A-Za-z])/i)[0]!.trim();
}

/** Mean word confidence (0..1) under which a heading is only taken as the supplier when nothing else is there. */
const SUPPLIER_MIN_CONF = 0.4;

/**
 * A segment of a heading line split where the print size changes: a display-size name with a small label set close
 * beside it ("Apex Starter & Alternator" at 22 pt, then "Invoice #" at 9 pt) is two blocks. Split before the first word
 * whose height (px) and the median height of the words from it on both differ by 1.4 × or more from the word before
 * it and the median of the words before it; only words of a PDF's text layer are split so; words
 * of one size, and a single word, stay whole.
 */
export function splitBySize(seg: Line): Line[] {
  const words = seg.words;
  // Only a text layer's boxes (confidence 1) measure the print size: an OCR box grows with the ascenders and
  // descenders it holds ("&" against "Body"), which split photographed names wrongly.
  if (words.some((w) => w.conf < 1)) return [seg];
  const mid = (ws: WordBox[]) => median(ws.map((w) => w.y1 - w.y0));
  for (let k = 1; k < words.length; k += 1) {
    const a = mid(words.slice(0, k));
    const b = mid(words.slice(k));
    const [x, y] = [mid([words[k - 1]!]), mid([words[k]!])];
    if (Math.max(a, b) >= Math.min(a, b) * 1.4 && Math.max(x, y) >= Math.min(x, y) * 1.4) return [makeLine(words.slice(0, k)), ...splitBySize(makeLine(words.slice(k)))];
  }
  return [seg];
}

/**
 * The rest of a supplier's name printed on a second line: when the name ends in a word that cannot end it ("&",
 * "and", "of", a comma or a dash: "Apex Starter &" / "Alternator"), the segment of a line below it (`below`, top
 * first; at most one name height under it, small print between them skipped) that starts where the name does
 * (within one line height) in the same print size (within 25 %), with a space before it; else "".
 */
function wrappedName(name: Line, below: Line[]): string {
  if (!/(?:&|\band|\bof|,|-)$/i.test(name.text)) return '';
  for (const line of below) {
    if (line.y0 - name.y1 > name.height) break;
    const seg = segments(line).find((s) => Math.abs(s.x0 - name.x0) <= name.height && s.height >= name.height * 0.75 && s.height <= name.height * 1.25);
    if (seg) return ` ${seg.text}`;
  }
  return '';
}

/**
 * A word whose box is far wider than its letters could be — more than twice its height per character ("voce" over
 * 444 × 47 px): the OCR's reading of a dark block (a photographed label box in white on navy), not printed letters.
 */
export const garbledBlock = (w: WordBox): boolean => (w.x1 - w.x0) / Math.max(1, w.text.length) > 2 * (w.y1 - w.y0);

/**
 * The print size (px, a capital's height: {@link printSize}) of a heading segment, for choosing the supplier's name as
 * the largest print above the table: its words' print size, or when a word of it is {@link tallForItsLetters}, that of
 * its other words of three characters or more. When none is left, a segment of two such words or more is print of
 * that shape (a condensed face) and keeps its size; a lone one ("Via" on a box's border) is no heading: 0.
 */
export function headingHeight(seg: Line): number {
  const tall = seg.words.filter((w) => tallForItsLetters(w));
  if (!tall.length) return printSize(seg.words);
  const sized = seg.words.filter((w) => w.text.length >= 3 && !tallForItsLetters(w));
  if (sized.length) return printSize(sized);
  return tall.length >= 2 ? printSize(seg.words) : 0;
}

/** Every word of any column head the reader knows ({@link HEADER_VOCABULARY}, {@link IGNORED_HEADS}), lower case. */
const HEAD_WORDS = new Set([...HEADER_VOCABULARY.map(([p]) => p), ...IGNORED_HEADS].flatMap((p) => p.split(/\s+/)));

/**
 * Whether a word is a word of a column head ("Unit", "Qty", "Ext."): a segment of such words only is the first line
 * of a table's two-line heads ("Qty Qty Unit Disc Unit" over "Ord Ship Price % Net"), not the supplier's name. On a
 * photograph whose boxes are swollen, a lone "Unit" boxed 35 px high outranked the 26 px name (extra3 G15).
 */
export const isHeadWord = (text: string): boolean => HEAD_WORDS.has(norm(text).replace(/\.$/, ''));

/** A name's letters and digits only, in lower case: the same name read with other spaces or stops gives the same key. */
const nameKey = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The supplier: a "Supplier/Vendor/From/Sold By/Remit To:" label's name (see module docs), else the heading's name
 * ({@link headingSupplier}). When the labelled name and the heading's are the same letters with other spaces or stops,
 * the better spaced of the two is taken ({@link spacedBetter}): "REMIT TO: CAPITOL AUTOMOTIVE INC." in condensed small
 * print read "CAPITOLAUTOMOTIVE INC." beside the band's "CAPITOL AUTOMOTIVE INC." (random layout R3931 on a page
 * image, silently).
 */
function findSupplier(lines: Line[], tableStart: number): { value: string; conf: number } | null {
  for (const line of lines) {
    const m = SUPPLIER_LABEL.exec(line.text);
    if (m) {
      const seg = segments(line).find((s) => SUPPLIER_LABEL.test(s.text));
      const text = seg ? SUPPLIER_LABEL.exec(seg.text)?.[1] ?? m[1]! : m[1]!;
      const labelled = { value: nameCase(withoutAddress(withoutEmail(text))), conf: meanConf(seg?.words ?? line.words) };
      const heading = headingSupplier(lines, tableStart);
      return heading && heading.value !== labelled.value && nameKey(heading.value) === nameKey(labelled.value) ? spacedBetter(heading, labelled) : labelled;
    }
  }
  return headingSupplier(lines, tableStart);
}

/**
 * Of one name read twice with other spaces or stops (`heading` and `labelled`, see {@link findSupplier}), the better
 * read: with as many words, the heading's (its stops: "VALLEY PARTS DEPOT INC." over a remit line's "…INC", random
 * layout R4242); else the one with more words — a space read away is the OCR's common slip ("CAPITOLAUTOMOTIVE"
 * either way: R3931's remit line, R1358's photographed band) — unless its extra words are pieces of one, a word of one
 * or two small letters ("L ak eside Motor Parts" off R1404's photographed band beside the remit line's "Lakeside").
 */
function spacedBetter<T extends { value: string }>(heading: T, labelled: T): T {
  const words = (t: T) => t.value.split(/\s+/);
  if (words(heading).length === words(labelled).length) return heading;
  const pieces = (t: T) => words(t).some((w) => /^[a-z]{1,2}$/.test(w));
  const [more, fewer] = words(heading).length > words(labelled).length ? [heading, labelled] : [labelled, heading];
  return pieces(more) ? fewer : more;
}

/** The name printed as the page's heading: the largest print above the table (see module docs), or null. */
function headingSupplier(lines: Line[], tableStart: number): { value: string; conf: number } | null {
  const top = lines.slice(0, tableStart > 0 ? tableStart : Math.min(lines.length, 10));
  const candidates: { seg: Line; order: number }[] = [];
  /** Headings passed over as garbled reads (a name on a dark band the OCR could not read). */
  const garbled: Line[] = [];
  top.forEach((line, order) => {
    // The value of a label beside it ("CUSTOMER  PRECISION COLLISION CENTER", "To:  Eastside Auto Body") is the
    // customer's, not a heading; so are the values of a grid of labels over values (gridValues).
    const segs = segments(line);
    const under = gridValues(line, top[order - 1]);
    const headings = segs.filter((seg, k) => (k === 0 || !isLabelOfNext(segs[k - 1]!.text)) && !under.includes(seg.x0));
    for (const seg of headings.flatMap(splitBySize).map(withoutDocumentTitle).filter((x): x is Line => x !== null)) {
      const t = seg.text.replace(/[|]/g, '').trim();
      const letters = t.replace(/[^A-Za-z]/g, '').length;
      if (letters < 3 || letters / Math.max(1, t.replace(/\s/g, '').length) < 0.7) continue;
      if (NOT_SUPPLIER.test(t) || /\b(invoice\s*(#|no|number)|date|(?:bill|ship|sold)\W*t[o0])\b/i.test(t)) continue;
      // A web address alone, its "www." misread ("ww harborcollisionsupplyllc.com" boxed taller than the name above
      // it, random layout R2178), or any piece of a line starting with "www" (R521's photograph: its "www" cut off
      // from the domain, read as noise without its dot): no business is named so.
      if (withoutWebAddress(t).replace(/[^A-Za-z]/g, '').length < 3 || WEB_LINE.test(t) || WEB_LINE.test(line.text)) continue;
      // A field's label and its value ("Salesperson: K. Olsen", "Terms: Net 30"): a business's name has no colon.
      // So is a label alone ("Cust PO:", its value in the next box: random layout R167 on a page image).
      if (/^[A-Za-z .#/]+:\s/.test(t) || /:$/.test(t)) continue;
      // An address line: a house number, or a street word with a number or at its end ("Oak Street"); a name may hold
      // a street word ("Old Mill Road Honda").
      const street = /\b(street|st\.|ave|avenue|road|rd\.|blvd|suite|drive|dr\.|hwy|lane)(?=\W|$)/i;
      if (/^\d/.test(t) || (street.test(t) && (/\d/.test(t) || new RegExp(`${street.source}\\W*$`, 'i').test(t)))) continue;
      // A name under a customer's label ("Customer", "Ship To", "Sold To" stacked over it) is the customer's: on a
      // photograph the ship-to copy of "Riverside Paint & Body", boxed swollen, outranked the supplier's name, and its
      // "Ship" was lost, leaving "To" (random layout R612, silently).
      // The label read upwards may take in lines above the customer's label: a photograph's swollen boxes reach
      // further up ("Inv Account # Billed To" over "Main Street Body Shop", random layout R754).
      const label = stackedLabelAbove(top, order, seg);
      if (CUSTOMER_LABEL.test(label) || CUSTOMER_LABEL_LAST.test(label)) continue;
      if (seg.words.some(garbledBlock)) {
        garbled.push(seg);
        continue;
      }
      if (seg.words.every((w) => isHeadWord(w.text))) continue;
      candidates.push({ seg, order });
    }
  });
  if (!candidates.length) return null;
  // A logo's monogram ("EPW" in a box beside "EuroAsia Parts Wholesale Inc.") is printed larger than the name.
  const named = candidates.filter((c) => !candidates.some((o) => o !== c && isMonogramOf(c.seg, o.seg)));
  // A read the OCR itself hardly believes (a speck or a shadow read as a tall "pont") does not outrank real text.
  const believed = named.filter((c) => meanConf(c.seg.words) >= SUPPLIER_MIN_CONF && !isDoubtedSpeck(c.seg));
  const pool = believed.length ? believed : named.length ? named : candidates;
  // Sizes by the print, not the boxes: a customer's "Main Street Body Shop" (descenders) is boxed taller than the
  // supplier's "Westside Auto Parts Counter" in the same monospace print, and was taken for it.
  const tallest = Math.max(...pool.map((c) => headingHeight(c.seg)));
  const pick = pool.find((c) => headingHeight(c.seg) >= tallest * 0.85) ?? pool[0]!;
  const value = nameCase(
    withoutEmail(`${pick.seg.text}${wrappedName(pick.seg, lines.slice(pick.order + 1))}`)
      .replace(/[|]/g, '')
      .replace(/\s+(?:INVOICE|TAX INVOICE)$/i, '')
      .trim(),
  );
  // A garbled heading printed larger than the name taken, above it, is likely the real name (a band the OCR could not
  // read, random layout R167's "Mi 1 - Cou! LV Parts DebhOo"): the name taken is then marked for checking.
  const unread = [...garbled, ...named.filter((c) => !pool.includes(c)).map((c) => c.seg)];
  const unreadAbove = unread.some((g) => g.y1 <= pick.seg.y0 + pick.seg.height && headingHeight(g) > headingHeight(pick.seg) * 1.2);
  // A heading the OCR doubted on the name's own line, close before or after it, is likely a word of the name read badly
  // ("Kel" at 0.44 then "Motor Parts Co.": a photographed band's "Keystone", its "stone" dropped at 0.26; random layout
  // R775 gave "Motor Parts Co." silently): the name taken is then marked for checking.
  // So is a heading in the name's own print close beside it: the name read in two pieces, a mark between them lost
  // ("NORTHGATE PAINT" then, 2.5 heights on, "BODY SUPPLY": a photographed band's "&" not read, random layout R853).
  const doubtedBeside = candidates.some((c) => c.seg !== pick.seg && (isDoubtedPieceBeside(c.seg, pick.seg) || isNamePieceBeside(c.seg, pick.seg)));
  // A business name starts with a capital or a digit: one read starting in lower case is a garbled read ("tv Tavota
  // Whol" off a photographed heading band), so it is marked for checking whatever the OCR's confidence. So is a name
  // with a small letter before two capitals inside a word ("LAakesHORE", "AuTOHAUS"): small capitals read as letters
  // of two sizes, whose true case the OCR cannot tell.
  const conf = meanConf(pick.seg.words);
  return { value, conf: /^[a-z]/.test(value) || /[a-z][A-Z]{2}/.test(value) || unreadAbove || doubtedBeside ? Math.min(conf, 0.5) : conf };
}

/**
 * How far (in the name's print heights) a doubted heading may stand from the name on its line to mark it: room for one
 * word of about ten letters the OCR dropped between them (a letter is about 0.6 of a height wide, a space about half).
 */
export const DOUBTED_PIECE_REACH = 8;

/**
 * Whether `piece` is a heading read under {@link LOW_CONFIDENCE} on `name`'s line (their boxes overlap by half the
 * smaller's height or more), its nearer edge within {@link DOUBTED_PIECE_REACH} of the name's print heights from the
 * name's: a word of the name the OCR read badly or in part (random layout R775).
 */
export function isDoubtedPieceBeside(piece: Line, name: Line): boolean {
  if (meanConf(piece.words) >= LOW_CONFIDENCE) return false;
  const gap = gapOnLine(piece, name);
  return gap !== null && gap <= DOUBTED_PIECE_REACH * printSize(name.words);
}

/**
 * The blank (px) between two segments on one line (their boxes overlap by half the smaller's height or more), or null
 * when they are not on one line or overlap across.
 */
function gapOnLine(a: Line, b: Line): number | null {
  const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (overlap < 0.5 * Math.min(a.height, b.height)) return null;
  const gap = a.x0 >= b.x1 ? a.x0 - b.x1 : b.x0 - a.x1;
  return gap >= 0 ? gap : null;
}

/** How far (in the name's print heights) a heading in the name's print may stand from it on its line to mark it. */
export const NAME_PIECE_REACH = 3;

/**
 * Whether `piece` is a heading on `name`'s line (their boxes overlap by half the smaller's height or more) in the same
 * print (sizes within 15 %), its nearer edge within {@link NAME_PIECE_REACH} of the name's print heights from the
 * name's: the rest of the name, a mark between the two lost (random layout R853).
 */
export function isNamePieceBeside(piece: Line, name: Line): boolean {
  const [a, b] = [printSize(piece.words), printSize(name.words)];
  if (!a || !b || Math.abs(a - b) > 0.15 * b) return false;
  const gap = gapOnLine(piece, name);
  return gap !== null && gap <= NAME_PIECE_REACH * b;
}

/** A label over the customer's name and address: "Customer", "Bill To", "Sold To", "Ship To", "Deliver To", "To", "Attn". */
const CUSTOMER_LABEL = /^(?:customer|cust\.?|(?:bill(?:ed)?|sold|ship|deliver)\W*t[o0]|to|attn\.?)\W*$/i;

/** A label ending in a customer's label of two words ("… Billed To", "… Ship To", "… Customer"), a bare "To" left out. */
const CUSTOMER_LABEL_LAST = /(?:^|\s)(?:customer|(?:bill(?:ed)?|sold|ship|deliver)\W*t[o0])\W*$/i;

/** A line or a heading starting as a web address does ("www", "https://"): all of it is the address. */
const WEB_LINE = /^\s*(?:https?:\/\/|www\b)/i;

/**
 * Text without a web address in it ("www.harborparts.com", its "www." read "ww " or "wen "; "https://…"): a domain
 * ending in .com, .net, .org, .biz, .us, .info or .co, with what is joined to it. Trimmed.
 */
export function withoutWebAddress(text: string): string {
  return text.replace(/(?:https?:\/\/)?(?:\b(?:w{2,3}|wen)\b[.,\s]*)?[\w.-]+\.(?:com|net|org|biz|us|info|co)\b\S*/gi, '').trim();
}

/** A word of three letters or more starting with one of {@link SAME_SHAPE_SMALL}, the rest small ({@link nameCase}). */
const SMALL_SAME_SHAPE_WORD = new RegExp(`^[${SAME_SHAPE_SMALL}][a-z]{2,}[,.]?$`);

/**
 * A business name's word whose capital is one of {@link SAME_SHAPE_SMALL} read small ("Coastal wholesale Parts Ltd"
 * off a photograph, random layout R172: a w is a small W): when every other word of the name starts with a capital or a
 * digit (two or more such words), a word of three letters or more starting with such a small letter, the rest small,
 * gets its capital. "with", "von" and "van", which a name may print small, are left; so is a name with another word
 * in small letters (its style, as "Parts for less"). Only case changes. Returns the name.
 */
export function nameCase(name: string): string {
  const words = name.split(' ');
  const small = (t: string) => SMALL_SAME_SHAPE_WORD.test(t) && !/^(with|von|van)$/.test(t);
  const others = words.filter((t) => !small(t));
  if (others.length === words.length || others.filter((t) => /^[A-Z0-9]/.test(t)).length < 2 || others.some((t) => /^[a-z]/.test(t))) return name;
  return words.map((t) => (small(t) ? `${t[0]!.toUpperCase()}${t.slice(1)}` : t)).join(' ');
}

/**
 * The totals block's charges less those that only restate rows of the table: a line whose amount equals, to the cent,
 * the sum of the table's charges of one kind (two or more kinds: each kind's sum, and all of them) with the same sign,
 * and whose label names no other kind (`chargeKind` of the label is null, 'other' or that kind). A CAPA distributor's
 * credit memo lists the returned parts and a restocking fee under the parts, then its totals repeat them as
 * "Credits (17.80)" and "Restocking 5.25"; both were counted twice, so every right read of L53's text PDFs (seed 5150)
 * warned that the invoice does not add up. Tax lines are never dropped here.
 */
export function withoutRestatedCharges(footer: ExtractedCharge[], table: ExtractedCharge[]): ExtractedCharge[] {
  if (!table.length) return footer;
  const cents = (v: number) => Math.round(v * 100);
  const sums = new Map<InvoiceChargeKind, number>();
  for (const c of table) if (c.kind !== 'tax') sums.set(c.kind, (sums.get(c.kind) ?? 0) + cents(c.amount));
  const all = [...sums.values()].reduce((a, b) => a + b, 0);
  const used = new Set<InvoiceChargeKind | 'all'>();
  return footer.filter((c) => {
    if (c.kind === 'tax') return true;
    const named = chargeKind(c.description);
    for (const [kind, sum] of sums) {
      if (used.has(kind) || sum !== cents(c.amount) || (named !== null && named !== 'other' && named !== kind)) continue;
      used.add(kind);
      return false;
    }
    if (sums.size > 1 && !used.has('all') && all === cents(c.amount) && (named === null || named === 'other')) {
      used.add('all');
      return false;
    }
    return true;
  });
}

/**
 * Whether `seg` is a logo's monogram of the name `name`: one word of two to four letters (other marks dropped, case
 * ignored: a circled "SGS" read "'sGs") that are the initials of the name's first words, the name being of at least
 * as many words. An importer's red logo box "EPW" beside "EuroAsia Parts Wholesale Inc." was the largest print in
 * the header, so it was taken for the supplier on three L50 pages (extra6 J05, J06, J25, the last silently: a text
 * PDF's words are all read at full confidence), "PRI" for "Pacific Rim Import Parts" (J08), "SGS" for "Summit Glass
 * Supply Inc." (J21).
 */
export function isMonogramOf(seg: Line, name: Line): boolean {
  if (seg.words.length !== 1) return false;
  const letters = seg.words[0]!.text.replace(/[^A-Za-z]/g, '').toUpperCase();
  if (letters.length < 2 || letters.length > 4) return false;
  const initials = name.words.map((w) => w.text.replace(/[^A-Za-z]/g, '')).filter(Boolean).map((w) => w[0]!.toUpperCase());
  return initials.length >= letters.length && initials.slice(0, letters.length).join('') === letters;
}

/**
 * A totals box printed BESIDE the parts table, top right (extra6 L54, a glass distributor: "Qty | NAGS # | Description |
 * List | Net | Amount" and, a wide gap to the right on the same lines, "Invoice Summary / Subtotal 2,009.02 / Sales
 * Tax 6% 120.54 / Total $2,129.56"), moved under the table, where the totals are read. Without this the box's
 * "Subtotal" on the first row's line ended the table before its first row (0 of 27 rows on the four L54 pages).
 *
 * Found when the table header's line ends in words of no known column (`matchHeader`'s 'other' columns) more than 1.2
 * line heights right of its last money column, and the words from there rightwards, on the header's line and the lines
 * under it that follow one another within 2.5 line heights, hold a totals label and an amount of money. Those words
 * are moved (y only; the boxes keep their size and order) to just below the table's last line with money left of the
 * box — and its tight continuation lines, such as a vehicle under the last description — and every word below
 * that point is moved down by the box's height, so the page reads as if the box were printed under the table.
 * Other pages are returned unchanged (the same array).
 */
export function totalsBesideTable(words: WordBox[]): WordBox[] {
  const lines = groupLines(words);
  const headerIndex = lines.findIndex((l) => matchHeader(l) !== null && moneyWords(l.words).length === 0);
  if (headerIndex < 0) return words;
  const header = lines[headerIndex]!;
  const cols = matchHeader(header)!;
  const lastMoney = cols.map((c, i) => ({ c, i })).filter(({ c }) => ['list', 'net', 'price', 'amount'].includes(c.kind)).pop();
  if (!lastMoney) return words;
  const side = cols.slice(lastMoney.i + 1);
  if (!side.length || side.some((c) => c.kind !== 'other') || side[0]!.x0 - lastMoney.c.x1 < 1.2 * header.height) return words;
  const cut = side[0]!.x0 - header.height * 0.5;
  const block: WordBox[] = [];
  let lastY = header.y1;
  let lastIndex = headerIndex;
  for (let i = headerIndex; i < lines.length; i += 1) {
    const l = lines[i]!;
    const right = l.words.filter((w) => w.x0 >= cut);
    if (!right.length) continue;
    if (i > headerIndex && l.y0 - lastY > 2.5 * header.height) break;
    block.push(...right);
    lastY = l.y1;
    lastIndex = i;
  }
  const blockText = groupLines(block).map((l) => l.text).join(' ');
  if (!TOTAL_NAME.test(blockText) || !moneyWords(block).length) return words;
  // The table's last line with money left of the box, and the lines right under it (a description's second line).
  let end = -1;
  for (let i = headerIndex + 1; i < lines.length; i += 1)
    if (moneyWords(lines[i]!.words.filter((w) => w.x1 < cut)).length && (i <= lastIndex || !lines[i]!.words.some((w) => w.x0 >= cut))) end = i;
  if (end < 0) return words;
  while (lines[end + 1] && lines[end + 1]!.y0 - lines[end]!.y1 < 0.8 * header.height && !lines[end + 1]!.words.some((w) => block.includes(w))) end += 1;
  const below = lines[end]!.y1 + header.height;
  const top = Math.min(...block.map((w) => w.y0));
  const height = Math.max(...block.map((w) => w.y1)) - top + header.height;
  const inBlock = new Set(block);
  return words.map((w) => {
    if (inBlock.has(w)) return { ...w, y0: w.y0 - top + below, y1: w.y1 - top + below, lineKey: w.lineKey === undefined ? undefined : `${w.lineKey}:beside` };
    return w.y0 >= below ? { ...w, y0: w.y0 + height, y1: w.y1 + height } : w;
  });
}

/** Reads an invoice from word boxes (see module docs). */
export function readInvoiceLayout(words: WordBox[]): LayoutInvoice {
  return withOddSpacingMarked(withLineNumbersMarked(chooseTable(groupLines(totalsBesideTable(words)))));
}

/** The read of the header-led table or of the table by content, whichever is likelier right (see module docs). */
function chooseTable(lines: Line[]): LayoutInvoice {
  const byHeader = readTable(lines);
  const header = withTable(lines, byHeader);
  const headerAddsUp = byHeader !== null && byHeader.items.length > 0 && missedBy(header) <= RECONCILE_TOLERANCE_CENTS;
  if (headerAddsUp && prosePartShare(header) < 0.5) return header;
  // The header's table is missing, empty, does not add up, or half its part numbers read as prose (or are the line
  // numbers): the table found by its cells' content competes.
  const byContent = readTableByContent(lines);
  if (!byContent || byContent.items.length === 0) return header;
  const content = withTable(lines, byContent);
  if (!byHeader || byHeader.items.length === 0) return content;
  // The header's adds up: it is kept unless the content's adds up too with fewer part numbers read as prose (a
  // description under a head the vocabulary took for the part number, "Product"). Else the read nearer the printed
  // total wins (the header's on a tie).
  if (headerAddsUp) return missedBy(content) <= RECONCILE_TOLERANCE_CENTS && prosePartShare(content) < prosePartShare(header) ? content : header;
  return missedBy(content) < missedBy(header) ? content : header;
}

/**
 * Whether a read's part numbers are its rows' line numbers, 1, 2, 3 … (two rows or more): a line-number column taken
 * for the part numbers under a garbled header ("Lo# Quantity ttem# …": random layout R446 read "1", "2", "3" and
 * added up, silently). No supplier numbers its parts so.
 */
export function partsAreLineNumbers(read: Pick<LayoutInvoice, 'line_items'>): boolean {
  return read.line_items.length >= 2 && read.line_items.every((item, i) => item.part_number.trim() === String(i + 1));
}

/** A read whose part numbers are its line numbers ({@link partsAreLineNumbers}) with those cells marked for checking. */
function withLineNumbersMarked(read: LayoutInvoice): LayoutInvoice {
  return partsAreLineNumbers(read) ? withPartNumbersMarked(read, read.line_items.map(() => true)) : read;
}

/** A read with the part numbers of the rows flagged in `marked` (by index) cut to {@link CHANGED_CONFIDENCE}. */
function withPartNumbersMarked(read: LayoutInvoice, marked: boolean[]): LayoutInvoice {
  const rows = read.confidence.line_items ?? [];
  const line_items = read.line_items.map((_, i) => (marked[i] ? { ...rows[i], part_number: Math.min(rows[i]?.part_number ?? 1, CHANGED_CONFIDENCE) } : { ...rows[i] }));
  return { ...read, confidence: { ...read.confidence, line_items } };
}

/**
 * A read with its part numbers spaced unlike their column marked for checking: when two rows or more print their
 * numbers in one pattern of three groups or more ("51 13 7 294 818": groups of 2, 2, 1, 3, 3), a row whose number has
 * the same letters and digits in the same order of kinds but other groups was likely read with a space lost and
 * another put in ("51 12 7 459 001" read "5112 7459 001" off a photograph, random layout R614, silently). Its text is
 * kept (a column may mix makes); its part number's confidence is cut to {@link CHANGED_CONFIDENCE}.
 */
export function withOddSpacingMarked(read: LayoutInvoice): LayoutInvoice {
  const groups = (part: string) => part.trim().split(/\s+/).map((g) => g.length);
  const kinds = (part: string) => part.replace(/\s+/g, '').replace(/\d/g, '9').replace(/[A-Za-z]/g, 'A');
  const shapes = new Map<string, string[]>();
  for (const item of read.line_items) {
    if (groups(item.part_number).length < 3) continue;
    const key = groups(item.part_number).join(',');
    shapes.set(key, [...(shapes.get(key) ?? []), kinds(item.part_number)]);
  }
  const common = [...shapes].filter(([, ks]) => ks.length >= 2);
  const odd = read.line_items.map((item) => {
    const key = groups(item.part_number).join(',');
    return common.some(([shape, ks]) => shape !== key && ks.includes(kinds(item.part_number)));
  });
  return odd.some(Boolean) ? withPartNumbersMarked(read, odd) : read;
}

/** The share (0..1) of a read's part numbers that read as prose ({@link isProsePart}), 1 when they are its line numbers; 0 without parts. */
function prosePartShare(read: LayoutInvoice): number {
  if (partsAreLineNumbers(read)) return 1;
  return read.line_items.filter((item) => isProsePart(item.part_number)).length / Math.max(1, read.line_items.length);
}

/**
 * A "part number" that reads as prose: no digit and no code of capital groups ("WHEEL"; {@link isCodeWord} passes
 * "MX-GAZ"), or two words or more of three letters or more ("Tack cloth, 12 ct"). Part numbers are codes
 * ("EP-PRM-GRY", "KYB 334658", "HC3Z 8200 A"): none of the 1,474 rows of the tuning sets reads as prose.
 */
export function isProsePart(text: string): boolean {
  return (!/\d/.test(text) && !isCodeWord(text)) || text.split(/\s+/).filter((t) => /^[A-Za-z]{3,}[,.]?$/.test(t)).length >= 2;
}

/**
 * How far (cents, ≥ 0) a read's parts, charges and tax are from its total; Infinity without parts or a total, so a
 * read that can be checked wins over one that cannot.
 */
function missedBy(read: LayoutInvoice): number {
  if (!read.line_items.length || read.total_amount === null) return Infinity;
  const { differenceCents } = reconcileInvoice(read);
  return differenceCents === null ? Infinity : Math.abs(differenceCents);
}

/** The invoice read from the page's lines with `table` as its parts table (none: header fields and totals only). */
function withTable(lines: Line[], table: TableResult | null): LayoutInvoice {
  const totals = totalsAboveWhenNoneBelow(readTotals(lines, table ? table.endIndex : 0, !!table), lines, table?.headerIndex ?? -1);
  const number = findInvoiceNumber(table ? lines.slice(0, table.headerIndex).concat(lines.slice(table.endIndex)) : lines);
  const date = findDate(lines);
  const supplier = findSupplier(lines, table ? table.headerIndex : -1);
  let tableCharges = table?.charges ?? [];
  const footerCharges = withoutRestatedCharges(totals.charges, tableCharges);
  // Tax read as a row of the table counts as the tax when the totals block has none.
  let tax = totals.tax?.v ?? null;
  const taxRows = [...tableCharges, ...footerCharges].filter((c) => c.kind === 'tax');
  if (tax === null && taxRows.length) tax = taxRows.reduce((s, c) => s + c.amount, 0);
  let items = table?.items ?? [];
  if (table?.oneMoneyColumn) {
    const footer = footerCharges.reduce((s, c) => s + c.amount, 0);
    const target = totals.subtotal?.v ?? (totals.total ? totals.total.v - (tax ?? 0) - footer : null);
    const sum = (amounts: number[]) => tableCharges.reduce((s, c, i) => s + (c.kind === 'tax' ? 0 : amounts[i]!), 0);
    const asUnits = lineTotalsAsUnits(items, sum(tableCharges.map((c) => c.amount)), target, sum(table.printedCharges));
    // Line totals: the table's charges are their printed amounts too.
    if (asUnits !== items) tableCharges = tableCharges.map((c, i) => ({ ...c, amount: table.printedCharges[i]! }));
    items = asUnits;
  }
  items = agreeingCase(joinSplitCodes(items));
  const charges = [...tableCharges, ...footerCharges];
  return {
    invoice_number: number?.value ?? null,
    supplier: supplier?.value ?? null,
    invoice_date: date.iso,
    impossible_date: date.iso === null ? date.raw : null,
    ...(date.otherDatesOnly ? { otherDatesOnly: true } : {}),
    total_amount: totals.total?.v ?? null,
    subtotal: totals.subtotal?.v ?? null,
    tax_amount: tax,
    line_items: items,
    charges: charges.filter((c) => c.kind !== 'tax'),
    confidence: {
      ...(number ? { invoice_number: number.conf } : {}),
      ...(supplier ? { supplier: supplier.conf } : {}),
      ...(date.iso ? { invoice_date: date.conf } : {}),
      ...(totals.total ? { total_amount: round2(totals.total.c) } : {}),
      line_items: table?.confidence ?? [],
    },
    tableFound: !!table,
    tableTop: table ? table.top : null,
  };
}

export { groupLines, makeLine };
export { PER_UNIT_SUFFIX, readMoney, readQty } from './values';

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
