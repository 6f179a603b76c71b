/**
 * Builds the HTML-first pages' enhancement scripts with the app: `app/enhance/enhance.ts` (marketing pages) and
 * `app/enhance/status-live.ts` (the status page's live updates, issue 15), `app/enhance/book.ts` (the booking page's
 * slot picker, issue 16).
 *
 * Those pages do not hydrate (DESIGN.md decision log), so React Router's manifest never loads these files. The plugin
 * adds each to the client build as its own entry chunk with a name fixed in advance (`assets/enhance-<hash>.js`,
 * `assets/status-live-<hash>.js`, the hash taken from the sources in `app/enhance/`), and in builds replaces the URL
 * module of each (`script-url.ts`, `status-script-url.ts`, whose own values are the development URLs, so dev and
 * Vitest need no plugin) with a module exporting that URL. Served from 'self' under /assets (immutable caching), so the
 * CSP needs no inline script.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Each script: its entry file, the module exporting its URL, and the built file's name before the hash. */
const SCRIPTS = [
  { entry: 'enhance.ts', urlModule: 'script-url.ts', name: 'enhance' },
  { entry: 'status-live.ts', urlModule: 'status-script-url.ts', name: 'status-live' },
  { entry: 'book.ts', urlModule: 'book-script-url.ts', name: 'book' },
] as const;

/** Hash of every TypeScript source in the enhance folder (the scripts may import their own helpers). */
function sourceHash(dir: string): string {
  const hash = crypto.createHash('sha256');
  for (const file of fs.readdirSync(dir).sort()) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file === 'vite-plugin.ts') continue;
    hash.update(file).update(fs.readFileSync(path.join(dir, file)));
  }
  return hash.digest('hex').slice(0, 10);
}

export function enhanceScript(root: string): Plugin {
  const dir = path.join(root, 'app/enhance');
  let command: 'build' | 'serve' = 'build';
  const fileName = (name: string) => `assets/${name}-${sourceHash(dir)}.js`;
  return {
    name: 'shop-enhance-script',
    configResolved(config) {
      command = config.command;
    },
    load(id) {
      if (command !== 'build') return undefined;
      const file = id.split('?')[0];
      const script = SCRIPTS.find((s) => path.join(dir, s.urlModule) === file);
      return script ? `export default ${JSON.stringify(`/${fileName(script.name)}`)};` : undefined;
    },
    buildStart() {
      if (command !== 'build' || this.environment?.config.consumer === 'server') return;
      for (const script of SCRIPTS) this.emitFile({ type: 'chunk', id: path.join(dir, script.entry), fileName: fileName(script.name) });
    },
  };
}
