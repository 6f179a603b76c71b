/**
 * Builds the marketing pages' one enhancement script (`app/enhance/enhance.ts`) with the app.
 *
 * Marketing pages do not hydrate (DESIGN.md decision log), so React Router's manifest never loads this file. The
 * plugin adds it to the client build as its own entry chunk with a name fixed in advance (`assets/enhance-<hash>.js`,
 * the hash taken from the sources in `app/enhance/`), and in builds replaces `app/enhance/script-url.ts` (whose own
 * value is the development URL, so dev and Vitest need no plugin) with a module exporting that URL.
 * Served from 'self' under /assets (immutable caching), so the CSP needs no inline script.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';


/** Hash of every TypeScript source in the enhance folder (the script may import its own helpers). */
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
  const entry = path.join(dir, 'enhance.ts');
  const urlModule = path.join(dir, 'script-url.ts');
  let command: 'build' | 'serve' = 'build';
  const fileName = () => `assets/enhance-${sourceHash(dir)}.js`;
  return {
    name: 'shop-enhance-script',
    configResolved(config) {
      command = config.command;
    },
    load(id) {
      if (command !== 'build' || id.split('?')[0] !== urlModule) return undefined;
      return `export default ${JSON.stringify(`/${fileName()}`)};`;
    },
    buildStart() {
      if (command !== 'build' || this.environment?.config.consumer === 'server') return;
      this.emitFile({ type: 'chunk', id: entry, fileName: fileName() });
    },
  };
}
