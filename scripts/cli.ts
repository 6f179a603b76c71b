/**
 * Shared set-up for command-line scripts: parse configuration, open the configured database (refusing, with one
 * line, when the server holds the embedded database), migrate, run `fn`, close. Exit code 1 with a clear line on
 * any expected failure.
 */
import { getConfig } from '~/server/config.server';
import { openDatabase, setDatabase, type DatabaseHandle } from '~/server/db/client.server';
import { migrateDatabase } from '~/server/db/migrate.server';

export class CliError extends Error {}

export async function runWithDatabase(fn: (handle: DatabaseHandle) => Promise<void>): Promise<void> {
  let handle: DatabaseHandle | undefined;
  try {
    const config = getConfig();
    handle = await openDatabase(config);
    setDatabase(handle);
    await migrateDatabase(handle);
    await fn(handle);
  } catch (error) {
    const known = error instanceof CliError || ['ConfigError', 'StartupError'].includes((error as Error).name);
    console.error(known ? (error as Error).message : `Failed: ${(error as Error).stack ?? error}`);
    process.exitCode = 1;
  } finally {
    await handle?.close().catch(() => {});
  }
}
