// The process entry: `npm run serve` (production build) or `npm run dev` (Vite middleware).
// Serves static assets, starts the runtime (config, database, migrations, demo data), mounts the app, and on
// SIGTERM/SIGINT stops accepting, lets in-flight requests finish (10 s at most), closes the database and exits.
//
// WEB_CONCURRENCY=N (N > 1, PostgreSQL only; production build): this process becomes the primary of a Node cluster.
// It starts the full runtime once (migrations, demo data, orphan sweep, mail worker) and forks N web processes that
// share the port (the primary hands out connections in turn) and start only the database and storage. A web process
// that dies is replaced; one that dies before it ever listened stops the whole server (a bad port would loop forever).
import cluster from 'node:cluster';
import path from 'node:path';
import compression from 'compression';
import express from 'express';

const DEVELOPMENT = process.env.NODE_ENV === 'development';
const BUILD_PATH = './build/server/index.js';
/** How long the primary waits for its web processes to finish in-flight requests before killing them. */
const WORKER_STOP_MS = 15_000;

function fail(error) {
  const known = error && ['ConfigError', 'StartupError'].includes(error.name);
  console.error(known ? error.message : `Start-up failed: ${error?.stack ?? error}`);
  // A failed query's own reason (PostgreSQL's, or the embedded database thread's) is its cause, not in its stack.
  for (let cause = error?.cause, depth = 0; cause && depth < 5; cause = cause.cause, depth += 1) {
    console.error(`Caused by: ${cause.stack ?? cause}`);
  }
  process.exit(1);
}

function printDemo(demo) {
  if (!demo) return;
  console.log(
    demo.replacedReadmePasswords
      ? 'The demo accounts had the README passwords, which this server others can reach must not use. Sign in with:'
      : 'Demo data loaded. Sign in with:',
  );
  console.log(`  admin:    ${demo.admin.email} / ${demo.admin.password}`);
  const c = demo.customers[0];
  console.log(`  customer: ${c.email} / ${c.password}  (and ${demo.customers.length - 1} more customers, same password)`);
  // Issue 13: a server others can reach never gets the README's passwords; the generated ones are shown this once.
  if (demo.passwordFile) console.log(`  These passwords were generated for this server and are kept in ${demo.passwordFile} (mode 0600).`);
}

/** The cluster primary: runs the once-only start-up and background work, and keeps `count` web processes serving. */
async function runPrimary(mod, count) {
  const config = mod.getConfig();
  const runtime = await mod.startRuntime();
  let stopping = false;
  let announced = false;
  const listened = new Set();

  const shutdown = async (reason, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    if (exitCode === 0) console.log(`${reason} received: stopping the web processes`);
    const workers = Object.values(cluster.workers ?? {});
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise((resolve) => {
            if (worker.isDead()) return resolve();
            const kill = setTimeout(() => worker.process.kill('SIGKILL'), WORKER_STOP_MS);
            worker.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    await mod.stopRuntime();
    if (exitCode === 0) console.log('Stopped.');
    process.exit(exitCode);
  };
  cluster.on('listening', (worker) => {
    listened.add(worker.id);
    if (announced || listened.size < count) return;
    announced = true;
    console.log(`Shop site running at ${config.appUrl} (${count} web processes)`);
    printDemo(runtime.demo);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (!listened.has(worker.id)) {
      console.error(`A web process stopped before it could serve (exit ${signal ?? code}); stopping.`);
      void shutdown('start-up failure', 1);
      return;
    }
    console.error(`Web process ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another.`);
    setTimeout(() => !stopping && cluster.fork(), 1000);
  });
  for (let i = 0; i < count; i += 1) cluster.fork();

  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

async function main() {
  let mod;
  if (!DEVELOPMENT) {
    mod = await import(BUILD_PATH);
    const { webConcurrency } = mod.getConfig();
    if (webConcurrency > 1 && cluster.isPrimary) return runPrimary(mod, webConcurrency);
  }

  const server = express();
  server.disable('x-powered-by');
  // Every answer carries nosniff, the static files below too (issue 13): a browser must take a file for its declared
  // type, never guess (an uploaded-looking .svg or .txt run as a script). The app's own answers get it from helmet again.
  server.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  if (DEVELOPMENT) {
    const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }));
    mod = await vite.ssrLoadModule('./server/app.ts');
    server.use(vite.middlewares);
    server.use(async (req, res, next) => {
      try {
        const fresh = await vite.ssrLoadModule('./server/app.ts');
        return fresh.createApp()(req, res, next);
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    // Static files (every path with an extension) are sent gzip-compressed too: CSS, the enhancement script, SVG (images
    // are already compressed). Pages are compressed by the app itself, so they do not pass through a second layer.
    const compress = compression();
    server.use((req, res, next) => (path.extname(req.path) ? compress(req, res, next) : next()));
    // A shop's own images: files in DATA_DIR/site-images replace the built-in ones of the same name (docs/public-site.md).
    server.use('/images', express.static(path.join(mod.getConfig().dataDir, 'site-images'), { maxAge: '1h', index: false }));
    // Scripts and stylesheets compressed once at build time (Brotli 11, server/precompressed-assets.ts) when accepted.
    server.use('/assets', mod.precompressedAssets('build/client/assets'));
    server.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y', index: false }));
    // Only paths naming a file (with an extension) look on disk: pages skip the stat call every request would pay.
    const publicFiles = express.static('build/client', { maxAge: '1h', index: false });
    server.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }

  const runtime = await mod.startRuntime(cluster.isWorker ? { role: 'web' } : {});
  if (!DEVELOPMENT) server.use(mod.createApp());

  const config = mod.getConfig();
  const { port, host } = config;
  const listener = server.listen(port, host, () => {
    if (cluster.isWorker) return;
    console.log(`Shop site running at ${config.appUrl}`);
    printDemo(runtime.demo);
  });
  listener.on('error', (error) => fail(Object.assign(new Error(`Cannot listen on ${host}:${port}: ${error.message}`), { name: 'StartupError' })));

  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    if (cluster.isPrimary) console.log(`${signal} received: finishing in-flight requests`);
    const force = setTimeout(() => listener.closeAllConnections(), 10_000);
    force.unref();
    // Open live pages (Server-Sent Events) would hold the drain for the full 10 s: end them first; browsers reconnect.
    mod.closeLiveStreams();
    await new Promise((resolve) => {
      listener.close(resolve);
      listener.closeIdleConnections();
    });
    clearTimeout(force);
    await mod.stopRuntime();
    if (cluster.isPrimary) console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // A web process whose primary is gone (killed outright) stops too instead of serving on unsupervised.
  if (cluster.isWorker) process.on('disconnect', () => void shutdown('disconnect'));
}

main().catch(fail);
