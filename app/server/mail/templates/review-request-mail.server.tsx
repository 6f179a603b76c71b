/**
 * "How did we do?" (the review request): a thank-you to the customer after the vehicle was picked up, asking for a
 * review with a button to the shop's review page.
 */
import { type RenderedMail, renderMail } from '../render-mail.server';
import { ActionButton, MailLayout, Paragraph } from './mail-layout.server';

export interface ReviewRequestFacts {
  customerName: string;
  /** "2021 Toyota Camry" */
  vehicle: string;
  shopName: string;
  shopPhone: string;
  /** Where the review is written (e.g. the shop's Google review link). */
  reviewUrl: string;
}

const subjectOf = (f: ReviewRequestFacts) => `How did we do with your ${f.vehicle}?`;

export function ReviewRequestMail(f: ReviewRequestFacts) {
  return (
    <MailLayout
      title={subjectOf(f)}
      preview="Thank you for trusting us with your repair."
      shopName={f.shopName}
      shopPhone={f.shopPhone}
    >
      <Paragraph>Hello {f.customerName},</Paragraph>
      <Paragraph>
        Thank you for trusting {f.shopName} with the repair of your <strong>{f.vehicle}</strong>. We hope you
        are happy with the result.
      </Paragraph>
      <Paragraph>
        Would you take a minute to tell others how it went? A short review helps other drivers find a shop
        they can trust.
      </Paragraph>
      <ActionButton href={f.reviewUrl}>Write a review</ActionButton>
      <Paragraph>If anything is not right with the repair, please call us: we will make it right.</Paragraph>
    </MailLayout>
  );
}

ReviewRequestMail.PreviewProps = {
  customerName: 'Jane Driver',
  vehicle: '2021 Toyota Camry',
  shopName: 'C.A.R.S Collision & Refinish',
  shopPhone: '(281) 555-0143',
  reviewUrl: 'https://g.page/r/preview/review',
} satisfies ReviewRequestFacts;

/** `renderReviewRequestMail(facts)` → subject "How did we do with your {vehicle}?", plain text and HTML. */
export async function renderReviewRequestMail(f: ReviewRequestFacts): Promise<RenderedMail> {
  return { subject: subjectOf(f), ...(await renderMail(<ReviewRequestMail {...f} />)) };
}
