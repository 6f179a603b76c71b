/**
 * Authorization matrix of the status-link routes (issue 15), enumerated from app/routes.ts so a new `/status/...`
 * route cannot be forgotten: public (no login) but token-guarded. Every route is requested with every kind of bad
 * token (malformed, unknown, replaced by a reset, expired) and with a live token of work order A naming B's records,
 * anonymously and with B's own session (a session unlocks nothing here): always 404 and none of B's data. A live
 * token opens its own work order's page, stream and photos only. The ticket (staff only) is in the admin matrix
 * (tests/admin/authorization.test.ts).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import routes from '~/routes';
import { getDb } from '~/server/db/client.server';
import { workOrders } from '~/server/db/schema';
import { resetStatusLink, statusLinkFor, statusLinkToken } from '~/server/status-link/status-link.server';
import { createLocalStorage, setStorage } from '~/server/storage/storage.server';
import { bodyText, seedCustomerData, type SeededCustomer } from '../portal/helpers';
import { createAccount, makeRequest, settle, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { contextFrom, someIp } from './helpers';

const t = withTestDatabase();

type Entry = { path?: string; file: string; children?: Entry[] };
function flatten(entries: readonly Entry[], parent = ''): { path: string; file: string }[] {
  return entries.flatMap((e) => {
    const full = [parent, e.path ?? ''].filter(Boolean).join('/');
    return [{ path: full, file: e.file }, ...flatten(e.children ?? [], full)];
  });
}
const STATUS_ROUTES = flatten(routes as unknown as Entry[]).filter((r) => r.path.startsWith('status/'));
type RouteModule = { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown; default?: unknown };
const load = (file: string) => import(/* @vite-ignore */ path.resolve(import.meta.dirname, '../../app', file)) as Promise<RouteModule>;

let a: TestAccount;
let b: TestAccount;
let aData: SeededCustomer;
let bData: SeededCustomer;
let aToken: string;
let bMarkers: string[];
/** Tokens that must open nothing: malformed, never issued, B's replaced link, B's expired link. */
let badTokens: string[];

const tokenOf = (url: string) => url.split('/status/')[1]!;

beforeAll(async () => {
  setStorage(createLocalStorage(path.join(t.dataDir, 'files')));
  a = await createAccount({ name: 'Alice Alpha' });
  b = await createAccount({ name: 'Bob Bravo' });
  aData = await seedCustomerData(a.customerId!, 1, 'alicetag');
  bData = await seedCustomerData(b.customerId!, 2, 'bobsecret');
  const staff = await createAccount({ admin: true });
  aToken = tokenOf(await getDb().transaction((tx) => statusLinkFor(tx, aData.workOrderIds[0]!)));
  const replaced = tokenOf(await getDb().transaction((tx) => statusLinkFor(tx, bData.workOrderIds[0]!)));
  await resetStatusLink({ id: staff.userId, email: staff.email }, bData.workOrderIds[0]!);
  const expired = tokenOf(await getDb().transaction((tx) => statusLinkFor(tx, bData.workOrderIds[1]!)));
  await getDb()
    .update(workOrders)
    .set({ currentStatus: 'Ready for Pickup', readyForPickupAt: new Date(Date.now() - 31 * 86_400_000) })
    .where(eq(workOrders.id, bData.workOrderIds[1]!));
  badTokens = ['malformed', 'A'.repeat(33), statusLinkToken(crypto.randomUUID(), 0), replaced, expired];
  bMarkers = ['bobsecret', 'Bob Bravo', 'Bravo', b.email, ...bData.vins, ...bData.workOrderNumbers, ...bData.fileNames];
});

/** Every URL to try on a route: each token, and each of B's document ids (and A's quote) where the route takes one. */
function urlsFor(route: { path: string }, tokens: string[]) {
  const documentIds = [...bData.photoIds, ...bData.documentIds, aData.documentIds[0]!, 'not-a-uuid'];
  return tokens.flatMap((token) => {
    const withToken = route.path.replace(':token', token);
    if (!withToken.includes(':documentId')) return [{ url: `/${withToken}`, params: { token } }];
    expect(withToken).not.toMatch(/:(?!documentId)/); // a new kind of id: extend this matrix
    return documentIds.map((documentId) => ({ url: `/${withToken.replace(':documentId', documentId)}`, params: { token, documentId } }));
  });
}

const statusOf = (outcome: unknown) =>
  outcome instanceof Response ? outcome.status : ((outcome as { init?: ResponseInit | null })?.init?.status ?? 200);

describe('status-link authorization matrix', () => {
  it('enumerates the status routes from the route config, all without a form action', async () => {
    expect(STATUS_ROUTES.map((r) => r.path).sort()).toEqual(['status/:token', 'status/:token/events', 'status/:token/photos/:documentId']);
    for (const route of STATUS_ROUTES) expect((await load(route.file)).action, route.path).toBeUndefined();
  });

  it("answers every bad token, and A's token naming B's records, with 404 and none of B's data — signed in as B or not", async () => {
    let checked = 0;
    for (const route of STATUS_ROUTES) {
      const mod = await load(route.file);
      const cases = [...urlsFor(route, badTokens), ...(route.path.includes(':documentId') ? urlsFor(route, [aToken]) : [])];
      for (const { url, params } of cases) {
        for (const cookie of [undefined, b.cookie]) {
          const request = makeRequest(url, { cookie });
          // A fresh address each time: the guessing limit is tested on its own (status-link.test.ts).
          const { thrown, value } = await settle(() => mod.loader!({ request, params, context: contextFrom(someIp()) }));
          const outcome = thrown ?? value;
          expect(statusOf(outcome), `${url} ${cookie ? 'as B' : 'anonymous'}`).toBe(404);
          const text = await bodyText(outcome);
          for (const marker of bMarkers) expect(text, `${url} leaks ${marker}`).not.toContain(marker);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(60);
  });

  it("opens A's own page, stream and photo with A's live token, for anyone who has the link", async () => {
    const abort = new AbortController();
    for (const route of STATUS_ROUTES) {
      const mod = await load(route.file);
      const params = { token: aToken, documentId: aData.photoIds[0]! };
      const url = `/${route.path.replace(':token', aToken).replace(':documentId', params.documentId)}`;
      const request = new Request(new URL(url, 'http://localhost:3000'), { signal: abort.signal });
      const outcome = await mod.loader!({ request, params, context: contextFrom(someIp()) });
      expect(statusOf(outcome), url).toBe(200);
      if (!(outcome instanceof Response)) {
        const text = await bodyText(outcome);
        expect(text).toContain(aData.workOrderNumbers[0]);
        for (const marker of bMarkers) expect(text).not.toContain(marker);
        expect(text).not.toContain(aData.vins[0]); // never the VIN, even to the link's holder
      }
    }
    abort.abort();
  });
});
