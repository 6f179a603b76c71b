/**
 * Six more supplier layouts (L31–L36) for the THIRD extra tuning set (tests/fixtures/invoices-dev-extra3, made by
 * `generate.ts --extra3`). Designed to differ from L01–L30: a "Bill To / Ship To" header with the invoice number in a
 * right-hand grid of label cells beside a PO, an RO and a claim number; descriptions that wrap onto a second line inside
 * their row; quantities printed "1.00" or "2.000"; a UOM column after the quantity; "Ext. Amount" / "Extended"
 * columns; credits and core returns in parentheses; a credit-memo-style trade discount row; a totals block on the LEFT;
 * a narrow thermal-printer ticket (part number over the description in one cell, a time after the date, a tender line
 * after the total); a landscape-wide table with two-line column heads ("Qty / Ord" stacked); the unit price BEFORE the
 * quantity; a logo block left of the supplier's name; a "Sales Order" number next to the invoice number and a
 * "Remit To" block with a second company name; part numbers with dots (`1K0.615.301.AA`) and leading zeros
 * (`00125-88310`). All tuning: nothing here is held out, and the other sets are not affected by this file.
 */
import { cellText, esc, page, tableRows, totalsRows, type MoneyStyle, type TableRow } from './html';
import { core, credit, discount, freight, hazmat, spec, type Layout } from './layouts';
import { money, type Invoice, type InvoiceSpec } from './model';

type ChargeOpt = InvoiceSpec['charges'][number];

export interface Column {
  /** The head as HTML (may hold `<br>` for a head printed on two lines). */
  head: string;
  right?: boolean;
  /** CSS class of the column's cells (widths, wrapping). */
  cls?: string;
  /** The cell as HTML. */
  cell: (row: TableRow) => string;
}

/** A column printing one of html.ts's standard cells, escaped. */
export const std = (head: string, key: Parameters<typeof cellText>[1], m: MoneyStyle, right = false, cls = ''): Column => ({
  head: esc(head),
  right,
  cls,
  cell: (row) => esc(cellText(row, key, m)),
});

/** The billed quantity with `decimals` zeros ("1.00", "2.000"); a charge row prints its own quantity the same way. */
export const qtyDec = (head: string, decimals: number): Column => ({
  head,
  right: true,
  cell: (row) => (row.part ? row.part.qtyShipped : row.charge.qty).toFixed(decimals),
});

