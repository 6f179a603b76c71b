/**
 * Issue 13: the data-folder lock is an exclusive create. Real processes race for one data folder at the same
 * millisecond — empty, or holding the stale lock of a crashed process — and exactly one takes it; every other one gets
 * the StartupError naming the winner.
 */
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataLock } from '~/server/db/client.server';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const CONTENDERS = 6;
const ROUNDS = 5;

type Outcome = { won: boolean; pid: number; error?: string };

function next<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => reject(new Error(`contender exited (${code}) before answering`)));
  });
}

/** Real processes that race for a lock when told (tests/setup/lock-contender.ts). */
async function startContenders(): Promise<ChildProcess[]> {
  const children = Array.from({ length: CONTENDERS }, () =>
    fork(path.resolve('tests/setup/lock-contender.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }),
  );
  await Promise.all(children.map((c) => next(c)));
  return children;
}

async function stopContenders(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map((c) => {
      if (c.exitCode !== null) return null;
      const exited = new Promise((r) => c.once('exit', r));
      if (c.connected) c.send({ exit: true });
      else c.kill();
      return exited;
    }),
  );
}

/** Lets every contender try `dataDir` at the same millisecond; returns what each got. */
async function race(children: ChildProcess[], dataDir: string): Promise<Outcome[]> {
  const answers = children.map((c) => next<Outcome>(c));
  const startAt = Date.now() + 200;
  for (const c of children) c.send({ go: startAt, dataDir });
  return Promise.all(answers);
}

function expectOneWinner(outcomes: Outcome[], lockFile: string) {
  const winners = outcomes.filter((o) => o.won);
  expect(winners).toHaveLength(1);
  const winner = winners[0]!.pid;
  for (const loser of outcomes.filter((o) => !o.won)) {
    expect(loser.error).toMatch(new RegExp(`^StartupError: The database in .* is in use by process ${winner} \\(is the server running\\?\\)\\. Stop the server first\\.$`));
  }
  expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(winner));
  expect(fs.existsSync(`${lockFile}.takeover`)).toBe(false);
}

/** The pid of a process that has exited (what a crashed server leaves in its lock). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the data-folder lock', { timeout: 180_000 }, () => {
  it('of processes starting at once on an empty data folder, exactly one takes it', async () => {
    const children = await startContenders();
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        const dataDir = fs.mkdtempSync(path.join(work, 'empty-'));
        expectOneWinner(await race(children, dataDir), path.join(dataDir, 'db.lock'));
      }
    } finally {
      await stopContenders(children);
    }
  });

  it('the stale lock of a dead process is taken over by exactly one of the processes racing for it', async () => {
    const children = await startContenders();
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        const dataDir = fs.mkdtempSync(path.join(work, 'stale-'));
        fs.writeFileSync(path.join(dataDir, 'db.lock'), String(deadPid()));
        expectOneWinner(await race(children, dataDir), path.join(dataDir, 'db.lock'));
      }
    } finally {
      await stopContenders(children);
    }
  });

  it('a lock held by a live process is refused with its pid; once released it can be taken', () => {
    const dataDir = fs.mkdtempSync(path.join(work, 'live-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(dataDir, 'db.lock'), String(holder.pid));
      expect(() => acquireDataLock(dataDir)).toThrow(new RegExp(`in use by process ${holder.pid} `));
    } finally {
      holder.kill();
    }
    fs.rmSync(path.join(dataDir, 'db.lock'));
    const release = acquireDataLock(dataDir);
    expect(fs.readFileSync(path.join(dataDir, 'db.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  });
});
