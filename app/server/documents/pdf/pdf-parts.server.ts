/**
 * The pieces the estimate, supplement, approval certificate and repair invoice PDFs share (issue 14 "Documents"), as
 * pdfmake content: the letterhead, the customer / vehicle / insurance claim blocks, the line tables grouped by line
 * type, the totals block, the page footer, the styles and the table layout.
 *
 * Money: every amount shown is a figure of `EstimateTotals` (app/lib/estimates/totals.ts) — `totals.lineAmounts` for a
 * line, the totals fields for the rest — formatted with app/lib/money.ts. Nothing here adds up lines.
 * Units: money in integer cents, hours in integer tenths, odometer in whole miles, pdfmake sizes in points.
 * Text from the shop and its customers is passed as plain pdfmake text (never interpreted as markup).
 */
import type {
  Content,
  ContentTable,
  CustomTableLayout,
  StyleDictionary,
  TableCell,
} from 'pdfmake/interfaces';
import {
  type EstimateLine,
  LABOR_TYPE_LABELS,
  LINE_TYPE_LABELS,
  LINE_TYPES,
  type LineType,
  PART_TYPE_LABELS,
  TAX_CATEGORIES,
  TAX_CATEGORY_LABELS,
  lineCategory,
} from '~/lib/estimates/lines';
import type { ClaimFacts } from '~/lib/estimates/lines';
import type { EstimateTotals } from '~/lib/estimates/totals';
import { numberFormat } from '~/lib/intl';
import { formatCents, formatTaxRate, formatTenths } from '~/lib/money';
import { imageDataUrl } from './render-pdf.server';

/** The shop as it heads every document (settings). `logo` is a PNG or JPEG of any size; it is fitted to 150×60 pt. */
export interface ShopLetterhead {
  name: string;
  addressLines: string[];
  phone: string;
  email: string;
  logo: { data: Buffer; contentType: 'image/png' | 'image/jpeg' } | null;
}

export interface PdfCustomer {
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
}

/** `odometer` in whole miles. */
export interface PdfVehicle {
  year: number;
  make: string;
  model: string;
  color: string | null;
  vin: string;
  licensePlate: string | null;
  odometer: number | null;
}

/** An insurance claim; `deductibleCents` in cents, `dateOfLoss` already formatted by the caller. */
export type PdfClaim = ClaimFacts;

/** Page margins [left, top, right, bottom] in points: the bottom one leaves room for the footer. */
export const PAGE_MARGINS: [number, number, number, number] = [40, 40, 40, 56];

const MUTED = '#555555';
const RULE = '#bbbbbb';

export const PDF_STYLES: StyleDictionary = {
  shopName: { fontSize: 14, bold: true },
  muted: { color: MUTED },
  docTitle: { fontSize: 16, bold: true, alignment: 'right' },
  docMeta: { alignment: 'right', color: MUTED },
  sectionTitle: { fontSize: 11, bold: true, margin: [0, 12, 0, 4] },
  blockTitle: { bold: true, margin: [0, 0, 0, 2] },
  groupTitle: { bold: true, fontSize: 10 },
  tableHeader: { bold: true, fontSize: 8, color: MUTED },
  mark: { fontSize: 7.5, italics: true, color: '#8a4b00' },
  small: { fontSize: 8 },
  totalStrong: { bold: true, fontSize: 10 },
};

/** Thin horizontal rules, a grey header; cell padding 3 pt. */
export const TABLE_LAYOUT: CustomTableLayout = {
  hLineWidth: (i, node) => (i === 0 || i === node.table.body.length ? 0 : 0.5),
  vLineWidth: () => 0,
  hLineColor: () => RULE,
  paddingLeft: () => 3,
  paddingRight: () => 3,
  paddingTop: () => 2,
  paddingBottom: () => 2,
};

/** Header rows shaded: `headerRows` is how many rows at the top are headers. */
export function shadedLayout(headerRows: number): CustomTableLayout {
  return { ...TABLE_LAYOUT, fillColor: (row) => (row < headerRows ? '#eeeeee' : null) };
}

