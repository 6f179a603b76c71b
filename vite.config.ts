import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { enhanceScript } from './app/enhance/vite-plugin.js';
import { precompressAssets } from './server/precompressed-assets.js';

/**
 * The small browser-safe modules every hydrated area shares (texts, formatters, statuses, the shell, the portal's
 * components), bundled into one `app-common` chunk instead of a dozen files of a few hundred bytes each: a portal page
 * loaded 20 scripts, each a request of its own over a phone's connection (issue 15, portal performance). Modules that
 * pull in a library (Zod schemas, forms) and the marketing copy stay out, so no page loads more than it did by much
 * (a module added to app/lib must stay free of such imports, or every hydrated page would load that library). Rolldown
 * puts the React runtime the group needs in the same file: a portal page now loads 8 scripts instead of 16–20.
 */
function appCommon(id: string): boolean {
  const file = id.split('?')[0]!.replaceAll('\\', '/');
  if (!file.includes('/app/')) return false;
  const rel = file.slice(file.lastIndexOf('/app/') + 5);
  if (/^lib\/(schemas\/|forms\.ts)/.test(rel)) return false;
  return /^(lib\/[^/]+\.tsx?|lib\/estimates\/[^/]+\.ts|content\/shop\.ts|components\/(portal\/[^/]+|app-shell|error-boundary|estimates)\.tsx?)$/.test(
    rel,
  );
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  build: {
    rollupOptions: isSsrBuild
      ? { input: './server/app.ts' }
      : {
          output: {
            entryFileNames: 'assets/[name]-[hash].js',
            codeSplitting: { groups: [{ name: 'app-common', test: appCommon }] },
          },
        },
  },
  ssr: {
    // Native or WASM-bearing packages stay external and load from node_modules at run time; so does pdfmake, which
    // reads its Roboto files (and pdfkit its font data) from its own folder there.
    external: ['@electric-sql/pglite', 'pg', 'pino', 'nodemailer', 'pdfmake'],
  },
  plugins: [tailwindcss(), reactRouter(), enhanceScript(import.meta.dirname), precompressAssets()],
}));
