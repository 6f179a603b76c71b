/**
 * Backups (issue 6): one `.tar.gz` holding a consistent logical dump of every table and every stored file.
 *
 * Archive layout: `manifest.json` ({ format: 1, createdAt, migrations, tables: {name: rowCount}, files: [{bucket, key,
 * size, sha256}] }), `db/<table>.json` (a JSON array of rows as PostgreSQL's `row_to_json` writes them), and
 * `files/<bucket>/<key>`. The dump is read inside one REPEATABLE READ transaction, so rows are from a single moment
 * even while the server runs on PostgreSQL. Restore migrates an EMPTY database, inserts every table in foreign-key order
 * with `json_populate_recordset` in one transaction (types round-trip exactly), then writes the files; it refuses a
 * database that already has data. Works the same on PGlite and PostgreSQL.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { BUCKETS, type Bucket } from '~/lib/work-order-status';
import type { Database, DatabaseHandle, Executor } from '../db/client.server';
import { migrateDatabase } from '../db/migrate.server';
import type { Storage } from '../storage/storage.server';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  migrations: number;
  tables: Record<string, number>;
  files: { bucket: Bucket; key: string; size: number; sha256: string }[];
}

export class BackupError extends Error {
  override name = 'BackupError';
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/**
 * Tables whose rows are derived from other tables by triggers (migration 0007): not dumped, and rebuilt on restore by
 * those triggers as the rows they count come back.
 */
export const DERIVED_TABLES: ReadonlySet<string> = new Set(['work_order_totals']);

/** Public tables (derived ones left out) sorted so every table comes after the tables its foreign keys point at. */
export async function tablesInDependencyOrder(db: Executor): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  )
    .map((r) => r.name)
    .filter((name) => !DERIVED_TABLES.has(name));
  const edges = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`),
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const e of edges) if (e.child === table && e.parent !== table) visit(e.parent.replace(/"/g, ''));
    visiting.delete(table);
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

async function appliedMigrations(db: Executor): Promise<number> {
  const rows = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
  return rows[0]?.n ?? 0;
}

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');
const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** Writes a backup archive of `db` and `storage` to `outFile`; returns its manifest. */
export async function createBackup(db: Database, storage: Storage, outFile: string): Promise<BackupManifest> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-backup-'));
  try {
    await fs.mkdir(path.join(work, 'db'));
    const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), migrations: 0, tables: {}, files: [] };
    await db.transaction(
      async (tx) => {
        manifest.migrations = await appliedMigrations(tx);
        for (const table of await tablesInDependencyOrder(tx)) {
          const rows = rowsOf<{ row: unknown }>(await tx.execute(sql`select row_to_json(t) as row from ${ident(table)} t`)).map(
            (r) => r.row,
          );
          manifest.tables[table] = rows.length;
          await fs.writeFile(path.join(work, 'db', `${table}.json`), JSON.stringify(rows));
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    for (const bucket of BUCKETS) {
      for (const key of await storage.list(bucket, '')) {
        const object = await storage.get(bucket, key);
        if (!object) continue;
        const bytes = new Uint8Array(await new Response(object.body).arrayBuffer());
        const target = path.join(work, 'files', bucket, ...key.split('/'));
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(target, bytes);
        manifest.files.push({ bucket, key, size: bytes.byteLength, sha256: sha256(bytes) });
      }
    }
    await fs.writeFile(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await fs.mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
    const entries = ['manifest.json', 'db', ...(manifest.files.length ? ['files'] : [])];
    await tar.c({ gzip: true, file: outFile, cwd: work, portable: true }, entries);
    return manifest;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/**
 * Restores an archive into an empty database and storage. Throws BackupError when the archive is unreadable, was made by
 * a newer version (more migrations than this one has), a file's checksum does not match, or the database has data.
 */
export async function restoreBackup(handle: DatabaseHandle, storage: Storage, archive: string): Promise<BackupManifest> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-restore-'));
  try {
    try {
      await tar.x({ file: archive, cwd: work, strict: true });
    } catch (error) {
      throw new BackupError(`Cannot read the backup ${archive}: ${(error as Error).message}`);
    }
    const manifest = JSON.parse(await fs.readFile(path.join(work, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== 1) throw new BackupError('Unknown backup format.');
    await migrateDatabase(handle);
    const db = handle.db;
    if (manifest.migrations > (await appliedMigrations(db))) {
      throw new BackupError('This backup was made by a newer version of the application: update it first.');
    }
    const order = await tablesInDependencyOrder(db);
    for (const table of order) {
      const rows = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${ident(table)}`));
      if ((rows[0]?.n ?? 0) > 0) throw new BackupError(`The database is not empty (table ${table} has rows): restore needs an empty data folder or database.`);
    }
    for (const file of manifest.files) {
      const bytes = await fs.readFile(path.join(work, 'files', file.bucket, ...file.key.split('/')));
      if (sha256(bytes) !== file.sha256) throw new BackupError(`The backup is damaged: ${file.bucket}/${file.key} does not match its checksum.`);
    }
    // Files first; if anything fails after, the files written are removed and the database transaction rolls back.
    const written: { bucket: Bucket; key: string }[] = [];
    try {
      for (const file of manifest.files) {
        const bytes = await fs.readFile(path.join(work, 'files', file.bucket, ...file.key.split('/')));
        await storage.put(file.bucket, file.key, new Uint8Array(bytes), { contentType: 'application/octet-stream' });
        written.push(file);
      }
      await db.transaction(async (tx) => {
        for (const table of order) {
          if (!(table in manifest.tables)) continue;
          const json = await fs.readFile(path.join(work, 'db', `${table}.json`), 'utf8');
          await tx.execute(sql`insert into ${ident(table)} select * from json_populate_recordset(null::${ident(table)}, ${json}::json)`);
        }
      });
    } catch (error) {
      for (const f of written) await storage.delete(f.bucket, f.key).catch(() => {});
      throw error;
    }
    return manifest;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
