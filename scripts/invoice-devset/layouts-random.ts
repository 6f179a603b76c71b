/**
 * PROCEDURAL supplier layouts: `randomLayout(seed)` draws a brand-new layout at random over many independent axes, so
 * the reader can be measured on unlimited fresh layouts nobody tuned on (scripts/bench-random.ts). Nothing here copies
 * a hand-written layout (layouts*.ts): every choice is drawn from generic axes.
 *
 * Axes, each drawn per seed independently:
 * - look: font family (those installed: Liberation Sans/Serif/Mono/Sans Narrow, DejaVu Sans/Serif/Sans Mono/Sans
 *   Condensed), body size 11–16 px, bold or plain heads, UPPERCASE or mixed-case text, page width;
 * - header: the supplier's name (big, left/centre/right, plain, boxed or in a dark band), address and phone lines,
 *   sold-to/ship-to blocks, a document title; the invoice number inline (`Invoice #: 123`, `Inv No. 123`…), as a
 *   heading (`INVOICE 123`, `No. 123`), in a box of its own (label above value), or in a block of labelled fields
 *   (lines, a two-column table or a grid of boxes) among DISTRACTORS (account, customer, PO and order numbers, ship
 *   via, salesperson, terms) and distractor dates (order, ship, due: never the invoice date); the date format from the
 *   model's lists (all but the seventh set's, which belong to a check set);
 * - parts table: a subset and order of the columns of html.ts `Col` (always part, description, a shipped quantity and
 *   the unit price; usually the extension), head label synonyms per column, alignment, borders (grid, rules, none,
 *   zebra), head style (dark band, grey fill, bold underlined, boxed), row padding, money style ($, commas, negatives
 *   as -, parentheses or trailing -);
 * - charges (core, freight, hazmat/environmental fee, discount, deposit, warranty, other) in the table or the totals
 *   block, through the model's charge machinery (buildInvoice), with label variants;
 * - totals: label variants, position (right, left, a full-width strip, or inside the table), tax shown or not,
 *   "Payment / Balance Due" lines after the total that do not change it, terms and remit-to footers, "Page 1 of 1";
 * - 3–14 rows, one invoice in ten 18–24 rows (two Letter pages as a PDF).
 *
 * `randomInvoice(seed)` builds the seed's one invoice (the way generate.ts makeInvoice does: own date, supplier,
 * numbers, lines, charges) and its truth (model.ts truthOf: reconciled to the cent); bench-random checks with model.ts
 * printedProblems that the page prints the truth.
 */
import { STREETS, TOWNS, type CatalogId } from './catalog';
import { cellText, esc, page, tableRows, type Col, type MoneyStyle, type TableRow } from './html';
import { core, deposit, discount, drawInvoice, freight, hazmat, other, warranty, type Layout } from './layouts';
import {
  DATE_FORMATS,
  EXTRA5_DATE_FORMATS,
  EXTRA6_DATE_FORMATS,
  EXTRA8_DATE_FORMATS,
  EXTRA_DATE_FORMATS,
  formatDate,
  money,
  shiftDate,
  truthOf,
  type DateFormat,
  type Invoice,
  type InvoiceSpec,
} from './model';
import { Rng } from './rng';
import type { ExtractedInvoice } from '~/lib/schemas/invoice';

/** Fonts installed on these machines (`fc-list : family`). */
export const FONTS = [
  'Liberation Sans',
  'Liberation Serif',
  'Liberation Mono',
  'Liberation Sans Narrow',
  'DejaVu Sans',
  'DejaVu Serif',
  'DejaVu Sans Mono',
  'DejaVu Sans Condensed',
] as const;

/** Catalogues of the TUNING layouts only (none drawn only by a held-out or check layout). */
const CATALOGS: CatalogId[] = [
  'aftermarket', 'electrical', 'euro', 'fasteners', 'glass', 'gm', 'paint', 'recycler', 'store', 'toyota',
  'abrasives', 'acdelco', 'bmw', 'broker', 'bumperlamp', 'capa', 'donor', 'dotted', 'fastbulk', 'glasswhs', 'gmwhs',
  'honda', 'hyundai', 'hyusub', 'import', 'kia', 'leadzero', 'lexus', 'linecode', 'mazda', 'mopar', 'moparws',
  'nagskit', 'nagsplain', 'nissan', 'paintmix', 'paintsize', 'paintstore', 'pbe', 'salvage', 'subaru', 'supplies',
  'tire', 'toner', 'toyotawhs', 'weldgas', 'yard',
];

/** Date formats of the model's lists, except EXTRA7_DATE_FORMATS (the seventh set is a check set). */
const FORMATS: DateFormat[] = [
  ...DATE_FORMATS,
  ...EXTRA_DATE_FORMATS,
  ...EXTRA5_DATE_FORMATS,
  ...EXTRA6_DATE_FORMATS,
  ...EXTRA8_DATE_FORMATS,
];

