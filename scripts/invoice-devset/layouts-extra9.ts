/**
 * Six more supplier layouts (L67–L72) for the NINTH extra tuning set (tests/fixtures/invoices-dev-extra9, made by
 * `generate.ts --extra9`). The earlier sets stressed column heads, dates, photographs and where the table is; these
 * six keep tables that are EASY TO FIND (one clear head row, plain rules) and stress the CONTENT OF THEIR ROWS, where
 * the reader can pick the wrong field inside a row it found:
 * - a GM dealer (L67): part numbers with the "GM " prefix and a space (`GM 84512345`), sizes and a core price inside
 *   descriptions (`BOLT M8X1.25X20`, `… INCL $75.00 CORE`), List / Disc % / Net Each per row, a tax flag T AFTER the
 *   amount, note lines under a row ("SUPERSEDES 23456789", "BACKORDERED 1") that are not rows, amounts over 1,000;
 * - a Hyundai/Subaru dealer group (L68): slashed numbers (`HY/86511-L1000`, `SU/57704AL00A`), long descriptions
 *   wrapping onto two or three lines in a narrow column, a return row with a NEGATIVE quantity (-1) and its amount in
 *   parentheses (a credit, not a part);
 * - an aftermarket bumper and lamp distributor (L69): per cents and sizes inside descriptions (`PROMO 20% OFF LIST`,
 *   `6 BAR`), Ord / Shp / List / Disc % / Net / Extension, assemblies over a thousand dollars, two-line descriptions;
 * - a paint-body-equipment jobber (L70): DECIMAL quantities (1.5 GL, 0.25 LB), codes with dots and spaces (`5.5-BLK`,
 *   `SEM 39143`), `#80 GRIT`, `1K PRIMER`, `3/8 HOSE`, a spray gun's "SERIAL 4471-2" note line, a misc row with NO
 *   item code, a T/N tax flag after the amount;
 * - a fastener and clip supplier (L71): the QUANTITY AFTER THE AMOUNT and a bin location last (Part # / Description /
 *   Unit Price / Amount / Qty / Bin), short all-digit part numbers (`4471`, `250`, `88`), unit prices with FOUR
 *   decimals (0.4275) whose amounts round to the cent; it prints the two-page text PDF;
 * - an auto glass wholesaler (L72): NAGS numbers with a space (`FW05112 GTYN`), `18 IN WIPER`, `10.5 OZ`, List / Net,
 *   sublet rows (mobile install, camera recalibration) with NO part number, a recalibration note under a windshield.
 *
 * The truth is what the page prints, in the contract's terms (app/lib/schemas/invoice.ts: whole quantities, prices in
 * cents): a part sold by a decimal quantity (1.5 GL at 42.00 = 63.00) is quantity 1 at its amount (63.00), as the shop
 * enters it; a four-decimal price is rounded to the cent (0.4275 → 0.43, and only quantities whose amount is then the
 * same are drawn, so the page adds up); a return row is a credit charge, a sublet or misc row with no part number an
 * 'other' charge, a note line nothing. Dates reuse formats of earlier sets (the axis here is rows, not dates). All
 * tuning: nothing here is held out, and the other sets are not affected by this file (its `finish` hooks are its own).
 */
import { randomPart } from './catalog';
import { cellText, esc, page, tableRows, type Col, type MoneyStyle, type TableRow } from './html';
import { freight, hazmat, spec, type Layout } from './layouts';
import { otherNumber } from './layouts-extra3';
import { addressLines, footer, totBlock } from './layouts-extra8';
import { money, retotal, type ChargeRow, type Invoice, type InvoiceSpec } from './model';

type ChargeOpt = InvoiceSpec['charges'][number];

/** A cell's text: the printed quantity or unit price of a part when it differs from the truth's (decimal, 4 decimals). */
function cell(row: TableRow, key: Col, m: MoneyStyle): string {
  if (row.part) {
    const l = row.part;
    if ((key === 'qty' || key === 'shp' || key === 'ord') && l.qtyText) return l.qtyText;
    if (key === 'net' && l.unitText) return l.unitText;
  }
  return cellText(row, key, m);
}

