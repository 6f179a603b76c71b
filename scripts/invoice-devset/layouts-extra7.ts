/**
 * Six more supplier layouts (L55–L60) for the SEVENTH set (tests/fixtures/invoices-dev-extra7, made by
 * `generate.ts --extra7`). This set is a CHECK set: it is never tuned on. It measures whether a change to the reader
 * generalises to paper it has never seen, so nobody looks at its single misses (the bench prints its totals only).
 *
 * Designed as each supplier prints its own paper, not for or against the reader: an Acura dealer's wholesale counter
 * (a black band, label-above-value boxes, LN / QTY / PART NUMBER / DESCRIPTION / BIN / MSRP / YOUR PRICE / EXTENDED,
 * "SUPERSEDED FROM" lines under some parts, the totals as a horizontal strip of boxes); a bumper-cover remanufacturer
 * billing from an online invoicing app (# / Item & Description with the SKU over a grey description / Qty 1.00 / Rate
 * / Amount, a dark header band, "Balance Due" at the top and again at the bottom); a paint manufacturer's direct ERP
 * invoice (items numbered 10, 20, 30, ten-digit material numbers, Quantity / UoM / Net price / per / Net value, a batch
 * line under each item, sales-order and delivery numbers beside the invoice number); a mobile ADAS calibration sublet
 * (a coloured band, vehicle and RO block, Op Code / Procedure / Qty / Rate / Line Total, a trip charge, calibration
 * results); a clip and fastener supplier's packing list / invoice (Bin Loc. / Item No. / Description / Pkg / Ord /
 * Shp / B/O / Price/Pkg / Amount in a full grid); a tow company's tow and storage bill (call, vehicle, from / to, Code
 * / Description / Qty / Rate / Amount with miles and storage days as quantities). Six date formats not printed before
 * (model.ts EXTRA7_DATE_FORMATS). The other sets are not affected by this file.
 */
import { cellText, esc, page, tableRows, totalsRows, type MoneyStyle, type TableRow } from './html';
import { core, discount, freight, hazmat, other, spec, type Layout } from './layouts';
import { otherNumber, qtyDec, std, table, totals } from './layouts-extra3';
import { money, type Invoice, type InvoiceSpec } from './model';
import type { Rng } from './rng';

const addressLines = (inv: Invoice) => inv.supplier.lines.map(esc).join('<br>');

/** A layout's spec with at most `cap` rows (a tow bill or a calibration sublet never has fifteen lines). */
const capped =
  (cap: number, s: (rng: Rng, rows: number) => InvoiceSpec) =>
  (rng: Rng, rows: number): InvoiceSpec =>
    s(rng, Math.min(rows, cap));

/** A warehouse bin made from a part number (`3C-114`), fixed by the number. */
const bin = (pn: string) => `${otherNumber(pn, 1)}${'ABCDEFG'[Number(otherNumber(`${pn}x`, 1)) % 7]}-${otherNumber(pn, 3)}`;

/** A car the sublet worked on, fixed by the invoice number. */
const VEHICLES = ['2021 Toyota RAV4 XLE', '2020 Honda CR-V EX', '2022 Subaru Outback', '2019 Nissan Rogue SV', '2021 Ford Escape SE', '2020 Hyundai Tucson'];
const vehicleOf = (seed: string) => VEHICLES[Number(otherNumber(seed, 2)) % VEHICLES.length]!;

