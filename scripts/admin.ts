/**
 * `npm run admin -- you@shop.com`: makes an existing account an administrator with the Owner role (issue 17 §2), and
 * reactivates it if it was deactivated: the way in when the shop has no owner who can sign in. Honours DATA_DIR and
 * DATABASE_URL. `npm run admin -- --revoke you@shop.com` takes the back office away.
 *
 * The change and its audit row ('profile.role': isAdmin from/to, plus the account's e-mail) are written in one
 * transaction. There is no signed-in staff member here: the actor is recorded as `cli:{OS user}` (the operating-system
 * account that ran the command), with no user id.
 */
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '~/server/audit/audit.server';
import { ensureProfileAndCustomer } from '~/server/db/accounts.server';
import { profiles, users } from '~/server/db/schema';
import { CliError, runWithDatabase } from './cli';

const args = process.argv.slice(2);
const revoke = args.includes('--revoke');
const email = args.find((a) => !a.startsWith('--'))?.trim().toLowerCase();

/** The OS account running this command (`cli:alice`); `cli:unknown` when the system cannot say. */
function cliActor(): { label: string } {
  let name: string | undefined;
  try {
    name = os.userInfo().username;
  } catch {
    name = process.env.USER ?? process.env.USERNAME;
  }
  return { label: `cli:${name || 'unknown'}` };
}

await runWithDatabase(async ({ db }) => {
  if (!email) throw new CliError('Usage: npm run admin -- you@shop.com   (or --revoke you@shop.com)');
  const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email));
  if (!user) throw new CliError(`No account with the e-mail ${email}. Register at /register first, then run this again.`);
  await db.transaction(async (tx) => {
    await ensureProfileAndCustomer(tx, user);
    const [before] = await tx.select({ isAdmin: profiles.isAdmin }).from(profiles).where(eq(profiles.id, user.id)).for('update');
    await tx
      .update(profiles)
      .set({ isAdmin: !revoke, staffRole: revoke ? null : 'owner', deactivatedAt: null })
      .where(eq(profiles.id, user.id));
    await recordAudit(tx, cliActor(), {
      action: 'profile.role',
      entityId: user.id,
      before: { isAdmin: before?.isAdmin ?? false },
      after: { isAdmin: !revoke, email: user.email },
    });
  });
  console.log(revoke ? `${email} is no longer an administrator.` : `${email} is now an administrator. Sign in at /login.`);
});
