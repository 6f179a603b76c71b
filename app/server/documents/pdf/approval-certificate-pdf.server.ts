/**
 * The approval certificate (or decline record) of an estimate or supplement signed online (issue 14 "Documents",
 * ESIGN): `renderApprovalCertificatePdf(input)` → the PDF bytes, kept beside the signed document.
 *
 * It states who decided what and when (typed name, shop time and UTC), from where (IP address, user agent), on which
 * document (file name and the SHA-256 of its bytes, printed in full on one line so it can be compared and copied),
 * for which amounts (total and customer pays, in cents, formatted), the drawn signature when there is one, and the
 * consent disclosure the signer accepted with the time of acceptance.
 *
 * Throws RangeError when `documentSha256` is not 64 hex digits; otherwise what pdfmake throws (e.g. a signature
 * image that is not a PNG).
 */
import type { Content } from 'pdfmake/interfaces';
import { formatCents } from '~/lib/money';
import {
  PAGE_MARGINS,
  PDF_STYLES,
  type ShopLetterhead,
  TABLE_LAYOUT,
  letterhead,
  pageFooter,
  textSection,
} from './pdf-parts.server';
import { imageDataUrl, renderPdf } from './render-pdf.server';

export interface ApprovalCertificateInput {
  shop: ShopLetterhead;
  /** "Estimate" or "Supplement S1". */
  documentTitle: string;
  workOrderNumber: string;
  versionNumber: number;
  decision: 'approved' | 'declined';
  /** The full name the signer typed. */
  signerName: string;
  /** When the decision was made, formatted by the caller in the shop's time zone ("Nov 24, 2026, 3:12 PM CST"). */
  signedAt: string;
  /** The same moment as an ISO 8601 UTC string ("2026-11-24T21:12:05.123Z"). */
  signedAtUtc: string;
  ipAddress: string;
  userAgent: string;
  /** SHA-256 of the signed PDF's bytes, 64 hex digits. */
  documentSha256: string;
  documentFileName: string;
  /** The ESIGN consent disclosure the signer accepted, as shown to them. */
  consentText: string;
  /** When the consent was accepted, formatted by the caller. */
  consentAcceptedAt: string;
  totalCents: number;
  customerPaysCents: number;
  /** The drawn signature as a PNG, when the signer drew one. */
  signatureImage: Buffer | null;
  certificateId: string;
}

const SHA256_HEX = /^[0-9a-f]{64}$/i;

export async function renderApprovalCertificatePdf(input: ApprovalCertificateInput): Promise<Buffer> {
  if (!SHA256_HEX.test(input.documentSha256)) throw new RangeError('documentSha256 must be 64 hex digits');
  const approved = input.decision === 'approved';
  const title = approved ? 'Approval certificate' : 'Decline record';
  const verb = approved ? 'approved' : 'declined';
  const rows: [string, string][] = [
    ['Decision', approved ? 'Approved' : 'Declined'],
    ['Signer (typed name)', input.signerName],
    ['Signed at', input.signedAt],
    ['Signed at (UTC)', input.signedAtUtc],
    ['IP address', input.ipAddress],
    ['User agent', input.userAgent],
    ['Document', `${input.documentTitle}, version ${input.versionNumber}`],
    ['Work order', input.workOrderNumber],
    ['File', input.documentFileName],
    ['Total', formatCents(input.totalCents)],
    ['Customer pays', formatCents(input.customerPaysCents)],
    ['Certificate ID', input.certificateId],
  ];
  const content: Content[] = [
    letterhead(input.shop, title, [
      `${input.documentTitle} · version ${input.versionNumber}`,
      `Work order ${input.workOrderNumber}`,
    ]),
    {
      text: `${input.signerName} ${verb} ${input.documentTitle} (version ${input.versionNumber}) of work order ${input.workOrderNumber} electronically on ${input.signedAt}.`,
      margin: [0, 4, 0, 8],
    },
    {
      table: {
        widths: [120, '*'],
        body: rows.map(([label, value]) => [{ text: label, style: 'tableHeader' }, { text: value }]),
      },
      layout: TABLE_LAYOUT,
    },
    { text: 'Document fingerprint (SHA-256 of the signed file)', style: 'sectionTitle' },
    // One text run, never wrapped: 64 hex digits at 8 pt are about 290 pt wide.
    { text: input.documentSha256.toLowerCase(), fontSize: 8, noWrap: true },
  ];
  if (input.signatureImage) {
    content.push(
      { text: 'Signature', style: 'sectionTitle' },
      { image: imageDataUrl(input.signatureImage, 'image/png'), fit: [240, 80] },
    );
  }
  content.push(
    ...textSection(`Consent to electronic records (accepted ${input.consentAcceptedAt})`, input.consentText),
  );
  return renderPdf({
    info: { title: `${title} ${input.certificateId}`, author: input.shop.name },
    pageMargins: PAGE_MARGINS,
    footer: pageFooter(`${title} ${input.certificateId}`),
    styles: PDF_STYLES,
    content,
  });
}