const NAME_A = ['Tri-County', 'Metro', 'Northgate', 'Lakeside', 'Summit', 'Valley', 'Keystone', 'Harbor', 'Pioneer', 'Redline', 'Crossroads', 'Bluewater', 'Granite State', 'Midwest', 'Coastal', 'Prairie', 'Capitol', 'Ironwood'];
const NAME_B = ['Auto Parts', 'Collision Supply', 'Parts Distribution', 'Body Supply', 'Wholesale Parts', 'Parts Warehouse', 'Automotive', 'Paint & Body Supply', 'Parts Depot', 'Motor Parts', 'Dealer Parts Center'];
const NAME_C = ['', '', '', ' Inc.', ' LLC', ' Co.', ', Inc.', ' Ltd'];

/** Head label synonyms per column. */
const LABELS: Record<Col, string[]> = {
  line: ['Ln', 'Line', '#', 'Ln #', 'Seq'],
  qty: ['Qty', 'QTY', 'Quantity', 'Ship', 'Shipped', 'Qty Shp'],
  qtyuom: ['Qty', 'Quantity', 'Qty/UM', 'Shipped'],
  ord: ['Ord', 'Ordered', 'Qty Ord', 'Order'],
  shp: ['Shp', 'Ship', 'Shipped', 'Qty Shp'],
  bo: ['B/O', 'BO', 'Back Ord', 'Bkord'],
  uom: ['UM', 'U/M', 'UOM', 'Unit'],
  part: ['Part #', 'Part Number', 'Item', 'Item #', 'Stock #', 'Product', 'Part No.', 'Catalog #'],
  desc: ['Description', 'Desc', 'Item Description', 'Product Description', 'Description of Goods'],
  app: ['Application', 'Fits', 'Vehicle', 'Appl.'],
  note: ['Note', 'Notes', 'Remarks', 'Comment'],
  list: ['List', 'List Price', 'Retail', 'MSRP'],
  disc: ['Disc %', 'Disc', 'Discount', '% Off'],
  net: ['Unit Price', 'Price', 'Net', 'Each', 'Net Each', 'Unit', 'Your Price', 'Sell'],
  ext: ['Amount', 'Ext', 'Extension', 'Ext Price', 'Line Total', 'Total'],
};

type Placement = 'table' | 'footer';
type ChargeOpt = InvoiceSpec['charges'][number];
/** The charge kinds a layout may print, with generic label variants. */
const CHARGES: ((p: Placement) => ChargeOpt)[] = [
  (p) => ({ ...core(p, 0.4), text: ['CORE CHARGE', 'Core charge', 'Core deposit', 'CORE'] }),
  (p) => ({ ...freight(p, 0.45), text: ['Freight', 'FREIGHT', 'Delivery', 'Delivery charge', 'Shipping & Handling', 'Hot shot delivery'] }),
  (p) => ({ ...hazmat(p, 0.35), text: ['HAZMAT FEE', 'Hazardous material fee', 'Environmental fee', 'ENVIRONMENTAL FEE', 'Shop supplies fee'] }),
  (p) => ({ ...discount(p, 0.25), text: ['Volume discount', 'Prompt pay discount', 'DISCOUNT', 'Promo discount', 'Account discount'] }),
  (p) => ({ ...deposit(p, 0.2), text: ['Battery deposit', 'Pallet deposit', 'Container deposit'] }),
  (p) => ({ ...warranty(p, 0.2), text: ['90 day warranty', 'Extended warranty', 'WARRANTY 1 YR'] }),
  (p) => ({ ...other(p, 0.2), text: ['Special order handling', 'Restocking fee', 'Rush order fee'] }),
];

const TAX_RATES = [0, 0, 5, 6, 6.25, 7, 7.5, 8, 8.25, 8.875];

/** Everything drawn for one layout (exported for the tests' variety checks). */
export interface Draw {
  font: string;
  size: number;
  headBold: boolean;
  upper: boolean;
  width: number;
  catalog: CatalogId;
  dateFormat: DateFormat;
  nameAlign: 'left' | 'center' | 'right';
  nameFrame: 'plain' | 'band' | 'box';
  arrangement: 'side' | 'stacked' | 'reversed';
  invStyle: 'inline' | 'heading' | 'box' | 'fields';
  fieldsStyle: 'lines' | 'kv' | 'grid' | 'row';
  cols: Col[];
  border: 'grid' | 'rules' | 'none' | 'zebra';
  headStyle: 'band' | 'grey' | 'underline' | 'boxed';
  totalsPos: 'right' | 'left' | 'strip' | 'intable';
  payments: boolean;
}

