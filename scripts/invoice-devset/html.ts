/**
 * HTML building blocks of the development-set layouts: the page shell, a parts table whose columns are chosen per
 * layout (line number, quantity with unit, ordered/shipped/back-ordered, part number, description, application, list,
 * discount %, net, extended), charge rows interleaved in the table, the totals block, and fixed-width "dot-matrix" text.
 */
import { money, type ChargeRow, type Invoice, type PartLine } from './model';

/** Escapes text for HTML. */
export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A whole HTML page with the layout's CSS. */
export function page(body: string, css: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; }
  html, body { margin: 0; background: #fff; }
  body { padding: 28px 34px; font-family: 'Liberation Sans', Arial, sans-serif; font-size: 14px; color: #111; }
  table { border-collapse: collapse; }
  .r { text-align: right; } .c { text-align: center; }
  ${css}
</style></head><body>${body}</body></html>`;
}

export type Col =
  | 'line'
  | 'qtyuom'
  | 'qty'
  | 'ord'
  | 'shp'
  | 'bo'
  | 'uom'
  | 'part'
  | 'desc'
  | 'app'
  | 'note'
  | 'list'
  | 'disc'
  | 'net'
  | 'ext';

export interface ColSpec {
  key: Col;
  label: string;
  right?: boolean;
  width?: string;
}

/** One displayed row of the parts table: a part line or a charge row, in printed order, numbered. */
export type TableRow =
  { n: number; part: PartLine; charge?: undefined } | { n: number; charge: ChargeRow; part?: undefined };

/** Part lines with the table charges after the line they belong to, numbered from 1. */
export function tableRows(inv: Invoice): TableRow[] {
  const out: TableRow[] = [];
  for (const line of inv.lines) {
    out.push({ n: out.length + 1, part: line });
    for (const c of inv.charges.filter((x) => x.placement === 'table' && x.after === line.lineNo))
      out.push({ n: out.length + 1, charge: c });
  }
  return out;
}

export interface MoneyStyle {
  dollar?: boolean;
  negative?: 'minus' | 'paren' | 'trailing';
  comma?: boolean;
  /** How a discount % prints: `25%`, `25`, `25.0`. */
  disc?: 'pct' | 'int' | 'dec';
}

/** The text of one cell. */
export function cellText(row: TableRow, key: Col, m: MoneyStyle = {}): string {
  const fm = (c: number) => money(c, m);
  if (row.part) {
    const l = row.part;
    switch (key) {
      case 'line':
        return String(row.n);
      case 'qtyuom':
        return `${l.qtyShipped} ${l.uom}`;
      case 'qty':
      case 'shp':
        return String(l.qtyShipped);
      case 'ord':
        return String(l.qtyOrdered);
      case 'bo':
        return String(l.qtyOrdered - l.qtyShipped);
      case 'uom':
        return l.uom;
      case 'part':
        return l.part_number;
      case 'desc':
        return l.description;
      case 'app':
        return l.application;
      case 'note':
        return l.note;
      case 'list':
        return fm(l.list);
      case 'disc':
        return m.disc === 'pct'
          ? `${l.discountPct}%`
          : m.disc === 'dec'
            ? l.discountPct.toFixed(1)
            : String(l.discountPct);
      case 'net':
        return fm(l.net);
      case 'ext':
        return fm(l.qtyShipped * l.net);
    }
  }
  const c = row.charge!;
  switch (key) {
    case 'line':
      return String(row.n);
    case 'qtyuom':
      return `${c.qty} EA`;
    case 'qty':
    case 'shp':
    case 'ord':
      return String(c.qty);
    case 'bo':
      return '0';
    case 'uom':
      return 'EA';
    case 'part':
      return c.code;
    case 'desc':
      return c.description;
    case 'app':
    case 'note':
    case 'disc':
      return '';
    case 'list':
    case 'net':
      return fm(c.unit);
    case 'ext':
      return fm(c.qty * c.unit);
  }
}

/** The parts table as HTML (class `items`), with charge rows in place. */
export function itemsTable(
  inv: Invoice,
  cols: ColSpec[],
  m: MoneyStyle = {},
  opts: { zebra?: boolean; chargeClass?: string } = {},
): string {
  const head = cols
    .map(
      (c) =>
        `<th class="${c.right ? 'r' : ''}"${c.width ? ` style="width:${c.width}"` : ''}>${esc(c.label)}</th>`,
    )
    .join('');
  const body = tableRows(inv)
    .map((row, i) => {
      const cls = [opts.zebra && i % 2 ? 'z' : '', row.charge && opts.chargeClass ? opts.chargeClass : '']
        .filter(Boolean)
        .join(' ');
      return `<tr${cls ? ` class="${cls}"` : ''}>${cols.map((c) => `<td class="${c.right ? 'r' : ''}">${esc(cellText(row, c.key, m))}</td>`).join('')}</tr>`;
    })
    .join('');
  return `<table class="items"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** The rows of the totals block: subtotal, footer charges, tax, total (labels per layout). */
export function totalsRows(
  inv: Invoice,
  labels: { subtotal?: string; total: string; tax?: string },
): [string, number, 'total' | 'row'][] {
  const rows: [string, number, 'total' | 'row'][] = [];
  if (labels.subtotal) rows.push([labels.subtotal, inv.subtotal, 'row']);
  for (const c of inv.charges.filter((x) => x.placement === 'footer'))
    rows.push([c.description, c.qty * c.unit, 'row']);
  if (inv.tax > 0 || labels.tax) rows.push([labels.tax ?? inv.taxLabel, inv.tax, 'row']);
  rows.push([labels.total, inv.total, 'total']);
  return rows;
}

/** The totals block as a right-aligned HTML table (class `totals`). */
export function totalsTable(
  inv: Invoice,
  labels: { subtotal?: string; total: string; tax?: string },
  m: MoneyStyle = {},
): string {
  return `<table class="totals">${totalsRows(inv, labels)
    .map(
      ([label, c, kind]) =>
        `<tr class="${kind}"><td>${esc(label)}</td><td class="r">${esc(money(c, kind === 'total' ? { ...m, dollar: true } : m))}</td></tr>`,
    )
    .join('')}</table>`;
}

/** Pads or right-aligns `s` to `w` characters (never cuts: a long value pushes the line, as a real printer would). */
export function fit(s: string, w: number, right = false): string {
  return right ? s.padStart(w) : s.padEnd(w);
}
