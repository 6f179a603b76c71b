import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataLock, createPglite } from '~/server/db/client.server';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cli-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function run(script: string, args: string[], dataDir: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', BETTER_AUTH_SECRET: 'cli-test-secret-cli-test-secret-0123456', ...env },
    encoding: 'utf8',
    timeout: 90_000,
  });
  return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

async function query<T>(dataDir: string, text: string): Promise<T[]> {
  const db = await createPglite(path.join(dataDir, 'db'));
  try {
    return (await db.query<T>(text)).rows;
  } finally {
    await db.close();
  }
}

describe('command-line tools', { timeout: 240_000 }, () => {
  const a = path.join(work, 'a');
  const b = path.join(work, 'b');
  const archive = path.join(work, 'backup.tar.gz');

  it('seeds, promotes an account to admin by e-mail, and explains an unknown e-mail', async () => {
    expect(run('seed', [], a)).toMatchObject({ code: 0 });
    const promoted = run('admin', ['Maria.Gonzalez@example.com'], a);
    expect(promoted).toMatchObject({ code: 0, out: 'maria.gonzalez@example.com is now an administrator. Sign in at /login.' });
    const rows = await query<{ is_admin: boolean }>(
      a,
      `select p.is_admin from profiles p join users u on u.id = p.id where u.email = 'maria.gonzalez@example.com'`,
    );
    expect(rows[0]?.is_admin).toBe(true);
    const unknown = run('admin', ['nobody@example.com'], a);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toBe('No account with the e-mail nobody@example.com. Register at /register first, then run this again.');
    expect(run('admin', ['--revoke', 'maria.gonzalez@example.com'], a)).toMatchObject({ code: 0, out: 'maria.gonzalez@example.com is no longer an administrator.' });

    // The role changes are audited (issue 6): one row each, by the OS account that ran the command; none for the refusal.
    const audit = await query<{ action: string; entity_type: string; entity_id: string; actor_user_id: string | null; actor_label: string; changes: unknown }>(
      a,
      `select a.action, a.entity_type, a.entity_id, a.actor_user_id, a.actor_label, a.changes from audit_log a
       where a.action = 'profile.role' order by a.created_at, a.id`,
    );
    const [maria] = await query<{ id: string }>(a, `select id from users where email = 'maria.gonzalez@example.com'`);
    const actor = { entity_type: 'profile', entity_id: maria!.id, actor_user_id: null, actor_label: `cli:${os.userInfo().username}` };
    expect(audit).toEqual([
      { action: 'profile.role', ...actor, changes: { isAdmin: { from: false, to: true }, email: { to: 'maria.gonzalez@example.com' } } },
      { action: 'profile.role', ...actor, changes: { isAdmin: { from: true, to: false }, email: { to: 'maria.gonzalez@example.com' } } },
    ]);
    expect(run('admin', ['maria.gonzalez@example.com'], a).code).toBe(0);
  });

  it('refuses to open the embedded database while another process holds it', () => {
    const release = acquireDataLock(a);
    try {
      const refused = run('admin', ['maria.gonzalez@example.com'], a);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(new RegExp(`in use by process ${process.pid} .*Stop the server first\\.$`));
    } finally {
      release();
    }
  });

  it('backs up one data folder and restores it into an empty one', async () => {
    const backup = run('backup', [archive], a);
    expect(backup.code).toBe(0);
    // The demo shop's files: its gallery images (issue 16), four scenes in every width and format.
    expect(backup.out.split('\n')[0]).toMatch(/^Backup written to .*backup\.tar\.gz: \d+ rows in \d+ tables, 24 files\.$/);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    // Another BETTER_AUTH_SECRET than the backup's: refused with one line and exit code 1, nothing restored.
    const c = path.join(work, 'c');
    const wrongSecret = run('restore', [archive], c, { BETTER_AUTH_SECRET: 'another-secret-another-secret-0123456789' });
    expect(wrongSecret.code).toBe(1);
    expect(wrongSecret.err).toMatch(/^Restore refused: this backup was made with a BETTER_AUTH_SECRET \(fingerprint [0-9a-f]{12}\) that is not the one set now; set the same BETTER_AUTH_SECRET for the restore and the server\.$/);
    const [none] = await query<{ n: number }>(c, 'select count(*)::int as n from users');
    expect(none?.n).toBe(0);
    const restore = run('restore', [archive], b);
    expect(restore.code).toBe(0);
    const [count] = await query<{ n: number }>(b, 'select count(*)::int as n from work_orders');
    expect(count?.n).toBe(8);
    const [gallery] = await query<{ n: number }>(b, 'select count(*)::int as n from gallery_items');
    expect(gallery?.n).toBeGreaterThan(0);
    const again = run('restore', [archive], b);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/^The database is not empty/);
  });
});
