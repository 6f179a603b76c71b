/**
 * `npm run bench:live` (issue 15 §2): how fast a status change made by staff reaches the pages that follow it, and what
 * open live-update streams cost the server. Runs against the BUILT server (`npm run build` first; the npm script
 * builds), started here on 127.0.0.1 with the demo shop, in each setup:
 *
 * - embedded: the defaults of `npm start` (one process, the embedded database in a fresh data folder);
 * - postgres: a fresh database on the PostgreSQL server at PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/
 *   postgres; dropped afterwards) with WEB_CONCURRENCY=2: two web processes, each with its own LISTEN connection, the
 *   listeners spread over both by the cluster's round-robin (the table says how many connections each process holds,
 *   counted from /proc: the listeners plus the bench's own kept-alive ones). Skipped when no server answers.
 *
 * For each setup:
 * 1. Latency. BENCH_LISTENERS (default 100) EventSource-style clients (plain `fetch` reading `text/event-stream`) open
 *    `/portal/events` signed in as the demo customer maria.gonzalez@example.com; then the demo admin changes the status
 *    of her work order WO-1001 BENCH_CHANGES times (default 10, after one warm-up change not counted) through the real
 *    admin form post (`/admin/work-orders/details/:id`, intent=change-status, no customer notification). For each
 *    change and listener: the time from just before the post is sent until that listener has read the `change` event
 *    (so the action's own transaction and NOTIFY are included; the browser's 300 ms debounce and reload are not).
 *    The same again on the no-login status page's stream (`/status/:token/events`, the token read from the work
 *    order's printable ticket as staff) when that route exists.
 * 2. Idle listeners. The server's resident memory (VmRSS of every server process, summed) with no stream open, then
 *    with BENCH_IDLE_LISTENERS (default 1,000) portal streams open and idle for 5 s; then one change to all of them.
 *
 * Targets: p95 ≤ 2,000 ms; ≤ 50 MB more memory for 1,000 idle listeners. BENCH_SETUPS=embedded (or postgres) runs one
 * setup only. Only 127.0.0.1 is ever contacted. The clients share the machine's cores with the server.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WORK_ORDER_STATUSES } from '../app/lib/work-order-status';
import { childPids } from './child-pids';
import { signIn, startBenchServer } from './bench-server';
import { freePort } from './free-port';
import { databaseUrl, PG_ADMIN_URL, pgAdminQuery } from './pg-admin';

const LISTENERS = Number(process.env.BENCH_LISTENERS ?? 100);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 10);
const IDLE_LISTENERS = Number(process.env.BENCH_IDLE_LISTENERS ?? 1000);
const SETUPS = (process.env.BENCH_SETUPS ?? 'embedded,postgres').split(',').map((s) => s.trim());
const EVENT_TIMEOUT_MS = 5000;
const P95_TARGET_MS = 2000;
const MEMORY_TARGET_MB = 50;
const CUSTOMER = { email: 'maria.gonzalez@example.com', password: 'demo-customer-pass' };
const ADMIN = { email: 'admin@example.com', password: 'demo-admin-pass' };
const WORK_ORDER = 'WO-1001';

// ---------------------------------------------------------------------------------------------------------- server

function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The server process and its web processes (cluster workers), if any. */
function serverPids(server: ChildProcess): number[] {
  return [server.pid!, ...childPids(server.pid!)];
}

/** Resident memory (MB) of every server process, and the sum. */
function memory(server: ChildProcess): { total: number; each: number[] } {
  const each = serverPids(server).map((pid) => Math.round(rssKb(pid) / 1024));
  return { total: each.reduce((a, b) => a + b, 0), each };
}

/** Established connections to `port` held by each process (sockets matched by inode through /proc). */
function connectionsByPid(port: number, pids: number[]): Map<number, number> {
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10) continue;
      const localPort = parseInt(cols[1]!.split(':')[1]!, 16);
      if (localPort === port && cols[3] === '01') inodes.add(cols[9]!);
    }
  }
  const counts = new Map<number, number>();
  for (const pid of pids) {
    let n = 0;
    try {
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
        try {
          const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
          if (m && inodes.has(m[1]!)) n += 1;
        } catch {
          /* closed meanwhile */
        }
      }
    } catch {
      /* gone */
    }
    counts.set(pid, n);
  }
  return counts;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The work order's id, from the back office's work-order list (as staff). */
