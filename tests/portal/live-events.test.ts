/**
 * `GET /portal/events` (issue 15 §2): the session check of every portal page, and a stream that carries the signed-in
 * customer's events only, as `event: change` with the kind of change and nothing else.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loader } from '~/routes/portal/events';
import { closeLiveStreams, openLiveStreamCount } from '~/server/live/event-stream.server';
import { publishLive } from '~/server/live/live.server';
import {
  createAccount,
  createVehicle,
  createWorkOrder,
  makeRequest,
  redirectLocation,
  settle,
  testContext,
  type TestAccount,
} from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';

withTestDatabase();

let a: TestAccount;
let b: TestAccount;
let aOrder: string;
let bOrder: string;

beforeAll(async () => {
  a = await createAccount({ name: 'Alice Live' });
  b = await createAccount({ name: 'Bob Live' });
  aOrder = (await createWorkOrder(await createVehicle(a.customerId!))).id;
  bOrder = (await createWorkOrder(await createVehicle(b.customerId!))).id;
});

afterEach(() => closeLiveStreams());

/** Reads a `text/event-stream` body: the text so far, and a wait for the next chunk (or null after `ms`). */
function reader(response: Response) {
  const stream = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  return {
    get text() {
      return text;
    },
    /** Resolves with the next chunk's text, or null if none arrives within `ms`. */
    async next(ms: number): Promise<string | null> {
      pending ??= stream.read();
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));
      const result = await Promise.race([pending, timeout]);
      if (result === 'timeout') return null;
      pending = undefined;
      if (result.done) return null;
      const chunk = decoder.decode(result.value);
      text += chunk;
      return chunk;
    },
    cancel: () => stream.cancel(),
  };
}

async function open(account: TestAccount, controller = new AbortController()) {
  const request = new Request(makeRequest('/portal/events', { cookie: account.cookie }), {
    signal: controller.signal,
  });
  const response = (await loader({ request, params: {}, context: testContext } as never)) as Response;
  return { response, controller };
}

describe('/portal/events', () => {
  it('sends an anonymous visitor to /login and staff to /admin, without opening a stream', async () => {
    const anonymous = await settle(() =>
      loader({ request: makeRequest('/portal/events'), params: {}, context: testContext } as never),
    );
    expect(redirectLocation(anonymous.thrown)).toBe('/login?redirectTo=%2Fportal%2Fevents');
    const admin = await createAccount({ admin: true });
    const staff = await settle(() =>
      loader({
        request: makeRequest('/portal/events', { cookie: admin.cookie }),
        params: {},
        context: testContext,
      } as never),
    );
    expect(redirectLocation(staff.thrown)).toBe('/admin');
    expect(openLiveStreamCount()).toBe(0);
  });

  it('answers an event stream that is neither cached nor transformed', async () => {
    const { response } = await open(a);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store, no-transform');
    expect(response.headers.get('X-Accel-Buffering')).toBe('no');
    const events = reader(response);
    expect(await events.next(1000)).toBe('retry: 3000\n: connected\n\n');
    await events.cancel();
  });

  it("passes on the customer's own events as they are published, and never another customer's", async () => {
    const { response } = await open(a);
    const events = reader(response);
    await events.next(1000); // the greeting

    await publishLive({ workOrderId: bOrder, customerId: b.customerId!, change: 'status' });
    expect(await events.next(300), "B's event must not reach A").toBeNull();

    const started = Date.now();
    await publishLive({ workOrderId: aOrder, customerId: a.customerId!, change: 'eta' });
    expect(await events.next(2000)).toBe('event: change\ndata: {"change":"eta"}\n\n');
    expect(Date.now() - started).toBeLessThan(2000);

    // Nothing but the kind of change travels: no ids, no names.
    expect(events.text).not.toContain(aOrder);
    expect(events.text).not.toContain(a.customerId!);
    expect(events.text).not.toContain(bOrder);
    await events.cancel();
  });

  it("gives B only B's events while A listens too", async () => {
    const streamA = reader((await open(a)).response);
    const streamB = reader((await open(b)).response);
    await streamA.next(1000);
    await streamB.next(1000);
    await publishLive({ workOrderId: bOrder, customerId: b.customerId!, change: 'photos' });
    expect(await streamB.next(2000)).toBe('event: change\ndata: {"change":"photos"}\n\n');
    expect(await streamA.next(300)).toBeNull();
    await Promise.all([streamA.cancel(), streamB.cancel()]);
  });

  it('lets go of the stream when the browser goes away or the server shuts down', async () => {
    const before = openLiveStreamCount();
    const { response, controller } = await open(a);
    expect(openLiveStreamCount()).toBe(before + 1);
    controller.abort();
    expect(openLiveStreamCount()).toBe(before);
    const events = reader(response);
    await events.next(1000); // the greeting, then the end
    expect(await events.next(1000)).toBeNull();

    const second = reader((await open(a)).response);
    await second.next(1000);
    closeLiveStreams();
    expect(openLiveStreamCount()).toBe(0);
    expect(await second.next(1000)).toBeNull();
  });
});