export interface RandomLayout extends Layout {
  draw: Draw;
}

const layoutSeed = (seed: number) => (seed * 1_000_003 + 11) >>> 0;
const invoiceSeed = (seed: number) => (seed * 1_000_003 + 577) >>> 0;

/** A small stable hash of a string (for the page's own draws, which must depend only on the invoice). */
function hash(s: string): number {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** The parts table's columns: a quantity mode, the identifiers and the money columns, in a drawn order. */
function drawColumns(rng: Rng, catalog: CatalogId): Col[] {
  const qty: Col[] = rng.pick<Col[]>([['qty'], ['qty'], ['qtyuom'], ['shp'], ['ord', 'shp'], ['ord', 'shp', 'bo']]);
  const ident: Col[] = ['part', 'desc'];
  if (rng.chance(0.3)) ident.push('app');
  if (catalog === 'recycler' ? rng.chance(0.6) : rng.chance(0.08)) ident.push('note');
  if (!qty.includes('qtyuom') && rng.chance(0.35)) ident.push('uom');
  const moneyCols: Col[] = [];
  if (rng.chance(0.4)) moneyCols.push('list');
  if (moneyCols.includes('list') && rng.chance(0.55)) moneyCols.push('disc');
  moneyCols.push('net');
  if (rng.chance(0.9)) moneyCols.push('ext');
  const line: Col[] = rng.chance(0.35) ? ['line'] : [];
  const order = rng.next();
  if (order < 0.55) {
    // Conventional: [line] qty part desc … money, or [line] part desc … qty money.
    const idents = rng.chance(0.5) ? ident : [...ident.slice(0, 2), ...rng.shuffle(ident.slice(2))];
    return rng.chance(0.6) ? [...line, ...qty, ...idents, ...moneyCols] : [...line, ...idents, ...qty, ...moneyCols];
  }
  if (order < 0.85) {
    // Shuffled within groups, the groups in a random order (line first when printed).
    const groups = rng.shuffle([rng.shuffle(ident), qty, rng.chance(0.7) ? moneyCols : rng.shuffle(moneyCols)]);
    return [...line, ...groups.flat()];
  }
  return [...line, ...rng.shuffle([...qty, ...ident, ...moneyCols])];
}

/** A supplier's invoice-number shape. */
function numberMaker(rng: Rng): (r: Rng) => string {
  const kind = rng.int(0, 5);
  const n = rng.int(5, 8);
  const letters = rng.chars('ABCDEFGHJKLMNPRSTWX', rng.int(1, 2));
  return (r) => {
    const d = (k: number) => `${r.int(1, 9)}${r.digits(k - 1)}`;
    switch (kind) {
      case 0:
        return d(n);
      case 1:
        return `${letters}${d(n - 1)}`;
      case 2:
        return `${r.digits(2)}-${d(5)}`;
      case 3:
        return `INV-${r.digits(n - 1)}`;
      case 4:
        return `${d(6)}-${r.digits(2)}`;
      default:
        return `0${r.digits(n - 1)}`;
    }
  };
}

/** Builds the seed's layout. */
export function randomLayout(seed: number): RandomLayout {
  const rng = new Rng(layoutSeed(seed));
  const upper = rng.chance(0.3);
  const U = (s: string) => (upper ? s.toUpperCase() : s);
  const font = rng.pick(FONTS);
  const mono = font.includes('Mono');
  const size = rng.int(11, 16);
  const headBold = rng.chance(0.7);
  const catalog = rng.pick(CATALOGS);
  const dateFormat = rng.pick(FORMATS);
  const width = rng.int(17, 22) * 50;
  const suppliers = [0, 1].map(() => U(`${rng.pick(NAME_A)} ${rng.pick(NAME_B)}${rng.pick(NAME_C)}`));
  const invoiceNumber = numberMaker(rng);

  // Look.
  const ink = rng.pick(['#111', '#000', '#1a1a2e', '#222']);
  const accent = rng.pick(['#1f3a5f', '#5a1010', '#222', '#0b4d2c', '#3b2a6b', '#444']);
  const nameAlign = rng.pick(['left', 'center', 'right'] as const);
  const nameFrame = rng.pick(['plain', 'plain', 'band', 'box'] as const);
  const nameSize = rng.int(20, 32);
  const arrangement = rng.pick(['side', 'stacked', 'reversed'] as const);
  const title = rng.chance(0.8) ? U(rng.pick(['INVOICE', 'Invoice', 'PARTS INVOICE', 'Sales Invoice', 'SALES INVOICE', 'Invoice / Packing List'])) : '';

  // The invoice number and date.
  const invStyle = rng.pick(['inline', 'heading', 'box', 'fields', 'fields'] as const);
  const fieldsStyle = rng.pick(['lines', 'kv', 'grid', 'row'] as const);
  const invLabel = U(rng.pick(['Invoice #', 'Invoice No.', 'Inv No.', 'Invoice Number', 'Inv #', 'Invoice', 'Document No.']));
  const headingText = rng.pick(['INVOICE', 'Invoice', 'No.', 'Invoice No.', 'INVOICE #']);
  const dateLabel = U(rng.pick(['Date', 'Invoice Date', 'Inv Date', 'Date of Invoice', 'Billing Date', 'Inv. Date']));
  const colon = rng.pick([':', ':', '']);
  const distractors = rng.sample(['account', 'customer', 'po', 'order', 'shipvia', 'sales', 'terms'], rng.int(1, 5));
  const distractorLabels: Record<string, string> = {
    account: rng.pick(['Account No.', 'Account #', 'Acct', 'Cust Acct']),
    customer: rng.pick(['Customer No.', 'Customer #', 'Cust No.', 'Customer ID']),
    po: rng.pick(['PO Number', 'P.O. #', 'Cust PO', 'Purchase Order', 'RO #']),
    order: rng.pick(['Order No.', 'Order #', 'Sales Order', 'SO #']),
    shipvia: rng.pick(['Ship Via', 'Shipped Via', 'Delivery']),
    sales: rng.pick(['Salesperson', 'Sales Rep', 'Counterperson', 'Writer']),
    terms: rng.pick(['Terms', 'Payment Terms']),
  };
  const datesInFields = rng.chance(0.75);

  // The parts table.
  const cols = drawColumns(rng, catalog);
  const used = new Set<string>();
  const heads = cols.map((c) => {
    const options = LABELS[c].filter((l) => !used.has(l.toLowerCase()));
    const label = rng.pick(options.length ? options : LABELS[c]);
    used.add(label.toLowerCase());
    return U(label);
  });
  const moneyKeys: Col[] = ['list', 'net', 'ext', 'disc'];
  const moneyAlign = rng.pick(['right', 'right', 'right', 'left', 'center'] as const);
  const qtyAlign = rng.pick(['center', 'right', 'left'] as const);
  const align = (c: Col) => (moneyKeys.includes(c) ? moneyAlign : ['qty', 'qtyuom', 'ord', 'shp', 'bo', 'line'].includes(c) ? qtyAlign : 'left');
  const border = rng.pick(['grid', 'rules', 'none', 'zebra'] as const);
  const headStyle = rng.pick(['band', 'grey', 'underline', 'boxed'] as const);
  const pad = rng.int(2, 9);
  const partNowrap = rng.chance(0.6);
  const m: MoneyStyle = {
    dollar: rng.chance(0.2),
    comma: rng.chance(0.75),
    negative: rng.pick(['minus', 'paren', 'trailing'] as const),
    disc: rng.pick(['pct', 'int', 'dec'] as const),
  };
  const chargeCode = rng.pick(['code', 'code', 'blank'] as const);
  const chargeBlankList = rng.chance(0.6);

  // Charges, tax and totals.
  const chargePlacement = rng.pick(['table', 'footer', 'mixed'] as const);
  const chargeKinds = rng.sample(CHARGES, rng.int(0, 4)).map((make) => make(chargePlacement === 'mixed' ? rng.pick(['table', 'footer'] as const) : chargePlacement));
  const taxRate = rng.pick(TAX_RATES);
  const taxLabel = U(
    taxRate === 0 ? rng.pick(['Sales Tax', 'Tax', 'Tax Exempt']) : rng.pick(['Sales Tax', `Tax ${taxRate}%`, `Sales Tax ${taxRate}%`, 'TAX', 'State Tax']),
  );
  const showZeroTax = rng.chance(0.5);
  const subtotalLabel = rng.chance(0.8) ? U(rng.pick(['Subtotal', 'Sub Total', 'Parts Total', 'Merchandise', 'Merchandise Total', 'Parts'])) : '';
  const payments = rng.chance(0.2);
  const totalLabel = U(
    payments
      ? rng.pick(['TOTAL', 'Total', 'Invoice Total', 'Total Amount'])
      : rng.pick(['TOTAL', 'Total', 'Invoice Total', 'Amount Due', 'Balance Due', 'Total Due', 'Total Amount', 'Please Pay']),
  );
  const paymentLabel = U(rng.pick(['Payment Received', 'Less Payment', 'Paid', 'Deposit Applied']));
  const balanceLabel = U(rng.pick(['Balance Due', 'Amount Due', 'Balance']));
  const paidInFull = rng.chance(0.5);
  const totalsPos = rng.pick(['right', 'right', 'left', 'strip', 'intable'] as const);
  const totalDollar = rng.chance(0.6);
  const totalBig = rng.int(0, 6);

  // Parties and footers.
  const soldLabel = rng.chance(0.85) ? U(rng.pick(['Sold To', 'Bill To', 'Customer', 'Sold To:', 'Billed To'])) : '';
  const shipTo = rng.chance(0.5) ? U(rng.pick(['Ship To', 'Deliver To', 'Ship To:'])) : '';
  const partiesBoxed = rng.chance(0.5);
  const phoneLabel = rng.pick(['', 'Tel ', 'Phone: ', 'Ph ', 'PH: ']);
  const addressOneLine = rng.chance(0.35);
  const extraContact = rng.chance(0.5) ? rng.pick(['Fax', 'web', 'email']) : '';
  const terms = rng.chance(0.6) ? U(rng.pick(['Terms: Net 30', 'Terms: Net 10th Prox', 'TERMS: 2% 10 NET 30', 'Terms: Due on receipt', 'Net 15 days'])) : '';
  const remit = rng.chance(0.4);
  const returnsNote = rng.chance(0.5)
    ? U(rng.pick(['Returns accepted within 30 days with this invoice. Electrical parts are not returnable.', 'A 15% restocking fee applies to returned special-order parts.', 'Thank you for your business!', 'All claims for shortages must be made within 5 days of delivery.']))
    : '';
  const pageOf = rng.chance(0.4);

  const draw: Draw = { font, size, headBold, upper, width, catalog, dateFormat, nameAlign, nameFrame, arrangement, invStyle, fieldsStyle, cols, border, headStyle, totalsPos, payments };

  const spec = (r: Rng, rows: number): InvoiceSpec => ({
    catalog,
    rows,
    discount: cols.includes('disc') ? { p: 0.7, min: 5, max: 40 } : cols.includes('list') ? { p: 0.4, min: 10, max: 35 } : { p: 0, min: 0, max: 0 },
    shortShip: cols.includes('ord') ? 0.2 : 0,
    maxQty: r.int(2, 8),
    charges: chargeKinds,
    taxRate,
    taxLabel,
  });

  const html = (inv: Invoice): string => {
    const hr = new Rng(hash(`${seed}|${inv.invoiceNumber}`));
    const fm = (c: number) => money(c, m);
    const fmTotal = (c: number) => money(c, { ...m, dollar: m.dollar || totalDollar });
    const other = (d: number) => {
      let v = `${hr.int(1, 9)}${hr.digits(d - 1)}`;
      while (v === inv.invoiceNumber) v = `${hr.int(1, 9)}${hr.digits(d - 1)}`;
      return v;
    };
    const distractorValues: Record<string, string> = {
      account: inv.account,
      customer: other(5),
      po: inv.po || other(5),
      order: other(inv.invoiceNumber.replace(/\D/g, '').length || 6),
      shipvia: U(hr.pick(['Our Truck', 'UPS Ground', 'Will Call', 'FedEx', 'Route 3'])),
      sales: U(hr.pick(['22 MORALES', 'J. Peters', 'Counter 4', 'K. Olsen', 'DAVE'])),
      terms: U(hr.pick(['Net 30', 'Net 10th', 'COD', 'Net 15'])),
    };
    const fields: [string, string][] = [];
    if (invStyle === 'fields') fields.push([invLabel, inv.invoiceNumber]);
    if (datesInFields || invStyle === 'fields') fields.push([dateLabel, inv.dateText]);
    for (const d of distractors) fields.push([U(distractorLabels[d]!), distractorValues[d]!]);
    for (const d of inv.otherDates) fields.push([U(d.label), d.text]);
    // The first two stay near the top most of the time; the rest in a drawn order.
    const ordered = hr.chance(0.6) ? [...fields.slice(0, 2), ...hr.shuffle(fields.slice(2))] : hr.shuffle(fields);
    const kv = (l: string, v: string) => `<span class="lbl">${esc(l)}${colon}</span> <span class="val">${esc(v)}</span>`;
    const fieldsHtml =
      fieldsStyle === 'lines'
        ? `<div class="fields">${ordered.map(([l, v]) => `<div>${kv(l, v)}</div>`).join('')}</div>`
        : fieldsStyle === 'kv'
          ? `<table class="fields kv">${ordered.map(([l, v]) => `<tr><td class="lbl">${esc(l)}${colon}</td><td class="val">${esc(v)}</td></tr>`).join('')}</table>`
          : fieldsStyle === 'grid'
            ? (() => {
                const perRow = ordered.length > 4 ? Math.ceil(ordered.length / 2) : ordered.length;
                const chunks: [string, string][][] = [];
                for (let i = 0; i < ordered.length; i += perRow) chunks.push(ordered.slice(i, i + perRow));
                return `<table class="fields grid">${chunks.map((ch) => `<tr>${ch.map(([l]) => `<th>${esc(l)}</th>`).join('')}</tr><tr>${ch.map(([, v]) => `<td>${esc(v)}</td>`).join('')}</tr>`).join('')}</table>`;
              })()
            : `<div class="fields row">${ordered.map(([l, v]) => `<span class="f">${kv(l, v)}</span>`).join('')}</div>`;
    const invHtml =
      invStyle === 'inline'
        ? `<div class="invline">${kv(invLabel, inv.invoiceNumber)}</div>`
        : invStyle === 'heading'
          ? `<div class="invhead">${esc(U(headingText))} ${esc(inv.invoiceNumber)}</div>`
          : invStyle === 'box'
            ? `<table class="invbox"><tr><th>${esc(invLabel)}</th></tr><tr><td>${esc(inv.invoiceNumber)}</td></tr></table>`
            : '';
    const dateAlone = !datesInFields && invStyle !== 'fields' ? `<div class="dateline">${kv(dateLabel, inv.dateText)}</div>` : '';
    const address = addressOneLine ? `<div>${inv.supplier.lines.map((l) => esc(U(l))).join(' · ')}</div>` : inv.supplier.lines.map((l) => `<div>${esc(U(l))}</div>`).join('');
    const contact =
      extraContact === 'Fax'
        ? `<div>Fax ${esc(inv.supplier.phone.replace(/\d{2}$/, '99'))}</div>`
        : extraContact === 'web'
          ? `<div>www.${inv.supplier.name.toLowerCase().replace(/[^a-z]+/g, '')}.com</div>`
          : extraContact === 'email'
            ? `<div>orders@${inv.supplier.name.toLowerCase().replace(/[^a-z]+/g, '').slice(0, 14)}.com</div>`
            : '';
    const supplier = `<div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${address}<div>${esc(phoneLabel)}${esc(inv.supplier.phone)}</div>${contact}</div>`;
    const meta = `<div class="meta">${title && invStyle !== 'heading' ? `<div class="title">${esc(title)}</div>` : ''}${invHtml}${dateAlone}${fields.length ? fieldsHtml : ''}</div>`;
    const street = hr.pick(STREETS);
    const town = hr.pick(TOWNS);
    const party = (label: string, name: string) =>
      `<div class="party"><div class="plabel">${esc(label)}</div><div>${esc(U(name))}</div><div>${esc(U(street))}</div><div>${esc(U(town))}</div></div>`;
    const parties = soldLabel || shipTo ? `<div class="parties">${soldLabel ? party(soldLabel, inv.customer) : ''}${shipTo ? party(shipTo, inv.customer) : ''}</div>` : '';

    // The parts table.
    const rows = tableRows(inv);
    const cell = (row: TableRow, c: Col) => {
      if (row.charge) {
        if (c === 'part' && chargeCode === 'blank') return '';
        if (c === 'list' && chargeBlankList) return '';
        if (c === 'line') return '';
      }
      return c === 'line' ? String(rows.filter((r) => r.part).indexOf(row) + 1) : cellText(row, c, m);
    };
    const cls = (c: Col) => `a-${align(c)}${c === 'part' && partNowrap ? ' nw' : ''}`;
    const headRow = `<tr>${cols.map((c, i) => `<th class="${cls(c)}">${esc(heads[i]!)}</th>`).join('')}</tr>`;
    const body = rows
      .map((row, i) => `<tr class="${border === 'zebra' && i % 2 ? 'z' : ''}">${cols.map((c) => `<td class="${cls(c)}">${esc(U(cell(row, c)))}</td>`).join('')}</tr>`)
      .join('');

    // The totals.
    const tot: [string, string, 'row' | 'total' | 'after'][] = [];
    if (subtotalLabel) tot.push([subtotalLabel, fm(inv.subtotal), 'row']);
    for (const c of inv.charges.filter((x) => x.placement === 'footer')) tot.push([c.description, fm(c.qty * c.unit), 'row']);
    if (inv.tax > 0 || showZeroTax) tot.push([inv.taxLabel, fm(inv.tax), 'row']);
    tot.push([totalLabel, fmTotal(inv.total), 'total']);
    if (payments) {
      const paid = paidInFull ? inv.total : Math.round((inv.total * hr.int(20, 80)) / 500) * 5;
      tot.push([paymentLabel, fm(-paid), 'after']);
      tot.push([balanceLabel, fmTotal(inv.total - paid), 'after']);
    }
    const inTable =
      totalsPos === 'intable'
        ? tot.map(([l, v, k]) => `<tr class="t ${k}"><td colspan="${cols.length - 1}" class="a-right">${esc(l)}</td><td class="a-right">${esc(v)}</td></tr>`).join('')
        : '';
    const table = `<table class="items"><thead>${headRow}</thead><tbody>${body}</tbody>${inTable ? `<tbody class="tf">${inTable}</tbody>` : ''}</table>`;
    const totals =
      totalsPos === 'intable'
        ? ''
        : totalsPos === 'strip'
          ? `<table class="strip"><tr>${tot.map(([l, , k]) => `<th class="${k}">${esc(l)}</th>`).join('')}</tr><tr>${tot.map(([, v, k]) => `<td class="${k}">${esc(v)}</td>`).join('')}</tr></table>`
          : `<table class="tot">${tot.map(([l, v, k]) => `<tr class="${k}"><td>${esc(l)}</td><td class="a-right">${esc(v)}</td></tr>`).join('')}</table>`;
    const footBits = [
      terms,
      remit ? `${U('Remit to')}: ${inv.supplier.name}, ${U(inv.supplier.lines.join(', '))}` : '',
      returnsNote,
    ].filter(Boolean);
    const foot = `${footBits.length ? `<div class="foot">${footBits.map((b) => `<div>${esc(b)}</div>`).join('')}</div>` : ''}${pageOf && inv.lines.length < 15 ? `<div class="pageof">${esc(U('Page 1 of 1'))}</div>` : ''}`;

    const top =
      arrangement === 'stacked'
        ? `<div class="top stacked">${supplier}${meta}</div>`
        : `<div class="top ${arrangement}">${supplier}${meta}</div>`;
    return page(
      `${top}${parties}${table}${totals}${foot}`,
      `body { font-family: '${font}', ${mono ? 'monospace' : 'sans-serif'}; font-size:${size}px; color:${ink}; }
      .top { display:flex; gap:24px; justify-content:space-between; align-items:flex-start; }
      .top.reversed { flex-direction:row-reverse; } .top .meta { max-width:55%; } .top.stacked { display:block; } .top.stacked .meta { margin-top:10px; }
      .sup { text-align:${nameAlign}; ${arrangement === 'stacked' ? '' : 'flex:1;'} }
      .sup .name { white-space:nowrap; font-size:${nameSize}px; font-weight:${headBold || nameFrame !== 'plain' ? 'bold' : 'normal'}; margin-bottom:4px;
        ${nameFrame === 'band' ? `background:${accent}; color:#fff; padding:6px 10px;` : nameFrame === 'box' ? 'border:2px solid #222; padding:4px 10px; display:inline-block;' : ''} }
      .meta .title { font-size:${size + 8}px; font-weight:bold; letter-spacing:1px; margin-bottom:6px; }
      .invhead { font-size:${size + 10}px; font-weight:bold; margin-bottom:6px; }
      .invline { font-size:${size + 2}px; margin-bottom:4px; } .invline .val { font-weight:bold; }
      .invbox { border-collapse:collapse; margin-bottom:6px; } .invbox th, .invbox td { border:1px solid #333; padding:3px 14px; } .invbox th { font-size:${size - 1}px; background:#eee; font-weight:normal; } .invbox td { font-weight:bold; font-size:${size + 2}px; }
      .fields.kv td { padding:1px 8px 1px 0; } .fields.kv .lbl { ${headBold ? 'font-weight:bold;' : ''} }
      .fields.grid { border-collapse:collapse; margin-top:4px; } .fields.grid th, .fields.grid td { border:1px solid #555; padding:2px 8px; text-align:left; } .fields.grid th { font-size:${Math.max(10, size - 2)}px; font-weight:${headBold ? 'bold' : 'normal'}; background:#f0f0f0; }
      .fields .val, .fields.grid td { white-space:nowrap; }
      .fields.row { margin-top:10px; } .fields.row .f { display:inline-block; margin-right:22px; } .lbl { ${headBold ? 'font-weight:bold;' : ''} }
      .dateline { margin-bottom:4px; }
      .parties { display:flex; gap:30px; margin:14px 0 6px; } .party { ${partiesBoxed ? 'border:1px solid #555; padding:4px 10px; min-width:240px;' : ''} } .plabel { font-weight:bold; font-size:${Math.max(10, size - 1)}px; }
      .items { width:100%; margin-top:14px; }
      .items th, .items td { padding:${pad}px ${pad + 3}px; vertical-align:top; }
      .items th { font-weight:${headBold ? 'bold' : 'normal'}; }
      ${headStyle === 'band' ? `.items th { background:${accent}; color:#fff; }` : headStyle === 'grey' ? '.items th { background:#d9d9d9; }' : headStyle === 'underline' ? '.items th { font-weight:bold; border-bottom:2px solid #000; }' : '.items th { border:1.5px solid #000; }'}
      ${border === 'grid' ? '.items td, .items th { border:1px solid #888; }' : border === 'rules' ? '.items tbody td { border-bottom:1px solid #bbb; }' : border === 'zebra' ? '.items tr.z td { background:#ececec; }' : ''}
      .a-right { text-align:right; } .a-center { text-align:center; } .a-left { text-align:left; } .nw { white-space:nowrap; }
      .items tbody.tf td { border:none; background:none; padding-top:2px; padding-bottom:2px; } .items tbody.tf tr.total td { font-weight:bold; }
      .tot { margin:12px ${totalsPos === 'left' ? 'auto 0 0' : '0 0 auto'}; } .tot td { padding:2px 10px; }
      .tot tr.total td, .strip td.total { font-weight:bold; ${totalBig > 2 ? `font-size:${size + totalBig}px;` : ''} ${totalBig % 2 ? 'border-top:2px solid #000;' : ''} }
      .strip { width:100%; margin-top:12px; border-collapse:collapse; } .strip th, .strip td { border:1px solid #666; padding:3px 8px; text-align:center; } .strip th { font-size:${Math.max(10, size - 1)}px; background:#f2f2f2; font-weight:normal; }
      .foot { margin-top:16px; font-size:${Math.max(10, size - 2)}px; color:#333; } .pageof { margin-top:8px; text-align:center; font-size:${Math.max(10, size - 2)}px; }`,
    );
  };

  const features = [
    `font-${font}`,
    `size-${size}`,
    upper ? 'uppercase' : 'mixed-case',
    `name-${nameAlign}-${nameFrame}`,
    `arrangement-${arrangement}`,
    `inv-${invStyle}`,
    `fields-${fieldsStyle}`,
    `cols-${cols.join(',')}`,
    `border-${border}`,
    `head-${headStyle}`,
    `totals-${totalsPos}`,
    ...(payments ? ['payments'] : []),
    `date-${dateFormat}`,
  ];
  return {
    id: `R${seed}`,
    title: `Random layout ${seed}: ${features.join(' · ')}`,
    features,
    catalog,
    dateFormat,
    suppliers,
    invoiceNumber,
    spec,
    width,
    html,
    finish: upper
      ? (inv) => ({
          ...inv,
          supplier: { ...inv.supplier, lines: inv.supplier.lines.map((l) => l.toUpperCase()) },
          lines: inv.lines.map((l) => ({ ...l, part_number: l.part_number.toUpperCase(), description: l.description.toUpperCase(), application: l.application.toUpperCase(), note: l.note.toUpperCase() })),
          charges: inv.charges.map((c) => ({ ...c, description: c.description.toUpperCase() })),
        })
      : undefined,
    draw,
  };
}

function isoDate(rng: Rng): string {
  const month = rng.int(1, 12);
  const day = rng.int(1, month === 2 ? 28 : 30);
  return `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The seed's one invoice (its own date, supplier, numbers, lines and charges) and its reconciled truth. */
export function randomInvoice(seed: number, layout: RandomLayout = randomLayout(seed)): { layout: RandomLayout; inv: Invoice; truth: ExtractedInvoice } {
  const rng = new Rng(invoiceSeed(seed));
  const rows = rng.chance(0.1) ? rng.int(18, 24) : rng.int(3, 14);
  const dateIso = isoDate(rng);
  // Distractor dates, never the invoice date.
  const otherDates = [
    ...(rng.chance(0.4) ? [{ label: rng.pick(['Order Date', 'Ordered', 'Order Dt']), text: formatDate(shiftDate(dateIso, -rng.int(1, 6)), layout.dateFormat) }] : []),
    ...(rng.chance(0.3) ? [{ label: rng.pick(['Ship Date', 'Shipped', 'Delivery Date']), text: formatDate(shiftDate(dateIso, rng.int(1, 3)), layout.dateFormat) }] : []),
    ...(rng.chance(0.35) ? [{ label: rng.pick(['Due Date', 'Payment Due', 'Due']), text: formatDate(shiftDate(dateIso, rng.pick([10, 15, 30])), layout.dateFormat) }] : []),
  ];
  let inv = drawInvoice(rng, layout, layout.id, rows, dateIso, otherDates);
  // A discount larger than the parts (seed 455: −31.95 of account discount on a few clips) totals below zero, which no
  // supplier prints on an invoice: such an invoice is drawn again (draws that total above zero are unchanged).
  while (inv.total <= 0) inv = drawInvoice(rng, layout, layout.id, rows, dateIso, otherDates);
  return { layout, inv, truth: truthOf(inv) };
}


/** The text of a page's HTML without tags (entities decoded), for checks without a browser. */
export function htmlText(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
