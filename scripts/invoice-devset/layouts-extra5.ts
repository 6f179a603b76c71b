/**
 * Six more supplier layouts (L43–L48) for the FIFTH extra tuning set (tests/fixtures/invoices-dev-extra5, made by
 * `generate.ts --extra5`). Designed to differ from L01–L42: a BMW dealer's system printout with part numbers in spaced
 * digit groups (`51 11 8 069 020`) and every item on two printed rows (numbers, then the description alone); a GM
 * dealer's wide grid with Qty B/O, Bin Loc and a "Core" COLUMN (the core charge per unit on the part's row, summed in
 * the totals); a body-shop supplies web store whose totals box sits at the TOP, tax-exempt for resale; a Mazda
 * dealer with RETURN lines (quantity -1, trailing-minus amounts) among the parts and a taxable-flag column; a Canadian
 * Subaru dealer with GST and PST on two lines and a GST registration number; a welding-gas distributor with "Del" and
 * "Ret" cylinder counts (only Del is billed), rental rows and a red PAID stamp. Six date formats not printed before
 * (model.ts EXTRA5_DATE_FORMATS). All tuning: nothing here is held out, and the other sets are not affected by this
 * file.
 */
import { cellText, esc, page, tableRows, totalsRows, type MoneyStyle, type TableRow } from './html';
import { core, deposit, discount, freight, hazmat, spec, type Layout } from './layouts';
import { otherNumber, qtyDec, std, table, totals } from './layouts-extra3';
import { money, type InvoiceSpec } from './model';

type ChargeOpt = InvoiceSpec['charges'][number];

const addressLines = (lines: string[]) => lines.map(esc).join('<br>');

/** A bin location fixed by the part number (`C14-03`), as a dealer's parts system prints it. */
function binOf(partNumber: string): string {
  const d = otherNumber(partNumber, 5);
  return `${'ABCDEFGH'[Number(d[0]) % 8]}${d.slice(1, 3)}-${d.slice(3, 5)}`;
}

/** A returned part credited on the invoice: a table row with the returned part's number and a quantity of -1. */
const returnLine = (p: number): ChargeOpt => ({
  kind: 'credit',
  text: ['RETURN - NOT NEEDED', 'RETURN - WRONG PART ORDERED', 'RETURNED PART RA 2218'],
  code: 'RTN',
  min: 1500,
  max: 6000,
  placement: 'table',
  p,
});

/** Returned Mazda part numbers printed on return lines (fixed by the invoice number, not in the truth's parts). */
const MAZDA_RETURNS = ['TK48-50-22XA', 'KD53-50-0J1B', 'BCKA-51-150', 'GHP9-51-040C', 'TK78-56-140'];

/** Canadian supplier addresses (British Columbia), printed instead of the drawn US ones. */
const BC_ADDRESSES = [
  ['14833 64 Ave', 'Surrey, BC V3W 1H8'],
  ['2405 Hwy 97 N', 'Kelowna, BC V1X 4J1'],
  ['30 Braid St', 'New Westminster, BC V3L 3P2'],
];

/** A barcode-like strip of bars drawn from `text` (a real invoice prints its number as Code 39 beside it). */
function bars(text: string): string {
  const widths = [...text].flatMap((ch) => {
    const c = ch.charCodeAt(0);
    return [1 + (c % 3), 1 + ((c >> 2) % 2), 2 + ((c >> 1) % 2), 1 + ((c >> 3) % 3)];
  });
  return `<div class="bars">${widths.map((w, i) => `<span style="width:${w * 2}px;background:${i % 2 ? '#fff' : '#000'}"></span>`).join('')}</div>`;
}

