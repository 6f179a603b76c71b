/**
 * The built server in its own process for browser and fault tests that need one of their own: `node server.js` on a
 * free port with its own data folder (demo data seeded, rate limits and required staff two-factor off), JSON log lines
 * collected from stdout, stop by signal, and the embedded database readable while it is stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { freePort } from '../../scripts/free-port';

export type LogLine = { level: number; msg: string } & Record<string, unknown>;

/** The built server in its own process; `start()` may be called again after it stopped (same data folder). */
export class ServerProcess {
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  port = 0;
  /** Log lines of the current run (JSON lines from stdout). */
  logs: LogLine[] = [];
  /** Other stdout lines of the current run (start-up messages). */
  output: string[] = [];
  private child: ChildProcess | undefined;

  constructor(private readonly env: Record<string, string> = {}) {}

  get baseURL() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The server's process id (with WEB_CONCURRENCY > 1, the primary's). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running() {
    return Boolean(this.child && this.child.exitCode === null && this.child.signalCode === null);
  }

  async start(): Promise<void> {
    if (!this.port) this.port = await freePort();
    this.logs = [];
    this.output = [];
    const child = spawn(process.execPath, ['server.js'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        APP_URL: this.baseURL,
        DATA_DIR: this.dataDir,
        SEED_DEMO: 'true',
        AUTH_RATE_LIMIT: 'false',
        STATUS_MESSAGE_DELAY_SECONDS: '1',
        REQUIRE_ADMIN_2FA: 'false',
        LOG_LEVEL: 'info',
        BETTER_AUTH_SECRET: 'e2e-private-server-secret-e2e-private-0123',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.child = child;
    let buffered = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      buffered += chunk;
      let nl;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (line.startsWith('{')) {
          try {
            this.logs.push(JSON.parse(line) as LogLine);
            continue;
          } catch {
            // not a log line
          }
        }
        this.output.push(line);
      }
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`server exited with ${child.exitCode ?? child.signalCode}`);
      try {
        if ((await fetch(`${this.baseURL}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('server did not start within 60 s');
  }

  /** The first log line whose message is `msg`, waiting up to `timeoutMs`. */
  async waitForLog(msg: string, timeoutMs = 20_000): Promise<LogLine> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const line = this.logs.find((l) => l.msg === msg);
      if (line) return line;
      if (Date.now() > deadline) throw new Error(`no log line "${msg}" within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Sends a signal; resolves with the exit code when the process has exited. */
  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    const child = this.child;
    if (!child || !this.running) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(signal);
    return exited;
  }

  async dispose(): Promise<void> {
    await this.kill('SIGKILL');
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** Runs a query on the embedded database while the server is stopped. */
  async query<T>(text: string, params: unknown[] = []): Promise<T[]> {
    if (this.running) throw new Error('stop the server before reading its database');
    const db = await PGlite.create(path.join(this.dataDir, 'db'), { extensions: { pg_trgm } });
    try {
      return (await db.query<T>(text, params)).rows;
    } finally {
      await db.close();
    }
  }
}
