/**
 * `npm run bench:load` (issue 6): load on the built server at 127.0.0.1 with the demo data, in each setup:
 *
 * - embedded: the defaults of `npm start` (one process, the embedded database in a fresh data folder);
 * - postgres: a fresh database on the PostgreSQL server at PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/
 *   postgres; dropped afterwards) with WEB_CONCURRENCY = this machine's cores. Skipped when no server answers.
 *
 * For each setup:
 * 1. Mix: 200 concurrent connections for BENCH_SECONDS (default 60): 140 on public pages, 40 on portal pages as the
 *    five signed-in demo customers, 20 on admin lists as the demo admin — 70/20/10 % of the connections, each a closed
 *    loop (the next request when the answer is in), each connection starting at its own place in its list of pages
 *    (see `run`). Before it, BENCH_WARMUP_SECONDS (default 10) of the same mix,
 *    not counted: a process just started compiles its code as it first runs it. Every request says what a browser
 *    says (`Accept-Encoding: gzip, deflate, br, zstd`), so pages are compressed as they are for real visitors.
 *    Reports throughput, p50/p99 latency and errors (socket errors, timeouts, non-2xx) per group.
 * 2. Baseline: the home page's HTML served as a static file by the same process vs. the server-rendered home page,
 *    200 connections each for BENCH_BASELINE_SECONDS (default 15), uncompressed → SSR throughput as a fraction of
 *    static.
 *
 * Targets: 0 errors, p99 < 250 ms, SSR ≥ 50 % of static. BENCH_SETUPS=embedded (or postgres) runs one setup only.
 * Only 127.0.0.1 is ever contacted. The load generator shares the machine's cores with the server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { childPids } from './child-pids';
import { signIn, startBenchServer } from './bench-server';
import { freePort } from './free-port';
import { databaseUrl, PG_ADMIN_URL, pgAdminQuery } from './pg-admin';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 15);
const SETUPS = (process.env.BENCH_SETUPS ?? 'embedded,postgres').split(',').map((s) => s.trim());
const CORES = os.availableParallelism();
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

const PUBLIC_PATHS = ['/', '/about', '/services', '/services/collision-repair', '/contact', '/repair-gallery', '/financing'];
const PORTAL_PATHS = ['/portal', '/portal/my-vehicles', '/portal/repair-updates', '/portal/repair-photos', '/portal/my-documents'];
const ADMIN_PATHS = ['/admin', '/admin/customers', '/admin/work-orders', '/admin/inventory', '/admin/invoices'];
const CUSTOMERS = ['maria.gonzalez', 'james.carter', 'priya.patel', 'robert.nguyen', 'ashley.thompson'].map((n) => `${n}@example.com`);

type Result = autocannon.Result;

function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** The process and its children (the web processes of a primary), in MB of resident memory. */
function treeRssMb(pid: number): number {
  return rssMb(pid) + childPids(pid).reduce((sum, child) => sum + rssMb(child), 0);
}

/** The request list a connection starts on: each connection begins `k` pages further along (k = its index × a prime, modulo the list's length). */
function staggered(requests: autocannon.Request[]): (client: autocannon.Client) => void {
  let next = 0;
  return (client) => {
    const k = (next++ * 7919) % requests.length;
    client.setRequests([...requests.slice(k), ...requests.slice(0, k)].map((r) => ({ ...r })));
  };
}

/**
 * One autocannon run. A request list is staggered across the connections: visitors do not open the same page in the
 * same instant. (Left as autocannon does it, every connection starts at the list's first page and, answered at the
 * same pace, stays in step with the others — all 20 admin connections asking for the work-order overview in the same
 * round, then all for the inventory — so a round's cost, and with it the latency, swings with the page the whole
 * group happens to be on.)
 */
