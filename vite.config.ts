import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { enhanceScript } from './app/enhance/vite-plugin.js';
import { precompressAssets } from './server/precompressed-assets.js';

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  build: {
    rollupOptions: isSsrBuild ? { input: './server/app.ts' } : undefined,
  },
  ssr: {
    // Native or WASM-bearing packages stay external and load from node_modules at run time; so does pdfmake, which
    // reads its Roboto files (and pdfkit its font data) from its own folder there.
    external: ['@electric-sql/pglite', 'pg', 'pino', 'nodemailer', 'pdfmake'],
  },
  plugins: [tailwindcss(), reactRouter(), enhanceScript(import.meta.dirname), precompressAssets()],
}));