async function workOrderId(base: string, adminCookie: string, number: string): Promise<string> {
  const html = await (await fetch(`${base}/admin/work-orders`, { headers: { Cookie: adminCookie } })).text();
  const id = new RegExp(`/admin/work-orders/details/([0-9a-f-]{36})"[^>]*>${number}<`).exec(html)?.[1];
  if (!id) throw new Error(`${number} not found on /admin/work-orders`);
  return id;
}

/** The work order's status-page path from its printable ticket (as staff), or null when there is no ticket page. */
async function statusPath(base: string, adminCookie: string, id: string): Promise<string | null> {
  const response = await fetch(`${base}/admin/work-orders/${id}/ticket`, {
    headers: { Cookie: adminCookie },
    redirect: 'manual',
  });
  if (response.status !== 200) return null;
  return /\/status\/[A-Za-z0-9_-]{20,}/.exec(await response.text())?.[0] ?? null;
}

/** Changes the status as staff do: the work order page's form post (no customer notification). */
async function changeStatus(base: string, adminCookie: string, id: string, status: string): Promise<void> {
  const response = await fetch(`${base}/admin/work-orders/details/${id}`, {
    method: 'POST',
    headers: { Cookie: adminCookie, Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'change-status', status, notifyShown: '1' }),
  });
  const text = await response.text();
  if (response.status !== 200 || !text.includes('updated'))
    throw new Error(`status change answered ${response.status}`);
}

// -------------------------------------------------------------------------------------------------------- listeners

interface Listener {
  /** performance.now() of each `change` event read, in order. */
  received: number[];
  close(): void;
}

/** Opens one event stream like an EventSource (fetch, reading `text/event-stream`); resolves once it greeted us. */
async function listen(url: string, cookie: string): Promise<Listener> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { Cookie: cookie, Accept: 'text/event-stream' },
    signal: controller.signal,
    redirect: 'manual',
  });
  if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
    throw new Error(`${url} answered ${response.status} ${response.headers.get('content-type')}`);
  }
  const listener: Listener = { received: [], close: () => controller.abort() };
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let greeted!: () => void;
  const ready = new Promise<void>((resolve) => (greeted = resolve));
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const at = performance.now();
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (message.includes(': connected')) greeted();
          if (/^event: change$/m.test(message) && /"change":"status"/.test(message))
            listener.received.push(at);
        }
      }
    } catch {
      /* aborted */
    }
  })();
  await Promise.race([
    ready,
    sleep(10_000).then(() => Promise.reject(new Error(`${url}: no greeting within 10 s`))),
  ]);
  return listener;
}

/** Opens `count` listeners, `batch` at a time. */
async function listenMany(count: number, url: string, cookie: string, batch = 50): Promise<Listener[]> {
  const all: Listener[] = [];
  for (let i = 0; i < count; i += batch) {
    all.push(
      ...(await Promise.all(Array.from({ length: Math.min(batch, count - i) }, () => listen(url, cookie)))),
    );
  }
  return all;
}

// ------------------------------------------------------------------------------------------------------ measuring

