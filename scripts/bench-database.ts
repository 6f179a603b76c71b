/**
 * A fresh database for a benchmark: `openBenchDatabase(kind)` → `{ handle, dataDir, close }`. 'PGlite' is an embedded
 * database in a temporary data folder; 'PostgreSQL' a new database on the server in TEST_DATABASE_URL (dropped by
 * `close`). Sets the app's configuration (production, no demo data) and makes the handle the app's database; `close`
 * undoes both and removes the folder. Used by `npm run bench` and `npm run bench:estimates`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, setConfig } from '~/server/config.server';
import { createPglite, setDatabase, wrapPglite, wrapPool, type DatabaseHandle } from '~/server/db/client.server';

export async function openBenchDatabase(kind: 'PGlite' | 'PostgreSQL', prefix = 'shop-bench-'): Promise<{ handle: DatabaseHandle; dataDir: string; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  setConfig(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00' }));
  let handle: DatabaseHandle;
  let dropDatabase = async () => {};
  if (kind === 'PGlite') {
    handle = wrapPglite(await createPglite());
  } else {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `shop_bench_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    handle = wrapPool(new pg.Pool({ connectionString: url.toString(), max: 5 }));
    dropDatabase = async () => {
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  }
  setDatabase(handle);
  return {
    handle,
    dataDir,
    async close() {
      setDatabase(undefined);
      await handle.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
