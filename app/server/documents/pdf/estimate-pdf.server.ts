/**
 * The estimate and supplement PDF (issue 14 "Documents"): `renderEstimatePdf(input)` → the PDF bytes.
 *
 * Layout, top to bottom: letterhead with the title ("Estimate" / "Supplement S1"), work order number and version
 * label; customer, vehicle and insurance claim; the lines grouped by type (./pdf-parts.server.ts), customer-pay and
 * betterment lines marked when there is a claim; the totals; for a supplement the changes since the last approved
 * version (added, changed with the amounts before and after, removed; previous total, this total and the change); the
 * shop's terms. Every page's footer: the work order number (or `footerNote`) and "Page X of Y".
 *
 * Money shown comes from `totals` (computed by app/lib/estimates/totals.ts for exactly `lines`), the before amounts
 * of changed and removed lines from `previousLineAmounts` (the last approved version's `totals.lineAmounts`; without
 * it those amounts are left out). Throws when a line has no amount in `totals`; otherwise what pdfmake throws.
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import {
  type EstimateLine,
  LINE_TYPE_LABELS,
  type LineChanges,
  PART_TYPE_LABELS,
} from '~/lib/estimates/lines';
import type { EstimateTotals } from '~/lib/estimates/totals';
import { formatCents, formatTenths } from '~/lib/money';
import {
  PAGE_MARGINS,
  PDF_STYLES,
  type PdfClaim,
  type PdfCustomer,
  type PdfVehicle,
  type ShopLetterhead,
  figureTable,
  formatChange,
  letterhead,
  lineAmountOf,
  lineTables,
  pageFooter,
  shadedLayout,
  partyBlocks,
  textSection,
  totalsBlock,
} from './pdf-parts.server';
import { renderPdf } from './render-pdf.server';

export interface EstimatePdfInput {
  shop: ShopLetterhead;
  /** "Estimate" or "Supplement S1". */
  title: string;
  /** e.g. "Version 1 · sent Nov 24, 2026" (the caller formats dates in the shop's time zone). */
  versionLabel: string;
  workOrderNumber: string;
  customer: PdfCustomer;
  vehicle: PdfVehicle;
  claim: PdfClaim | null;
  lines: EstimateLine[];
  totals: EstimateTotals;
  /** A supplement: what was added / changed / removed against the last approved version; null for an estimate. */
  changes: LineChanges | null;
  /** A supplement: the last approved version's total in cents, so the PDF shows "Change: +$X". */
  previousTotalCents: number | null;
  /** A supplement: the last approved version's `totals.lineAmounts`, for the before amounts of changed/removed lines. */
  previousLineAmounts?: Record<string, number> | null;
  /** The shop's estimate terms (may be several lines). */
  terms: string;
  /** Shown in every page's footer instead of the shop name and work order number. */
  footerNote?: string;
}

export async function renderEstimatePdf(input: EstimatePdfInput): Promise<Buffer> {
  const insured = input.claim !== null;
  const content: Content[] = [
    letterhead(input.shop, input.title, [`Work order ${input.workOrderNumber}`, input.versionLabel]),
    partyBlocks(input.customer, input.vehicle, input.claim),
    ...lineTables(input.lines, input.totals, insured),
    totalsBlock(input.totals, insured),
  ];
  if (input.changes) content.push(...changesSection(input));
  if (input.terms.trim()) content.push(...textSection('Terms', input.terms));
  return renderPdf({
    info: { title: `${input.title} ${input.workOrderNumber}`, author: input.shop.name },
    pageMargins: PAGE_MARGINS,
    footer: pageFooter(input.footerNote ?? `${input.shop.name} · Work order ${input.workOrderNumber}`),
    styles: PDF_STYLES,
    content,
  });
}

/** The type and description of a line, as one cell. */
function lineName(line: EstimateLine): string {
  return `${LINE_TYPE_LABELS[line.lineType]}: ${line.description}`;
}

function amountText(amount: number | undefined): string {
  return amount === undefined ? '—' : formatCents(amount);
}

/**
 * What differs between two versions of a line, as short "Hours 1.5 to 2.2" phrases (computed amounts are in their
 * own columns). Words, not an arrow: Roboto has no glyph for "→".
 */