export const EXTRA5_LAYOUTS: Layout[] = [
  {
    id: 'L43-bmw-two-row-items',
    title:
      'BMW dealer parts ticket from a dealer system: part numbers in spaced digit groups (51 11 8 069 020, 07 14 7 150 139), each item on TWO printed rows (Ln / Part Number / Bin / Qty / Retail / Disc % / Your Price / Amount, then the description alone under the part number, with a two-line column head to match), the supplier name in small capitals, "Ticket No." for the invoice number above a "Ref" repair order, environmental-fee rows in the table, ddMMMyy dates (03NOV26)',
    features: [
      'spaced-digit-part-numbers',
      'two-row-items',
      'two-line-heads',
      'bin-column',
      'small-caps-name',
      'ticket-number',
      'ro-ref',
      'list-disc-net',
      'fee',
      'freight',
      'tax',
      'date-ddMMMyy',
    ],
    catalog: 'bmw',
    dateFormat: 'ddMMMyy',
    suppliers: ['Bavarian Autohaus Parts', 'Lakeshore BMW MINI Wholesale'],
    invoiceNumber: (rng) => `${rng.int(1, 9)}${rng.digits(5)}`,
    spec: spec('bmw', {
      discount: { p: 0.8, min: 10, max: 25 },
      maxQty: 4,
      charges: [{ ...hazmat('table', 0.5), text: ['ENVIRONMENTAL FEE', 'HAZ MAT HANDLING'] }, freight('footer', 0.5)],
      taxRate: 6.35,
      taxLabel: 'SALES TAX 6.35%',
    }),
    width: 960,
    html: (inv) => {
      const m: MoneyStyle = { comma: true, disc: 'dec' };
      const c = (row: TableRow, key: Parameters<typeof cellText>[1]) => esc(cellText(row, key, m));
      const body = tableRows(inv)
        .map(
          (row) =>
            `<tr class="a"><td>${row.n}</td><td>${c(row, 'part')}</td><td>${row.part ? binOf(row.part.part_number) : ''}</td><td class="r">${c(row, 'qty')}</td><td class="r">${c(row, 'list')}</td><td class="r">${c(row, 'disc')}</td><td class="r">${c(row, 'net')}</td><td class="r">${c(row, 'ext')}</td></tr>` +
            `<tr class="b"><td></td><td colspan="3">${c(row, 'desc')}</td><td colspan="4"></td></tr>`,
        )
        .join('');
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv.supplier.lines)}<br>Parts Direct ${esc(inv.supplier.phone)}</div>
        <div><div class="doc">PARTS INVOICE</div><table class="kv"><tr><td>Ticket No.</td><td><b>${esc(inv.invoiceNumber)}</b></td></tr><tr><td>Date</td><td>${esc(inv.dateText)}</td></tr>
        <tr><td>Ref</td><td>RO ${otherNumber(inv.invoiceNumber, 5)}</td></tr><tr><td>Cust No.</td><td>${esc(inv.account)}</td></tr></table></div></div>
        <div class="bill">SOLD TO: ${esc(inv.customer)} &nbsp; PO ${esc(inv.po)}</div>
        <table class="items"><thead><tr><th>Ln</th><th>Part Number</th><th>Bin</th><th class="r">Qty</th><th class="r">Retail</th><th class="r">Disc %</th><th class="r">Your Price</th><th class="r">Amount</th></tr>
        <tr class="h2"><th></th><th colspan="3">Description</th><th colspan="4"></th></tr></thead><tbody>${body}</tbody></table>
        ${totals(inv, { subtotal: 'Parts & Fees', total: 'Total Due' }, m)}
        <p class="foot">Electrical parts are not returnable. Returns within 30 days with this ticket; special orders 20% restocking.</p>`,
        `.top { display:flex; justify-content:space-between; align-items:flex-start; } .sup { font-size:13px; } .sup .name { font-size:23px; font-weight:bold; font-variant:small-caps; letter-spacing:1px; color:#1c3f94; }
        .doc { font-size:19px; font-weight:bold; text-align:right; margin-bottom:4px; } .kv td { padding:1px 8px; font-size:13px; } .kv td:first-child { color:#444; }
        .bill { margin:12px 0; font-size:13px; } .items { width:100%; } .items th { text-align:left; padding:3px 5px; font-size:13px; } .items th.r { text-align:right; }
        .items thead tr:first-child th { border-top:2px solid #1c3f94; } .items tr.h2 th { border-bottom:2px solid #1c3f94; font-weight:normal; font-style:italic; }
        .items td { padding:2px 5px; } .items tr.b td { padding-bottom:6px; border-bottom:1px solid #d4d8e0; color:#333; }
        .tot { margin:12px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:17px; border-top:2px solid #1c3f94; } .foot { font-size:11px; margin-top:14px; }`,
      );
    },
  },
  {
    id: 'L44-gm-core-column',
    title:
      'GM dealer wholesale invoice in a wide grid in a narrow font: Qty Ord / Qty Shp / Qty B/O / Part Number / Description / Bin Loc / UOM / Core / List / Net / Extended — the core charge printed per unit in a "Core" COLUMN of its part\'s row (no row of its own) and summed in the totals as "Core Charges"; GM eight-digit and ACDelco numbers (84951123, 15-22184, PF64); "Invoice Number" in a label strip with Terms and Ship Via; MM-dd-yy dates',
    features: [
      'core-column',
      'qty-ordered-shipped',
      'backorder',
      'bin-loc-column',
      'uom-column',
      'list-net',
      'acdelco-numbers',
      'narrow-font',
      'label-above-value',
      'freight',
      'tax',
      'date-MM-dd-yy',
    ],
    catalog: 'acdelco',
    dateFormat: 'MM-dd-yy',
    suppliers: ['Capitol Chevrolet Wholesale Parts', 'Northgate GM Parts Distribution'],
    invoiceNumber: (rng) => `${rng.int(1, 9)}${rng.digits(6)}`,
    spec: spec('acdelco', {
      discount: { p: 0.7, min: 12, max: 35 },
      shortShip: 0.35,
      maxQty: 6,
      charges: [{ ...core('footer', 0.6), text: ['Core Charges'] }, freight('footer', 0.5)],
      taxRate: 7,
      taxLabel: 'Sales Tax 7.000%',
    }),
    width: 1120,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      const coreOf = (row: TableRow) => {
        const c = row.part && inv.charges.find((x) => x.kind === 'core' && x.after === row.part.lineNo);
        return c ? money(c.unit, m) : '';
      };
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv.supplier.lines)}<br>Wholesale ${esc(inv.supplier.phone)}</div><div class="doc">INVOICE</div></div>
        <table class="strip"><tr><th>Invoice Number</th><th>Invoice Date</th><th>Customer No.</th><th>Customer PO</th><th>Terms</th><th>Ship Via</th></tr>
        <tr><td>${esc(inv.invoiceNumber)}</td><td>${esc(inv.dateText)}</td><td>${esc(inv.account)}</td><td>${esc(inv.po)}</td><td>NET 10TH PROX</td><td>OUR TRUCK</td></tr></table>
        <div class="bill"><b>Sold To:</b> ${esc(inv.customer)}, 812 Oak Street</div>
        ${table(inv, [
          std('Qty Ord', 'ord', m, true),
          std('Qty Shp', 'shp', m, true),
          std('Qty B/O', 'bo', m, true),
          std('Part Number', 'part', m),
          std('Description', 'desc', m),
          { head: 'Bin Loc', cell: (row) => (row.part ? binOf(row.part.part_number) : '') },
          std('UOM', 'uom', m),
          { head: 'Core', right: true, cell: coreOf },
          std('List', 'list', m, true),
          std('Net', 'net', m, true),
          std('Extended', 'ext', m, true),
        ])}
        ${totals(inv, { subtotal: 'Parts', total: 'Invoice Total' }, m)}
        <p class="foot">Cores must be returned within 30 days in the original box for credit. Back-ordered items ship when received.</p>`,
        `body { font-family:'Liberation Sans Narrow', 'Liberation Sans', sans-serif; font-size:14px; } .top { display:flex; justify-content:space-between; } .sup { font-size:13px; } .sup .name { font-size:22px; font-weight:bold; }
        .doc { font-size:26px; font-weight:bold; letter-spacing:2px; } .strip { width:100%; margin-top:12px; } .strip th { font-size:11px; text-align:left; padding:2px 6px; border:1px solid #000; border-bottom:none; background:#eee; }
        .strip td { padding:3px 6px; border:1px solid #000; border-top:none; font-size:14px; } .bill { margin:10px 0; font-size:13px; }
        .items { width:100%; border:1px solid #000; } .items th { padding:4px; border:1px solid #000; text-align:left; background:#eee; } .items th.r { text-align:right; }
        .items td { padding:3px 4px; border-left:1px solid #000; border-right:1px solid #000; } .tot { margin:10px 0 0 auto; } .tot td { padding:2px 8px; }
        .tot .total td { font-weight:bold; font-size:17px; border-top:2px solid #000; } .foot { font-size:11px; margin-top:12px; }`,
      );
    },
  },
  {
    id: 'L45-resale-totals-top',
    title:
      'Body-shop supplies web store invoice, tax-exempt for resale: the totals box (Subtotal / Shipping / Coupon / Sales Tax EXEMPT / Total / Payments / Amount Due) at the TOP right beside the invoice details and nothing under the table, a "Resale Certificate" number, SKU with a maker prefix (MMM-06355) / Item / Qty / Price / Amount, the supplier name in italics, "Invoice" left of its value with an "Order #", dates as Tuesday, November 3, 2026',
    features: [
      'totals-at-top',
      'tax-exempt-resale',
      'no-tax-amount',
      'sku-maker-prefix',
      'italic-name',
      'order-number',
      'freight',
      'discount',
      'date-EEEE-MMMM-d-yyyy',
    ],
    catalog: 'supplies',
    dateFormat: 'EEEE, MMMM d, yyyy',
    suppliers: ['Body Shop Supply Direct', 'RefinishPro Online Supply Co.'],
    invoiceNumber: (rng) => `INV-${rng.int(10, 99)}${rng.digits(4)}`,
    spec: spec('supplies', {
      maxQty: 6,
      charges: [
        { ...freight('footer', 0.7), text: ['Shipping (UPS Ground)', 'Shipping'] },
        { ...discount('footer', 0.4), text: ['Coupon SAVE10', 'Loyalty discount'], min: 300, max: 1500 },
      ],
      taxRate: 0,
      taxLabel: 'Sales Tax',
    }),
    width: 900,
    html: (inv) => {
      const m: MoneyStyle = { dollar: true, comma: true };
      const rows = totalsRows(inv, { subtotal: 'Subtotal', total: 'Total' });
      const sum = [
        ...rows.filter(([, , kind]) => kind === 'row').map(([label, c]) => `<tr><td>${esc(label)}</td><td class="r">${esc(money(c, m))}</td></tr>`),
        '<tr><td>Sales Tax</td><td class="r">EXEMPT</td></tr>',
        `<tr class="t"><td>Total</td><td class="r">${esc(money(inv.total, m))}</td></tr>`,
        `<tr><td>Payments/Credits</td><td class="r">${esc(money(0, m))}</td></tr>`,
        `<tr class="due"><td>Amount Due</td><td class="r">${esc(money(inv.total, m))}</td></tr>`,
      ].join('');
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv.supplier.lines)}<br>${esc(inv.supplier.phone)} · orders@bodyshopsupply.example</div>
        <div class="doc">Invoice</div></div>
        <div class="mid"><div class="meta"><table><tr><td>Invoice</td><td><b>${esc(inv.invoiceNumber)}</b></td></tr><tr><td>Date</td><td>${esc(inv.dateText)}</td></tr>
        <tr><td>Order #</td><td>${otherNumber(inv.invoiceNumber, 7)}</td></tr><tr><td>Customer PO</td><td>${esc(inv.po)}</td></tr></table>
        <div class="ship"><b>Ship To</b><br>${esc(inv.customer)}<br>812 Oak Street<br>Account ${esc(inv.account)}</div></div>
        <table class="sum">${sum}</table></div>
        <div class="exempt">TAX EXEMPT — RESALE CERTIFICATE No. ST-${otherNumber(inv.account, 4)}-${otherNumber(inv.customer, 4)} ON FILE</div>
        ${table(inv, [
          std('SKU', 'part', m),
          std('Item', 'desc', m),
          qtyDec('Qty', 0),
          std('Price', 'net', m, true),
          std('Amount', 'ext', m, true),
        ])}
        <p class="foot">Questions about this invoice? Reply to orders@bodyshopsupply.example. Thank you for your business!</p>`,
        `body { font-family:'DejaVu Sans', sans-serif; font-size:13px; } .top { display:flex; justify-content:space-between; align-items:flex-start; } .sup { font-size:12px; color:#444; }
        .sup .name { font-size:24px; font-style:italic; font-weight:bold; color:#0f766e; } .doc { font-size:30px; color:#0f766e; }
        .mid { display:flex; justify-content:space-between; align-items:flex-start; margin:16px 0 10px; } .meta td { padding:2px 10px 2px 0; } .meta td:first-child { color:#666; } .ship { margin-top:10px; }
        .sum { border:1px solid #0f766e; min-width:290px; } .sum td { padding:3px 10px; } .sum tr.t td { font-weight:bold; border-top:1px solid #0f766e; }
        .sum tr.due td { font-weight:bold; font-size:17px; background:#ccfbf1; } .exempt { font-size:12px; font-weight:bold; margin:6px 0 12px; }
        .items { width:100%; } .items th { background:#f1f5f9; padding:6px; text-align:left; border-bottom:1px solid #94a3b8; } .items th.r { text-align:right; }
        .items td { padding:6px; border-bottom:1px solid #e2e8f0; } .foot { font-size:11px; color:#666; margin-top:16px; }`,
      );
    },
  },
  {
    id: 'L46-mazda-return-lines',
    title:
      'Mazda dealer counter invoice with RETURN lines among the parts: a returned part printed with its own part number, a quantity of -1 and its extension with a trailing minus (45.00-), Sold / Part Number / Description / Unit Price / Extension / Tx (a taxable flag "T" after every amount), "INVOICE #" beside the counter person, Mazda numbers (TK48-50-031B, BDGF-50-0J1), M/d/yyyy dates',
    features: [
      'return-lines',
      'negative-quantity',
      'trailing-minus',
      'tax-flag-column',
      'qty-first',
      'part-letter-digit',
      'freight',
      'tax',
      'date-M/d/yyyy',
    ],
    catalog: 'mazda',
    dateFormat: 'M/d/yyyy',
    suppliers: ['Harbor Mazda Parts Center', 'Tri-County Mazda Wholesale'],
    invoiceNumber: (rng) => `C${rng.digits(6)}`,
    spec: spec('mazda', {
      maxQty: 3,
      charges: [returnLine(0.85), { ...freight('footer', 0.4), text: ['Delivery'] }],
      taxRate: 6.875,
      taxLabel: 'Tax 6.875%',
    }),
    width: 880,
    html: (inv) => {
      const m: MoneyStyle = { comma: true, negative: 'trailing' };
      const returned = MAZDA_RETURNS[Number(otherNumber(inv.invoiceNumber, 1)) % MAZDA_RETURNS.length]!;
      const signed = (row: TableRow) => (row.part ? String(row.part.qtyShipped) : `-${row.charge.qty}`);
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv.supplier.lines)}<br>${esc(inv.supplier.phone)}</div>
        <div class="r"><div class="doc">INVOICE # ${esc(inv.invoiceNumber)}</div><div>Date ${esc(inv.dateText)} &nbsp; Counter: JMR</div><div>Acct ${esc(inv.account)} &nbsp; PO ${esc(inv.po)}</div></div></div>
        <div class="bill">Sold to: ${esc(inv.customer)}</div>
        ${table(inv, [
          { head: 'Sold', right: true, cell: signed },
          { head: 'Part Number', cell: (row) => esc(row.part ? row.part.part_number : returned) },
          std('Description', 'desc', m),
          { head: 'Unit Price', right: true, cell: (row) => esc(money(Math.abs(row.part ? row.part.net : row.charge.unit), m)) },
          std('Extension', 'ext', m, true),
          { head: 'Tx', cell: () => 'T' },
        ])}
        ${totals(inv, { subtotal: 'Merchandise', total: 'TOTAL' }, m)}
        <p class="foot">Returns require this invoice and the original packaging. Credits are applied to your account.</p>`,
        `.top { display:flex; justify-content:space-between; } .sup { font-size:13px; } .sup .name { font-size:21px; font-weight:bold; }
        .doc { font-size:18px; font-weight:bold; } .bill { margin:12px 0; font-size:13px; }
        .items { width:100%; } .items th { border-bottom:1px solid #000; border-top:1px solid #000; padding:4px 6px; text-align:left; } .items th.r { text-align:right; }
        .items td { padding:4px 6px; } .tot { margin:10px 0 0 auto; border-top:1px solid #000; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:16px; } .foot { font-size:11px; margin-top:14px; }`,
      );
    },
  },
  {
    id: 'L47-canada-gst-pst',
    title:
      'Canadian (British Columbia) Subaru dealer: GST 5% and PST 7% on two lines under the subtotal, a "GST Reg. No." business number in the header, amounts "$" with a "Total (CAD)", Subaru numbers run together (57704FL010, 909130122), Part # / Description / Qty / Unit Price / Ext. Price with environmental handling fees in the table, "Invoice No." and "Date" on one line, a Canadian address and postal code, d MMMM yyyy dates (3 November 2026)',
    features: [
      'two-tax-lines',
      'gst-pst',
      'gst-registration-number',
      'cad',
      'subaru-numbers',
      'canadian-address',
      'fee',
      'freight',
      'date-d-MMMM-yyyy',
    ],
    catalog: 'subaru',
    dateFormat: 'd MMMM yyyy',
    suppliers: ['Fraser Valley Subaru Parts', 'Okanagan Subaru Wholesale'],
    invoiceNumber: (rng) => `${rng.int(2, 6)}${rng.digits(6)}`,
    spec: spec('subaru', {
      maxQty: 3,
      charges: [
        { ...hazmat('table', 0.4), text: ['Environmental handling fee', 'EHF - BATTERY'], code: 'EHF' },
        freight('footer', 0.5),
      ],
      taxRate: 12,
      taxLabel: 'GST/PST',
    }),
    width: 940,
    html: (inv) => {
      const m: MoneyStyle = { dollar: true, comma: true };
      const base =
        inv.lines.reduce((s, l) => s + l.qtyShipped * l.net, 0) + inv.charges.reduce((s, c) => s + c.qty * c.unit, 0);
      const gst = Math.round((base * 5) / 100);
      const address = BC_ADDRESSES[Number(otherNumber(inv.invoiceNumber, 1)) % BC_ADDRESSES.length]!;
      const reg = otherNumber(inv.supplier.name, 9);
      const rows = totalsRows(inv, { subtotal: 'Subtotal', total: 'Total (CAD)' }).filter(([label]) => label !== inv.taxLabel);
      const money$ = (c: number) => esc(money(c, m));
      const tot = [
        ...rows.filter(([, , k]) => k === 'row').map(([label, c]) => `<tr><td>${esc(label)}</td><td class="r">${money$(c)}</td></tr>`),
        `<tr><td>GST 5%</td><td class="r">${money$(gst)}</td></tr>`,
        `<tr><td>PST 7%</td><td class="r">${money$(inv.tax - gst)}</td></tr>`,
        `<tr class="total"><td>Total (CAD)</td><td class="r">${money$(inv.total)}</td></tr>`,
      ].join('');
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(address)}<br>${esc(inv.supplier.phone)}<br>GST Reg. No. ${reg.slice(0, 5)} ${reg.slice(5)} RT0001</div>
        <div class="doc">INVOICE</div></div>
        <div class="line">Invoice No. <b>${esc(inv.invoiceNumber)}</b> &nbsp;&nbsp; Date ${esc(inv.dateText)} &nbsp;&nbsp; Account ${esc(inv.account)} &nbsp;&nbsp; P.O. ${esc(inv.po)}</div>
        <div class="bill"><b>Bill To</b><br>${esc(inv.customer)}<br>812 Oak Street</div>
        ${table(inv, [
          std('Part #', 'part', m),
          std('Description', 'desc', m),
          qtyDec('Qty', 0),
          std('Unit Price', 'net', m, true),
          std('Ext. Price', 'ext', m, true),
        ])}
        <table class="tot">${tot}</table>
        <p class="foot">Prices in Canadian dollars. Parts returned after 30 days are subject to a 20% restocking charge.</p>`,
        `body { font-family:'DejaVu Sans', sans-serif; font-size:13px; } .top { display:flex; justify-content:space-between; } .sup { font-size:12px; } .sup .name { font-size:21px; font-weight:bold; color:#1e3a8a; }
        .doc { font-size:24px; font-weight:bold; color:#1e3a8a; } .line { margin:14px 0 8px; padding:5px 0; border-top:1px solid #1e3a8a; border-bottom:1px solid #1e3a8a; } .bill { margin:8px 0 12px; }
        .items { width:100%; } .items th { background:#e0e7ff; padding:5px; text-align:left; } .items th.r { text-align:right; } .items td { padding:5px; border-bottom:1px solid #e5e7eb; }
        .tot { margin:12px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:16px; border-top:1px solid #1e3a8a; } .foot { font-size:11px; margin-top:14px; }`,
      );
    },
  },
  {
    id: 'L48-weldgas-del-ret-paid',
    title:
      'Welding-gas and welding-supply distributor in a condensed font: Item / Description / UOM / Del / Ret / Price / Amount where "Ret" counts the empty cylinders returned (not billed), cylinder-rental and hazmat rows in the table, a cylinder deposit below, a bar code beside the invoice number, a red "PAID" rubber stamp at an angle over the foot of the page, MMM dd, yyyy dates (Nov 03, 2026)',
    features: [
      'del-ret-columns',
      'cylinder-rental',
      'barcode',
      'paid-stamp',
      'condensed-font',
      'uom-column',
      'fee',
      'deposit',
      'tax',
      'date-MMM-dd-yyyy',
    ],
    catalog: 'weldgas',
    dateFormat: 'MMM dd, yyyy',
    suppliers: ['Tri-State Welding Supply & Gas', 'Keystone Industrial Gases Inc.'],
    invoiceNumber: (rng) => `${rng.int(10, 99)}${rng.digits(6)}`,
    spec: spec('weldgas', {
      maxQty: 4,
      charges: [
        {
          kind: 'fee',
          text: ['Cylinder rental 30 days', 'CYL RENT - MONTHLY'],
          code: 'RENT',
          min: 600,
          max: 1800,
          placement: 'table',
          p: 0.7,
          perPart: true,
        },
        { ...hazmat('table', 0.5), text: ['HAZMAT FEE', 'Hazardous material fee'] },
        { ...deposit('footer', 0.3), text: ['Cylinder deposit'] },
      ],
      taxRate: 6,
      taxLabel: 'Sales Tax 6%',
    }),
    width: 980,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      const ret = (row: TableRow) =>
        row.part?.uom === 'CYL' ? String(Number(otherNumber(row.part.part_number + inv.invoiceNumber, 1)) % 3) : '';
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv.supplier.lines)}<br>${esc(inv.supplier.phone)}</div>
        <div class="r"><div class="doc">INVOICE</div><div class="no">${esc(inv.invoiceNumber)}</div>${bars(inv.invoiceNumber)}<div>Invoice Date ${esc(inv.dateText)}</div><div>Acct # ${esc(inv.account)}</div></div></div>
        <div class="bill"><b>Deliver To:</b> ${esc(inv.customer)}, 812 Oak Street &nbsp; <b>PO:</b> ${esc(inv.po)} &nbsp; <b>Route:</b> 14</div>
        ${table(inv, [
          std('Item', 'part', m),
          std('Description', 'desc', m),
          std('UOM', 'uom', m),
          qtyDec('Del', 0),
          { head: 'Ret', right: true, cell: ret },
          std('Price', 'net', m, true),
          std('Amount', 'ext', m, true),
        ])}
        ${totals(inv, { subtotal: 'Subtotal', total: 'Invoice Total' }, m)}
        <div class="stamp">PAID<div>CHECK ${otherNumber(inv.account, 4)}</div></div>
        <p class="foot">Cylinders remain the property of the supplier. Rental accrues daily on cylinders not returned.</p>`,
        `body { font-family:'DejaVu Sans', sans-serif; font-stretch:condensed; font-size:13px; position:relative; } .top { display:flex; justify-content:space-between; } .sup { font-size:12px; }
        .sup .name { font-size:21px; font-weight:bold; } .doc { font-size:22px; font-weight:bold; } .no { font-size:17px; font-weight:bold; }
        .bars { display:flex; justify-content:flex-end; height:30px; margin:3px 0; } .bars span { display:block; height:30px; }
        .bill { margin:12px 0; } .items { width:100%; } .items th { border-bottom:2px solid #000; padding:4px 6px; text-align:left; } .items th.r { text-align:right; } .items td { padding:4px 6px; border-bottom:1px dotted #888; }
        .tot { margin:10px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:16px; border-top:2px solid #000; } .foot { font-size:11px; margin-top:14px; }
        .stamp { position:absolute; right:330px; bottom:40px; transform:rotate(-14deg); color:rgba(200,20,20,0.78); border:4px solid rgba(200,20,20,0.78); border-radius:8px; padding:2px 18px; font-size:46px; font-weight:bold; letter-spacing:4px; text-align:center; }
        .stamp div { font-size:14px; letter-spacing:1px; }`,
      );
    },
  },
];
