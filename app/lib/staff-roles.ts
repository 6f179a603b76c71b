/**
 * Staff roles (issue 17 §2). Shared by the server's permission module and the pages that show a role's name.
 * - Owner: everything, including settings, staff accounts and the audit log.
 * - Service writer: customers, vehicles, work orders, estimates, messages, appointments.
 * - Technician: the board and the work orders assigned to them (status, photos, clock in and out); no customer phone or
 *   e-mail, no money.
 * - Parts: inventory, vendor invoices, parts on work orders.
 */
export const STAFF_ROLES = ['owner', 'service_writer', 'technician', 'parts'] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

/** The name a person reads for each role. */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  service_writer: 'Service writer',
  technician: 'Technician',
  parts: 'Parts',
};

/** What sign-in answers for a deactivated staff account (issue 17 §2); the password was right, the door is shut. */
export const ACCOUNT_DEACTIVATED = 'This staff account has been deactivated. Ask the shop owner to reactivate it.';
/** The error code Better Auth carries with {@link ACCOUNT_DEACTIVATED}. */
export const ACCOUNT_DEACTIVATED_CODE = 'ACCOUNT_DEACTIVATED';
