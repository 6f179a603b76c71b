/**
 * Six more supplier layouts (L61–L66) for the EIGHTH extra tuning set (tests/fixtures/invoices-dev-extra8, made by
 * `generate.ts --extra8`). Designed, independently of the seventh (check) set, to differ from L01–L54 chiefly in the
 * words and order of the parts table's column heads, as each supplier's own system prints them: a Toyota dealer's
 * wholesale invoice (Ln / Part Number / Description / Ord / Ship / Bkord / List / Your Cost / Ext. Price) whose head row
 * is printed ONCE, on page one only; a Chrysler/Jeep dealer with the quantity first and the brand's LINE CODE in its own
 * column (Qty / Mfr / Mfr Part / Description / Sell / Line Amt); a Kia dealer's web invoice with TWO-LINE items (item
 * code on one line, the description under it) and the quantity and unit in one cell ("2 EA"); an automotive paint
 * store (Stk# / Product / Size / Qty / Price / Amount) with mixing-fee rows and its totals block INSIDE the table, right
 * under the rows ("Merchandise"); an abrasives and masking distributor (Item Code / Product / Ship / UM / Each / Ext)
 * with a fuel surcharge and a volume rebate; a used-parts broker's emailed invoice whose table has NO head row at all.
 * Six date formats not printed before (model.ts EXTRA8_DATE_FORMATS). All tuning: nothing here is held out, and the
 * other sets are not affected by this file.
 */
import { cellText, esc, page, tableRows, type MoneyStyle, type TableRow } from './html';
import { core, discount, freight, hazmat, spec, type Layout } from './layouts';
import { otherNumber, std, table } from './layouts-extra3';
import { money, type Invoice, type InvoiceSpec } from './model';

type ChargeOpt = InvoiceSpec['charges'][number];

/** The supplier's address lines, escaped, one per line. */
export const addressLines = (inv: Invoice) => inv.supplier.lines.map(esc).join('<br>');

/** The footer charges of an invoice as [label, cents] pairs. */
export const footer = (inv: Invoice) =>
  inv.charges.filter((c) => c.placement === 'footer').map((c) => [c.description, c.qty * c.unit] as [string, number]);

/** Right-aligned totals table (class `tot`). */
export const totBlock = (rows: [string, number][], total: [string, number], m: MoneyStyle) =>
  `<table class="tot">${rows.map(([l, c]) => `<tr><td>${esc(l)}</td><td class="r">${esc(money(c, m))}</td></tr>`).join('')}<tr class="total"><td>${esc(total[0])}</td><td class="r">${esc(money(total[1], { ...m, dollar: true }))}</td></tr></table>`;

/** A paint store's mixing fee, charged per container on the line after the colour it was mixed for. */
const mixFee = (p: number): ChargeOpt => ({
  kind: 'fee',
  text: ['Mixing fee', 'Tint / mixing charge'],
  code: 'MIXFEE',
  min: 300,
  max: 900,
  placement: 'table',
  p,
  perPart: true,
});