/** The parts table (class `items`) with per-layout cells. */
export function table(inv: Invoice, cols: Column[], opts: { zebra?: boolean } = {}): string {
  const cls = (c: Column) => [c.right ? 'r' : '', c.cls ?? ''].join(' ').trim();
  const head = cols.map((c) => `<th class="${cls(c)}">${c.head}</th>`).join('');
  const body = tableRows(inv)
    .map(
      (row, i) =>
        `<tr${opts.zebra && i % 2 ? ' class="z"' : ''}>${cols.map((c) => `<td class="${cls(c)}">${c.cell(row)}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<table class="items"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** The totals block (class `tot`): subtotal, footer charges, tax and total, negatives as the layout prints them. */
export function totals(inv: Invoice, labels: { subtotal?: string; total: string; tax?: string }, m: MoneyStyle): string {
  return `<table class="tot">${totalsRows(inv, labels)
    .map(
      ([label, c, kind]) =>
        `<tr class="${kind}"><td>${esc(label)}</td><td class="r">${esc(money(c, kind === 'total' ? { ...m, dollar: true } : m))}</td></tr>`,
    )
    .join('')}</table>`;
}

/** A number of `n` digits fixed by `seed` (an RO, a claim or a sales-order number that is NOT the invoice number). */
export function otherNumber(seed: string, n: number): string {
  let h = 7;
  for (const ch of seed) h = (h * 131 + ch.charCodeAt(0)) % 1_000_003;
  let out = '';
  for (let i = 0; i < n; i += 1) {
    h = (h * 48271 + 11) % 2_147_483_647;
    out += String(h % 10);
  }
  return out;
}

const addressLines = (inv: Invoice) => inv.supplier.lines.map(esc).join('<br>');

/** A core return credited on the invoice, printed in the table. */
const coreReturn = (p: number): ChargeOpt => ({
  ...credit('table', p),
  text: ['Core return credit', 'CORE RETURN CREDIT'],
  code: 'CR',
});

export const EXTRA3_LAYOUTS: Layout[] = [
  {
    id: 'L31-billto-shipto-grid',
    title:
      'Collision parts distributor: "Bill To / Ship To" columns, the invoice number and date in a right-hand grid of label cells beside Customer PO, RO # and Claim #, a narrow Description column that wraps onto two lines, quantities "1.00", a UOM column after Qty, Unit Price / Ext. Amount, core charges and core-return credits in parentheses in the table',
    features: [
      'bill-to-ship-to',
      'label-cell-grid',
      'po-ro-claim-near-invoice-no',
      'wrapped-description',
      'qty-decimals',
      'uom-after-qty',
      'ext-amount',
      'paren-negatives',
      'core',
      'credit',
      'freight',
      'tax',
      'date-MM/dd/yyyy',
    ],
    catalog: 'gm',
    dateFormat: 'MM/dd/yyyy',
    suppliers: ['Keystone Collision Parts Supply', 'Great Lakes Auto Body Parts Inc.'],
    invoiceNumber: (rng) => `${rng.int(1, 9)}${rng.digits(6)}`,
    spec: spec('gm', {
      discount: { p: 0.5, min: 10, max: 30 },
      maxQty: 4,
      charges: [core('table', 0.5), coreReturn(0.5), freight('footer', 0.6)],
      taxRate: 7,
      taxLabel: 'Sales Tax 7%',
    }),
    width: 980,
    html: (inv) => {
      const m: MoneyStyle = { comma: true, negative: 'paren' };
      const ship = `${esc(inv.customer)}<br>Receiving dock, 812 Oak Street`;
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv)}<br>${esc(inv.supplier.phone)}</div>
        <div><div class="doc">INVOICE</div><table class="grid">
        <tr><td class="l">Invoice No.</td><td>${esc(inv.invoiceNumber)}</td><td class="l">Customer PO</td><td>${esc(inv.po)}</td></tr>
        <tr><td class="l">Invoice Date</td><td>${esc(inv.dateText)}</td><td class="l">RO #</td><td>${otherNumber(inv.invoiceNumber, 5)}</td></tr>
        <tr><td class="l">Account</td><td>${esc(inv.account)}</td><td class="l">Claim #</td><td>${otherNumber(inv.po, 3)}-${otherNumber(inv.account, 7)}</td></tr>
        </table></div></div>
        <div class="bs"><div><b>Bill To</b><br>${esc(inv.customer)}<br>812 Oak Street<br>Account ${esc(inv.account)}</div><div><b>Ship To</b><br>${ship}</div></div>
        ${table(inv, [
          std('Line', 'line', m),
          std('Part Number', 'part', m),
          std('Description', 'desc', m, false, 'w'),
          qtyDec('Qty', 2),
          std('UOM', 'uom', m),
          std('Unit Price', 'net', m, true),
          std('Ext. Amount', 'ext', m, true),
        ])}
        ${totals(inv, { subtotal: 'Subtotal', total: 'Invoice Total' }, m)}
        <p class="foot">Core credits are issued on receipt of the old core. Claims for shortages within 48 hours.</p>`,
        `.top { display:flex; justify-content:space-between; } .sup { font-size:13px; } .sup .name { font-size:21px; font-weight:bold; margin-bottom:3px; }
        .doc { font-size:24px; font-weight:bold; text-align:right; margin-bottom:4px; } .grid td { border:1px solid #777; padding:3px 7px; font-size:13px; } .grid td.l { background:#e5e7eb; font-weight:bold; }
        .bs { display:flex; gap:60px; margin:14px 0; font-size:13px; } .bs > div { border:1px solid #bbb; padding:6px 10px; width:260px; }
        .items { width:100%; } .items th { background:#374151; color:#fff; padding:5px; text-align:left; } .items th.r { text-align:right; }
        .items td { padding:5px; border-bottom:1px solid #ccc; vertical-align:top; } .items td.w { width:150px; max-width:150px; }
        .tot { margin:12px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:17px; border-top:2px solid #000; }
        .foot { font-size:11px; color:#444; margin-top:16px; }`,
      );
    },
  },
  {
    id: 'L32-thermal-ticket',
    title:
      'Parts-store counter ticket from a thermal printer: a narrow monospace page, name centred, "INV#", the date followed by a time, the part number over its description in one cell, QTY / EACH / AMOUNT, a core deposit row, SUBTOTAL / TAX / TOTAL and then a tender line that repeats the total',
    features: [
      'narrow-receipt',
      'monospace',
      'inv-hash',
      'date-with-time',
      'part-over-description',
      'wrapped-description',
      'core',
      'tax',
      'tender-line',
      'date-M/d/yy',
    ],
    catalog: 'store',
    dateFormat: 'M/d/yy',
    suppliers: ['QUICK STOP AUTO PARTS #214', 'Parts Plus of Eastgate'],
    invoiceNumber: (rng) => `${rng.digits(2)}-${rng.digits(5)}`,
    spec: spec('store', {
      maxQty: 4,
      charges: [{ ...core('table', 0.4), text: ['CORE DEPOSIT'], code: 'CORE' }],
      taxRate: 6.5,
      taxLabel: 'TAX 6.5%',
    }),
    width: 420,
    html: (inv) => {
      const m: MoneyStyle = { comma: false };
      const time = `${1 + (Number(otherNumber(inv.invoiceNumber, 2)) % 11)}:${otherNumber(inv.account, 2).replace(/^[6-9]/, '3')} PM`;
      return page(
        `<div class="c"><div class="name">${esc(inv.supplier.name)}</div>${inv.supplier.lines.map(esc).join('<br>')}<br>${esc(inv.supplier.phone)}</div>
        <div class="dash"></div>
        <div>INV# ${esc(inv.invoiceNumber)}</div><div>DATE ${esc(inv.dateText)} ${time}</div><div>ACCT ${esc(inv.account)} &nbsp; PO ${esc(inv.po)}</div>
        <div>SOLD TO ${esc(inv.customer)}</div>
        <div class="dash"></div>
        ${table(inv, [
          {
            head: 'ITEM',
            cls: 'it',
            cell: (row) =>
              row.part
                ? `<b>${esc(row.part.part_number)}</b><br>${esc(row.part.description)}`
                : `<b>${esc(row.charge.code)}</b><br>${esc(row.charge.description)}`,
          },
          qtyDec('QTY', 0),
          std('EACH', 'net', m, true),
          std('AMOUNT', 'ext', m, true),
        ])}
        <div class="dash"></div>
        ${totals(inv, { subtotal: 'SUBTOTAL', total: 'TOTAL' }, m)}
        <div class="tender">CHARGE TO ACCT ${esc(inv.account)} <span>${esc(money(inv.total, m))}</span></div>
        <div class="dash"></div>
        <div class="c small">NO RETURNS ON ELECTRICAL PARTS<br>KEEP THIS TICKET FOR WARRANTY</div>`,
        `body { font-family:'DejaVu Sans Mono', 'Liberation Mono', monospace; font-size:13px; padding:16px 14px; } .name { font-size:16px; font-weight:bold; }
        .dash { border-top:1px dashed #000; margin:8px 0; } .items { width:100%; } .items th { text-align:left; font-weight:bold; padding:2px 2px; } .items th.r { text-align:right; }
        .items td { padding:3px 2px; vertical-align:top; } .items td.it { width:190px; } .tot { margin-left:auto; } .tot td { padding:1px 2px 1px 14px; } .tot .total td { font-weight:bold; font-size:15px; }
        .tender { display:flex; justify-content:space-between; margin-top:6px; } .small { font-size:11px; }`,
      );
    },
  },
  {
    id: 'L33-logo-price-before-qty',
    title:
      'Import dealer with a logo block left of its name, "Invoice No:" with "RO No:" and "Claim No:" right under it, dotted part numbers (1K0.615.301.AA), Part No. / Description / Unit Price BEFORE Qty (printed "2.000") / Extended, the totals block on the LEFT under the table',
    features: [
      'logo-left',
      'po-ro-claim-near-invoice-no',
      'part-dots',
      'price-before-qty',
      'qty-decimals',
      'extended',
      'totals-left',
      'freight',
      'fee',
      'tax',
      'date-ordinal',
    ],
    catalog: 'dotted',
    dateFormat: 'MMMM do, yyyy',
    suppliers: ['Northgate Volkswagen Parts', 'Autohaus Lindner Parts & Accessories'],
    invoiceNumber: (rng) => `${rng.digits(6)}`,
    spec: spec('dotted', {
      discount: { p: 0.6, min: 10, max: 25 },
      maxQty: 4,
      charges: [freight('footer', 0.6), hazmat('footer', 0.4)],
      taxRate: 6,
      taxLabel: 'Sales Tax 6%',
    }),
    width: 940,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      const initials = inv.supplier.name
        .split(/\s+/)
        .slice(0, 2)
        .map((w) => w[0])
        .join('');
      return page(
        `<div class="top"><div class="brand"><div class="logo">${esc(initials)}</div><div><div class="name">${esc(inv.supplier.name)}</div><div class="addr">${inv.supplier.lines.map(esc).join(' · ')}<br>${esc(inv.supplier.phone)}</div></div></div>
        <table class="kv"><tr><td>Invoice No:</td><td><b>${esc(inv.invoiceNumber)}</b></td></tr><tr><td>RO No:</td><td>${otherNumber(inv.invoiceNumber, 6)}</td></tr>
        <tr><td>Claim No:</td><td>${otherNumber(inv.po, 2)}-${otherNumber(inv.account, 6)}</td></tr><tr><td>Date:</td><td>${esc(inv.dateText)}</td></tr></table></div>
        <div class="bill"><b>Customer</b> ${esc(inv.customer)}, Account ${esc(inv.account)} &nbsp; <b>PO</b> ${esc(inv.po)}</div>
        ${table(inv, [
          std('Part No.', 'part', m),
          std('Description', 'desc', m),
          std('Unit Price', 'net', m, true),
          qtyDec('Qty', 3),
          std('Extended', 'ext', m, true),
        ])}
        <div class="bottom">${totals(inv, { subtotal: 'Parts Total', total: 'Amount Due' }, m)}<div class="terms">Terms: net 30 days.<br>Genuine parts carry a 24 month warranty.</div></div>`,
        `.top { display:flex; justify-content:space-between; align-items:flex-start; } .brand { display:flex; gap:12px; align-items:center; }
        .logo { width:64px; height:64px; border-radius:50%; background:#1d4ed8; color:#fff; font-size:28px; font-weight:bold; display:flex; align-items:center; justify-content:center; }
        .name { font-size:22px; font-weight:bold; } .addr { font-size:12px; } .kv td { padding:1px 6px; font-size:14px; } .bill { margin:14px 0; font-size:13px; }
        .items { width:100%; } .items th { border-bottom:2px solid #1d4ed8; padding:5px; text-align:left; } .items th.r { text-align:right; } .items td { padding:5px; border-bottom:1px solid #e5e7eb; }
        .bottom { display:flex; justify-content:space-between; margin-top:14px; } .tot td { padding:2px 12px 2px 0; } .tot .total td { font-weight:bold; font-size:18px; border-top:2px solid #1d4ed8; }
        .terms { font-size:12px; color:#555; text-align:right; }`,
      );
    },
  },
  {
    id: 'L34-wide-two-line-heads',
    title:
      'Landscape-wide wholesale invoice: column heads printed on two lines ("Qty / Ord", "Unit / Net", "Ext. / Amount"), Ln / Stock No. (leading zeros) / Description / UOM / Qty Ord / Qty Ship / B/O / Unit List / Disc % / Unit Net / Ext. Amount, a "Sales Order" number beside the invoice number, core-return credits in parentheses in the table',
    features: [
      'wide-table',
      'two-line-heads',
      'line-number',
      'part-leading-zeros',
      'uom-column',
      'qty-ordered-shipped',
      'backorder',
      'list-disc-net',
      'ext-amount',
      'sales-order-near-invoice-no',
      'paren-negatives',
      'credit',
      'freight',
      'tax',
      'date-yyyy-MM-dd',
    ],
    catalog: 'leadzero',
    dateFormat: 'yyyy-MM-dd',
    suppliers: ['Tri-State Body Supply Co.', 'Harbor Collision Wholesale'],
    invoiceNumber: (rng) => `SI${rng.digits(7)}`,
    spec: spec('leadzero', {
      discount: { p: 0.8, min: 10, max: 35 },
      shortShip: 0.3,
      maxQty: 6,
      charges: [coreReturn(0.5), freight('footer', 0.6)],
      taxRate: 5.5,
      taxLabel: 'Sales Tax 5.5%',
    }),
    width: 1300,
    html: (inv) => {
      const m: MoneyStyle = { comma: true, negative: 'paren', disc: 'dec' };
      const so = `SO${otherNumber(inv.invoiceNumber, 7)}`;
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv)} · ${esc(inv.supplier.phone)}</div>
        <div class="ship"><b>Ship To</b><br>${esc(inv.customer)}<br>812 Oak Street</div>
        <table class="meta"><tr><th>Invoice</th><th>Date</th><th>Sales Order</th><th>Customer PO</th><th>Terms</th></tr>
        <tr><td>${esc(inv.invoiceNumber)}</td><td>${esc(inv.dateText)}</td><td>${so}</td><td>${esc(inv.po)}</td><td>Net 30</td></tr></table></div>
        ${table(
          inv,
          [
            std('Ln', 'line', m),
            std('Stock No.', 'part', m),
            std('Description', 'desc', m),
            std('UOM', 'uom', m),
            { ...std('', 'ord', m, true), head: 'Qty<br>Ord' },
            { ...std('', 'shp', m, true), head: 'Qty<br>Ship' },
            { ...std('', 'bo', m, true), head: 'B/O' },
            { ...std('', 'list', m, true), head: 'Unit<br>List' },
            { ...std('', 'disc', m, true), head: 'Disc<br>%' },
            { ...std('', 'net', m, true), head: 'Unit<br>Net' },
            { ...std('', 'ext', m, true), head: 'Ext.<br>Amount' },
          ],
          { zebra: true },
        )}
        ${totals(inv, { subtotal: 'Merchandise Total', total: 'Total Invoice' }, m)}`,
        `.top { display:flex; justify-content:space-between; align-items:flex-start; gap:20px; } .sup { font-size:13px; } .sup .name { font-size:22px; font-weight:bold; }
        .ship { font-size:13px; } .meta th { background:#0f766e; color:#fff; font-size:12px; padding:3px 8px; } .meta td { border:1px solid #0f766e; padding:3px 8px; text-align:center; }
        .items { width:100%; margin-top:18px; } .items th { border-bottom:2px solid #0f766e; padding:4px 6px; text-align:left; vertical-align:bottom; font-size:13px; } .items th.r { text-align:right; }
        .items td { padding:4px 6px; } .z { background:#f0fdfa; } .tot { margin:12px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:17px; }`,
      );
    },
  },
  {
    id: 'L35-credit-memo-discount',
    title:
      'Dealer wholesale invoice: Qty ("1.00") / UOM / Item / Description / Price / Extended, a credit-memo-style "LESS TRADE DISCOUNT" row in the table with its amount in parentheses, descriptions wrapping in a narrow column, "Invoice No." beside "P.O. No." and "Customer No.", dd-MMM-yy dates, delivery below',
    features: [
      'qty-first',
      'qty-decimals',
      'uom-after-qty',
      'extended',
      'discount-row-in-table',
      'paren-negatives',
      'wrapped-description',
      'po-near-invoice-no',
      'freight',
      'tax',
      'date-dd-MMM-yy',
      'part-dashes',
    ],
    catalog: 'toyota',
    dateFormat: 'dd-MMM-yy',
    suppliers: ['Sunrise Toyota Wholesale Parts', 'Midland Toyota Parts Distribution'],
    invoiceNumber: (rng) => `${rng.digits(7)}`,
    spec: spec('toyota', {
      maxQty: 4,
      charges: [
        { ...discount('table', 0.7), text: ['LESS TRADE DISCOUNT', 'Less: promo discount'], code: 'DISC' },
        { ...freight('footer', 0.6), text: ['Delivery'] },
      ],
      taxRate: 8,
      taxLabel: 'Sales Tax 8%',
    }),
    width: 900,
    html: (inv) => {
      const m: MoneyStyle = { comma: true, negative: 'paren' };
      return page(
        `<div class="head"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv)}<br>${esc(inv.supplier.phone)}</div><div class="doc">WHOLESALE INVOICE</div></div>
        <table class="line"><tr><td>Invoice No.</td><td>P.O. No.</td><td>Customer No.</td><td>Date</td></tr><tr><td><b>${esc(inv.invoiceNumber)}</b></td><td>${esc(inv.po)}</td><td>${otherNumber(inv.account, 6)}</td><td>${esc(inv.dateText)}</td></tr></table>
        <div class="bill">Sold to: ${esc(inv.customer)}</div>
        ${table(inv, [
          qtyDec('Qty', 2),
          std('UOM', 'uom', m),
          std('Item', 'part', m),
          std('Description', 'desc', m, false, 'w'),
          std('Price', 'net', m, true),
          std('Extended', 'ext', m, true),
        ])}
        ${totals(inv, { subtotal: 'Subtotal', total: 'Invoice Total' }, m)}`,
        `.head { display:flex; justify-content:space-between; } .sup { font-size:13px; } .sup .name { font-size:20px; font-weight:bold; } .doc { font-size:20px; font-weight:bold; letter-spacing:1px; }
        .line { margin-top:14px; } .line td { padding:2px 16px 2px 0; font-size:13px; } .bill { margin:10px 0; font-size:13px; }
        .items { width:100%; } .items th { border-top:2px solid #000; border-bottom:1px solid #000; padding:4px 5px; text-align:left; } .items th.r { text-align:right; }
        .items td { padding:4px 5px; vertical-align:top; } .items td.w { width:170px; max-width:170px; } .tot { margin:12px 0 0 auto; border-top:1px solid #000; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:17px; }`,
      );
    },
  },
  {
    id: 'L36-remit-to-sales-order',
    title:
      'OEM distributor: "INVOICE" with its number in the title line and a "Sales Order" number right under it, a "Remit To" block naming a second company, Item # / Mfg / Description / Ordered / Shipped / B.O. (two-line heads) / Price / Amount with quantities "1.00" and "$" amounts, MMM d, yyyy',
    features: [
      'number-in-title',
      'sales-order-near-invoice-no',
      'remit-to',
      'mfr-column',
      'two-line-heads',
      'qty-ordered-shipped',
      'backorder',
      'qty-decimals',
      'dollar-every-amount',
      'core',
      'freight',
      'tax',
      'date-MMM-d-yyyy',
    ],
    catalog: 'mopar',
    dateFormat: 'MMM d, yyyy',
    suppliers: ['Heartland Mopar Parts Distribution', 'Central Valley CDJR Wholesale'],
    invoiceNumber: (rng) => `${rng.int(4, 8)}${rng.digits(6)}`,
    spec: spec('mopar', {
      discount: { p: 0.7, min: 10, max: 30 },
      shortShip: 0.3,
      maxQty: 4,
      charges: [core('table', 0.4), freight('footer', 0.6)],
      taxRate: 6.25,
      taxLabel: 'Sales Tax 6.25%',
    }),
    width: 980,
    html: (inv) => {
      const m: MoneyStyle = { dollar: true, comma: true };
      const q = (key: 'ord' | 'shp' | 'bo') => (row: TableRow) => Number(cellText(row, key, m)).toFixed(2);
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv)}<br>${esc(inv.supplier.phone)}</div>
        <div class="r"><div class="doc">INVOICE ${esc(inv.invoiceNumber)}</div><div>Sales Order ${otherNumber(inv.invoiceNumber, 7)}</div><div>${esc(inv.dateText)}</div><div>Customer PO ${esc(inv.po)}</div></div></div>
        <div class="mid"><div><b>Sold To</b><br>${esc(inv.customer)}<br>812 Oak Street<br>Account ${esc(inv.account)}</div>
        <div><b>Remit To</b><br>MOPAR DISTRIBUTION SERVICES LLC<br>PO Box 7781<br>Detroit, MI 48277</div></div>
        ${table(inv, [
          std('Item #', 'part', m),
          { head: 'Mfg', cell: (row) => (row.part ? 'MOP' : '') },
          std('Description', 'desc', m),
          { head: 'Qty<br>Ordered', right: true, cell: q('ord') },
          { head: 'Qty<br>Shipped', right: true, cell: q('shp') },
          { head: 'B.O.', right: true, cell: q('bo') },
          std('Price', 'net', m, true),
          std('Amount', 'ext', m, true),
        ])}
        ${totals(inv, { subtotal: 'Subtotal', total: 'Total Due' }, m)}
        <p class="foot">Please remit to the address above. Past-due balances accrue 1.5% per month.</p>`,
        `.top { display:flex; justify-content:space-between; } .sup { font-size:13px; } .sup .name { font-size:21px; font-weight:bold; } .doc { font-size:22px; font-weight:bold; }
        .mid { display:flex; gap:80px; margin:14px 0; font-size:13px; } .items { width:100%; } .items th { border-bottom:2px solid #000; padding:4px 5px; text-align:left; vertical-align:bottom; }
        .items th.r { text-align:right; } .items td { padding:4px 5px; border-bottom:1px solid #ddd; } .tot { margin:12px 0 0 auto; } .tot td { padding:2px 8px; }
        .tot .total td { font-weight:bold; font-size:17px; border-top:2px solid #000; } .foot { font-size:11px; margin-top:16px; }`,
      );
    },
  },
];
