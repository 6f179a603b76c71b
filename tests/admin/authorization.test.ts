/**
 * Every admin route's loader and action, enumerated from app/routes.ts: anonymous → /login, customer → /portal
 * (or 403). A route added later is covered automatically.
 */
import { describe, expect, it } from 'vitest';
import routes from '~/routes';
import { createAccount, makeRequest, redirectLocation, settle, testContext } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';

withTestDatabase();

interface RouteEntry {
  path?: string;
  file: string;
  index?: boolean;
  children?: RouteEntry[];
}

function flatten(entries: RouteEntry[], prefix = ''): { path: string; file: string }[] {
  return entries.flatMap((e) => {
    const path = e.path ? `${prefix}/${e.path}`.replace(/\/+/g, '/') : prefix;
    return [{ path: path || '/', file: e.file }, ...flatten(e.children ?? [], path)];
  });
}

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const adminRoutes = flatten(routes as RouteEntry[]).filter((r) => r.path.startsWith('/admin'));
const modules = import.meta.glob(['../../app/routes/admin/**/*.{ts,tsx}', '../../app/routes/resources/*.ts']);

async function load(file: string) {
  const importer = modules[`../../app/${file}`];
  if (!importer) throw new Error(`no module for ${file}`);
  return (await importer()) as { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown };
}

describe('admin authorization, enumerated from the route config', () => {
  it('finds the admin routes', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(13);
    // Staff-only pages outside the admin layout are in the matrix too (issue 15: the printable ticket).
    expect(adminRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/admin/work-orders/:workOrderId/ticket',
        '/admin/work-orders/:workOrderId/invoice.pdf',
        '/admin/site',
        // Search everywhere (issue 17 §5): the results page and its JSON twin outside the layout.
        '/admin/search',
        '/admin/search/results',
        '/admin/board',
        '/admin/board/events',
        '/admin/reports',
        '/admin/reports.csv',
      ]),
    );
  });

  it('refuses every admin loader and action: anonymous → /login, customer → /portal or 403', async () => {
    const customer = await createAccount();
    let checked = 0;
    for (const route of adminRoutes) {
      const url = route.path.replace(/:[A-Za-z]+/g, SAMPLE_ID);
      const params = Object.fromEntries([...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1], SAMPLE_ID]));
      const mod = await load(route.file);
      for (const kind of ['loader', 'action'] as const) {
        const fn = mod[kind];
        if (!fn) continue;
        for (const who of ['anonymous', 'customer'] as const) {
          const request = makeRequest(url, {
            cookie: who === 'customer' ? customer.cookie : undefined,
            ...(kind === 'action' ? { form: { intent: 'change-status', status: 'Complete', workOrderId: SAMPLE_ID } } : {}),
          });
          const { thrown, value } = await settle(() => fn({ request, params, context: testContext }));
          const response = (thrown ?? value) as Response;
          const location = redirectLocation(response);
          const label = `${who} ${kind} ${url}`;
          if (who === 'anonymous') expect(location, label).toMatch(/^\/login/);
          else expect(location === '/portal' || (response instanceof Response && response.status === 403), label).toBe(true);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(adminRoutes.length * 2);
  });
});

describe('webhooks, enumerated from the route config (issue 15)', () => {
  const webhookRoutes = flatten(routes as RouteEntry[]).filter((r) => r.path.startsWith('/webhooks'));

  it('finds the SMS webhook', () => {
    expect(webhookRoutes.map((r) => r.path)).toEqual(['/webhooks/sms']);
  });

  it('answers a post without the provider’s signature 403 whoever is signed in, and anything but a post 405', async () => {
    const customer = await createAccount();
    const staff = await createAccount({ admin: true });
    for (const route of webhookRoutes) {
      const mod = await load(route.file);
      for (const cookie of [undefined, customer.cookie, staff.cookie]) {
        const form = { MessageSid: `SM${'0'.repeat(32)}`, From: '+12815550147', Body: 'STOP' };
        const post = (await mod.action!({ request: makeRequest(route.path, { cookie, form }), params: {}, context: testContext })) as Response;
        expect(post.status, `${route.path} ${cookie ? 'signed in' : 'anonymous'}`).toBe(403);
        const get = (await mod.loader!({ request: makeRequest(route.path, { cookie }), params: {}, context: testContext })) as Response;
        expect(get.status).toBe(405);
      }
    }
  });
});
