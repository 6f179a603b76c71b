/**
 * A small footprint (issue 13): packages that hold a lot of memory and serve few requests are loaded on first use
 * (app/server/load-on-use.server.ts), so a started server has none of them in memory. A real start in a process of its
 * own: the app entry (server/app.ts) and the runtime with the embedded database in a fresh data folder (first run:
 * creation, migrations, demo data), every module resolution recorded by a loader hook.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-footprint-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Loaded on first use only: images, OCR, PDF text, PDF making, the S3 driver, QR codes, mail, upload sniffing. */
const LOADED_ON_USE = ['sharp', 'tesseract.js', 'pdfjs-dist', 'pdfmake', '@aws-sdk/client-s3', 'qrcode', 'nodemailer', 'file-type'];
/**
 * The e-mail templates (React Email), loaded with the first message rendered. The first run's demo data renders some
 * (its sign-ups queue verification mails, which the seed then drops), so they are checked on a restart.
 */
const MAIL_TEMPLATES = ['@react-email/components', '@react-email/render'];

const RECORDER = `
let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  port.postMessage(result.url);
  return result;
}`;

const CHILD = `
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const { port1, port2 } = new MessageChannel();
const urls = new Set();
port1.on('message', (url) => urls.add(url));
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(RECORDER)}), { data: { port: port2 }, transferList: [port2] });
const app = await import(${JSON.stringify(pathToFileURL(path.join(root, 'server', 'app.ts')).href)});
await app.startRuntime();
await new Promise((resolve) => setTimeout(resolve, 500));
await app.stopRuntime();
const packages = new Set([...urls].map((url) => /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url)?.[1]).filter(Boolean));
console.log('PACKAGES ' + JSON.stringify([...packages]));
process.exit(0);
`;

/** Starts the app in a process of its own on the `work` data folder and returns the packages it loaded. */
function packagesLoadedAtStart(): string[] {
  // A file, not --eval: the database thread inherits the process's options and --input-type would stop it.
  const script = path.join(work, 'start.mjs');
  fs.writeFileSync(script, CHILD);
  const child = spawnSync(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: path.join(work, 'data'),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'silent',
      APP_URL: 'http://127.0.0.1:3999',
      BETTER_AUTH_SECRET: 'footprint-test-secret-footprint-test-0123',
    },
  });
  expect(child.status, child.stderr).toBe(0);
  const line = child.stdout.split('\n').find((l) => l.startsWith('PACKAGES '));
  const packages = JSON.parse(line!.slice('PACKAGES '.length)) as string[];
  // The recorder saw the start-up (so an empty result below is real).
  expect(packages).toEqual(expect.arrayContaining(['better-auth', '@electric-sql/pglite', 'express']));
  return packages;
}

describe('start-up footprint', () => {
  it('starts (first run with demo data, then a restart) without loading the packages that are loaded on first use', { timeout: 180_000 }, () => {
    const firstRun = packagesLoadedAtStart();
    expect(firstRun.filter((name) => LOADED_ON_USE.includes(name))).toEqual([]);
    const restart = packagesLoadedAtStart();
    expect(restart.filter((name) => [...LOADED_ON_USE, ...MAIL_TEMPLATES].includes(name))).toEqual([]);
  });
});
