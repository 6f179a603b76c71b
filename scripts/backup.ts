/**
 * `npm run backup [-- FILE]`: writes a consistent backup of the database and all stored files to one archive
 * (default `backups/shop-backup-<time>.tar.gz`). With the embedded database, stop the server first.
 */
import path from 'node:path';
import { getConfig } from '~/server/config.server';
import { createBackup } from '~/server/backup/backup.server';
import { createConfiguredStorage } from '~/server/storage/create-storage.server';
import { runWithDatabase } from './cli';

const out = process.argv[2] ?? path.join('backups', `shop-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);

await runWithDatabase(async ({ db }) => {
  const storage = await createConfiguredStorage(getConfig());
  const manifest = await createBackup(db, storage, out);
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(`Backup written to ${out}: ${rows} rows in ${Object.keys(manifest.tables).length} tables, ${manifest.files.length} files.`);
});
