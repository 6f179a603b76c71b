/**
 * The invitation to a new staff account (`kind = staff_invite`, issue 17 §2): sent instead of the customer-portal
 * confirmation when the Owner invites someone at /admin/staff. Better Auth's confirmation link opens
 * /account/password, where the invited person chooses their password.
 */
import { type RenderedMail, renderMail } from '../render-mail.server';
import { ActionButton, MailLayout, Paragraph } from './mail-layout.server';

export interface StaffInviteFacts {
  shopName: string;
  shopPhone: string;
  /** The confirmation link (its callback already set by the caller). */
  url: string;
  /** The role's name ("Technician"). */
  roleLabel: string;
  /** Who invited them (the Owner's name or e-mail). */
  invitedBy: string;
  /** How long the link works, in words ("3 days"). */
  validFor: string;
}

const subjectOf = (f: StaffInviteFacts) => `You are invited to ${f.shopName}'s back office`;

export function StaffInviteMail(f: StaffInviteFacts) {
  return (
    <MailLayout title={subjectOf(f)} preview={`Choose your password to start as ${f.roleLabel}.`} shopName={f.shopName} shopPhone={f.shopPhone}>
      <Paragraph>
        {f.invitedBy} has invited you to {f.shopName}&apos;s back office as {f.roleLabel}.
      </Paragraph>
      <Paragraph>Choose your password to confirm this address and sign in:</Paragraph>
      <ActionButton href={f.url}>Choose my password</ActionButton>
      <Paragraph>
        The link works for {f.validFor}. If it has run out, ask {f.invitedBy} to invite you again. If you did not expect
        this, you can ignore this message.
      </Paragraph>
    </MailLayout>
  );
}

StaffInviteMail.PreviewProps = {
  shopName: 'C.A.R.S Collision & Refinish',
  shopPhone: '(281) 555-0143',
  url: 'https://shop.example.com/api/auth/verify-email?token=preview-token&callbackURL=%2Faccount%2Fpassword',
  roleLabel: 'Technician',
  invitedBy: 'Dana Owner',
  validFor: '3 days',
} satisfies StaffInviteFacts;

/** `renderStaffInviteMail(facts)` → subject "You are invited to {shop}'s back office", plain text and HTML. */
export async function renderStaffInviteMail(f: StaffInviteFacts): Promise<RenderedMail> {
  return { subject: subjectOf(f), ...(await renderMail(<StaffInviteMail {...f} />)) };
}
