/**
 * The embedded database on its own thread (issue 6 load target, docs/decisions/0002 "The embedded database runs on
 * its own thread"). PGlite runs PostgreSQL compiled to WebAssembly synchronously on the thread that calls it; in the
 * web process that thread also parses requests and renders pages, so every statement stopped the whole site for its
 * duration and the server used one core. Here PGlite lives in a worker thread (`pglite-worker.js`) and this class
 * stands in for it with the part of PGlite's API that Drizzle and this product use:
 *
 * - `query(sql, params, { rowMode, parsers })` → `{ rows, fields, affectedRows }` as PGlite answers it. Parsers cannot
 *   cross threads, so only parsers that keep the text (Drizzle's, for dates and intervals) are accepted; any other
 *   throws an Error naming the type.
 * - `exec(sql)` → PGlite's results of each statement.
 * - `transaction(fn)`: BEGIN on the database thread, `fn(tx)` with `tx.query`/`tx.exec` inside it, COMMIT when `fn`
 *   resolves, ROLLBACK when it throws (its error is rethrown). While it is open other statements wait, as they do on
 *   PGlite itself.
 * - `close()`, `closed`.
 *
 * A PostgreSQL error comes back as an Error with its fields (`code`, `constraint`, `detail`...), so unique-violation
 * checks work the same. If the thread dies, every waiting and later call rejects with "The embedded database stopped".
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

export interface PgliteResults {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export interface PgliteExecutor {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<PgliteResults>;
  exec(sql: string): Promise<PgliteResults[]>;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

type WorkerReply = { id: number; result?: unknown; error?: Record<string, unknown> } | { type: 'ready' } | { type: 'failed'; error: Record<string, unknown> };

/** Where the worker script is: beside this module in the source, under the project root (the working directory) in the build. */
export function pgliteWorkerPath(): string {
  const beside = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-worker.js');
  if (fs.existsSync(beside)) return beside;
  const fromRoot = path.resolve('app', 'server', 'db', 'pglite-worker.js');
  if (fs.existsSync(fromRoot)) return fromRoot;
  throw new Error('Cannot find app/server/db/pglite-worker.js (start the server from the project folder)');
}

function toError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message)), fields);
}

/** The text-preserving types a parser map asks for; throws for a parser that would change the value. */
function rawTypes(parsers: QueryOptions['parsers']): number[] {
  return Object.entries(parsers ?? {}).map(([type, parse]) => {
    const probe = '2001-02-03 04:05:06';
    if (parse(probe, Number(type)) !== probe) {
      throw new Error(`The embedded database thread cannot run a custom parser (type ${type}); only text-preserving ones`);
    }
    return Number(type);
  });
}

/** Starts a database thread on `dataDir`; resolves once it reports `ready` (or `created`, with `create`). */
function startWorker(dataDir: string, create = false): Promise<Worker> {
  const worker = new Worker(pgliteWorkerPath(), { workerData: { dataDir, create } });
  return new Promise((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`the database thread exited with code ${code}`));
    const onError = (error: Error) => reject(error);
    const onMessage = (reply: WorkerReply) => {
      if ('type' in reply) {
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (reply.type === 'failed') reject(toError(reply.error));
        else resolve(worker);
      }
    };
    worker.on('message', onMessage).once('error', onError).once('exit', onExit);
  });
}

export class PgliteThread implements PgliteExecutor {
  #dataDir: string;
  #worker!: Worker;
  #pending = new Map<number, Pending>();
  #nextId = 1;
  #stopped: Error | undefined;
  /** Set while restart() replaces the thread: calls made meanwhile go to the new one. */
  #restarting: Promise<void> | undefined;
  /** The thread restart() is replacing: it ends on purpose, and its end stops nothing. */
  #retiring: Worker | undefined;

  private constructor(dataDir: string, worker: Worker) {
    this.#dataDir = dataDir;
    this.#attach(worker);
  }

