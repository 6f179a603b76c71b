/**
 * The embedded database on its own thread (pglite-thread.server.ts): the server's data folder is opened through it, so
 * Drizzle, migrations, transactions and PostgreSQL's error codes must behave as they do on PGlite in this thread, and a
 * long statement must no longer stop this thread.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '~/server/db/client.server';
import { migrateDatabase } from '~/server/db/migrate.server';
import { PgliteThread } from '~/server/db/pglite-thread.server';
import { customers, inventory } from '~/server/db/schema';
import { isUniqueViolation } from '~/server/errors.server';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pglite-thread-'));
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: work });
  await migrateDatabase(handle);
}, 60_000);

afterAll(async () => {
  await handle?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('the embedded database on its own thread', () => {
  it('is what the server opens for its data folder, and Drizzle reads back what it wrote, types included', async () => {
    expect(handle.kind).toBe('pglite');
    expect((handle.db as unknown as { $client: unknown }).$client).toBeInstanceOf(PgliteThread);
    const [row] = await handle.db
      .insert(inventory)
      .values({ partNumber: 'TH-100', description: 'Bumper clip', quantity: 7, unitPrice: '3.25' })
      .returning();
    const [read] = await handle.db.select().from(inventory).where(eq(inventory.id, row!.id));
    expect(read).toMatchObject({ partNumber: 'TH-100', quantity: 7, unitPrice: '3.25' });
    expect(read!.createdAt).toBeInstanceOf(Date);
    expect(read!.createdAt.getTime()).toBe(row!.createdAt.getTime());
  });

  it('commits a transaction that finishes and rolls back one that throws, rethrowing its error', async () => {
    const name = `Thread ${Date.now()}`;
    await handle.db.transaction(async (tx) => {
      await tx.insert(customers).values({ name: `${name} kept` });
    });
    const failure = new Error('the second step failed');
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(customers).values({ name: `${name} dropped` });
        throw failure;
      }),
    ).rejects.toBe(failure);
    const names = await handle.db.select({ name: customers.name }).from(customers).where(sql`${customers.name} like ${`${name}%`}`);
    expect(names.map((r) => r.name)).toEqual([`${name} kept`]);
  });

  it("keeps PostgreSQL's error fields, so a duplicate is recognised as one", async () => {
    await handle.db.insert(inventory).values({ partNumber: 'TH-DUP', description: 'First', quantity: 1, unitPrice: '1.00' });
    let caught: unknown;
    try {
      await handle.db.insert(inventory).values({ partNumber: 'TH-DUP', description: 'Second', quantity: 1, unitPrice: '1.00' });
    } catch (error) {
      caught = error;
    }
    expect(isUniqueViolation(caught)).toBe(true);
    expect((caught as { cause?: { constraint?: string } }).cause?.constraint).toMatch(/part_number/);
  });

  it('makes other statements wait while a transaction is open, as PGlite itself does', async () => {
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.insert(customers).values({ name: 'Thread waiter' });
      events.push('in transaction');
      await held;
      events.push('committing');
    });
    await new Promise((r) => setTimeout(r, 50));
    const outside = handle.db
      .select({ name: customers.name })
      .from(customers)
      .where(eq(customers.name, 'Thread waiter'))
      .then((rows) => events.push(`outside read ${rows.length}`));
    await new Promise((r) => setTimeout(r, 50));
    release();
    await Promise.all([transaction, outside]);
    expect(events).toEqual(['in transaction', 'committing', 'outside read 1']);
  });

  it('leaves this thread free while a long statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 10);
    try {
      await handle.db.execute(sql`select count(*) from generate_series(1, 3000000)`);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(3);
  });

  it('refuses a parser that would change values (parsers cannot cross threads)', async () => {
    const client = (handle.db as unknown as { $client: PgliteThread }).$client;
    await expect(client.query('select 1', [], { parsers: { 1184: (value: string) => new Date(value) } })).rejects.toThrow(
      /cannot run a custom parser \(type 1184\)/,
    );
  });

  it('runs with a small shared memory (issue 13): 8MB of buffers, 10 connection slots', async () => {
    const settings = (await handle.db.execute(
      sql`select name, current_setting(name) as setting from (values ('shared_buffers'), ('max_connections')) as s(name)`,
    )) as unknown as { rows: { name: string; setting: string }[] };
    expect(Object.fromEntries(settings.rows.map((r) => [r.name, r.setting]))).toEqual({ shared_buffers: '8MB', max_connections: '10' });
  });

  it('hands its memory back by moving to a new thread, behind the same object, and answers calls made meanwhile', async () => {
    await handle.db.insert(customers).values({ name: 'Restart survivor' });
    const client = (handle.db as unknown as { $client: PgliteThread }).$client;
    const restarted = handle.releaseMemory();
    const during = handle.db.select().from(customers).where(eq(customers.name, 'Restart survivor'));
    await restarted;
    expect(await during).toHaveLength(1);
    expect((handle.db as unknown as { $client: PgliteThread }).$client).toBe(client);
    expect(client.closed).toBe(false);
    await handle.db.transaction(async (tx) => {
      await tx.insert(customers).values({ name: 'After restart' });
    });
    expect(await handle.db.select().from(customers).where(eq(customers.name, 'After restart'))).toHaveLength(1);
  });

  it("keeps working when the replaced thread's end is reported in the same turn as its reply to 'close'", async () => {
    // Node reports a worker's end by draining its last messages and then emitting 'exit', with no turn between, when
    // the end is noticed first (a busy machine). Here the reply to 'close' is followed at once by 'exit', as then.
    const post = Worker.prototype.postMessage;
    const spy = vi.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (this: Worker, message: unknown) {
      if ((message as { op?: string }).op === 'close') this.once('message', () => this.emit('exit', 0));
      post.call(this, message);
    });
    try {
      await handle.releaseMemory();
    } finally {
      spy.mockRestore();
    }
    // Before, the database counted itself stopped: "The embedded database stopped: its thread exited with code 0".
    expect((handle.db as unknown as { $client: PgliteThread }).$client.closed).toBe(false);
    await handle.db.insert(customers).values({ name: 'After an early end' });
    expect(await handle.db.select().from(customers).where(eq(customers.name, 'After an early end'))).toHaveLength(1);
  });

  it('keeps the data after close, rejects calls once closed, and opens again', async () => {
    await handle.db.insert(customers).values({ name: 'Thread survivor' });
    const client = (handle.db as unknown as { $client: PgliteThread }).$client;
    await handle.close();
    await expect(client.query('select 1')).rejects.toThrow('The embedded database stopped: it was closed');
    handle = await openDatabase({ dataDir: work });
    const rows = await handle.db.select().from(customers).where(eq(customers.name, 'Thread survivor'));
    expect(rows).toHaveLength(1);
  });

  it('says why when the data folder cannot be opened', async () => {
    const notADatabase = path.join(work, 'not-a-database');
    fs.mkdirSync(notADatabase);
    fs.writeFileSync(path.join(notADatabase, 'PG_VERSION'), 'not a version\n');
    await expect(PgliteThread.open(notADatabase)).rejects.toThrow();
  });
});
