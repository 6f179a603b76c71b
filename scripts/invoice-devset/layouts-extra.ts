/**
 * Six more supplier layouts (L19–L24) for the EXTRA tuning set (tests/fixtures/invoices-dev-extra, made by
 * `generate.ts --extra`). They were designed from scratch to differ from L02–L18 (serif dealer paper, a grid of
 * label-above-value boxes with a vehicle column, a plain-case monospace counter slip, a QTY UOM aftermarket
 * distributor, a dense small-print grid with a '#' column, shaded alternate rows with a core return credit). They are
 * all tuning layouts: nothing here is held out, and the development set (invoices-dev) is not affected by this file.
 */
import { esc, fit, itemsTable, page, tableRows, cellText, totalsRows, totalsTable } from './html';
import {
  billTo,
  boxes,
  core,
  credit,
  discount,
  freight,
  hazmat,
  otherDates,
  spec,
  supplierBlock,
  type Layout,
} from './layouts';
import { money, type Invoice } from './model';

/** A "Core Return" credit (negative amount) printed as a row of the parts table. */
const coreReturn = (p = 0.8): ReturnType<typeof credit> => ({
  ...credit('table', p),
  text: ['CORE RETURN', 'Core Return credit', 'Core return - alternator'],
  code: 'CORE RTN',
});

/** Plain-case monospace text lines of the parts table (no capitals forced), columns padded to width (characters). */
function slipLines(
  inv: Invoice,
  cols: { key: Parameters<typeof cellText>[1]; label: string; w: number; right?: boolean }[],
): string[] {
  const line = (cells: string[]) => cells.join('  ').trimEnd();
  const out = [line(cols.map((c) => fit(c.label, c.w, c.right))), line(cols.map((c) => '='.repeat(c.w)))];
  for (const row of tableRows(inv))
    out.push(line(cols.map((c) => fit(cellText(row, c.key, { dollar: false }), c.w, c.right))));
  return out;
}

