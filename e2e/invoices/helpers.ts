/** Invoice browser-test helpers: fixture paths and a unique suffix. */
import crypto from 'node:crypto';
import path from 'node:path';

export const FIXTURE_DIR = path.resolve(import.meta.dirname, '../../tests/fixtures/invoices');
export const fixturePath = (name: string) => path.join(FIXTURE_DIR, name);
export const suffix = () => crypto.randomBytes(3).toString('hex').toUpperCase();
