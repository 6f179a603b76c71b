/**
 * Six more supplier layouts (L37–L42) for the FOURTH extra tuning set (tests/fixtures/invoices-dev-extra4, made by
 * `generate.ts --extra4`). Designed to differ from L01–L36: a paint jobber's mixing-formula and "Size" (QT/GAL/PT)
 * columns with a per-container PaintCare fee in the table; a Hyundai dealer counter with Ord / Ship / B/O / List / Net /
 * Ext and an "RO / Claim" box full of numbers that are not the invoice's; a glass distributor with NAGS numbers
 * without a space (`FW04321GTYN`), a vehicle line above the table and installation-labour rows in the table; a
 * recycler with yard stock numbers (`24K1187`), Hollander interchange and grade columns and warranty rows; a compact
 * 11.5 px aftermarket counter with a "Line Code" column before the part number, shaded alternate rows and "Your Cost";
 * a body-shop supplies distributor whose invoice number, date and account sit in a right-hand box with each label LEFT
 * of its value. Dates as "Nov. 3, 2026", "3-Nov-2026", "11.03.2026", "November 3, 2026". All tuning: nothing here is
 * held out, and the other sets are not affected by this file.
 */
import { esc, page, type MoneyStyle, type TableRow } from './html';
import { core, discount, freight, hazmat, spec, warranty, type Layout } from './layouts';
import { otherNumber, qtyDec, std, table, totals } from './layouts-extra3';
import type { InvoiceSpec } from './model';

type ChargeOpt = InvoiceSpec['charges'][number];

const addressLines = (lines: string[]) => lines.map(esc).join('<br>');

/** The PaintCare stewardship fee, charged per container of paint (a table row under the paint it is for). */
const paintCare = (p: number): ChargeOpt => ({
  kind: 'fee',
  text: ['PaintCare fee', 'PAINTCARE RECOVERY FEE'],
  code: 'PCF',
  min: 75,
  max: 160,
  placement: 'table',
  p,
  perPart: true,
});

/** A glass shop's installation labour, billed as a row of the table (not a part). */
const labour = (p: number): ChargeOpt => ({
  kind: 'other',
  text: ['Installation labor', 'Labor - R&I moulding', 'Calibration labor'],
  code: 'LABOR',
  min: 4500,
  max: 12500,
  placement: 'table',
  p,
});

/** A recycler's note cell: `interchange|grade` (catalog.ts 'yard'), one half of it. */
const yardNote = (half: 0 | 1) => (row: TableRow) => (row.part ? esc(row.part.note.split('|')[half] ?? '') : '');

