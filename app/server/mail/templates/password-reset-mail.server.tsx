/** The password reset e-mail (`kind = password_reset`, sent through auth/auth-mail.server.ts). */
import { type RenderedMail, renderMail } from '../render-mail.server';
import { ActionButton, MailLayout, Paragraph } from './mail-layout.server';

export interface PasswordResetFacts {
  shopName: string;
  shopPhone: string;
  /** Better Auth's reset link (valid one hour). */
  url: string;
}

const subjectOf = (f: PasswordResetFacts) => `Reset your ${f.shopName} password`;

export function PasswordResetMail(f: PasswordResetFacts) {
  return (
    <MailLayout
      title={subjectOf(f)}
      preview="Choose a new password for your customer portal."
      shopName={f.shopName}
      shopPhone={f.shopPhone}
    >
      <Paragraph>Someone asked to reset the password of your customer portal account.</Paragraph>
      <ActionButton href={f.url}>Choose a new password</ActionButton>
      <Paragraph>
        The link works for one hour. If it was not you, ignore this message: your password stays as it is.
      </Paragraph>
    </MailLayout>
  );
}

PasswordResetMail.PreviewProps = {
  shopName: 'C.A.R.S Collision & Refinish',
  shopPhone: '(281) 555-0143',
  url: 'https://shop.example.com/api/auth/reset-password/preview-token?callbackURL=%2Freset-password',
} satisfies PasswordResetFacts;

/** `renderPasswordResetMail(facts)` → subject "Reset your {shop} password", plain text and HTML. */
export async function renderPasswordResetMail(f: PasswordResetFacts): Promise<RenderedMail> {
  return { subject: subjectOf(f), ...(await renderMail(<PasswordResetMail {...f} />)) };
}
