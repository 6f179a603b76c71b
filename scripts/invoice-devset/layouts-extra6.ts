/**
 * Six more supplier layouts (L49–L54) for the SIXTH extra tuning set (tests/fixtures/invoices-dev-extra6, made by
 * `generate.ts --extra6`). Designed to differ from L01–L48 the way real parts invoices differ: a Lexus dealer's
 * continuous-form GREENBAR printout with sprocket holes and the quantity printed AFTER the prices (Toyota numbers with
 * letters, `90915-YZZD4`); an Asian/European import wholesaler with the UNIT PRICE FIRST, then description, part number
 * (`1K0 615 301 AA`, `A 177 885 12 00`, `86350-2S000`), brand, amount and the quantity LAST, its header block on the
 * right and a logo box on the left; a paint-and-body jobber's mixing-bank toner lines priced PER CONTAINER (`78.90/QT`)
 * with descriptions wrapping in a narrow column, zebra rows and the totals in a boxed side panel beside a formula note;
 * a salvage yard's TYPEWRITER ticket on a pre-printed form (red ticket number, typed rows slightly off the line) with
 * stock numbers mixing O/0, I/1, S/5 and the donor car's VIN on every row; a CAPA aftermarket distributor with a
 * separate CREDIT MEMO section (returned parts and a restocking fee) under the parts table; a glass distributor with
 * NAGS numbers, kits and labour rows, the vehicle on a second line of each description and the totals in a box BESIDE
 * the table. Six date formats not printed before (model.ts EXTRA6_DATE_FORMATS). All tuning: nothing here is held
 * out, and the other sets are not affected by this file.
 */
import { cellText, esc, fit, page, tableRows, type MoneyStyle, type TableRow } from './html';
import { credit, discount, freight, hazmat, spec, warranty, type Layout } from './layouts';
import { otherNumber, std, table, totals } from './layouts-extra3';
import { money, type InvoiceSpec } from './model';

type ChargeOpt = InvoiceSpec['charges'][number];

const addressLines = (lines: string[]) => lines.map(esc).join('<br>');

/** The capitals of a supplier's name (`Pacific Rim Import Parts` → `PRI`), printed in its logo box. */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => /^[A-Z]/.test(w))
    .map((w) => w[0])
    .join('')
    .slice(0, 3);

/** Labour rows of a glass shop's invoice, printed in the parts table with a LABOR code. */
const labor = (p: number): ChargeOpt => ({
  kind: 'other',
  text: ['INSTALL LABOR - WINDSHIELD', 'R&I MOULDING LABOR', 'ADAS CAMERA CALIBRATION'],
  code: 'LABOR',
  min: 4500,
  max: 18500,
  placement: 'table',
  p,
});

/** Returned CAPA part numbers printed on credit-memo lines (fixed by the invoice number; not the truth's parts). */
const CAPA_RETURNS = ['TO1039120C', 'HO1241189C', 'NI1000288C', 'FO1200561C', 'KI2503172C'];

