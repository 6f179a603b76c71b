/**
 * The address confirmation e-mail (`kind = verify_email`, sent through auth/auth-mail.server.ts): Better Auth's link,
 * which also links a customer record the shop created for this address (DECISIONS 8).
 */
import { type RenderedMail, renderMail } from '../render-mail.server';
import { ActionButton, MailLayout, Paragraph } from './mail-layout.server';

export interface VerifyEmailFacts {
  shopName: string;
  shopPhone: string;
  /** The confirmation link (its callback already set by the caller). */
  url: string;
}

const subjectOf = (f: VerifyEmailFacts) => `Confirm your e-mail address for ${f.shopName}`;

export function VerifyEmailMail(f: VerifyEmailFacts) {
  return (
    <MailLayout
      title={subjectOf(f)}
      preview="Confirm your e-mail address to open your customer portal."
      shopName={f.shopName}
      shopPhone={f.shopPhone}
    >
      <Paragraph>Please confirm your e-mail address for your {f.shopName} customer portal.</Paragraph>
      <ActionButton href={f.url}>Confirm my e-mail address</ActionButton>
      <Paragraph>
        Once it is confirmed, the vehicles and repairs the shop already has on file for this address appear in
        your portal.
      </Paragraph>
      <Paragraph>If you did not create an account, you can ignore this message.</Paragraph>
    </MailLayout>
  );
}

VerifyEmailMail.PreviewProps = {
  shopName: 'C.A.R.S Collision & Refinish',
  shopPhone: '(281) 555-0143',
  url: 'https://shop.example.com/api/auth/verify-email?token=preview-token&callbackURL=%2Faccount%2Fpassword',
} satisfies VerifyEmailFacts;

/** `renderVerifyEmailMail(facts)` → subject "Confirm your e-mail address for {shop}", plain text and HTML. */
export async function renderVerifyEmailMail(f: VerifyEmailFacts): Promise<RenderedMail> {
  return { subject: subjectOf(f), ...(await renderMail(<VerifyEmailMail {...f} />)) };
}
