/**
 * `npm run restore -- FILE`: restores a backup archive into an EMPTY data folder (or empty DATABASE_URL database).
 * Refuses a database that already has data. With the embedded database, stop the server first.
 * Restores the auth secret the archive carries into DATA_DIR/auth-secret (mode 0600); refuses, with exit code 1, when
 * BETTER_AUTH_SECRET is not the one the backup was made with (two-factor data could not be decrypted).
 */
import fs from 'node:fs';
import { BackupError, restoreBackup } from '~/server/backup/backup.server';
import { getConfig } from '~/server/config.server';
import { createConfiguredStorage } from '~/server/storage/create-storage.server';
import { CliError, runWithDatabase } from './cli';

const file = process.argv[2];

await runWithDatabase(async (handle) => {
  if (!file || !fs.existsSync(file)) throw new CliError('Usage: npm run restore -- path/to/shop-backup.tar.gz (the file must exist)');
  const config = getConfig();
  const storage = await createConfiguredStorage(config);
  try {
    const manifest = await restoreBackup(handle, storage, file, config);
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    console.log(`Restored ${rows} rows and ${manifest.files.length} files from ${file} (made ${manifest.createdAt}).`);
  } catch (error) {
    if (error instanceof BackupError) throw new CliError(error.message);
    throw error;
  }
});
