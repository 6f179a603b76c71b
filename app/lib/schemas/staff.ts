import { z } from 'zod';
import { STAFF_ROLES } from '~/lib/staff-roles';
import { isSingleLine, SINGLE_LINE_MESSAGE } from './text';

/**
 * The staff page's forms (issue 17 §2, /admin/staff): invite, change role, deactivate / reactivate, and the work order
 * page's assign-technician control. Shared by the page and its action.
 */

const role = z.enum(STAFF_ROLES, { error: 'Choose a role.' });
const userId = z
  .string({ error: 'Choose a staff account.' })
  .trim()
  .min(1, 'Choose a staff account.')
  .max(100, 'Choose a staff account.');

/** Invite a staff member: name, e-mail and role. */
export const InviteStaffSchema = z.object({
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(1, 'Name is required.')
    .max(120, 'At most 120 characters.')
    .refine(isSingleLine, SINGLE_LINE_MESSAGE),
  email: z
    .string({ error: 'E-mail is required.' })
    .trim()
    .min(1, 'E-mail is required.')
    .max(254, 'That email address is too long.')
    .transform((v) => v.toLowerCase())
    .pipe(z.email('Enter a valid email address.')),
  role,
});
export type InviteStaff = z.infer<typeof InviteStaffSchema>;

/** Change one account's role. */
export const ChangeStaffRoleSchema = z.object({ userId, role });

/** Deactivate or reactivate one account. */
export const StaffAccountSchema = z.object({ userId });

/** Assign a work order to an active technician, or clear it (empty `technicianId`). */
export const AssignTechnicianSchema = z.object({
  technicianId: z
    .string()
    .trim()
    .max(100, 'Choose a technician.')
    .optional()
    .transform((v) => (v ? v : null)),
});

export const STAFF_MESSAGES = {
  invited: (email: string) =>
    `Invitation sent to ${email}. They choose their password from the link in the e-mail.`,
  exists: 'An account with this e-mail already exists.',
  roleChanged: (name: string, roleLabel: string) => `${name} is now ${roleLabel}.`,
  deactivated: (name: string) => `${name} is deactivated and signed out everywhere.`,
  reactivated: (name: string) => `${name} can sign in again.`,
  lastOwner: 'The shop must keep at least one active Owner: make another account Owner first.',
  notSelf: 'You cannot deactivate your own account.',
  notFound: 'No such staff account.',
  assigned: (name: string | null) => (name ? `Assigned to ${name}.` : 'No technician assigned.'),
  notTechnician: 'Choose an active technician.',
} as const;
