/**
 * The role matrix (issue 17 §2): for each staff role, every admin route's loader and each action intent, enumerated
 * from app/routes.ts, is either allowed (not refused: any answer but 403 or a sign-in / portal redirect) or refused
 * with 403 (404 where a technician's scope hides a work order), and a refusal changes nothing (audit log, work orders,
 * staff accounts, stock, outbox). The expected permission of each route and intent is written here, apart from the
 * code, and every admin route must have an entry: a new route fails this test until it is added.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import routes from '~/routes';
import { ROLE_PERMISSIONS, type Permission } from '~/server/auth/permissions.server';
import { workOrders } from '~/server/db/schema';
import { eq } from 'drizzle-orm';
import { STAFF_ROLES, type StaffRole } from '~/lib/staff-roles';
import {
  createAccount,
  makeRequest,
  redirectLocation,
  settle,
  testContext,
  type TestAccount,
} from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { createCustomerWithWorkOrder } from './helpers';

const t = withTestDatabase();

interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}

function flatten(entries: RouteEntry[], prefix = ''): { path: string; file: string }[] {
  return entries.flatMap((e) => {
    const path = e.path ? `${prefix}/${e.path}`.replace(/\/+/g, '/') : prefix;
    return [{ path: path || '/', file: e.file }, ...flatten(e.children ?? [], path)];
  });
}

type Need = Permission | readonly Permission[];
interface RouteRule {
  loader?: Need;
  /** intent → permission (any one of a list). The empty intent is a form without one. */
  actions?: Record<string, Need>;
}

const WO: Need = ['work_orders.all', 'work_orders.assigned'];

/** The spec of who may do what, route by route (docs/staff-and-roles.md). */
const RULES: Record<string, RouteRule> = {
  '/admin': { loader: 'board.view' },
  '/admin/board': { loader: 'board.view', actions: { '': 'work_orders.status' } },
  '/admin/board/events': { loader: 'board.view' },
  '/admin/customers': { loader: 'customers' },
  '/admin/customers/add': { loader: 'customers', actions: { '': 'customers' } },
  '/admin/customers/edit/:customerId': { loader: 'customers', actions: { '': 'customers' } },
  '/admin/customers/:customerId': {
    loader: 'customers',
    actions: {
      'update-profile': 'customers',
      'add-vehicle': 'customers',
      'create-work-order': 'customers',
      'add-part': 'customers',
    },
  },
  '/admin/appointments': { loader: 'appointments', actions: { '': 'appointments' } },
  '/admin/appointments/:appointmentId': {
    loader: 'appointments',
    actions: { confirm: 'appointments', 'check-in': 'appointments' },
  },
  '/admin/appointments/photos/:photoId': { loader: 'appointments' },
  '/admin/work-orders': { loader: WO },
  '/admin/work-orders/details/:workOrderId': {
    loader: WO,
    actions: {
      'change-status': 'work_orders.status',
      'upload-photos': 'photos',
      'set-eta': 'work_orders.edit',
      'edit-description': 'work_orders.edit',
      'upload-document': 'work_orders.edit',
      'add-part': 'parts_on_work_orders',
      'remove-part': 'parts_on_work_orders',
      'assign-technician': 'work_orders.edit',
      'no-such-intent': 'work_orders.edit',
      'clock-in': 'time.own',
      'clock-out': 'time.own',
      'correct-time': 'time.correct',
    },
  },
  '/admin/work-orders/import-estimate': { loader: 'money', actions: { '': 'money' } },
  '/admin/work-orders/:workOrderId/estimate': {
    loader: 'money',
    actions: { 'save-line': 'money', 'record-payment': 'money' },
  },
  '/admin/work-orders/:workOrderId/ticket': {
    loader: 'work_orders.all',
    actions: { 'reset-status-link': 'work_orders.edit' },
  },
  '/admin/work-orders/:workOrderId/invoice.pdf': { loader: 'money' },
  '/admin/inventory': {
    loader: 'inventory',
    actions: { 'add-item': 'inventory', 'adjust-stock': 'inventory' },
  },
  '/admin/invoices': { loader: 'vendor_invoices', actions: { '': 'vendor_invoices' } },
  '/admin/invoices/:invoiceId': { loader: 'vendor_invoices' },
  '/admin/photos': { loader: 'customers', actions: { 'upload-photos': 'customers' } },
  '/admin/outbox': { loader: 'messages', actions: { retry: 'messages', dismiss: 'messages' } },
  '/admin/messages': { loader: 'messages', actions: { 'mark-read': 'messages' } },
  '/admin/messages/texts/:conversationKey': { loader: 'messages', actions: { reply: 'messages' } },
  '/admin/audit': { loader: 'audit' },
  '/admin/reports': { loader: 'reports' },
  '/admin/search': { loader: ['customers', 'work_orders.all', 'work_orders.assigned'] },
  '/admin/search/results': { loader: ['customers', 'work_orders.all', 'work_orders.assigned'] },
  '/admin/reports.csv': { loader: 'reports' },
  '/admin/staff': {
    loader: 'staff',
    actions: { invite: 'staff', 'change-role': 'staff', deactivate: 'staff', reactivate: 'staff' },
  },
  '/admin/settings': { loader: 'settings', actions: { 'save-settings': 'settings', logo: 'settings' } },
  '/admin/site': { loader: 'settings', actions: { 'save-facts': 'settings', 'add-closure': 'settings' } },
};

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const adminRoutes = flatten(routes as RouteEntry[]).filter((r) => r.path.startsWith('/admin'));
const modules = import.meta.glob(['../../app/routes/admin/**/*.{ts,tsx}', '../../app/routes/resources/*.ts']);

