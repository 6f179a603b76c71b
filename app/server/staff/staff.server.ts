/**
 * Staff accounts (issue 17 §2, /admin/staff): the Owner lists, invites, re-roles, deactivates and reactivates staff, and
 * assigns technicians to work orders. Every change writes its audit row in the same transaction.
 *
 * - `listStaff()` → every staff account (active or not) with name, e-mail, role, active flag, two-factor on.
 * - `listActiveTechnicians()` → `{ id, name }[]` for the assign control.
 * - `inviteStaff(actor, { name, email, role }, headers?)` → creates the account through Better Auth (random password
 *   nobody knows), makes it staff with `role`, and queues Better Auth's confirmation e-mail, whose link lands on
 *   `/account/password` where the new staff member chooses a password (the registration password is discarded because
 *   the link is opened in another browser: verified-owner.server.ts). DomainError('conflict') when the address has an
 *   account.
 * - `changeStaffRole(actor, userId, role)`, `setStaffActive(actor, userId, active)` → the last active Owner cannot be
 *   demoted or deactivated: the active Owners' profile rows are locked (`FOR UPDATE`) in the same transaction before
 *   counting, so two Owners demoting each other at once leave one (the second waits, re-reads and is refused:
 *   DomainError('conflict', STAFF_MESSAGES.lastOwner)). Deactivating deletes the account's sessions in the same
 *   transaction (signed out at once); sign-in then refuses it (auth.server.ts session hook).
 * - `assignTechnician(actor, workOrderId, technicianId | null)` → audited 'work_order.assign'.
 *
 * Errors: DomainError('not_found') for an unknown account or work order, ('validation') for a non-technician.
 */
import { APIError } from 'better-auth/api';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { STAFF_ROLE_LABELS, type StaffRole } from '~/lib/staff-roles';
import { STAFF_MESSAGES, type InviteStaff } from '~/lib/schemas/staff';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import { withStaffInvite } from '../auth/auth-mail.server';
import { getAuth } from '../auth/auth.server';
import { getDb, type Executor } from '../db/client.server';
import { randomPassword } from '../db/demo-passwords.server';
import { customers, profiles, sessions, users, workOrders } from '../db/schema';
import { DomainError, isUuid } from '../errors.server';

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  active: boolean;
  twoFactorEnabled: boolean;
}

/** Every staff account, active ones first, then by name. */
export async function listStaff(): Promise<StaffMember[]> {
  const rows = await getDb()
    .select({
      id: users.id,
      fullName: profiles.fullName,
      userName: users.name,
      email: users.email,
      role: profiles.staffRole,
      deactivatedAt: profiles.deactivatedAt,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.isAdmin, true))
    .orderBy(
      sql`${profiles.deactivatedAt} IS NOT NULL`,
      asc(sql`lower(coalesce(${profiles.fullName}, ${users.name}))`),
    );
  return rows.map((r) => ({
    id: r.id,
    name: r.fullName || r.userName || r.email,
    email: r.email,
    role: r.role ?? 'owner',
    active: !r.deactivatedAt,
    twoFactorEnabled: Boolean(r.twoFactorEnabled),
  }));
}

