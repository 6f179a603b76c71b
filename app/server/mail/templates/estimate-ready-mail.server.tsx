/**
 * "Your estimate is ready" (`kind = estimate_ready`, issue 14): to the customer when a version is sent for approval.
 * With an account the button opens `/portal/estimates/{versionId}`; without one the message says how to create the
 * account with this address (the link is the register page for it). Money is formatted by ~/lib/money.
 */
import { formatCents } from '~/lib/money';
import { type RenderedMail, renderMail } from '../render-mail.server';
import { ActionButton, MailLayout, Paragraph, TextLink } from './mail-layout.server';

export interface EstimateReadyFacts {
  customerName: string;
  /** "Estimate" or "Supplement 1", … */
  title: string;
  workOrderNumber: string;
  vehicle: string;
  totalCents: number;
  customerPaysCents: number;
  /** True when an insurance claim pays part of it: the customer's part is shown too. */
  insured: boolean;
  url: string;
  hasAccount: boolean;
  shopName: string;
  shopPhone: string;
}

const subjectOf = (f: EstimateReadyFacts) =>
  `${f.title} for your ${f.vehicle} is ready for your approval (WO #${f.workOrderNumber})`;

export function EstimateReadyMail(f: EstimateReadyFacts) {
  const title = f.title.toLowerCase();
  return (
    <MailLayout
      title={subjectOf(f)}
      preview={`Total ${formatCents(f.totalCents)}: review it and approve or decline it online.`}
      shopName={f.shopName}
      shopPhone={f.shopPhone}
    >
      <Paragraph>Hello {f.customerName},</Paragraph>
      <Paragraph>
        The {title} for your <strong>{f.vehicle}</strong> (work order #{f.workOrderNumber}) is ready.
      </Paragraph>
      <Paragraph>
        {f.insured
          ? `Total ${formatCents(f.totalCents)}; your part ${formatCents(f.customerPaysCents)} (the rest is billed to your insurer).`
          : `Total ${formatCents(f.totalCents)}.`}
      </Paragraph>
      {f.hasAccount ? (
        <ActionButton href={f.url}>Review it and approve or decline it online</ActionButton>
      ) : (
        <Paragraph>
          Review it online: create your customer portal account with this e-mail address at{' '}
          <TextLink href={f.url}>{f.url}</TextLink>, then open Repair Updates.
        </Paragraph>
      )}
    </MailLayout>
  );
}

EstimateReadyMail.PreviewProps = {
  customerName: 'Jane Driver',
  title: 'Supplement 1',
  workOrderNumber: '1042',
  vehicle: '2021 Toyota Camry',
  totalCents: 184_250,
  customerPaysCents: 50_000,
  insured: true,
  url: 'https://shop.example.com/portal/estimates/00000000-0000-4000-8000-000000000001',
  hasAccount: true,
  shopName: 'C.A.R.S Collision & Refinish',
  shopPhone: '(281) 555-0143',
} satisfies EstimateReadyFacts;

/**
 * `renderEstimateReadyMail(facts)` → subject "{title} for your {vehicle} is ready for your approval (WO #{number})",
 * plain text and HTML.
 */
export async function renderEstimateReadyMail(f: EstimateReadyFacts): Promise<RenderedMail> {
  return { subject: subjectOf(f), ...(await renderMail(<EstimateReadyMail {...f} />)) };
}
