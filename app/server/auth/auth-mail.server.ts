/**
 * The two e-mails Better Auth asks us to send, put on the durable mail queue (DECISIONS 13) instead of being sent
 * inline: the address verification link (which also links a staff-created customer record, DECISIONS 8) and the
 * password reset link. Texts are plain and short; links point at this site only.
 */
import type { Executor } from '../db/client.server';
import { enqueueMail } from '../mail/mail-queue.server';

/** Where a confirmation link lands (app/routes/auth/choose-password.tsx). */
export const CHOOSE_PASSWORD_PATH = '/account/password';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Puts the verification e-mail on the queue. `url` is Better Auth's link; the callback is pinned to
 * {@link CHOOSE_PASSWORD_PATH}, which sends an account that can sign in on to its portal and asks one whose
 * registration password was discarded (link opened in another browser, issue 13) to choose a password.
 */
export async function enqueueVerificationMail(db: Executor, shopName: string, user: { email: string }, url: string) {
  const link = new URL(url);
  link.searchParams.set('callbackURL', CHOOSE_PASSWORD_PATH);
  const href = link.toString();
  await enqueueMail(db, {
    kind: 'verify_email',
    to: user.email,
    subject: `Confirm your e-mail address for ${shopName}`,
    text: [
      `Please confirm your e-mail address for your ${shopName} customer portal by opening this link:`,
      '',
      href,
      '',
      'Once it is confirmed, the vehicles and repairs the shop already has on file for this address appear in your portal.',
      'If you did not create an account, you can ignore this message.',
    ].join('\n'),
    html: `<p>Please confirm your e-mail address for your ${escapeHtml(shopName)} customer portal.</p><p><a href="${escapeHtml(href)}">Confirm my e-mail address</a></p><p>Once it is confirmed, the vehicles and repairs the shop already has on file for this address appear in your portal.</p><p>If you did not create an account, you can ignore this message.</p>`,
  });
}

/** Puts the password reset e-mail on the queue. `url` is Better Auth's link (valid one hour). */
export async function enqueuePasswordResetMail(db: Executor, shopName: string, user: { email: string }, url: string) {
  await enqueueMail(db, {
    kind: 'password_reset',
    to: user.email,
    subject: `Reset your ${shopName} password`,
    text: [
      'Someone asked to reset the password of your customer portal account. To choose a new password, open:',
      '',
      url,
      '',
      'The link works for one hour. If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
    html: `<p>Someone asked to reset the password of your customer portal account.</p><p><a href="${escapeHtml(url)}">Choose a new password</a></p><p>The link works for one hour. If it was not you, ignore this message: your password stays as it is.</p>`,
  });
}

/**
 * Puts the "you already have an account" e-mail on the queue (`kind = existing_account`): sent instead of an error when
 * someone registers with an address that has an account, so the sign-up page answers the same for every address and
 * only the address's owner learns that the account exists. `appUrl` is the site's base URL (APP_URL); the message
 * links the login and password reset pages and creates nothing.
 */
export async function enqueueExistingAccountMail(db: Executor, shopName: string, appUrl: string, user: { email: string }) {
  const login = new URL('/login', appUrl).toString();
  const reset = new URL('/forgot-password', appUrl).toString();
  await enqueueMail(db, {
    kind: 'existing_account',
    to: user.email,
    subject: `You already have a ${shopName} account`,
    text: [
      `Someone just tried to create a ${shopName} customer portal account with this e-mail address, but it already has one.`,
      '',
      `To get to your portal, log in with your password (or with Google, if that is how you signed up):`,
      login,
      '',
      'Forgot your password? Choose a new one here:',
      reset,
      '',
      'If it was not you, ignore this message: nothing has changed on your account.',
    ].join('\n'),
    html: `<p>Someone just tried to create a ${escapeHtml(shopName)} customer portal account with this e-mail address, but it already has one.</p><p>To get to your portal, <a href="${escapeHtml(login)}">log in</a> with your password (or with Google, if that is how you signed up).</p><p>Forgot your password? <a href="${escapeHtml(reset)}">Choose a new one</a>.</p><p>If it was not you, ignore this message: nothing has changed on your account.</p>`,
  });
}
