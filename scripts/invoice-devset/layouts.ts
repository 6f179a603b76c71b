/**
 * The eighteen supplier layouts of the development set ("distinct suppliers' paper"). Each layout fixes its kind of
 * supplier and catalogue, the columns of its parts table, where non-part rows go, how the invoice number is labelled,
 * the date format, and its look (bordered, borderless, dark header band, dense 12 px, monospace dot-matrix).
 */
import type { CatalogId } from './catalog';
import { CUSTOMERS, phone, STREETS, TOWNS } from './catalog';
import {
  esc,
  fit,
  itemsTable,
  page,
  tableRows,
  cellText,
  totalsRows,
  totalsTable,
  type MoneyStyle,
} from './html';
import { buildInvoice, formatDate, money, type DateFormat, type Invoice, type InvoiceSpec } from './model';
import type { Rng } from './rng';

export interface Layout {
  id: string;
  title: string;
  /** What this layout exercises (written into the manifest). */
  features: string[];
  catalog: CatalogId;
  dateFormat: DateFormat;
  suppliers: string[];
  invoiceNumber: (rng: Rng) => string;
  spec: (rng: Rng, rows: number) => InvoiceSpec;
  /** Viewport width in CSS pixels for screenshots. */
  width: number;
  html: (inv: Invoice) => string;
  /**
   * Optional last touch on a built invoice (the ninth set's row contents: decimal quantities, four-decimal prices,
   * return rows, note lines); it must keep the invoice reconciled (model.ts `retotal`). No earlier layout has one, so
   * their invoices draw nothing more and stay byte for byte the same.
   */
  finish?: (inv: Invoice, rng: Rng) => Invoice;
}

type ChargeOpt = InvoiceSpec['charges'][number];
const core = (placement: ChargeOpt['placement'], p = 0.8): ChargeOpt => ({
  kind: 'core',
  text: ['CORE CHARGE', 'Core charge', 'CORE DEPOSIT'],
  code: 'CORE',
  min: 1500,
  max: 9500,
  placement,
  p,
  perPart: true,
});
const freight = (placement: ChargeOpt['placement'], p = 0.7): ChargeOpt => ({
  kind: 'freight',
  text:
    placement === 'table' ? ['FREIGHT', 'DELIVERY CHARGE'] : ['Freight', 'Delivery', 'Shipping & Handling'],
  code: 'FRT',
  min: 895,
  max: 4500,
  placement,
  p,
});
const hazmat = (placement: ChargeOpt['placement'], p = 0.8): ChargeOpt => ({
  kind: 'fee',
  text: ['HAZMAT FEE', 'Hazardous material fee', 'ENVIRONMENTAL FEE', 'Environmental fee'],
  code: 'HAZ',
  min: 350,
  max: 1500,
  placement,
  p,
});
const discount = (placement: ChargeOpt['placement'], p = 0.5): ChargeOpt => ({
  kind: 'discount',
  text: ['Volume discount', 'Prompt pay discount', 'DISCOUNT', 'Promo discount'],
  code: 'DISC',
  min: 500,
  max: 4000,
  placement,
  p,
});
const warranty = (placement: ChargeOpt['placement'], p = 0.8): ChargeOpt => ({
  kind: 'warranty',
  text: ['90 day warranty', 'Extended warranty 6 mo', 'WARRANTY 1 YR'],
  code: 'WTY',
  min: 1500,
  max: 4500,
  placement,
  p,
});
const deposit = (placement: ChargeOpt['placement'], p = 0.7): ChargeOpt => ({
  kind: 'deposit',
  text: ['Battery deposit', 'BATTERY CORE DEPOSIT', 'Pallet deposit'],
  code: 'DEP',
  min: 1000,
  max: 2500,
  placement,
  p,
});
const credit = (placement: ChargeOpt['placement'], p = 0.3): ChargeOpt => ({
  kind: 'credit',
  text: ['Return credit RA 4471', 'Core return credit', 'CREDIT - DAMAGED BOX'],
  code: 'CR',
  min: 1500,
  max: 6000,
  placement,
  p,
});

const other = (placement: ChargeOpt['placement'], p = 0.5): ChargeOpt => ({
  kind: 'other',
  text: ['Special order handling', 'Restock / special order'],
  code: 'SO',
  min: 500,
  max: 2000,
  placement,
  p,
});

const spec =
  (catalog: CatalogId, o: Partial<Omit<InvoiceSpec, 'catalog' | 'rows'>>) =>
  (_rng: Rng, rows: number): InvoiceSpec => ({
    catalog,
    rows,
    discount: { p: 0, min: 0, max: 0 },
    shortShip: 0,
    maxQty: 4,
    charges: [],
    taxRate: 0,
    taxLabel: 'Sales Tax',
    ...o,
  });

function supplierBlock(inv: Invoice, nameStyle = ''): string {
  return `<div class="sup"><div class="name" style="${nameStyle}">${esc(inv.supplier.name)}</div>${inv.supplier.lines
    .map((l) => `<div>${esc(l)}</div>`)
    .join('')}<div>${esc(inv.supplier.phone)}</div></div>`;
}
const billTo = (inv: Invoice, label = 'Bill To') =>
  `<div class="bill"><b>${label}</b><div>${esc(inv.customer)}</div><div>812 Oak Street</div><div>Account ${esc(inv.account)}</div></div>`;

/** A row of label-above-value boxes. */
const boxes = (cells: [string, string][], cls = 'boxes') =>
  `<table class="${cls}"><tr>${cells.map(([l]) => `<th>${esc(l)}</th>`).join('')}</tr><tr>${cells.map(([, v]) => `<td>${esc(v)}</td>`).join('')}</tr></table>`;

const otherDates = (inv: Invoice) =>
  inv.otherDates.map((d) => `<div>${esc(d.label)}: ${esc(d.text)}</div>`).join('');

/** Fixed-width text table for the dot-matrix layouts. */
function matrixTable(
  inv: Invoice,
  cols: { key: Parameters<typeof cellText>[1]; label: string; w: number; right?: boolean }[],
  m: MoneyStyle,
): string[] {
  const line = (cells: string[]) => cells.join(' ').trimEnd();
  const out = [line(cols.map((c) => fit(c.label, c.w, c.right))), line(cols.map((c) => '-'.repeat(c.w)))];
  for (const row of tableRows(inv))
    out.push(line(cols.map((c) => fit(cellText(row, c.key, m).toUpperCase(), c.w, c.right))));
  return out;
}

