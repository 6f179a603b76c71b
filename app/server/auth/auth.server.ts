/**
 * The Better Auth instance (e-mail and password, Google when configured, database sessions in HttpOnly SameSite=Lax
 * cookies, Secure when APP_URL is https), mounted at `/api/auth` by the `api/auth/*` resource route.
 *
 * `getAuth()` builds the instance on first use for the open database and configuration; `resetAuth()` forgets it
 * (tests switch databases). The secret is BETTER_AUTH_SECRET, or one generated and kept in `DATA_DIR/auth-secret`
 * (mode 0600, auth-secret.server.ts) so a first run needs nothing.
 */
// The minimal build: the same Better Auth without Kysely (~1,000 modules this product never uses, since the
// database is reached through the Drizzle adapter), issue 13.
import { betterAuth } from 'better-auth/minimal';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { ACCOUNT_DEACTIVATED, ACCOUNT_DEACTIVATED_CODE } from '~/lib/staff-roles';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins';
import { getConfig, type AppConfig } from '../config.server';
import { ensureProfileAndCustomer } from '../db/accounts.server';
import { getDatabaseHandle, type Database } from '../db/client.server';
import * as schema from '../db/schema';
import { log } from '../logger.server';
import {
  enqueueExistingAccountMail,
  enqueuePasswordResetMail,
  enqueueVerificationMail,
  VERIFICATION_LINK_SECONDS,
} from './auth-mail.server';
import { resolveAuthSecret } from './auth-secret.server';
import { linkVerifiedCustomer } from './link-customer.server';
import { registeredInThisBrowser, secureAccountOnVerification } from './verified-owner.server';

/**
 * The request header carrying the client's address to Better Auth's rate limiter. Set by the Express layer from
 * `req.ip` on every request (a value the client sent is replaced), never read from anything a client controls.
 */
export const CLIENT_IP_HEADER = 'x-shop-client-ip';

/** Request headers a form action passes on to Better Auth's HTTP API (session, origin, client address, agent). */
const FORWARDED_HEADERS = ['cookie', 'origin', 'referer', 'user-agent', 'accept-language', CLIENT_IP_HEADER];

/**
 * Calls a Better Auth endpoint (`path` under /api/auth, e.g. `/sign-in/email`) through its HTTP handler on behalf of a
 * form post, so everything the public API does applies to the forms too — above all the rate limits stored in the
 * database (sign-in, sign-up, password reset, two-factor), which the direct `auth.api.*` calls skip. `body` is sent as
 * JSON; the answer is Better Auth's Response (429 with its own message when a limit is reached).
 */
export function callAuthEndpoint(request: Request, path: string, body: unknown): Promise<Response> {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const url = new URL(`/api/auth${path}`, getConfig().appUrl);
  return getAuth().handler(new Request(url, { method: 'POST', headers, body: JSON.stringify(body) }));
}

export { resolveAuthSecret } from './auth-secret.server';

function createAuth(config: AppConfig, db: Database) {
  const secret = resolveAuthSecret(config);
  return betterAuth({
    appName: config.shop.name,
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      usePlural: true,
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        accounts: schema.accounts,
        verifications: schema.verifications,
        rateLimits: schema.rateLimits,
        twoFactors: schema.twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // No account enumeration at sign-up (issue 6, docs/decisions/0003): with autoSignIn off, Better Auth answers a
      // sign-up for an address that already has an account exactly like a new one (a synthetic user, no session,
      // the password hashed anyway so the timing matches) and calls onExistingUserSignUp instead of failing with
      // "User already exists". Nobody is signed in by signing up: the new owner opens the verification link
      // (autoSignInAfterVerification below) or logs in; the existing owner gets a "you already have an account" mail.
      autoSignIn: false,
      // Only the verified owner of an address keeps the account (issue 13, verified-owner.server.ts): a password alone
      // signs in only once the address is confirmed.
      requireEmailVerification: true,
      onExistingUserSignUp: async ({ user }) => enqueueExistingAccountMail(db, config.shop, config.appUrl, user),
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Password reset by e-mail from the login page, through the mail queue (portal issue).
      sendResetPassword: async ({ user, url }) => enqueuePasswordResetMail(db, config.shop, user, url),
      revokeSessionsOnPasswordReset: true,
    },
    // Address verification through the mail queue; a verified address links a staff-created customer (DECISIONS 8).
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: async ({ user, url }) => enqueueVerificationMail(db, config.shop, user, url),
      // The link proves who reads the mailbox: every session ends, and the registration password survives only when
      // the link is opened in the browser that registered (issue 13, verified-owner.server.ts).
      beforeEmailVerification: async (user, request) => {
        await secureAccountOnVerification(db, user, { keepPassword: registeredInThisBrowser(request, secret, user.id) });
      },
      afterEmailVerification: async (user) => {
        await linkVerifiedCustomer(db, user);
      },
    },
    socialProviders: config.google
      ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret, prompt: 'select_account' } }
      : {},
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: config.authRateLimit,
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        // Confirmation links re-sent from the login page or the portal notice: like the reset links (issue 13, hole 6).
        '/send-verification-email': { window: 60, max: 3 },
      },
    },
    advanced: {
      useSecureCookies: config.appUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // The client address for rate limits comes only from the header the Express layer sets from the socket (or,
      // with TRUST_PROXY, from X-Forwarded-For as Express resolves it) and overwrites on every request.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      // A deactivated staff account gets no session at all (issue 17 §2): password, Google or two-factor alike.
      session: {
        create: {
          before: async (session) => {
            const [row] = await db
              .select({ deactivatedAt: schema.profiles.deactivatedAt })
              .from(schema.profiles)
              .where(eq(schema.profiles.id, session.userId));
            if (row?.deactivatedAt) throw new APIError('FORBIDDEN', { message: ACCOUNT_DEACTIVATED, code: ACCOUNT_DEACTIVATED_CODE });
          },
        },
      },
      user: {
        create: {
          after: async (user) => {
            await ensureProfileAndCustomer(db, user);
            if (user.emailVerified) await linkVerifiedCustomer(db, user);
          },
        },
      },
    },
    logger: {
      log: (level, message) => {
        const logger = log();
        if (level === 'error') logger.error({ source: 'better-auth' }, message);
        else if (level === 'warn') logger.warn({ source: 'better-auth' }, message);
        else logger.debug({ source: 'better-auth' }, message);
      },
    },
    plugins: [
      // TOTP with backup codes (issue 6): enrol at /account/two-factor, challenged at /login/two-factor.
      twoFactor({ issuer: config.shop.name, backupCodeOptions: { amount: 10, length: 10 } }),
    ],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

let cached: { auth: Auth; db: Database } | undefined;

/** The Better Auth instance for the open database. */
export function getAuth(): Auth {
  const db = getDatabaseHandle().db;
  if (!cached || cached.db !== db) cached = { auth: createAuth(getConfig(), db), db };
  return cached.auth;
}

/** Forgets the instance (tests that switch databases or configuration). */
export function resetAuth(): void {
  cached = undefined;
}
