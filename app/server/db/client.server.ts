/**
 * The database handle: PGlite persisted in `DATA_DIR/db` when `DATABASE_URL` is unset (run on its own thread, see
 * pglite-thread.server.ts), a node-postgres pool when it is set. The same schema, migrations and queries run on both.
 *
 * - `openDatabase(options)` opens (creating the folder), takes the data-folder lock for PGlite, and returns a
 *   {@link DatabaseHandle}. Throws {@link StartupError} with one clear line when the folder is unreadable, another
 *   process holds it, or the server does not answer.
 * - `getDb()` returns the process-wide handle set by `setDatabase()`; it throws when none is open, so nothing opens the
 *   real data folder by accident at import time (tests set their own).
 * - `countQueries(fn)` runs `fn` and returns how many SQL statements it issued (the portal's query-count bar).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { log } from '../logger.server';
import { PgliteThread } from './pglite-thread.server';
import * as schema from './schema';
import { isProcessAlive } from '../process-alive.server';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: domain functions that may run inside a caller's transaction take this. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export class StartupError extends Error {
  override name = 'StartupError';
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs a raw statement (health checks, test set-up). */
  ping(): Promise<void>;
  /**
   * Hands back the memory that one-off work (migrations, the demo seed) made the embedded database grow: its thread is
   * replaced by a fresh one on the same data (PgliteThread.restart). A no-op for PostgreSQL and in-memory PGlite.
   * Call it when no statement is running.
   */
  releaseMemory(): Promise<void>;
  close(): Promise<void>;
}

const queryCounter = new AsyncLocalStorage<{ count: number }>();

const countingLogger: Logger = {
  logQuery() {
    const store = queryCounter.getStore();
    if (store) store.count += 1;
  },
};

/** Runs `fn` and reports the number of SQL statements issued inside it (including nested awaits). */
export async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const store = { count: 0 };
  const result = await queryCounter.run(store, fn);
  return { result, queries: store.count };
}

/**
 * Opens an embedded database (in `dataDir`, or in memory when omitted). Every PGlite in the product and its tests is
 * opened through here, so options the schema comes to need (extensions) are set in one place.
 */
export function createPglite(dataDir?: string, options: Omit<PGliteOptions, 'dataDir'> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { pg_trgm, ...options.extensions }, ...(dataDir ? { dataDir } : {}) });
}

/**
 * Wraps an embedded database: a PGlite instance on this thread (tests use in-memory ones) or, for the server's data
 * folder, a {@link PgliteThread} (PGlite on its own thread).
 */
export function wrapPglite(client: PGlite | PgliteThread, onClose?: () => void): DatabaseHandle {
  const db = drizzlePglite(client as PGlite, { schema, logger: countingLogger }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    releaseMemory: async () => {
      if (client instanceof PgliteThread) await client.restart();
    },
    close: async () => {
      if (!client.closed) await client.close();
      onClose?.();
    },
  };
}

/**
 * Wraps a node-postgres pool. An idle pooled connection the server ends (restart, failover, a dropped database) is
 * reported on the pool's 'error' event: it is logged and the pool replaces the connection, instead of crashing the
 * process with an unhandled 'error'.
 */
export function wrapPool(pool: pg.Pool): DatabaseHandle {
  pool.on('error', (error) => {
    log().warn({ err: error.message }, 'an idle database connection was closed by the server');
  });
  const db = drizzlePg(pool, { schema, logger: countingLogger }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    releaseMemory: async () => {},
    close: async () => {
      await pool.end();
    },
  };
}


