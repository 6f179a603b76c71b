/**
 * `npm run admin -- you@shop.com`: makes an existing account an administrator (honours DATA_DIR and DATABASE_URL).
 * `npm run admin -- --revoke you@shop.com` takes the role away.
 */
import { eq, sql } from 'drizzle-orm';
import { ensureProfileAndCustomer } from '~/server/db/accounts.server';
import { profiles, users } from '~/server/db/schema';
import { CliError, runWithDatabase } from './cli';

const args = process.argv.slice(2);
const revoke = args.includes('--revoke');
const email = args.find((a) => !a.startsWith('--'))?.trim().toLowerCase();

await runWithDatabase(async ({ db }) => {
  if (!email) throw new CliError('Usage: npm run admin -- you@shop.com   (or --revoke you@shop.com)');
  const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email));
  if (!user) throw new CliError(`No account with the e-mail ${email}. Register at /register first, then run this again.`);
  await ensureProfileAndCustomer(db, user);
  await db.update(profiles).set({ isAdmin: !revoke }).where(eq(profiles.id, user.id));
  console.log(revoke ? `${email} is no longer an administrator.` : `${email} is now an administrator. Sign in at /login.`);
});
