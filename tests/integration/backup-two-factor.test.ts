/**
 * Issue 13: a backup restores a working shop for two-factor users. Staff enrol two-factor, the shop is backed up, and the
 * archive is restored into an EMPTY data folder and an EMPTY (unmigrated) database; then the staff member signs in
 * with a code from the app, and separately with a backup code. A restore under another secret is refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as login from '~/routes/auth/login';
import * as challenge from '~/routes/auth/two-factor-challenge';
import * as setup from '~/routes/auth/two-factor-setup';
import { resetAuth } from '~/server/auth/auth.server';
import { BackupError, createBackup, restoreBackup } from '~/server/backup/backup.server';
import { loadConfig, setConfig, type AppConfig } from '~/server/config.server';
import { createPglite, setDatabase, wrapPglite, type DatabaseHandle } from '~/server/db/client.server';
import { createLocalStorage } from '~/server/storage/storage.server';
import { cookieOf, createAccount, makeRequest, redirectLocation, settle, testContext } from '../setup/factories';
import { openTestDatabase, TEST_SECRET } from '../setup/test-db';
import { totpFor } from '../setup/totp';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-2fa-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const args = (request: Request) => ({ request, params: {}, context: testContext }) as never;
const body = (value: unknown) => (value as { data: Record<string, unknown> }).data;

/** Staff account with two-factor on (through the real settings page); returns what its owner keeps. */
async function staffWithTwoFactor() {
  const admin = await createAccount({ admin: true });
  const path_ = '/account/two-factor';
  const started = body(await setup.action(args(makeRequest(path_, { cookie: admin.cookie, form: { intent: 'enable', password: admin.password } }))));
  const secret = String(started.secret);
  const done = body(await setup.action(args(makeRequest(path_, { cookie: admin.cookie, form: { intent: 'verify', code: await totpFor(secret), secret } }))));
  expect(done).toEqual({ step: 'done', message: 'Two-factor authentication is now on.' });
  return { email: admin.email, password: admin.password, secret, backupCodes: started.backupCodes as string[] };
}

/** Signs in with password, then answers the two-factor check; returns where the app sends the browser (or its error). */
async function signInWith(account: { email: string; password: string }, method: 'totp' | 'backup', code: string) {
  const first = await settle(() => login.action(args(makeRequest('/login', { form: { email: account.email, password: account.password } }))));
  const toChallenge = (first.thrown ?? first.value) as Response;
  expect(redirectLocation(toChallenge)).toMatch(/^\/login\/two-factor/);
  const answer = await settle(() =>
    challenge.action(args(makeRequest('/login/two-factor', { cookie: cookieOf(toChallenge), form: { method, code } }))),
  );
  const outcome = answer.thrown ?? answer.value;
  return redirectLocation(outcome) ?? String(body(outcome).formError);
}

/** A configuration for an empty data folder that does not exist yet, as on a new machine. */
function freshConfig(name: string, secret: string): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(work, name, 'data'),
    BETTER_AUTH_SECRET: secret,
    APP_URL: 'http://localhost:3000',
    SEED_DEMO: 'false',
  });
}

/** Makes an empty in-memory database (not even migrated) and `config` the process's, as `npm run restore` would run. */
async function emptyShop(config: AppConfig): Promise<DatabaseHandle> {
  const handle = wrapPglite(await createPglite());
  setConfig(config);
  setDatabase(handle);
  resetAuth();
  return handle;
}

