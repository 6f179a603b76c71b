import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bundle-'));
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

/** Secrets set while building: none may appear in what browsers download. */
const CANARIES = {
  BETTER_AUTH_SECRET: 'canary-auth-secret-5b1e0c7d9a4f4b2e8c6d',
  GOOGLE_CLIENT_SECRET: 'canary-google-secret-71c3',
  GOOGLE_CLIENT_ID: 'canary-google-id-83d1',
  GEMINI_API_KEY: 'canary-gemini-key-0f9e',
  SMTP_URL: 'smtp://canaryuser:canary-smtp-pass@127.0.0.1:2525',
  DATABASE_URL: 'postgres://canary:canary-db-pass@127.0.0.1:5432/shop',
  S3_SECRET_ACCESS_KEY: 'canary-s3-secret-44aa',
  TWILIO_AUTH_TOKEN: 'canary-twilio-token-9c2e',
};

/** Literal strings that exist only in server modules: finding one means server code reached the client bundle. */
const SERVER_ONLY_MARKERS = [
  'The database is not open yet',
  'Invalid configuration:',
  'Cross-site form posts are not accepted',
  'FOR UPDATE',
  'make_interval',
  'drizzle.__drizzle_migrations',
  'auth-secret',
  'nodemailer',
  '@electric-sql/pglite',
  'sms webhook: signature missing or wrong',
  'Reply START to subscribe again',
];

function clientFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? clientFiles(full) : [full];
  });
}

describe('client bundle', { timeout: 180_000 }, () => {
  it('contains no configured secret and no server-only module', () => {
    const build = spawnSync('npx', ['react-router', 'build'], {
      env: { ...process.env, ...CANARIES, BUILD_DIR: outDir, NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    const files = clientFiles(path.join(outDir, 'client'));
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    const leaks: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'latin1');
      for (const value of [...Object.values(CANARIES), ...SERVER_ONLY_MARKERS]) {
        if (text.includes(value)) leaks.push(`${path.relative(outDir, file)}: ${value}`);
      }
    }
    expect(leaks).toEqual([]);
    // The server build does contain the server code (so the markers are real).
    const server = clientFiles(path.join(outDir, 'server')).map((f) => fs.readFileSync(f, 'latin1')).join('\n');
    expect(server).toContain('Cross-site form posts are not accepted');
  });
});