/** Active technicians for the assign control: `{ id, name }` by name. */
export async function listActiveTechnicians(): Promise<{ id: string; name: string }[]> {
  const rows = await getDb()
    .select({ id: users.id, fullName: profiles.fullName, userName: users.name, email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(
      and(eq(profiles.isAdmin, true), eq(profiles.staffRole, 'technician'), isNull(profiles.deactivatedAt)),
    )
    .orderBy(asc(sql`lower(coalesce(${profiles.fullName}, ${users.name}))`));
  return rows.map((r) => ({ id: r.id, name: r.fullName || r.userName || r.email }));
}

/** Creates a staff account and e-mails the link to choose a password (see module docs). Returns the new user's id. */
export async function inviteStaff(actor: StaffActor & { name?: string }, input: InviteStaff): Promise<string> {
  const db = getDb();
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email));
  if (existing) throw new DomainError('conflict', STAFF_MESSAGES.exists, 'email');
  // Better Auth creates the user (hashing a password nobody knows) and queues its confirmation e-mail; the link's
  // callback is pinned to /account/password (auth-mail.server.ts), where the invited person chooses their password.
  let user: { id: string };
  try {
    const invite = { roleLabel: STAFF_ROLE_LABELS[input.role], invitedBy: actor.name || actor.email };
    ({ user } = await withStaffInvite(invite, () =>
      getAuth().api.signUpEmail({ body: { name: input.name, email: input.email, password: randomPassword() } }),
    ));
  } catch (error) {
    // Better Auth refuses input it finds invalid with an APIError: a message on the form, never a 500.
    if (error instanceof APIError) {
      throw new DomainError('validation', error.body?.message || 'The account could not be created.', 'email');
    }
    throw error;
  }
  await db.transaction(async (tx) => {
    const made = await tx
      .update(profiles)
      .set({ isAdmin: true, staffRole: input.role, fullName: input.name, deactivatedAt: null })
      .where(eq(profiles.id, user.id))
      .returning({ id: profiles.id });
    // Someone registered the address between the check and the sign-up: Better Auth then answers with a user that is
    // not stored (no account enumeration, auth.server.ts) and e-mails the owner instead. Nothing to make staff.
    if (made.length === 0) throw new DomainError('conflict', STAFF_MESSAGES.exists, 'email');
    // Sign-up made a customer record for the account (as for every registration): staff have none.
    await tx.delete(customers).where(eq(customers.userId, user.id));
    await recordAudit(tx, actor, {
      action: 'profile.invite',
      entityId: user.id,
      after: { email: input.email, name: input.name, role: input.role },
    });
  });
  return user.id;
}

interface LockedProfile {
  id: string;
  role: StaffRole | null;
  isAdmin: boolean;
  deactivatedAt: Date | null;
  name: string;
}

/**
 * Locks the active Owners' rows and the target's row (in that order, the same for everyone, so no deadlock), and
 * returns the target and how many active Owners there are. DomainError('not_found') for an unknown or non-staff id.
 */
async function lockForChange(
  tx: Executor,
  userId: string,
): Promise<{ target: LockedProfile; activeOwners: string[] }> {
  const owners = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.isAdmin, true), eq(profiles.staffRole, 'owner'), isNull(profiles.deactivatedAt)))
    .orderBy(asc(profiles.id))
    .for('update');
  const [target] = await tx
    .select({
      id: profiles.id,
      role: profiles.staffRole,
      isAdmin: profiles.isAdmin,
      deactivatedAt: profiles.deactivatedAt,
      fullName: profiles.fullName,
      email: users.email,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, userId))
    .for('update', { of: profiles });
  if (!target || !target.isAdmin) throw new DomainError('not_found', STAFF_MESSAGES.notFound);
  return {
    target: {
      id: target.id,
      role: target.role,
      isAdmin: target.isAdmin,
      deactivatedAt: target.deactivatedAt,
      name: target.fullName || target.email,
    },
    activeOwners: owners.map((o) => o.id),
  };
}

/** True when removing `target` from the active Owners would leave none. */
const wouldLeaveNoOwner = (target: LockedProfile, activeOwners: string[]) =>
  activeOwners.includes(target.id) && activeOwners.length <= 1;

