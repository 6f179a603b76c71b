// The embedded database's own thread (see pglite-thread.server.ts, docs/decisions/0002). Plain JavaScript: it is
// started by path from source and from the build alike, untranspiled.
//
// workerData: { dataDir: string, create?: boolean }. With `create` the thread only creates the database (initdb) in
// dataDir, closes it and ends (see createDatabase below); otherwise it opens it and answers messages in: { id, op, ... }
// with op
//   'query'  { sql, params, rowMode, rawTypes: number[], tx? } → PGlite Results (values of rawTypes left as text)
//   'exec'   { sql, tx? }                                        → Results[]
//   'begin'  {}                                                  → a transaction id; the transaction stays open
//   'end'    { tx, commit: boolean }                             → commits (or rolls back) that transaction
//   'close'  {}                                                  → closes the database; the thread then ends
// Messages out: { type: 'ready' } once open, { type: 'failed', error } when it cannot open, and { id, result } or
// { id, error } for each message in. An error is sent as its own fields (PostgreSQL's code, constraint, detail...),
// since a structured clone of an Error keeps only its message.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PostgreSQL's shared memory is allocated (and zero-filled) by PGlite's WASM build when it starts, so all of it is
 * resident from the first statement on (issue 13). initdb's defaults made it 140MB: a 128MB buffer cache and room
 * for 100 connections. PGlite is one backend; the demo shop's data is a few MB and the operating system caches the
 * files below the buffer cache, so 8MB of buffers and 10 connection slots make it 12MB. Given on the command line,
 * these apply to data folders created before too.
 */
const SERVER_SETTINGS = ['-c', 'shared_buffers=8MB', '-c', 'max_connections=10'];

/**
 * WASM pages (64 KiB) the database's memory starts with when it is created. PGlite's initdb snapshots the whole WASM
 * heap of a helper instance (HEAPU8.slice()) and writes it back before each of its steps, so the module's declared
 * minimum (2048 pages, 128MB) costs twice that much, all resident; 16MB is above the module's static data and stack
 * (it grows on demand as before).
 */
const CREATE_INITIAL_PAGES = 256;

const identity = (value) => value;
const ROLLED_BACK = new Error('rolled back');

/** Open transactions by id: the PGlite transaction object and how to end it. */
const transactions = new Map();
let nextTransaction = 1;

function serializeError(error) {
  const fields = { name: error?.name ?? 'Error', message: error?.message ?? String(error) };
  for (const key of ['code', 'severity', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'position', 'where']) {
    if (error && error[key] !== undefined) fields[key] = error[key];
  }
  return fields;
}

function executorFor(db, tx) {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error(`The transaction ${tx} is not open.`);
  return open.tx;
}

async function handle(db, message) {
  switch (message.op) {
    case 'query': {
      const parsers = Object.fromEntries(message.rawTypes.map((type) => [type, identity]));
      return executorFor(db, message.tx).query(message.sql, message.params, { rowMode: message.rowMode, parsers });
    }
    case 'exec':
      return executorFor(db, message.tx).exec(message.sql);
    case 'begin': {
      // The transaction stays open (holding PGlite's lock, as a transaction in this thread would) until 'end'.
      const id = nextTransaction++;
      const entry = {};
      const opened = new Promise((resolve) => {
        entry.done = db.transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              Object.assign(entry, { tx, commit, rollback });
              transactions.set(id, entry);
              resolve();
            }),
        );
      });
      entry.done.catch(() => {}).finally(() => transactions.delete(id));
      await Promise.race([opened, entry.done]);
      return id;
    }
    case 'end': {
      const entry = transactions.get(message.tx);
      if (!entry) throw new Error(`The transaction ${message.tx} is not open.`);
      if (message.commit) {
        entry.commit();
        await entry.done;
      } else {
        entry.rollback(ROLLED_BACK);
        await entry.done.catch((error) => {
          if (error !== ROLLED_BACK) throw error;
        });
      }
      return null;
    }
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

/** Reads an unsigned LEB128 number at `at`: [value, position after it, its length in bytes]. */
function readLeb(bytes, at) {
  let value = 0;
  let shift = 0;
  let position = at;
  for (;;) {
    const byte = bytes[position++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(byte & 0x80)) return [value, position, position - at];
  }
}

/**
 * PGlite's WASM module with the minimum of its imported memory lowered to `pages` (rewritten in place, padded to the
 * same byte length, so no offset moves). Throws when the module has no memory import (a PGlite build of another shape).
 */
