/**
 * The shop's side of an account: the `profiles` row (role) and the `customers` row (spec public-site-and-portal §4,
 * "First sign-in"). Both are created when an account is created, and again on sign-in if missing.
 */
import { eq } from 'drizzle-orm';
import type { StaffRole } from '~/lib/staff-roles';
import type { Executor } from './client.server';
import { customers, profiles } from './schema';

export interface AccountUser {
  id: string;
  email: string;
  name?: string | null;
}

export interface Profile {
  id: string;
  fullName: string | null;
  isAdmin: boolean;
  /** What a staff account may do (issue 17 §2); null for a customer. */
  staffRole: StaffRole | null;
  /** Set when the owner deactivated this staff account: it is treated as signed out. */
  deactivatedAt: Date | null;
}

/** The columns of a {@link Profile}, for every read of one. */
const PROFILE_COLUMNS = {
  id: profiles.id,
  fullName: profiles.fullName,
  isAdmin: profiles.isAdmin,
  staffRole: profiles.staffRole,
  deactivatedAt: profiles.deactivatedAt,
};

/**
 * Creates the missing profile (is_admin false, full_name from sign-up data) and the missing customer record (name
 * from sign-up data or 'Unknown', e-mail from the account, phone and address empty). Idempotent; returns the profile.
 * Admin accounts get no customer record: staff are not customers.
 */
export async function ensureProfileAndCustomer(db: Executor, user: AccountUser): Promise<Profile> {
  const fullName = user.name?.trim() || null;
  await db.insert(profiles).values({ id: user.id, fullName, isAdmin: false }).onConflictDoNothing();
  const [profile] = await db
    .select(PROFILE_COLUMNS)
    .from(profiles)
    .where(eq(profiles.id, user.id));
  if (!profile) throw new Error('Profile could not be created');
  if (!profile.isAdmin) {
    await db
      .insert(customers)
      .values({ userId: user.id, name: fullName ?? 'Unknown', email: user.email, phone: null, address: null })
      .onConflictDoNothing({ target: customers.userId });
  }
  return profile;
}

export interface Account {
  profile: Profile;
  /** The customer record linked to the account; null for staff. */
  customerId: string | null;
}

/**
 * The profile and customer id of an account in one read — the hot path of every signed-in request. Only when something
 * is missing does it fall back to {@link ensureProfileAndCustomer} (which creates it) and read again.
 */
export async function loadAccount(db: Executor, user: AccountUser): Promise<Account> {
  const read = () =>
    db
      .select({ ...PROFILE_COLUMNS, customerId: customers.id })
      .from(profiles)
      .leftJoin(customers, eq(customers.userId, profiles.id))
      .where(eq(profiles.id, user.id))
      .limit(1);
  let [row] = await read();
  if (!row || (!row.isAdmin && !row.customerId)) {
    await ensureProfileAndCustomer(db, user);
    [row] = await read();
  }
  if (!row) throw new Error('Profile could not be created');
  const { customerId, ...profile } = row;
  return { profile, customerId };
}
