/**
 * File storage behind one interface (DESIGN.md): a local folder by default (`DATA_DIR/files/<bucket>/<key>`), an
 * S3-compatible bucket in production. Nothing stored is public; `/files/...` routes check access and stream objects.
 *
 * Keys are relative paths of `[A-Za-z0-9._-]` segments separated by `/` (e.g. `work_orders/<uuid>/1700000000-photo.jpg`);
 * anything else throws {@link StorageKeyError}. `put` never overwrites: an existing key throws {@link StorageConflictError}.
 */
import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Bucket } from '~/lib/work-order-status';

export class StorageKeyError extends Error {
  override name = 'StorageKeyError';
}
export class StorageConflictError extends Error {
  override name = 'StorageConflictError';
}

export interface StoredObject {
  /** The bytes, as a web stream (ready for `new Response(body)`). */
  body: ReadableStream<Uint8Array>;
  size: number;
}

export interface Storage {
  /** Stores bytes under a new key; throws StorageConflictError when the key exists. */
  put(bucket: Bucket, key: string, data: Uint8Array, options: { contentType: string }): Promise<void>;
  /** The object, or null when there is none. */
  get(bucket: Bucket, key: string): Promise<StoredObject | null>;
  /** Removes the object; no error when it is already gone. */
  delete(bucket: Bucket, key: string): Promise<void>;
  exists(bucket: Bucket, key: string): Promise<boolean>;
  /** Keys under a prefix, sorted by name ascending. */
  list(bucket: Bucket, prefix: string): Promise<string[]>;
  /**
   * Every object under a prefix with its size (bytes) and last-modified time, sorted by key; for the orphan sweep
   * (`orphan-sweep.server.ts`). The local driver also reports unfinished writes (`….part` files left by a process that
   * died mid-write) so the sweep can remove them; `delete` accepts their keys.
   */
  listObjects(bucket: Bucket, prefix: string): Promise<StoredEntry[]>;
  /**
   * Checks at start-up that every bucket is there and reachable; throws StorageUnavailableError naming the first one
   * that is not (drivers whose places always exist may leave it out).
   */
  check?(): Promise<void>;
}

/** All the bytes of a stored object (for the few readers that need them whole: PDFs, logos, backups, thumbnails). */
export async function objectBytes(object: StoredObject): Promise<Uint8Array> {
  return new Uint8Array(await new Response(object.body).arrayBuffer());
}

/** A storage place (an S3 bucket) that is missing or cannot be reached. */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
}

export interface StoredEntry {
  key: string;
  size: number;
  modifiedAt: Date;
}

const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Throws StorageKeyError unless `key` is a safe relative key. */
export function assertValidKey(key: string): void {
  const segments = key.split('/');
  if (!key || key.length > 512 || segments.some((s) => !SEGMENT.test(s) || s === '.' || s === '..')) {
    throw new StorageKeyError(`Invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

/** The local-folder driver: one folder per bucket under `root`. Writes go to a temporary file, then a rename. */
export function createLocalStorage(root: string): Storage {
  const fileFor = (bucket: Bucket, key: string) => {
    assertValidKey(key);
    return path.join(root, bucket, ...key.split('/'));
  };
  /** Files under a prefix, sorted by key; `partial` marks temporary files of writes in progress (or interrupted). */
  const walk = async (bucket: Bucket, prefix: string) => {
    const base = path.join(root, bucket);
    const start = prefix ? fileFor(bucket, prefix.replace(/\/+$/, '')) : base;
    const out: { key: string; full: string; partial: boolean }[] = [];
    const visit = async (dir: string) => {
      let entries;
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await visit(full);
        else out.push({ key: path.relative(base, full).split(path.sep).join('/'), full, partial: entry.name.endsWith('.part') });
      }
    };
    await visit(start);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  };
  return {
    async put(bucket, key, data) {
      const file = fileFor(bucket, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.${Date.now()}${crypto.randomBytes(3).toString('hex')}.part`;
      try {
        // A failed or interrupted write never leaves the temporary file behind (a killed process can: see listObjects).
        await fs.writeFile(temp, data, { flag: 'wx' });
        await fs.link(temp, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new StorageConflictError(`${bucket}/${key} exists`);
        throw error;
      } finally {
        await fs.rm(temp, { force: true });
      }
    },
    async get(bucket, key) {
      const file = fileFor(bucket, key);
      try {
        const stat = await fs.stat(file);
        if (!stat.isFile()) return null;
        return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size: stat.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(bucket, key) {
      await fs.rm(fileFor(bucket, key), { force: true });
    },
    async exists(bucket, key) {
      try {
        return (await fs.stat(fileFor(bucket, key))).isFile();
      } catch {
        return false;
      }
    },
    async list(bucket, prefix) {
      return (await walk(bucket, prefix)).filter((e) => !e.partial).map((e) => e.key);
    },
    async listObjects(bucket, prefix) {
      const entries = await walk(bucket, prefix);
      const out: StoredEntry[] = [];
      for (const entry of entries) {
        try {
          const stat = await fs.stat(entry.full);
          out.push({ key: entry.key, size: stat.size, modifiedAt: stat.mtime });
        } catch {
          // removed while listing
        }
      }
      return out;
    },
  };
}

let current: Storage | undefined;

/** The process storage: set at start-up (or by tests); defaults to the local folder under the data folder. */
export function getStorage(): Storage {
  if (!current) throw new Error('Storage is not configured yet (call setStorage first).');
  return current;
}

/**
 * Sets (or with `undefined` clears) the process storage. Start-up sets the configured driver; tests set a local folder
 * of their own, or a wrapper around one that fails on purpose (tests/faults).
 */
export function setStorage(storage: Storage | undefined): void {
  current = storage;
}
