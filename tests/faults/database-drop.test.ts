/**
 * Fault test (issue 6): the database connection is dropped in the middle of a request on PostgreSQL. That request
 * fails cleanly (a handled error, the process lives) and the next one succeeds on a fresh connection.
 * PostgreSQL only — PGlite runs in-process and has no connection to lose; CI runs this in its PostgreSQL pass
 * (`TEST_DATABASE_URL`).
 */
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createApp } from '../../server/app';
import { withTestDatabase } from '../setup/test-db';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const t = withTestDatabase();

describe.runIf(onPostgres)('database connection dropped mid-request', () => {
  it('fails that request cleanly and serves the next one', async () => {
    const server = createApp().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const dbName = ((await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows[0]!.name;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      // A slow query holds a pooled connection; kill every connection to the test database while it runs.
      const slow = t.db.execute(sql`select pg_sleep(5)`).then(
        () => 'finished',
        (error: Error) => `failed: ${error.message}`,
      );
      await new Promise((r) => setTimeout(r, 300));
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
      expect(await slow).toMatch(/^failed: /);
      const next = await fetch(`${base}/healthz`);
      expect(next.status).toBe(200);
      expect(await next.json()).toEqual({ status: 'ok', database: 'ok' });
    } finally {
      await admin.end();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

