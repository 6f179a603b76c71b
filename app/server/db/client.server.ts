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
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { log } from '../logger.server';
import { PgliteThread } from './pglite-thread.server';
import * as schema from './schema';

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
  return PGlite.create({ ...options, ...(dataDir ? { dataDir } : {}) });
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

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `dataDir/db.lock` for this process. PGlite is single-process: a second opener would corrupt it.
 * Throws StartupError naming the holder's pid when another live process holds the lock.
 */
export function acquireDataLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'db.lock');
  try {
    const holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
    if (holder && holder !== process.pid && isProcessAlive(holder)) {
      throw new StartupError(
        `The database in ${dataDir} is in use by process ${holder} (is the server running?). Stop the server first.`,
      );
    }
  } catch (error) {
    if (error instanceof StartupError) throw error;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.rmSync(lockFile);
    } catch {
      /* already gone */
    }
  };
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
