/**
 * Status links (issue 15 §1–2) on a real database: the token (format, 192 bits, stable per generation, new after a
 * reset), hash-only storage, expiry 30 days after Ready for Pickup, reset, malformed tokens refused without a query,
 * the guessing limit, the photo route, the live stream, what the page shows and never shows, and response headers.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import express from 'express';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATUS_PAGE_TEXT, STATUS_RESPONSE_HEADERS } from '~/lib/status-page';
import { WORK_ORDER_STATUSES } from '~/lib/work-order-status';
import * as statusPage from '~/routes/status/page';
import * as statusPhoto from '~/routes/status/photo';
import * as statusEvents from '~/routes/status/events';
import { countQueries, getDb } from '~/server/db/client.server';
import { auditLog, shopSettings, workOrders } from '~/server/db/schema';
import { publishLive } from '~/server/live/live.server';
import { STATUS_MISS_LIMIT, STATUS_MISS_WINDOW_MINUTES, statusGuessesBlocked } from '~/server/status-link/guess-limit.server';
import {
  findStatusLinkTarget,
  findStatusPage,
  findStatusPhoto,
  hashStatusToken,
  resetStatusLink,
  statusLinkFor,
  statusLinkToken,
} from '~/server/status-link/status-link.server';
import { createLocalStorage, setStorage } from '~/server/storage/storage.server';
import { isPublicPath } from '../../server/middleware/private-responses';
import { statusLinkHeaders } from '../../server/middleware/status-links';
import { addDocument } from '../portal/helpers';
import { createAccount, makeRequest, type TestAccount } from '../setup/factories';
import { TEST_SECRET, withTestDatabase } from '../setup/test-db';
import { contextFrom, linkedWorkOrder, someIp } from './helpers';

const t = withTestDatabase();
let staff: TestAccount;

beforeAll(async () => {
  setStorage(createLocalStorage(path.join(t.dataDir, 'files')));
  staff = await createAccount({ admin: true });
});

const actor = () => ({ id: staff.userId, email: staff.email });
type LoaderResult = { data: { kind: string; page?: unknown }; init: ResponseInit | null };
const callPage = async (token: string, ip = someIp()) =>
  (await statusPage.loader({ request: makeRequest(`/status/${token}`), params: { token }, context: contextFrom(ip) } as never)) as unknown as LoaderResult;
const statusOf = (result: LoaderResult) => result.init?.status ?? 200;
/** The rows of a raw statement (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = async <T,>(query: SQL) => ((await getDb().execute(query)) as unknown as { rows: T[] }).rows;

describe('the token', () => {
  it('is 32 base64url characters holding 192 bits, stable per work order and generation', () => {
    const id = crypto.randomUUID();
    const token = statusLinkToken(id, 0);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(24); // 192 bits ≥ 128
    expect(statusLinkToken(id, 0)).toBe(token);
    // HMAC-SHA256 of the auth secret over the versioned label, cut to 24 bytes.
    const expected = crypto.createHmac('sha256', TEST_SECRET).update(`status-link:v1:${id}:0`).digest().subarray(0, 24).toString('base64url');
    expect(token).toBe(expected);
    expect(statusLinkToken(id, 1)).not.toBe(token);
    expect(statusLinkToken(crypto.randomUUID(), 0)).not.toBe(token);
    expect(statusLinkToken(id, 0, 'another-secret-another-secret-another-1')).not.toBe(token);
    const many = new Set(Array.from({ length: 200 }, () => statusLinkToken(crypto.randomUUID(), 0)));
    expect(many.size).toBe(200);
  });

  it('is stored only as its SHA-256: the token string is nowhere in the database', async () => {
    const linked = await linkedWorkOrder();
    expect(linked.url).toBe(`${t.config.appUrl}/status/${linked.token}`);
    const [row] = await getDb().select().from(workOrders).where(eq(workOrders.id, linked.workOrderId));
    expect(row!.statusTokenHash).toBe(crypto.createHash('sha256').update(linked.token).digest('hex'));
    expect(row!.statusTokenHash).toBe(hashStatusToken(linked.token));
    // A reset too (audit row written), then every row of every table, as text.
    const next = await resetStatusLink(actor(), linked.workOrderId);
    const nextToken = next.split('/status/')[1]!;
    const tables = await rowsOf<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(20);
    for (const { table_name } of tables) {
      const rows = await rowsOf<{ row: string }>(sql`select row_to_json(t)::text as row from ${sql.identifier(table_name)} t`);
      for (const { row } of rows) {
        expect(row, table_name).not.toContain(linked.token);
        expect(row, table_name).not.toContain(nextToken);
      }
    }
  });

  it('statusLinkFor returns the same link until a reset and rewrites a missing hash', async () => {
    const linked = await linkedWorkOrder();
    expect(await getDb().transaction((tx) => statusLinkFor(tx, linked.workOrderId))).toBe(linked.url);
    await getDb().update(workOrders).set({ statusTokenHash: null }).where(eq(workOrders.id, linked.workOrderId));
    expect(await findStatusPage(linked.token)).toBeNull();
    expect(await getDb().transaction((tx) => statusLinkFor(tx, linked.workOrderId))).toBe(linked.url);
    expect(await findStatusPage(linked.token)).not.toBeNull();
    await expect(getDb().transaction((tx) => statusLinkFor(tx, crypto.randomUUID()))).rejects.toThrow('Work order not found.');
  });
});

describe('reset', () => {
  it('ends the old link at once, makes a new one and writes the audit row in the same transaction', async () => {
    const linked = await linkedWorkOrder();
    expect(await findStatusPage(linked.token)).not.toBeNull();
    const next = await resetStatusLink(actor(), linked.workOrderId);
    const nextToken = next.split('/status/')[1]!;
    expect(nextToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(nextToken).not.toBe(linked.token);
    expect(nextToken).toBe(statusLinkToken(linked.workOrderId, 1));
    expect(await findStatusPage(linked.token)).toBeNull();
    expect(await findStatusLinkTarget(linked.token)).toBeNull();
    expect((await findStatusPage(nextToken))?.workOrderNumber).toBe(linked.workOrderNumber);
    const [row] = await getDb().select().from(workOrders).where(eq(workOrders.id, linked.workOrderId));
    expect(row!.statusLinkGeneration).toBe(1);
    const audits = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, linked.workOrderId), eq(auditLog.action, 'work_order.status_link_reset')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorUserId).toBe(staff.userId);
    expect(audits[0]!.changes).toEqual({ statusLinkGeneration: { from: 0, to: 1 } });
    // The old link's page answers exactly like a link that never existed.
    const old = await callPage(linked.token);
    const never = await callPage(statusLinkToken(crypto.randomUUID(), 0));
    expect(statusOf(old)).toBe(404);
    expect(old.data).toEqual(never.data);
  });

  it('refuses an unknown work order', async () => {
    await expect(resetStatusLink(actor(), crypto.randomUUID())).rejects.toThrow('Work order not found.');
    await expect(resetStatusLink(actor(), 'not-a-uuid')).rejects.toThrow('Work order not found.');
  });
});

describe('expiry', () => {
  it('ends the link 30 days after Ready for Pickup (the column set directly)', async () => {
    const linked = await linkedWorkOrder('Ready for Pickup');
    const day = 86_400_000;
    const setReady = (at: Date | null) => getDb().update(workOrders).set({ readyForPickupAt: at }).where(eq(workOrders.id, linked.workOrderId));
    await setReady(null);
    expect(await findStatusPage(linked.token)).not.toBeNull();
    await setReady(new Date(Date.now() - 29 * day));
    expect(await findStatusPage(linked.token)).not.toBeNull();
    await setReady(new Date(Date.now() - 30 * day + 60_000));
    expect(await findStatusPage(linked.token)).not.toBeNull();
    await setReady(new Date(Date.now() - 30 * day - 60_000));
    expect(await findStatusPage(linked.token)).toBeNull();
    expect(await findStatusLinkTarget(linked.token)).toBeNull();
    const expired = await callPage(linked.token);
    expect(statusOf(expired)).toBe(404);
    expect(expired.data).toEqual((await callPage(statusLinkToken(crypto.randomUUID(), 0))).data);
    // The same instant seen from 31 days earlier is still live (`now` is a parameter).
    expect(await findStatusPage(linked.token, new Date(Date.now() - 2 * day))).not.toBeNull();
  });
});

describe('malformed tokens', () => {
  it('are refused without a single query', async () => {
    const bad = ['', 'short', 'A'.repeat(31), 'A'.repeat(33), `${'A'.repeat(31)}=`, `${'A'.repeat(31)}/`, `${'A'.repeat(31)}é`, "' or 1=1 --aaaaaaaaaaaaaaaaaaaaa", 'A'.repeat(10_000)];
    for (const token of bad) {
      const page = await countQueries(() => findStatusPage(token));
      expect(page, token).toEqual({ result: null, queries: 0 });
      expect(await countQueries(() => findStatusLinkTarget(token))).toEqual({ result: null, queries: 0 });
      expect(await countQueries(() => findStatusPhoto(token, crypto.randomUUID()))).toEqual({ result: null, queries: 0 });
    }
    // The counter does see the queries of a well-formed token (so the zeros above mean something).
    expect((await countQueries(() => findStatusPage(statusLinkToken(crypto.randomUUID(), 0)))).queries).toBe(1);
    const started = performance.now();
    for (let i = 0; i < 1000; i += 1) await findStatusPage('not-a-token');
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('get the same 404 page as unknown, expired and reset links', async () => {
    const result = await callPage('not-a-token');
    expect(statusOf(result)).toBe(404);
    expect(result.data.kind).toBe('invalid');
    expect(result.data).toEqual((await callPage(statusLinkToken(crypto.randomUUID(), 0))).data);
  });
});

describe('the guessing limit', () => {
  it(`answers 429 after ${STATUS_MISS_LIMIT} misses from one address, for valid links too, and never counts hits`, async () => {
    const linked = await linkedWorkOrder();
    const ip = someIp();
    // Hits are never limited nor counted.
    for (let i = 0; i < STATUS_MISS_LIMIT + 5; i += 1) expect(statusOf(await callPage(linked.token, ip))).toBe(200);
    for (let i = 0; i < STATUS_MISS_LIMIT; i += 1) {
      const miss = await callPage(i % 2 ? 'malformed' : statusLinkToken(crypto.randomUUID(), 0), ip);
      expect(statusOf(miss), `miss ${i + 1}`).toBe(404);
    }
    const limited = await callPage(statusLinkToken(crypto.randomUUID(), 0), ip);
    expect(statusOf(limited)).toBe(429);
    expect(limited.data.kind).toBe('limited');
    expect(new Headers(limited.init?.headers).get('Retry-After')).toBe('600');
    // Now a valid link from that address is refused too (or the limit would still answer guesses)…
    expect(statusOf(await callPage(linked.token, ip))).toBe(429);
    const photo = (await statusPhoto.loader({
      request: makeRequest(`/status/${linked.token}/photos/${crypto.randomUUID()}`),
      params: { token: linked.token, documentId: crypto.randomUUID() },
      context: contextFrom(ip),
    } as never)) as Response;
    expect(photo.status).toBe(429);
    // …while other addresses are not affected, and the window ends after 10 minutes.
    expect(statusOf(await callPage(linked.token))).toBe(200);
    expect(await statusGuessesBlocked(ip)).toBe(true);
    expect(await statusGuessesBlocked(ip, Date.now() + STATUS_MISS_WINDOW_MINUTES * 60_000 + 1000)).toBe(false);
  });

  it('stores a hash of the address, never the address itself', async () => {
    const ip = '203.0.113.77';
    await callPage('malformed', ip);
    const rows = await rowsOf<{ row: string }>(sql`select row_to_json(r)::text as row from rate_limits r`);
    expect(rows.length).toBeGreaterThan(0);
    for (const { row } of rows) expect(row).not.toContain(ip);
  });
});

describe('the page', () => {
  it('shows the vehicle, first name, steps, date, photos and a waiting estimate — and no VIN, plate, e-mail, phone or address', async () => {
    const linked = await linkedWorkOrder('Paint', '2026-12-04');
    const photo = await addDocument({ id: linked.workOrderId, customerId: linked.customerId }, 'repair_photo', { fileName: 'door-before.jpg' });
    await addDocument({ id: linked.workOrderId, customerId: linked.customerId }, 'quote', { fileName: 'quote-secret.pdf' });
    const page = await findStatusPage(linked.token);
    expect(page).not.toBeNull();
    expect(page!.shop).toEqual({ name: t.config.shop.name, phone: t.config.shop.phone });
    expect(page!.customerFirstName).toBe('Ana');
    expect(page!.vehicle).toEqual({ year: 2019, make: 'Subaru', model: 'Outback', color: 'Blue' });
    expect(page!.status).toBe('Paint');
    expect(page!.ready).toBe(false);
    expect(page!.estimatedCompletionDate).toBe('2026-12-04');
    expect(page!.steps.map((s) => s.name)).toEqual([...WORK_ORDER_STATUSES]);
    expect(page!.steps.map((s) => s.state)).toEqual(['done', 'done', 'done', 'done', 'current', 'upcoming', 'upcoming', 'upcoming']);
    expect(page!.photos).toEqual([{ id: photo.id, fileName: 'door-before.jpg' }]);
    expect(page!.estimateWaiting).toBeNull();
    expect(page!.pickupHours).toBeNull();
    const text = JSON.stringify(page);
    for (const secret of linked.secrets) expect(text, secret).not.toContain(secret);
    expect(text).not.toContain('quote-secret.pdf');
    // The loader's whole answer too.
    const loaded = JSON.stringify((await callPage(linked.token)).data);
    for (const secret of linked.secrets) expect(loaded, secret).not.toContain(secret);
  });

  it('at Ready for Pickup reads as done and shows the pickup hours', async () => {
    const linked = await linkedWorkOrder('Ready for Pickup');
    await getDb()
      .insert(shopSettings)
      .values({ id: 1, pickupHours: 'Mon–Fri 8 am – 6 pm' })
      .onConflictDoUpdate({ target: shopSettings.id, set: { pickupHours: 'Mon–Fri 8 am – 6 pm' } });
    const page = await findStatusPage(linked.token);
    expect(page!.headline).toBe('Your vehicle is ready for pickup');
    expect(page!.ready).toBe(true);
    expect(page!.steps.every((s) => s.state === 'done')).toBe(true);
    expect(page!.pickupHours).toBe('Mon–Fri 8 am – 6 pm');
    // Before Ready for Pickup the hours are not shown.
    const inWork = await findStatusPage((await linkedWorkOrder('Complete')).token);
    expect(inWork!.pickupHours).toBeNull();
    expect(inWork!.steps.at(-2)!.state).toBe('current');
  });

  it('links an estimate version waiting for approval to its portal page', async () => {
    const { seedCustomerData } = await import('../portal/helpers');
    const linked = await linkedWorkOrder();
    const other = await createAccount();
    const seeded = await seedCustomerData(other.customerId!, 1, 'estwait');
    const token = (await getDb().transaction((tx) => statusLinkFor(tx, seeded.workOrderIds[0]!))).split('/status/')[1]!;
    const page = await findStatusPage(token);
    expect(page!.estimateWaiting).toEqual({ title: 'Estimate', versionNumber: 1, totalCents: 1083, portalPath: `/portal/estimates/${seeded.versionIds[0]}` });
    // Another work order's estimate never shows on this link's page.
    expect((await findStatusPage(linked.token))!.estimateWaiting).toBeNull();
  });

  it('answers with noindex, no referrer and no caching', async () => {
    const linked = await linkedWorkOrder();
    for (const token of [linked.token, 'malformed']) {
      const headers = statusPage.headers({ loaderHeaders: new Headers((await callPage(token)).init?.headers) } as never) as Headers;
      for (const [name, value] of Object.entries(STATUS_RESPONSE_HEADERS)) expect(headers.get(name), `${token} ${name}`).toBe(value);
    }
    expect(STATUS_RESPONSE_HEADERS).toEqual({ 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'private, no-store' });
    const meta = statusPage.meta({ data: (await callPage(linked.token)).data } as never) as Record<string, string>[];
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex, nofollow' });
    expect(statusPage.handle).toEqual({ hydrate: false, pageCache: false, script: 'status' });
    expect(isPublicPath(`/status/${linked.token}`)).toBe(false);
    expect(STATUS_PAGE_TEXT.notFound).toContain('may have expired or been replaced');
  });

  it('has the Express layer replace the site-wide referrer policy on every /status/ answer', async () => {
    const app = express();
    app.use(statusLinkHeaders());
    app.use((_req, res) => {
      res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
      res.status(404).send('x');
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const status = await fetch(`${base}/status/whatever/photos/x`);
      expect(status.headers.get('referrer-policy')).toBe('no-referrer');
      expect(status.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      const other = await fetch(`${base}/about`);
      expect(other.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(other.headers.get('x-robots-tag')).toBeNull();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the photo route', () => {
  it("serves the link's repair photos only: never another work order's photo, nor a quote", async () => {
    const a = await linkedWorkOrder();
    const b = await linkedWorkOrder();
    const aPhoto = await addDocument({ id: a.workOrderId, customerId: a.customerId }, 'repair_photo');
    const aQuote = await addDocument({ id: a.workOrderId, customerId: a.customerId }, 'quote');
    const bPhoto = await addDocument({ id: b.workOrderId, customerId: b.customerId }, 'repair_photo');
    const get = async (token: string, documentId: string, variant = '') =>
      (await statusPhoto.loader({
        request: makeRequest(`/status/${token}/photos/${documentId}${variant}`),
        params: { token, documentId },
        context: contextFrom(someIp()),
      } as never)) as Response;
    for (const variant of ['', '?variant=thumb']) {
      const own = await get(a.token, aPhoto.id, variant);
      expect(own.status).toBe(200);
      expect(own.headers.get('Content-Type')).toBe(variant ? 'image/webp' : 'image/jpeg');
      for (const [name, value] of Object.entries(STATUS_RESPONSE_HEADERS)) expect(own.headers.get(name)).toBe(value);
      expect((await own.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    for (const [token, id] of [
      [a.token, bPhoto.id],
      [a.token, aQuote.id],
      [b.token, aPhoto.id],
      [a.token, 'not-a-uuid'],
      [a.token, crypto.randomUUID()],
      ['malformed', aPhoto.id],
      [statusLinkToken(a.workOrderId, 5), aPhoto.id],
    ] as const) {
      const refused = await get(token, id);
      expect(refused.status, `${token} ${id}`).toBe(404);
      expect(refused.headers.get('Content-Type') ?? '').not.toMatch(/^image\//);
    }
    // After a reset the old link's photos are gone too.
    await resetStatusLink(actor(), a.workOrderId);
    expect((await get(a.token, aPhoto.id)).status).toBe(404);
  });
});

describe('the live stream', () => {
  it("opens for a live link, says `change` for that work order's events only, and 404s a bad link", async () => {
    const a = await linkedWorkOrder();
    const b = await linkedWorkOrder();
    const bad = (await statusEvents.loader({
      request: makeRequest(`/status/malformed/events`),
      params: { token: 'malformed' },
      context: contextFrom(someIp()),
    } as never)) as Response;
    expect(bad.status).toBe(404);

    const abort = new AbortController();
    const request = new Request(`http://localhost:3000/status/${a.token}/events`, { signal: abort.signal });
    const response = (await statusEvents.loader({ request, params: { token: a.token }, context: contextFrom(someIp()) } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const readUntil = async (needle: string) => {
      while (!received.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value);
      }
    };
    await readUntil(': connected');
    await publishLive({ workOrderId: b.workOrderId, customerId: b.customerId, change: 'status' });
    await publishLive({ workOrderId: a.workOrderId, customerId: a.customerId, change: 'eta' });
    await readUntil('event: change');
    expect(received).toContain('event: change\ndata: {"change":"eta"}');
    expect(received).not.toContain('"status"'); // b's event never reached a's page
    for (const secret of a.secrets) expect(received).not.toContain(secret);
    abort.abort();
  });
});

describe('the printable ticket', () => {
  it('shows the status link and its QR code to staff, and resets the link by POST', async () => {
    const ticketRoute = await import('~/routes/admin/work-orders/ticket');
    const { statusQrSvg } = await import('~/server/status-link/status-ticket.server');
    const linked = await linkedWorkOrder('Parts Ordered', '2026-12-10');
    const load = async () =>
      (await ticketRoute.loader({
        request: makeRequest(`/admin/work-orders/${linked.workOrderId}/ticket`, { cookie: staff.cookie }),
        params: { workOrderId: linked.workOrderId },
        context: contextFrom(someIp()),
      } as never)) as Awaited<ReturnType<typeof ticketRoute.loader>>;
    const before = await load();
    expect(before.ticket.statusUrl).toBe(linked.url);
    expect(before.ticket.workOrderNumber).toBe(linked.workOrderNumber);
    expect(before.ticket.customerName).toMatch(/^Ana Surname/);
    expect(before.ticket.status).toBe('Parts Ordered');
    expect(before.ticket.estimatedCompletionDate).toBe('2026-12-10');
    expect(before.ticket.qrSvg).toMatch(/^<svg /);
    expect(before.ticket.qrSvg).toBe(await statusQrSvg(linked.url));

    const result = (await ticketRoute.action({
      request: makeRequest(`/admin/work-orders/${linked.workOrderId}/ticket`, { cookie: staff.cookie, form: { intent: 'reset-status-link' } }),
      params: { workOrderId: linked.workOrderId },
      context: contextFrom(someIp()),
    } as never)) as { ok: boolean; message: string };
    expect(result.ok).toBe(true);
    const after = await load();
    expect(after.ticket.statusUrl).not.toBe(linked.url);
    expect(await findStatusPage(linked.token)).toBeNull();
    expect(await findStatusPage(after.ticket.statusUrl.split('/status/')[1]!)).not.toBeNull();

    const unknown = (await ticketRoute.action({
      request: makeRequest(`/admin/work-orders/${linked.workOrderId}/ticket`, { cookie: staff.cookie, form: { intent: 'something-else' } }),
      params: { workOrderId: linked.workOrderId },
      context: contextFrom(someIp()),
    } as never)) as { init: ResponseInit };
    expect(unknown.init.status).toBe(400);
  });
});