async function load(file: string) {
  const importer = modules[`../../app/${file}`];
  if (!importer) throw new Error(`no module for ${file}`);
  return (await importer()) as { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown };
}

const allows = (role: StaffRole, need: Need) =>
  (typeof need === 'string' ? [need] : need).some((p) => ROLE_PERMISSIONS[role].has(p));

/** Everything a refused request must leave as it was. */
async function fingerprint(): Promise<string> {
  const result = await t.db.execute(sql`
    SELECT (SELECT count(*) FROM audit_log) AS audits,
           (SELECT count(*) FROM jobs) AS jobs,
           (SELECT count(*) FROM work_order_parts) AS parts,
           (SELECT count(*) FROM customer_documents) AS documents,
           (SELECT coalesce(sum(quantity), 0) FROM inventory) AS stock,
           (SELECT string_agg(id::text || current_status || coalesce(assigned_technician_id, '') || coalesce(description, '') ||
                   coalesce(estimated_completion_date::text, ''), ',' ORDER BY id) FROM work_orders) AS work_orders,
           (SELECT string_agg(id || coalesce(staff_role, '') || coalesce(deactivated_at::text, ''), ',' ORDER BY id) FROM profiles) AS staff`);
  return JSON.stringify((result as { rows?: unknown[] }).rows ?? result);
}

const staff = {} as Record<StaffRole, TestAccount>;
let assignedWorkOrderId: string;

beforeAll(async () => {
  for (const role of STAFF_ROLES) staff[role] = await createAccount({ role, name: `Matrix ${role}` });
  // A work order assigned to the technician: the details page's intents are tried on it (others 404 for them).
  const { workOrder } = await createCustomerWithWorkOrder();
  await t.db
    .update(workOrders)
    .set({ assignedTechnicianId: staff.technician.userId })
    .where(eq(workOrders.id, workOrder.id));
  assignedWorkOrderId = workOrder.id;
});

describe('role × route × action, enumerated from the route config', () => {
  it('has a rule for every admin route', () => {
    const missing = adminRoutes.map((r) => r.path).filter((p) => !(p in RULES));
    expect(missing, 'add these routes to RULES in tests/admin/role-matrix.test.ts').toEqual([]);
  });

  it.each(STAFF_ROLES)(
    '%s: allowed where the role grants it, 403 (nothing changed) elsewhere',
    async (role) => {
      let checked = 0;
      let refused = 0;
      for (const route of adminRoutes) {
        const rule = RULES[route.path]!;
        const idFor = (name: string) => (name === 'workOrderId' ? assignedWorkOrderId : SAMPLE_ID);
        const params = Object.fromEntries(
          [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1]!, idFor(m[1]!)]),
        );
        const url = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => idFor(name));
        const mod = await load(route.file);
        const calls: { kind: 'loader' | 'action'; intent: string; need: Need }[] = [];
        if (mod.loader) calls.push({ kind: 'loader', intent: '', need: rule.loader! });
        if (mod.action)
          for (const [intent, need] of Object.entries(rule.actions ?? { '': rule.loader! }))
            calls.push({ kind: 'action', intent, need });
        for (const call of calls) {
          const fn = mod[call.kind]!;
          const form = {
            intent: call.intent,
            workOrderId: assignedWorkOrderId,
            status: 'Paint',
            description: 'x',
          };
          const request = makeRequest(url, {
            cookie: staff[role].cookie,
            ...(call.kind === 'action' ? { form } : {}),
          });
          const allowed = allows(role, call.need);
          const before = allowed ? '' : await fingerprint();
          const { thrown, value } = await settle(() => fn({ request, params, context: testContext }));
          const response = (thrown ?? value) as unknown;
          const status =
            response instanceof Response
              ? response.status
              : ((response as { init?: { status?: number } })?.init?.status ?? 200);
          const location = redirectLocation(response);
          const label = `${role} ${call.kind} ${call.intent || '(no intent)'} ${url}`;
          expect(
            location === null || !/^\/(login|portal)/.test(location),
            `${label}: redirected to ${location}`,
          ).toBe(true);
          if (allowed) expect(status, label).not.toBe(403);
          else {
            expect(status, label).toBe(403);
            expect(await fingerprint(), `${label} changed something`).toBe(before);
            refused += 1;
          }
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(adminRoutes.length);
      // The Owner is refused nothing; every other role is refused something (the matrix is not vacuous).
      if (role === 'owner') expect(refused).toBe(0);
      else expect(refused).toBeGreaterThan(10);
    },
  );
});