  #attach(worker: Worker): void {
    this.#worker = worker;
    worker.on('message', (reply: WorkerReply) => {
      if (!('id' in reply)) return;
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (reply.error) pending.reject(toError(reply.error));
      else pending.resolve(reply.result);
    });
    const stop = (reason: string) => {
      const error = new Error(`The embedded database stopped: ${reason}`);
      // A thread being replaced ends once it has closed the database, and Node may report that end in the same turn as
      // its reply to 'close', before restart() has let go of it: that end must not stop the database for good (a
      // private test server's first query after the demo seed failed so, under load, with "its thread exited with
      // code 0"). Only the 'close' it was sent is waiting on it.
      if (worker !== this.#retiring) this.#stopped ??= error;
      for (const pending of this.#pending.values()) pending.reject(this.#stopped ?? error);
      this.#pending.clear();
    };
    worker.on('error', (error) => stop(error.message));
    worker.on('exit', (code) => stop(`its thread exited with code ${code}`));
  }

  /**
   * Starts the thread and opens (or creates) the database in `dataDir`; rejects with PGlite's error when it cannot.
   * A database that does not exist yet is created first by a thread of its own, which then ends: initdb's memory
   * (several hundred MB of WASM heap that never shrinks) leaves with it instead of staying with the serving thread.
   */
  static async open(dataDir: string): Promise<PgliteThread> {
    if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
      const creator = await startWorker(dataDir, true);
      await creator.terminate();
    }
    return new PgliteThread(dataDir, await startWorker(dataDir));
  }

  /**
   * Closes the database and opens it again on a new thread, behind the same object (Drizzle and everything holding it
   * keep working): PGlite's WASM memory only grows, so after heavy one-off work (migrations, the demo seed) this hands
   * that memory back. Call it when no statement or transaction is running.
   */
  async restart(): Promise<void> {
    if (this.#stopped) throw this.#stopped;
    const old = this.#worker;
    this.#retiring = old;
    const closed = this.#call({ op: 'close' });
    this.#restarting = (async () => {
      try {
        // Its reply or its end: either way the old thread is done with the data folder. Whether the database came
        // through is for the new thread to find (PostgreSQL recovers a folder left mid-write, or the open fails).
        await closed.catch(() => {});
        old.removeAllListeners();
        await old.terminate();
        this.#attach(await startWorker(this.#dataDir));
      } catch (error) {
        this.#stopped = new Error(`The embedded database stopped: ${(error as Error).message}`);
        throw error;
      } finally {
        this.#retiring = undefined;
        this.#restarting = undefined;
      }
    })();
    await this.#restarting;
  }

  get closed(): boolean {
    return this.#stopped !== undefined;
  }

  #call(message: Record<string, unknown>): Promise<unknown> {
    if (this.#restarting) return this.#restarting.then(() => this.#call(message));
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  #query(sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number): Promise<PgliteResults> {
    let types: number[];
    try {
      types = rawTypes(options.parsers);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return this.#call({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', rawTypes: types, tx }) as Promise<PgliteResults>;
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<PgliteResults> {
    return this.#query(sql, params, options);
  }

  #exec(sql: string, tx?: number): Promise<PgliteResults[]> {
    return this.#call({ op: 'exec', sql, tx }) as Promise<PgliteResults[]>;
  }

  exec(sql: string): Promise<PgliteResults[]> {
    return this.#exec(sql);
  }

  async transaction<T>(fn: (tx: PgliteExecutor & { closed: boolean }) => Promise<T>): Promise<T> {
    const tx = (await this.#call({ op: 'begin' })) as number;
    const executor = {
      closed: false,
      query: (sql: string, params?: unknown[], options?: QueryOptions) => this.#query(sql, params, options, tx),
      exec: (sql: string) => this.#exec(sql, tx),
    };
    let result: T;
    try {
      result = await fn(executor);
    } catch (error) {
      executor.closed = true;
      await this.#call({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    executor.closed = true;
    await this.#call({ op: 'end', tx, commit: true });
    return result;
  }

  /** Closes the database (PGlite writes what it holds) and ends the thread. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    await this.#call({ op: 'close' });
    this.#stopped = new Error('The embedded database stopped: it was closed');
    await this.#worker.terminate();
  }
}
