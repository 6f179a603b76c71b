/**
 * The S3 driver against a real S3-protocol server (s3rver) on 127.0.0.1: the same contract as the local driver
 * (put/get/exists/delete/list, no overwrite, invalid keys refused), plus thumbnails served through it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKETS } from '~/lib/work-order-status';
import { loadConfig } from '../config.server';
import { createConfiguredStorage } from './create-storage.server';
import { createS3Storage } from './s3-storage.server';
import sharp from 'sharp';
import { serveDocumentFile, thumbnailKey } from '../portal/serve-document.server';
import { setStorage, StorageConflictError, StorageKeyError, type Storage } from './storage.server';

const PREFIX = 'shoptest-';
let server: { run(): Promise<AddressInfo>; close(): Promise<void> };
let dir: string;
let storage: Storage;
let endpoint: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: BUCKETS.map((name) => ({ name: `${PREFIX}${name}` })),
  });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  storage = createS3Storage({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    bucketPrefix: PREFIX,
  });
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const text = async (s: ReadableStream<Uint8Array>) => new Response(s).text();

describe('S3 storage driver (s3rver)', () => {
  it('checks at start-up that every bucket exists, naming the first missing one', async () => {
    await expect(storage.check!()).resolves.toBeUndefined();
    const missing = createS3Storage({
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      bucketPrefix: 'nosuchshop-',
    });
    await expect(missing.check()).rejects.toThrow(`Cannot use the S3 bucket nosuchshop-${BUCKETS[0]} at ${endpoint}: the bucket does not exist`);
  });

  it('stores, reads, lists by prefix in name order, and deletes', async () => {
    const bytes = new TextEncoder().encode('hello photo');
    await storage.put('repair-photos', 'work_orders/a/2-b.jpg', bytes, { contentType: 'image/jpeg' });
    await storage.put('repair-photos', 'work_orders/a/1-a.jpg', bytes, { contentType: 'image/jpeg' });
    await storage.put('repair-photos', 'work_orders/b/1-c.jpg', bytes, { contentType: 'image/jpeg' });
    const object = await storage.get('repair-photos', 'work_orders/a/1-a.jpg');
    expect(object?.size).toBe(bytes.length);
    expect(await text(object!.body)).toBe('hello photo');
    expect(await storage.exists('repair-photos', 'work_orders/a/1-a.jpg')).toBe(true);
    expect(await storage.list('repair-photos', 'work_orders/a/')).toEqual(['work_orders/a/1-a.jpg', 'work_orders/a/2-b.jpg']);
    await storage.delete('repair-photos', 'work_orders/a/1-a.jpg');
    await storage.delete('repair-photos', 'work_orders/a/1-a.jpg'); // already gone: no error
    expect(await storage.exists('repair-photos', 'work_orders/a/1-a.jpg')).toBe(false);
    expect(await storage.get('repair-photos', 'work_orders/a/1-a.jpg')).toBeNull();
  });

  it('lists objects with their size and last-modified time (for the orphan sweep)', async () => {
    const started = Date.now();
    await storage.put('invoice-files', 'listed/b.pdf', new Uint8Array([1, 2]), { contentType: 'application/pdf' });
    await storage.put('invoice-files', 'listed/a.pdf', new Uint8Array([1]), { contentType: 'application/pdf' });
    const entries = await storage.listObjects('invoice-files', 'listed/');
    expect(entries.map((e) => [e.key, e.size])).toEqual([
      ['listed/a.pdf', 1],
      ['listed/b.pdf', 2],
    ]);
    // S3 keeps whole seconds; allow for that and for a little clock difference.
    for (const e of entries) expect(Math.abs(e.modifiedAt.getTime() - started)).toBeLessThan(5_000);
  });

  it('keeps buckets apart and never overwrites', async () => {
    const key = 'work_orders/x/quote.pdf';
    await storage.put('customer-files', key, new Uint8Array([1, 2, 3]), { contentType: 'application/pdf' });
    expect(await storage.exists('invoice-files', key)).toBe(false);
    await expect(storage.put('customer-files', key, new Uint8Array([9]), { contentType: 'application/pdf' })).rejects.toBeInstanceOf(
      StorageConflictError,
    );
    expect((await storage.get('customer-files', key))?.size).toBe(3);
  });

  it('refuses unsafe keys before any request', async () => {
    await expect(storage.get('customer-files', '../etc/passwd')).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.put('customer-files', 'a//b', new Uint8Array(), { contentType: 'x/y' })).rejects.toBeInstanceOf(StorageKeyError);
  });

  it('is chosen by STORAGE_DRIVER=s3 with the S3_* settings', async () => {
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_BUCKET_PREFIX: PREFIX,
      DATA_DIR: dir,
    });
    const configured = await createConfiguredStorage(config);
    await configured.put('invoice-files', 'inv/1.pdf', new Uint8Array([7]), { contentType: 'application/pdf' });
    expect(await storage.exists('invoice-files', 'inv/1.pdf')).toBe(true);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_ACCESS_KEY_ID: 'only-one' })).toThrow(/must be set together/);
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER must be local or s3/);
    expect(loadConfig({}).storage.driver).toBe('local');
  });

  it('serves a photo and caches its thumbnail under thumbs/ in the same S3 bucket', async () => {
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const fileKey = 'work_orders/00000000-0000-4000-8000-000000000001/1-door.jpg';
    await storage.put('repair-photos', fileKey, new Uint8Array(jpeg), { contentType: 'image/jpeg' });
    setStorage(storage);
    try {
      const doc = { id: 'doc', documentType: 'repair_photo' as const, bucket: 'repair-photos' as const, fileKey, fileName: 'door.jpg', contentType: 'image/jpeg' };
      const full = await serveDocumentFile(doc, 'full');
      expect(Buffer.from(await full.arrayBuffer()).equals(jpeg)).toBe(true);
      const thumb = await serveDocumentFile(doc, 'thumb');
      expect(thumb.headers.get('Content-Type')).toBe('image/webp');
      expect(await storage.exists('repair-photos', thumbnailKey(fileKey))).toBe(true);
    } finally {
      setStorage(undefined);
    }
  });
});