describe('backup and restore with two-factor accounts', () => {
  it('with the generated secret: restored into an empty folder, staff sign in with an app code and with a backup code', async () => {
    const source = await openTestDatabase({ BETTER_AUTH_SECRET: '' });
    const archive = path.join(work, 'generated.tar.gz');
    let staff!: Awaited<ReturnType<typeof staffWithTwoFactor>>;
    try {
      staff = await staffWithTwoFactor();
      await createBackup(source.db, createLocalStorage(path.join(work, 'files-a')), archive, source.config);
      expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    } finally {
      await source.close();
    }
    expect(fs.existsSync(source.dataDir)).toBe(false); // the source folder is gone: only the archive is left

    // BETTER_AUTH_SECRET set on the new machine would override the carried secret: refused, nothing written.
    const overriding = freshConfig('overriding', TEST_SECRET);
    const refusedTarget = await emptyShop(overriding);
    try {
      await expect(restoreBackup(refusedTarget, createLocalStorage(path.join(work, 'files-o')), archive, overriding)).rejects.toThrow(
        /^Restore refused: this backup carries its own auth secret, but BETTER_AUTH_SECRET is set to another one/,
      );
      expect(fs.existsSync(path.join(overriding.dataDir, 'auth-secret'))).toBe(false);
    } finally {
      setDatabase(undefined);
      await refusedTarget.close();
    }

    const config = freshConfig('restored', '');
    const target = await emptyShop(config);
    try {
      await restoreBackup(target, createLocalStorage(path.join(work, 'files-b')), archive, config);
      const secretFile = path.join(config.dataDir, 'auth-secret');
      expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);

      expect(await signInWith(staff, 'totp', await totpFor(staff.secret))).toBe('/admin');
      expect(await signInWith(staff, 'backup', staff.backupCodes[0]!)).toBe('/admin');
    } finally {
      setDatabase(undefined);
      await target.close();
    }
  });

  it('with BETTER_AUTH_SECRET: restores under the same secret; refuses another one or none, writing nothing', async () => {
    const source = await openTestDatabase(); // BETTER_AUTH_SECRET = TEST_SECRET
    const archive = path.join(work, 'env.tar.gz');
    let staff!: Awaited<ReturnType<typeof staffWithTwoFactor>>;
    try {
      staff = await staffWithTwoFactor();
      // A backup run without the server's secret would be useless: refused before anything is written.
      const elsewhere = path.join(work, 'wrong-secret.tar.gz');
      await expect(
        createBackup(source.db, createLocalStorage(path.join(work, 'files-c')), elsewhere, { ...source.config, authSecret: 'x'.repeat(40) }),
      ).rejects.toThrow(/^No backup written: 1 two-factor account\(s\) cannot be decrypted with this BETTER_AUTH_SECRET/);
      await createBackup(source.db, createLocalStorage(path.join(work, 'files-c')), archive, source.config);
      expect(fs.readFileSync(archive).includes(Buffer.from(TEST_SECRET))).toBe(false);
    } finally {
      await source.close();
    }

    for (const [name, secret, shown] of [
      ['other', 'another-secret-another-secret-0123456789', 'not the one set now'],
      ['none', '', 'not set now'],
    ] as const) {
      const config = freshConfig(name, secret);
      const target = await emptyShop(config);
      try {
        const refused = restoreBackup(target, createLocalStorage(path.join(work, `files-${name}`)), archive, config);
        await expect(refused).rejects.toThrow(BackupError);
        await expect(refused).rejects.toThrow(
          new RegExp(`^Restore refused: this backup was made with a BETTER_AUTH_SECRET \\(fingerprint [0-9a-f]{12}\\) that is ${shown}; set the same BETTER_AUTH_SECRET`),
        );
        const users = (await target.db.execute('select count(*)::int as n from users')) as unknown as { rows: { n: number }[] };
        expect(users.rows[0]?.n).toBe(0);
        expect(fs.existsSync(path.join(config.dataDir, 'auth-secret'))).toBe(false);
      } finally {
        setDatabase(undefined);
        await target.close();
      }
    }

    const config = freshConfig('same', TEST_SECRET);
    const target = await emptyShop(config);
    try {
      await restoreBackup(target, createLocalStorage(path.join(work, 'files-same')), archive, config);
      expect(await signInWith(staff, 'totp', await totpFor(staff.secret))).toBe('/admin');
    } finally {
      setDatabase(undefined);
      await target.close();
    }
  });
});