function withMemoryMinimum(wasm, pages) {
  const bytes = Uint8Array.from(wasm);
  let at = 8;
  while (at < bytes.length) {
    const section = bytes[at++];
    const [size, start] = readLeb(bytes, at);
    at = start;
    if (section === 2) {
      let [count, p] = readLeb(bytes, at);
      for (; count > 0; count -= 1) {
        for (let name = 0; name < 2; name += 1) {
          const [length, after] = readLeb(bytes, p);
          p = after + length;
        }
        const kind = bytes[p++];
        if (kind === 0) [, p] = readLeb(bytes, p);
        else if (kind === 1) {
          const flags = bytes[p + 1];
          [, p] = readLeb(bytes, p + 2);
          if (flags & 1) [, p] = readLeb(bytes, p);
        } else if (kind === 3) p += 2;
        else if (kind === 2) {
          const [minimum, , length] = readLeb(bytes, p + 1);
          if (pages >= minimum) return bytes;
          for (let i = 0; i < length; i += 1) bytes[p + 1 + i] = ((pages >> (7 * i)) & 0x7f) | (i < length - 1 ? 0x80 : 0);
          return bytes;
        } else break;
      }
    }
    at = start + size;
  }
  throw new Error('PGlite\'s WASM module has no memory import');
}

/** Copies the folder `from` of PGlite's in-memory file system to `to` on disk, PG_VERSION (the "it exists" mark) last. */
function copyOut(FS, from, to) {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  const names = FS.readdir(from).filter((name) => name !== '.' && name !== '..');
  for (const name of [...names.filter((n) => n !== 'PG_VERSION'), ...names.filter((n) => n === 'PG_VERSION')]) {
    const source = `${from}/${name}`;
    const target = path.join(to, name);
    if (FS.isDir(FS.stat(source).mode)) copyOut(FS, source, target);
    else fs.writeFileSync(target, FS.readFile(source), { mode: 0o600 });
  }
}

/**
 * Creates the database in `dataDir` (the thread then ends). Two things keep initdb's memory down (issue 13):
 * - it runs on an in-memory PGlite and the result is copied to disk: on a data folder PGlite runs initdb in a second
 *   instance and moves its output over as a tar archive held in memory, alongside both instances;
 * - the WASM heap starts at CREATE_INITIAL_PAGES instead of the module's 128MB.
 */
async function createDatabase(dataDir) {
  const wasmPath = createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm');
  const wasm = fs.readFileSync(wasmPath);
  let smallWasm;
  try {
    smallWasm = withMemoryMinimum(wasm, CREATE_INITIAL_PAGES);
  } catch {
    smallWasm = wasm; // a PGlite build of another shape: create the database with its own memory size, only larger
  }
  const pgliteWasmModule = await WebAssembly.compile(smallWasm);
  const created = await PGlite.create({
    pgliteWasmModule,
    initialMemory: CREATE_INITIAL_PAGES * 64 * 1024,
    initDbStartParams: SERVER_SETTINGS,
    startParams: [...PGlite.defaultStartParams, ...SERVER_SETTINGS],
  });
  const FS = created.Module.FS;
  await created.close(); // a clean shutdown (checkpoint) before the files are copied; they stay readable in FS
  copyOut(FS, PGlite.paths.PGDATA, dataDir);
}

let db;
try {
  if (workerData.create) {
    await createDatabase(workerData.dataDir);
    // The thread ends here (nothing listens on its port): its WASM memory, initdb's included, goes with it.
    parentPort.postMessage({ type: 'created' });
  } else {
    // pg_trgm: the back office's typo-tolerant search (issue 17 §5, migration 0013).
    db = await PGlite.create({
      dataDir: workerData.dataDir,
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, ...SERVER_SETTINGS],
    });
  }
} catch (error) {
  parentPort.postMessage({ type: 'failed', error: serializeError(error) });
  process.exit(1);
}

if (db) {
  parentPort.on('message', async (message) => {
    if (message.op === 'close') {
      await db.close().catch(() => {});
      parentPort.postMessage({ id: message.id, result: null });
      parentPort.close();
      return;
    }
    try {
      parentPort.postMessage({ id: message.id, result: await handle(db, message) });
    } catch (error) {
      parentPort.postMessage({ id: message.id, error: serializeError(error) });
    }
  });
  parentPort.postMessage({ type: 'ready' });
}