export const EXTRA4_LAYOUTS: Layout[] = [
  {
    id: 'L37-paint-formula-size',
    title:
      'Paint jobber mixing colour to formula: Product Code / Description / Formula / Size (QT, GAL, PT) / Qty / Unit Price / Amount, a per-container PaintCare fee row in the table, "Invoice:" with a lettered number (PJ-418723), MMM. d, yyyy',
    features: [
      'formula-column',
      'size-uom-column',
      'invoice-colon',
      'lettered-invoice-number',
      'fee',
      'freight',
      'tax',
      'date-MMM.-d-yyyy',
    ],
    catalog: 'paintsize',
    dateFormat: 'MMM. d, yyyy',
    suppliers: ['Coastline Paint & Supply', 'Refinish Depot of Tulsa'],
    invoiceNumber: (rng) => `PJ-${rng.digits(6)}`,
    spec: spec('paintsize', {
      maxQty: 4,
      charges: [paintCare(0.6), freight('footer', 0.4)],
      taxRate: 7.25,
      taxLabel: 'Sales Tax 7.25%',
    }),
    width: 960,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv.supplier.lines)}<br>${esc(inv.supplier.phone)}</div>
        <div class="r"><div class="doc">INVOICE</div><div>Invoice: <b>${esc(inv.invoiceNumber)}</b></div><div>Date: ${esc(inv.dateText)}</div><div>Job / PO: ${esc(inv.po)}</div></div></div>
        <div class="bill"><b>Sold to</b> ${esc(inv.customer)} · Account ${esc(inv.account)}</div>
        ${table(inv, [
          std('Product Code', 'part', m),
          std('Description', 'desc', m),
          { head: 'Formula', cell: (row) => (row.part ? esc(row.part.note) : '') },
          { head: 'Size', cell: (row) => (row.part ? esc(row.part.uom) : '') },
          std('Qty', 'qty', m, true),
          std('Unit Price', 'net', m, true),
          std('Amount', 'ext', m, true),
        ])}
        ${totals(inv, { subtotal: 'Subtotal', total: 'Total' }, m)}
        <p class="foot">Mixed colour is not returnable. PaintCare fees are set by state law.</p>`,
        `.top { display:flex; justify-content:space-between; } .sup { font-size:13px; } .sup .name { font-size:22px; font-weight:bold; color:#7c2d12; }
        .doc { font-size:24px; font-weight:bold; color:#7c2d12; } .bill { margin:14px 0; font-size:13px; }
        .items { width:100%; } .items th { border-top:2px solid #7c2d12; border-bottom:2px solid #7c2d12; padding:5px; text-align:left; } .items th.r { text-align:right; }
        .items td { padding:5px; border-bottom:1px dotted #999; } .tot { margin:12px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:17px; }
        .foot { font-size:11px; color:#555; margin-top:14px; }`,
      );
    },
  },
  {
    id: 'L38-oem-ro-claim-box',
    title:
      'Hyundai dealer parts counter: "Invoice" and "Date" label-above-value boxes, an "RO / Claim" box with a repair-order, claim and VIN that are not the invoice number, Part Number / Description / Ord / Ship / B/O / List / Net / Ext, cores in the table, d-MMM-yyyy dates',
    features: [
      'label-above-value',
      'ro-claim-box',
      'qty-ordered-shipped',
      'backorder',
      'list-net',
      'core',
      'freight',
      'tax',
      'part-letter-digit',
      'date-d-MMM-yyyy',
    ],
    catalog: 'hyundai',
    dateFormat: 'd-MMM-yyyy',
    suppliers: ['Riverside Hyundai Parts Dept.', 'Lakeview Hyundai Wholesale Parts'],
    invoiceNumber: (rng) => `${rng.int(1, 9)}${rng.digits(6)}`,
    spec: spec('hyundai', {
      discount: { p: 0.8, min: 15, max: 32 },
      shortShip: 0.3,
      maxQty: 4,
      charges: [core('table', 0.3), freight('footer', 0.5)],
      taxRate: 6,
      taxLabel: 'Sales Tax 6%',
    }),
    width: 1000,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      const ro = otherNumber(inv.invoiceNumber, 5);
      const claim = `${otherNumber(inv.po, 4)}-${otherNumber(inv.account, 5)}-01`;
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv.supplier.lines)}<br>Parts ${esc(inv.supplier.phone)}</div>
        <div><table class="bx"><tr><th>Invoice</th><th>Date</th><th>Page</th></tr><tr><td>${esc(inv.invoiceNumber)}</td><td>${esc(inv.dateText)}</td><td>1 of 1</td></tr></table>
        <table class="bx ro"><tr><th colspan="2">RO / Claim</th></tr><tr><td>RO ${ro}</td><td>Claim ${claim}</td></tr><tr><td colspan="2">VIN KMHLM4AG${otherNumber(inv.account, 9)}</td></tr></table></div></div>
        <div class="bill"><b>Customer</b> ${esc(inv.customer)} &nbsp; <b>Acct</b> ${esc(inv.account)} &nbsp; <b>PO</b> ${esc(inv.po)}</div>
        ${table(inv, [
          std('Part Number', 'part', m),
          std('Description', 'desc', m),
          std('Ord', 'ord', m, true),
          std('Ship', 'shp', m, true),
          std('B/O', 'bo', m, true),
          std('List', 'list', m, true),
          std('Net', 'net', m, true),
          std('Ext', 'ext', m, true),
        ])}
        ${totals(inv, { subtotal: 'Parts Subtotal', total: 'Invoice Total' }, m)}`,
        `.top { display:flex; justify-content:space-between; align-items:flex-start; } .sup { font-size:13px; } .sup .name { font-size:21px; font-weight:bold; color:#002c5f; }
        .bx { margin-bottom:6px; } .bx th { background:#002c5f; color:#fff; font-size:12px; padding:3px 10px; } .bx td { border:1px solid #002c5f; padding:3px 10px; font-size:13px; text-align:center; }
        .bill { margin:14px 0; font-size:13px; } .items { width:100%; border:1px solid #002c5f; } .items th { background:#dbe4f0; padding:5px; text-align:left; border:1px solid #002c5f; } .items th.r { text-align:right; }
        .items td { padding:5px; border-left:1px solid #002c5f; border-right:1px solid #002c5f; } .tot { margin:12px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:17px; border-top:2px solid #002c5f; }`,
      );
    },
  },
  {
    id: 'L39-glass-nags-labor',
    title:
      'Auto glass distributor: NAGS numbers without a space (FW04321GTYN), a "Vehicle / VIN" line above the table, Qty / NAGS # / Description / Price / Total with installation-labour rows in the table, "Invoice #:" with a lettered number, MM.dd.yyyy dates',
    features: ['nags-no-space', 'vehicle-line', 'labor-rows', 'qty-first', 'invoice-hash', 'fee', 'tax', 'date-MM.dd.yyyy'],
    catalog: 'nagsplain',
    dateFormat: 'MM.dd.yyyy',
    suppliers: ['ClearView Auto Glass Distributors', 'Summit Glass Supply LLC'],
    invoiceNumber: (rng) => `W${rng.digits(7)}`,
    spec: spec('nagsplain', {
      maxQty: 3,
      charges: [labour(0.8), { ...hazmat('footer', 0.5), text: ['Glass disposal fee', 'Environmental fee'] }],
      taxRate: 6,
      taxLabel: 'Sales Tax 6%',
    }),
    width: 940,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv.supplier.lines)}<br>${esc(inv.supplier.phone)}</div>
        <div class="meta"><div>Invoice #: <b>${esc(inv.invoiceNumber)}</b></div><div>Date: ${esc(inv.dateText)}</div><div>Account: ${esc(inv.account)}</div></div></div>
        <div class="veh">Ship to: ${esc(inv.customer)} &nbsp;|&nbsp; Vehicle: 2020 Toyota RAV4 &nbsp;|&nbsp; VIN 2T3W1RFV${otherNumber(inv.invoiceNumber, 9)} &nbsp;|&nbsp; PO ${esc(inv.po)}</div>
        ${table(inv, [
          std('Qty', 'qty', m, true),
          std('NAGS #', 'part', m),
          std('Description', 'desc', m),
          std('Price', 'net', m, true),
          std('Total', 'ext', m, true),
        ])}
        ${totals(inv, { subtotal: 'Subtotal', total: 'Balance Due' }, m)}`,
        `.top { display:flex; justify-content:space-between; } .sup { font-size:13px; } .sup .name { font-size:22px; font-weight:bold; color:#0e7490; }
        .meta { font-size:14px; line-height:1.5; } .veh { margin:14px 0; padding:5px 8px; background:#ecfeff; font-size:13px; }
        .items { width:100%; } .items th { border-bottom:2px solid #0e7490; padding:5px; text-align:left; } .items th.r { text-align:right; } .items td { padding:5px; border-bottom:1px solid #e5e7eb; }
        .tot { margin:12px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:17px; }`,
      );
    },
  },
  {
    id: 'L40-recycler-grade',
    title:
      'Auto recycler: Stock # (24K1187) / Part / Vehicle / Interchange (120-01562) / Grade / Qty / Price / Extended, warranty rows in the table, "Invoice No" left of its value, MM/dd/yyyy',
    features: ['yard-stock-number', 'application', 'interchange', 'grade', 'warranty', 'tax', 'date-MM/dd/yyyy'],
    catalog: 'yard',
    dateFormat: 'MM/dd/yyyy',
    suppliers: ["Miller's Auto Recycling", 'Route 9 Used Auto Parts'],
    invoiceNumber: (rng) => `${rng.int(1, 9)}-${rng.digits(5)}`,
    spec: spec('yard', {
      maxQty: 1,
      charges: [{ ...warranty('table', 0.7), text: ['90 DAY WARRANTY', '6 MONTH WARRANTY'] }],
      taxRate: 7,
      taxLabel: 'Sales Tax 7%',
    }),
    width: 1040,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv.supplier.lines)}<br>${esc(inv.supplier.phone)}</div>
        <table class="kv"><tr><td>Invoice No</td><td><b>${esc(inv.invoiceNumber)}</b></td></tr><tr><td>Date</td><td>${esc(inv.dateText)}</td></tr><tr><td>Salesperson</td><td>DAVE</td></tr></table></div>
        <div class="bill">Sold to: ${esc(inv.customer)}, Account ${esc(inv.account)}</div>
        ${table(inv, [
          std('Stock #', 'part', m),
          std('Part', 'desc', m),
          std('Vehicle', 'app', m),
          { head: 'Interchange', cell: yardNote(0) },
          { head: 'Grade', cell: yardNote(1) },
          std('Qty', 'qty', m, true),
          std('Price', 'net', m, true),
          std('Extended', 'ext', m, true),
        ])}
        ${totals(inv, { subtotal: 'Subtotal', total: 'Total' }, m)}
        <p class="foot">All parts sold as described. Warranty covers replacement only, not labor.</p>`,
        `.top { display:flex; justify-content:space-between; } .sup { font-size:13px; } .sup .name { font-size:22px; font-weight:bold; }
        .kv td { padding:2px 8px; font-size:14px; } .kv td:first-child { color:#555; } .bill { margin:14px 0; font-size:13px; }
        .items { width:100%; } .items th { background:#166534; color:#fff; padding:5px; text-align:left; } .items th.r { text-align:right; } .items td { padding:5px; border-bottom:1px solid #d1d5db; }
        .tot { margin:12px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:17px; } .foot { font-size:11px; margin-top:14px; }`,
      );
    },
  },
  {
    id: 'L41-linecode-compact',
    title:
      'Aftermarket parts counter in compact 11.5 px print: Line Code (DOR, ACD) / Part Number / Description / Qty / List / Your Cost / Extended with shaded alternate rows, "Invoice #" with leading zeros, cores in the table, M/d/yy dates',
    features: ['dense-11px', 'line-code-column', 'zebra', 'your-cost', 'leading-zero-invoice-number', 'core', 'freight', 'tax', 'date-M/d/yy'],
    catalog: 'linecode',
    dateFormat: 'M/d/yy',
    suppliers: ['Valley Auto Parts Warehouse', 'First Call Parts Supply'],
    invoiceNumber: (rng) => `00${rng.digits(6)}`,
    spec: spec('linecode', {
      discount: { p: 0.7, min: 20, max: 45 },
      maxQty: 6,
      charges: [core('table', 0.4), freight('footer', 0.5)],
      taxRate: 8.25,
      taxLabel: 'Sales Tax 8.25%',
    }),
    width: 900,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv.supplier.lines)} · ${esc(inv.supplier.phone)}</div>
        <div class="r"><div>Invoice # <b>${esc(inv.invoiceNumber)}</b></div><div>Date ${esc(inv.dateText)}</div><div>Acct ${esc(inv.account)} &nbsp; PO ${esc(inv.po)}</div></div></div>
        <div class="bill">Sold to ${esc(inv.customer)}</div>
        ${table(
          inv,
          [
            { head: 'Line Code', cell: (row) => (row.part ? esc(row.part.note) : '') },
            std('Part Number', 'part', m),
            std('Description', 'desc', m),
            std('Qty', 'qty', m, true),
            std('List', 'list', m, true),
            std('Your Cost', 'net', m, true),
            std('Extended', 'ext', m, true),
          ],
          { zebra: true },
        )}
        ${totals(inv, { subtotal: 'Subtotal', total: 'Total' }, m)}`,
        `body { font-size:11.5px; } .top { display:flex; justify-content:space-between; } .sup .name { font-size:17px; font-weight:bold; } .bill { margin:10px 0; }
        .items { width:100%; } .items th { border-bottom:1px solid #000; padding:2px 4px; text-align:left; } .items th.r { text-align:right; } .items td { padding:2px 4px; }
        .z { background:#e5e7eb; } .tot { margin:8px 0 0 auto; } .tot td { padding:1px 6px; } .tot .total td { font-weight:bold; font-size:14px; }`,
      );
    },
  },
  {
    id: 'L42-vertical-box-pbe',
    title:
      'Body-shop supplies distributor: the invoice date, number and account in a right-hand box with each label LEFT of its value, Item Number / Description / U/M / Qty Shipped / Unit Price / Extended, hazmat rows in the table, discount and freight below, MMMM d, yyyy',
    features: ['label-left-of-value-box', 'uom-column', 'qty-shipped', 'extended', 'fee', 'discount', 'freight', 'tax', 'date-MMMM-d-yyyy'],
    catalog: 'paint',
    dateFormat: 'MMMM d, yyyy',
    suppliers: ['Precision Body Shop Supply', 'Apex PBE Distributors Inc.'],
    invoiceNumber: (rng) => `${rng.int(3, 7)}${rng.digits(5)}`,
    spec: spec('paint', {
      maxQty: 5,
      charges: [hazmat('table', 0.4), discount('footer', 0.4), freight('footer', 0.5)],
      taxRate: 6.5,
      taxLabel: 'Sales Tax 6.5%',
    }),
    width: 960,
    html: (inv) => {
      const m: MoneyStyle = { comma: true, negative: 'minus' };
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv.supplier.lines)}<br>${esc(inv.supplier.phone)}</div>
        <div><div class="doc">INVOICE</div><table class="vb"><tr><td class="l">Invoice Date</td><td>${esc(inv.dateText)}</td></tr><tr><td class="l">Invoice Number</td><td>${esc(inv.invoiceNumber)}</td></tr>
        <tr><td class="l">Account</td><td>${esc(inv.account)}</td></tr><tr><td class="l">Customer PO</td><td>${esc(inv.po)}</td></tr></table></div></div>
        <div class="bill"><b>Bill To:</b> ${esc(inv.customer)}, 812 Oak Street</div>
        ${table(inv, [
          std('Item Number', 'part', m),
          std('Description', 'desc', m),
          std('U/M', 'uom', m),
          qtyDec('Qty Shipped', 0),
          std('Unit Price', 'net', m, true),
          std('Extended', 'ext', m, true),
        ])}
        ${totals(inv, { subtotal: 'Merchandise', total: 'Amount Due' }, m)}`,
        `.top { display:flex; justify-content:space-between; align-items:flex-start; } .sup { font-size:13px; } .sup .name { font-size:21px; font-weight:bold; }
        .doc { font-size:22px; font-weight:bold; text-align:right; margin-bottom:4px; } .vb { border:2px solid #333; } .vb td { padding:3px 10px; font-size:13px; text-align:right; } .vb td.l { font-weight:bold; text-align:left; }
        .bill { margin:14px 0; font-size:13px; } .items { width:100%; } .items th { background:#333; color:#fff; padding:5px; text-align:left; } .items th.r { text-align:right; }
        .items td { padding:5px; border-bottom:1px solid #ccc; } .tot { margin:12px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:17px; }`,
      );
    },
  },
];
