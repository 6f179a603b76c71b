/**
 * `npm run bench:load` (issue 6): load on the built server at 127.0.0.1 with the demo data.
 *
 * 1. Baseline: the home page's HTML served as a static file by the same process vs. the server-rendered home page,
 *    200 connections each → SSR throughput as a fraction of static.
 * 2. Mix: 200 concurrent connections for BENCH_SECONDS (default 60): 70 % public pages, 20 % portal pages as signed-in
 *    demo customers, 10 % admin lists as the demo admin. Reports throughput, p50/p99 latency and errors per group.
 * Targets: 0 errors, p99 < 250 ms, SSR ≥ 50 % of static. Only 127.0.0.1 is ever contacted.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from './free-port';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 15);
const PUBLIC_PATHS = ['/', '/about', '/services', '/services/collision-repair', '/contact', '/repair-gallery', '/financing'];
const PORTAL_PATHS = ['/portal', '/portal/my-vehicles', '/portal/repair-updates', '/portal/repair-photos', '/portal/my-documents'];
const ADMIN_PATHS = ['/admin', '/admin/customers', '/admin/work-orders', '/admin/inventory', '/admin/invoices'];
const CUSTOMERS = ['maria.gonzalez', 'james.carter', 'priya.patel', 'robert.nguyen', 'ashley.thompson'].map((n) => `${n}@example.com`);


function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
    body: new URLSearchParams({ email, password }),
  });
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (response.status !== 302 || !cookie) throw new Error(`sign-in failed for ${email}: ${response.status}`);
  return cookie;
}

type Result = autocannon.Result;

function run(options: autocannon.Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

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
    errors: r.errors + r.timeouts + r.non2xx,
    'status codes': codes,
  };
}

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const server = spawn(process.execPath, ['server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      AUTH_RATE_LIMIT: 'false',
      REQUIRE_ADMIN_2FA: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const staticFile = path.join('build', 'client', '__bench-home.html');
  try {
    for (let i = 0; ; i += 1) {
      if (i > 240) throw new Error('the server did not start');
      const ok = await fetch(`${base}/healthz`).then((r) => r.ok).catch(() => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const idleRss = rssMb(server.pid!);
    const adminCookie = await signIn(base, 'admin@example.com', 'demo-admin-pass');
    const customerCookies = await Promise.all(CUSTOMERS.map((e) => signIn(base, e, 'demo-customer-pass')));

    fs.writeFileSync(staticFile, await (await fetch(`${base}/`)).text());
    console.log(`Baseline: ${BASELINE_SECONDS}s each, 200 connections…`);
    const staticHome = await run({ url: `${base}/__bench-home.html`, connections: 200, duration: BASELINE_SECONDS });
    const ssrHome = await run({ url: `${base}/`, connections: 200, duration: BASELINE_SECONDS });

    console.log(`Mix: ${SECONDS}s, 200 connections (140 public, 40 portal, 20 admin)…`);
    // Each connection cycles through every path (and, for the portal, every demo customer); the session cookie
    // travels on each request (autocannon applies per-request headers, not top-level ones, to a request list).
    const portalRequests = customerCookies.flatMap((cookie) => PORTAL_PATHS.map((p) => ({ path: p, headers: { cookie } })));
    const [pub, portal, admin] = await Promise.all([
      run({ url: base, connections: 140, duration: SECONDS, requests: PUBLIC_PATHS.map((p) => ({ path: p })) }),
      run({ url: base, connections: 40, duration: SECONDS, requests: portalRequests }),
      run({ url: base, connections: 20, duration: SECONDS, requests: ADMIN_PATHS.map((p) => ({ path: p, headers: { cookie: adminCookie } })) }),
    ]);
    const loadedRss = rssMb(server.pid!);
    const total = pub.requests.total + portal.requests.total + admin.requests.total;
    const errors = [pub, portal, admin].reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);
    console.table([row('public (70 %)', pub), row('portal (20 %)', portal), row('admin (10 %)', admin)]);
    console.log(`Mix total: ${total} requests, ${Math.round(total / SECONDS)} req/s, ${errors} errors, worst p99 ${Math.max(pub.latency.p99, portal.latency.p99, admin.latency.p99)} ms`);
    console.table([row('static home.html', staticHome), row('SSR home', ssrHome)]);
    console.log(`SSR throughput = ${Math.round((100 * ssrHome.requests.average) / staticHome.requests.average)} % of static`);
    console.log(`Server RSS: ${idleRss} MB idle after start, ${loadedRss} MB after the mix`);
  } finally {
    fs.rmSync(staticFile, { force: true });
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
