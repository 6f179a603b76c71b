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
});
