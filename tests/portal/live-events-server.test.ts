/**
 * The live-update streams as the server answers them (issue 15 §2): `GET /portal/events` and
 * `GET /status/:token/events` reach server/middleware/live-events.ts before React Router, over real HTTP. The same
 * access rules as the route modules (tests/portal/live-events.test.ts, tests/status/status-link.test.ts): anonymous →
 * /login, staff → /admin, a bad status link → 404 with the status headers; a stream carries its own work orders'
 * changes only and is let go when the client leaves.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeLiveStreams, openLiveStreamCount } from '~/server/live/event-stream.server';
import { publishLive } from '~/server/live/live.server';
import { createApp } from '../../server/app';
import { createAccount, createVehicle, createWorkOrder, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { linkedWorkOrder } from '../status/helpers';

withTestDatabase();

let server: Server;
let base: string;
let a: TestAccount;
let b: TestAccount;
let aOrder: string;
let bOrder: string;

beforeAll(async () => {
  server = createApp().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  a = await createAccount({ name: 'Alice Stream' });
  b = await createAccount({ name: 'Bob Stream' });
  aOrder = (await createWorkOrder(await createVehicle(a.customerId!))).id;
  bOrder = (await createWorkOrder(await createVehicle(b.customerId!))).id;
});
afterEach(() => closeLiveStreams());
afterAll(async () => {
  closeLiveStreams();
  await new Promise((resolve) => server.close(resolve));
});

/** Opens a stream over HTTP; `until(text)` reads until the body so far contains `text` (or `ms` pass). */
async function openStream(path: string, cookie?: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}${path}`, {
    headers: cookie ? { cookie } : {},
    redirect: 'manual',
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  const until = async (needle: string, ms = 2000): Promise<boolean> => {
    const deadline = Date.now() + ms;
    while (!text.includes(needle)) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      pending ??= reader.read();
      const result = await Promise.race([pending, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), left))]);
      if (result === 'timeout') return false;
      pending = undefined;
      if (result.done) return text.includes(needle);
      text += decoder.decode(result.value);
    }
    return true;
  };
  return { response, until, text: () => text, close: () => controller.abort() };
}

describe('GET /portal/events on the server', () => {
  it('redirects an anonymous visitor to /login and staff to /admin, opening no stream', async () => {
    const anonymous = await fetch(`${base}/portal/events`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/login?redirectTo=%2Fportal%2Fevents');
    const admin = await createAccount({ admin: true });
    const staff = await fetch(`${base}/portal/events`, { headers: { cookie: admin.cookie }, redirect: 'manual' });
    expect(staff.status).toBe(302);
    expect(staff.headers.get('location')).toBe('/admin');
    expect(openLiveStreamCount()).toBe(0);
  });

  it("streams the customer's own changes only, uncompressed and uncached, and lets go when the client leaves", async () => {
    const before = openLiveStreamCount();
    const streamA = await openStream('/portal/events', a.cookie);
    expect(streamA.response.status).toBe(200);
    expect(streamA.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(streamA.response.headers.get('cache-control')).toBe('private, no-store, no-transform');
    expect(streamA.response.headers.get('content-encoding')).toBeNull();
    expect(streamA.response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await streamA.until(': connected')).toBe(true);
    expect(openLiveStreamCount()).toBe(before + 1);

    await publishLive({ workOrderId: bOrder, customerId: b.customerId!, change: 'status' });
    await publishLive({ workOrderId: aOrder, customerId: a.customerId!, change: 'eta' });
    expect(await streamA.until('event: change\ndata: {"change":"eta"}\n\n')).toBe(true);
    expect(streamA.text()).not.toContain('"status"'); // B's change never reached A
    expect(streamA.text()).not.toContain(aOrder);

    streamA.close();
    const deadline = Date.now() + 2000;
    while (openLiveStreamCount() > before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(openLiveStreamCount()).toBe(before);
  });
});

describe('GET /status/:token/events on the server', () => {
  it('answers a bad link 404 with the status headers, and a live link with its work order\'s changes', async () => {
    const bad = await fetch(`${base}/status/${'A'.repeat(32)}/events`);
    expect(bad.status).toBe(404);
    expect(bad.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(bad.headers.get('referrer-policy')).toBe('no-referrer');

    const linked = await linkedWorkOrder();
    const other = await linkedWorkOrder();
    const stream = await openStream(`/status/${linked.token}/events`);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(stream.response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(stream.response.headers.get('cache-control')).toBe('private, no-store, no-transform');
    expect(await stream.until(': connected')).toBe(true);
    await publishLive({ workOrderId: other.workOrderId, customerId: other.customerId, change: 'photos' });
    await publishLive({ workOrderId: linked.workOrderId, customerId: linked.customerId, change: 'status' });
    expect(await stream.until('data: {"change":"status"}')).toBe(true);
    expect(stream.text()).not.toContain('"photos"');
    stream.close();
  });
});