/** Changes a staff account's role; returns the message to show. Refuses to demote the last active Owner. */
export async function changeStaffRole(actor: StaffActor, userId: string, role: StaffRole): Promise<string> {
  return getDb().transaction(async (tx) => {
    const { target, activeOwners } = await lockForChange(tx, userId);
    if (target.role === role) return STAFF_MESSAGES.roleChanged(target.name, STAFF_ROLE_LABELS[role]);
    if (role !== 'owner' && wouldLeaveNoOwner(target, activeOwners))
      throw new DomainError('conflict', STAFF_MESSAGES.lastOwner);
    await tx.update(profiles).set({ staffRole: role, updatedAt: new Date() }).where(eq(profiles.id, userId));
    await recordAudit(tx, actor, {
      action: 'profile.role',
      entityId: userId,
      before: { role: target.role },
      after: { role },
    });
    return STAFF_MESSAGES.roleChanged(target.name, STAFF_ROLE_LABELS[role]);
  });
}

/**
 * Deactivates (`active` false: sessions deleted, sign-in refused) or reactivates a staff account; returns the message.
 * Refuses the last active Owner and one's own account.
 */
export async function setStaffActive(actor: StaffActor, userId: string, active: boolean): Promise<string> {
  if (!active && userId === actor.id) throw new DomainError('validation', STAFF_MESSAGES.notSelf);
  return getDb().transaction(async (tx) => {
    const { target, activeOwners } = await lockForChange(tx, userId);
    const message = active
      ? STAFF_MESSAGES.reactivated(target.name)
      : STAFF_MESSAGES.deactivated(target.name);
    if (active === !target.deactivatedAt) return message;
    if (!active && wouldLeaveNoOwner(target, activeOwners))
      throw new DomainError('conflict', STAFF_MESSAGES.lastOwner);
    const deactivatedAt = active ? null : new Date();
    await tx.update(profiles).set({ deactivatedAt, updatedAt: new Date() }).where(eq(profiles.id, userId));
    if (!active) await tx.delete(sessions).where(eq(sessions.userId, userId));
    await recordAudit(tx, actor, {
      action: active ? 'profile.reactivate' : 'profile.deactivate',
      entityId: userId,
      before: { active: !target.deactivatedAt },
      after: { active },
    });
    return message;
  });
}

/** Assigns `workOrderId` to an active technician (or clears it with null); audited. Returns the message to show. */
export async function assignTechnician(
  actor: StaffActor,
  workOrderId: string,
  technicianId: string | null,
): Promise<string> {
  if (!isUuid(workOrderId)) throw new DomainError('not_found', 'Work order not found.');
  return getDb().transaction(async (tx) => {
    let name: string | null = null;
    if (technicianId) {
      const [tech] = await tx
        .select({ fullName: profiles.fullName, email: users.email })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.id))
        .where(
          and(
            eq(profiles.id, technicianId),
            eq(profiles.isAdmin, true),
            eq(profiles.staffRole, 'technician'),
            isNull(profiles.deactivatedAt),
          ),
        )
        .for('share', { of: profiles });
      if (!tech) throw new DomainError('validation', STAFF_MESSAGES.notTechnician, 'technicianId');
      name = tech.fullName || tech.email;
    }
    const [before] = await tx
      .select({ assignedTechnicianId: workOrders.assignedTechnicianId })
      .from(workOrders)
      .where(eq(workOrders.id, workOrderId))
      .for('update');
    if (!before) throw new DomainError('not_found', 'Work order not found.');
    if (before.assignedTechnicianId === technicianId) return STAFF_MESSAGES.assigned(name);
    await tx
      .update(workOrders)
      .set({ assignedTechnicianId: technicianId, updatedAt: new Date() })
      .where(eq(workOrders.id, workOrderId));
    await recordAudit(tx, actor, {
      action: 'work_order.assign',
      entityId: workOrderId,
      before: { assignedTechnicianId: before.assignedTechnicianId },
      after: { assignedTechnicianId: technicianId },
    });
    return STAFF_MESSAGES.assigned(name);
  });
}

/** The display name of a staff account (full name, else e-mail); null when unknown. */
export async function technicianName(userId: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ fullName: profiles.fullName, email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, userId));
  return row ? row.fullName || row.email : null;
}
