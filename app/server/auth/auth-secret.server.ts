/**
 * The auth secret as data that must survive a backup and restore (issue 13).
 *
 * Better Auth encrypts every two-factor secret and backup code with the auth secret (`two_factors.secret` and
 * `two_factors.backup_codes`, XChaCha20-Poly1305 keyed by SHA-256 of the secret, better-auth/crypto). A database restored
 * under another secret signs nobody in with two-factor, so backups carry the generated secret (or a fingerprint of
 * BETTER_AUTH_SECRET) and restores check it before writing anything.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { AppConfig } from '../config.server';

/** The file in the data folder holding the generated secret (when BETTER_AUTH_SECRET is unset). */
export const AUTH_SECRET_FILE = 'auth-secret';

/** Where the secret in force comes from: the environment, the data folder's file, or nowhere yet. */
export type AuthSecretSource = { source: 'env'; secret: string } | { source: 'file'; secret: string } | { source: 'none' };

/**
 * Reads the secret the server would use for `config` without creating one: BETTER_AUTH_SECRET when set, else the
 * trimmed contents of `DATA_DIR/auth-secret`, else `{ source: 'none' }`.
 */
export function readAuthSecret(config: Pick<AppConfig, 'dataDir' | 'authSecret'>): AuthSecretSource {
  if (config.authSecret) return { source: 'env', secret: config.authSecret };
  try {
    const secret = fs.readFileSync(path.join(config.dataDir, AUTH_SECRET_FILE), 'utf8').trim();
    return secret ? { source: 'file', secret } : { source: 'none' };
  } catch {
    return { source: 'none' };
  }
}

/**
 * The secret the server uses: BETTER_AUTH_SECRET, or `DATA_DIR/auth-secret`, created with 32 random bytes (base64url,
 * mode 0600, exclusively: of two processes starting at once both read the one that won) when missing.
 */
export function resolveAuthSecret(config: Pick<AppConfig, 'dataDir' | 'authSecret'>): string {
  const found = readAuthSecret(config);
  if (found.source !== 'none') return found.secret;
  const file = path.join(config.dataDir, AUTH_SECRET_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/**
 * A fingerprint of a secret that can be stored beside data without revealing it: HMAC-SHA256 keyed by the secret over a
 * fixed label, hex (64 characters). Equal fingerprints mean equal secrets.
 */
export function authSecretFingerprint(secret: string): string {
  return crypto.createHmac('sha256', secret).update('shop-floor auth-secret fingerprint v1').digest('hex');
}

/**
 * Writes `secret` to `DATA_DIR/auth-secret` with mode 0600, replacing any file there atomically (written beside it,
 * then renamed), so no reader ever sees a partial or world-readable secret. Creates the data folder when missing.
 */
export function writeAuthSecretFile(dataDir: string, secret: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, AUTH_SECRET_FILE);
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(temp, secret, { mode: 0o600, flag: 'wx' });
    fs.chmodSync(temp, 0o600);
    fs.renameSync(temp, file);
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** A two-factor row as stored (Better Auth's encrypted columns). */
export interface EncryptedTwoFactor {
  secret: string;
  backupCodes: string;
}

/** True when `row`'s TOTP secret and backup codes both decrypt with `secret` (the check Better Auth makes at sign-in). */
export async function twoFactorDecrypts(row: EncryptedTwoFactor, secret: string): Promise<boolean> {
  try {
    await symmetricDecrypt({ key: secret, data: row.secret });
    await symmetricDecrypt({ key: secret, data: row.backupCodes });
    return true;
  } catch {
    return false;
  }
}

/** How many of `rows` do not decrypt with `secret` (0 = every two-factor user can sign in under it). */
export async function countUndecryptable(rows: EncryptedTwoFactor[], secret: string | undefined): Promise<number> {
  if (!secret) return rows.length;
  let failed = 0;
  for (const row of rows) if (!(await twoFactorDecrypts(row, secret))) failed += 1;
  return failed;
}