export const EXTRA6_LAYOUTS: Layout[] = [
  {
    id: 'L49-lexus-greenbar-qty-last',
    title:
      'Lexus dealer parts invoice printed by the dealer system on continuous-form GREENBAR paper: green bands two lines high, sprocket-hole strips down both edges, a monospace printout in capitals, columns PART NUMBER / DESCRIPTION / LIST / NET / QTY / AMOUNT — the quantity AFTER the prices — Toyota numbers with letters (90915-YZZD4, 04152-YZZA6, 53101-0E230), "INVOICE NO." on the right of the heading, environmental-fee rows in the table, MM/dd/yy dates (11/03/26)',
    features: [
      'greenbar',
      'sprocket-holes',
      'monospace',
      'qty-after-prices',
      'toyota-letters-in-numbers',
      'list-net',
      'fee',
      'freight',
      'tax',
      'date-MM/dd/yy',
    ],
    catalog: 'lexus',
    dateFormat: 'MM/dd/yy',
    suppliers: ['LAKESIDE LEXUS PARTS DEPT', 'SUNCOAST TOYOTA LEXUS WHOLESALE'],
    invoiceNumber: (rng) => `P${rng.int(1, 9)}${rng.digits(5)}`,
    spec: spec('lexus', {
      discount: { p: 0.7, min: 10, max: 30 },
      maxQty: 5,
      charges: [{ ...hazmat('table', 0.5), text: ['ENVIRONMENTAL FEE', 'HAZMAT FEE'] }, freight('footer', 0.5)],
      taxRate: 8.25,
      taxLabel: 'SALES TAX 8.25%',
    }),
    width: 980,
    html: (inv) => {
      const m: MoneyStyle = { comma: false };
      const W = 84;
      const two = (l: string, r: string) => `${fit(l, W - r.length)}${r}`;
      const lines = [
        two(inv.supplier.name, 'PARTS INVOICE'),
        two(inv.supplier.lines[0]!.toUpperCase(), `INVOICE NO. ${inv.invoiceNumber}`),
        two((inv.supplier.lines[1] ?? '').toUpperCase(), `DATE ${inv.dateText}   PAGE 1`),
        two(`PARTS ${inv.supplier.phone}`, `ACCOUNT ${inv.account}`),
        '',
        two(`SOLD TO: ${inv.customer.toUpperCase()}`, `P.O. ${inv.po}  COUNTER 14  SLS KJ`),
        '-'.repeat(W),
        `${fit('PART NUMBER', 16)}${fit('DESCRIPTION', 32)}${fit('LIST', 10, true)}${fit('NET', 10, true)}${fit('QTY', 5, true)}${fit('AMOUNT', 11, true)}`,
        '-'.repeat(W),
        ...tableRows(inv).map(
          (row) =>
            `${fit(cellText(row, 'part', m), 16)}${fit(cellText(row, 'desc', m), 32)}${fit(row.part ? cellText(row, 'list', m) : '', 10, true)}${fit(cellText(row, 'net', m), 10, true)}${fit(cellText(row, 'qty', m), 5, true)}${fit(cellText(row, 'ext', m), 11, true)}`,
        ),
        '-'.repeat(W),
        ...[
          ['PARTS TOTAL', inv.subtotal] as const,
          ...inv.charges.filter((c) => c.placement === 'footer').map((c) => [c.description.toUpperCase(), c.qty * c.unit] as const),
          [inv.taxLabel, inv.tax] as const,
        ].map(([label, c]) => `${' '.repeat(46)}${fit(label, 26)}${fit(money(c, m), 12, true)}`),
        `${' '.repeat(46)}${fit('TOTAL INVOICE', 26)}${fit(money(inv.total, { ...m, dollar: true }), 12, true)}`,
        '',
        'ALL RETURNS WITHIN 30 DAYS WITH THIS INVOICE. ELECTRICAL PARTS NOT RETURNABLE.',
      ];
      return page(
        `<div class="form"><div class="holes l"></div><pre>${lines.map(esc).join('\n')}</pre><div class="holes r"></div></div>`,
        `body { padding:0; } .form { display:flex; background:#fcfdf8; }
        .holes { width:44px; background-image: radial-gradient(circle at 22px 18px, #d9d9d9 7px, transparent 8px); background-size:44px 36px; border-color:#cfd8c8; border-style:dashed; border-width:0; }
        .holes.l { border-right-width:1px; } .holes.r { border-left-width:1px; }
        pre { flex:1; margin:0; padding:24px 26px 30px; font-family:'Liberation Mono', monospace; font-size:13.5px; line-height:20px; color:#222;
          background: repeating-linear-gradient(#fcfdf8 0 40px, #d8ecd2 40px 80px); background-position:0 24px; }`,
      );
    },
  },
  {
    id: 'L50-import-price-first',
    title:
      'Asian and European import parts wholesaler: columns in an unusual order — Unit Price / Description / Part No. / Brand / Amount / Qty (the unit price FIRST, the quantity LAST) — OE numbers of several makers as printed (1K0 615 301 AA, A 177 885 12 00, 90915-YZZD4, 86350-2S000, 62256-5SA0A), the header block (name, address, invoice details) on the RIGHT and a logo box with the initials on the left, "Invoice No." and "Invoice Date" label-left, yyyy.MM.dd dates (2026.11.03)',
    features: [
      'price-first',
      'qty-last',
      'brand-column',
      'spaced-oe-numbers',
      'letters-in-numbers',
      'header-right',
      'logo-box',
      'freight',
      'discount',
      'tax',
      'date-yyyy.MM.dd',
    ],
    catalog: 'import',
    dateFormat: 'yyyy.MM.dd',
    suppliers: ['Pacific Rim Import Parts', 'EuroAsia Parts Wholesale Inc.'],
    invoiceNumber: (rng) => `26-${rng.int(1, 9)}${rng.digits(5)}`,
    spec: spec('import', {
      maxQty: 6,
      charges: [
        { ...freight('footer', 0.6), text: ['Freight', 'Courier delivery'] },
        { ...discount('footer', 0.35), text: ['Trade discount', 'Volume discount'] },
      ],
      taxRate: 6.5,
      taxLabel: 'Sales Tax 6.5%',
    }),
    width: 960,
    html: (inv) => {
      const m: MoneyStyle = { comma: true, negative: 'minus' };
      return page(
        `<div class="top"><div class="logo"><span>${esc(initials(inv.supplier.name))}</span></div>
        <div class="right"><div class="name">${esc(inv.supplier.name)}</div><div class="addr">${addressLines(inv.supplier.lines)}<br>Tel ${esc(inv.supplier.phone)}</div>
        <table class="meta"><tr><td>Invoice No.</td><td><b>${esc(inv.invoiceNumber)}</b></td></tr><tr><td>Invoice Date</td><td>${esc(inv.dateText)}</td></tr>
        <tr><td>Customer</td><td>${esc(inv.account)}</td></tr><tr><td>Your Ref.</td><td>${esc(inv.po)}</td></tr></table></div></div>
        <div class="bill"><b>Invoice to:</b> ${esc(inv.customer)}, 812 Oak Street</div>
        ${table(inv, [
          std('Unit Price', 'net', m, true),
          std('Description', 'desc', m),
          std('Part No.', 'part', m),
          { head: 'Brand', cell: (row: TableRow) => esc(row.part ? row.part.note : '') },
          std('Amount', 'ext', m, true),
          std('Qty', 'qty', m, true),
        ])}
        ${totals(inv, { subtotal: 'Goods', total: 'Invoice Total' }, m)}
        <p class="foot">Goods remain our property until paid in full. Electrical parts are not returnable. E&amp;OE.</p>`,
        `body { font-family:'DejaVu Sans', sans-serif; font-size:13px; } .top { display:flex; justify-content:space-between; align-items:flex-start; }
        .logo { width:120px; height:120px; background:#b91c1c; border-radius:10px; display:flex; align-items:center; justify-content:center; }
        .logo span { color:#fff; font-size:34px; font-weight:bold; font-family:'DejaVu Serif', serif; }
        .right { text-align:right; } .name { font-size:22px; font-weight:bold; color:#b91c1c; } .addr { font-size:12px; color:#333; margin-bottom:8px; }
        .meta { margin-left:auto; } .meta td { padding:1px 0 1px 14px; } .meta td:first-child { color:#555; }
        .bill { margin:14px 0 10px; } .items { width:100%; } .items th { border-top:2px solid #b91c1c; border-bottom:1px solid #b91c1c; padding:4px 6px; text-align:left; } .items th.r { text-align:right; }
        .items td { padding:4px 6px; border-bottom:1px solid #eee; } .tot { margin:10px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:16px; border-top:2px solid #b91c1c; }
        .foot { font-size:11px; margin-top:14px; color:#555; }`,
      );
    },
  },
  {
    id: 'L51-paint-toner-sidebox',
    title:
      'Paint-and-body jobber counter invoice for mixing-bank toners, clears and reducers: Code / Description (a narrow column, long names WRAP onto two lines) / Size / Qty / Price with the container in it (78.90/QT, 45.60/PT) / Amount, zebra-shaded rows, the totals in a BOXED side panel to the right of a "Mix formula" note box, a hazardous-waste fee and a jobber discount below, an invoice number with leading zeros (0048213), dates with the weekday (Tue 11/03/2026)',
    features: [
      'per-container-price',
      'wrapped-descriptions',
      'zebra',
      'totals-side-box',
      'formula-note-box',
      'leading-zero-invoice-number',
      'fee',
      'discount',
      'tax',
      'date-EEE-MM/dd/yyyy',
    ],
    catalog: 'toner',
    dateFormat: 'EEE MM/dd/yyyy',
    suppliers: ['Metro Refinish Supply', 'Color Source Paint & Body Supply'],
    invoiceNumber: (rng) => `00${rng.int(1, 9)}${rng.digits(4)}`,
    spec: spec('toner', {
      maxQty: 4,
      charges: [
        { ...hazmat('footer', 0.5), text: ['Hazardous waste fee', 'PaintCare fee'] },
        { ...discount('footer', 0.4), text: ['Jobber discount', 'Prompt pay discount'] },
      ],
      taxRate: 7.5,
      taxLabel: 'Sales Tax 7.5%',
    }),
    width: 900,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      const rows = [
        ['Subtotal', inv.subtotal] as const,
        ...inv.charges.filter((c) => c.placement === 'footer').map((c) => [c.description, c.qty * c.unit] as const),
        [inv.taxLabel, inv.tax] as const,
      ];
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv.supplier.lines)} · ${esc(inv.supplier.phone)}</div>
        <table class="meta"><tr><td>INVOICE</td><td><b>${esc(inv.invoiceNumber)}</b></td></tr><tr><td>Date</td><td>${esc(inv.dateText)}</td></tr><tr><td>Account</td><td>${esc(inv.account)}</td></tr><tr><td>Job / RO</td><td>${esc(inv.po)}</td></tr></table></div>
        <div class="bill">Sold to: <b>${esc(inv.customer)}</b> &nbsp; Counter: Dana</div>
        ${table(
          inv,
          [
            std('Code', 'part', m),
            { ...std('Description', 'desc', m), cls: 'desc' },
            std('Size', 'uom', m),
            std('Qty', 'qty', m, true),
            { head: 'Price', right: true, cell: (row: TableRow) => esc(row.part ? `${money(row.part.net, m)}/${row.part.uom}` : money(row.charge.unit, m)) },
            std('Amount', 'ext', m, true),
          ],
          { zebra: true },
        )}
        <div class="below"><div class="note"><b>Mix formula</b><br>Formula ${otherNumber(inv.invoiceNumber, 4)}-${otherNumber(inv.po, 2)} · mixed on the counter scale<br>Mixed colours are not returnable.</div>
        <div class="side"><table>${rows.map(([label, c]) => `<tr><td>${esc(label)}</td><td class="r">${esc(money(c, m))}</td></tr>`).join('')}
        <tr class="t"><td>TOTAL DUE</td><td class="r">${esc(money(inv.total, { ...m, dollar: true }))}</td></tr></table></div></div>`,
        `body { font-size:13px; } .top { display:flex; justify-content:space-between; align-items:flex-start; } .sup { font-size:12px; } .sup .name { font-size:22px; font-weight:bold; color:#7c2d12; }
        .meta td { padding:1px 6px; } .meta td:first-child { color:#7c2d12; font-weight:bold; } .bill { margin:12px 0 8px; }
        .items { width:100%; } .items th { background:#7c2d12; color:#fff; padding:5px 6px; text-align:left; } .items th.r { text-align:right; }
        .items td { padding:4px 6px; vertical-align:top; } .items td.desc { width:190px; } .items tr.z td { background:#f3ece6; }
        .below { display:flex; justify-content:space-between; align-items:stretch; margin-top:14px; } .note { width:48%; border:1px dashed #7c2d12; padding:8px; font-size:12px; }
        .side { width:40%; border:2px solid #7c2d12; padding:6px; } .side table { width:100%; } .side td { padding:2px 4px; } .side .t td { font-weight:bold; font-size:16px; border-top:1px solid #7c2d12; }`,
      );
    },
  },
  {
    id: 'L52-salvage-typewriter',
    title:
      'Salvage yard counter ticket TYPED on a pre-printed form: a serif form heading with the yard\'s name, the ticket number pre-printed in RED ("No. 04512"), typed rows in a typewriter face slightly off the form\'s lines, QTY / STOCK NO. / PART DESCRIPTION / DONOR VIN / PRICE / AMOUNT with yard stock numbers mixing O/0, I/1, S/5 (T24-O37I) and the 17-character VIN of the donor car on every row, warranty rows in the table, a "Yard fee" and tax below, M-d-yy dates (11-3-26)',
    features: [
      'typewriter',
      'preprinted-form',
      'red-ticket-number',
      'donor-vin-column',
      'ambiguous-stock-numbers',
      'monospace',
      'warranty',
      'fee',
      'tax',
      'date-M-d-yy',
    ],
    catalog: 'donor',
    dateFormat: 'M-d-yy',
    suppliers: ['Hillside Auto Salvage', "Mel's Used Auto Parts & Salvage"],
    invoiceNumber: (rng) => `0${rng.int(1, 9)}${rng.digits(3)}`,
    spec: spec('donor', {
      maxQty: 2,
      charges: [
        { ...warranty('table', 0.6), text: ['30 DAY WARRANTY', '90 DAY PARTS WARRANTY'] },
        { kind: 'fee', text: ['Yard fee', 'Pull fee'], code: 'YF', min: 500, max: 2500, placement: 'footer', p: 0.5 },
      ],
      taxRate: 6,
      taxLabel: 'Tax 6%',
    }),
    width: 900,
    html: (inv) => {
      const m: MoneyStyle = { comma: false };
      // A typed row sits a little off the printed line: a small offset fixed by the row (no randomness of its own).
      const jit = (k: number) => `style="position:relative; top:${((k * 7) % 5) - 2}px; left:${((k * 3) % 4) - 1}px"`;
      const t = (k: number, s: string) => `<span class="ty" ${jit(k)}>${esc(s)}</span>`;
      const body = tableRows(inv)
        .map(
          (row, i) =>
            `<tr><td class="r">${t(i, cellText(row, 'qty', m))}</td><td>${t(i, cellText(row, 'part', m))}</td><td>${t(i, cellText(row, 'desc', m))}</td><td>${t(i, row.part ? row.part.note : '')}</td><td class="r">${t(i, cellText(row, 'net', m))}</td><td class="r">${t(i, cellText(row, 'ext', m))}</td></tr>`,
        )
        .join('');
      const empty = '<tr><td></td><td></td><td></td><td></td><td></td><td></td></tr>'.repeat(Math.max(0, 6 - tableRows(inv).length));
      const foot = [
        ['SUBTOTAL', inv.subtotal] as const,
        ...inv.charges.filter((c) => c.placement === 'footer').map((c) => [c.description.toUpperCase(), c.qty * c.unit] as const),
        ['TAX', inv.tax] as const,
      ];
      return page(
        `<div class="head"><div><div class="name">${esc(inv.supplier.name)}</div><div class="sub">USED AUTO PARTS · WE BUY WRECKS<br>${addressLines(inv.supplier.lines)} · ${esc(inv.supplier.phone)}</div></div>
        <div class="no">No. ${esc(inv.invoiceNumber)}</div></div>
        <table class="f"><tr><td class="lab">DATE</td><td>${t(1, inv.dateText)}</td><td class="lab">SOLD TO</td><td>${t(2, inv.customer.toUpperCase())}</td><td class="lab">P.O.</td><td>${t(3, inv.po)}</td></tr></table>
        <table class="items"><thead><tr><th class="r">QTY</th><th>STOCK NO.</th><th>PART DESCRIPTION</th><th>DONOR VIN</th><th class="r">PRICE</th><th class="r">AMOUNT</th></tr></thead><tbody>${body}${empty}</tbody></table>
        <table class="tot">${foot.map(([label, c], i) => `<tr><td class="lab">${esc(label)}</td><td class="r">${t(i + 4, money(c, m))}</td></tr>`).join('')}
        <tr><td class="lab"><b>TOTAL</b></td><td class="r">${t(9, money(inv.total, { ...m, dollar: true }))}</td></tr></table>
        <p class="foot">ALL PARTS SOLD AS IS UNLESS WARRANTY IS WRITTEN ABOVE. NO CASH REFUNDS. &nbsp; Customer signature ____________________</p>`,
        `body { font-family:'Liberation Serif', serif; font-size:13px; background:#fdfbf4; } .head { display:flex; justify-content:space-between; align-items:flex-start; border-bottom:3px double #333; padding-bottom:6px; }
        .name { font-size:26px; font-weight:bold; font-family:'DejaVu Serif', serif; } .sub { font-size:11px; letter-spacing:0.5px; }
        .no { color:#c81e1e; font-size:24px; font-family:'Liberation Sans Narrow', sans-serif; font-weight:bold; letter-spacing:1px; }
        .ty { font-family:'Liberation Mono', monospace; font-size:14px; color:#1d2533; }
        .f { width:100%; margin:10px 0; } .f td { border-bottom:1px solid #444; padding:5px 4px; } .lab { font-size:10px; color:#444; width:1%; white-space:nowrap; }
        .items { width:100%; border:1.5px solid #333; } .items th { font-size:10px; border:1px solid #333; padding:3px 4px; text-align:left; background:#efe9d8; } .items th.r { text-align:right; }
        .items td { border-left:1px solid #333; border-right:1px solid #333; border-bottom:1px solid #bbb; padding:6px 4px; height:30px; }
        .tot { margin:0 0 0 auto; border:1.5px solid #333; border-top:none; } .tot td { padding:4px 8px; border-bottom:1px solid #bbb; min-width:110px; } .foot { font-size:10px; margin-top:14px; }`,
      );
    },
  },
  {
    id: 'L53-capa-credit-memo',
    title:
      'CAPA-certified aftermarket collision distributor: Ln / Part Number / Description / Cert / Qty / Unit Price / Ext. Price for the parts shipped, then a separate CREDIT MEMO section below the table (returned parts with their own part numbers, quantity -1 and the credit in parentheses, and a RESTOCKING FEE row), totals Merchandise / Credits / Restocking / Freight / Tax / Amount Due; Partslink numbers with a trailing C mixing O/0 and I/1 (TO1000414C, SU1000I91C), "Invoice #" with a hyphen (512-0457), MMMM dd, yyyy dates (November 03, 2026)',
    features: [
      'credit-memo-section',
      'restocking-fee',
      'return-lines',
      'paren-negatives',
      'capa-partslink',
      'cert-column',
      'line-numbers',
      'freight',
      'tax',
      'date-MMMM-dd-yyyy',
    ],
    catalog: 'capa',
    dateFormat: 'MMMM dd, yyyy',
    suppliers: ['Keystone Collision Parts Supply', 'CertiFit Auto Body Parts Co.'],
    invoiceNumber: (rng) => `${rng.int(3, 8)}${rng.digits(2)}-${rng.digits(4)}`,
    spec: spec('capa', {
      maxQty: 3,
      charges: [
        { ...credit('table', 0.6), text: ['RETURN - WRONG PART', 'RETURN - DAMAGED IN SHIPPING', 'RETURN - NOT NEEDED'], code: 'RTN' },
        { kind: 'fee', text: ['RESTOCKING FEE 15%', 'Restocking fee'], code: 'RSTK', min: 600, max: 3500, placement: 'table', p: 0.45 },
        freight('footer', 0.6),
      ],
      taxRate: 7.25,
      taxLabel: 'Sales Tax 7.25%',
    }),
    width: 960,
    html: (inv) => {
      const m: MoneyStyle = { comma: true, negative: 'paren' };
      const parts = inv.lines
        .map(
          (l, i) =>
            `<tr><td>${i + 1}</td><td>${esc(l.part_number)}</td><td>${esc(l.description)}</td><td>CAPA</td><td class="r">${l.qtyShipped}</td><td class="r">${esc(money(l.net, m))}</td><td class="r">${esc(money(l.qtyShipped * l.net, m))}</td></tr>`,
        )
        .join('');
      const memo = inv.charges.filter((c) => c.placement === 'table');
      const ra = otherNumber(inv.invoiceNumber, 5);
      const memoRows = memo
        .map((c, i) => {
          const returned = c.kind === 'credit';
          const pn = returned ? CAPA_RETURNS[(Number(ra) + i) % CAPA_RETURNS.length]! : c.code;
          return `<tr><td>${returned ? `RA ${ra}` : ''}</td><td>${esc(pn)}</td><td>${esc(c.description)}</td><td class="r">${returned ? '-1' : '1'}</td><td class="r">${esc(money(Math.abs(c.unit), m))}</td><td class="r">${esc(money(c.qty * c.unit, m))}</td></tr>`;
        })
        .join('');
      const merch = inv.lines.reduce((s, l) => s + l.qtyShipped * l.net, 0);
      const credits = memo.filter((c) => c.kind === 'credit').reduce((s, c) => s + c.qty * c.unit, 0);
      const restock = memo.filter((c) => c.kind !== 'credit').reduce((s, c) => s + c.qty * c.unit, 0);
      const rows: [string, number][] = [
        ['Merchandise', merch],
        ...(credits ? [['Credits', credits] as [string, number]] : []),
        ...(restock ? [['Restocking', restock] as [string, number]] : []),
        ...inv.charges.filter((c) => c.placement === 'footer').map((c) => [c.description, c.qty * c.unit] as [string, number]),
        [inv.taxLabel, inv.tax],
      ];
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv.supplier.lines)}<br>${esc(inv.supplier.phone)}</div>
        <div class="box"><div class="doc">INVOICE</div><div>Invoice # <b>${esc(inv.invoiceNumber)}</b></div><div>Date: ${esc(inv.dateText)}</div><div>Cust: ${esc(inv.account)} &nbsp; PO: ${esc(inv.po)}</div></div></div>
        <div class="bill"><b>Ship To:</b> ${esc(inv.customer)}, 812 Oak Street &nbsp; <b>Route</b> 6 &nbsp; <b>Driver</b> TM</div>
        <table class="items"><thead><tr><th>Ln</th><th>Part Number</th><th>Description</th><th>Cert</th><th class="r">Qty</th><th class="r">Unit Price</th><th class="r">Ext. Price</th></tr></thead><tbody>${parts}</tbody></table>
        ${
          memo.length
            ? `<div class="memo"><div class="mh">CREDIT MEMO — RETURNS APPLIED TO THIS INVOICE</div><table class="items m"><thead><tr><th>RA #</th><th>Part Number</th><th>Reason</th><th class="r">Qty</th><th class="r">Unit Price</th><th class="r">Credit</th></tr></thead><tbody>${memoRows}</tbody></table></div>`
            : ''
        }
        <table class="tot">${rows.map(([label, c]) => `<tr><td>${esc(label)}</td><td class="r">${esc(money(c, m))}</td></tr>`).join('')}
        <tr class="total"><td>Amount Due</td><td class="r">${esc(money(inv.total, { ...m, dollar: true }))}</td></tr></table>
        <p class="foot">Returns require an RA number. Non-defective returns are subject to a 15% restocking fee. CAPA certified parts carry a limited lifetime warranty.</p>`,
        `.top { display:flex; justify-content:space-between; align-items:flex-start; } .sup { font-size:12px; } .sup .name { font-size:22px; font-weight:bold; color:#0b4f2e; }
        .box { border:2px solid #0b4f2e; padding:6px 12px; font-size:13px; } .doc { font-size:20px; font-weight:bold; color:#0b4f2e; } .bill { margin:12px 0; font-size:13px; }
        .items { width:100%; } .items th { border-bottom:2px solid #0b4f2e; padding:4px 6px; text-align:left; font-size:13px; } .items th.r { text-align:right; } .items td { padding:4px 6px; border-bottom:1px solid #e2e8e4; }
        .memo { margin-top:16px; border:1px solid #b45309; padding:6px; } .mh { font-weight:bold; color:#b45309; margin-bottom:4px; } .items.m th { border-bottom-color:#b45309; }
        .tot { margin:12px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:16px; border-top:2px solid #0b4f2e; } .foot { font-size:11px; margin-top:14px; }`,
      );
    },
  },
  {
    id: 'L54-glass-totals-beside',
    title:
      'Auto glass distributor: Qty / NAGS # / Description with the VEHICLE on a second, smaller line of the same cell / List / Net / Amount, NAGS numbers with a space (FW05187 GBYH), urethane and clip kits as parts, labour and calibration rows in the table, the totals in a box BESIDE the table (top right, not under it), a logo box left of the name, invoice details in a box with each label left of its value, Claim # and VIN of the insured car, MMM-dd-yyyy dates in capitals (NOV-03-2026)',
    features: [
      'totals-beside-table',
      'two-line-description',
      'vehicle-subline',
      'nags-space',
      'kits',
      'labor-rows',
      'logo-box',
      'claim-vin',
      'list-net',
      'fee',
      'tax',
      'date-MMM-dd-yyyy',
    ],
    catalog: 'nagskit',
    dateFormat: 'MMM-dd-yyyy',
    suppliers: ['ClearView Auto Glass Distributors', 'Summit Glass Supply Inc.'],
    invoiceNumber: (rng) => `G${rng.int(1, 9)}${rng.digits(5)}`,
    spec: spec('nagskit', {
      discount: { p: 0.6, min: 20, max: 45 },
      maxQty: 3,
      charges: [labor(0.7), { ...hazmat('table', 0.4), text: ['Glass disposal fee', 'Recycling fee'] }],
      taxRate: 6,
      taxLabel: 'Sales Tax 6%',
    }),
    width: 1000,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      const rows = [
        ['Subtotal', inv.subtotal] as const,
        ...inv.charges.filter((c) => c.placement === 'footer').map((c) => [c.description, c.qty * c.unit] as const),
        [inv.taxLabel, inv.tax] as const,
      ];
      const vin = otherNumber(inv.invoiceNumber, 8);
      return page(
        `<div class="top"><div class="brand"><div class="logo">${esc(initials(inv.supplier.name))}</div><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv.supplier.lines)}<br>${esc(inv.supplier.phone)}</div></div>
        <table class="meta"><tr><th colspan="2">INVOICE</th></tr><tr><td>Invoice</td><td><b>${esc(inv.invoiceNumber)}</b></td></tr><tr><td>Date</td><td>${esc(inv.dateText)}</td></tr><tr><td>Account</td><td>${esc(inv.account)}</td></tr><tr><td>PO</td><td>${esc(inv.po)}</td></tr></table></div>
        <div class="bill"><b>Bill To</b> ${esc(inv.customer)} &nbsp; | &nbsp; Claim # ${otherNumber(inv.po, 9)} &nbsp; | &nbsp; VIN 5TDJZRFH${vin.slice(0, 1)}LS${vin.slice(1)}</div>
        <div class="wrap">${table(inv, [
          std('Qty', 'qty', m, true),
          std('NAGS #', 'part', m),
          { head: 'Description', cell: (row: TableRow) => `${esc(cellText(row, 'desc', m))}${row.part?.application ? `<div class="veh">${esc(row.part.application)}</div>` : ''}` },
          { head: 'List', right: true, cell: (row: TableRow) => (row.part ? esc(money(row.part.list, m)) : '') },
          std('Net', 'net', m, true),
          std('Amount', 'ext', m, true),
        ])}
        <div class="side"><div class="sh">Invoice Summary</div><table>${rows.map(([label, c]) => `<tr><td>${esc(label)}</td><td class="r">${esc(money(c, m))}</td></tr>`).join('')}
        <tr class="t"><td>Total</td><td class="r">${esc(money(inv.total, { ...m, dollar: true }))}</td></tr></table><div class="terms">Terms: Net 30<br>Installer: R. Ortiz</div></div></div>
        <p class="foot">Glass warranted against leaks for the life of the vehicle when installed by us. Calibration reports available on request.</p>`,
        `body { font-size:13px; } .top { display:flex; justify-content:space-between; align-items:flex-start; } .brand { display:flex; gap:12px; align-items:center; }
        .logo { width:70px; height:70px; border-radius:50%; background:#0369a1; color:#fff; font-size:24px; font-weight:bold; display:flex; align-items:center; justify-content:center; }
        .sup { font-size:12px; } .sup .name { font-size:21px; font-weight:bold; color:#0369a1; }
        .meta { border:1px solid #0369a1; } .meta th { background:#0369a1; color:#fff; padding:3px 8px; font-size:15px; } .meta td { padding:2px 8px; } .meta td:first-child { color:#555; }
        .bill { margin:12px 0 10px; padding:5px 0; border-top:1px solid #0369a1; border-bottom:1px solid #0369a1; }
        .wrap { display:flex; gap:16px; align-items:flex-start; } .wrap .items { flex:1; } .items th { background:#e0f2fe; padding:5px 6px; text-align:left; } .items th.r { text-align:right; }
        .items td { padding:5px 6px; border-bottom:1px solid #e5e7eb; vertical-align:top; } .veh { font-size:11px; color:#666; margin-top:1px; }
        .side { width:230px; border:2px solid #0369a1; padding:6px; } .sh { font-weight:bold; color:#0369a1; margin-bottom:4px; } .side table { width:100%; } .side td { padding:2px 4px; }
        .side .t td { font-weight:bold; font-size:16px; border-top:1px solid #0369a1; } .terms { font-size:11px; color:#555; margin-top:8px; } .foot { font-size:11px; margin-top:14px; }`,
      );
    },
  },
];
