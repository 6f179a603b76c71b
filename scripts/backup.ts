/**
 * `npm run backup [-- FILE]`: writes a consistent backup of the database and all stored files to one archive
 * (default `backups/shop-backup-<time>.tar.gz`). With the embedded database, stop the server first.
 * Run it with the server's BETTER_AUTH_SECRET and DATA_DIR: the archive carries the generated auth secret (or a
 * fingerprint of BETTER_AUTH_SECRET), and it refuses, with exit code 1, when that secret cannot decrypt the two-factor
 * data. The archive is itself a secret (written with mode 0600 by createBackup).
 */
import path from 'node:path';
import { getConfig } from '~/server/config.server';
import { BackupError, createBackup } from '~/server/backup/backup.server';
import { createConfiguredStorage } from '~/server/storage/create-storage.server';
import { CliError, runWithDatabase } from './cli';

const out = process.argv[2] ?? path.join('backups', `shop-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);

await runWithDatabase(async ({ db }) => {
  const config = getConfig();
  const storage = await createConfiguredStorage(config);
  const manifest = await createBackup(db, storage, out, config).catch((error: unknown) => {
    throw error instanceof BackupError ? new CliError(error.message) : error;
  });
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(`Backup written to ${out}: ${rows} rows in ${Object.keys(manifest.tables).length} tables, ${manifest.files.length} files.`);
  console.log('Keep it as safe as a password: it holds the key to every two-factor account.');
});
