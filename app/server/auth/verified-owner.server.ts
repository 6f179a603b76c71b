/**
 * Only the verified owner of an address keeps an account (issue 13, hole 1; docs/decisions/0004-verified-owner.md).
 *
 * The attack this closes: staff add a walk-in customer with e-mail W; someone else registers W with a password of
 * their own; when W's real owner later opens the confirmation link that registration sent, the walk-in's vehicles,
 * photos and documents would be linked to an account whose password the other person knows.
 *
 * The rules, applied together:
 * 1. Signing in with a password needs a confirmed address (Better Auth `requireEmailVerification`), so nobody uses an
 *    account before its address's owner has opened a link sent to it.
 * 2. Confirming the address ends every session of the account ({@link secureAccountOnVerification}).
 * 3. The password typed at registration survives confirmation only when the link is opened in the browser that
 *    registered, which proves that whoever chose the password also reads the mailbox: registration leaves a signed
 *    cookie naming the new account ({@link registrationCookie}). Opened anywhere else, the password is discarded and
 *    the mailbox owner, signed in by the link, chooses one at `/account/password`.
 * 4. Staff-created customer records are linked only after 1–3 (link-customer.server.ts).
 *
 * The cookie is `<userId>.<HMAC-SHA-256(secret, "registered:" + userId)>` (base64url), HttpOnly, SameSite=Lax, Secure
 * when APP_URL is https, kept {@link REGISTRATION_COOKIE_MAX_AGE_S} seconds. It proves only "this browser created that
 * account"; before confirmation, creating the account is the only way a password is set (reset needs the mailbox).
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.server';
import { accounts, sessions } from '../db/schema';
import { log } from '../logger.server';

/** Name of the cookie registration leaves in the browser that registered. */
export const REGISTRATION_COOKIE = 'shop_registered';
/** How long (s) the registration cookie is kept: a week, long enough for a late or re-sent confirmation link. */
export const REGISTRATION_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;

const signature = (secret: string, userId: string) =>
  crypto.createHmac('sha256', secret).update(`registered:${userId}`).digest('base64url');

/**
 * The Set-Cookie line for the browser that just registered account `userId` (a synthetic id when the address already
 * had an account: then it names nothing, and the answer still looks the same). `secure` when APP_URL is https.
 */
export function registrationCookie(secret: string, userId: string, secure: boolean): string {
  const value = `${userId}.${signature(secret, userId)}`;
  return [
    `${REGISTRATION_COOKIE}=${value}`,
    'Path=/',
    `Max-Age=${REGISTRATION_COOKIE_MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** True when `request` carries a registration cookie, signed with `secret`, naming account `userId`. */
export function registeredInThisBrowser(request: Request | undefined, secret: string, userId: string): boolean {
  const header = request?.headers.get('cookie');
  if (!header) return false;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== REGISTRATION_COOKIE) continue;
    const [id, mac] = rest.join('=').split('.');
    if (id !== userId || !mac) continue;
    const expected = Buffer.from(signature(secret, userId));
    const given = Buffer.from(mac);
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) return true;
  }
  return false;
}

export interface VerificationOutcome {
  /** Sessions of the account that were ended. */
  endedSessions: number;
  /** True when the password chosen before confirmation was discarded (the link was opened in another browser). */
  passwordDiscarded: boolean;
}

/**
 * Runs when the owner of the address opens the confirmation link, before the address is marked confirmed (Better Auth
 * `beforeEmailVerification`; the link then signs this browser in). In one transaction: ends every session of
 * `user.id`, and unless `keepPassword` clears the password of its e-mail-and-password login (the row stays, so
 * `/account/password` or a password reset can set a new one). No personal data in the log line.
 */
export async function secureAccountOnVerification(
  db: Executor,
  user: { id: string },
  { keepPassword }: { keepPassword: boolean },
): Promise<VerificationOutcome> {
  return db.transaction(async (tx) => {
    const ended = await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id });
    let passwordDiscarded = false;
    if (!keepPassword) {
      const cleared = await tx
        .update(accounts)
        .set({ password: null, updatedAt: new Date() })
        .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')))
        .returning({ id: accounts.id });
      passwordDiscarded = cleared.length > 0;
    }
    log().info({ userId: user.id, endedSessions: ended.length, passwordDiscarded }, 'address confirmed: account secured');
    return { endedSessions: ended.length, passwordDiscarded };
  });
}

/**
 * Whether account `userId` can sign in without choosing a password first: it has a password, or another login
 * (Google). False right after a confirmation opened in another browser discarded the registration password.
 */
export async function hasSignInMethod(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ providerId: accounts.providerId, password: accounts.password })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return rows.some((row) => row.providerId !== 'credential' || Boolean(row.password));
}
