/**
 * What each staff role may do in the back office (issue 17 §2): the one place that says it. Every back-office loader and
 * action calls {@link requireStaff} with the permission it needs (in the spirit of epic-stack's `permissions.server.ts`),
 * and pages ask {@link can} to hide what the user may not use. Hiding is a courtesy; the server check is the rule.
 *
 * Roles (app/lib/staff-roles.ts):
 * - Owner: everything.
 * - Service writer: customers, vehicles, work orders, estimates, money, messages, appointments, photos, documents,
 *   the board and reports.
 * - Technician: the board and the work orders assigned to them (status, photos, clock in and out); no customer phone or
 *   e-mail, no money.
 * - Parts: inventory, vendor invoices, parts on work orders (reading the work orders to find them, not editing them)
 *   and the board.
 *
 * A technician's limit to "their" work orders is a scope, not a permission: {@link canSeeWorkOrder} /
 * {@link requireWorkOrderAccess} check `work_orders.assigned_technician_id` for users with `work_orders.assigned` only.
 */
import type { StaffRole } from '~/lib/staff-roles';
import { requireAdmin, type SessionUser } from './session.server';

export const PERMISSIONS = [
  /** The dashboard and the job board (read). */
  'board.view',
  /** Move a card / change a work order's status (a technician only on their own work orders). */
  'work_orders.status',
  /** Every work order: list and open them (and print the ticket). */
  'work_orders.all',
  /** Change a work order's facts: estimated completion date, description, documents, the assigned technician. */
  'work_orders.edit',
  /** Only the work orders assigned to me (technician). */
  'work_orders.assigned',
  /** Customers and vehicles, with their phone, e-mail and address. */
  'customers',
  /** Photos and documents on a work order (a technician's only on their own). */
  'photos',
  /** Estimates, supplements, insurance claims, the repair invoice, payments: anything with a price. */
  'money',
  /** Contact messages, texts, the mail outbox. */
  'messages',
  /** Online bookings and check-in. */
  'appointments',
  /** Inventory and stock adjustments. */
  'inventory',
  /** Vendor invoices (reading, review, saving). */
  'vendor_invoices',
  /** Add or remove parts used on a work order. */
  'parts_on_work_orders',
  /** Clock in and out on a work order (one's own time). */
  'time.own',
  /** Correct anyone's time entries (audited). */
  'time.correct',
  /** Cycle-time reports and their CSV. */
  'reports',
  /** Shop settings, site content, backups. */
  'settings',
  /** Staff accounts: invite, change role, deactivate. */
  'staff',
  /** The audit log. */
  'audit',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const ALL = new Set<Permission>(PERMISSIONS);

/** The permission table. Owner has everything; the others list theirs. */
export const ROLE_PERMISSIONS: Record<StaffRole, ReadonlySet<Permission>> = {
  owner: ALL,
  service_writer: new Set<Permission>([
    'board.view',
    'work_orders.status',
    'work_orders.all',
    'work_orders.edit',
    'customers',
    'photos',
    'money',
    'messages',
    'appointments',
    'parts_on_work_orders',
    'time.own',
    'reports',
  ]),
  technician: new Set<Permission>(['board.view', 'work_orders.status', 'work_orders.assigned', 'photos', 'time.own']),
  parts: new Set<Permission>([
    'board.view',
    'work_orders.all',
    'inventory',
    'vendor_invoices',
    'parts_on_work_orders',
  ]),
};

/** True when `user` is active staff whose role grants `permission`. A customer (role null) has none. */
export function can(user: Pick<SessionUser, 'isAdmin' | 'role'>, permission: Permission): boolean {
  if (!user.isAdmin || !user.role) return false;
  return ROLE_PERMISSIONS[user.role].has(permission);
}

/** The 403 answer for signed-in staff asking for what their role does not allow (nothing is changed). */
export function forbidden(): Response {
  return new Response('Your role does not allow this. Ask the shop owner if you need it.', { status: 403 });
}

/**
 * The signed-in staff user, when their role grants `permission` (any one of them, when a list is given).
 * Throws: the redirects of `requireAdmin` (anonymous → /login, customer → /portal, staff without required two-factor →
 * /account/two-factor), or a 403 Response from {@link forbidden}.
 */
export async function requireStaff(request: Request, permission: Permission | readonly Permission[]): Promise<SessionUser> {
  const user = await requireAdmin(request);
  const wanted = typeof permission === 'string' ? [permission] : permission;
  if (!wanted.some((p) => can(user, p))) throw forbidden();
  return user;
}

/** Whether `user` may see this work order: all of them, or (technician) the ones assigned to them. */
export function canSeeWorkOrder(
  user: Pick<SessionUser, 'id' | 'isAdmin' | 'role'>,
  workOrder: { assignedTechnicianId: string | null },
): boolean {
  if (can(user, 'work_orders.all')) return true;
  return can(user, 'work_orders.assigned') && workOrder.assignedTechnicianId === user.id;
}

/**
 * Throws a 404 Response (the work order's existence is not disclosed) when `user` may not see `workOrder`, or when it is
 * undefined. Returns the work order otherwise.
 */
export function requireWorkOrderAccess<T extends { assignedTechnicianId: string | null }>(
  user: Pick<SessionUser, 'id' | 'isAdmin' | 'role'>,
  workOrder: T | undefined | null,
): T {
  if (!workOrder || !canSeeWorkOrder(user, workOrder)) throw new Response('Work order not found', { status: 404 });
  return workOrder;
}
