// The embedded database's own thread (see pglite-thread.server.ts, docs/decisions/0002). Plain JavaScript: it is
// started by path from source and from the build alike, untranspiled.
//
// workerData: { dataDir: string }. Messages in: { id, op, ... } with op
//   'query'  { sql, params, rowMode, rawTypes: number[], tx? } → PGlite Results (values of rawTypes left as text)
//   'exec'   { sql, tx? }                                        → Results[]
//   'begin'  {}                                                  → a transaction id; the transaction stays open
//   'end'    { tx, commit: boolean }                             → commits (or rolls back) that transaction
//   'close'  {}                                                  → closes the database; the thread then ends
// Messages out: { type: 'ready' } once open, { type: 'failed', error } when it cannot open, and { id, result } or
// { id, error } for each message in. An error is sent as its own fields (PostgreSQL's code, constraint, detail...),
// since a structured clone of an Error keeps only its message.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

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

let db;
try {
  db = await PGlite.create({ dataDir: workerData.dataDir });
} catch (error) {
  parentPort.postMessage({ type: 'failed', error: serializeError(error) });
  process.exit(1);
}

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