export const EXTRA8_LAYOUTS: Layout[] = [
  {
    id: 'L61-toyota-whs-bkord',
    title:
      'Toyota dealer wholesale parts department: Ln / Part Number / Description / Ord / Ship / Bkord / List / Your Cost / Ext. Price — ordered, shipped and back-ordered quantities side by side, the list price and the shop\'s cost — the head row printed ONCE at the top of the table (a long invoice runs onto page two with no head row there), radiator core charges in the table, "Parts Total" / "Delivery" / tax / "Invoice Total" below, a wholesale "WHSL" account box, MMM. dd, yyyy dates (Nov. 03, 2026)',
    features: [
      'ord-ship-bkord',
      'your-cost',
      'ext-price',
      'list-net',
      'header-first-page-only',
      'line-numbers',
      'core',
      'freight',
      'tax',
      'date-MMM.-dd-yyyy',
    ],
    catalog: 'toyotawhs',
    dateFormat: 'MMM. dd, yyyy',
    suppliers: ['Bayview Toyota Wholesale Parts', 'Tri-County Toyota Parts Distribution'],
    invoiceNumber: (rng) => `WP${rng.digits(6)}`,
    spec: spec('toyotawhs', {
      discount: { p: 0.85, min: 18, max: 32 },
      shortShip: 0.2,
      maxQty: 6,
      charges: [{ ...core('table', 0.35), text: ['CORE CHARGE - RADIATOR', 'CORE CHARGE'] }, { ...freight('footer', 0.55), text: ['Delivery', 'Hot shot delivery'] }],
      taxRate: 7,
      taxLabel: 'Sales Tax 7.000%',
    }),
    width: 1000,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      const heads = ['Ln', 'Part Number', 'Description', 'Ord', 'Ship', 'Bkord', 'List', 'Your Cost', 'Ext. Price'];
      const right = [false, false, false, true, true, true, true, true, true];
      const body = tableRows(inv)
        .map((row) => {
          const cells = [
            String(row.n),
            cellText(row, 'part', m),
            cellText(row, 'desc', m),
            cellText(row, 'ord', m),
            cellText(row, 'shp', m),
            cellText(row, 'bo', m),
            row.part ? cellText(row, 'list', m) : '',
            cellText(row, 'net', m),
            cellText(row, 'ext', m),
          ];
          return `<tr>${cells.map((c, i) => `<td class="${right[i] ? 'r' : ''}">${esc(c)}</td>`).join('')}</tr>`;
        })
        .join('');
      // No <thead>: the head row is the table's first row, so a printer does not repeat it on page two.
      const headRow = `<tr class="h">${heads.map((h, i) => `<th class="${right[i] ? 'r' : ''}">${esc(h)}</th>`).join('')}</tr>`;
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv)}<br>Wholesale Parts ${esc(inv.supplier.phone)}</div>
        <div class="box"><div class="doc">WHOLESALE PARTS INVOICE</div><table><tr><td>Invoice</td><td><b>${esc(inv.invoiceNumber)}</b></td></tr><tr><td>Date</td><td>${esc(inv.dateText)}</td></tr><tr><td>WHSL Acct</td><td>${esc(inv.account)}</td></tr><tr><td>Cust PO</td><td>${esc(inv.po)}</td></tr></table></div></div>
        <div class="bill"><b>Sold To:</b> ${esc(inv.customer)}, 812 Oak Street &nbsp; · &nbsp; <b>Ship Via:</b> Our truck &nbsp; · &nbsp; <b>Salesperson:</b> 22 MORALES</div>
        <table class="items"><tbody>${headRow}${body}</tbody></table>
        ${totBlock([['Parts Total', inv.subtotal], ...footer(inv), [inv.taxLabel, inv.tax]], ['Invoice Total', inv.total], m)}
        <p class="foot">Back-ordered parts ship when received and are billed on a separate invoice. Returns within 30 days, in original packaging, with this invoice. Electrical parts are not returnable.</p>`,
        `body { font-size:13px; } .top { display:flex; justify-content:space-between; align-items:flex-start; } .sup { font-size:12px; } .sup .name { font-size:22px; font-weight:bold; color:#c00; }
        .box { border:1px solid #333; padding:6px 10px; } .box .doc { font-weight:bold; font-size:14px; margin-bottom:4px; } .box td { padding:1px 6px 1px 0; }
        .bill { margin:12px 0 8px; } .items { width:100%; } .items th { border-top:2px solid #333; border-bottom:2px solid #333; padding:4px 5px; text-align:left; font-size:12px; } .items th.r { text-align:right; }
        .items td { padding:3px 5px; border-bottom:1px dotted #bbb; } .items td:nth-child(2) { white-space:nowrap; } .tot { margin:10px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:15px; border-top:2px solid #333; }
        .foot { font-size:11px; margin-top:12px; color:#444; }`,
      );
    },
  },
  {
    id: 'L62-mopar-mfr-linecode',
    title:
      'Chrysler/Jeep/Ram dealer wholesale counter printed by the dealer system: columns Qty / Mfr / Mfr Part / Description / Sell / Line Amt — the quantity FIRST, the brand\'s line code in its own column (MOP, OMX, RUG) before Mopar numbers with their suffix (68402070AB, 5XV01TZZAA) and aftermarket ones with a dot (12035.15) — a dark head band, hazmat fee rows in the table (code HAZ, no line code), "Merchandise" / freight / tax / "Total Due", dd/MMM/yyyy dates in capitals (03/NOV/2026)',
    features: [
      'qty-first',
      'line-code-column',
      'mfr-part',
      'sell',
      'line-amt',
      'mopar-suffix',
      'dotted-part-numbers',
      'fee',
      'freight',
      'tax',
      'date-dd/MMM/yyyy',
    ],
    catalog: 'moparws',
    dateFormat: 'dd/MMM/yyyy',
    suppliers: ['Ridgeline Chrysler Dodge Jeep Ram', 'Capitol CDJR Wholesale Parts'],
    invoiceNumber: (rng) => `${rng.int(1, 9)}${rng.digits(5)}`,
    spec: spec('moparws', {
      discount: { p: 0.8, min: 15, max: 30 },
      maxQty: 4,
      charges: [{ ...hazmat('table', 0.4), text: ['HAZ MAT FEE', 'HAZARDOUS MATERIAL FEE'] }, freight('footer', 0.5)],
      taxRate: 6.25,
      taxLabel: 'Tax 6.25%',
    }),
    width: 940,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      return page(
        `<div class="top"><div><div class="name">${esc(inv.supplier.name)}</div><div class="sub">PARTS DEPARTMENT · ${addressLines(inv)} · ${esc(inv.supplier.phone)}</div></div>
        <div class="inv">INVOICE <b>${esc(inv.invoiceNumber)}</b><br>DATE ${esc(inv.dateText)}</div></div>
        <table class="hdr"><tr><td>CUSTOMER</td><td>${esc(inv.customer.toUpperCase())}</td><td>ACCT</td><td>${esc(inv.account)}</td><td>PO</td><td>${esc(inv.po)}</td><td>TERMS</td><td>NET 10TH</td></tr></table>
        ${table(inv, [
          std('Qty', 'qty', m, true),
          { head: 'Mfr', cell: (row: TableRow) => esc(row.part ? (row.part.note ?? '') : '') },
          std('Mfr Part', 'part', m),
          std('Description', 'desc', m),
          std('Sell', 'net', m, true),
          std('Line Amt', 'ext', m, true),
        ])}
        ${totBlock([['Merchandise', inv.subtotal], ...footer(inv), [inv.taxLabel, inv.tax]], ['Total Due', inv.total], m)}
        <p class="foot">Thank you for choosing Mopar. Special order parts are non-returnable. A 20% restocking fee applies to returns without this invoice.</p>`,
        `body { font-size:13px; font-family:'DejaVu Sans', sans-serif; } .top { display:flex; justify-content:space-between; align-items:flex-end; border-bottom:3px solid #1f2937; padding-bottom:6px; }
        .name { font-size:21px; font-weight:bold; letter-spacing:0.5px; } .sub { font-size:11px; color:#333; } .inv { text-align:right; font-size:14px; }
        .hdr { width:100%; margin:10px 0; font-size:12px; } .hdr td { padding:3px 4px; border:1px solid #9ca3af; } .hdr td:nth-child(odd) { background:#f3f4f6; font-size:10px; }
        .items { width:100%; } .items th { background:#1f2937; color:#fff; padding:5px 6px; text-align:left; } .items th.r { text-align:right; }
        .items td { padding:4px 6px; border-bottom:1px solid #e5e7eb; } .tot { margin:10px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:15px; border-top:2px solid #1f2937; }
        .foot { font-size:10px; margin-top:14px; color:#555; }`,
      );
    },
  },
  {
    id: 'L63-kia-two-line-qty-ea',
    title:
      'Kia dealer parts invoice from a web-based dealer system: TWO-LINE items — the item code in bold on one line and the description under it in the same cell, head "Item Code / Description" — then Qty as quantity and unit in ONE cell ("2 EA"), List, Disc %, Unit Price (the net), Amount; Kia descriptions with hyphens and commas (COVER-FRONT BUMPER, LAMP ASSY-HEAD,LH), a 10-digit bolt number, hazmat rows in the table, "Parts" / delivery / tax / "Amount Due" in a shaded box, weekday dates with a short month (Tuesday, Nov 3, 2026)',
    features: [
      'two-line-items',
      'code-over-description',
      'qty-uom-one-cell',
      'disc-pct',
      'hyphen-descriptions',
      'fee',
      'freight',
      'tax',
      'date-EEEE-MMM-d-yyyy',
    ],
    catalog: 'kia',
    dateFormat: 'EEEE, MMM d, yyyy',
    suppliers: ['Lakeview Kia Parts Center', 'Northgate Kia'],
    invoiceNumber: (rng) => `KP-${rng.digits(6)}`,
    spec: spec('kia', {
      discount: { p: 0.6, min: 10, max: 25 },
      maxQty: 4,
      charges: [{ ...hazmat('table', 0.35), text: ['HAZMAT FEE', 'ENVIRONMENTAL FEE'], code: 'HAZMAT' }, { ...freight('footer', 0.5), text: ['Delivery charge', 'Delivery'] }],
      taxRate: 8,
      taxLabel: 'Sales Tax (8%)',
    }),
    width: 900,
    html: (inv) => {
      const m: MoneyStyle = { comma: true, disc: 'pct' };
      const body = tableRows(inv)
        .map(
          (row) =>
            `<tr><td class="code"><b>${esc(cellText(row, 'part', m))}</b><div class="d">${esc(cellText(row, 'desc', m))}</div></td><td class="r">${esc(cellText(row, 'qtyuom', m))}</td><td class="r">${esc(row.part ? money(row.part.list, m) : '')}</td><td class="r">${row.part && row.part.discountPct ? esc(cellText(row, 'disc', m)) : ''}</td><td class="r">${esc(cellText(row, 'net', m))}</td><td class="r">${esc(cellText(row, 'ext', m))}</td></tr>`,
        )
        .join('');
      const rows: [string, number][] = [['Parts', inv.subtotal], ...footer(inv), [inv.taxLabel, inv.tax]];
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv)}<br>Parts Direct ${esc(inv.supplier.phone)}</div>
        <div class="meta"><div class="doc">Parts Invoice</div><div>Invoice # ${esc(inv.invoiceNumber)}</div><div>${esc(inv.dateText)}</div><div>Customer # ${esc(inv.account)}</div><div>Reference ${esc(inv.po)}</div></div></div>
        <div class="bill">Bill to <b>${esc(inv.customer)}</b> · 812 Oak Street</div>
        <table class="items"><thead><tr><th>Item Code / Description</th><th class="r">Qty</th><th class="r">List</th><th class="r">Disc %</th><th class="r">Unit Price</th><th class="r">Amount</th></tr></thead><tbody>${body}</tbody></table>
        <div class="sum"><table>${rows.map(([l, c]) => `<tr><td>${esc(l)}</td><td class="r">${esc(money(c, m))}</td></tr>`).join('')}<tr class="t"><td>Amount Due</td><td class="r">${esc(money(inv.total, { ...m, dollar: true }))}</td></tr></table></div>
        <p class="foot">Unit Price is after your discount. Questions about this invoice? Reply to the e-mail it came with.</p>`,
        `body { font-size:13px; color:#1a1a1a; } .top { display:flex; justify-content:space-between; align-items:flex-start; } .sup { font-size:12px; color:#444; } .sup .name { font-size:22px; font-weight:bold; color:#05141f; }
        .meta { text-align:right; font-size:13px; } .meta .doc { font-size:20px; color:#bb162b; font-weight:bold; } .bill { margin:14px 0 8px; }
        .items { width:100%; } .items th { font-size:12px; color:#555; font-weight:normal; text-transform:uppercase; border-bottom:2px solid #05141f; padding:5px 6px; text-align:left; } .items th.r { text-align:right; }
        .items td { padding:6px 6px; border-bottom:1px solid #e3e3e3; vertical-align:top; } .items .d { font-size:12px; color:#444; margin-top:2px; }
        .sum { display:flex; justify-content:flex-end; margin-top:10px; } .sum table { background:#f2f4f5; } .sum td { padding:3px 10px; } .sum .t td { font-weight:bold; font-size:15px; border-top:1px solid #05141f; }
        .foot { font-size:11px; color:#666; margin-top:14px; }`,
      );
    },
  },
  {
    id: 'L64-paint-store-totals-in-table',
    title:
      'Automotive paint store point-of-sale invoice: Stk# / Product / Size / Qty / Price / Amount, colour mixed to code sold by the quart, pint or gallon (MIX-BC-QT), a "Mixing fee" row per container under the colour it was mixed for, the totals block INSIDE the table right under the rows ("Merchandise" / PaintCare fee / tax / "TOTAL" in the Price and Amount columns), the colour code and formula on a ticket strip above, dd-MMM-yyyy dates (03-Nov-2026)',
    features: [
      'stk-hash',
      'product-head',
      'size-column',
      'mixing-fee-rows',
      'totals-in-table',
      'merchandise-label',
      'fee',
      'tax',
      'date-dd-MMM-yyyy',
    ],
    catalog: 'paintstore',
    dateFormat: 'dd-MMM-yyyy',
    suppliers: ['Rainbow Auto Paint Supply', 'Custom Color Automotive Paints'],
    invoiceNumber: (rng) => `${rng.int(1, 4)}-${rng.digits(6)}`,
    spec: spec('paintstore', {
      maxQty: 3,
      charges: [mixFee(0.6), { ...hazmat('footer', 0.6), text: ['PaintCare fee', 'Paint stewardship fee'] }],
      taxRate: 6.75,
      taxLabel: 'Sales Tax 6.75%',
    }),
    width: 860,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      const body = tableRows(inv)
        .map(
          (row) =>
            `<tr${row.charge ? ' class="fee"' : ''}><td>${esc(cellText(row, 'part', m))}</td><td>${esc(cellText(row, 'desc', m))}</td><td>${esc(row.part ? row.part.uom : '')}</td><td class="r">${esc(cellText(row, 'qty', m))}</td><td class="r">${esc(cellText(row, 'net', m))}</td><td class="r">${esc(cellText(row, 'ext', m))}</td></tr>`,
        )
        .join('');
      const sums: [string, number][] = [['Merchandise', inv.subtotal], ...footer(inv), [inv.taxLabel, inv.tax]];
      const sumRows = sums
        .map(([l, c], i) => `<tr class="s${i === 0 ? ' first' : ''}"><td colspan="4"></td><td class="r">${esc(l)}</td><td class="r">${esc(money(c, m))}</td></tr>`)
        .join('');
      const code = `${otherNumber(inv.invoiceNumber, 1)}${['WA', 'NH', 'PX', 'G1'][Number(otherNumber(inv.po, 1)) % 4]}${otherNumber(inv.po, 3)}`;
      return page(
        `<div class="head"><div class="name">${esc(inv.supplier.name)}</div><div class="sub">${addressLines(inv)} · ${esc(inv.supplier.phone)}</div></div>
        <table class="meta"><tr><td>Invoice: <b>${esc(inv.invoiceNumber)}</b></td><td>Date: ${esc(inv.dateText)}</td><td>Acct: ${esc(inv.account)}</td><td>PO: ${esc(inv.po)}</td></tr>
        <tr><td colspan="2">Sold to: ${esc(inv.customer)}</td><td colspan="2">Clerk: JM · Station 2</td></tr></table>
        <div class="strip">Colour code ${esc(code)} · variant 2 · mixed on scale #1 · formula ${otherNumber(inv.invoiceNumber, 6)}</div>
        <table class="items"><thead><tr><th>Stk#</th><th>Product</th><th>Size</th><th class="r">Qty</th><th class="r">Price</th><th class="r">Amount</th></tr></thead><tbody>${body}${sumRows}
        <tr class="t"><td colspan="4"></td><td class="r">TOTAL</td><td class="r">${esc(money(inv.total, { ...m, dollar: true }))}</td></tr></tbody></table>
        <p class="foot">Custom-mixed colours cannot be returned. Check your colour on a spray-out card before you paint the job.</p>`,
        `body { font-size:13px; } .head { text-align:center; border-bottom:2px solid #0f766e; padding-bottom:6px; } .name { font-size:23px; font-weight:bold; color:#0f766e; } .sub { font-size:12px; }
        .meta { width:100%; margin:8px 0; } .meta td { padding:2px 4px; } .strip { background:#ecfdf5; border:1px dashed #0f766e; padding:4px 8px; font-size:12px; margin-bottom:8px; }
        .items { width:100%; } .items th { border-bottom:1.5px solid #0f766e; padding:4px 6px; text-align:left; } .items th.r { text-align:right; }
        .items td { padding:3px 6px; } .items tr.fee td { color:#555; font-style:italic; } .items tr.s.first td { border-top:1.5px solid #0f766e; padding-top:6px; }
        .items tr.t td { font-weight:bold; font-size:15px; border-top:1px solid #0f766e; } .foot { font-size:11px; margin-top:16px; text-align:center; color:#555; }`,
      );
    },
  },
  {
    id: 'L65-abrasives-item-code-ship',
    title:
      'Abrasives and masking distributor: Item Code / Product / Ship / UM / Each / Ext — the part number headed "Item Code", the description headed "Product", the shipped quantity headed "Ship" AFTER the description, units of a box, roll or pack (BX, RL, PK), maker-prefixed codes (3M-06292, MIR-AE-6-400), a fuel surcharge and freight below, a volume rebate as a negative with a trailing minus (12.50-), totals "Sub-Total" / … / "Balance Due", a route and driver line, M.d.yy dates (11.3.26)',
    features: [
      'item-code',
      'product-head-is-description',
      'ship-after-description',
      'uom-column',
      'trailing-minus',
      'fuel-surcharge',
      'discount',
      'freight',
      'tax',
      'date-M.d.yy',
    ],
    catalog: 'abrasives',
    dateFormat: 'M.d.yy',
    suppliers: ['Allied Abrasives & Masking', 'ProCoat Body Shop Supply Co.'],
    invoiceNumber: (rng) => `SI-${rng.int(10, 99)}${rng.digits(4)}`,
    spec: spec('abrasives', {
      maxQty: 8,
      charges: [
        { kind: 'fee', text: ['Fuel surcharge', 'Fuel & energy surcharge'], code: 'FUEL', min: 295, max: 995, placement: 'footer', p: 0.5 },
        freight('footer', 0.35),
        { ...discount('footer', 0.4), text: ['Volume rebate', 'Loyalty rebate'] },
      ],
      taxRate: 5.5,
      taxLabel: 'Sales Tax 5.5%',
    }),
    width: 880,
    html: (inv) => {
      const m: MoneyStyle = { comma: true, negative: 'trailing' };
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv)}<br>Orders: ${esc(inv.supplier.phone)}</div>
        <table class="meta"><tr><th colspan="2">INVOICE</th></tr><tr><td>Number</td><td>${esc(inv.invoiceNumber)}</td></tr><tr><td>Date</td><td>${esc(inv.dateText)}</td></tr><tr><td>Customer</td><td>${esc(inv.account)}</td></tr><tr><td>Your Order</td><td>${esc(inv.po)}</td></tr></table></div>
        <div class="bill"><b>Ship To:</b> ${esc(inv.customer)} &nbsp; <b>Route:</b> ${otherNumber(inv.invoiceNumber, 2)} &nbsp; <b>Driver:</b> Luis</div>
        ${table(
          inv,
          [
            std('Item Code', 'part', m),
            std('Product', 'desc', m),
            std('Ship', 'shp', m, true),
            std('UM', 'uom', m),
            std('Each', 'net', m, true),
            std('Ext', 'ext', m, true),
          ],
          { zebra: true },
        )}
        ${totBlock([['Sub-Total', inv.subtotal], ...footer(inv), [inv.taxLabel, inv.tax]], ['Balance Due', inv.total], m)}
        <p class="foot">Terms: 2% 10th, net 30. Claims for shortages must be made within 5 days of delivery.</p>`,
        `body { font-size:13px; } .top { display:flex; justify-content:space-between; align-items:flex-start; } .sup { font-size:12px; } .sup .name { font-size:21px; font-weight:bold; color:#1d4ed8; }
        .meta { border:1px solid #1d4ed8; font-size:12px; } .meta th { background:#1d4ed8; color:#fff; padding:3px 8px; } .meta td { padding:2px 8px; }
        .bill { margin:12px 0 8px; } .items { width:100%; border:1px solid #94a3b8; } .items th { background:#dbeafe; padding:4px 6px; text-align:left; border-bottom:1px solid #94a3b8; } .items th.r { text-align:right; }
        .items td { padding:4px 6px; } .items tr.z td { background:#f1f5f9; } .tot { margin:10px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:15px; border-top:2px solid #1d4ed8; }
        .foot { font-size:11px; margin-top:14px; color:#555; }`,
      );
    },
  },
  {
    id: 'L66-broker-email-no-head',
    title:
      'Used-parts broker\'s invoice sent as an e-mail: the message head (From / To / Subject), a short greeting, then the parts in a table with NO head row at all — stock number (UP26-04817), part, donor vehicle, grade, "x1" quantity and price on each row — the shipping row inside the list, a card fee, tax and total as plain lines under it, a signature block; dates as a web app prints them (Tue Nov 03 2026)',
    features: [
      'no-header-row',
      'email-invoice',
      'stock-numbers',
      'vehicle-column',
      'grade-column',
      'qty-x-prefix',
      'freight',
      'fee',
      'tax',
      'date-EEE-MMM-dd-yyyy',
    ],
    catalog: 'broker',
    dateFormat: 'EEE MMM dd yyyy',
    suppliers: ['PartsLink Brokerage LLC', 'Interstate Used Parts Network'],
    invoiceNumber: (rng) => `INV-${rng.int(2, 9)}${rng.digits(3)}`,
    spec: spec('broker', {
      maxQty: 2,
      charges: [
        { kind: 'freight', text: ['Shipping - LTL freight', 'Shipping - ground'], code: 'SHIP', min: 3500, max: 12500, placement: 'table', p: 0.8 },
        { kind: 'fee', text: ['Card processing fee', 'Credit card fee'], code: 'CC', min: 500, max: 2500, placement: 'footer', p: 0.5 },
      ],
      taxRate: 6,
      taxLabel: 'Sales tax 6%',
    }),
    width: 820,
    html: (inv) => {
      const m: MoneyStyle = { comma: true, dollar: true };
      const body = tableRows(inv)
        .map((row) =>
          row.part
            ? `<tr><td>${esc(row.part.part_number)}</td><td>${esc(row.part.description)}</td><td class="veh">${esc(row.part.application)}</td><td>Grade ${esc(row.part.note)}</td><td class="r">x${row.part.qtyShipped}</td><td class="r">${esc(money(row.part.net, m))}</td><td class="r">${esc(money(row.part.qtyShipped * row.part.net, m))}</td></tr>`
            : `<tr><td></td><td>${esc(row.charge.description)}</td><td></td><td></td><td class="r">x${row.charge.qty}</td><td class="r">${esc(money(row.charge.unit, m))}</td><td class="r">${esc(money(row.charge.qty * row.charge.unit, m))}</td></tr>`,
        )
        .join('');
      const lines: [string, number][] = [['Subtotal', inv.subtotal], ...footer(inv), [inv.taxLabel, inv.tax]];
      const mail = inv.supplier.name.split(/\s+/)[0]!.toLowerCase();
      return page(
        `<div class="mail"><div><span>From:</span> ${esc(inv.supplier.name)} &lt;billing@${mail}parts.com&gt;</div><div><span>To:</span> ${esc(inv.customer)} &lt;parts@shop.com&gt;</div>
        <div><span>Subject:</span> Invoice ${esc(inv.invoiceNumber)} - your order ${esc(inv.po)}</div></div>
        <p>Hi, thanks for the order. Invoice below; parts ship today.</p>
        <p><b>${esc(inv.supplier.name)}</b><br>Invoice ${esc(inv.invoiceNumber)}<br>Date: ${esc(inv.dateText)}<br>Customer: ${esc(inv.customer)} (acct ${esc(inv.account)})</p>
        <table class="items"><tbody>${body}</tbody></table>
        <div class="sum">${lines.map(([l, c]) => `<div>${esc(l)}: ${esc(money(c, m))}</div>`).join('')}<div class="t">Total: ${esc(money(inv.total, m))}</div></div>
        <p>Pay by card on the phone or ACH. 30-day warranty on all used parts, labour not included.</p>
        <p class="sig">Mike R.<br>${esc(inv.supplier.name)}<br>${addressLines(inv)}<br>${esc(inv.supplier.phone)}</p>`,
        `body { font-family:Arial, 'Liberation Sans', sans-serif; font-size:14px; color:#222; } .mail { border-bottom:1px solid #ccc; padding-bottom:8px; margin-bottom:10px; font-size:13px; } .mail span { color:#777; display:inline-block; width:64px; }
        .items { margin:6px 0 4px; } .items td { padding:3px 10px 3px 0; } .items td.veh { color:#555; } .sum { margin:8px 0; } .sum .t { font-weight:bold; }
        .sig { color:#555; font-size:12px; }`,
      );
    },
  },
];