function run(options: autocannon.Options): Promise<Result> {
  const setupClient = options.requests ? staggered(options.requests) : undefined;
  return new Promise((resolve, reject) => {
    autocannon({ ...options, ...(setupClient ? { setupClient } : {}) }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const errorsOf = (r: Result) => r.errors + r.timeouts + r.non2xx;

function row(name: string, r: Result) {
  const codes = Object.entries((r as Result & { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {})
    .map(([code, v]) => `${code}×${v.count}`)
    .join(' ');
  return {
    group: name,
    requests: r.requests.total,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    errors: errorsOf(r),
    'status codes': codes,
  };
}

async function benchSetup(name: string, env: Record<string, string>, staticFile: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startBenchServer(base, port, env);
  try {
    await new Promise((r) => setTimeout(r, 2000)); // start-up work (orphan sweep, first mail poll) settles
    const idleRss = treeRssMb(server.pid!);
    const adminCookie = await signIn(base, 'admin@example.com', 'demo-admin-pass');
    const customerCookies = await Promise.all(CUSTOMERS.map((e) => signIn(base, e, 'demo-customer-pass')));
    const headers = { 'accept-encoding': BROWSER_ENCODINGS };
    // Each connection cycles through its paths (and, on the portal, the five customers); the per-request headers
    // carry the cookie (autocannon applies per-request headers, not top-level ones, to a request list).
    const mix = (seconds: number) =>
      Promise.all([
        run({ url: base, connections: 140, duration: seconds, requests: PUBLIC_PATHS.map((p) => ({ path: p, headers })) }),
        run({
          url: base,
          connections: 40,
          duration: seconds,
          requests: customerCookies.flatMap((cookie) => PORTAL_PATHS.map((p) => ({ path: p, headers: { ...headers, cookie } }))),
        }),
        run({ url: base, connections: 20, duration: seconds, requests: ADMIN_PATHS.map((p) => ({ path: p, headers: { ...headers, cookie: adminCookie } })) }),
      ]);

    console.log(`\n== ${name}: warm-up ${WARMUP_SECONDS}s, then the mix for ${SECONDS}s (140 public, 40 portal, 20 admin connections)…`);
    if (WARMUP_SECONDS > 0) await mix(WARMUP_SECONDS);
    const [pub, portal, admin] = await mix(SECONDS);
    const loadedRss = treeRssMb(server.pid!);

    fs.writeFileSync(staticFile, await (await fetch(`${base}/`)).text());
    // Uncompressed both ways: the static file would otherwise be compressed anew on every request.
    const staticHome = await run({ url: `${base}/${path.basename(staticFile)}`, connections: 200, duration: BASELINE_SECONDS });
    const ssrHome = await run({ url: `${base}/`, connections: 200, duration: BASELINE_SECONDS });

    const groups = [pub, portal, admin];
    const total = groups.reduce((n, r) => n + r.requests.total, 0);
    const errors = groups.reduce((n, r) => n + errorsOf(r), 0);
    const worstP99 = Math.max(...groups.map((r) => r.latency.p99));
    console.table([row('public (70 %)', pub), row('portal (20 %)', portal), row('admin (10 %)', admin)]);
    console.log(
      `${name} mix: ${total} requests, ${Math.round(total / SECONDS)} req/s, ${errors} errors, worst p99 ${worstP99} ms` +
        ` — target 0 errors and p99 < 250 ms: ${errors === 0 && worstP99 < 250 ? 'met' : 'NOT met'}`,
    );
    console.table([row('static home.html', staticHome), row('SSR home', ssrHome)]);
    const share = Math.round((100 * ssrHome.requests.average) / staticHome.requests.average);
    console.log(`${name}: SSR throughput = ${share} % of static (target ≥ 50 %: ${share >= 50 ? 'met' : 'NOT met'})`);
    console.log(`${name}: server RSS ${idleRss} MB after start, ${loadedRss} MB after the mix (all its processes)`);
  } finally {
    fs.rmSync(staticFile, { force: true });
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

async function main() {
  const staticFile = path.join('build', 'client', '__bench-home.html');
  console.log(`${os.cpus()[0]?.model ?? 'CPU'} × ${CORES}, Node ${process.version}`);
  if (SETUPS.includes('embedded')) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
    try {
      await benchSetup('embedded (1 process)', { DATA_DIR: dataDir }, staticFile);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (SETUPS.includes('postgres')) {
    const database = `shop_bench_${process.pid}_${Date.now()}`;
    if (!(await pgAdminQuery(`CREATE DATABASE ${database}`))) {
      console.log(`\n== postgres: skipped (no PostgreSQL server at ${PG_ADMIN_URL})`);
      return;
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
    try {
      await benchSetup(
        `postgres (${CORES} web processes)`,
        { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(database), WEB_CONCURRENCY: String(CORES) },
        staticFile,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await pgAdminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    }
  }
}

await main();