/**
 * The top of the first page: the logo and the shop's name, address, phone and e-mail on the left; on the right the
 * document's title, the lines under it (work order number, version, dates) and an optional stamp (the invoice's PAID).
 */
export function letterhead(
  shop: ShopLetterhead,
  title: string,
  metaLines: string[],
  stamp?: Content,
): Content {
  const contact = [shop.phone, shop.email].filter(Boolean).join('  ·  ');
  const left: Content[] = [];
  if (shop.logo) {
    left.push({
      image: imageDataUrl(shop.logo.data, shop.logo.contentType),
      fit: [150, 60],
      margin: [0, 0, 0, 6],
    });
  }
  left.push({ text: shop.name, style: 'shopName' });
  for (const line of shop.addressLines) left.push({ text: line, style: 'muted' });
  if (contact) left.push({ text: contact, style: 'muted' });
  const right: Content[] = [{ text: title, style: 'docTitle' }];
  for (const line of metaLines) right.push({ text: line, style: 'docMeta' });
  if (stamp) right.push(stamp);
  return {
    columns: [
      { width: '*', stack: left },
      { width: 220, stack: right },
    ],
    columnGap: 12,
    margin: [0, 0, 0, 10],
  };
}

/** A titled block of lines; empty values are left out. */
function block(title: string, lines: (string | null | undefined | false)[]): Content {
  return {
    stack: [
      { text: title, style: 'blockTitle' },
      ...lines.filter((l): l is string => !!l).map((text) => ({ text })),
    ],
  };
}

