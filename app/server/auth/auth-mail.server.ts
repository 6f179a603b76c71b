/**
 * The two e-mails Better Auth asks us to send, put on the durable mail queue (DECISIONS 13) instead of being sent
 * inline: the address verification link (which also links a staff-created customer record, DECISIONS 8) and the
 * password reset link. Texts are plain and short; links point at this site only.
 */
import type { Executor } from '../db/client.server';
import { enqueueMail } from '../mail/mail-queue.server';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Puts the verification e-mail on the queue. `url` is Better Auth's link; the callback is pinned to /portal. */
export async function enqueueVerificationMail(db: Executor, shopName: string, user: { email: string }, url: string) {
  const link = new URL(url);
  link.searchParams.set('callbackURL', '/portal');
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
