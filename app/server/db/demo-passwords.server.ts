/**
 * The demo shop's passwords (issue 13). The README prints fixed ones (`demo-admin-pass`, `demo-customer-pass`); they
 * are used only when the server can be reached from this machine alone (`config.loopbackOnly`). Otherwise the first
 * seed generates random ones (18 random bytes, base64url: 24 characters) and keeps them in `DATA_DIR/demo-passwords`
 * (mode 0600, created exclusively) so the owner can look them up; later seeds of the same folder reuse them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config.server';

/** The README's passwords, for a demo only this machine can reach. */
export const README_DEMO_PASSWORDS = { admin: 'demo-admin-pass', customer: 'demo-customer-pass' } as const;

/** The file in the data folder holding generated demo passwords. */
export const DEMO_PASSWORDS_FILE = 'demo-passwords';

export interface DemoPasswords {
  /** The demo admin's password (also the demo staff's: tech@, writer@, parts@example.com). */
  admin: string;
  /** One password for every demo customer. */
  customer: string;
  /** Where generated passwords are kept (absolute path); undefined for the README's fixed ones. */
  file: string | undefined;
}

/** A random password: `bytes` random bytes in base64url (18 bytes: 24 characters, 144 bits). */
export function randomPassword(bytes = 18): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

function parse(text: string): { admin: string; customer: string } | undefined {
  const value = (key: string) => new RegExp(`^${key}=(\\S{16,})$`, 'm').exec(text)?.[1];
  const admin = value('admin_password');
  const customer = value('customer_password');
  return admin && customer ? { admin, customer } : undefined;
}

/**
 * The passwords the demo shop gets for `config` (see module docs). For a server others can reach, reads
 * `DATA_DIR/demo-passwords` or creates it (mode 0600) with new random passwords. Throws when the data folder cannot be
 * written, or when the file exists but holds no passwords (it is left for the owner to fix or delete).
 */
export function demoPasswordsFor(config: Pick<AppConfig, 'dataDir' | 'loopbackOnly'>): DemoPasswords {
  if (config.loopbackOnly) return { ...README_DEMO_PASSWORDS, file: undefined };
  const file = path.join(config.dataDir, DEMO_PASSWORDS_FILE);
  const generated = { admin: randomPassword(), customer: randomPassword() };
  const text = [
    '# Demo sign-in for this shop, generated on first start because the server can be reached from other machines.',
    '# Admin: admin@example.com, and the demo staff tech@, writer@ and parts@example.com with the same password.',
    '# Customers: maria.gonzalez@example.com and the other demo customers (one password).',
    '# Keep this file private; delete the demo accounts once the shop has its own.',
    `admin_password=${generated.admin}`,
    `customer_password=${generated.customer}`,
    '',
  ].join('\n');
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
    fs.chmodSync(file, 0o600);
    return { ...generated, file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const kept = parse(fs.readFileSync(file, 'utf8'));
  if (!kept) throw new Error(`${file} holds no demo passwords: delete it to have new ones generated.`);
  return { ...kept, file };
}
