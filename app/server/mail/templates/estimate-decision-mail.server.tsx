/**
 * "Estimate approved / declined" (`kind = estimate_decision`, issue 14): to the shop when the customer signs a
 * decision, with the reason given for a decline and a link to the work order's estimate page. A staff notice: no
 * customer header or footer.
 */
import { formatCents } from '~/lib/money';
import { type RenderedMail, renderMail } from '../render-mail.server';
import { ActionButton, MailContent, MailDocument, Paragraph } from './mail-layout.server';

export interface EstimateDecisionFacts {
  decision: 'approved' | 'declined';
  title: string;
  versionNumber: number;
  workOrderNumber: string;
  customerName: string;
  signerName: string;
  declineReason: string | null;
  totalCents: number;
  /** The back office's estimate page of the work order. */
  url: string;
}

const subjectOf = (f: EstimateDecisionFacts) =>
  `${f.title} (version ${f.versionNumber}) ${f.decision} by ${f.customerName} (WO #${f.workOrderNumber})`;

export function EstimateDecisionMail(f: EstimateDecisionFacts) {
  const summary = `${f.signerName} ${f.decision} the ${f.title.toLowerCase()} of work order #${f.workOrderNumber} (version ${f.versionNumber}, total ${formatCents(f.totalCents)}).`;
  return (
    <MailDocument title={subjectOf(f)} preview={summary}>
      <MailContent>
        <Paragraph>{summary}</Paragraph>
        {f.declineReason ? <Paragraph>Reason given: {f.declineReason}</Paragraph> : null}
        <ActionButton href={f.url}>Open the estimate</ActionButton>
      </MailContent>
    </MailDocument>
  );
}

EstimateDecisionMail.PreviewProps = {
  decision: 'declined',
  title: 'Estimate',
  versionNumber: 2,
  workOrderNumber: '1042',
  customerName: 'Jane Driver',
  signerName: 'Jane Driver',
  declineReason: 'I will get a second opinion.',
  totalCents: 184_250,
  url: 'https://shop.example.com/admin/work-orders/00000000-0000-4000-8000-000000000002/estimate',
} satisfies EstimateDecisionFacts;

/**
 * `renderEstimateDecisionMail(facts)` → subject "{title} (version {n}) {approved|declined} by {customer} (WO #{number})",
 * plain text and HTML.
 */
export async function renderEstimateDecisionMail(f: EstimateDecisionFacts): Promise<RenderedMail> {
  return { subject: subjectOf(f), ...(await renderMail(<EstimateDecisionMail {...f} />)) };
}