/** One column: head, alignment, class, and the (unescaped) text of a row's cell. */
interface Column {
  head: string;
  right?: boolean;
  cls?: string;
  text: (row: TableRow) => string;
}
const col = (head: string, key: Col, m: MoneyStyle, right = false, cls = ''): Column => ({ head, right, cls, text: (row) => cell(row, key, m) });
/** A column that prints only on part rows (List, Disc % on a dealer invoice: a charge row leaves them blank). */
const partCol = (head: string, key: Col, m: MoneyStyle, right = false, cls = ''): Column => ({
  head,
  right,
  cls,
  text: (row) => (row.part ? cell(row, key, m) : ''),
});

/**
 * The parts table (class `items`): one head row, the rows, and each part's note lines UNDER it as rows of their own
 * (class `note`), the note starting in column `noteAt` (the description's) and spanning the rest.
 */
function itemsTable(inv: Invoice, cols: Column[], noteAt: number, opts: { zebra?: boolean } = {}): string {
  const cls = (c: Column) => [c.right ? 'r' : '', c.cls ?? ''].join(' ').trim();
  const head = cols.map((c) => `<th class="${cls(c)}">${esc(c.head)}</th>`).join('');
  const body = tableRows(inv)
    .map((row, i) => {
      const z = opts.zebra && i % 2 ? ' z' : '';
      const main = `<tr class="row${z}${row.charge ? ' chg' : ''}">${cols.map((c) => `<td class="${cls(c)}">${esc(c.text(row))}</td>`).join('')}</tr>`;
      const notes = (row.part?.notes ?? [])
        .map(
          (n) =>
            `<tr class="note${z}">${'<td></td>'.repeat(noteAt)}<td colspan="${cols.length - noteAt}">${esc(n)}</td></tr>`,
        )
        .join('');
      return main + notes;
    })
    .join('');
  return `<table class="items"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** A sublet or misc row: no part number printed, an 'other' charge in the table. */
const noPart = (text: string[], min: number, max: number, p: number): ChargeOpt => ({
  kind: 'other',
  text,
  code: '',
  min,
  max,
  placement: 'table',
  p,
});

/** A stock bin as a warehouse prints it (`C14-3`), fixed by the part number and the invoice. */
function bin(seed: string): string {
  const d = otherNumber(seed, 4);
  return `${'ABCDEFGH'[Number(d[0]) % 8]}${d.slice(1, 3)}-${Number(d[3]) + 1}`;
}

export const EXTRA9_LAYOUTS: Layout[] = [
  {
    id: 'L67-gm-dealer-supersede',
    title:
      'GM dealer wholesale counter: Qty Ord / Qty Shp / Part Number / Description / List / Disc % / Net Each / Amount / T — GM numbers printed with the "GM " prefix and a space (GM 84512345), sizes and a core price inside descriptions (BOLT M8X1.25X20, COMPRESSOR ASM-A/C INCL $75.00 CORE), a tax flag T AFTER the amount, note lines under a row that are not rows (SUPERSEDES 23456789, BACKORDERED 1), amounts over 1,000 with a comma, hazmat fees in the table, delivery below, MM/dd/yyyy dates',
    features: [
      'prefixed-part-numbers-with-space',
      'numbers-in-descriptions',
      'money-in-description',
      'list-disc-net',
      'tax-flag-after-amount',
      'note-lines-under-rows',
      'supersedes',
      'backordered-note',
      'thousands-separators',
      'fee',
      'freight',
      'tax',
      'date-MM/dd/yyyy',
    ],
    catalog: 'gmwhs',
    dateFormat: 'MM/dd/yyyy',
    suppliers: ['Lakeside Chevrolet Buick GMC Wholesale Parts', 'Summit GM Parts Distribution Center'],
    invoiceNumber: (rng) => `CI${rng.digits(6)}`,
    spec: spec('gmwhs', {
      discount: { p: 0.75, min: 15, max: 35 },
      shortShip: 0.35,
      maxQty: 6,
      charges: [{ ...hazmat('table', 0.4), text: ['HAZ MAT FEE', 'ENVIRONMENTAL FEE'] }, { ...freight('footer', 0.5), text: ['Delivery', 'Hot shot delivery'] }],
      taxRate: 6.5,
      taxLabel: 'Sales Tax 6.5%',
    }),
    finish: (inv, rng) => ({
      ...inv,
      lines: inv.lines.map((l) => {
        const notes: string[] = [];
        if (rng.chance(0.3)) notes.push(`SUPERSEDES ${rng.pick(['1', '2'])}${rng.digits(7)}`);
        if (l.qtyOrdered > l.qtyShipped) notes.push(`BACKORDERED ${l.qtyOrdered - l.qtyShipped}`);
        return notes.length ? { ...l, notes } : l;
      }),
    }),
    width: 1000,
    html: (inv) => {
      const m: MoneyStyle = { comma: true, disc: 'dec' };
      const flag: Column = { head: 'T', cls: 'c', text: () => 'T' };
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv)}<br>Parts Dept ${esc(inv.supplier.phone)}</div>
        <table class="box"><tr><th colspan="2">PARTS INVOICE</th></tr><tr><td>Invoice No.</td><td><b>${esc(inv.invoiceNumber)}</b></td></tr><tr><td>Invoice Date</td><td>${esc(inv.dateText)}</td></tr><tr><td>Account</td><td>${esc(inv.account)}</td></tr><tr><td>Your PO</td><td>${esc(inv.po)}</td></tr></table></div>
        <div class="bill"><b>Sold To:</b> ${esc(inv.customer)} &nbsp; · &nbsp; <b>Counterperson:</b> 14 DAVIS &nbsp; · &nbsp; <b>Ship Via:</b> Route 3</div>
        ${itemsTable(
          inv,
          [
            col('Qty Ord', 'ord', m, true),
            col('Qty Shp', 'shp', m, true),
            col('Part Number', 'part', m, false, 'pn'),
            col('Description', 'desc', m),
            partCol('List', 'list', m, true),
            partCol('Disc %', 'disc', m, true),
            col('Net Each', 'net', m, true),
            col('Amount', 'ext', m, true),
            flag,
          ],
          3,
        )}
        ${totBlock([['Parts', inv.subtotal], ...footer(inv), [inv.taxLabel, inv.tax]], ['Amount Due', inv.total], m)}
        <p class="foot">T = taxable. Back-ordered parts are billed when shipped. Returns within 15 days with this invoice; electrical parts are not returnable.</p>`,
        `body { font-size:13px; } .top { display:flex; justify-content:space-between; align-items:flex-start; } .sup { font-size:12px; } .sup .name { font-size:21px; font-weight:bold; color:#1e3a8a; }
        .box { border:1px solid #1e3a8a; font-size:12px; } .box th { background:#1e3a8a; color:#fff; padding:3px 8px; } .box td { padding:2px 8px; }
        .bill { margin:12px 0 8px; } .items { width:100%; } .items th { border-top:2px solid #1e3a8a; border-bottom:2px solid #1e3a8a; padding:4px 5px; text-align:left; font-size:12px; } .items th.r { text-align:right; } .items th.c { text-align:center; }
        .items td { padding:3px 5px; } .items td.pn { white-space:nowrap; } .items tr.row td { border-top:1px solid #cbd5e1; } .items tr.note td { font-size:11px; color:#333; padding:0 5px 3px; }
        .tot { margin:10px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:15px; border-top:2px solid #1e3a8a; }
        .foot { font-size:11px; margin-top:12px; color:#444; }`,
      );
    },
  },
  {
    id: 'L68-hyundai-subaru-wrap-return',
    title:
      'Hyundai and Subaru dealer group: Line / Part No. / Description / Qty / Unit List / Unit Net / Ext Net — the brand code and a slash before each number (HY/86511-L1000, SU/57704AL00A), long catalogue descriptions wrapping onto two or three lines in a narrow column, a RETURN row with a negative quantity (-1) and its amount in parentheses (a credit, not a part), shipping below, MMM d, yyyy dates',
    features: [
      'slashed-part-numbers',
      'wrapped-descriptions',
      'numbers-in-descriptions',
      'return-row-negative-qty',
      'paren-negatives',
      'list-net',
      'line-numbers',
      'credit',
      'freight',
      'tax',
      'date-MMM-d-yyyy',
    ],
    catalog: 'hyusub',
    dateFormat: 'MMM d, yyyy',
    suppliers: ['Riverside Hyundai Subaru Parts', 'Metro Hyundai & Subaru Wholesale'],
    invoiceNumber: (rng) => `${rng.int(3, 8)}${rng.digits(5)}-P`,
    spec: spec('hyusub', {
      discount: { p: 0.65, min: 10, max: 25 },
      maxQty: 4,
      charges: [{ ...freight('footer', 0.5), text: ['Shipping', 'Shipping & handling'] }],
      taxRate: 7.25,
      taxLabel: 'Tax 7.25%',
    }),
    finish: (inv, rng) => {
      if (!rng.chance(0.75)) return inv;
      // A part sent back on this invoice: its own number, -1 (or -2 for a cheap one), the amount in parentheses; one
      // worth less than most of the parts billed, so the invoice stays a bill.
      const parts = inv.lines.reduce((s, l) => s + l.qtyShipped * l.net, 0);
      for (let k = 0; k < 6; k += 1) {
        const part = randomPart(rng, 'hyusub');
        const qty = part.list < 2000 ? -rng.int(1, 2) : -1;
        if (inv.lines.some((l) => l.part_number === part.part_number) || -qty * part.list > parts * 0.7) continue;
        const ret: ChargeRow = {
          kind: 'credit',
          description: `RETURN RA${rng.digits(5)} ${part.description}`,
          code: part.part_number,
          qty,
          unit: part.list,
          placement: 'table',
          after: rng.int(1, inv.lines.length),
        };
        return retotal({ ...inv, charges: [...inv.charges, ret] }, 7.25);
      }
      return inv;
    },
    width: 900,
    html: (inv) => {
      const m: MoneyStyle = { comma: true, negative: 'paren' };
      return page(
        `<div class="head"><div class="name">${esc(inv.supplier.name)}</div><div>${addressLines(inv)} · ${esc(inv.supplier.phone)}</div></div>
        <table class="meta"><tr><td>Invoice # <b>${esc(inv.invoiceNumber)}</b></td><td>Date ${esc(inv.dateText)}</td><td>Customer # ${esc(inv.account)}</td><td>P.O. ${esc(inv.po)}</td></tr>
        <tr><td colspan="4">Sold to: ${esc(inv.customer)}, 812 Oak Street</td></tr></table>
        ${itemsTable(
          inv,
          [
            col('Line', 'line', m, true),
            col('Part No.', 'part', m, false, 'pn'),
            col('Description', 'desc', m, false, 'd'),
            col('Qty', 'qty', m, true),
            col('Unit List', 'list', m, true),
            col('Unit Net', 'net', m, true),
            col('Ext Net', 'ext', m, true),
          ],
          2,
        )}
        ${totBlock([['Subtotal', inv.subtotal], ...footer(inv), [inv.taxLabel, inv.tax]], ['Total', inv.total], m)}
        <p class="foot">Returns require an RA number and are credited at the price paid. Special-order parts are not returnable.</p>`,
        `body { font-size:13px; } .head { border-bottom:3px solid #0b3d91; padding-bottom:6px; } .head .name { font-size:22px; font-weight:bold; color:#0b3d91; }
        .meta { width:100%; margin:8px 0; } .meta td { padding:2px 4px; }
        .items { width:100%; } .items th { background:#0b3d91; color:#fff; padding:4px 6px; text-align:left; } .items th.r { text-align:right; }
        .items td { padding:4px 6px; vertical-align:top; border-bottom:1px solid #d1d5db; } .items td.pn { white-space:nowrap; } .items td.d { width:170px; }
        .tot { margin:10px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:15px; border-top:2px solid #0b3d91; }
        .foot { font-size:11px; margin-top:14px; color:#555; }`,
      );
    },
  },
  {
    id: 'L69-aftermarket-bumper-lamp',
    title:
      'Aftermarket bumper and lamp distributor: Item # / Description / Ord / Shp / List / Disc % / Net / Extension — Partslink-style numbers (HY1000215C, TO2503159), per cents and sizes inside descriptions (FOG LAMP KIT PROMO 20% OFF LIST, GRILLE ASSY 6 BAR CHROME, 15% LIGHTER FOAM) next to a Disc % column ("35%"), complete assemblies over a thousand dollars (1,345.00), descriptions wrapping onto two lines, short shipments, an environmental fee and freight below, M/d/yy dates',
    features: [
      'partslink-numbers',
      'percent-in-description',
      'numbers-in-descriptions',
      'per-row-discount',
      'list-disc-net',
      'ord-shp',
      'wrapped-descriptions',
      'thousands-separators',
      'fee',
      'freight',
      'tax',
      'date-M/d/yy',
    ],
    catalog: 'bumperlamp',
    dateFormat: 'M/d/yy',
    suppliers: ['CrashPro Aftermarket Parts', 'Great Lakes Bumper & Lamp Supply'],
    invoiceNumber: (rng) => `${rng.pick(['S', 'SO'])}${rng.int(10, 99)}-${rng.digits(5)}`,
    spec: spec('bumperlamp', {
      discount: { p: 0.9, min: 20, max: 45 },
      shortShip: 0.15,
      maxQty: 4,
      charges: [
        { ...hazmat('footer', 0.4), text: ['Environmental fee', 'Tire & lamp disposal fee'] },
        { ...freight('footer', 0.6), text: ['Freight', 'Freight - our truck'] },
      ],
      taxRate: 8.25,
      taxLabel: 'Sales Tax',
    }),
    width: 960,
    html: (inv) => {
      const m: MoneyStyle = { comma: true, disc: 'pct' };
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv)}<br>Phone ${esc(inv.supplier.phone)}</div>
        <div class="inv"><div class="doc">INVOICE</div><div>No. <b>${esc(inv.invoiceNumber)}</b></div><div>Date: ${esc(inv.dateText)}</div><div>Cust: ${esc(inv.account)}</div><div>PO: ${esc(inv.po)}</div></div></div>
        <div class="bill"><b>Ship To:</b> ${esc(inv.customer)} &nbsp; <b>Terms:</b> Net 30 &nbsp; <b>Route:</b> ${otherNumber(inv.invoiceNumber, 2)}</div>
        ${itemsTable(
          inv,
          [
            col('Item #', 'part', m, false, 'pn'),
            col('Description', 'desc', m, false, 'd'),
            col('Ord', 'ord', m, true),
            col('Shp', 'shp', m, true),
            partCol('List', 'list', m, true),
            partCol('Disc %', 'disc', m, true),
            col('Net', 'net', m, true),
            col('Extension', 'ext', m, true),
          ],
          1,
          { zebra: true },
        )}
        ${totBlock([['Merchandise', inv.subtotal], ...footer(inv), [inv.taxLabel, inv.tax]], ['Invoice Total', inv.total], m)}
        <p class="foot">CAPA certified parts carry the CAPA seal. Report shipping damage within 24 hours. 20% restocking fee on returns.</p>`,
        `body { font-size:13px; } .top { display:flex; justify-content:space-between; } .sup { font-size:12px; } .sup .name { font-size:22px; font-weight:bold; color:#b91c1c; }
        .inv { border:2px solid #b91c1c; padding:6px 12px; font-size:13px; } .inv .doc { font-size:18px; font-weight:bold; color:#b91c1c; }
        .bill { margin:12px 0 8px; } .items { width:100%; border:1px solid #999; } .items th { background:#fee2e2; padding:4px 6px; text-align:left; border-bottom:1px solid #999; } .items th.r { text-align:right; }
        .items td { padding:4px 6px; vertical-align:top; } .items td.pn { white-space:nowrap; } .items td.d { width:220px; } .items tr.z td { background:#f5f5f5; }
        .tot { margin:10px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:15px; border-top:2px solid #b91c1c; }
        .foot { font-size:11px; margin-top:14px; color:#555; }`,
      );
    },
  },
  {
    id: 'L70-pbe-jobber-decimal-qty',
    title:
      'Paint-body-equipment (PBE) jobber: Qty / UM / Item / Description / Price / Amount / T — DECIMAL quantities for products sold by the gallon, quart or pound (1.5 GL, 0.25 LB: the truth is quantity 1 at the amount), item codes with dots and spaces (5.5-BLK, SEM 39143, 3M.02085), sizes and grades in descriptions (#80 GRIT, 1K PRIMER, 3/8 HOSE, 2.5 QT), a spray gun\'s SERIAL note line under its row, a MISC SHOP SUPPLIES row with no item code, hazmat fees in the table, a T/N tax flag after the amount, MM-dd-yy dates',
    features: [
      'decimal-quantities',
      'qty-first',
      'uom-column',
      'dotted-part-numbers',
      'part-numbers-with-space',
      'numbers-in-descriptions',
      'note-lines-under-rows',
      'serial-note',
      'blank-part-number-row',
      'tax-flag-after-amount',
      'fee',
      'freight',
      'tax',
      'date-MM-dd-yy',
    ],
    catalog: 'pbe',
    dateFormat: 'MM-dd-yy',
    suppliers: ['Keystone Paint & Body Supply', 'FinishLine PBE Distributors'],
    invoiceNumber: (rng) => `${rng.int(40, 69)}${rng.digits(4)}`,
    spec: spec('pbe', {
      maxQty: 4,
      charges: [
        { ...hazmat('table', 0.5), text: ['HAZMAT FEE', 'Hazardous material fee'] },
        noPart(['MISC SHOP SUPPLIES', 'Misc shop supplies'], 500, 2500, 0.6),
        { ...freight('footer', 0.3), text: ['Delivery'] },
      ],
      taxRate: 6,
      taxLabel: 'Sales Tax 6%',
    }),
    finish: (inv, rng) => {
      const decimals: Record<string, number[]> = { GL: [1.5, 2.5, 0.5], LB: [0.25, 0.75, 1.5, 0.5], QT: [1.5, 2.5] };
      const lines = inv.lines.map((l) => {
        const choices = decimals[l.uom];
        let out = l;
        if (choices && rng.chance(0.75)) {
          // 1.5 GL at 42.00 prints 63.00; the contract holds whole quantities, so the truth is 1 at 63.00.
          const q = rng.pick(choices);
          const amount = Math.round(q * l.net);
          out = { ...l, qtyText: String(q), unitText: money(l.net), qtyOrdered: 1, qtyShipped: 1, list: amount, net: amount };
        }
        if (l.description.startsWith('SPRAY GUN')) out = { ...out, notes: [`SERIAL ${rng.digits(4)}-${rng.int(1, 9)}`] };
        return out;
      });
      // Hazmat fees are not taxed (flag N); parts and shop supplies are.
      return retotal({ ...inv, lines }, 6, (c) => c.code !== 'HAZ');
    },
    width: 900,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      const flag: Column = { head: 'T', cls: 'c', text: (row) => (row.charge?.code === 'HAZ' ? 'N' : 'T') };
      return page(
        `<div class="head"><div class="name">${esc(inv.supplier.name)}</div><div class="sub">${addressLines(inv)} · ${esc(inv.supplier.phone)}</div></div>
        <table class="meta"><tr><td>INVOICE <b>${esc(inv.invoiceNumber)}</b></td><td>DATE ${esc(inv.dateText)}</td><td>ACCT ${esc(inv.account)}</td><td>PO ${esc(inv.po)}</td></tr>
        <tr><td colspan="2">SOLD TO: ${esc(inv.customer)}</td><td colspan="2">SLSMN 07 · WILL CALL</td></tr></table>
        ${itemsTable(
          inv,
          [
            col('Qty', 'qty', m, true),
            col('UM', 'uom', m),
            col('Item', 'part', m, false, 'pn'),
            col('Description', 'desc', m),
            col('Price', 'net', m, true),
            col('Amount', 'ext', m, true),
            flag,
          ],
          3,
        )}
        ${totBlock([['Subtotal', inv.subtotal], ...footer(inv), [inv.taxLabel, inv.tax]], ['TOTAL', inv.total], m)}
        <p class="foot">Mixed paint and opened chemicals are not returnable. N = not taxable. Safety data sheets at the counter or online.</p>`,
        `body { font-size:13px; } .head { text-align:center; border-bottom:2px solid #7c2d12; padding-bottom:6px; } .name { font-size:23px; font-weight:bold; color:#7c2d12; } .sub { font-size:12px; }
        .meta { width:100%; margin:8px 0; } .meta td { padding:2px 4px; }
        .items { width:100%; } .items th { border-bottom:2px solid #7c2d12; padding:4px 6px; text-align:left; } .items th.r { text-align:right; } .items th.c { text-align:center; }
        .items td { padding:3px 6px; } .items td.pn { white-space:nowrap; } .items tr.chg td { font-style:italic; color:#444; } .items tr.note td { font-size:11px; padding-top:0; }
        .tot { margin:10px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:15px; border-top:2px solid #7c2d12; }
        .foot { font-size:11px; margin-top:14px; text-align:center; color:#555; }`,
      );
    },
  },
  {
    id: 'L71-fastener-qty-after-amount',
    title:
      'Fastener and clip supplier: Part # / Description / Unit Price / Amount / Qty / Bin — the QUANTITY AFTER THE AMOUNT and a bin location last (C14-3), short all-digit part numbers that look like quantities (4471, 250, 88), sizes in descriptions (BOLT M8X1.25X20, U-NUT 1/4-14, SCREW #8 X 3/4), unit prices with FOUR decimals (0.4275, the truth rounded to the cent) and quantities by the hundred, UPS charges below, yyyy-MM-dd dates; prints the two-page text PDF',
    features: [
      'qty-after-amount',
      'bin-after-qty',
      'all-digit-part-numbers',
      'numbers-in-descriptions',
      'four-decimal-prices',
      'bulk-quantities',
      'thousands-separators',
      'freight',
      'fee',
      'tax',
      'date-yyyy-MM-dd',
    ],
    catalog: 'fastbulk',
    dateFormat: 'yyyy-MM-dd',
    suppliers: ['Midwest Fastener & Clip Co.', 'Auto Body Hardware Supply'],
    invoiceNumber: (rng) => `INV ${rng.digits(7)}`,
    spec: spec('fastbulk', {
      maxQty: 10,
      charges: [
        { ...freight('footer', 0.6), text: ['UPS Ground', 'Shipping'] },
        { kind: 'fee', text: ['Small order fee'], code: 'SOF', min: 500, max: 500, placement: 'footer', p: 0.2 },
      ],
      taxRate: 7,
      taxLabel: 'Sales Tax 7.00%',
    }),
    finish: (inv, rng) => {
      const lines = inv.lines.map((l) => {
        // Pieces by the hundred at prices in ten-thousandths of a dollar. A sub-cent price is kept only when the amount
        // is the same with the price rounded to the cent (so the page adds up to the truth's); a bulk quantity
        // rarely allows one, and its price then prints four decimals of whole cents (0.4500).
        // A box (the rivets, 100 ct) sells by ones and twos.
        const qty = l.list > 300 ? rng.int(1, 3) : rng.pick([2, 3, 4, 6, 10, 12, 25, 50, 100, 100, 250, 500]);
        const piece = l.list;
        for (let k = 0; k < 4; k += 1) {
          const p4 = Math.max(60, piece * 100 + rng.int(-49, 49));
          const net = Math.round(p4 / 100);
          if (Math.round((qty * p4) / 100) === qty * net)
            return { ...l, qtyOrdered: qty, qtyShipped: qty, list: net, net, unitText: (p4 / 10000).toFixed(4) };
        }
        const net = Math.max(1, piece);
        return { ...l, qtyOrdered: qty, qtyShipped: qty, list: net, net, unitText: (net / 100).toFixed(4) };
      });
      return retotal({ ...inv, lines }, 7);
    },
    width: 900,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      const binCol: Column = { head: 'Bin', text: (row) => (row.part ? bin(`${row.part.part_number}${inv.invoiceNumber}`) : '') };
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv)}<br>${esc(inv.supplier.phone)}</div>
        <table class="meta"><tr><td>Invoice</td><td><b>${esc(inv.invoiceNumber)}</b></td></tr><tr><td>Date</td><td>${esc(inv.dateText)}</td></tr><tr><td>Customer</td><td>${esc(inv.account)}</td></tr><tr><td>Cust PO</td><td>${esc(inv.po)}</td></tr></table></div>
        <div class="bill"><b>Bill To:</b> ${esc(inv.customer)} &nbsp; · &nbsp; <b>Ship Via:</b> UPS Ground &nbsp; · &nbsp; <b>Picker:</b> ${otherNumber(inv.invoiceNumber, 2)}</div>
        ${itemsTable(
          inv,
          [
            col('Part #', 'part', m, false, 'pn'),
            col('Description', 'desc', m),
            col('Unit Price', 'net', m, true),
            col('Amount', 'ext', m, true),
            col('Qty', 'qty', m, true),
            binCol,
          ],
          1,
          { zebra: true },
        )}
        ${totBlock([['Merchandise Total', inv.subtotal], ...footer(inv), [inv.taxLabel, inv.tax]], ['Please Pay', inv.total], m)}
        <p class="foot">Prices per piece. Standard packs may not be broken. Claims within 10 days.</p>`,
        `body { font-size:13px; } .top { display:flex; justify-content:space-between; align-items:flex-start; } .sup { font-size:12px; } .sup .name { font-size:21px; font-weight:bold; color:#374151; }
        .meta { border:1px solid #374151; font-size:12px; } .meta td { padding:2px 8px; }
        .bill { margin:12px 0 8px; } .items { width:100%; } .items th { border-bottom:2px solid #374151; padding:4px 6px; text-align:left; } .items th.r { text-align:right; }
        .items td { padding:3px 6px; } .items td.pn { white-space:nowrap; } .items tr.z td { background:#f3f4f6; }
        .tot { margin:10px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:15px; border-top:2px solid #374151; }
        .foot { font-size:11px; margin-top:14px; color:#555; }`,
      );
    },
  },
  {
    id: 'L72-glass-list-net-sublet',
    title:
      'Auto glass wholesaler: NAGS # / Description / Qty / List / Net / Ext — NAGS numbers with a space before the suffix (FW05112 GTYN), sizes in descriptions (18 IN WIPER BLADE, URETHANE HI-MOD 10.5 OZ), list and net per row, windshields over a thousand dollars, SUBLET rows (mobile install, camera recalibration) with NO part number in the table, a recalibration note line under a camera windshield, MMMM d, yyyy dates',
    features: [
      'nags-numbers-with-space',
      'numbers-in-descriptions',
      'list-net',
      'thousands-separators',
      'blank-part-number-row',
      'sublet',
      'note-lines-under-rows',
      'freight',
      'tax',
      'date-MMMM-d-yyyy',
    ],
    catalog: 'glasswhs',
    dateFormat: 'MMMM d, yyyy',
    suppliers: ['ClearView Auto Glass Distributors', 'Coastal Glass Wholesale'],
    invoiceNumber: (rng) => `G${rng.int(2, 9)}-${rng.digits(5)}`,
    spec: spec('glasswhs', {
      discount: { p: 0.9, min: 25, max: 50 },
      maxQty: 4,
      charges: [
        noPart(['MOBILE INSTALL - SUBLET', 'Mobile installation (sublet)'], 4500, 9500, 0.5),
        noPart(['ADAS CAMERA RECAL - SUBLET', 'Static camera calibration (sublet)'], 12500, 24500, 0.35),
        { ...freight('footer', 0.3), text: ['Delivery'] },
      ],
      taxRate: 6,
      taxLabel: 'Sales Tax 6%',
    }),
    finish: (inv) => ({
      ...inv,
      lines: inv.lines.map((l) => (l.description.includes('CAMERA') || l.description.includes('LDW') ? { ...l, notes: ['RECALIBRATE FORWARD CAMERA AFTER INSTALL'] } : l)),
    }),
    width: 900,
    html: (inv) => {
      const m: MoneyStyle = { comma: true };
      return page(
        `<div class="top"><div class="sup"><div class="name">${esc(inv.supplier.name)}</div>${addressLines(inv)}<br>Dispatch ${esc(inv.supplier.phone)}</div>
        <div class="inv"><div><b>INVOICE ${esc(inv.invoiceNumber)}</b></div><div>${esc(inv.dateText)}</div><div>Account ${esc(inv.account)}</div><div>Job / PO ${esc(inv.po)}</div></div></div>
        <div class="bill"><b>Customer:</b> ${esc(inv.customer)}, 812 Oak Street</div>
        ${itemsTable(
          inv,
          [
            col('NAGS #', 'part', m, false, 'pn'),
            col('Description', 'desc', m),
            col('Qty', 'qty', m, true),
            col('List', 'list', m, true),
            col('Net', 'net', m, true),
            col('Ext', 'ext', m, true),
          ],
          1,
        )}
        ${totBlock([['Subtotal', inv.subtotal], ...footer(inv), [inv.taxLabel, inv.tax]], ['Total Due', inv.total], m)}
        <p class="foot">Glass is not returnable once installed. Sublet services are performed by our mobile partner and billed at cost.</p>`,
        `body { font-size:13px; } .top { display:flex; justify-content:space-between; align-items:flex-start; } .sup { font-size:12px; } .sup .name { font-size:22px; font-weight:bold; color:#0369a1; }
        .inv { text-align:right; font-size:13px; } .bill { margin:12px 0 8px; }
        .items { width:100%; } .items th { background:#e0f2fe; border-top:1px solid #0369a1; border-bottom:1px solid #0369a1; padding:4px 6px; text-align:left; } .items th.r { text-align:right; }
        .items td { padding:3px 6px; } .items td.pn { white-space:nowrap; } .items tr.row td { border-top:1px solid #e5e7eb; } .items tr.note td { font-size:11px; font-style:italic; padding-top:0; }
        .tot { margin:10px 0 0 auto; } .tot td { padding:2px 8px; } .tot .total td { font-weight:bold; font-size:15px; border-top:2px solid #0369a1; }
        .foot { font-size:11px; margin-top:14px; color:#555; }`,
      );
    },
  },
];
