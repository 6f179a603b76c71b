/**
 * Applies the committed drizzle-kit migrations in `drizzle/` to an open database (idempotent).
 * The folder is found by walking up from this module, so it works from source (tests, scripts) and from the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { DatabaseHandle } from './client.server';

/** Absolute path of the migrations folder; throws when it cannot be found. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  const fromCwd = path.resolve('drizzle');
  if (fs.existsSync(path.join(fromCwd, 'meta', '_journal.json'))) return fromCwd;
  throw new Error('Cannot find the drizzle/ migrations folder');
}

/** Brings the schema up to date. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder: migrationsFolderPath });
  } else {
    await migratePg(handle.db as never, { migrationsFolder: migrationsFolderPath });
  }
}
