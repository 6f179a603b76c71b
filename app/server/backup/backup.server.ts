/**
 * Backups (issue 6): one `.tar.gz` holding a consistent logical dump of every table and every stored file.
 *
 * Archive layout: `manifest.json` ({ format: 1, createdAt, migrations, tables: {name: rowCount}, files: [{bucket, key,
 * size, sha256}] }), `db/<table>.json` (a JSON array of rows as PostgreSQL's `row_to_json` writes them), and
 * `files/<bucket>/<key>`. The dump is read inside one REPEATABLE READ transaction, so rows are from a single moment
 * even while the server runs on PostgreSQL. Restore migrates an EMPTY database, inserts every table in foreign-key order
 * with `json_populate_recordset` in one transaction (types round-trip exactly), then writes the files; it refuses a
 * database that already has data. Works the same on PGlite and PostgreSQL.
 *
 * The auth secret (issue 13): Better Auth encrypts two-factor secrets and backup codes with it, so a restore under another
 * secret locks every two-factor user out. The archive therefore carries the generated secret (`auth-secret`, manifest
 * `authSecret: { source: 'file' }`) or, when BETTER_AUTH_SECRET is set, only its fingerprint (`{ source: 'env',
 * fingerprint }`, see auth-secret.server.ts). Backup refuses when the secret in force cannot decrypt the two-factor
 * rows it dumps; restore refuses, before writing anything, when the secret it would leave in force differs from the
 * archive's or cannot decrypt them, and writes a carried secret (mode 0600) before the files and rows.
 * The archive is itself a secret: it holds password hashes, and the key to the two-factor data.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { BUCKETS, type Bucket } from '~/lib/work-order-status';
import {
  AUTH_SECRET_FILE,
  authSecretFingerprint,
  countUndecryptable,
  readAuthSecret,
  writeAuthSecretFile,
  type EncryptedTwoFactor,
} from '../auth/auth-secret.server';
import type { AppConfig } from '../config.server';
import type { Database, DatabaseHandle, Executor } from '../db/client.server';
import { migrateDatabase } from '../db/migrate.server';
import { objectBytes, type Storage } from '../storage/storage.server';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  migrations: number;
  tables: Record<string, number>;
  files: { bucket: Bucket; key: string; size: number; sha256: string }[];
  /**
   * The auth secret the data was made under: carried in the archive's `auth-secret` file ('file'), or set by
   * BETTER_AUTH_SECRET, of which only the fingerprint is kept ('env'). Absent in archives made before issue 13.
   */
  authSecret?: { source: 'file' } | { source: 'env'; fingerprint: string };
}

/** What backup and restore need to know about the auth secret: the data folder and BETTER_AUTH_SECRET (if set). */
export type SecretConfig = Pick<AppConfig, 'dataDir' | 'authSecret'>;

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

/** The encrypted two-factor rows of a `two_factors.json` dump (row_to_json column names). */
async function twoFactorRowsIn(work: string): Promise<EncryptedTwoFactor[]> {
  const text = await fs.readFile(path.join(work, 'db', 'two_factors.json'), 'utf8').catch(() => '[]');
  return (JSON.parse(text) as { secret: string; backup_codes: string }[]).map((r) => ({ secret: r.secret, backupCodes: r.backup_codes }));
}

/**
 * Writes a backup archive of `db` and `storage` to `outFile`; returns its manifest. `config` names the auth secret in
 * force (see module docs). Throws BackupError when that secret cannot decrypt the two-factor data (the backup would not
 * restore a working shop: typically BETTER_AUTH_SECRET differs from the server's, or DATA_DIR is not the server's).
 */
