/**
 * The final repair invoice PDF (issue 14 "Documents"): `renderRepairInvoicePdf(input)` → the PDF bytes.
 *
 * Layout: letterhead with "Invoice" and its number, the issue date and work order number (and a large "PAID" when
 * paid in full, also as a faint watermark on every page); customer, vehicle and insurance claim; the same line tables
 * and totals as the estimate (./pdf-parts.server.ts); the payments received; paid and balance due. Footer on every
 * page: the invoice number and "Page X of Y".
 *
 * Money shown comes from `totals` (app/lib/estimates/totals.ts), the payments as given, and `paidCents` /
 * `balanceDueCents` as the caller computed them (the invoice module owns those sums). Throws when a line has no
 * amount in `totals`; otherwise what pdfmake throws.
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import type { EstimateLine } from '~/lib/estimates/lines';
import type { EstimateTotals } from '~/lib/estimates/totals';
import { formatCents } from '~/lib/money';
import {
  PAGE_MARGINS,
  PDF_STYLES,
  type PdfClaim,
  type PdfCustomer,
  type PdfVehicle,
  type ShopLetterhead,
  figureTable,
  letterhead,
  lineTables,
  pageFooter,
  shadedLayout,
  partyBlocks,
  totalsBlock,
} from './pdf-parts.server';
import { renderPdf } from './render-pdf.server';

export type PaymentMethod = 'cash' | 'check' | 'card' | 'insurance';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  check: 'Check',
  card: 'Card',
  insurance: 'Insurance',
};

export interface RepairInvoicePdfInput {
  shop: ShopLetterhead;
  invoiceNumber: string;
  /** Formatted by the caller in the shop's time zone. */
  issuedAt: string;
  workOrderNumber: string;
  customer: PdfCustomer;
  vehicle: PdfVehicle;
  claim: PdfClaim | null;
  lines: EstimateLine[];
  totals: EstimateTotals;
  /** `receivedAt` formatted by the caller; `amountCents` in cents. */
  payments: { receivedAt: string; method: PaymentMethod; reference: string | null; amountCents: number }[];
  paidCents: number;
  balanceDueCents: number;
  status: 'Paid' | 'Balance due';
}

const PAID_GREEN = '#2e7d32';

export async function renderRepairInvoicePdf(input: RepairInvoicePdfInput): Promise<Buffer> {
  const insured = input.claim !== null;
  const paid = input.status === 'Paid';
  const stamp: Content = paid
    ? { text: 'PAID', fontSize: 28, bold: true, color: PAID_GREEN, alignment: 'right', margin: [0, 4, 0, 0] }
    : {
        text: `Balance due ${formatCents(input.balanceDueCents)}`,
        bold: true,
        fontSize: 11,
        alignment: 'right',
        margin: [0, 4, 0, 0],
      };
  const content: Content[] = [
    letterhead(
      input.shop,
      `Invoice ${input.invoiceNumber}`,
      [`Issued ${input.issuedAt}`, `Work order ${input.workOrderNumber}`],
      stamp,
    ),
    partyBlocks(input.customer, input.vehicle, input.claim),
    ...lineTables(input.lines, input.totals, insured),
    totalsBlock(input.totals, insured),
    { text: 'Payments', style: 'sectionTitle' },
    input.payments.length === 0 ? { text: 'No payment received yet.' } : paymentsTable(input.payments),
    figureTable([
      { label: 'Paid', value: formatCents(input.paidCents) },
      { label: 'Balance due', value: formatCents(input.balanceDueCents), strong: true },
    ]),
  ];
  return renderPdf({
    info: { title: `Invoice ${input.invoiceNumber}`, author: input.shop.name },
    pageMargins: PAGE_MARGINS,
    footer: pageFooter(`${input.shop.name} · Invoice ${input.invoiceNumber}`),
    watermark: paid ? { text: 'PAID', color: PAID_GREEN, opacity: 0.08, bold: true } : undefined,
    styles: PDF_STYLES,
    content,
  });
}

function paymentsTable(payments: RepairInvoicePdfInput['payments']): Content {
  const header: TableCell[] = ['Received', 'Method', 'Reference', 'Amount'].map((text, i) => ({
    text,
    style: 'tableHeader',
    alignment: i === 3 ? 'right' : 'left',
  }));
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: [120, 80, '*', 70],
      body: [
        header,
        ...payments.map((p): TableCell[] => [
          { text: p.receivedAt },
          { text: PAYMENT_METHOD_LABELS[p.method] },
          { text: p.reference ?? '' },
          { text: formatCents(p.amountCents), alignment: 'right', noWrap: true },
        ]),
      ],
    },
    layout: shadedLayout(1),
  };
}
