/**
 * `npm run restore -- FILE`: restores a backup archive into an EMPTY data folder (or empty DATABASE_URL database).
 * Refuses a database that already has data. With the embedded database, stop the server first.
 */
import fs from 'node:fs';
import { BackupError, restoreBackup } from '~/server/backup/backup.server';
import { getConfig } from '~/server/config.server';
import { createConfiguredStorage } from '~/server/storage/create-storage.server';
import { CliError, runWithDatabase } from './cli';

const file = process.argv[2];

await runWithDatabase(async (handle) => {
  if (!file || !fs.existsSync(file)) throw new CliError('Usage: npm run restore -- path/to/shop-backup.tar.gz (the file must exist)');
  const storage = await createConfiguredStorage(getConfig());
  try {
    const manifest = await restoreBackup(handle, storage, file);
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    console.log(`Restored ${rows} rows and ${manifest.files.length} files from ${file} (made ${manifest.createdAt}).`);
  } catch (error) {
    if (error instanceof BackupError) throw new CliError(error.message);
    throw error;
  }
});
