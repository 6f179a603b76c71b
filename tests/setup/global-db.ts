/**
 * Runs once per test run. Prepares a migrated database image that every test file copies:
 * - PGlite (default): migrate an in-memory instance and dump its data folder to a file;
 * - PostgreSQL when TEST_DATABASE_URL is set: migrate a template database on that server.
 * Per-file databases are made by `tests/setup/test-db.ts`; everything created here is dropped at teardown.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, wrapPglite, wrapPool } from '../../app/server/db/client.server';
import { migrateDatabase } from '../../app/server/db/migrate.server';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}

export function databaseUrlWith(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const dumpFile = path.join(dir, 'migrated.tar');
  const client = await createPglite();
  const handle = wrapPglite(client);
  await migrateDatabase(handle);
  const dump = await client.dumpDataDir('none');
  fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteDump', dumpFile);

  const base = process.env.TEST_DATABASE_URL;
  let template = '';
  if (base) {
    template = `shop_tpl_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const pool = new pg.Pool({ connectionString: databaseUrlWith(base, template), max: 1 });
    const pgHandle = wrapPool(pool);
    await migrateDatabase(pgHandle);
    await pgHandle.close();
  }
  project.provide('pgTemplate', template);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (base && template) {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1`,
        [`${template}%`],
      );
      for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.end();
    }
  };
}
