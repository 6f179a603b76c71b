/**
 * A process that races for a data folder's lock (tests/integration/data-lock.test.ts), run with `node --import tsx`.
 * Protocol over IPC: sends { ready } once loaded; on { go: startAt, dataDir } spins until that millisecond (so every
 * contender calls acquireDataLock at the same moment), tries, answers { won, pid, error? } and keeps what it took (the
 * test reads the lock file as left); exits on { exit }. One contender serves several rounds, one data folder each.
 */
import { acquireDataLock } from '../../app/server/db/client.server';

process.on('message', (message: { go?: number; dataDir?: string; exit?: boolean }) => {
  if (message.exit) process.exit(0);
  if (message.go === undefined || message.dataDir === undefined) return;
  // Sleep until just before the start (not to starve other tests of CPU), then spin: every contender leaves this loop
  // in the same millisecond.
  const nap = message.go - Date.now() - 25;
  if (nap > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, nap);
  while (Date.now() < message.go) {
    /* spin */
  }
  try {
    acquireDataLock(message.dataDir);
    process.send!({ won: true, pid: process.pid });
  } catch (error) {
    process.send!({ won: false, pid: process.pid, error: `${(error as Error).name}: ${(error as Error).message}` });
  }
});
process.send!({ ready: true });