export const LAYOUTS: Layout[] = [
  {
    id: 'L01-ford-counter',
    title:
      'Ford dealer parts counter: bordered grid, label-above-value boxes, Qty Ord/Shp, List/Disc/Net, cores in the table',
    features: [
      'bordered',
      'label-above-value',
      'line-number',
      'qty-ordered-shipped',
      'list-disc-net',
      'core',
      'tax',
      'part-spaces',
    ],
    catalog: 'ford',
    dateFormat: 'MM/dd/yyyy',
    suppliers: ['Lakeshore Ford Parts', 'Westbrook Ford Lincoln', 'Prairie Ford Wholesale Parts'],
    invoiceNumber: (rng) => `${rng.int(100, 999)}${rng.digits(3)}`,
    spec: spec('ford', {
      discount: { p: 0.9, min: 10, max: 35 },
      shortShip: 0.25,
      charges: [core('table', 0.7), freight('footer', 0.4)],
      taxRate: 6.25,
      taxLabel: 'Sales Tax 6.25%',
    }),
    width: 1000,
    html: (inv) =>
      page(
        `<div class="top">${supplierBlock(inv)}<div><div class="doc">PARTS INVOICE</div>${boxes([
          ['Invoice No.', inv.invoiceNumber],
          ['Invoice Date', inv.dateText],
          ['Account', inv.account],
          ['P.O. Number', inv.po],
        ])}</div></div>${billTo(inv, 'Sold To')}
        ${itemsTable(inv, [
          { key: 'line', label: '#' },
          { key: 'ord', label: 'Qty Ord', right: true },
          { key: 'shp', label: 'Qty Shp', right: true },
          { key: 'part', label: 'Part Number' },
          { key: 'desc', label: 'Description' },
          { key: 'list', label: 'List', right: true },
          { key: 'disc', label: 'Disc %', right: true },
          { key: 'net', label: 'Net', right: true },
          { key: 'ext', label: 'Extended', right: true },
        ])}
        ${totalsTable(inv, { subtotal: 'Subtotal', total: 'INVOICE TOTAL' })}`,
        `.top { display:flex; justify-content:space-between; } .sup .name { font-size:24px; font-weight:bold; }
        .doc { font-size:22px; font-weight:bold; text-align:right; margin-bottom:6px; }
        .boxes th, .boxes td { border:1px solid #000; padding:4px 10px; } .boxes th { font-size:11px; font-weight:normal; text-align:left; }
        .bill { margin-top:14px; } .items { width:100%; margin-top:16px; } .items th, .items td { border:1px solid #333; padding:5px 6px; }
        .items th { background:#e8e8e8; } .totals { margin:14px 0 0 auto; } .totals td { padding:3px 8px; } .totals .total td { font-weight:bold; font-size:17px; border-top:2px solid #000; }`,
      ),
  },
  {
    id: 'L02-toyota-band',
    title: 'Toyota dealer: dark header band, "Inv No", Line column, List and Net, freight and tax below',
    features: [
      'dark-band',
      'inv-no',
      'line-number',
      'list-net',
      'freight',
      'tax',
      'part-dashes',
      'letter-digit',
    ],
    catalog: 'toyota',
    dateFormat: 'MMM d, yyyy',
    suppliers: ['Sunrise Toyota Parts Center', 'Capitol City Toyota Wholesale'],
    invoiceNumber: (rng) => `T${rng.digits(7)}`,
    spec: spec('toyota', {
      discount: { p: 0.8, min: 15, max: 30 },
      charges: [freight('footer', 0.8), hazmat('footer', 0.3)],
      taxRate: 7,
      taxLabel: 'Tax',
    }),
    width: 960,
    html: (inv) =>
      page(
        `<div class="band"><div class="name">${esc(inv.supplier.name)}</div><div>${esc(inv.supplier.lines.join(' · '))} · ${esc(inv.supplier.phone)}</div></div>
        <div class="meta"><div>${billTo(inv)}</div><div><div>Inv No: <b>${esc(inv.invoiceNumber)}</b></div><div>Date: ${esc(inv.dateText)}</div>${otherDates(inv)}<div>PO: ${esc(inv.po)}</div></div></div>
        ${itemsTable(
          inv,
          [
            { key: 'line', label: 'Line' },
            { key: 'part', label: 'Part Number' },
            { key: 'desc', label: 'Description' },
            { key: 'qty', label: 'Qty', right: true },
            { key: 'list', label: 'List', right: true },
            { key: 'net', label: 'Net', right: true },
            { key: 'ext', label: 'Amount', right: true },
          ],
          { dollar: false },
          { zebra: true },
        )}
        ${totalsTable(inv, { subtotal: 'Parts Subtotal', total: 'Total Due' })}`,
        `.band { background:#0f1f3d; color:#fff; margin:-28px -34px 0; padding:18px 34px; } .band .name { font-size:26px; font-weight:bold; }
        .meta { display:flex; justify-content:space-between; margin-top:16px; } .items { width:100%; margin-top:16px; }
        .items th { background:#0f1f3d; color:#fff; padding:6px; text-align:left; } .items th.r { text-align:right; } .items td { padding:5px 6px; }
        .z { background:#eef1f7; } .totals { margin:12px 0 0 auto; } .totals td { padding:3px 8px; } .totals .total td { font-weight:bold; font-size:18px; }`,
      ),
  },
  {
    id: 'L03-gm-borderless',
    title:
      'GM dealer: borderless table, "Invoice #", Ord/Shp/B/O, hazmat fee row in the table, order and due dates',
    features: ['borderless', 'invoice-hash', 'qty-ordered-shipped', 'backorder', 'fee', 'tax', 'other-dates'],
    catalog: 'gm',
    dateFormat: 'yyyy-MM-dd',
    suppliers: ['Heartland Chevrolet Buick GMC', 'Valley GM Parts Distribution'],
    invoiceNumber: (rng) => `${rng.digits(2)}-${rng.digits(5)}`,
    spec: spec('gm', {
      discount: { p: 0.7, min: 20, max: 30 },
      shortShip: 0.3,
      charges: [hazmat('table', 0.5), freight('footer', 0.5)],
      taxRate: 8.25,
      taxLabel: 'Sales tax',
    }),
    width: 980,
    html: (inv) =>
      page(
        `<div class="top">${supplierBlock(inv)}<div class="rt"><div class="doc">INVOICE</div><div>Invoice # ${esc(inv.invoiceNumber)}</div><div>Invoice Date ${esc(inv.dateText)}</div>${otherDates(inv)}</div></div>
        ${billTo(inv, 'Customer')}
        ${itemsTable(inv, [
          { key: 'ord', label: 'Ord', right: true },
          { key: 'shp', label: 'Shp', right: true },
          { key: 'bo', label: 'B/O', right: true },
          { key: 'part', label: 'Part No' },
          { key: 'desc', label: 'Description' },
          { key: 'net', label: 'Unit Price', right: true },
          { key: 'ext', label: 'Ext Price', right: true },
        ])}
        ${totalsTable(inv, { subtotal: 'Sub Total', total: 'Total' })}`,
        `.top { display:flex; justify-content:space-between; } .sup .name { font-size:24px; font-weight:bold; } .rt { text-align:right; } .doc { font-size:28px; letter-spacing:3px; }
        .bill { margin-top:12px; } .items { width:100%; margin-top:18px; } .items th { border-bottom:2px solid #000; padding:6px; text-align:left; } .items th.r { text-align:right; }
        .items td { padding:4px 6px; } .totals { margin:12px 0 0 auto; } .totals td { padding:2px 8px; } .totals .total td { font-weight:bold; font-size:17px; }`,
      ),
  },
  {
    id: 'L04-honda-dense',
    title: 'Honda dealer: dense 12 px print, thin grid, # column, U/M, List/Disc%/Net',
    features: [
      'dense-12px',
      'bordered',
      'line-number',
      'uom',
      'list-disc-net',
      'tax',
      'part-dashes',
      'letter-digit',
      'many-rows',
    ],
    catalog: 'honda',
    dateFormat: 'M/d/yy',
    suppliers: ['Metro Honda Parts Dept.', 'Riverbend Honda'],
    invoiceNumber: (rng) => `HP${rng.digits(6)}`,
    spec: spec('honda', {
      discount: { p: 0.85, min: 18, max: 28 },
      maxQty: 10,
      charges: [hazmat('footer', 0.3)],
      taxRate: 6,
      taxLabel: 'State Tax 6%',
    }),
    width: 900,
    html: (inv) =>
      page(
        `<div class="top">${supplierBlock(inv)}<div class="rt"><b>INVOICE NO. ${esc(inv.invoiceNumber)}</b><div>DATE ${esc(inv.dateText)}</div><div>PO ${esc(inv.po)}</div></div></div>
        ${itemsTable(
          inv,
          [
            { key: 'line', label: '#' },
            { key: 'part', label: 'Part Number' },
            { key: 'desc', label: 'Description' },
            { key: 'qty', label: 'Qty', right: true },
            { key: 'uom', label: 'U/M' },
            { key: 'list', label: 'List', right: true },
            { key: 'disc', label: 'Disc%', right: true },
            { key: 'net', label: 'Net', right: true },
            { key: 'ext', label: 'Total', right: true },
          ],
          { disc: 'dec' },
        )}
        ${totalsTable(inv, { subtotal: 'SUBTOTAL', total: 'TOTAL' })}`,
        `body { font-size:12px; padding:20px 24px; } .top { display:flex; justify-content:space-between; } .sup .name { font-size:17px; font-weight:bold; } .rt { text-align:right; }
        .items { width:100%; margin-top:10px; } .items th, .items td { border:1px solid #777; padding:2px 4px; } .items th { background:#ddd; text-align:left; }
        .totals { margin:8px 0 0 auto; } .totals td { padding:1px 6px; } .totals .total td { font-weight:bold; }`,
      ),
  },
  {
    id: 'L05-mopar-wholesale',
    title:
      'Mopar wholesale: label-above-value header boxes, Line/Qty Ord/Qty Shp, application column, cores, discount line',
    features: [
      'label-above-value',
      'line-number',
      'qty-ordered-shipped',
      'application',
      'list-net',
      'core',
      'discount',
      'tax',
      'date-dd-MMM-yy',
    ],
    catalog: 'mopar',
    dateFormat: 'dd-MMM-yy',
    suppliers: ['Tri-State Chrysler Dodge Jeep Ram', 'Keystone Mopar Wholesale'],
    invoiceNumber: (rng) => `W${rng.digits(6)}`,
    spec: spec('mopar', {
      discount: { p: 0.8, min: 20, max: 32 },
      shortShip: 0.2,
      charges: [core('table', 0.6), discount('footer', 0.6)],
      taxRate: 6.5,
      taxLabel: 'Tax 6.5%',
    }),
    width: 1040,
    html: (inv) =>
      page(
        `<div class="top">${supplierBlock(inv)}<div class="doc">WHOLESALE PARTS INVOICE</div></div>
        ${boxes([
          ['INVOICE NO', inv.invoiceNumber],
          ['INVOICE DATE', inv.dateText],
          ['CUSTOMER NO', inv.account],
          ['PURCHASE ORDER', inv.po],
          ['TERMS', 'NET 10TH'],
        ])}
        ${itemsTable(inv, [
          { key: 'line', label: 'Line' },
          { key: 'ord', label: 'Qty Ord', right: true },
          { key: 'shp', label: 'Qty Shp', right: true },
          { key: 'part', label: 'Part Number' },
          { key: 'desc', label: 'Description' },
          { key: 'app', label: 'Application' },
          { key: 'list', label: 'List', right: true },
          { key: 'net', label: 'Net', right: true },
          { key: 'ext', label: 'Ext Net', right: true },
        ])}
        ${totalsTable(inv, { subtotal: 'Merchandise', total: 'Amount Due' }, { negative: 'paren' })}`,
        `.top { display:flex; justify-content:space-between; align-items:flex-start; } .sup .name { font-size:22px; font-weight:bold; } .doc { font-size:18px; font-weight:bold; }
        .boxes { width:100%; margin-top:12px; } .boxes th, .boxes td { border:1px solid #000; padding:3px 8px; text-align:left; } .boxes th { font-size:10px; }
        .items { width:100%; margin-top:14px; } .items th { border-top:1px solid #000; border-bottom:1px solid #000; padding:5px; text-align:left; } .items th.r { text-align:right; }
        .items td { padding:4px 5px; border-bottom:1px dotted #999; } .totals { margin:12px 0 0 auto; } .totals td { padding:2px 8px; } .totals .total td { font-weight:bold; font-size:17px; }`,
      ),
  },
  {
    id: 'L06-nissan-serif',
    title:
      'Nissan dealer: serif print, "Invoice Number", Qty Ordered and Qty Shipped, long date with ordinal',
    features: ['serif', 'qty-ordered-shipped', 'tax', 'freight', 'date-ordinal'],
    catalog: 'nissan',
    dateFormat: 'MMMM do, yyyy',
    suppliers: ['Harbor Nissan Parts', 'Northgate Nissan'],
    invoiceNumber: (rng) => `${rng.digits(6)}`,
    spec: spec('nissan', {
      discount: { p: 0.6, min: 15, max: 25 },
      shortShip: 0.3,
      charges: [freight('footer', 0.6)],
      taxRate: 7.5,
      taxLabel: 'Sales Tax (7.5%)',
    }),
    width: 940,
    html: (inv) =>
      page(
        `<div class="c">${supplierBlock(inv)}</div><hr>
        <div class="meta"><div>${billTo(inv, 'Ship To')}</div><div><div>Invoice Number: ${esc(inv.invoiceNumber)}</div><div>Invoice Date: ${esc(inv.dateText)}</div>${otherDates(inv)}</div></div>
        ${itemsTable(
          inv,
          [
            { key: 'part', label: 'Part Number' },
            { key: 'desc', label: 'Description' },
            { key: 'ord', label: 'Qty Ordered', right: true },
            { key: 'shp', label: 'Qty Shipped', right: true },
            { key: 'net', label: 'Unit Net', right: true },
            { key: 'ext', label: 'Amount', right: true },
          ],
          { dollar: true },
        )}
        ${totalsTable(inv, { subtotal: 'Subtotal', total: 'Balance Due' }, { dollar: true })}`,
        `body { font-family:'Liberation Serif', 'DejaVu Serif', serif; font-size:15px; } .sup .name { font-size:26px; font-weight:bold; } .meta { display:flex; justify-content:space-between; }
        .items { width:100%; margin-top:14px; } .items th { border-bottom:3px double #000; padding:5px; text-align:left; } .items th.r { text-align:right; } .items td { padding:4px 5px; }
        .totals { margin:12px 0 0 auto; } .totals td { padding:2px 8px; } .totals .total td { font-weight:bold; font-size:18px; border-top:1px solid #000; }`,
      ),
  },
  {
    id: 'L07-aftermarket-distributor',
    title:
      'Aftermarket distributor: Qty + UOM before the part number, Partslink numbers, application, List/Disc/Net, savings line',
    features: [
      'uom-before-part',
      'application',
      'list-disc-net',
      'freight',
      'fee',
      'tax',
      'invoice-hash',
      'date-d-MMM-yyyy',
      'decoy-amounts',
    ],
    catalog: 'aftermarket',
    dateFormat: 'd MMM yyyy',
    suppliers: [
      'Partsource Collision Distributors',
      'AutoBody Direct Supply Co.',
      'Great Plains Aftermarket',
    ],
    invoiceNumber: (rng) => `SI-${rng.digits(7)}`,
    spec: spec('aftermarket', {
      discount: { p: 0.9, min: 25, max: 45 },
      charges: [freight('footer', 0.8), hazmat('table', 0.3)],
      taxRate: 0,
      taxLabel: 'Tax',
    }),
    width: 1060,
    html: (inv) => {
      const saved = inv.lines.reduce((s, l) => s + (l.list - l.net) * l.qtyShipped, 0);
      return page(
        `<div class="top">${supplierBlock(inv, 'color:#b91c1c')}<div class="rt"><div class="doc">Invoice</div><div>Invoice # ${esc(inv.invoiceNumber)}</div><div>Date ${esc(inv.dateText)}</div><div>Customer PO ${esc(inv.po)}</div><div>Tax status: RESALE</div></div></div>
        ${billTo(inv)}
        ${itemsTable(
          inv,
          [
            { key: 'qty', label: 'Qty', right: true },
            { key: 'uom', label: 'UOM' },
            { key: 'part', label: 'Part #' },
            { key: 'desc', label: 'Description' },
            { key: 'app', label: 'Application' },
            { key: 'list', label: 'List', right: true },
            { key: 'disc', label: 'Disc', right: true },
            { key: 'net', label: 'Net', right: true },
            { key: 'ext', label: 'Ext', right: true },
          ],
          { disc: 'pct' },
        )}
        <div class="save">You saved ${money(saved, { dollar: true })} off list today!</div>
        ${totalsTable(inv, { subtotal: 'Subtotal', total: 'Invoice Total', tax: 'Sales Tax' })}`,
        `.top { display:flex; justify-content:space-between; } .sup .name { font-size:24px; font-weight:bold; } .rt { text-align:right; } .doc { font-size:26px; font-weight:bold; }
        .items { width:100%; margin-top:14px; } .items th { background:#b91c1c; color:#fff; padding:5px; text-align:left; } .items th.r { text-align:right; }
        .items td { padding:4px 5px; border-bottom:1px solid #ddd; } .save { margin-top:8px; font-style:italic; } .totals { margin:6px 0 0 auto; } .totals td { padding:2px 8px; }
        .totals .total td { font-weight:bold; font-size:18px; }`,
      );
    },
  },
  {
    id: 'L08-parts-store',
    title:
      'Parts store counter ticket: # column, "2 EA" quantity-with-unit before the line code and part, cores and deposits as rows',
    features: [
      'line-number',
      'qty-uom-before-part',
      'core',
      'deposit',
      'tax',
      'narrow',
      'inv-no',
      'part-spaces',
    ],
    catalog: 'store',
    dateFormat: 'MM/dd/yyyy',
    suppliers: ['Main Street Auto Parts #114', 'Crossroads Auto Supply'],
    invoiceNumber: (rng) => `${rng.digits(3)}-${rng.digits(6)}`,
    spec: spec('store', {
      maxQty: 6,
      charges: [core('table', 0.6), deposit('table', 0.3)],
      taxRate: 7.25,
      taxLabel: 'TAX 7.25%',
    }),
    width: 720,
    html: (inv) =>
      page(
        `<div class="c">${supplierBlock(inv)}</div>
        <div class="meta"><div>Inv No ${esc(inv.invoiceNumber)}</div><div>${esc(inv.dateText)}</div></div><div>Acct: ${esc(inv.account)} ${esc(inv.customer)}</div>
        ${itemsTable(inv, [
          { key: 'line', label: '#' },
          { key: 'qtyuom', label: 'Qty' },
          { key: 'part', label: 'Part No' },
          { key: 'desc', label: 'Description' },
          { key: 'net', label: 'Price', right: true },
          { key: 'ext', label: 'Ext', right: true },
        ])}
        ${totalsTable(inv, { subtotal: 'SUBTOTAL', total: 'TOTAL' })}<div class="c foot">NO RETURNS ON ELECTRICAL PARTS · CORES MUST BE RETURNED WITHIN 30 DAYS</div>`,
        `body { font-size:14px; } .sup .name { font-size:20px; font-weight:bold; } .meta { display:flex; justify-content:space-between; margin-top:10px; font-weight:bold; }
        .items { width:100%; margin-top:10px; border-top:1px dashed #000; border-bottom:1px dashed #000; } .items th { text-align:left; padding:4px; } .items th.r { text-align:right; } .items td { padding:3px 4px; }
        .totals { margin:8px 0 0 auto; } .totals td { padding:1px 6px; } .totals .total td { font-weight:bold; font-size:17px; } .foot { font-size:11px; margin-top:14px; }`,
      ),
  },
  {
    id: 'L09-paint-jobber',
    title:
      'Paint jobber: maroon header band, "No." invoice number, Qty-UOM first, slash part numbers, List/Disc %/Net, hazmat fee rows',
    features: [
      'dark-band',
      'no-label',
      'qty-uom-before-part',
      'part-slashes',
      'list-disc-net',
      'fee',
      'tax',
      'date-yyyy/MM/dd',
    ],
    catalog: 'paint',
    dateFormat: 'yyyy/MM/dd',
    suppliers: ['FinishLine Paint Supply', 'Color Wheel Automotive Finishes'],
    invoiceNumber: (rng) => `${rng.digits(5)}`,
    spec: spec('paint', {
      discount: { p: 0.8, min: 10, max: 35 },
      maxQty: 6,
      charges: [hazmat('table', 0.9), freight('footer', 0.3)],
      taxRate: 5.5,
      taxLabel: 'Sales Tax 5.5%',
    }),
    width: 960,
    html: (inv) =>
      page(
        `<div class="band"><div class="name">${esc(inv.supplier.name)}</div><div class="rt">INVOICE<br>No. ${esc(inv.invoiceNumber)}</div></div>
        <div class="meta"><div>${esc(inv.supplier.lines.join(', '))} · ${esc(inv.supplier.phone)}</div><div>Date: ${esc(inv.dateText)}</div></div>${billTo(inv, 'Sold to')}
        ${itemsTable(inv, [
          { key: 'qtyuom', label: 'Qty' },
          { key: 'part', label: 'Part Number' },
          { key: 'desc', label: 'Description' },
          { key: 'list', label: 'List', right: true },
          { key: 'disc', label: 'Disc %', right: true },
          { key: 'net', label: 'Net', right: true },
          { key: 'ext', label: 'Amount', right: true },
        ])}
        ${totalsTable(inv, { subtotal: 'Subtotal', total: 'TOTAL DUE' })}`,
        `.band { background:#5b1320; color:#fff; margin:-28px -34px 0; padding:16px 34px; display:flex; justify-content:space-between; } .band .name { font-size:28px; font-weight:bold; }
        .band .rt { text-align:right; font-size:18px; font-weight:bold; } .meta { display:flex; justify-content:space-between; margin:10px 0; }
        .items { width:100%; margin-top:14px; } .items th, .items td { border:1px solid #5b1320; padding:4px 6px; } .items th { background:#f3e4e6; text-align:left; }
        .totals { margin:10px 0 0 auto; } .totals td { padding:2px 8px; } .totals .total td { font-weight:bold; font-size:18px; }`,
      ),
  },
  {
    id: 'L10-pbe-zebra',
    title:
      'Paint and body equipment distributor: borderless zebra rows, Item/Ordered/Shipped, discount and freight rows below',
    features: [
      'borderless',
      'zebra',
      'qty-ordered-shipped',
      'discount',
      'freight',
      'tax',
      'invoice-hash',
      'part-slashes',
    ],
    catalog: 'paint',
    dateFormat: 'MMM d, yyyy',
    suppliers: ['Summit PBE Distributors', 'Coastal Refinish Supply Inc.'],
    invoiceNumber: (rng) => `INV-${rng.int(2026, 2026)}-${rng.digits(5)}`,
    spec: spec('paint', {
      shortShip: 0.25,
      maxQty: 8,
      charges: [discount('footer', 0.7), freight('footer', 0.6), hazmat('footer', 0.5)],
      taxRate: 6,
      taxLabel: 'Sales Tax',
    }),
    width: 960,
    html: (inv) =>
      page(
        `<div class="top">${supplierBlock(inv, 'color:#0d9488')}<div class="rt"><div class="doc">INVOICE</div><div>Invoice #: ${esc(inv.invoiceNumber)}</div><div>Date: ${esc(inv.dateText)}</div>${otherDates(inv)}</div></div>
        ${itemsTable(
          inv,
          [
            { key: 'part', label: 'Item' },
            { key: 'desc', label: 'Description' },
            { key: 'ord', label: 'Ordered', right: true },
            { key: 'shp', label: 'Shipped', right: true },
            { key: 'net', label: 'Price', right: true },
            { key: 'ext', label: 'Ext', right: true },
          ],
          {},
          { zebra: true },
        )}
        ${totalsTable(inv, { subtotal: 'Subtotal', total: 'Total' }, { negative: 'minus' })}`,
        `body { font-family:'DejaVu Sans', sans-serif; } .top { display:flex; justify-content:space-between; } .sup .name { font-size:24px; font-weight:bold; } .rt { text-align:right; } .doc { font-size:26px; color:#0d9488; }
        .items { width:100%; margin-top:16px; } .items th { text-align:left; padding:6px; color:#0d9488; } .items th.r { text-align:right; } .items td { padding:5px 6px; } .z { background:#e6f4f2; }
        .totals { margin:10px 0 0 auto; } .totals td { padding:2px 8px; } .totals .total td { font-weight:bold; font-size:18px; }`,
      ),
  },
  {
    id: 'L11-recycler',
    title:
      'Recycler / salvage yard: stock tags with O/0 I/1 S/5, vehicle column, grade notes, warranty and core deposit rows',
    features: ['application', 'letter-digit', 'warranty', 'core', 'tax', 'no-label', 'date-ordinal'],
    catalog: 'recycler',
    dateFormat: 'MMMM do, yyyy',
    suppliers: ["Bob's Auto Salvage & Recycling", 'Interstate Used Auto Parts'],
    invoiceNumber: (rng) => `${rng.digits(5)}`,
    spec: spec('recycler', {
      charges: [warranty('table', 0.7), core('footer', 0.4)],
      taxRate: 7,
      taxLabel: 'Sales Tax',
    }),
    width: 980,
    html: (inv) =>
      page(
        `<div class="top">${supplierBlock(inv)}<div class="rt"><div class="doc">SALES INVOICE</div><div>No. ${esc(inv.invoiceNumber)}</div><div>${esc(inv.dateText)}</div></div></div>
        ${billTo(inv, 'Sold To')}
        ${itemsTable(inv, [
          { key: 'part', label: 'Stock #' },
          { key: 'desc', label: 'Part' },
          { key: 'app', label: 'Vehicle' },
          { key: 'note', label: 'Grade / Notes' },
          { key: 'qty', label: 'Qty', right: true },
          { key: 'net', label: 'Price', right: true },
          { key: 'ext', label: 'Amount', right: true },
        ])}
        ${totalsTable(inv, { subtotal: 'Subtotal', total: 'TOTAL' })}<div class="foot">All parts sold as-is unless warranty purchased. Signature: ____________</div>`,
        `body { font-family:'DejaVu Sans Condensed', 'DejaVu Sans', sans-serif; } .top { display:flex; justify-content:space-between; } .sup .name { font-size:22px; font-weight:bold; } .rt { text-align:right; } .doc { font-size:20px; font-weight:bold; }
        .items { width:100%; margin-top:14px; } .items th, .items td { border:1px solid #000; padding:4px 5px; } .items th { text-align:left; }
        .totals { margin:10px 0 0 auto; } .totals td { padding:2px 8px; border:1px solid #000; } .totals .total td { font-weight:bold; } .foot { margin-top:16px; font-size:12px; }`,
      ),
  },
  {
    id: 'L12-glass-shop',
    title: 'Glass shop: NAGS numbers with a space, vehicle column, disposal fee, short-year date',
    features: ['bordered', 'application', 'part-spaces', 'fee', 'tax', 'invoice-hash', 'date-M/d/yy'],
    catalog: 'glass',
    dateFormat: 'M/d/yy',
    suppliers: ['ClearView Auto Glass Supply', 'Pioneer Glass Distributors'],
    invoiceNumber: (rng) => `G${rng.digits(5)}`,
    spec: spec('glass', {
      discount: { p: 0.5, min: 10, max: 30 },
      maxQty: 3,
      charges: [hazmat('footer', 0.7), freight('footer', 0.4)],
      taxRate: 6.75,
      taxLabel: 'Tax 6.75%',
    }),
    width: 900,
    html: (inv) =>
      page(
        `<div class="top">${supplierBlock(inv, 'color:#1d4ed8')}<div class="rt"><b>Invoice #${esc(inv.invoiceNumber)}</b><div>Date ${esc(inv.dateText)}</div></div></div>${billTo(inv)}
        ${itemsTable(
          inv,
          [
            { key: 'part', label: 'NAGS #' },
            { key: 'desc', label: 'Description' },
            { key: 'app', label: 'Vehicle' },
            { key: 'qty', label: 'Qty', right: true },
            { key: 'net', label: 'Price', right: true },
            { key: 'ext', label: 'Total', right: true },
          ],
          { dollar: true },
        )}
        ${totalsTable(inv, { subtotal: 'Parts', total: 'Total' }, { dollar: true })}`,
        `.top { display:flex; justify-content:space-between; } .sup .name { font-size:24px; font-weight:bold; } .rt { text-align:right; }
        .items { width:100%; margin-top:14px; } .items th, .items td { border:1px solid #1d4ed8; padding:5px; } .items th { background:#dbeafe; text-align:left; }
        .totals { margin:10px 0 0 auto; } .totals td { padding:2px 8px; } .totals .total td { font-weight:bold; font-size:18px; }`,
      ),
  },
  {
    id: 'L13-dot-matrix-greenbar',
    title:
      'Dot-matrix on green-bar paper: monospace capitals, LN and QTY-UM columns, LIST/DSC%/NET, trailing-minus credits',
    features: [
      'monospace',
      'dot-matrix',
      'line-number',
      'qty-uom-before-part',
      'list-disc-net',
      'core',
      'credit',
      'freight',
      'tax',
      'inv-no',
      'date-dd-MMM-yy',
    ],
    catalog: 'gm',
    dateFormat: 'dd-MMM-yy',
    suppliers: ['GREAT LAKES PARTS WAREHOUSE', 'MIDSTATE AUTO PARTS DIST'],
    invoiceNumber: (rng) => `${rng.digits(6)}`,
    spec: spec('gm', {
      discount: { p: 0.8, min: 20, max: 40 },
      charges: [core('table', 0.5), credit('table', 0.7), freight('footer', 0.6)],
      taxRate: 6,
      taxLabel: 'SALES TAX',
    }),
    width: 980,
    html: (inv) => {
      const m: MoneyStyle = { negative: 'trailing', comma: false };
      const head = [
        inv.supplier.name,
        ...inv.supplier.lines.map((l) => l.toUpperCase()),
        `PHONE ${inv.supplier.phone}`,
        '',
        `INV NO ${inv.invoiceNumber}        INV DATE ${inv.dateText}        ACCT ${inv.account}`,
        `SOLD TO: ${inv.customer.toUpperCase()}        PO# ${inv.po}`,
        '',
      ];
      const table = matrixTable(
        inv,
        [
          { key: 'line', label: 'LN', w: 3, right: true },
          { key: 'qtyuom', label: 'QTY-UM', w: 7 },
          { key: 'part', label: 'PART NUMBER', w: 12 },
          { key: 'desc', label: 'DESCRIPTION', w: 26 },
          { key: 'list', label: 'LIST', w: 9, right: true },
          { key: 'disc', label: 'DSC%', w: 4, right: true },
          { key: 'net', label: 'NET', w: 9, right: true },
          { key: 'ext', label: 'EXTENDED', w: 10, right: true },
        ],
        m,
      );
      const totals = totalsRows(inv, { subtotal: 'SUBTOTAL', total: 'TOTAL INVOICE' }).map(
        ([l, c]) => `${fit(l.toUpperCase(), 70, true)} ${fit(money(c, m), 10, true)}`,
      );
      return page(
        `<pre>${esc([...head, ...table, '', ...totals].join('\n'))}</pre>`,
        `body { background: repeating-linear-gradient(#fff 0 36px, #dcefdc 36px 72px); } pre { font-family:'DejaVu Sans Mono', 'Liberation Mono', monospace; font-size:14px; line-height:18px; color:#2a2a2a; margin:0; text-shadow: 0.4px 0.3px 0 #555; }`,
      );
    },
  },
  {
    id: 'L14-dot-matrix-plain',
    title: 'Dot-matrix plain paper: ORD/SHP columns, capitals, INVOICE NO. label, short-year date',
    features: ['monospace', 'dot-matrix', 'qty-ordered-shipped', 'core', 'freight', 'tax', 'date-M/d/yy'],
    catalog: 'electrical',
    dateFormat: 'M/d/yy',
    suppliers: ['ACE REBUILDERS & ELECTRIC', 'SOUTHSIDE STARTER ALTERNATOR'],
    invoiceNumber: (rng) => `A-${rng.digits(5)}`,
    spec: spec('electrical', {
      shortShip: 0.2,
      maxQty: 2,
      charges: [core('table', 0.9), freight('footer', 0.5)],
      taxRate: 7,
      taxLabel: 'TAX',
    }),
    width: 900,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      const head = [
        `${inv.supplier.name}`,
        `${inv.supplier.lines.join('  ').toUpperCase()}  ${inv.supplier.phone}`,
        '',
        `INVOICE NO. ${inv.invoiceNumber}`,
        `DATE: ${inv.dateText}      CUST: ${inv.account}  ${inv.customer.toUpperCase()}`,
        '',
      ];
      const table = matrixTable(
        inv,
        [
          { key: 'ord', label: 'ORD', w: 3, right: true },
          { key: 'shp', label: 'SHP', w: 3, right: true },
          { key: 'part', label: 'PART NUMBER', w: 14 },
          { key: 'desc', label: 'DESCRIPTION', w: 24 },
          { key: 'net', label: 'UNIT PRICE', w: 10, right: true },
          { key: 'ext', label: 'AMOUNT', w: 10, right: true },
        ],
        m,
      );
      const totals = totalsRows(inv, { subtotal: 'SUBTOTAL', total: 'PLEASE PAY' }).map(
        ([l, c]) => `${fit(`${l.toUpperCase()}:`, 56, true)} ${fit(money(c, m), 11, true)}`,
      );
      return page(
        `<pre>${esc([...head, ...table, '', ...totals].join('\n'))}</pre>`,
        `pre { font-family:'Liberation Mono', monospace; font-size:15px; line-height:20px; margin:0; color:#1a1a40; letter-spacing:0.5px; }`,
      );
    },
  },
  {
    id: 'L15-electrical-cores',
    title:
      'Electrical and cooling supplier: # column, application, core charges and battery deposits per part, ISO date',
    features: ['line-number', 'application', 'core', 'deposit', 'tax', 'invoice-hash'],
    catalog: 'electrical',
    dateFormat: 'yyyy-MM-dd',
    suppliers: ['PowerLine Electrical Supply', 'Cooling & Charging Wholesale'],
    invoiceNumber: (rng) => `E${rng.digits(6)}`,
    spec: spec('electrical', {
      discount: { p: 0.4, min: 5, max: 15 },
      maxQty: 2,
      charges: [core('table', 0.9), deposit('table', 0.5), credit('footer', 0.4), other('footer', 0.5)],
      taxRate: 8,
      taxLabel: 'Sales Tax 8%',
    }),
    width: 980,
    html: (inv) =>
      page(
        `<div class="top">${supplierBlock(inv)}<div class="rt"><div class="doc">INVOICE</div><table class="kv"><tr><td>Invoice #</td><td>${esc(inv.invoiceNumber)}</td></tr><tr><td>Date</td><td>${esc(inv.dateText)}</td></tr><tr><td>Account</td><td>${esc(inv.account)}</td></tr></table></div></div>
        ${itemsTable(inv, [
          { key: 'line', label: '#' },
          { key: 'qty', label: 'Qty', right: true },
          { key: 'part', label: 'Part No.' },
          { key: 'desc', label: 'Description' },
          { key: 'app', label: 'Application' },
          { key: 'net', label: 'Unit', right: true },
          { key: 'ext', label: 'Amount', right: true },
        ])}
        ${totalsTable(inv, { subtotal: 'Subtotal', total: 'Total Amount' })}`,
        `.top { display:flex; justify-content:space-between; } .sup .name { font-size:22px; font-weight:bold; } .rt { text-align:right; } .doc { font-size:26px; font-weight:bold; }
        .kv td { padding:1px 6px; text-align:left; } .items { width:100%; margin-top:16px; } .items th { border-bottom:2px solid #333; border-top:2px solid #333; padding:5px; text-align:left; }
        .items th.r { text-align:right; } .items td { padding:4px 5px; } .totals { margin:10px 0 0 auto; } .totals td { padding:2px 8px; } .totals .total td { font-weight:bold; font-size:18px; border-top:2px solid #333; }`,
      ),
  },
  {
    id: 'L16-fasteners-dense',
    title:
      'Fastener and clip supplier: dense 12 px borderless rows, quantity with unit (BX/PK) first, many rows',
    features: [
      'dense-12px',
      'borderless',
      'qty-uom-before-part',
      'part-slashes',
      'letter-digit',
      'freight',
      'tax',
      'invoice-hash',
      'many-rows',
    ],
    catalog: 'fasteners',
    dateFormat: 'd MMM yyyy',
    suppliers: ['Ridgeline Clip & Fastener Co.', 'Metro Body Hardware Inc.'],
    invoiceNumber: (rng) => `${rng.digits(7)}`,
    spec: spec('fasteners', {
      maxQty: 12,
      charges: [freight('footer', 0.7)],
      taxRate: 5,
      taxLabel: 'Tax 5%',
    }),
    width: 860,
    html: (inv) =>
      page(
        `<div class="top">${supplierBlock(inv)}<div class="rt"><b>Invoice # ${esc(inv.invoiceNumber)}</b><div>Invoice date: ${esc(inv.dateText)}</div>${otherDates(inv)}<div>Your PO: ${esc(inv.po)}</div></div></div>
        ${itemsTable(inv, [
          { key: 'qtyuom', label: 'Qty/Unit' },
          { key: 'part', label: 'Item Number' },
          { key: 'desc', label: 'Description' },
          { key: 'net', label: 'Unit Price', right: true },
          { key: 'ext', label: 'Line Total', right: true },
        ])}
        ${totalsTable(inv, { subtotal: 'Subtotal', total: 'Invoice Total' })}`,
        `body { font-size:12px; padding:18px 22px; } .top { display:flex; justify-content:space-between; } .sup .name { font-size:16px; font-weight:bold; } .rt { text-align:right; }
        .items { width:100%; margin-top:10px; } .items th { text-align:left; padding:2px 4px; border-bottom:1px solid #000; } .items th.r { text-align:right; } .items td { padding:1px 4px; }
        .totals { margin:6px 0 0 auto; } .totals td { padding:1px 6px; } .totals .total td { font-weight:bold; }`,
      ),
  },
  {
    id: 'L17-modern-saas',
    title:
      'Modern web-billing invoice: label-above-value header stack, Item/Rate/Amount, discount row, ordinal date',
    features: ['label-above-value', 'borderless', 'discount', 'tax', 'date-ordinal'],
    catalog: 'aftermarket',
    dateFormat: 'MMMM do, yyyy',
    suppliers: ['Summit Collision Supply', 'Bumper2Bumper Online Parts'],
    invoiceNumber: (rng) => `${rng.int(10000, 99999)}`,
    spec: spec('aftermarket', {
      discount: { p: 0, min: 0, max: 0 },
      charges: [discount('footer', 0.8), freight('footer', 0.4)],
      taxRate: 6.35,
      taxLabel: 'Tax (6.35%)',
    }),
    width: 900,
    html: (inv) =>
      page(
        `<div class="top"><div class="name">${esc(inv.supplier.name)}</div><div class="stack"><div class="l">INVOICE NUMBER</div><div class="v">${esc(inv.invoiceNumber)}</div><div class="l">DATE OF ISSUE</div><div class="v">${esc(inv.dateText)}</div></div></div>
        <div class="grey">${esc(inv.supplier.lines.join(', '))} · ${esc(inv.supplier.phone)}</div>
        ${itemsTable(
          inv,
          [
            { key: 'part', label: 'Item' },
            { key: 'desc', label: 'Description' },
            { key: 'qty', label: 'Qty', right: true },
            { key: 'net', label: 'Rate', right: true },
            { key: 'ext', label: 'Amount', right: true },
          ],
          { dollar: true },
        )}
        ${totalsTable(inv, { subtotal: 'Subtotal', total: 'Amount due' }, { dollar: true })}`,
        `body { font-family:'DejaVu Sans', sans-serif; font-size:14px; color:#222; } .top { display:flex; justify-content:space-between; } .name { font-size:26px; font-weight:bold; }
        .stack { text-align:right; } .stack .l { font-size:10px; color:#777; letter-spacing:1px; } .stack .v { font-size:16px; margin-bottom:6px; } .grey { color:#666; }
        .items { width:100%; margin-top:24px; } .items th { color:#777; font-weight:normal; font-size:12px; text-align:left; padding:6px; border-bottom:1px solid #eee; } .items th.r { text-align:right; }
        .items td { padding:8px 6px; border-bottom:1px solid #f0f0f0; } .totals { margin:14px 0 0 auto; } .totals td { padding:3px 8px; } .totals .total td { font-weight:bold; font-size:20px; }`,
      ),
  },
  {
    id: 'L18-euro-dealer',
    title:
      'European dealer: Pos column, spaced part numbers (5G0 807 217 GRU), Disc % and Net, label-above-value boxes, slashed ISO date',
    features: [
      'line-number',
      'label-above-value',
      'part-spaces',
      'letter-digit',
      'list-disc-net',
      'freight',
      'tax',
      'date-yyyy/MM/dd',
      'bordered',
    ],
    catalog: 'euro',
    dateFormat: 'yyyy/MM/dd',
    suppliers: ['Autohaus Parts Distribution', 'Lindgren VW Audi Parts'],
    invoiceNumber: (rng) => `RE${rng.digits(8)}`,
    spec: spec('euro', {
      discount: { p: 0.9, min: 15, max: 30 },
      charges: [freight('footer', 0.5), hazmat('footer', 0.3)],
      taxRate: 6,
      taxLabel: 'Sales Tax 6%',
    }),
    width: 1000,
    html: (inv) =>
      page(
        `<div class="top">${supplierBlock(inv)}${boxes([
          ['Invoice No.', inv.invoiceNumber],
          ['Date', inv.dateText],
          ['Customer', inv.account],
        ])}</div>
        ${itemsTable(
          inv,
          [
            { key: 'line', label: 'Pos' },
            { key: 'part', label: 'Part No.' },
            { key: 'desc', label: 'Description' },
            { key: 'qty', label: 'Qty', right: true },
            { key: 'list', label: 'Unit List', right: true },
            { key: 'disc', label: 'Disc %', right: true },
            { key: 'net', label: 'Net', right: true },
            { key: 'ext', label: 'Total', right: true },
          ],
          { disc: 'pct' },
        )}
        ${totalsTable(inv, { subtotal: 'Net Total', total: 'Invoice Amount' })}`,
        `.top { display:flex; justify-content:space-between; align-items:flex-start; } .sup .name { font-size:22px; font-weight:bold; }
        .boxes th, .boxes td { border:1px solid #444; padding:3px 10px; text-align:left; } .boxes th { font-size:11px; background:#f2f2f2; }
        .items { width:100%; margin-top:18px; } .items th, .items td { border:1px solid #888; padding:4px 6px; } .items th { text-align:left; background:#333; color:#fff; }
        .totals { margin:10px 0 0 auto; } .totals td { padding:2px 8px; } .totals .total td { font-weight:bold; font-size:18px; border-top:2px solid #000; }`,
      ),
  },
];

