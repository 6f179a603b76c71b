/**
 * Gives a test file its own freshly migrated database and makes it the process database:
 * PGlite in memory (loaded from the migrated image), or a PostgreSQL database copied from the migrated template when
 * TEST_DATABASE_URL is set. Also sets a test configuration (temporary DATA_DIR) and resets the auth instance.
 *
 *   const t = withTestDatabase();          // at the top of a test file
 *   it('...', async () => { t.db ... })
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { resetAuth } from '~/server/auth/auth.server';
import { loadConfig, setConfig, type AppConfig } from '~/server/config.server';
import { createPglite, setDatabase, wrapPglite, wrapPool, type Database, type DatabaseHandle } from '~/server/db/client.server';
import { databaseUrlWith } from './global-db';

export interface TestDatabase {
  readonly handle: DatabaseHandle;
  readonly db: Database;
  readonly config: AppConfig;
  readonly dataDir: string;
}

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123';

async function createPostgresDatabase(base: string, template: string): Promise<{ handle: DatabaseHandle; name: string }> {
  const name = `${template}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        if (attempt >= 10) throw error;
        await new Promise((r) => setTimeout(r, 200 + attempt * 100));
      }
    }
  } finally {
    await admin.end();
  }
  return { handle: wrapPool(new pg.Pool({ connectionString: databaseUrlWith(base, name), max: 20 })), name };
}

/** Opens a fresh migrated database for the current test file (see module docs). */
export async function openTestDatabase(envOverrides: Record<string, string> = {}): Promise<TestDatabase & { close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: TEST_SECRET,
    APP_URL: 'http://localhost:3000',
    SEED_DEMO: 'false',
    ...envOverrides,
  });
  setConfig(config);
  const base = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  let handle: DatabaseHandle;
  let dropName: string | undefined;
  if (base && template) {
    const created = await createPostgresDatabase(base, template);
    handle = created.handle;
    dropName = created.name;
  } else {
    const dump = fs.readFileSync(inject('pgliteDump'));
    const client = await createPglite(undefined, { loadDataDir: new Blob([dump]) });
    handle = wrapPglite(client);
  }
  setDatabase(handle);
  resetAuth();
  return {
    handle,
    db: handle.db,
    config,
    dataDir,
    async close() {
      setDatabase(undefined);
      resetAuth();
      await handle.close();
      if (base && dropName) {
        const admin = new pg.Client({ connectionString: base });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dropName} WITH (FORCE)`);
        await admin.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers beforeAll/afterAll hooks that open and close a test database; read its fields inside tests. */
export function withTestDatabase(envOverrides: Record<string, string> = {}): TestDatabase {
  let current: (TestDatabase & { close(): Promise<void> }) | undefined;
  beforeAll(async () => {
    current = await openTestDatabase(envOverrides);
  });
  afterAll(async () => {
    await current?.close();
  });
  const get = () => {
    if (!current) throw new Error('The test database is not open (use it inside a test)');
    return current;
  };
  return {
    get handle() {
      return get().handle;
    },
    get db() {
      return get().db;
    },
    get config() {
      return get().config;
    },
    get dataDir() {
      return get().dataDir;
    },
  };
}
