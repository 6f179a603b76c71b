/**
 * Six more supplier layouts (L25–L30) for the SECOND extra tuning set (tests/fixtures/invoices-dev-extra2, made by
 * `generate.ts --extra2`). Designed to differ from L01–L24: the description printed BEFORE the part number, the
 * quantity to the right of the description, a wide Line / Qty Ord / Qty Shp / B/O / Part / Description / Mfr / List /
 * Disc % / Net / Ext table in 10 px print, "$" and thousands separators on every amount, dotted leader rows, lower-case
 * and small-caps headers, coloured header bands, a script-looking supplier name, totals in a box, and new kinds of
 * supplier (paint-mix jobber, tire and wheel shop, salvage yard with interchange numbers). All tuning: nothing here is
 * held out, and the other sets are not affected by this file.
 */
import { esc, page, tableRows, totalsRows, type MoneyStyle, type TableRow } from './html';
import { cellText } from './html';
import { billTo, core, credit, freight, otherDates, spec, supplierBlock, type Layout } from './layouts';
import { money, type Invoice, type InvoiceSpec } from './model';

type ChargeOpt = InvoiceSpec['charges'][number];

/** A fee row with the layout's own wording (environmental fee, tire disposal, excise tax…). */
const fee = (
  text: string[],
  code: string,
  placement: ChargeOpt['placement'],
  p: number,
  perPart = false,
): ChargeOpt => ({ kind: 'fee', text, code, min: 250, max: 1800, placement, p, perPart });

/** Shipping as printed by these suppliers ("Shipping & Handling"). */
const shipping = (placement: ChargeOpt['placement'], p: number): ChargeOpt => ({
  ...freight(placement, p),
  text: placement === 'table' ? ['SHIPPING & HANDLING'] : ['Shipping & Handling', 'Shipping'],
});

/** A core deposit (per unit) with the wording "Core Deposit". */
const coreDeposit = (placement: ChargeOpt['placement'], p: number): ChargeOpt => ({
  ...core(placement, p),
  text: ['Core Deposit', 'CORE DEPOSIT'],
});

/** A 90-day part warranty sold by a salvage yard. */
const yardWarranty = (placement: ChargeOpt['placement'], p: number): ChargeOpt => ({
  kind: 'warranty',
  text: ['90 Day Parts Warranty', 'Extended warranty 6 mo'],
  code: 'WTY',
  min: 1500,
  max: 4500,
  placement,
  p,
});

interface Column {
  label: string;
  right?: boolean;
  cls?: string;
  /** The cell's text for a part line or a charge row. */
  cell: (row: TableRow) => string;
}

/** A column that prints one of html.ts's standard cells. */
const std = (label: string, key: Parameters<typeof cellText>[1], m: MoneyStyle, right = false): Column => ({
  label,
  right,
  cell: (row) => cellText(row, key, m),
});

