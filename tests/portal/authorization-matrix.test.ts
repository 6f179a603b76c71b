/**
 * Authorization matrix (portal issue, quality bar): every portal route and action and every file URL, enumerated from
 * the route config (app/routes.ts) so a new route cannot be forgotten, requested
 *   (a) anonymously → redirect to /login;
 *   (b) as customer A with customer B's vehicle, work order, photo and document ids → 403/404, or A's own page, and in
 *       every case the body holds none of B's data — the live-updates stream (`/portal/events`) included, while one of
 *       B's work orders changes.
 */
import path from 'node:path';
import { afterAll, describe, expect, it, beforeAll } from 'vitest';
import routes from '~/routes';
import { closeLiveStreams } from '~/server/live/event-stream.server';
import { publishLive } from '~/server/live/live.server';
import { createLocalStorage, setStorage } from '~/server/storage/storage.server';
import { createAccount, makeRequest, redirectLocation, settle, testContext, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { bodyText, seedCustomerData, type SeededCustomer } from './helpers';

const t = withTestDatabase();

interface FlatRoute {
  path: string;
  file: string;
}

type Entry = { path?: string; index?: boolean; file: string; children?: Entry[] };

function flatten(entries: readonly Entry[], parent = ''): FlatRoute[] {
  return entries.flatMap((e) => {
    const full = [parent, e.path ?? ''].filter(Boolean).join('/');
    return [{ path: full, file: e.file }, ...flatten(e.children ?? [], full)];
  });
}

const ALL = flatten(routes as unknown as Entry[]);
const UNDER_TEST = ALL.filter((r) => r.path === 'portal' || r.path.startsWith('portal/') || r.path.startsWith('files/'));

type RouteModule = { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown };
const load = (file: string) => import(/* @vite-ignore */ path.resolve(import.meta.dirname, '../../app', file)) as Promise<RouteModule>;

let a: TestAccount;
let b: TestAccount;
let bData: SeededCustomer;
let bMarkers: string[];

beforeAll(async () => {
  setStorage(createLocalStorage(path.join(t.dataDir, 'files')));
  a = await createAccount({ name: 'Alice Alpha' });
  b = await createAccount({ name: 'Bob Bravo' });
  await seedCustomerData(a.customerId!, 1, 'alice');
  bData = await seedCustomerData(b.customerId!, 2, 'bobsecret');
  bMarkers = [
    'bobsecret',
    'Bob Bravo',
    b.email,
    ...bData.vins,
    ...bData.workOrderNumbers,
    ...bData.partNumbers,
    ...bData.fileNames,
  ];
});

afterAll(() => closeLiveStreams());

/** Every URL to try for a route: its dynamic segments filled with each of B's ids of the fitting kind. */
function urlsFor(route: FlatRoute): { url: string; params: Record<string, string> }[] {
  const query = () =>
    `?${new URLSearchParams({ vehicleId: bData.vehicleIds[0]!, workOrderId: bData.workOrderIds[0]!, documentId: bData.documentIds[0]! })}`;
  if (route.path.includes(':vehicleId')) {
    return [...bData.vehicleIds, 'not-a-uuid'].map((id) => ({
      url: `/${route.path.replace(':vehicleId', id)}`,
      params: { vehicleId: id },
    }));
  }
  if (route.path.includes(':versionId')) {
    // Estimates and supplements (issue 14): B's versions, a work order id, an unknown and a malformed id.
    return [...bData.versionIds, bData.workOrderIds[0]!, '00000000-0000-4000-8000-000000000000', 'not-a-uuid'].map((id) => ({
      url: `/${route.path.replace(':versionId', id)}`,
      params: { versionId: id },
    }));
  }
  if (route.path.includes(':documentId')) {
    const ids = [...bData.photoIds, ...bData.documentIds, bData.workOrderIds[0]!, 'not-a-uuid'];
    return ids.flatMap((id) =>
      ['', '?variant=thumb'].map((q) => ({ url: `/${route.path.replace(':documentId', id)}${q}`, params: { documentId: id } })),
    );
  }
  if (route.path.startsWith('files/')) {
    // Any other private file URL (e.g. vendor invoices, staff only): B's ids of every kind and an unknown one.
    const ids = [bData.documentIds[0]!, bData.photoIds[0]!, bData.workOrderIds[0]!, '00000000-0000-4000-8000-000000000000', 'not-a-uuid'];
    const name = route.path.match(/:(\w+)/)?.[1];
    expect(name, route.path).toBeTruthy();
    return ids.map((id) => ({ url: `/${route.path.replace(`:${name}`, id)}`, params: { [name!]: id } }));
  }
  expect(route.path).not.toMatch(/:/); // a new kind of id: extend this matrix
  return [{ url: `/${route.path}${query()}`, params: {} }];
}

const FORM = () => ({
  intent: 'resend-verification',
  vehicleId: bData.vehicleIds[0]!,
  workOrderId: bData.workOrderIds[0]!,
  documentId: bData.documentIds[0]!,
  make: '',
  model: '',
  year: 'abc',
  vin: '',
});

describe('authorization matrix', () => {
  it('enumerates the portal and file routes from the route config', () => {
    const paths = UNDER_TEST.map((r) => r.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'portal',
        'portal/my-vehicles',
        'portal/add-vehicle',
        'portal/repair-updates',
        'portal/repair-photos',
        'portal/my-documents',
        'portal/vehicles/:vehicleId',
        'portal/estimates/:versionId',
        'portal/events',
        'files/documents/:documentId',
        'files/invoices/:invoiceId',
      ]),
    );
  });

  it('sends anonymous visitors of every portal route, action and file URL to /login', async () => {
    let checked = 0;
    for (const route of UNDER_TEST) {
      const mod = await load(route.file);
      for (const { url, params } of urlsFor(route)) {
        for (const kind of ['loader', 'action'] as const) {
          const fn = mod[kind];
          if (!fn) continue;
          const request = kind === 'loader' ? makeRequest(url) : makeRequest(url, { form: FORM() });
          const { thrown, value } = await settle(() => fn({ request, params, context: testContext }));
          const location = redirectLocation(thrown ?? value);
          expect(location, `${kind} ${url}`).toMatch(/^\/login\?/);
          expect(await bodyText(thrown ?? value)).not.toContain('bobsecret');
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it("refuses customer A every one of customer B's ids and never shows B's data", async () => {
    let checked = 0;
    let streams = 0;
    for (const route of UNDER_TEST) {
      const mod = await load(route.file);
      for (const { url, params } of urlsFor(route)) {
        for (const kind of ['loader', 'action'] as const) {
          const fn = mod[kind];
          if (!fn) continue;
          const request = kind === 'loader' ? makeRequest(url, { cookie: a.cookie }) : makeRequest(url, { cookie: a.cookie, form: FORM() });
          const { thrown, value } = await settle(() => fn({ request, params, context: testContext }));
          const outcome = thrown ?? value;
          // An open event stream: one of B's work orders changes while A listens (A must hear nothing of it).
          if (outcome instanceof Response && outcome.headers.get('Content-Type')?.startsWith('text/event-stream')) {
            streams += 1;
            setTimeout(() => void publishLive({ workOrderId: bData.workOrderIds[0]!, customerId: b.customerId!, change: 'status' }), 50);
          }
          const text = await bodyText(outcome);
          expect(text, `${kind} ${url}`).not.toContain('event: change');
          for (const marker of bMarkers) expect(text, `${kind} ${url} leaks ${marker}`).not.toContain(marker);
          if (Object.keys(params).length) {
            // A URL that names one of B's records: refused outright (403/404, or sent away from a staff-only URL).
            expect(outcome, `${kind} ${url}`).toBeInstanceOf(Response);
            const location = redirectLocation(outcome);
            if (location) expect(location, `${kind} ${url}`).toMatch(/^\/(portal|login)\b/);
            else expect([403, 404], `${kind} ${url}`).toContain((outcome as Response).status);
          }
          checked += 1;
        }
      }
    }
    expect(streams, 'the live-updates stream was opened as A').toBeGreaterThanOrEqual(1);
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it("answers B's vehicle with the spec's 403 text and a malformed id with the 404 text", async () => {
    const mod = await load('routes/portal/vehicle-details.tsx');
    const call = (id: string) =>
      settle(() => mod.loader!({ request: makeRequest(`/portal/vehicles/${id}`, { cookie: a.cookie }), params: { vehicleId: id }, context: testContext }));
    const forbidden = (await call(bData.vehicleIds[0]!)).thrown as Response;
    expect(forbidden.status).toBe(403);
    expect(await forbidden.text()).toBe('You do not have permission to view this vehicle.');
    const malformed = (await call('123')).thrown as Response;
    expect(malformed.status).toBe(404);
    expect(await malformed.text()).toBe('Vehicle not found or you do not have permission to view it.');
    const unknown = (await call('00000000-0000-4000-8000-000000000000')).thrown as Response;
    expect(unknown.status).toBe(404);
  });

  it('lets B and staff open B\'s files', async () => {
    const mod = await load('routes/resources/document-file.ts');
    const admin = await createAccount({ admin: true });
    for (const cookie of [b.cookie, admin.cookie]) {
      const id = bData.documentIds[0]!;
      const response = (await mod.loader!({ request: makeRequest(`/files/documents/${id}`, { cookie }), params: { documentId: id }, context: testContext })) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('application/pdf');
      expect(response.headers.get('Cache-Control')).toMatch(/^private/);
    }
  });
});
