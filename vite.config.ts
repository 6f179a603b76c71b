import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { enhanceScript } from './app/enhance/vite-plugin.js';

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  build: {
    rollupOptions: isSsrBuild ? { input: './server/app.ts' } : undefined,
  },
  ssr: {
    // Native or WASM-bearing packages stay external and load from node_modules at run time.
    external: ['@electric-sql/pglite', 'pg', 'pino', 'nodemailer'],
  },
  plugins: [tailwindcss(), reactRouter(), enhanceScript(import.meta.dirname)],
}));