export const EXTRA7_LAYOUTS: Layout[] = [
  {
    id: 'L55-acura-dealer-supersede',
    title:
      'Acura dealer wholesale parts counter: a black band with the dealer name and "WHOLESALE PARTS INVOICE", label-above-value boxes (INVOICE NUMBER / INVOICE DATE / CUSTOMER NO. / PURCHASE ORDER / SALESPERSON), SOLD TO and SHIP TO boxes, columns LN / QTY / PART NUMBER / DESCRIPTION / BIN / MSRP / YOUR PRICE / EXTENDED with the values in a monospace face, "** SUPERSEDED FROM 71101-TX6-A90 **" lines under some parts, special-order handling rows in the table, the totals as a horizontal strip of boxes (PARTS / DELIVERY / SALES TAX / TOTAL DUE), MM-dd-yyyy dates (11-03-2026)',
    features: [
      'header-band',
      'label-above-boxes',
      'sold-to-ship-to',
      'supersession-lines',
      'bin-column',
      'msrp-your-price',
      'monospace-values',
      'totals-horizontal-strip',
      'freight',
      'other',
      'tax',
      'date-MM-dd-yyyy',
    ],
    catalog: 'acura',
    dateFormat: 'MM-dd-yyyy',
    suppliers: ['PRESTIGE ACURA', 'VALLEY ACURA WHOLESALE PARTS'],
    invoiceNumber: (rng) => `${rng.int(1, 9)}${rng.digits(5)}`,
    spec: spec('acura', {
      discount: { p: 0.85, min: 15, max: 30 },
      maxQty: 6,
      charges: [
        { ...other('table', 0.3), text: ['SPECIAL ORDER HANDLING'], code: 'S/O' },
        { ...freight('footer', 0.6), text: ['DELIVERY', 'FREIGHT'] },
      ],
      taxRate: 6,
      taxLabel: 'SALES TAX',
    }),
    width: 1000,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      const body = tableRows(inv)
        .map((row) => {
          const cells = [
            String(row.n),
            cellText(row, 'qty', m),
            cellText(row, 'part', m),
            cellText(row, 'desc', m),
            row.part ? bin(row.part.part_number) : '',
            row.part ? money(row.part.list, m) : '',
            cellText(row, 'net', m),
            cellText(row, 'ext', m),
          ];
          const tr = `<tr>${cells.map((c, i) => `<td class="${i === 1 || i >= 5 ? 'r' : ''}">${esc(c)}</td>`).join('')}</tr>`;
          return row.part?.note
            ? `${tr}<tr class="ss"><td></td><td></td><td colspan="6">** SUPERSEDED FROM ${esc(row.part.note)} **</td></tr>`
            : tr;
        })
        .join('');
      const strip = totalsRows(inv, { subtotal: 'PARTS', total: 'TOTAL DUE' });
      return page(
        `<div class="band"><span class="name">${esc(inv.supplier.name)}</span><span>WHOLESALE PARTS INVOICE</span></div>
        <div class="addr">${inv.supplier.lines.map(esc).join(' · ')} · PARTS DIRECT ${esc(inv.supplier.phone)}</div>
        <table class="boxes"><tr><th>INVOICE NUMBER</th><th>INVOICE DATE</th><th>CUSTOMER NO.</th><th>PURCHASE ORDER</th><th>SALESPERSON</th></tr>
        <tr><td>${esc(inv.invoiceNumber)}</td><td>${esc(inv.dateText)}</td><td>${esc(inv.account)}</td><td>${esc(inv.po)}</td><td>${otherNumber(inv.invoiceNumber, 3)} MIKE</td></tr></table>
        <div class="parties"><div class="p"><div class="pl">SOLD TO</div>${esc(inv.customer.toUpperCase())}<br>812 OAK STREET</div><div class="p"><div class="pl">SHIP TO</div>${esc(inv.customer.toUpperCase())}<br>812 OAK STREET · ROUTE ${otherNumber(inv.po, 1)}</div></div>
        <table class="items"><thead><tr><th>LN</th><th class="r">QTY</th><th>PART NUMBER</th><th>DESCRIPTION</th><th>BIN</th><th class="r">MSRP</th><th class="r">YOUR PRICE</th><th class="r">EXTENDED</th></tr></thead><tbody>${body}</tbody></table>
        <table class="strip"><tr>${strip.map(([label]) => `<th>${esc(label)}</th>`).join('')}</tr><tr>${strip.map(([, c, kind]) => `<td class="${kind}">${esc(money(c, kind === 'total' ? { ...m, dollar: true } : m))}</td>`).join('')}</tr></table>
        <p class="foot">RETURNS ACCEPTED WITHIN 30 DAYS IN ORIGINAL PACKAGING WITH THIS INVOICE. NO RETURNS ON ELECTRICAL OR SPECIAL ORDER PARTS. 20% RESTOCKING.</p>`,
        `body { font-size:12px; } .band { background:#111; color:#fff; display:flex; justify-content:space-between; align-items:center; padding:8px 12px; font-weight:bold; letter-spacing:1px; }
        .band .name { font-size:22px; } .addr { font-size:11px; margin:4px 0 10px; }
        .boxes { width:100%; } .boxes th { font-size:9px; text-align:left; border:1px solid #333; border-bottom:none; padding:2px 5px; color:#333; }
        .boxes td { border:1px solid #333; border-top:none; padding:2px 5px 5px; font-family:'Liberation Mono', monospace; font-size:14px; }
        .parties { display:flex; gap:12px; margin:10px 0; } .p { flex:1; border:1px solid #333; padding:4px 8px; font-family:'Liberation Mono', monospace; } .pl { font-family:'Liberation Sans', sans-serif; font-size:9px; font-weight:bold; }
        .items { width:100%; } .items th { border-top:2px solid #111; border-bottom:1px solid #111; padding:4px 5px; text-align:left; font-size:11px; } .items th.r { text-align:right; }
        .items td { padding:3px 5px; font-family:'Liberation Mono', monospace; font-size:12.5px; } .items tr.ss td { font-size:11px; font-style:italic; padding-top:0; color:#333; }
        .strip { margin:14px 0 0 auto; } .strip th { font-size:9px; border:1px solid #111; padding:2px 10px; text-align:right; background:#eee; } .strip td { border:1px solid #111; padding:4px 10px; text-align:right; font-family:'Liberation Mono', monospace; font-size:13px; }
        .strip td.total { font-weight:bold; font-size:15px; } .foot { font-size:9.5px; margin-top:14px; }`,
      );
    },
  },
  {
    id: 'L56-bumper-reman-app',
    title:
      'Bumper-cover remanufacturer billing from an online invoicing app: the name top left, a big "INVOICE" with "# INV-004512" and "Balance Due" top right, "Invoice Date :" and "Terms :" label-colon-value on the right, a dark header band over # / Item & Description / Qty / Rate / Amount, the SKU in bold with a long grey description UNDER it in the same cell, quantities with two decimals (1.00), core deposit rows in the table, totals Sub Total / Shipping charge / Adjustment / Sales Tax (7%) / Total / Balance Due, dd MMM yyyy dates (03 Nov 2026)',
    features: [
      'saas-template',
      'sku-over-description',
      'multi-line-description',
      'qty-two-decimals',
      'balance-due-top',
      'header-band',
      'core',
      'freight',
      'discount',
      'tax',
      'date-dd-MMM-yyyy',
    ],
    catalog: 'reman',
    dateFormat: 'dd MMM yyyy',
    suppliers: ['Bumper Renew Solutions LLC', 'ReForm Bumper Remanufacturing'],
    invoiceNumber: (rng) => `INV-00${rng.int(1, 9)}${rng.digits(3)}`,
    spec: spec('reman', {
      maxQty: 3,
      charges: [
        { ...core('table', 0.45), text: ['Core deposit - refundable on return of damaged cover'], code: 'CORE-DEP' },
        { ...freight('footer', 0.6), text: ['Shipping charge'] },
        { ...discount('footer', 0.35), text: ['Adjustment'] },
      ],
      taxRate: 7,
      taxLabel: 'Sales Tax (7%)',
    }),
    width: 900,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      const due = inv.otherDates.find((d) => d.label === 'Due Date');
      return page(
        `<div class="top"><div><div class="name">${esc(inv.supplier.name)}</div><div class="addr">${addressLines(inv)}<br>${esc(inv.supplier.phone)}</div></div>
        <div class="title"><div class="big">INVOICE</div><div># ${esc(inv.invoiceNumber)}</div><div class="bd">Balance Due</div><div class="bdv">${esc(money(inv.total, { ...m, dollar: true }))}</div></div></div>
        <div class="mid"><div><div class="lab">Bill To</div><b>${esc(inv.customer)}</b><br>812 Oak Street</div>
        <table class="kv"><tr><td>Invoice Date :</td><td>${esc(inv.dateText)}</td></tr><tr><td>Terms :</td><td>Net 15</td></tr>${due ? `<tr><td>Due Date :</td><td>${esc(due.text)}</td></tr>` : ''}<tr><td>P.O.# :</td><td>${esc(inv.po)}</td></tr></table></div>
        ${table(inv, [
          { head: '#', cell: (row: TableRow) => String(row.n) },
          {
            head: 'Item &amp; Description',
            cls: 'item',
            cell: (row: TableRow) => `<div class="sku">${esc(cellText(row, 'part', m))}</div><div class="desc">${esc(cellText(row, 'desc', m))}</div>`,
          },
          qtyDec('Qty', 2),
          std('Rate', 'net', m, true),
          std('Amount', 'ext', m, true),
        ])}
        ${totals(inv, { subtotal: 'Sub Total', total: 'Total' }, m)}
        <table class="tot bal"><tr><td>Balance Due</td><td class="r">${esc(money(inv.total, { ...m, dollar: true }))}</td></tr></table>
        <div class="notes"><div class="lab">Notes</div>Thanks for your business. Return the damaged cover within 30 days for the core deposit.<div class="lab">Terms &amp; Conditions</div>Remanufactured covers carry a 1-year warranty against cracks at repaired areas.</div>`,
        `body { font-family:'DejaVu Sans', sans-serif; font-size:12.5px; color:#333; } .top { display:flex; justify-content:space-between; align-items:flex-start; }
        .name { font-size:17px; font-weight:bold; color:#000; } .addr { font-size:11.5px; line-height:1.5; margin-top:4px; }
        .title { text-align:right; } .big { font-size:30px; letter-spacing:1px; color:#000; } .bd { font-size:11px; margin-top:8px; } .bdv { font-size:17px; font-weight:bold; color:#000; }
        .mid { display:flex; justify-content:space-between; align-items:flex-end; margin:22px 0 14px; } .lab { color:#777; font-size:11px; margin-top:6px; }
        .kv td { padding:2px 0 2px 14px; } .kv td:first-child { text-align:right; color:#666; }
        .items { width:100%; } .items th { background:#3c3d3a; color:#fff; font-weight:normal; padding:7px 8px; text-align:left; } .items th.r { text-align:right; }
        .items td { padding:8px; border-bottom:1px solid #ddd; vertical-align:top; } .items td.item { width:52%; } .sku { color:#000; } .desc { color:#777; font-size:11.5px; margin-top:2px; }
        .tot { margin:10px 0 0 auto; width:320px; } .tot td { padding:4px 8px; } .tot td:first-child { text-align:right; } .tot .total td { font-weight:bold; }
        .bal { margin-top:0; background:#f2f2f2; } .bal td { font-weight:bold; padding:7px 8px; } .notes { margin-top:26px; font-size:11.5px; }`,
      );
    },
  },
  {
    id: 'L57-paint-maker-erp',
    title:
      'Paint manufacturer\'s direct invoice from its ERP: the maker\'s name right, the address window left, a label-left block (Invoice number / Billing date / Sold-to / Payer / Your order / Sales order / Delivery — sales-order and delivery numbers of ten digits next to the invoice number), items numbered 10, 20, 30, columns Item / Material / Description / Quantity / UoM / Net price / per / Net value, ten-digit material numbers, a "Batch" line under each item, no borders but thin rules, Total net value / surcharges / Sales tax / Final amount and a cash-discount terms line, yyyyMMdd dates (20261103)',
    features: [
      'erp-document',
      'item-numbers-by-ten',
      'ten-digit-material-numbers',
      'price-per-unit-column',
      'batch-sublines',
      'sales-order-delivery-numbers',
      'terms-with-percent',
      'fee',
      'freight',
      'discount',
      'tax',
      'date-yyyyMMdd',
    ],
    catalog: 'paintdirect',
    dateFormat: 'yyyyMMdd',
    suppliers: ['Northline Coatings, Inc.', 'Allied Refinish Coatings Corp.'],
    invoiceNumber: (rng) => `90${rng.digits(8)}`,
    spec: spec('paintdirect', {
      maxQty: 6,
      charges: [
        { ...hazmat('footer', 0.6), text: ['Haz. mat. surcharge', 'Environmental surcharge'] },
        { ...freight('footer', 0.5), text: ['Freight'] },
        { ...discount('footer', 0.4), text: ['Program rebate', 'Customer discount'] },
      ],
      taxRate: 6.25,
      taxLabel: 'Sales tax 6.25%',
    }),
    width: 1000,
    html: (inv) => {
      const m: MoneyStyle = { comma: true, negative: 'trailing' };
      const body = inv.lines
        .map(
          (l, i) =>
            `<tr><td>${(i + 1) * 10}</td><td>${esc(l.part_number)}</td><td>${esc(l.description)}</td><td class="r">${l.qtyShipped}</td><td>${esc(l.uom)}</td><td class="r">${esc(money(l.net, m))}</td><td>1 ${esc(l.uom)}</td><td class="r">${esc(money(l.qtyShipped * l.net, m))}</td></tr>
            <tr class="b"><td></td><td></td><td colspan="6">Batch ${otherNumber(l.part_number + inv.invoiceNumber, 2)}10A${otherNumber(l.part_number, 4)}</td></tr>`,
        )
        .join('');
      const rows = totalsRows(inv, { subtotal: 'Total net value', total: 'Final amount' });
      return page(
        `<div class="top"><div class="win"><div class="ret">${esc(inv.supplier.name)} · ${esc(inv.supplier.lines.join(' · '))}</div>${esc(inv.customer)}<br>Attn: Accounts Payable<br>812 Oak Street</div>
        <div class="maker"><div class="name">${esc(inv.supplier.name)}</div><div class="div">Refinish Division</div>${addressLines(inv)}<br>Customer Service ${esc(inv.supplier.phone)}</div></div>
        <div class="doc">Invoice</div>
        <table class="info"><tr><td>Invoice number</td><td>${esc(inv.invoiceNumber)}</td><td>Sold-to</td><td>${esc(inv.account)}</td></tr>
        <tr><td>Billing date</td><td>${esc(inv.dateText)}</td><td>Payer</td><td>${esc(inv.account)}</td></tr>
        <tr><td>Sales order</td><td>00${otherNumber(inv.invoiceNumber, 8)}</td><td>Your order</td><td>${esc(inv.po)}</td></tr>
        <tr><td>Delivery</td><td>80${otherNumber(inv.po, 8)}</td><td>Currency</td><td>USD</td></tr></table>
        <table class="items"><thead><tr><th>Item</th><th>Material</th><th>Description</th><th class="r">Quantity</th><th>UoM</th><th class="r">Net price</th><th>per</th><th class="r">Net value</th></tr></thead><tbody>${body}</tbody></table>
        <table class="tot">${rows.map(([label, c, kind]) => `<tr class="${kind}"><td>${esc(label)}</td><td class="r">${esc(money(c, m))}</td><td>${kind === 'total' ? 'USD' : ''}</td></tr>`).join('')}</table>
        <p class="terms">Terms of payment: 2% cash discount within 10 days, net 30 days. Incoterms: FOB origin.<br>Safety data sheets for all products are available at our customer portal.</p>`,
        `body { font-size:12px; } .top { display:flex; justify-content:space-between; align-items:flex-start; } .win { width:330px; border-top:1px solid #999; padding-top:3px; font-size:12.5px; line-height:1.45; } .ret { font-size:8px; color:#555; margin-bottom:6px; }
        .maker { text-align:right; font-size:11px; color:#333; } .maker .name { font-size:20px; font-weight:bold; color:#1e3a8a; } .maker .div { font-size:12px; color:#1e3a8a; margin-bottom:4px; }
        .doc { font-size:22px; margin:18px 0 6px; } .info td { padding:1px 30px 1px 0; } .info td:nth-child(odd) { color:#555; }
        .items { width:100%; margin-top:16px; } .items th { border-top:1px solid #555; border-bottom:1px solid #555; padding:4px 6px; text-align:left; font-weight:normal; } .items th.r { text-align:right; }
        .items td { padding:4px 6px 0; } .items tr.b td { padding:0 6px 5px; font-size:10.5px; color:#555; border-bottom:1px solid #ddd; }
        .tot { margin:12px 0 0 auto; } .tot td { padding:2px 6px; } .tot td:first-child { padding-right:40px; } .tot .total td { font-weight:bold; border-top:1px solid #555; } .terms { font-size:10.5px; margin-top:18px; color:#333; }`,
      );
    },
  },
  {
    id: 'L58-adas-calibration-sublet',
    title:
      'Mobile ADAS calibration company\'s sublet invoice from its web app: a teal band with the name and "SUBLET INVOICE", Invoice No. / Invoice Date / Service Date label-left, a vehicle block (year make model, VIN, RO #, Claim #, technician), Op Code / Procedure / Qty / Rate / Line Total with operation codes (CAL-FCS, ADAS-PRE), a mobile trip charge row, shop supplies and a zero tax line in the totals, a calibration-results box under the table, EEE, MMM d, yyyy dates (Tue, Nov 3, 2026)',
    features: [
      'sublet',
      'services-as-lines',
      'op-codes',
      'vehicle-block',
      'ro-claim-vin',
      'trip-charge',
      'results-box',
      'zero-tax-line',
      'fee',
      'other',
      'date-EEE-MMM-d-yyyy',
    ],
    catalog: 'adas',
    dateFormat: 'EEE, MMM d, yyyy',
    suppliers: ['Precision ADAS Mobile Calibration', 'SensorPoint Calibration Services'],
    invoiceNumber: (rng) => `ADC-${rng.int(1, 9)}${rng.digits(4)}`,
    spec: capped(
      6,
      spec('adas', {
        maxQty: 1,
        charges: [
          { kind: 'other', text: ['Mobile trip charge'], code: 'TRIP', min: 3500, max: 9500, placement: 'table', p: 0.7 },
          { kind: 'fee', text: ['Shop supplies'], code: 'SUP', min: 500, max: 2500, placement: 'footer', p: 0.5 },
        ],
        taxRate: 0,
        taxLabel: 'Sales Tax (services exempt)',
      }),
    ),
    width: 900,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      const vin = `2T3P1RFV${otherNumber(inv.invoiceNumber, 1)}MW${otherNumber(inv.invoiceNumber, 6)}`;
      const results = inv.lines
        .filter((l) => l.part_number.startsWith('CAL'))
        .map((l) => `<li>${esc(l.description)}: <b>PASS</b></li>`)
        .join('');
      return page(
        `<div class="band"><div><div class="name">${esc(inv.supplier.name)}</div><div class="sub">${esc(inv.supplier.lines.join(' · '))} · ${esc(inv.supplier.phone)}</div></div><div class="doc">SUBLET INVOICE</div></div>
        <div class="two"><table class="kv"><tr><td>Invoice No.</td><td><b>${esc(inv.invoiceNumber)}</b></td></tr><tr><td>Invoice Date</td><td>${esc(inv.dateText)}</td></tr><tr><td>Service Date</td><td>${esc(inv.dateText)}</td></tr><tr><td>Bill To</td><td>${esc(inv.customer)}</td></tr></table>
        <table class="kv veh"><tr><td>Vehicle</td><td>${esc(vehicleOf(inv.invoiceNumber))}</td></tr><tr><td>VIN</td><td>${vin}</td></tr><tr><td>RO #</td><td>${esc(inv.po)}</td></tr><tr><td>Claim #</td><td>${otherNumber(inv.po, 10)}</td></tr><tr><td>Technician</td><td>J. Alvarez</td></tr></table></div>
        ${table(inv, [std('Op Code', 'part', m), std('Procedure', 'desc', m), std('Qty', 'qty', m, true), std('Rate', 'net', m, true), std('Line Total', 'ext', m, true)])}
        <div class="below"><div class="res"><b>Calibration results</b><ul>${results || '<li>Scan only, no calibration performed</li>'}</ul>Reports are attached to the repair order in the portal.</div>
        ${totals(inv, { subtotal: 'Subtotal', total: 'Amount Due', tax: 'Sales Tax (services exempt)' }, m)}</div>
        <p class="foot">Payment due on receipt. Calibrations performed to OEM position statements; target setup per OEM service information.</p>`,
        `body { font-size:13px; } .band { background:#0f766e; color:#fff; display:flex; justify-content:space-between; align-items:center; padding:12px 16px; border-radius:6px; }
        .band .name { font-size:20px; font-weight:bold; } .band .sub { font-size:11px; opacity:0.9; } .band .doc { font-size:18px; letter-spacing:2px; }
        .two { display:flex; justify-content:space-between; margin:14px 0; } .kv td { padding:2px 10px 2px 0; } .kv td:first-child { color:#0f766e; font-weight:bold; font-size:12px; }
        .items { width:100%; } .items th { background:#ccfbf1; color:#134e4a; padding:6px 8px; text-align:left; } .items th.r { text-align:right; } .items td { padding:6px 8px; border-bottom:1px solid #e5e7eb; }
        .below { display:flex; justify-content:space-between; align-items:flex-start; margin-top:14px; } .res { width:50%; border:1px solid #99d5cf; border-radius:6px; padding:8px 10px; font-size:12px; } .res ul { margin:4px 0; padding-left:18px; }
        .tot td { padding:3px 8px; } .tot .total td { font-weight:bold; font-size:16px; color:#0f766e; border-top:2px solid #0f766e; } .foot { font-size:11px; color:#555; margin-top:16px; }`,
      );
    },
  },
  {
    id: 'L59-clip-bins-packing',
    title:
      'Clip and fastener supplier\'s packing list / invoice: a heavy italic name, "PACKING LIST / INVOICE", label-above boxes (Invoice No. / Invoice Date / Cust. No. / Order No. / Ship Via / Terms), a full grid with a pale yellow head over Bin Loc. / Item No. / Description / Pkg / Ord / Shp / B/O / Price/Pkg / Amount — five-digit item numbers, packs printed as 25/BX, the price per pack, short shipments with back orders — small-order and UPS charges and tax under it, MMM d yyyy dates without a comma (Nov 3 2026)',
    features: [
      'packing-list-invoice',
      'full-grid',
      'bin-column-first',
      'pack-quantity-column',
      'price-per-pack',
      'ordered-shipped-backordered',
      'five-digit-item-numbers',
      'uppercase-descriptions',
      'fee',
      'freight',
      'tax',
      'date-MMM-d-yyyy-no-comma',
    ],
    catalog: 'clips',
    dateFormat: 'MMM d yyyy',
    suppliers: ['Midwest Clip & Fastener Co.', 'Great Lakes Auto Fastener Supply'],
    invoiceNumber: (rng) => `${rng.int(1, 9)}${rng.digits(6)}`,
    spec: spec('clips', {
      shortShip: 0.25,
      maxQty: 6,
      charges: [
        { kind: 'fee', text: ['Small order charge'], code: 'SOC', min: 500, max: 1500, placement: 'footer', p: 0.3 },
        { ...freight('footer', 0.7), text: ['UPS Ground', 'Freight - UPS Ground'] },
      ],
      taxRate: 7,
      taxLabel: 'Sales Tax',
    }),
    width: 1000,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      return page(
        `<div class="top"><div><div class="name">${esc(inv.supplier.name)}</div><div class="addr">${addressLines(inv)}<br>Orders ${esc(inv.supplier.phone)}</div></div><div class="doc">PACKING LIST / INVOICE</div></div>
        <table class="boxes"><tr><th>Invoice No.</th><th>Invoice Date</th><th>Cust. No.</th><th>Order No.</th><th>Ship Via</th><th>Terms</th></tr>
        <tr><td>${esc(inv.invoiceNumber)}</td><td>${esc(inv.dateText)}</td><td>${esc(inv.account)}</td><td>SO-${otherNumber(inv.invoiceNumber, 6)}</td><td>UPS GROUND</td><td>NET 30</td></tr></table>
        <div class="ship"><b>Ship To:</b> ${esc(inv.customer)}, 812 Oak Street &nbsp; <b>Your PO:</b> ${esc(inv.po)}</div>
        ${table(inv, [
          { head: 'Bin Loc.', cell: (row: TableRow) => esc(row.part ? row.part.application : '') },
          std('Item No.', 'part', m),
          std('Description', 'desc', m),
          std('Pkg', 'uom', m),
          std('Ord', 'ord', m, true),
          std('Shp', 'shp', m, true),
          std('B/O', 'bo', m, true),
          std('Price/Pkg', 'net', m, true),
          std('Amount', 'ext', m, true),
        ])}
        ${totals(inv, { subtotal: 'Merchandise', total: 'Invoice Total' }, m)}
        <p class="foot">Back-ordered items ship when available at no additional freight. Claims for shortage must be made within 5 days of receipt.</p>`,
        `body { font-size:12.5px; } .top { display:flex; justify-content:space-between; align-items:flex-end; margin-bottom:10px; }
        .name { font-size:26px; font-weight:900; font-style:italic; color:#1f2937; letter-spacing:-0.5px; } .addr { font-size:11px; } .doc { font-size:16px; font-weight:bold; border:2px solid #1f2937; padding:4px 10px; }
        .boxes { width:100%; } .boxes th { font-size:10px; border:1px solid #444; background:#fef9c3; padding:2px 5px; text-align:left; font-weight:normal; } .boxes td { border:1px solid #444; padding:3px 5px; }
        .ship { margin:8px 0; } .items { width:100%; border:1.5px solid #333; } .items th { background:#fef9c3; border:1px solid #444; padding:4px 5px; text-align:left; font-size:11.5px; } .items th.r { text-align:right; }
        .items td { border:1px solid #888; padding:3px 5px; } .tot { margin:0 0 0 auto; border:1.5px solid #333; border-top:none; } .tot td { padding:3px 8px; border:1px solid #888; min-width:110px; } .tot .total td { font-weight:bold; }
        .foot { font-size:10.5px; margin-top:12px; }`,
      );
    },
  },
  {
    id: 'L60-tow-storage-bill',
    title:
      'Tow company\'s tow and storage bill, billed to the shop as a sublet: a bold condensed red name with "24 HR TOWING & RECOVERY" and a USDOT number, "Invoice #" and "Date:" at the right, a call block (Call #, tow date, vehicle, plate, VIN, pick-up and drop-off addresses), Code / Description / Qty / Rate / Amount with loaded miles and storage days as quantities, fuel surcharge and release fee under it, Total and Balance Due, a driver signature line, MM.dd.yy dates (11.03.26)',
    features: [
      'sublet',
      'services-as-lines',
      'miles-days-quantities',
      'call-block',
      'vehicle-plate-vin',
      'usdot-number',
      'condensed-red-name',
      'balance-due',
      'fee',
      'other',
      'no-tax',
      'date-MM.dd.yy',
    ],
    catalog: 'tow',
    dateFormat: 'MM.dd.yy',
    suppliers: ["BIG MIKE'S TOWING & RECOVERY", 'INTERSTATE WRECKER SERVICE'],
    invoiceNumber: (rng) => `T-${rng.int(1, 9)}${rng.digits(5)}`,
    spec: capped(
      6,
      spec('tow', {
        maxQty: 12,
        charges: [
          { kind: 'other', text: ['Fuel surcharge'], code: 'FS', min: 500, max: 2500, placement: 'footer', p: 0.6 },
          { kind: 'fee', text: ['Admin / release fee', 'Release fee'], code: 'REL', min: 2500, max: 5000, placement: 'footer', p: 0.5 },
        ],
        taxRate: 0,
        taxLabel: 'Tax',
      }),
    ),
    width: 880,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      return page(
        `<div class="top"><div><div class="name">${esc(inv.supplier.name)}</div><div class="tag">24 HR TOWING &amp; RECOVERY · LIGHT &amp; MEDIUM DUTY</div><div class="addr">${esc(inv.supplier.lines.join(', '))} · Dispatch ${esc(inv.supplier.phone)} · USDOT ${otherNumber(inv.supplier.name, 7)}</div></div>
        <table class="inv"><tr><td>Invoice #</td><td><b>${esc(inv.invoiceNumber)}</b></td></tr><tr><td>Date:</td><td>${esc(inv.dateText)}</td></tr><tr><td>Account:</td><td>${esc(inv.account)}</td></tr></table></div>
        <table class="call"><tr><td><span>Call #</span>${otherNumber(inv.invoiceNumber, 5)}</td><td><span>Tow date</span>${esc(inv.dateText)}</td><td><span>Vehicle</span>${esc(vehicleOf(inv.po))}</td><td><span>Plate</span>${otherNumber(inv.po, 3)} KLM</td></tr>
        <tr><td colspan="2"><span>Pick-up</span>I-55 NB mile ${otherNumber(inv.invoiceNumber, 2)} / accident scene</td><td colspan="2"><span>Drop-off</span>${esc(inv.customer)}, 812 Oak Street</td></tr>
        <tr><td colspan="2"><span>Bill to</span>${esc(inv.customer)} · RO ${esc(inv.po)}</td><td colspan="2"><span>VIN</span>1HGCV1F3${otherNumber(inv.po, 1)}KA${otherNumber(inv.po, 6)}</td></tr></table>
        ${table(inv, [std('Code', 'part', m), std('Description', 'desc', m), std('Qty', 'qty', m, true), std('Rate', 'net', m, true), std('Amount', 'ext', m, true)])}
        <div class="below"><div class="sign">Driver: R. Kowalski &nbsp; Truck #${otherNumber(inv.invoiceNumber, 2)}<br><br>Released by ____________________</div>
        <table class="tot">${totalsRows(inv, { subtotal: 'Subtotal', total: 'TOTAL' })
          .map(([label, c, kind]) => `<tr class="${kind}"><td>${esc(label)}</td><td class="r">${esc(money(c, kind === 'total' ? { ...m, dollar: true } : m))}</td></tr>`)
          .join('')}<tr><td>Paid</td><td class="r">0.00</td></tr><tr class="bal"><td>Balance Due</td><td class="r">${esc(money(inv.total, { ...m, dollar: true }))}</td></tr></table></div>
        <p class="foot">Storage accrues daily until the vehicle is released. Vehicle released to the repair facility named above.</p>`,
        `body { font-size:13px; } .top { display:flex; justify-content:space-between; align-items:flex-start; border-bottom:4px solid #b91c1c; padding-bottom:8px; }
        .name { font-family:'Liberation Sans Narrow', sans-serif; font-size:30px; font-weight:bold; color:#b91c1c; letter-spacing:0.5px; } .tag { font-weight:bold; font-size:12px; } .addr { font-size:11px; }
        .inv td { padding:2px 6px; font-size:14px; } .inv td:first-child { text-align:right; color:#444; }
        .call { width:100%; margin:10px 0; border:1px solid #333; } .call td { border:1px solid #999; padding:3px 6px; font-size:12px; } .call span { display:block; font-size:9px; color:#b91c1c; font-weight:bold; text-transform:uppercase; }
        .items { width:100%; } .items th { background:#222; color:#fff; padding:5px 6px; text-align:left; } .items th.r { text-align:right; } .items td { padding:5px 6px; border-bottom:1px solid #ccc; }
        .below { display:flex; justify-content:space-between; align-items:flex-start; margin-top:12px; } .sign { font-size:12px; }
        .tot td { padding:3px 8px; } .tot .total td { font-weight:bold; border-top:2px solid #222; } .tot .bal td { font-weight:bold; font-size:15px; background:#fee2e2; } .foot { font-size:10.5px; margin-top:14px; }`,
      );
    },
  },
];