/** A supplier's address block for an invoice. */
export function supplierAddress(rng: Rng): { lines: string[]; phone: string } {
  return { lines: [rng.pick(STREETS), rng.pick(TOWNS)], phone: phone(rng) };
}
export { CUSTOMERS };

/**
 * An invoice of `layout` (id `id`, `rows` part lines) dated `dateIso` with its `otherDates`: a drawn address, then the
 * layout's rows and charges, then one of its supplier names, a customer, its number, a PO and an account, drawn from
 * `rng` in that order; and the layout's finish, if it has one. Shared by generate.ts (makeInvoice) and
 * layouts-random.ts, so the committed sets and the random layouts draw alike.
 */
export function drawInvoice(rng: Rng, layout: Layout, id: string, rows: number, dateIso: string, otherDates: Invoice['otherDates']): Invoice {
  const address = supplierAddress(rng);
  const built = buildInvoice(rng, layout.spec(rng, rows), {
    id,
    layout: layout.id,
    supplier: { name: rng.pick(layout.suppliers), ...address },
    customer: rng.pick(CUSTOMERS),
    invoiceNumber: layout.invoiceNumber(rng),
    dateIso,
    dateText: formatDate(dateIso, layout.dateFormat),
    otherDates,
    po: `${rng.pick(['RO', 'PO', ''])}${rng.digits(5)}`,
    account: `${rng.digits(4)}${rng.pick(['', '-01', 'C'])}`,
  });
  // Only the ninth set's layouts and the random layouts have a finish: the other sets draw nothing more.
  return layout.finish ? layout.finish(built, rng) : built;
}

/** Helpers shared with the extra tuning layouts (layouts-extra.ts). */
export { billTo, boxes, core, credit, deposit, discount, freight, hazmat, other, otherDates, spec, supplierBlock, warranty };
