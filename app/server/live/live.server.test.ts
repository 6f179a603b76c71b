/**
 * The live channel (issue 15): in-process delivery on the embedded database, and on PostgreSQL (TEST_DATABASE_URL)
 * delivery through the process's own LISTEN connection — once, not twice — and recovery after that connection is
 * killed (a resync for the open pages, then events flow again).
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { setDatabase, wrapPool, type DatabaseHandle } from '../db/client.server';
import { onLiveResync, publishLive, startLiveChannel, subscribeLive, type LiveEvent } from './live.server';

const event = (change: LiveEvent['change'] = 'status'): LiveEvent => ({
  workOrderId: crypto.randomUUID(),
  customerId: crypto.randomUUID(),
  change,
});

const until = async (check: () => boolean, ms = 5000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

afterEach(() => setDatabase(undefined));

describe('live channel on the embedded database', () => {
  it('delivers a published event to every subscriber of this process, once', async () => {
    // publishLive only asks which kind of database this is: no need to open one.
    setDatabase({ kind: 'pglite' } as DatabaseHandle);
    const heard: LiveEvent[][] = [[], []];
    const stops = heard.map((list) => subscribeLive((e) => list.push(e)));
    const sent = event('photos');
    await publishLive(sent);
    expect(heard).toEqual([[sent], [sent]]);
    stops.forEach((stop) => stop());
    await publishLive(event());
    expect(heard[0]).toHaveLength(1);
  });
});

const PG_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG_URL)('live channel on PostgreSQL', () => {
  it('hears its own NOTIFY once, and after its LISTEN connection is killed asks pages to resync and hears again', async () => {
    const handle = wrapPool(new pg.Pool({ connectionString: PG_URL, max: 2 }));
    setDatabase(handle);
    const heard: LiveEvent[] = [];
    let resyncs = 0;
    const stopHearing = subscribeLive((e) => heard.push(e));
    const stopResync = onLiveResync(() => (resyncs += 1));
    const stop = startLiveChannel(PG_URL);
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    const listeners = () =>
      admin.query<{ pid: number }>(
        `select pid from pg_stat_activity where query = 'LISTEN shop_live' and pid <> pg_backend_pid()`,
      );
    try {
      // Wait for the LISTEN connection, then publish: the event comes back through NOTIFY exactly once.
      for (let i = 0; (await listeners()).rows.length === 0; i += 1) {
        if (i > 100) throw new Error('no LISTEN connection');
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, 100));
      const first = event('status');
      await publishLive(first);
      await until(() => heard.length >= 1);
      await new Promise((r) => setTimeout(r, 200));
      expect(heard.filter((e) => e.workOrderId === first.workOrderId)).toHaveLength(1);

      // A NOTIFY from elsewhere (another web process) is heard too; junk on the channel is ignored.
      const other = event('eta');
      await admin.query(`select pg_notify('shop_live', $1)`, [JSON.stringify(other)]);
      await admin.query(`select pg_notify('shop_live', 'not json')`);
      await until(() => heard.some((e) => e.workOrderId === other.workOrderId));

      // The server ends the LISTEN connection: the channel reconnects (1 s), tells the pages to resync, hears again.
      const [listener] = (await listeners()).rows;
      await admin.query('select pg_terminate_backend($1)', [listener!.pid]);
      await until(() => resyncs === 1, 8000);
      const after = event('estimate');
      await admin.query(`select pg_notify('shop_live', $1)`, [JSON.stringify(after)]);
      await until(() => heard.some((e) => e.workOrderId === after.workOrderId));
    } finally {
      stopHearing();
      stopResync();
      await stop();
      await admin.end();
      await handle.close();
    }
  }, 20_000);
});