export async function createBackup(db: Database, storage: Storage, outFile: string, config: SecretConfig): Promise<BackupManifest> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-backup-'));
  try {
    await fs.mkdir(path.join(work, 'db'));
    const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), migrations: 0, tables: {}, files: [] };
    const secret = readAuthSecret(config);
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
    const failed = await countUndecryptable(await twoFactorRowsIn(work), secret.source === 'none' ? undefined : secret.secret);
    if (failed > 0) {
      throw new BackupError(
        `No backup written: ${failed} two-factor account(s) cannot be decrypted with ${secret.source === 'env' ? 'this BETTER_AUTH_SECRET' : `the secret in ${path.join(config.dataDir, AUTH_SECRET_FILE)}`}; run the backup with the server's BETTER_AUTH_SECRET and DATA_DIR.`,
      );
    }
    if (secret.source === 'env') manifest.authSecret = { source: 'env', fingerprint: authSecretFingerprint(secret.secret) };
    if (secret.source === 'file') {
      await fs.writeFile(path.join(work, AUTH_SECRET_FILE), secret.secret, { mode: 0o600 });
      manifest.authSecret = { source: 'file' };
    }
    for (const bucket of BUCKETS) {
      for (const key of await storage.list(bucket, '')) {
        const object = await storage.get(bucket, key);
        if (!object) continue;
        const bytes = await objectBytes(object);
        const target = path.join(work, 'files', bucket, ...key.split('/'));
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(target, bytes);
        manifest.files.push({ bucket, key, size: bytes.byteLength, sha256: sha256(bytes) });
      }
    }
    await fs.writeFile(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await fs.mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
    // Readable by its owner only from the first byte (tar keeps the mode of a file it writes into).
    await fs.writeFile(outFile, '', { mode: 0o600 });
    await fs.chmod(outFile, 0o600);
    const entries = [
      'manifest.json',
      'db',
      ...(manifest.files.length ? ['files'] : []),
      ...(manifest.authSecret?.source === 'file' ? [AUTH_SECRET_FILE] : []),
    ];
    await tar.c({ gzip: true, file: outFile, cwd: work, portable: true }, entries);
    return manifest;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/**
 * Decides the auth secret the restored shop will run under and checks it against the archive (see module docs).
 * Returns the secret to write to `DATA_DIR/auth-secret`, if any. Throws BackupError with one line when the secret in
 * force would differ from the archive's or cannot decrypt its two-factor data.
 */
async function secretForRestore(work: string, manifest: BackupManifest, config: SecretConfig): Promise<string | undefined> {
  const configured = config.authSecret;
  let inForce: string | undefined;
  let toWrite: string | undefined;
  if (manifest.authSecret?.source === 'file') {
    const carried = (await fs.readFile(path.join(work, AUTH_SECRET_FILE), 'utf8').catch(() => '')).trim();
    if (!carried) throw new BackupError('The backup is damaged: its auth-secret file is missing.');
    if (configured && configured !== carried) {
      throw new BackupError(
        'Restore refused: this backup carries its own auth secret, but BETTER_AUTH_SECRET is set to another one (two-factor sign-in would fail); unset BETTER_AUTH_SECRET for the restore and the server.',
      );
    }
    inForce = carried;
    toWrite = carried;
  } else if (manifest.authSecret?.source === 'env') {
    if (!configured || authSecretFingerprint(configured) !== manifest.authSecret.fingerprint) {
      throw new BackupError(
        `Restore refused: this backup was made with a BETTER_AUTH_SECRET (fingerprint ${manifest.authSecret.fingerprint.slice(0, 12)}) that is ${configured ? 'not the one set now' : 'not set now'}; set the same BETTER_AUTH_SECRET for the restore and the server.`,
      );
    }
    inForce = configured;
  } else {
    const current = readAuthSecret(config);
    inForce = current.source === 'none' ? undefined : current.secret;
  }
  const failed = await countUndecryptable(await twoFactorRowsIn(work), inForce);
  if (failed > 0) {
    throw new BackupError(
      `Restore refused: ${failed} two-factor account(s) in this backup cannot be decrypted with the auth secret in force; set the BETTER_AUTH_SECRET (or DATA_DIR/auth-secret) the backup was made with.`,
    );
  }
  return toWrite;
}

/**
 * Restores an archive into an empty database and storage, and the auth secret it carries into `config.dataDir`
 * (mode 0600, before any row is written). Throws BackupError when the archive is unreadable, was made by a newer
 * version (more migrations than this one has), a file's checksum does not match, the database has data, or the auth
 * secret in force is not the one the backup was made with (see module docs).
 */
export async function restoreBackup(handle: DatabaseHandle, storage: Storage, archive: string, config: SecretConfig): Promise<BackupManifest> {
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
    const secret = await secretForRestore(work, manifest, config);
    // The database is empty, so nothing depends on a secret already in the folder (a server started on it made one).
    if (secret !== undefined) writeAuthSecretFile(config.dataDir, secret);
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
