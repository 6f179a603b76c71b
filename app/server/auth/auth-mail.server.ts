/**
 * The e-mails Better Auth asks us to send, put on the durable mail queue (DECISIONS 13) instead of being sent inline:
 * the address verification link (which also links a staff-created customer record, DECISIONS 8), the password reset
 * link and the "you already have an account" notice. Their wording lives in the templates
 * (mail/templates/verify-email-mail, password-reset-mail, existing-account-mail); links point at this site only.
 * `shop` is the shop's name and phone (config `shop`), shown in the header and footer.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ShopInfo } from '~/content/shop';
import type { Executor } from '../db/client.server';
import { loadMailTemplates } from '../mail/load-templates.server';
import { enqueueMail } from '../mail/mail-queue.server';

/** Where a confirmation link lands (app/routes/auth/choose-password.tsx). */
export const CHOOSE_PASSWORD_PATH = '/account/password';

type MailShop = Pick<ShopInfo, 'name' | 'phone'>;

/**
 * How long a confirmation link works (Better Auth's `emailVerification.expiresIn`, seconds): 3 days, so a person
 * invited to the staff (or a customer who registered) can open it the next working day.
 */
export const VERIFICATION_LINK_SECONDS = 3 * 24 * 60 * 60;

/** An invitation in progress (staff/staff.server.ts `inviteStaff`): the role's name and who invites. */
export interface StaffInvite {
  roleLabel: string;
  invitedBy: string;
}

const staffInvites = new AsyncLocalStorage<StaffInvite>();

/**
 * Runs `fn` (the Better Auth sign-up of an invited staff member) so that the confirmation e-mail it queues is the staff
 * invitation ("You are invited to {shop}'s back office") instead of the customer-portal wording.
 */
export function withStaffInvite<T>(invite: StaffInvite, fn: () => Promise<T>): Promise<T> {
  return staffInvites.run(invite, fn);
}

/**
 * Puts the verification e-mail on the queue. `url` is Better Auth's link; the callback is pinned to
 * {@link CHOOSE_PASSWORD_PATH}, which sends an account that can sign in on to its portal and asks one whose
 * registration password was discarded (link opened in another browser, issue 13) to choose a password. Inside
 * {@link withStaffInvite} the e-mail is the staff invitation (`kind = staff_invite`) instead.
 */
export async function enqueueVerificationMail(
  db: Executor,
  shop: MailShop,
  user: { email: string },
  url: string,
): Promise<void> {
  const link = new URL(url);
  link.searchParams.set('callbackURL', CHOOSE_PASSWORD_PATH);
  const invite = staffInvites.getStore();
  if (invite) {
    const { renderStaffInviteMail } = await loadMailTemplates();
    const mail = await renderStaffInviteMail({
      shopName: shop.name,
      shopPhone: shop.phone,
      url: link.toString(),
      ...invite,
      validFor: '3 days',
    });
    await enqueueMail(db, { kind: 'staff_invite', to: user.email, ...mail });
    return;
  }
  const { renderVerifyEmailMail } = await loadMailTemplates();
  const mail = await renderVerifyEmailMail({
    shopName: shop.name,
    shopPhone: shop.phone,
    url: link.toString(),
  });
  await enqueueMail(db, { kind: 'verify_email', to: user.email, ...mail });
}

/** Puts the password reset e-mail on the queue. `url` is Better Auth's link (valid one hour). */
export async function enqueuePasswordResetMail(
  db: Executor,
  shop: MailShop,
  user: { email: string },
  url: string,
): Promise<void> {
  const { renderPasswordResetMail } = await loadMailTemplates();
  const mail = await renderPasswordResetMail({ shopName: shop.name, shopPhone: shop.phone, url });
  await enqueueMail(db, { kind: 'password_reset', to: user.email, ...mail });
}

/**
 * Puts the "you already have an account" e-mail on the queue (`kind = existing_account`): sent instead of an error when
 * someone registers with an address that has an account, so the sign-up page answers the same for every address and
 * only the address's owner learns that the account exists. `appUrl` is the site's base URL (APP_URL); the message
 * links the login and password reset pages and creates nothing.
 */
export async function enqueueExistingAccountMail(
  db: Executor,
  shop: MailShop,
  appUrl: string,
  user: { email: string },
): Promise<void> {
  const { renderExistingAccountMail } = await loadMailTemplates();
  const mail = await renderExistingAccountMail({
    shopName: shop.name,
    shopPhone: shop.phone,
    loginUrl: new URL('/login', appUrl).toString(),
    resetUrl: new URL('/forgot-password', appUrl).toString(),
  });
  await enqueueMail(db, { kind: 'existing_account', to: user.email, ...mail });
}