export function describeLineChange(before: EstimateLine, after: EstimateLine): string[] {
  const out: string[] = [];
  const diff = (label: string, a: string | null, b: string | null) => {
    if (a !== b) out.push(`${label} ${a || '—'} to ${b || '—'}`);
  };
  diff('Description', before.description, after.description);
  diff('Part number', before.partNumber, after.partNumber);
  diff(
    'Part type',
    before.partType && PART_TYPE_LABELS[before.partType],
    after.partType && PART_TYPE_LABELS[after.partType],
  );
  diff('Qty', String(before.quantity), String(after.quantity));
  diff('Unit price', formatCents(before.unitPriceCents), formatCents(after.unitPriceCents));
  diff('Labor type', before.laborType, after.laborType);
  diff('Hours', formatTenths(before.hoursTenths), formatTenths(after.hoursTenths));
  diff('Rate', formatCents(before.rateCents), formatCents(after.rateCents));
  diff('Materials', before.materialsMode, after.materialsMode);
  diff('Vendor', before.vendor, after.vendor);
  diff('Entered amount', formatCents(before.amountCents), formatCents(after.amountCents));
  diff('Customer pay', before.customerPay ? 'yes' : 'no', after.customerPay ? 'yes' : 'no');
  diff('Betterment', `${before.bettermentPercent}%`, `${after.bettermentPercent}%`);
  if (before.lineType !== after.lineType) {
    out.push(`Type ${LINE_TYPE_LABELS[before.lineType]} to ${LINE_TYPE_LABELS[after.lineType]}`);
  }
  return out;
}

/** A small table: a header row and rows; the first column takes the free width. */
function changeTable(headers: string[], rows: string[][], rightFrom: number): Content {
  const body: TableCell[][] = [
    headers.map((text, i) => ({ text, style: 'tableHeader', alignment: i >= rightFrom ? 'right' : 'left' })),
    ...rows.map((row) =>
      row.map((text, i): TableCell => ({
        text,
        alignment: i >= rightFrom ? 'right' : 'left',
        noWrap: i >= rightFrom,
      })),
    ),
  ];
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: headers.map((_, i) => (i === 0 ? '*' : i >= rightFrom ? 62 : 170)),
      body,
    },
    layout: shadedLayout(1),
    margin: [0, 2, 0, 6],
  };
}

/** "Changes since the last approved version": added, changed, removed, then the totals before and after. */
function changesSection(input: EstimatePdfInput): Content[] {
  const changes = input.changes!;
  const previous = input.previousLineAmounts ?? {};
  const out: Content[] = [{ text: 'Changes since the last approved version', style: 'sectionTitle' }];
  if (changes.added.length + changes.changed.length + changes.removed.length === 0) {
    out.push({ text: 'No line changed.' });
  }
  if (changes.added.length > 0) {
    out.push({ text: `Added (${changes.added.length})`, style: 'blockTitle' });
    out.push(
      changeTable(
        ['Line', 'Amount'],
        changes.added.map((line) => [lineName(line), formatCents(lineAmountOf(line, input.totals))]),
        1,
      ),
    );
  }
  if (changes.changed.length > 0) {
    out.push({ text: `Changed (${changes.changed.length})`, style: 'blockTitle' });
    out.push(
      changeTable(
        ['Line', 'What changed', 'Before', 'After'],
        changes.changed.map(({ before, after }) => [
          lineName(after),
          describeLineChange(before, after).join('\n'),
          amountText(previous[before.id]),
          formatCents(lineAmountOf(after, input.totals)),
        ]),
        2,
      ),
    );
  }
  if (changes.removed.length > 0) {
    out.push({ text: `Removed (${changes.removed.length})`, style: 'blockTitle' });
    out.push(
      changeTable(
        ['Line', 'Amount'],
        changes.removed.map((line) => [lineName(line), amountText(previous[line.id])]),
        1,
      ),
    );
  }
  if (input.previousTotalCents !== null) {
    out.push(
      figureTable([
        { label: 'Last approved total', value: formatCents(input.previousTotalCents) },
        { label: 'This total', value: formatCents(input.totals.totalCents) },
        {
          label: 'Change',
          value: formatChange(input.totals.totalCents - input.previousTotalCents),
          strong: true,
        },
      ]),
    );
  }
  return out;
}
