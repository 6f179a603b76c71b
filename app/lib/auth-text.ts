/**
 * The texts of the sign-in, registration and confirmation pages (spec and issue 13 wording), shared by pages, actions
 * and tests. Plain strings only: importing this module loads no schema library into the browser.
 */

/** Shown when the role cannot be read after a successful sign-in (spec public-site-and-portal §8). */
export const UNABLE_TO_VERIFY_ROLE = 'Unable to verify user role.';

/**
 * The register page's answer to every accepted sign-up (issue 6): the same text whether the address is new (a
 * verification link was sent) or already has an account (its owner was told so by e-mail), so the page never reveals
 * which. `email` is the address as typed (lower-cased).
 */
export const registrationSentText = (email: string) =>
  `We sent a message to ${email}. Open the link in it to confirm your address and go to your portal. If this address already has an account, the message tells you how to log in instead.`;

/** Under "Check your e-mail" after registering (issue 13, app/server/auth/verified-owner.server.ts). */
export const KEEP_PASSWORD_HINT =
  'Open the link in this browser to keep the password you just chose. Opened anywhere else, the link confirms your address and asks you to choose a password there.';

/** The login page's answer to the right password for an address that is not confirmed yet (issue 13). */
export const CONFIRM_ADDRESS_FIRST =
  'Please confirm your e-mail address first: open the link we sent to it when you registered.';

/** After "Send the link again" on the login page: the same whether or not the address has an account. */
export const CONFIRMATION_RESENT =
  'If that address has an account waiting for confirmation, a new link is on its way. It works for one hour.';

/** When the confirmation links of one client address are over Better Auth's limit (3 a minute). */
export const TOO_MANY_LINKS = 'Several links were sent a moment ago. Please wait a minute before asking again.';
