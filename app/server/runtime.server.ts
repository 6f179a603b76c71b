/**
 * Process start-up and shutdown: configuration, database (open, migrate), demo data on an empty database (passwords:
 * the README's on loopback only, else generated — and README ones left from a loopback run replaced), storage,
 * the orphan-file sweep (at start, then hourly), the job worker (e-mails, texts, status messages) and the live channel.
 * `startRuntime()` is idempotent within a process (dev-server reloads reuse it); `stopRuntime()` closes everything.
 * With several web processes (WEB_CONCURRENCY, server.js) the primary process starts the full runtime once and each
 * web process calls `startRuntime({ role: 'web' })`: database and storage only — migrations, demo data, the sweep and
 * the job worker stay with the primary, so they run once however many processes serve.
 * Throws ConfigError / StartupError with one clear line; `server.js` prints it and exits with code 1.
 */
import fs from 'node:fs';
import { getConfig } from './config.server';
import { openDatabase, setDatabase, StartupError, type DatabaseHandle } from './db/client.server';
import { migrateDatabase } from './db/migrate.server';
import { isDatabaseEmpty, retireReadmeDemoPasswords, seedDemo, type DemoCredentials } from './db/seed.server';
import { resolveAuthSecret } from './auth/auth.server';
import { log, setLogLevel } from './logger.server';
import './jobs/job-kinds.server';
import { startJobWorker } from './jobs/job-queue.server';
import { closeLiveStreams } from './live/event-stream.server';
import { startLiveChannel } from './live/live.server';
import { seedSiteContent } from './site/demo-site-content.server';
import { startSiteInfo } from './site/site-info.server';
import { createConfiguredStorage } from './storage/create-storage.server';
import { startOrphanSweeper } from './storage/orphan-sweep.server';
import { setStorage } from './storage/storage.server';

interface Runtime {
  handle: DatabaseHandle;
  demo: DemoCredentials | undefined;
  stopJobWorker: () => Promise<void>;
  stopOrphanSweeper: () => Promise<void>;
  stopLiveChannel: () => Promise<void>;
  /** Issue 16: stops following site content changes (site/site-info.server.ts). */
  stopSiteInfo: () => void;
}

const key = Symbol.for('shop.runtime');
type WithRuntime = typeof globalThis & { [key]?: Promise<Runtime> };

/** Creates the data folder when missing; throws StartupError with one line when it cannot be used. */
export function prepareDataDir(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.R_OK | fs.constants.W_OK);
    if (!fs.statSync(dataDir).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new StartupError(`Cannot use the data folder ${dataDir}: ${code}`);
  }
}

export interface RuntimeOptions {
  /**
   * 'main' (default): everything above. 'web': a web process started by a primary that holds the main runtime —
   * opens the database and storage, nothing else.
   */
  role?: 'main' | 'web';
}

export async function startRuntime({ role = 'main' }: RuntimeOptions = {}): Promise<Runtime> {
  const g = globalThis as WithRuntime;
  g[key] ??= (async () => {
    const config = getConfig();
    setLogLevel(config.logLevel);
    prepareDataDir(config.dataDir);
    resolveAuthSecret(config);
    const handle = await openDatabase(config);
    if (role === 'web') {
      setDatabase(handle);
      setStorage(await createConfiguredStorage(config));
      const none = async () => {};
      // Every web process listens: a change made through one reaches the pages open on all of them (issue 15).
      const stopLiveChannel = startLiveChannel(config.databaseUrl);
      // Site facts, gallery and testimonials: cached here, dropped when any process changes them (issue 16).
      const stopSiteInfo = startSiteInfo();
      return { handle, demo: undefined, stopJobWorker: none, stopOrphanSweeper: none, stopLiveChannel, stopSiteInfo };
    }
    try {
      setDatabase(handle);
      await migrateDatabase(handle);
      let demo: DemoCredentials | undefined;
      if (config.seedDemo && (await isDatabaseEmpty(handle.db))) {
        demo = await seedDemo(handle.db);
        log().info({ customers: demo.customers.length, generatedPasswords: Boolean(demo.passwordFile) }, 'demo data seeded');
        // The embedded database keeps the memory the seed made it grow (issue 13): serve from a fresh thread.
        await handle.releaseMemory();
      } else if (config.seedDemo && !config.loopbackOnly) {
        // Issue 13: demo accounts seeded on loopback keep no README password once the server can be reached by others.
        demo = await retireReadmeDemoPasswords(handle.db);
        if (demo) log().warn({ file: demo.passwordFile }, 'the demo accounts had the README passwords: replaced with generated ones');
      }
      const storage = await createConfiguredStorage(config);
      // A missing or unreachable bucket stops start-up with one line, not the first upload later.
      await storage.check?.().catch((error: unknown) => {
        throw new StartupError((error as Error).message);
      });
      setStorage(storage);
      // Issue 16: the demo shop's gallery photos and testimonials (they need the storage, so after it).
      if (demo) await seedSiteContent();
      // Files left without a row by a process that died mid-upload (storage/orphan-sweep.server.ts).
      const stopOrphanSweeper = startOrphanSweeper();
      const stopJobWorker = startJobWorker();
      const stopLiveChannel = startLiveChannel(config.databaseUrl);
      const stopSiteInfo = startSiteInfo();
      return { handle, demo, stopJobWorker, stopOrphanSweeper, stopLiveChannel, stopSiteInfo };
    } catch (error) {
      await handle.close();
      throw error;
    }
  })();
  try {
    return await g[key];
  } catch (error) {
    delete g[key];
    throw error;
  }
}

export async function stopRuntime(): Promise<void> {
  const g = globalThis as WithRuntime;
  const pending = g[key];
  delete g[key];
  if (!pending) return;
  const runtime = await pending.catch(() => undefined);
  if (!runtime) return;
  closeLiveStreams();
  runtime.stopSiteInfo();
  await runtime.stopLiveChannel();
  await runtime.stopJobWorker();
  await runtime.stopOrphanSweeper();
  setDatabase(undefined);
  await runtime.handle.close();
}
