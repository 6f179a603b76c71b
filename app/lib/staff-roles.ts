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
