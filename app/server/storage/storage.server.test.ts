import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage, StorageConflictError, StorageKeyError } from './storage.server';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('local storage driver', () => {
  const storage = createLocalStorage(root);

  it('stores, reads back, lists sorted and deletes real files', async () => {
    await storage.put('repair-photos', 'work_orders/a/2.jpg', new Uint8Array([2]), { contentType: 'image/jpeg' });
    await storage.put('repair-photos', 'work_orders/a/1.jpg', new Uint8Array([1, 1]), { contentType: 'image/jpeg' });
    expect(fs.existsSync(path.join(root, 'repair-photos', 'work_orders', 'a', '1.jpg'))).toBe(true);
    expect(await storage.list('repair-photos', 'work_orders/a/')).toEqual(['work_orders/a/1.jpg', 'work_orders/a/2.jpg']);
    const object = await storage.get('repair-photos', 'work_orders/a/1.jpg');
    expect(object?.size).toBe(2);
    expect(new Uint8Array(await new Response(object!.body).arrayBuffer())).toEqual(new Uint8Array([1, 1]));
    await storage.delete('repair-photos', 'work_orders/a/1.jpg');
    expect(await storage.exists('repair-photos', 'work_orders/a/1.jpg')).toBe(false);
    expect(await storage.get('repair-photos', 'work_orders/a/1.jpg')).toBeNull();
  });

  it('never overwrites and refuses keys that could escape the bucket', async () => {
    await storage.put('customer-files', 'x/quote.pdf', new Uint8Array([1]), { contentType: 'application/pdf' });
    await expect(storage.put('customer-files', 'x/quote.pdf', new Uint8Array([9]), { contentType: 'application/pdf' })).rejects.toThrow(
      StorageConflictError,
    );
    for (const key of ['../secret', '/etc/passwd', 'a//b', 'a/../b', 'a b', '']) {
      await expect(storage.get('customer-files', key)).rejects.toThrow(StorageKeyError);
    }
  });

  it('lists objects with size and modification time, including an interrupted write, and never leaves one itself', async () => {
    await storage.put('invoice-files', 'inv/a/1.pdf', new Uint8Array([1, 2, 3]), { contentType: 'application/pdf' });
    // What a process killed in the middle of `put` leaves: the temporary file, never linked to its key.
    const partial = 'inv/a/2.pdf.4242.1700000000000abcdef.part';
    fs.writeFileSync(path.join(root, 'invoice-files', ...partial.split('/')), 'half');
    const old = new Date('2020-01-01T00:00:00Z');
    fs.utimesSync(path.join(root, 'invoice-files', 'inv', 'a', '1.pdf'), old, old);
    const entries = await storage.listObjects('invoice-files', 'inv/');
    expect(entries.map((e) => [e.key, e.size])).toEqual([
      ['inv/a/1.pdf', 3],
      [partial, 4],
    ]);
    expect(entries[0]!.modifiedAt.toISOString()).toBe(old.toISOString());
    expect(await storage.list('invoice-files', 'inv/')).toEqual(['inv/a/1.pdf']); // keys only: no unfinished writes
    await storage.delete('invoice-files', partial);
    expect(fs.readdirSync(path.join(root, 'invoice-files', 'inv', 'a'))).toEqual(['1.pdf']);
    // A write that fails (here: the key's folder is a file) leaves no temporary file behind.
    fs.writeFileSync(path.join(root, 'invoice-files', 'blocked'), 'x');
    await expect(storage.put('invoice-files', 'blocked/3.pdf', new Uint8Array([3]), { contentType: 'application/pdf' })).rejects.toThrow();
    await expect(storage.put('invoice-files', 'inv/a/1.pdf', new Uint8Array([3]), { contentType: 'application/pdf' })).rejects.toThrow(
      StorageConflictError,
    );
    expect(fs.readdirSync(path.join(root, 'invoice-files', 'inv', 'a'))).toEqual(['1.pdf']);
  });
});