export const EXTRA_LAYOUTS: Layout[] = [
  {
    id: 'L19-serif-dealer',
    title:
      'Dealer parts invoice in a serif font: "Invoice Number", Qty Ordered / Qty Shipped, long-form dates, freight and tax below',
    features: [
      'serif',
      'invoice-number-label',
      'qty-ordered-shipped',
      'backorder',
      'freight',
      'tax',
      'date-ordinal',
      'part-dashes',
      'letter-digit',
    ],
    catalog: 'honda',
    dateFormat: 'MMMM do, yyyy',
    suppliers: ['Lakeshore Honda Parts Department', 'Old Mill Road Honda'],
    invoiceNumber: (rng) => `${rng.digits(6)}`,
    spec: spec('honda', {
      discount: { p: 0.6, min: 10, max: 25 },
      shortShip: 0.3,
      charges: [freight('footer', 0.7), hazmat('footer', 0.3)],
      taxRate: 6.5,
      taxLabel: 'Sales Tax',
    }),
    width: 940,
    html: (inv) =>
      page(
        `<div class="head">${supplierBlock(inv)}<div class="rt"><div class="doc">Invoice</div><table class="kv"><tr><td>Invoice Number</td><td>${esc(inv.invoiceNumber)}</td></tr><tr><td>Invoice Date</td><td>${esc(inv.dateText)}</td></tr><tr><td>Purchase Order</td><td>${esc(inv.po)}</td></tr></table>${otherDates(inv)}</div></div>
        <hr>${billTo(inv, 'Sold To')}
        ${itemsTable(
          inv,
          [
            { key: 'part', label: 'Part Number' },
            { key: 'desc', label: 'Description' },
            { key: 'ord', label: 'Qty Ordered', right: true },
            { key: 'shp', label: 'Qty Shipped', right: true },
            { key: 'list', label: 'List Price', right: true },
            { key: 'net', label: 'Your Price', right: true },
            { key: 'ext', label: 'Extension', right: true },
          ],
          { dollar: false, comma: true },
        )}
        ${totalsTable(inv, { subtotal: 'Merchandise', total: 'Amount Due' }, { comma: true })}
        <p class="foot">Thank you for your business. Returns require the original invoice within 30 days.</p>`,
        `body { font-family:'Liberation Serif', 'DejaVu Serif', serif; font-size:15px; } .head { display:flex; justify-content:space-between; }
        .sup .name { font-size:26px; font-style:italic; font-weight:bold; } .doc { font-size:30px; font-variant:small-caps; text-align:right; }
        .kv td { padding:1px 6px; } .kv td:first-child { font-style:italic; } hr { border:0; border-top:3px double #333; margin:14px 0; }
        .items { width:100%; margin-top:16px; } .items th { border-top:1px solid #333; border-bottom:1px solid #333; padding:5px; text-align:left; font-weight:normal; font-style:italic; }
        .items th.r { text-align:right; } .items td { padding:4px 5px; } .totals { margin:12px 0 0 auto; border-top:1px solid #333; } .totals td { padding:2px 8px; }
        .totals .total td { font-weight:bold; font-size:18px; } .foot { font-style:italic; font-size:13px; margin-top:20px; }`,
      ),
  },
  {
    id: 'L20-box-grid-vehicle',
    title:
      'Collision parts supplier: header fields as a grid of label-above-value boxes (invoice number above its value), Vehicle column, cores in the table, environmental fee below',
    features: [
      'label-above-value',
      'boxes',
      'application',
      'core',
      'fee',
      'tax',
      'date-d-MMM-yyyy',
      'part-dashes',
    ],
    catalog: 'aftermarket',
    dateFormat: 'd MMM yyyy',
    suppliers: ['Keystone Collision Supply', 'Tri-County Body Parts Ltd'],
    invoiceNumber: (rng) => `CP${rng.digits(6)}`,
    spec: spec('aftermarket', {
      discount: { p: 0.3, min: 5, max: 15 },
      charges: [core('table', 0.5), hazmat('footer', 0.6)],
      taxRate: 8,
      taxLabel: 'Tax 8%',
    }),
    width: 1000,
    html: (inv) =>
      page(
        `<div class="top">${supplierBlock(inv)}<div class="doc">INVOICE</div></div>
        ${boxes(
          [
            ['Invoice No.', inv.invoiceNumber],
            ['Invoice Date', inv.dateText],
            ['Account', inv.account],
            ['Customer PO', inv.po],
          ],
          'grid',
        )}
        ${boxes(
          [
            ['Sold To', inv.customer],
            ['Ship Via', 'Our truck'],
            ['Terms', 'Net 30'],
            ['Salesperson', 'K. Ortiz'],
          ],
          'grid',
        )}
        ${itemsTable(inv, [
          { key: 'part', label: 'Part No.' },
          { key: 'desc', label: 'Description' },
          { key: 'app', label: 'Vehicle' },
          { key: 'qty', label: 'Qty', right: true },
          { key: 'net', label: 'Unit', right: true },
          { key: 'ext', label: 'Total', right: true },
        ])}
        ${totalsTable(inv, { subtotal: 'Subtotal', total: 'Invoice Total' })}`,
        `.top { display:flex; justify-content:space-between; align-items:flex-start; } .sup .name { font-size:22px; font-weight:bold; color:#1d4ed8; }
        .doc { font-size:30px; font-weight:bold; color:#1d4ed8; } .grid { width:100%; margin-top:10px; table-layout:fixed; }
        .grid th { border:1px solid #777; border-bottom:0; font-size:10px; text-transform:uppercase; color:#555; text-align:left; padding:3px 6px 0; font-weight:normal; }
        .grid td { border:1px solid #777; border-top:0; padding:2px 6px 5px; font-size:15px; }
        .items { width:100%; margin-top:16px; } .items th { background:#dbe4f5; border:1px solid #777; padding:5px; text-align:left; } .items td { border:1px solid #aaa; padding:4px 5px; }
        .totals { margin:10px 0 0 auto; } .totals td { border:1px solid #aaa; padding:3px 8px; } .totals .total td { font-weight:bold; font-size:17px; }`,
      ),
  },
  {
    id: 'L21-mono-counter-slip',
    title:
      'Counter slip in plain-case monospace: ORD/SHP columns, "Invoice #", short dates, cores and hazmat rows in the text table',
    features: [
      'monospace-plain',
      'qty-ordered-shipped',
      'invoice-hash',
      'core',
      'fee',
      'tax',
      'date-M/d/yy',
      'part-spaces',
      'narrow',
    ],
    catalog: 'store',
    dateFormat: 'M/d/yy',
    suppliers: ['Westside Auto Parts Counter', 'Ridgeline Parts & Supply'],
    invoiceNumber: (rng) => `${rng.digits(2)}${rng.digits(5)}`,
    spec: spec('store', {
      maxQty: 5,
      shortShip: 0.25,
      charges: [core('table', 0.6), hazmat('table', 0.4)],
      taxRate: 7,
      taxLabel: 'Tax',
    }),
    width: 800,
    html: (inv) => {
      const table = slipLines(inv, [
        { key: 'ord', label: 'ORD', w: 3, right: true },
        { key: 'shp', label: 'SHP', w: 3, right: true },
        { key: 'part', label: 'Part Number', w: 14 },
        { key: 'desc', label: 'Description', w: 26 },
        { key: 'net', label: 'Price', w: 9, right: true },
        { key: 'ext', label: 'Amount', w: 9, right: true },
      ]);
      const totals = totalsRows(inv, { subtotal: 'Subtotal', total: 'Total' }).map(
        ([l, c]) => `${' '.repeat(40)}${fit(l, 18)}${fit(money(c, { dollar: false }), 12, true)}`,
      );
      const head = [
        inv.supplier.name,
        ...inv.supplier.lines,
        inv.supplier.phone,
        '',
        `Invoice # ${inv.invoiceNumber}          Date ${inv.dateText}`,
        `Acct ${inv.account}  ${inv.customer}`,
        ...inv.otherDates.map((d) => `${d.label} ${d.text}`),
        '',
      ];
      return page(
        `<pre>${esc([...head, ...table, '', ...totals, '', 'Cores due back in 30 days. Thank you!'].join('\n'))}</pre>`,
        `body { font-family:'DejaVu Sans Mono', 'Liberation Mono', monospace; font-size:14px; } pre { font-family:inherit; margin:0; line-height:1.35; }`,
      );
    },
  },
  {
    id: 'L22-aftermarket-qty-uom',
    title:
      'Aftermarket distributor: QTY and UOM columns before the part number, List / Disc % / Net, "No." invoice number, dd-MMM-yy dates, discount and freight below',
    features: [
      'qty-uom-columns',
      'list-disc-net',
      'no-label',
      'discount',
      'freight',
      'tax',
      'date-dd-MMM-yy',
      'part-slashes',
      'part-dashes',
    ],
    catalog: 'fasteners',
    dateFormat: 'dd-MMM-yy',
    suppliers: ['Interstate Fastener & Supply', 'Great Plains Aftermarket Dist.'],
    invoiceNumber: (rng) => `${rng.digits(4)}-${rng.digits(3)}`,
    spec: spec('fasteners', {
      discount: { p: 0.9, min: 20, max: 45 },
      maxQty: 10,
      charges: [discount('footer', 0.6), freight('footer', 0.6)],
      taxRate: 6.25,
      taxLabel: 'Sales Tax 6.25%',
    }),
    width: 980,
    html: (inv) =>
      page(
        `<div class="top"><div class="logo">${esc(inv.supplier.name)}</div><div class="rt"><b>INVOICE</b> No. ${esc(inv.invoiceNumber)}<br>Date ${esc(inv.dateText)}<br>Cust PO ${esc(inv.po)}</div></div>
        <div class="addr">${esc(inv.supplier.lines.join(' | '))} | ${esc(inv.supplier.phone)}</div>${billTo(inv, 'Ship To / Bill To')}
        ${itemsTable(
          inv,
          [
            { key: 'qty', label: 'QTY', right: true },
            { key: 'uom', label: 'UOM' },
            { key: 'part', label: 'PART NUMBER' },
            { key: 'desc', label: 'DESCRIPTION' },
            { key: 'list', label: 'LIST', right: true },
            { key: 'disc', label: 'DISC %', right: true },
            { key: 'net', label: 'NET', right: true },
            { key: 'ext', label: 'EXT NET', right: true },
          ],
          { dollar: false, disc: 'dec' },
        )}
        ${totalsTable(inv, { subtotal: 'Net Merchandise', total: 'PLEASE PAY' }, { negative: 'paren' })}`,
        `.top { display:flex; justify-content:space-between; border-bottom:4px solid #c2410c; padding-bottom:8px; } .logo { font-size:28px; font-weight:900; color:#c2410c; letter-spacing:-1px; }
        .rt { text-align:right; } .addr { font-size:12px; color:#444; margin:6px 0 10px; } .items { width:100%; margin-top:14px; font-size:13px; }
        .items th { border-bottom:2px solid #c2410c; padding:5px 4px; text-align:left; font-size:12px; } .items th.r { text-align:right; } .items td { padding:4px; border-bottom:1px dotted #999; }
        .totals { margin:10px 0 0 auto; } .totals td { padding:2px 8px; } .totals .total td { font-weight:bold; font-size:18px; color:#c2410c; }`,
      ),
  },
  {
    id: 'L23-dense-thin-grid',
    title:
      'Import dealer parts invoice in small print: thin grid lines on every cell, "#" column, "Inv No", yyyy/MM/dd, environmental fee rows, freight below',
    features: [
      'dense',
      'grid',
      'line-number',
      'inv-no',
      'fee',
      'freight',
      'tax',
      'date-yyyy/MM/dd',
      'part-spaces',
      'letter-digit',
    ],
    catalog: 'euro',
    dateFormat: 'yyyy/MM/dd',
    suppliers: ['Autohaus Parts Wholesale', 'Nordic Motor Parts Import'],
    invoiceNumber: (rng) => `${rng.digits(8)}`,
    spec: spec('euro', {
      discount: { p: 0.5, min: 8, max: 20 },
      charges: [hazmat('table', 0.6), freight('footer', 0.5)],
      taxRate: 9.5,
      taxLabel: 'Tax 9.5%',
    }),
    width: 900,
    html: (inv) =>
      page(
        `<table class="hdr"><tr><td>${supplierBlock(inv)}</td><td class="r"><b>PARTS INVOICE</b><br>Inv No ${esc(inv.invoiceNumber)}<br>Date ${esc(inv.dateText)}<br>${inv.otherDates.map((d) => `${esc(d.label)} ${esc(d.text)}`).join('<br>')}</td></tr></table>
        ${billTo(inv)}
        ${itemsTable(
          inv,
          [
            { key: 'line', label: '#' },
            { key: 'part', label: 'Part No' },
            { key: 'desc', label: 'Description' },
            { key: 'qty', label: 'Qty', right: true },
            { key: 'list', label: 'Retail', right: true },
            { key: 'net', label: 'Net ea', right: true },
            { key: 'ext', label: 'Net ext', right: true },
          ],
          { dollar: false },
        )}
        ${totalsTable(inv, { subtotal: 'Parts total', total: 'Balance due' })}`,
        `body { font-size:11px; padding:18px 22px; } .hdr { width:100%; } .hdr td { vertical-align:top; } .sup .name { font-size:16px; font-weight:bold; } .bill { margin-top:6px; }
        .items { width:100%; margin-top:8px; } .items th, .items td { border:0.5px solid #888; padding:1px 3px; } .items th { background:#f2f2f2; text-align:left; font-weight:bold; }
        .items th.r { text-align:right; } .totals { margin:6px 0 0 auto; } .totals td { border:0.5px solid #888; padding:1px 5px; } .totals .total td { font-weight:bold; font-size:13px; }`,
      ),
  },
  {
    id: 'L24-shaded-core-return',
    title:
      'Rebuilder / electrical supplier: alternate rows shaded grey, core charges and a "Core Return" credit in the table, "Invoice #" above its value, MMM d, yyyy',
    features: [
      'zebra',
      'core',
      'credit',
      'tax',
      'label-above-value',
      'invoice-hash',
      'part-dashes',
      'part-spaces',
    ],
    catalog: 'electrical',
    dateFormat: 'MMM d, yyyy',
    suppliers: ['Volt Rebuilders Supply', 'Apex Starter & Alternator'],
    invoiceNumber: (rng) => `R-${rng.digits(5)}`,
    spec: spec('electrical', {
      maxQty: 3,
      charges: [core('table', 0.8), coreReturn(0.8)],
      taxRate: 5,
      taxLabel: 'Tax',
    }),
    width: 960,
    html: (inv) =>
      page(
        `<div class="top">${supplierBlock(inv)}<div class="hb"><div><span>Invoice #</span><b>${esc(inv.invoiceNumber)}</b></div><div><span>Date</span><b>${esc(inv.dateText)}</b></div><div><span>Customer</span><b>${esc(inv.customer)}</b></div></div></div>
        ${itemsTable(
          inv,
          [
            { key: 'qty', label: 'Qty', right: true },
            { key: 'part', label: 'Item' },
            { key: 'desc', label: 'Description' },
            { key: 'net', label: 'Price', right: true },
            { key: 'ext', label: 'Amount', right: true },
          ],
          { negative: 'minus' },
          { zebra: true },
        )}
        ${totalsTable(inv, { subtotal: 'Subtotal', total: 'Total' }, { negative: 'minus' })}`,
        `.top { display:flex; justify-content:space-between; align-items:flex-start; } .sup .name { font-size:24px; font-weight:bold; }
        .hb { display:flex; gap:10px; } .hb div { border:1px solid #444; padding:4px 10px; min-width:110px; } .hb span { display:block; font-size:11px; color:#555; } .hb b { font-size:15px; }
        .items { width:100%; margin-top:18px; } .items th { border-bottom:2px solid #222; padding:6px; text-align:left; } .items th.r { text-align:right; } .items td { padding:6px; }
        .z { background:#d9d9d9; } .totals { margin:12px 0 0 auto; } .totals td { padding:2px 8px; } .totals .total td { font-weight:bold; font-size:18px; }`,
      ),
  },
];