export function vehicleName(vehicle: PdfVehicle): string {
  return `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
}

/** The customer, vehicle and (when there is one) insurance claim side by side. */
export function partyBlocks(customer: PdfCustomer, vehicle: PdfVehicle, claim: PdfClaim | null): Content {
  const columns: Content[] = [
    block('Customer', [customer.name, customer.address, customer.phone, customer.email]),
    block('Vehicle', [
      vehicleName(vehicle),
      vehicle.color && `Color: ${vehicle.color}`,
      `VIN: ${vehicle.vin}`,
      vehicle.licensePlate && `Plate: ${vehicle.licensePlate}`,
      vehicle.odometer !== null && `Odometer: ${numberFormat({}).format(vehicle.odometer)} mi`,
    ]),
  ];
  if (claim) {
    columns.push(
      block('Insurance claim', [
        claim.insurerName,
        `Claim: ${claim.claimNumber}`,
        claim.policyNumber && `Policy: ${claim.policyNumber}`,
        claim.adjusterName && `Adjuster: ${claim.adjusterName}`,
        claim.adjusterPhone,
        claim.adjusterEmail,
        `Deductible: ${formatCents(claim.deductibleCents)}`,
        claim.dateOfLoss && `Date of loss: ${claim.dateOfLoss}`,
        claim.pointOfImpact && `Point of impact: ${claim.pointOfImpact}`,
        claim.directRepairProgram && 'Direct repair program',
      ]),
    );
  }
  return { columns, columnGap: 16, margin: [0, 0, 0, 6] };
}

/** One column of a line table: its header, width, alignment and the cell text of a line. */
interface LineColumn {
  header: string;
  width: number | '*';
  right?: true;
  cell: (line: EstimateLine, totals: EstimateTotals) => string;
}

const DESCRIPTION_WIDTH = '*';
const AMOUNT: LineColumn = {
  header: 'Amount',
  width: 62,
  right: true,
  cell: (l, t) => formatCents(lineAmountOf(l, t)),
};

/** The columns of each line type's table (the first column is the description, drawn with its marks). */
const LINE_COLUMNS: Record<LineType, LineColumn[]> = {
  part: [
    { header: 'Part', width: DESCRIPTION_WIDTH, cell: (l) => l.description },
    { header: 'Part number', width: 84, cell: (l) => l.partNumber ?? '' },
    { header: 'Type', width: 62, cell: (l) => (l.partType ? PART_TYPE_LABELS[l.partType] : '') },
    { header: 'Qty', width: 28, right: true, cell: (l) => String(l.quantity) },
    { header: 'Unit price', width: 58, right: true, cell: (l) => formatCents(l.unitPriceCents) },
    AMOUNT,
  ],
  labor: [
    { header: 'Operation', width: DESCRIPTION_WIDTH, cell: (l) => l.description },
    { header: 'Labor type', width: 62, cell: (l) => (l.laborType ? LABOR_TYPE_LABELS[l.laborType] : '') },
    { header: 'Hours', width: 36, right: true, cell: (l) => formatTenths(l.hoursTenths) },
    { header: 'Rate', width: 58, right: true, cell: (l) => `${formatCents(l.rateCents)}/h` },
    AMOUNT,
  ],
  paint_materials: [
    { header: 'Description', width: DESCRIPTION_WIDTH, cell: (l) => l.description },
    {
      header: 'Basis',
      width: 150,
      cell: (l, t) =>
        l.materialsMode === 'rate'
          ? `${formatTenths(t.refinishTenths)} refinish h × ${formatCents(l.rateCents)}/h`
          : 'Flat amount',
    },
    AMOUNT,
  ],
  sublet: [
    { header: 'Sublet work', width: DESCRIPTION_WIDTH, cell: (l) => l.description },
    { header: 'Vendor', width: 150, cell: (l) => l.vendor ?? '' },
    AMOUNT,
  ],
  fee: [{ header: 'Fee', width: DESCRIPTION_WIDTH, cell: (l) => l.description }, AMOUNT],
  discount: [
    { header: 'Discount', width: DESCRIPTION_WIDTH, cell: (l) => l.description },
    { header: 'Applies to', width: 100, cell: (l) => TAX_CATEGORY_LABELS[lineCategory(l)] },
    AMOUNT,
  ],
};

/** A line's amount from the totals; throws when the totals were computed for other lines (a caller's mistake). */
export function lineAmountOf(line: EstimateLine, totals: EstimateTotals): number {
  const amount = totals.lineAmounts[line.id];
  if (amount === undefined)
    throw new Error(`Line ${line.id} is not in the totals: compute totals for these lines`);
  return amount;
}

/** "Customer pay" / "Betterment 20%" under a line's description, only with a claim (they mean nothing without). */
function lineMarks(line: EstimateLine, insured: boolean): string | null {
  if (!insured) return null;
  if (line.customerPay) return 'Customer pay';
  if (line.bettermentPercent > 0) return `Betterment ${line.bettermentPercent}% (customer pays)`;
  return null;
}

/**
 * One table per line type present, in the order of LINE_TYPES (Parts, Labor, Paint & materials, Sublet, Fees & misc,
 * Discounts), lines in their given order. Each table's two header rows (the group's name and the column headers)
 * repeat after a page break; rows are never split across pages. Throws when a line has no amount in `totals`.
 */
export function lineTables(
  lines: readonly EstimateLine[],
  totals: EstimateTotals,
  insured: boolean,
): Content[] {
  const out: Content[] = [];
  for (const type of LINE_TYPES) {
    const group = lines.filter((line) => line.lineType === type);
    if (group.length === 0) continue;
    const columns = LINE_COLUMNS[type];
    const heading: TableCell[] = [
      { text: `${LINE_TYPE_LABELS[type]} (${group.length})`, style: 'groupTitle', colSpan: columns.length },
      ...columns.slice(1).map((): TableCell => ({})),
    ];
    const headers: TableCell[] = columns.map((c) => ({
      text: c.header,
      style: 'tableHeader',
      alignment: c.right ? 'right' : 'left',
    }));
    const body: TableCell[][] = [heading, headers];
    for (const line of group) {
      const marks = lineMarks(line, insured);
      body.push(
        columns.map((c, i): TableCell => {
          const text = c.cell(line, totals);
          if (i === 0 && marks) return { stack: [{ text }, { text: marks, style: 'mark' }] };
          return { text, alignment: c.right ? 'right' : 'left', noWrap: c.right === true };
        }),
      );
    }
    const table: ContentTable = {
      table: {
        headerRows: 2,
        keepWithHeaderRows: 1,
        dontBreakRows: true,
        widths: columns.map((c) => c.width),
        body,
      },
      layout: shadedLayout(2),
      margin: [0, 8, 0, 0],
    };
    out.push(table);
  }
  return out;
}

/** A right-aligned block of label / value rows, kept on one page; `strong` rows in bold. */
export function figureTable(
  rows: { label: string; value: string; strong?: boolean }[],
  width = 260,
): Content {
  return {
    columns: [
      { width: '*', text: '' },
      {
        width,
        table: {
          widths: ['*', 'auto'],
          body: rows.map((r) => [
            { text: r.label, style: r.strong ? 'totalStrong' : undefined },
            { text: r.value, alignment: 'right', noWrap: true, style: r.strong ? 'totalStrong' : undefined },
          ]),
        },
        layout: TABLE_LAYOUT,
      },
    ],
    unbreakable: true,
    margin: [0, 12, 0, 0],
  };
}

/**
 * The totals: each category with an amount, discounts (already in the categories), subtotal, taxable amount, tax
 * with its rate, total, labor hours; with a claim the deductible, betterment, customer-pay lines, the customer's share
 * of tax, then "Insurance pays" and "Customer pays".
 */
export function totalsRows(
  totals: EstimateTotals,
  insured: boolean,
): { label: string; value: string; strong?: boolean }[] {
  const rows: { label: string; value: string; strong?: boolean }[] = [];
  for (const category of TAX_CATEGORIES) {
    if (totals.byCategory[category] !== 0) {
      rows.push({ label: TAX_CATEGORY_LABELS[category], value: formatCents(totals.byCategory[category]) });
    }
  }
  if (totals.discountCents !== 0) {
    rows.push({ label: 'Discounts (included above)', value: formatCents(totals.discountCents) });
  }
  rows.push(
    { label: 'Subtotal', value: formatCents(totals.subtotalCents) },
    { label: 'Taxable', value: formatCents(totals.taxableCents) },
    { label: `Tax (${formatTaxRate(totals.taxRateMilliPercent)})`, value: formatCents(totals.taxCents) },
    { label: 'Total', value: formatCents(totals.totalCents), strong: true },
  );
  if (totals.laborTenths > 0) {
    rows.push({
      label: `Labor hours (refinish ${formatTenths(totals.refinishTenths)})`,
      value: formatTenths(totals.laborTenths),
    });
  }
  if (insured) {
    rows.push({ label: 'Deductible', value: formatCents(totals.deductibleCents) });
    if (totals.bettermentCents !== 0)
      rows.push({ label: 'Betterment', value: formatCents(totals.bettermentCents) });
    if (totals.customerPayLinesCents !== 0) {
      rows.push({ label: 'Customer-pay lines', value: formatCents(totals.customerPayLinesCents) });
    }
    if (totals.customerTaxCents !== 0) {
      rows.push({ label: 'Customer share of tax', value: formatCents(totals.customerTaxCents) });
    }
    rows.push(
      { label: 'Insurance pays', value: formatCents(totals.insurancePaysCents), strong: true },
      { label: 'Customer pays', value: formatCents(totals.customerPaysCents), strong: true },
    );
  }
  return rows;
}

export function totalsBlock(totals: EstimateTotals, insured: boolean): Content {
  return figureTable(totalsRows(totals, insured));
}

/** A titled section; `text` may hold several lines (kept as written). */
export function textSection(title: string, text: string): Content[] {
  return [
    { text: title, style: 'sectionTitle' },
    { text, style: 'small' },
  ];
}

/** The footer of every page: `left` (small, grey) and "Page X of Y" on the right. */
export function pageFooter(left: string): (currentPage: number, pageCount: number) => Content {
  return (currentPage, pageCount) => ({
    columns: [
      { text: left, style: 'small', color: MUTED },
      { text: `Page ${currentPage} of ${pageCount}`, style: 'small', alignment: 'right', width: 90 },
    ],
    margin: [PAGE_MARGINS[0], 20, PAGE_MARGINS[2], 0],
  });
}

/** A signed money difference: "+$12.50", "-$3.00", "$0.00". */
export function formatChange(cents: number): string {
  return cents > 0 ? `+${formatCents(cents)}` : formatCents(cents);
}