/** The parts table (class `items`) with per-layout cells; `leader` wraps the description in a dotted-leader span. */
function table(inv: Invoice, cols: Column[], opts: { zebra?: boolean } = {}): string {
  const head = cols
    .map((c) => `<th class="${[c.right ? 'r' : '', c.cls ?? ''].join(' ').trim()}">${esc(c.label)}</th>`)
    .join('');
  const body = tableRows(inv)
    .map(
      (row, i) =>
        `<tr${opts.zebra && i % 2 ? ' class="z"' : ''}>${cols
          .map(
            (c) =>
              `<td class="${[c.right ? 'r' : '', c.cls ?? ''].join(' ').trim()}">${c.cls === 'lead' ? `<span>${esc(c.cell(row))}</span>` : esc(c.cell(row))}</td>`,
          )
          .join('')}</tr>`,
    )
    .join('');
  return `<table class="items"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** The totals as a bordered box at the bottom right (class `tbox`). */
function totalsBox(inv: Invoice, labels: { subtotal?: string; total: string }, m: MoneyStyle): string {
  return `<div class="tboxw"><table class="tbox">${totalsRows(inv, labels)
    .map(
      ([label, c, kind]) =>
        `<tr class="${kind}"><td>${esc(label)}</td><td class="r">${esc(money(c, kind === 'total' ? { ...m, dollar: true } : m))}</td></tr>`,
    )
    .join('')}</table></div>`;
}

/** A manufacturer code for the wide wholesale layout, fixed by the part number (no random draw). */
function mfrOf(part: string): string {
  const brands = ['TYC', 'DEPO', 'KEY', 'CAPA', 'SHER'];
  let h = 0;
  for (const ch of part) h = (h * 31 + ch.charCodeAt(0)) % 997;
  return brands[h % brands.length]!;
}

export const EXTRA2_LAYOUTS: Layout[] = [
  {
    id: 'L25-paint-mix-desc-first',
    title:
      'Paint-mix jobber: green header band, lower-case header words, the description BEFORE the part number and the quantity and unit (GL/QT/PT) after them, "$" on every amount, "Document No.", totals in a box with an environmental fee',
    features: [
      'desc-before-part',
      'qty-after-desc',
      'uom-column',
      'dark-band',
      'lowercase-header',
      'dollar-every-amount',
      'document-no',
      'fee',
      'tax',
      'totals-box',
      'date-yyyy-MM-dd',
      'part-dashes',
    ],
    catalog: 'paintmix',
    dateFormat: 'yyyy-MM-dd',
    suppliers: ['Valley Paint Mix & Supply', 'ColorPro Refinish Jobbers'],
    invoiceNumber: (rng) => `PM-${rng.digits(5)}`,
    spec: spec('paintmix', {
      discount: { p: 0.4, min: 5, max: 20 },
      maxQty: 6,
      charges: [fee(['Environmental Fee', 'Hazmat Fee'], 'ENV', 'footer', 0.7), shipping('footer', 0.4)],
      taxRate: 8.25,
      taxLabel: 'Sales Tax 8.25%',
    }),
    width: 980,
    html: (inv) => {
      const m: MoneyStyle = { dollar: true, comma: true };
      return page(
        `<div class="band"><div class="name">${esc(inv.supplier.name)}</div><div class="doc">paint &amp; materials invoice</div></div>
        <div class="row"><div class="addr">${inv.supplier.lines.map(esc).join('<br>')}<br>${esc(inv.supplier.phone)}</div>
        <table class="kv"><tr><td>Document No.</td><td>${esc(inv.invoiceNumber)}</td></tr><tr><td>Date</td><td>${esc(inv.dateText)}</td></tr><tr><td>Job / RO</td><td>${esc(inv.po)}</td></tr></table></div>
        ${billTo(inv, 'Customer')}
        ${table(inv, [
          std('description', 'desc', m),
          std('part no.', 'part', m),
          std('qty', 'qty', m, true),
          std('u/m', 'uom', m),
          std('unit cost', 'net', m, true),
          std('extended', 'ext', m, true),
        ])}
        ${totalsBox(inv, { subtotal: 'Materials', total: 'Total Due' }, m)}
        <p class="foot">Mixed colours are not returnable. SDS sheets available on request.</p>`,
        `.band { background:#166534; color:#fff; padding:12px 16px; display:flex; justify-content:space-between; align-items:flex-end; }
        .band .name { font-size:24px; font-weight:bold; } .band .doc { font-size:15px; text-transform:lowercase; }
        .row { display:flex; justify-content:space-between; margin:10px 0; } .addr { font-size:13px; } .kv td { padding:1px 8px; } .kv td:first-child { color:#166534; font-weight:bold; }
        .items { width:100%; margin-top:14px; } .items th { text-transform:lowercase; text-align:left; color:#166534; border-bottom:2px solid #166534; padding:5px; } .items th.r { text-align:right; }
        .items td { padding:5px; border-bottom:1px solid #cfe3d4; } .tboxw { display:flex; justify-content:flex-end; margin-top:14px; }
        .tbox { border:2px solid #166534; } .tbox td { padding:3px 10px; } .tbox .total td { background:#dcfce7; font-weight:bold; font-size:17px; }
        .foot { font-size:12px; color:#555; margin-top:18px; }`,
      );
    },
  },
  {
    id: 'L26-wide-wholesale-tiny',
    title:
      'Wholesale distributor in 10–11 px print: a wide table Line / Qty Ord / Qty Shp / B/O / Part / Description / Mfr / List / Disc % / Net / Ext, "Invoice:" label, dd-MMM-yy dates, core deposits in the table, shipping below',
    features: [
      'tiny-print',
      'wide-table',
      'line-number',
      'qty-ordered-shipped',
      'backorder',
      'mfr-column',
      'list-disc-net',
      'invoice-colon',
      'core',
      'freight',
      'tax',
      'thousands',
      'date-dd-MMM-yy',
    ],
    catalog: 'aftermarket',
    dateFormat: 'dd-MMM-yy',
    suppliers: ['Allied Collision Wholesale', 'Metro Parts Distribution Inc.'],
    invoiceNumber: (rng) => `${rng.int(3, 9)}${rng.digits(6)}`,
    spec: spec('aftermarket', {
      discount: { p: 0.85, min: 15, max: 40 },
      shortShip: 0.3,
      maxQty: 6,
      charges: [coreDeposit('table', 0.5), shipping('footer', 0.7)],
      taxRate: 7.5,
      taxLabel: 'Sales Tax 7.5%',
    }),
    width: 1020,
    html: (inv) => {
      const m: MoneyStyle = { comma: true, disc: 'int' };
      return page(
        `<table class="hdr"><tr><td>${supplierBlock(inv)}</td><td class="mid">Sold to: ${esc(inv.customer)}<br>Acct ${esc(inv.account)}<br>PO ${esc(inv.po)}</td>
        <td class="r"><div class="doc">INVOICE</div>Invoice: ${esc(inv.invoiceNumber)}<br>Date: ${esc(inv.dateText)}${inv.otherDates.map((d) => `<br>${esc(d.label)}: ${esc(d.text)}`).join('')}</td></tr></table>
        ${table(inv, [
          std('Line', 'line', m),
          std('Qty Ord', 'ord', m, true),
          std('Qty Shp', 'shp', m, true),
          std('B/O', 'bo', m, true),
          std('Part', 'part', m),
          std('Description', 'desc', m),
          { label: 'Mfr', cell: (row) => (row.part ? mfrOf(row.part.part_number) : '') },
          std('List', 'list', m, true),
          std('Disc %', 'disc', m, true),
          std('Net', 'net', m, true),
          std('Ext', 'ext', m, true),
        ])}
        ${totalsBox(inv, { subtotal: 'Subtotal', total: 'Invoice Total' }, m)}
        <p class="foot">B/O = back ordered, ships when available. Core deposits refunded on return of the core within 30 days.</p>`,
        `body { font-size:11px; padding:16px 20px; } .hdr { width:100%; } .hdr td { vertical-align:top; } .mid { padding-left:30px; } .sup .name { font-size:15px; font-weight:bold; }
        .doc { font-size:18px; font-weight:bold; letter-spacing:2px; } .items { width:100%; margin-top:10px; font-size:10px; }
        .items th { border-top:1px solid #000; border-bottom:1px solid #000; padding:2px 3px; text-align:left; } .items th.r { text-align:right; } .items td { padding:1px 3px; }
        .tboxw { display:flex; justify-content:flex-end; margin-top:8px; } .tbox { border:1px solid #000; } .tbox td { padding:1px 6px; } .tbox .total td { font-weight:bold; font-size:12px; border-top:1px solid #000; }
        .foot { font-size:9.5px; margin-top:10px; }`,
      );
    },
  },
  {
    id: 'L27-tire-wheel',
    title:
      'Tire and wheel shop: blue header band with a script-looking name, "Ref" invoice number, long-form dates, sizes with slashes in the description, quantity after the description, Each / Line Total, tire disposal fee per tire, totals box',
    features: [
      'dark-band',
      'script-logo',
      'ref-label',
      'qty-after-desc',
      'each-line-total',
      'dollar-every-amount',
      'fee',
      'tax',
      'totals-box',
      'date-ordinal',
      'part-spaces',
    ],
    catalog: 'tire',
    dateFormat: 'MMMM do, yyyy',
    suppliers: ['Summit Tire & Wheel', 'Roadway Tire Distributors'],
    invoiceNumber: (rng) => `T-${rng.digits(5)}`,
    spec: spec('tire', {
      discount: { p: 0.3, min: 5, max: 15 },
      maxQty: 4,
      charges: [
        fee(['Tire disposal fee', 'TIRE DISPOSAL'], 'DSP', 'table', 0.6, true),
        shipping('footer', 0.3),
      ],
      taxRate: 6,
      taxLabel: 'Sales Tax 6%',
    }),
    width: 960,
    html: (inv) => {
      const m: MoneyStyle = { dollar: true, comma: true };
      return page(
        `<div class="band"><div><div class="logo">${esc(inv.supplier.name)}</div><div class="addr">${inv.supplier.lines.map(esc).join(' · ')} · ${esc(inv.supplier.phone)}</div></div>
        <div class="r">Ref ${esc(inv.invoiceNumber)}<br>${esc(inv.dateText)}</div></div>
        <div class="cust"><b>Customer:</b> ${esc(inv.customer)} &nbsp; <b>Acct:</b> ${esc(inv.account)} &nbsp; <b>PO:</b> ${esc(inv.po)}</div>
        ${table(
          inv,
          [
            std('Item Code', 'part', m),
            std('Size / Description', 'desc', m),
            std('Qty', 'qty', m, true),
            std('Each', 'net', m, true),
            std('Line Total', 'ext', m, true),
          ],
          { zebra: true },
        )}
        ${totalsBox(inv, { subtotal: 'Subtotal', total: 'Amount Due' }, m)}
        <p class="foot">Torque wheels to spec and re-torque after 50 miles.</p>`,
        `.band { background:#1e3a8a; color:#fff; padding:14px 18px; display:flex; justify-content:space-between; align-items:center; }
        .logo { font-family:'DejaVu Serif', serif; font-style:italic; font-weight:bold; font-size:30px; letter-spacing:1px; } .addr { font-size:12px; margin-top:4px; }
        .band .r { font-size:16px; font-weight:bold; } .cust { margin:12px 0; } .items { width:100%; } .items th { background:#dbeafe; color:#1e3a8a; padding:6px; text-align:left; }
        .items th.r { text-align:right; } .items td { padding:6px; } .z { background:#eff6ff; }
        .tboxw { display:flex; justify-content:flex-end; margin-top:14px; } .tbox { border:1px solid #1e3a8a; } .tbox td { padding:3px 10px; } .tbox .total td { background:#1e3a8a; color:#fff; font-weight:bold; font-size:17px; }
        .foot { font-size:12px; color:#555; margin-top:16px; }`,
      );
    },
  },
  {
    id: 'L28-salvage-interchange',
    title:
      'Salvage yard: small-caps header, stock tags mixing O/0, I/1, S/5 AFTER the description, Hollander interchange numbers (IC 615-01234) in their own column, vehicle column, warranty and core rows, short dates',
    features: [
      'small-caps',
      'desc-before-part',
      'stock-tags',
      'interchange',
      'application',
      'warranty',
      'core',
      'tax',
      'invoice-no',
      'date-M/d/yy',
      'letter-digit',
    ],
    catalog: 'salvage',
    dateFormat: 'M/d/yy',
    suppliers: ['Crossroads Auto Salvage', 'Pine Hollow Used Auto Parts'],
    invoiceNumber: (rng) => `${rng.digits(6)}`,
    spec: spec('salvage', {
      maxQty: 1,
      charges: [yardWarranty('table', 0.6), coreDeposit('table', 0.3), credit('footer', 0.2)],
      taxRate: 7,
      taxLabel: 'Sales Tax',
    }),
    width: 980,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      return page(
        `<div class="top"><div class="name">${esc(inv.supplier.name)}</div><div class="tag">Quality Used &amp; Recycled Parts</div>
        <div class="addr">${inv.supplier.lines.map(esc).join(', ')} &nbsp; ${esc(inv.supplier.phone)}</div></div>
        <table class="kv"><tr><td>Invoice No</td><td><b>${esc(inv.invoiceNumber)}</b></td><td>Date</td><td><b>${esc(inv.dateText)}</b></td><td>Sold To</td><td><b>${esc(inv.customer)}</b></td></tr></table>
        ${table(inv, [
          std('Description', 'desc', m),
          std('Stock #', 'part', m),
          { label: 'Interchange', cell: (row) => (row.part ? row.part.note : '') },
          std('Vehicle', 'app', m),
          std('Qty', 'qty', m, true),
          std('Price', 'ext', m, true),
        ])}
        ${totalsBox(inv, { subtotal: 'Parts & Labor', total: 'Total' }, m)}
        <p class="foot">All parts sold as described. Electrical parts not returnable. Warranty requires the stock tag attached.</p>`,
        `.top { text-align:center; border-bottom:3px solid #7c2d12; padding-bottom:8px; } .name { font-size:28px; font-variant:small-caps; font-weight:bold; color:#7c2d12; }
        .tag { font-variant:small-caps; font-size:16px; } .addr { font-size:12px; } .kv { margin:12px 0; } .kv td { padding:2px 6px; font-variant:small-caps; }
        .items { width:100%; } .items th { font-variant:small-caps; font-size:16px; border-bottom:1px solid #7c2d12; text-align:left; padding:5px; } .items th.r { text-align:right; }
        .items td { padding:5px; border-bottom:1px solid #e7d8cf; } .tboxw { display:flex; justify-content:flex-end; margin-top:12px; } .tbox td { padding:2px 10px; }
        .tbox .total td { font-weight:bold; font-size:18px; border-top:2px solid #7c2d12; } .foot { font-size:11px; font-style:italic; margin-top:16px; }`,
      );
    },
  },
  {
    id: 'L29-dotted-leaders',
    title:
      'Dealer counter slip with dotted leader rows (dots run from the description to the prices), mixed font sizes, "Invoice Number", Unit Cost / Ext Price, d MMM yyyy dates, totals box with Shipping & Handling and Sales Tax 8.25%',
    features: [
      'dotted-leaders',
      'mixed-sizes',
      'borderless',
      'invoice-number-label',
      'unit-cost-ext-price',
      'qty-first',
      'freight',
      'fee',
      'tax',
      'totals-box',
      'thousands',
      'date-d-MMM-yyyy',
      'part-dashes',
    ],
    catalog: 'nissan',
    dateFormat: 'd MMM yyyy',
    suppliers: ['Riverbend Nissan Parts', 'Capitol City Nissan Wholesale'],
    invoiceNumber: (rng) => `${rng.digits(3)}-${rng.digits(4)}`,
    spec: spec('nissan', {
      discount: { p: 0.5, min: 10, max: 30 },
      charges: [shipping('footer', 0.7), fee(['Environmental Fee'], 'ENV', 'footer', 0.4)],
      taxRate: 8.25,
      taxLabel: 'Sales Tax 8.25%',
    }),
    width: 900,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      return page(
        `<div class="top"><div>${supplierBlock(inv)}</div><div class="r"><div class="doc">Invoice</div><div class="small">Invoice Number</div><div class="big">${esc(inv.invoiceNumber)}</div>
        <div class="small">Invoice Date</div><div>${esc(inv.dateText)}</div>${otherDates(inv)}</div></div>
        ${billTo(inv, 'Sold To')}
        ${table(inv, [
          std('Qty', 'qty', m, true),
          std('Part No.', 'part', m),
          { ...std('Description', 'desc', m), cls: 'lead' },
          std('Unit Cost', 'net', m, true),
          std('Ext Price', 'ext', m, true),
        ])}
        ${totalsBox(inv, { subtotal: 'Parts Subtotal', total: 'TOTAL' }, m)}`,
        `.top { display:flex; justify-content:space-between; } .sup .name { font-size:20px; font-weight:bold; } .sup { font-size:12px; }
        .doc { font-size:34px; font-weight:300; } .small { font-size:10px; text-transform:uppercase; color:#444; margin-top:4px; } .big { font-size:20px; font-weight:bold; }
        .bill { font-size:12px; margin-top:8px; } .items { width:100%; margin-top:16px; } .items th { text-align:left; border-bottom:2px solid #000; padding:4px 6px; font-size:12px; }
        .items th.r { text-align:right; } .items td { padding:5px 6px; font-size:15px; }
        td.lead { background-image:radial-gradient(circle, #333 1px, transparent 1.4px); background-size:7px 6px; background-repeat:repeat-x; background-position:left bottom 7px; background-origin:content-box; background-clip:content-box; }
        td.lead span { background:#fff; padding-right:4px; } .tboxw { display:flex; justify-content:flex-end; margin-top:14px; } .tbox { border:1.5px solid #000; }
        .tbox td { padding:3px 10px; } .tbox .total td { font-weight:bold; font-size:18px; border-top:1.5px solid #000; }`,
      );
    },
  },
  {
    id: 'L30-lowercase-sell',
    title:
      'Import dealer parts invoice with every label in lower case, a red "invoice" box at the top right, Part / Description / Qty / List / Sell / Amount (quantity after the description), "$" and thousands separators everywhere, environmental fee and core deposit in the totals box',
    features: [
      'lowercase-header',
      'qty-after-desc',
      'list-sell',
      'dollar-every-amount',
      'thousands',
      'core',
      'fee',
      'tax',
      'totals-box',
      'date-yyyy/MM/dd',
      'part-dashes',
      'letter-digit',
    ],
    catalog: 'toyota',
    dateFormat: 'yyyy/MM/dd',
    suppliers: ['Bayview Toyota Parts Center', 'Hillcrest Toyota Wholesale'],
    invoiceNumber: (rng) => `${rng.digits(2)}${rng.pick(['A', 'B', 'W'])}${rng.digits(5)}`,
    spec: spec('toyota', {
      discount: { p: 0.7, min: 10, max: 30 },
      maxQty: 3,
      charges: [coreDeposit('footer', 0.4), fee(['Environmental Fee'], 'ENV', 'footer', 0.6)],
      taxRate: 8.25,
      taxLabel: 'Sales Tax 8.25%',
    }),
    width: 960,
    html: (inv) => {
      const m: MoneyStyle = { dollar: true, comma: true };
      return page(
        `<div class="top">${supplierBlock(inv)}<div class="ib"><div class="t">invoice</div><div>${esc(inv.invoiceNumber)}</div><div class="d">date ${esc(inv.dateText)}</div></div></div>
        <div class="meta">sold to: ${esc(inv.customer)} &nbsp;|&nbsp; account: ${esc(inv.account)} &nbsp;|&nbsp; ro: ${esc(inv.po)}</div>
        ${table(inv, [
          std('part', 'part', m),
          std('description', 'desc', m),
          std('qty', 'qty', m, true),
          std('list', 'list', m, true),
          std('sell', 'net', m, true),
          std('amount', 'ext', m, true),
        ])}
        ${totalsBox(inv, { subtotal: 'parts', total: 'total due' }, m)}`,
        `.top { display:flex; justify-content:space-between; align-items:flex-start; } .sup .name { font-size:22px; font-weight:bold; text-transform:none; } .sup { font-size:13px; }
        .ib { border:3px solid #b91c1c; padding:8px 16px; text-align:center; font-size:20px; font-weight:bold; } .ib .t { color:#b91c1c; font-size:14px; letter-spacing:3px; } .ib .d { font-size:13px; font-weight:normal; }
        .meta { margin:14px 0; font-size:13px; } .items { width:100%; } .items th { text-align:left; font-weight:normal; color:#b91c1c; border-bottom:1px solid #b91c1c; padding:5px; }
        .items th.r { text-align:right; } .items td { padding:5px; border-bottom:1px solid #eee; }
        .tboxw { display:flex; justify-content:flex-end; margin-top:12px; } .tbox { border:1px solid #999; } .tbox td { padding:3px 10px; } .tbox .total td { font-weight:bold; font-size:18px; }`,
      );
    },
  },
];
