// `npm start`: builds when the build is missing or older than the sources, then runs the production server
// (which migrates, seeds demo data on an empty database, serves and prints the URL and demo sign-in).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'build', 'server', 'index.js');

function newestMtime(target) {
  let newest = 0;
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

const sources = ['app', 'server', 'public', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts'];
const built = fs.statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (!built || newest > built) {
  console.log(built ? 'Sources changed: rebuilding…' : 'First run: building the site…');
  const result = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) {
    console.error('The build failed (see above).');
    process.exit(result.status ?? 1);
  }
}

const child = spawn(process.execPath, ['server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
