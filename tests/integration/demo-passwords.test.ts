/**
 * Issue 13: no account of a server others can reach has a password written in the README. The demo shop gets the
 * README's passwords only when the server is reachable from this machine alone; otherwise random ones, kept in
 * DATA_DIR/demo-passwords (mode 0600). README passwords left from a loopback run are replaced once the server is public.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getAuth } from '~/server/auth/auth.server';
import { getConfig, loadConfig, setConfig } from '~/server/config.server';
import { retireReadmeDemoPasswords, seedDemo } from '~/server/db/seed.server';
import { signInCookie } from '../setup/factories';
import { openTestDatabase } from '../setup/test-db';

const README = { admin: 'demo-admin-pass', customer: 'demo-customer-pass' };
const ADMIN = 'admin@example.com';
const CUSTOMER = 'maria.gonzalez@example.com';

async function signInWorks(email: string, password: string): Promise<boolean> {
  const response = await getAuth().api.signInEmail({ body: { email, password }, asResponse: true });
  return response.ok;
}

function readFile(dataDir: string) {
  const file = path.join(dataDir, 'demo-passwords');
  const text = fs.readFileSync(file, 'utf8');
  return {
    mode: fs.statSync(file).mode & 0o777,
    admin: /^admin_password=(\S+)$/m.exec(text)?.[1] ?? '',
    customer: /^customer_password=(\S+)$/m.exec(text)?.[1] ?? '',
  };
}

describe('demo passwords', { timeout: 60_000 }, () => {
  it('on a server others can reach (HOST=0.0.0.0), the demo shop gets random passwords kept in a 0600 file, never the README ones', async () => {
    const t = await openTestDatabase({ HOST: '0.0.0.0' });
    try {
      const demo = await seedDemo(t.db);
      const kept = readFile(t.dataDir);
      expect(kept.mode).toBe(0o600);
      expect(demo.passwordFile).toBe(path.join(t.dataDir, 'demo-passwords'));
      expect(kept.admin).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      expect(kept.customer).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      expect(kept.admin).not.toBe(kept.customer);
      expect(demo.admin.password).toBe(kept.admin);
      expect(demo.customers[0]!.password).toBe(kept.customer);

      expect(await signInWorks(ADMIN, README.admin)).toBe(false);
      expect(await signInWorks(CUSTOMER, README.customer)).toBe(false);
      expect(await signInCookie(ADMIN, kept.admin)).toMatch(/session_token=/);
      expect(await signInCookie(CUSTOMER, kept.customer)).toMatch(/session_token=/);
    } finally {
      await t.close();
    }
  });

  it('a loopback HOST behind a public APP_URL counts as reachable by others too', async () => {
    const t = await openTestDatabase({ HOST: '127.0.0.1', APP_URL: 'https://shop.example.com' });
    try {
      await seedDemo(t.db);
      expect(await signInWorks(ADMIN, README.admin)).toBe(false);
      expect(await signInWorks(ADMIN, readFile(t.dataDir).admin)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('on loopback (the default HOST, as in the README quick start) the README passwords work and no file is written', async () => {
    const t = await openTestDatabase(); // HOST unset
    try {
      expect(t.config.host).toBe('127.0.0.1');
      const demo = await seedDemo(t.db);
      expect(demo.passwordFile).toBeUndefined();
      expect(demo.admin.password).toBe(README.admin);
      expect(await signInCookie(ADMIN, README.admin)).toMatch(/session_token=/);
      expect(await signInCookie(CUSTOMER, README.customer)).toMatch(/session_token=/);
      expect(fs.existsSync(path.join(t.dataDir, 'demo-passwords'))).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('a folder seeded on loopback and then served to others loses the README passwords and their sessions', async () => {
    const t = await openTestDatabase({ HOST: '127.0.0.1' });
    try {
      await seedDemo(t.db);
      const cookie = await signInCookie(ADMIN, README.admin);
      const loopback = getConfig();
      expect(await retireReadmeDemoPasswords(t.db, loopback)).toBeUndefined();

      const reachable = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, BETTER_AUTH_SECRET: loopback.authSecret, HOST: '0.0.0.0' });
      setConfig(reachable);
      const printed = await retireReadmeDemoPasswords(t.db, reachable);
      const kept = readFile(t.dataDir);
      expect(printed).toMatchObject({ admin: { password: kept.admin }, replacedReadmePasswords: true });
      expect(await signInWorks(ADMIN, README.admin)).toBe(false);
      expect(await signInWorks(CUSTOMER, README.customer)).toBe(false);
      expect(await signInWorks(ADMIN, kept.admin)).toBe(true);
      expect(await signInWorks(CUSTOMER, kept.customer)).toBe(true);
      const session = await getAuth().api.getSession({ headers: new Headers({ cookie }) });
      expect(session).toBeNull();
      // Once replaced, a later start changes nothing.
      expect(await retireReadmeDemoPasswords(t.db, reachable)).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
