/**
 * `npm run bench:memory` (issue 13, "a small footprint"): the built server's memory on a first run and a normal start.
 *
 * For each setup (embedded: a fresh temporary data folder; postgres: a fresh database on the PostgreSQL server at
 * PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards — skipped when none answers):
 * 1. first run: `node server.js` (NODE_ENV=production, one process, demo data on) on an empty database — migrations and
 *    the demo seed run; the server's VmRSS and VmHWM are read from /proc/<pid>/status every 100 ms from spawn until
 *    BENCH_IDLE_SECONDS (default 20) after /healthz first answers: peak = the highest VmHWM (all threads: the embedded
 *    database's thread is in the same process), idle = VmRSS at the end;
 * 2. normal start: stopped (SIGTERM) and started again on the same data; idle RSS the same way.
 * Child processes of the server, if any, are added to every sample (their own peaks to the peak).
 *
 * Targets (embedded): first-run peak ≤ 600 MB, idle after a normal start ≤ 250 MB. Exits 1 when a server fails to
 * start (or stops); the targets are reported, not enforced (the figures depend on the machine).
 * BENCH_SETUPS=embedded (or postgres) runs one setup only. Only 127.0.0.1 is ever contacted.
 */
import fs from 'node:fs';
import os from 'node:os';
import { ServerProcess } from '../e2e/support/server-process';
import { childPids } from './child-pids';
import { databaseUrl, PG_ADMIN_URL, pgAdminQuery } from './pg-admin';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 20);
const SETUPS = (process.env.BENCH_SETUPS ?? 'embedded,postgres').split(',').map((s) => s.trim());
const PEAK_TARGET_MB = 600;
const IDLE_TARGET_MB = 250;

/** VmRSS and VmHWM (peak resident) of a process in kB; zeros once it is gone. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

interface Run {
  /** Highest resident memory seen (MB): the process's VmHWM, plus its children's at that sample. */
  peakMb: number;
  /** Resident memory (MB) IDLE_SECONDS after /healthz answered. */
  idleMb: number;
  /** Seconds from spawn to /healthz answering. */
  startSeconds: number;
}

/** Starts `server`, samples its memory every 100 ms until IDLE_SECONDS after it answers, and leaves it running. */
async function measure(server: ServerProcess): Promise<Run> {
  let peak = 0;
  let last = 0;
  const sample = () => {
    const pid = server.pid;
    if (!pid || !server.running) return;
    const own = memoryOf(pid);
    const children = childPids(pid).map(memoryOf);
    peak = Math.max(peak, own.hwm + children.reduce((sum, c) => sum + c.hwm, 0));
    last = own.rss + children.reduce((sum, c) => sum + c.rss, 0);
  };
  const timer = setInterval(sample, 100);
  const spawned = Date.now();
  try {
    await server.start();
    const startSeconds = (Date.now() - spawned) / 1000;
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    sample();
    if (!server.running) throw new Error('the server stopped while idle');
    return { peakMb: Math.round(peak / 1024), idleMb: Math.round(last / 1024), startSeconds };
  } finally {
    clearInterval(timer);
  }
}

interface Row {
  setup: string;
  'first run: peak MB': number;
  'first run: idle MB': number;
  'first run: start s': number;
  'normal start: peak MB': number;
  'normal start: idle MB': number;
  'normal start: start s': number;
}

async function benchSetup(setup: string, env: Record<string, string>): Promise<Row> {
  // Defaults of `npm start` otherwise: one process, info logging (ServerProcess turns off sign-in limits, which do not
  // change the footprint).
  const server = new ServerProcess(env);
  try {
    console.log(`== ${setup}: first run (migrations + demo data)…`);
    const first = await measure(server);
    if ((await server.kill('SIGTERM')) !== 0) throw new Error('the server did not stop cleanly');
    console.log(`== ${setup}: normal start…`);
    const normal = await measure(server);
    await server.kill('SIGTERM');
    return {
      setup,
      'first run: peak MB': first.peakMb,
      'first run: idle MB': first.idleMb,
      'first run: start s': Number(first.startSeconds.toFixed(1)),
      'normal start: peak MB': normal.peakMb,
      'normal start: idle MB': normal.idleMb,
      'normal start: start s': Number(normal.startSeconds.toFixed(1)),
    };
  } finally {
    await server.dispose();
  }
}

async function main(): Promise<void> {
  console.log(`${os.cpus()[0]?.model ?? 'CPU'} × ${os.availableParallelism()}, Node ${process.version}; idle = ${IDLE_SECONDS} s after /healthz`);
  const rows: Row[] = [];
  if (SETUPS.includes('embedded')) rows.push(await benchSetup('embedded', {}));
  if (SETUPS.includes('postgres')) {
    const database = `shop_bench_mem_${process.pid}_${Date.now()}`;
    if (await pgAdminQuery(`CREATE DATABASE ${database}`)) {
      try {
        rows.push(await benchSetup('postgres', { DATABASE_URL: databaseUrl(database) }));
      } finally {
        await pgAdminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      }
    } else {
      console.log(`== postgres: skipped (no PostgreSQL server at ${PG_ADMIN_URL})`);
    }
  }
  console.table(rows);
  const embedded = rows.find((r) => r.setup === 'embedded');
  if (embedded) {
    const peakMet = embedded['first run: peak MB'] <= PEAK_TARGET_MB;
    const idleMet = embedded['normal start: idle MB'] <= IDLE_TARGET_MB;
    console.log(
      `embedded: first-run peak ${embedded['first run: peak MB']} MB (target ≤ ${PEAK_TARGET_MB}: ${peakMet ? 'met' : 'NOT met'}), ` +
        `idle after a normal start ${embedded['normal start: idle MB']} MB (target ≤ ${IDLE_TARGET_MB}: ${idleMet ? 'met' : 'NOT met'})`,
    );
  }
}

try {
  await main();
} catch (error) {
  console.error(`bench:memory failed: ${(error as Error).message}`);
  process.exit(1);
}