interface LatencyRow {
  setup: string;
  stream: string;
  listeners: number;
  changes: number;
  delivered: string;
  p50: number;
  p95: number;
  max: number;
  spread: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

let nextStatus = 0;
/** A status other than the current one, going round the eight. */
function statusAfter(current: string): string {
  let status: string;
  do status = WORK_ORDER_STATUSES[nextStatus++ % WORK_ORDER_STATUSES.length]!;
  while (status === current);
  return status;
}
let currentStatus = '';

/**
 * Makes `changes` status changes (plus `warmUp` first ones not counted) and returns, for every counted change and
 * listener, the milliseconds from the post to the event (Infinity when it did not come within EVENT_TIMEOUT_MS).
 */
async function measureChanges(
  listeners: Listener[],
  base: string,
  adminCookie: string,
  id: string,
  changes: number,
  warmUp = 1,
) {
  const latencies: number[] = [];
  for (let k = 0; k < warmUp + changes; k += 1) {
    const before = listeners.map((l) => l.received.length);
    currentStatus = statusAfter(currentStatus);
    const sent = performance.now();
    await changeStatus(base, adminCookie, id, currentStatus);
    const deadline = sent + EVENT_TIMEOUT_MS;
    while (listeners.some((l, i) => l.received.length <= before[i]!) && performance.now() < deadline)
      await sleep(5);
    if (k >= warmUp) {
      listeners.forEach((l, i) =>
        latencies.push(l.received.length > before[i]! ? l.received[before[i]!]! - sent : Infinity),
      );
    }
    await sleep(200);
  }
  return latencies;
}

function spreadText(server: ChildProcess, port: number): string {
  const pids = serverPids(server);
  const counts = connectionsByPid(port, pids);
  // The primary of a cluster holds no connections; list the processes that serve.
  const serving = pids.filter((pid, i) => i > 0 || pids.length === 1).map((pid) => counts.get(pid) ?? 0);
  return serving.join(' + ');
}

async function latencyRow(
  setup: string,
  stream: string,
  server: ChildProcess,
  port: number,
  url: string,
  cookie: string,
  base: string,
  adminCookie: string,
  id: string,
): Promise<LatencyRow> {
  const listeners = await listenMany(LISTENERS, url, cookie);
  await sleep(300);
  const spread = spreadText(server, port);
  const latencies = await measureChanges(listeners, base, adminCookie, id, CHANGES);
  listeners.forEach((l) => l.close());
  await sleep(500);
  const delivered = latencies.filter(Number.isFinite).sort((a, b) => a - b);
  const all = [...latencies].sort((a, b) => a - b);
  return {
    setup,
    stream,
    listeners: LISTENERS,
    changes: CHANGES,
    delivered: `${delivered.length}/${latencies.length}`,
    p50: Math.round(percentile(all, 50)),
    p95: Math.round(percentile(all, 95)),
    max: Math.round(all.at(-1) ?? NaN),
    spread,
  };
}

interface MemoryRow {
  setup: string;
  before: number;
  after: number;
  delta: number;
  /** The difference summed over the processes that hold the streams (all but a cluster's primary). */
  webDelta: number;
  each: string;
  spread: string;
  oneChange: string;
}

async function benchSetup(
  name: string,
  env: Record<string, string>,
): Promise<{ latency: LatencyRow[]; memory: MemoryRow }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startBenchServer(base, port, { LOG_LEVEL: 'warn', ...env });
  try {
    await sleep(2000); // start-up work (orphan sweep, first job poll) settles
    const adminCookie = await signIn(base, ADMIN.email, ADMIN.password);
    const customerCookie = await signIn(base, CUSTOMER.email, CUSTOMER.password);
    const id = await workOrderId(base, adminCookie, WORK_ORDER);
    currentStatus = '';
    console.log(
      `\n== ${name}: ${LISTENERS} listeners, ${CHANGES} status changes of ${WORK_ORDER} per stream…`,
    );

    const latency = [
      await latencyRow(
        name,
        '/portal/events',
        server,
        port,
        `${base}/portal/events`,
        customerCookie,
        base,
        adminCookie,
        id,
      ),
    ];
    const status = await statusPath(base, adminCookie, id);
    if (status) {
      latency.push(
        await latencyRow(
          name,
          '/status/:token/events',
          server,
          port,
          `${base}${status}/events`,
          '',
          base,
          adminCookie,
          id,
        ),
      );
    } else {
      console.log('   (no status page on this build: only the portal stream is measured)');
    }

    console.log(`== ${name}: ${IDLE_LISTENERS} idle listeners…`);
    await sleep(3000);
    const before = memory(server);
    const idle = await listenMany(IDLE_LISTENERS, `${base}/portal/events`, customerCookie, 100);
    await sleep(5000);
    const after = memory(server);
    const spread = spreadText(server, port);
    const latencies = (await measureChanges(idle, base, adminCookie, id, 1, 0)).sort((a, b) => a - b);
    const delivered = latencies.filter(Number.isFinite).length;
    idle.forEach((l) => l.close());
    await sleep(1000);
    return {
      latency,
      memory: {
        setup: name,
        before: before.total,
        after: after.total,
        delta: after.total - before.total,
        // A cluster's primary (first) holds no stream: its own swings (a garbage collection) are not the streams' cost.
        webDelta: after.each.reduce(
          (sum, mb, i) => (after.each.length > 1 && i === 0 ? sum : sum + mb - (before.each[i] ?? 0)),
          0,
        ),
        each: after.each.map((mb, i) => `${mb - (before.each[i] ?? 0)}`).join(' / '),
        spread,
        oneChange: `${delivered}/${latencies.length}, p95 ${Math.round(percentile(latencies, 95))} ms, max ${Math.round(latencies.at(-1) ?? NaN)} ms`,
      },
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

async function main() {
  if (!fs.existsSync('build/server/index.js')) {
    console.error('No build found: run `npm run build` first.');
    process.exit(1);
  }
  console.log(
    `${os.cpus()[0]?.model ?? 'CPU'} × ${os.availableParallelism()}, Node ${process.version}, ${new Date().toISOString()}`,
  );
  const results: { latency: LatencyRow[]; memory: MemoryRow }[] = [];
  if (SETUPS.includes('embedded')) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-live-'));
    try {
      results.push(await benchSetup('embedded, 1 process', { DATA_DIR: dataDir }));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (SETUPS.includes('postgres')) {
    const database = `shop_bench_live_${process.pid}_${Date.now()}`;
    if (await pgAdminQuery(`CREATE DATABASE ${database}`)) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-live-'));
      try {
        results.push(
          await benchSetup('postgres, 2 web processes', {
            DATA_DIR: dataDir,
            DATABASE_URL: databaseUrl(database),
            WEB_CONCURRENCY: '2',
          }),
        );
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
        await pgAdminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      }
    } else {
      console.log(`\n== postgres: skipped (no PostgreSQL server at ${PG_ADMIN_URL})`);
    }
  }

  console.log(
    '\nStatus change (staff form post) → event read by each listener, ms (target p95 ≤ 2,000 ms)\n',
  );
  console.log(
    '| Setup | Stream | Listeners | Changes | Delivered | p50 | p95 | max | Open connections per web process |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results.flatMap((x) => x.latency)) {
    console.log(
      `| ${r.setup} | ${r.stream} | ${r.listeners} | ${r.changes} | ${r.delivered} | ${r.p50} | ${r.p95} | ${r.max} | ${r.spread} |`,
    );
  }
  console.log(
    `\n${IDLE_LISTENERS} idle listeners on /portal/events: server RSS, MB (target ≤ +${MEMORY_TARGET_MB} MB)\n`,
  );
  console.log(
    '| Setup | Before (all processes) | With listeners | Difference | Difference in the web processes | Difference per process (primary first) | Open connections per web process | One change to all |',
  );
  console.log('|---|---:|---:|---:|---:|---|---|---|');
  const signed = (n: number) => `${n >= 0 ? '+' : ''}${n}`;
  for (const { memory: m } of results) {
    console.log(
      `| ${m.setup} | ${m.before} | ${m.after} | ${signed(m.delta)} | ${signed(m.webDelta)} | ${m.each} | ${m.spread} | ${m.oneChange} |`,
    );
  }
  const latencyMet = results.every((x) =>
    x.latency.every((r) => r.p95 <= P95_TARGET_MS && r.delivered.split('/')[0] === r.delivered.split('/')[1]),
  );
  const memoryMet = results.every((x) => Math.max(x.memory.delta, x.memory.webDelta) <= MEMORY_TARGET_MB);
  console.log(
    `\nTargets: p95 ≤ ${P95_TARGET_MS} ms, every event delivered: ${latencyMet ? 'met' : 'NOT met'}; ≤ +${MEMORY_TARGET_MB} MB for ${IDLE_LISTENERS} idle listeners: ${memoryMet ? 'met' : 'NOT met'}`,
  );
}

await main();
