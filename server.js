// The process entry: `npm run serve` (production build) or `npm run dev` (Vite middleware).
// Serves static assets, starts the runtime (config, database, migrations, demo data), mounts the app, and on
// SIGTERM/SIGINT stops accepting, lets in-flight requests finish (10 s at most), closes the database and exits.
import path from 'node:path';
import compression from 'compression';
import express from 'express';

const DEVELOPMENT = process.env.NODE_ENV === 'development';
const BUILD_PATH = './build/server/index.js';

function fail(error) {
  const known = error && ['ConfigError', 'StartupError'].includes(error.name);
  console.error(known ? error.message : `Start-up failed: ${error?.stack ?? error}`);
  process.exit(1);
}

async function main() {
  const server = express();
  server.disable('x-powered-by');
  let mod;
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
    mod = await import(BUILD_PATH);
    // Static files are sent gzip-compressed too (CSS, the enhancement script, SVG); images are already compressed.
    server.use(compression());
    // A shop's own images: files in DATA_DIR/site-images replace the built-in ones of the same name (docs/public-site.md).
    server.use('/images', express.static(path.join(mod.getConfig().dataDir, 'site-images'), { maxAge: '1h', index: false }));
    server.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y', index: false }));
    // Only paths naming a file (with an extension) look on disk: pages skip the stat call every request would pay.
    const publicFiles = express.static('build/client', { maxAge: '1h', index: false });
    server.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }

  const runtime = await mod.startRuntime();
  if (!DEVELOPMENT) server.use(mod.createApp());

  const config = mod.getConfig();
  const { port, host } = config;
  const listener = server.listen(port, host, () => {
    console.log(`Shop site running at ${config.appUrl}`);
    if (runtime.demo) {
      console.log('Demo data loaded. Sign in with:');
      console.log(`  admin:    ${runtime.demo.admin.email} / ${runtime.demo.admin.password}`);
      const c = runtime.demo.customers[0];
      console.log(`  customer: ${c.email} / ${c.password}  (and ${runtime.demo.customers.length - 1} more customers, same password)`);
    }
  });
  listener.on('error', (error) => fail(Object.assign(new Error(`Cannot listen on ${host}:${port}: ${error.message}`), { name: 'StartupError' })));

  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing in-flight requests`);
    const force = setTimeout(() => listener.closeAllConnections(), 10_000);
    force.unref();
    await new Promise((resolve) => {
      listener.close(resolve);
      listener.closeIdleConnections();
    });
    clearTimeout(force);
    await mod.stopRuntime();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch(fail);
