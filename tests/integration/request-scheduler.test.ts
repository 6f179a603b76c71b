/**
 * The request scheduler (server/app.ts `requestScheduler`, issue 6 load target) on a real HTTP server: how many GETs
 * are in progress, in which order waiting ones start, what frees a slot, what bypasses it, and — the reason it exists —
 * that a page already in progress is not starved by requests that arrive after it. Latency itself is measured by
 * `npm run bench:load`, not here.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { requestScheduler } from '../../server/app';

interface Harness {
  base: string;
  /** Request ids in the order their handlers started. */
  started: string[];
  /** Request ids in the order they reached the scheduler. */
  arrived: string[];
  /** Lets a `/gate` request answer (or a `/work?gate=1` request go on). */
  open(id: string): void;
  /** Passes every request sent with `hold=1` on to the scheduler, in one synchronous loop. */
  releaseHeld(): void;
  waitFor(check: () => boolean): Promise<void>;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Spins the CPU for `ms` (a page's rendering, in the one thread a Node process has). */
function busy(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    /* work */
  }
}

async function harness(scheduler: express.RequestHandler | null): Promise<Harness> {
  const started: string[] = [];
  const arrived: string[] = [];
  const gates = new Map<string, () => void>();
  const opened = new Set<string>();
  const app = express();
  // Requests sent with hold=1 wait here until releaseHeld() passes them all on in one synchronous loop: what a poll
  // phase does when that many sockets became readable together.
  let held: (() => void)[] = [];
  app.use((req, _res, next) => {
    arrived.push(String(req.query.id));
    if (req.query.hold) held.push(next);
    else next();
  });
  if (scheduler) app.use(scheduler);
  app.all('/gate', (req, res) => {
    const id = String(req.query.id);
    started.push(id);
    const answer = () => res.send(id);
    if (opened.has(id)) answer();
    else gates.set(id, answer);
  });
  app.get('/stream', (req, res) => {
    started.push(String(req.query.id));
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.write('first part ');
    gates.set(String(req.query.id), () => res.end('last part'));
  });
  app.all('/now', (req, res) => {
    started.push(String(req.query.id));
    res.send('now');
  });
  app.get('/healthz', (_req, res) => {
    res.send('ok');
  });
  app.get('/work', async (req, res) => {
    const id = String(req.query.id);
    const hops = Number(req.query.hops);
    started.push(id);
    if (req.query.gate) await new Promise<void>((resolve) => (opened.has(id) ? resolve() : gates.set(id, resolve)));
    for (let hop = 0; hop < hops; hop += 1) {
      busy(2);
      started.push(`${id}:${hop + 1}`);
      await new Promise((resolve) => setTimeout(resolve, 0)); // a database round trip
    }
    res.send(id);
  });
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    started,
    arrived,
    open(id) {
      opened.add(id);
      gates.get(id)?.();
    },
    releaseHeld() {
      const release = held;
      held = [];
      for (const go of release) go();
    },
    async waitFor(check) {
      const deadline = Date.now() + 5000;
      while (!check()) {
        if (Date.now() > deadline) throw new Error('condition not reached within 5 s');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

/**
 * Sends a request and resolves once the server has seen it (so arrival order is the order of these calls), with the
 * pending answer.
 */
async function send(h: Harness, path: string, init: RequestInit = {}): Promise<{ answer: Promise<Answer> }> {
  const before = h.arrived.length;
  const answer = fetch(`${h.base}${path}`, init).then(async (r) => ({ status: r.status, headers: r.headers, body: await r.text() }));
  answer.catch(() => {});
  await h.waitFor(() => h.arrived.length > before);
  return { answer };
}

describe('request scheduler', () => {
  it('has at most the limit in progress and starts waiting requests in arrival order as slots free', async () => {
    const h = await harness(requestScheduler(2));
    const answers: Promise<Answer>[] = [];
    for (const id of ['a', 'b', 'c', 'd']) answers.push((await send(h, `/gate?id=${id}`)).answer);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(h.started).toEqual(['a', 'b']);
    h.open('b');
    await h.waitFor(() => h.started.length === 3);
    expect(h.started).toEqual(['a', 'b', 'c']);
    h.open('a');
    await h.waitFor(() => h.started.length === 4);
    expect(h.started).toEqual(['a', 'b', 'c', 'd']);
    h.open('c');
    h.open('d');
    expect((await Promise.all(answers)).map((a) => a.body)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('frees a slot once the response headers are written, while the body still streams', async () => {
    const h = await harness(requestScheduler(2));
    const first = await send(h, '/stream?id=s1');
    const second = await send(h, '/stream?id=s2');
    const quick = await send(h, '/now?id=n3');
    expect((await quick.answer).body).toBe('now');
    h.open('s1');
    h.open('s2');
    expect((await first.answer).body).toBe('first part last part');
    expect((await second.answer).body).toBe('first part last part');
  });

  it('skips a request whose client left while it waited', async () => {
    const h = await harness(requestScheduler(1));
    const held = await send(h, '/gate?id=a');
    const controller = new AbortController();
    const gone = await send(h, '/gate?id=gone', { signal: controller.signal });
    controller.abort();
    await expect(gone.answer).rejects.toThrow();
    const next = await send(h, '/gate?id=next');
    await new Promise((resolve) => setTimeout(resolve, 30)); // the abort reaches the server
    h.open('a');
    h.open('next');
    expect((await held.answer).body).toBe('a');
    expect((await next.answer).body).toBe('next');
    expect(h.started).toEqual(['a', 'next']);
  });

  it('stops counting a request that is stuck without response headers after the hold time', async () => {
    const h = await harness(requestScheduler(1, { holdMs: 100 }));
    const stuck = await send(h, '/gate?id=stuck');
    const after = await send(h, '/now?id=after');
    expect((await after.answer).body).toBe('now');
    expect(h.started).toEqual(['stuck', 'after']);
    h.open('stuck');
    expect((await stuck.answer).body).toBe('stuck');
  });

  it('lets form posts and /healthz through while every slot is taken', async () => {
    const h = await harness(requestScheduler(1));
    const held = await send(h, '/gate?id=a');
    const post = await send(h, '/now?id=post', { method: 'POST' });
    expect((await post.answer).body).toBe('now');
    const health = await send(h, '/healthz?id=health');
    expect((await health.answer).body).toBe('ok');
    h.open('a');
    expect((await held.answer).body).toBe('a');
  });

  it('answers 503 with Retry-After when too many requests already wait', async () => {
    const h = await harness(requestScheduler(1, { maxWaiting: 2 }));
    const pending: Promise<Answer>[] = [];
    for (const id of ['a', 'w1', 'w2']) pending.push((await send(h, `/gate?id=${id}`)).answer);
    const answer = await (await send(h, '/gate?id=w3')).answer;
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(answer.body).toBe('The shop site is busy. Please try again in a moment.');
    for (const id of ['a', 'w1', 'w2']) h.open(id);
    expect((await Promise.all(pending)).map((p) => p.status)).toEqual([200, 200, 200]);
  });

  // The property it exists for. A page in progress (4 database round trips, 2 ms of rendering each) goes on just as
  // twenty pages arrive in one poll phase: without the scheduler all twenty start (and render) before the first
  // page's next step; with it, waiting pages are admitted one per event-loop turn, after the continuations of the
  // pages in progress.
  for (const scheduled of [true, false]) {
    it(`${scheduled ? 'lets a page in progress finish before most later pages start' : 'control: without it, later pages all start first'}`, async () => {
      const h = await harness(scheduled ? requestScheduler(16) : null);
      const first = await send(h, '/work?id=A&hops=4&gate=1');
      await h.waitFor(() => h.started.includes('A'));
      const later: Promise<Answer>[] = [];
      for (let i = 1; i <= 20; i += 1) later.push((await send(h, `/work?id=B${i}&hops=1&hold=1`)).answer);
      h.open('A');
      h.releaseHeld();
      expect((await first.answer).body).toBe('A');
      expect((await Promise.all(later)).map((a) => a.status)).toEqual(Array(20).fill(200));
      const doneAt = h.started.indexOf('A:4');
      const laterStartedBefore = h.started.slice(0, doneAt).filter((e) => /^B\d+$/.test(e)).length;
      if (scheduled) expect(laterStartedBefore).toBeLessThanOrEqual(6);
      else expect(laterStartedBefore).toBe(20);
    });
  }
});
