/**
 * The "you already have an account" e-mail (`kind = existing_account`, sent through auth/auth-mail.server.ts): sent
 * instead of an error when someone registers with an address that has an account, so only the address's owner learns
 * that it exists. It links the login and password reset pages and creates nothing.
 */
import { type RenderedMail, renderMail } from '../render-mail.server';
import { ActionButton, MailLayout, Paragraph, TextLink } from './mail-layout.server';

export interface ExistingAccountFacts {
  shopName: string;
  shopPhone: string;
  /** The login page, absolute. */
  loginUrl: string;
  /** The "forgot password" page, absolute. */
  resetUrl: string;
}

const subjectOf = (f: ExistingAccountFacts) => `You already have a ${f.shopName} account`;

export function ExistingAccountMail(f: ExistingAccountFacts) {
  return (
    <MailLayout
      title={subjectOf(f)}
      preview="This e-mail address already has a customer portal account."
      shopName={f.shopName}
      shopPhone={f.shopPhone}
    >
      <Paragraph>
        Someone just tried to create a {f.shopName} customer portal account with this e-mail address, but it
        already has one.
      </Paragraph>
      <Paragraph>
        To get to your portal, log in with your password (or with Google, if that is how you signed up).
      </Paragraph>
      <ActionButton href={f.loginUrl}>Log in</ActionButton>
      <Paragraph>
        Forgot your password? <TextLink href={f.resetUrl}>Choose a new one</TextLink>
      </Paragraph>
      <Paragraph>If it was not you, ignore this message: nothing has changed on your account.</Paragraph>
    </MailLayout>
  );
}

ExistingAccountMail.PreviewProps = {
  shopName: 'C.A.R.S Collision & Refinish',
  shopPhone: '(281) 555-0143',
  loginUrl: 'https://shop.example.com/login',
  resetUrl: 'https://shop.example.com/forgot-password',
} satisfies ExistingAccountFacts;

/** `renderExistingAccountMail(facts)` → subject "You already have a {shop} account", plain text and HTML. */
export async function renderExistingAccountMail(f: ExistingAccountFacts): Promise<RenderedMail> {
  return { subject: subjectOf(f), ...(await renderMail(<ExistingAccountMail {...f} />)) };
}