/** Blocks this thread for `ms` milliseconds (lock waits are a few milliseconds, before the server serves anything). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** A lock file's holder: its pid (null while empty or unreadable, e.g. being written) and its age; null when gone. */
function readLock(file: string): { pid: number | null; raw: string; ageMs: number } | null {
  try {
    const raw = fs.readFileSync(file, 'utf8');
    const ageMs = Date.now() - fs.statSync(file).mtimeMs;
    const pid = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : null;
    return { pid, raw, ageMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Creates `file` holding this pid only if it does not exist (O_CREAT|O_EXCL); false when it exists. */
function createExclusive(file: string): boolean {
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** A lock left empty (its writer died between create and write) counts as stale after this long. */
const EMPTY_LOCK_STALE_MS = 5_000;
/** How long a process waits for a lock being written (empty) to name its holder. */
const WRITER_WAIT_MS = 1_000;
/** How long a process waits for another one that is taking over the same stale lock. */
const TAKEOVER_WAIT_MS = 2_000;

/**
 * Takes `dataDir/db.lock` for this process. PGlite is single-process: a second opener would corrupt it.
 *
 * The lock is created exclusively (`wx`, O_CREAT|O_EXCL), so of any number of processes starting at once exactly one
 * wins. A lock whose pid is dead (left by a crash) is taken over once: under a second exclusive file,
 * `db.lock.takeover`, the taker re-reads the lock, removes it only if it still names the dead pid, and creates it
 * again exclusively — so two processes that both find the stale lock still leave one winner, and a process that just
 * took the lock never loses it. Re-taking a lock this process already holds succeeds (returns a release that removes it).
 * Throws StartupError naming the holder's pid when another live process holds the lock (or one line naming the
 * takeover file when a process died inside the takeover, which needs removing by hand).
 */
export function acquireDataLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'db.lock');
  const release = () => {
    try {
      if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.rmSync(lockFile);
    } catch {
      /* already gone */
    }
  };
  const inUse = (holder: number | null) =>
    new StartupError(
      `The database in ${dataDir} is in use by process ${holder ?? '(starting)'} (is the server running?). Stop the server first.`,
    );
  let tookOver = false;
  let deadline = Date.now() + WRITER_WAIT_MS;
  for (;;) {
    if (createExclusive(lockFile)) return release;
    const lock = readLock(lockFile);
    if (lock?.pid === process.pid) return release;
    const stale = lock && (lock.pid === null ? lock.ageMs > EMPTY_LOCK_STALE_MS : !isProcessAlive(lock.pid));
    if (lock && lock.pid !== null && !stale) throw inUse(lock.pid);
    if (!lock || !stale) {
      // Released between our create and read, or another process has just created it and is writing its pid.
      if (Date.now() > deadline) throw inUse(lock?.pid ?? null);
      sleepSync(5);
      continue;
    }
    if (tookOver) throw inUse(lock.pid);
    tookOver = true;
    takeOverStaleLock(lockFile, lock.raw);
    deadline = Date.now() + WRITER_WAIT_MS;
  }
}

/**
 * Removes `lockFile` if it still holds `staleContent`, inside the exclusive `<lockFile>.takeover` section (see
 * acquireDataLock). When another process holds the section, waits for it to finish instead (it will have taken the lock).
 */
function takeOverStaleLock(lockFile: string, staleContent: string): void {
  const guard = `${lockFile}.takeover`;
  const deadline = Date.now() + TAKEOVER_WAIT_MS;
  while (!createExclusive(guard)) {
    const other = readLock(guard);
    if (other && other.pid !== null && !isProcessAlive(other.pid)) {
      throw new StartupError(
        `A process died while taking over the stale lock of ${path.dirname(lockFile)}: remove ${lockFile} and ${guard} after checking no server runs.`,
      );
    }
    if (Date.now() > deadline) throw new StartupError(`Timed out waiting for another process to take over ${lockFile}.`);
    sleepSync(5);
  }
  try {
    const lock = readLock(lockFile);
    if (lock && lock.raw === staleContent) fs.rmSync(lockFile);
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

export interface OpenOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
}

/** Opens the configured database (see module docs). */
export async function openDatabase({ dataDir, databaseUrl }: OpenOptions): Promise<DatabaseHandle> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    const handle = wrapPool(pool);
    try {
      await pool.query('select 1');
    } catch (error) {
      await pool.end().catch(() => {});
      const url = new URL(databaseUrl);
      throw new StartupError(
        `Cannot reach the database at DATABASE_URL (${url.hostname}:${url.port || 5432}${url.pathname}): ${(error as Error).message}`,
      );
    }
    return handle;
  }
  const dbDir = path.join(dataDir, 'db');
  try {
    fs.mkdirSync(dbDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.R_OK | fs.constants.W_OK);
    fs.accessSync(dbDir, fs.constants.R_OK | fs.constants.W_OK);
  } catch (error) {
    throw new StartupError(`Cannot use the data folder ${dataDir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const release = acquireDataLock(dataDir);
  try {
    const client = await PgliteThread.open(dbDir);
    return wrapPglite(client, release);
  } catch (error) {
    release();
    throw new StartupError(`Cannot open the embedded database in ${dbDir}: ${(error as Error).message}`);
  }
}

let current: DatabaseHandle | undefined;

/** Makes `handle` the process-wide database. */
export function setDatabase(handle: DatabaseHandle | undefined): void {
  current = handle;
}

/** The open process-wide database handle; throws when none is open. */
export function getDatabaseHandle(): DatabaseHandle {
  if (!current) throw new Error('The database is not open yet (call setDatabase first).');
  return current;
}

/** Shorthand for `getDatabaseHandle().db`. */
export function getDb(): Database {
  return getDatabaseHandle().db;
}
