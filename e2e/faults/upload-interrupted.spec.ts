/**
 * Fault tests as processes (issue 6): the built server (`node server.js`) receives SIGTERM during a repair-photo upload.
 * No row may be left for that upload, and after the next start no file of it may remain in storage.
 *
 * 1. Local storage, SIGTERM while the multipart body is still streaming in slowly: the server stops taking new
 *    connections, gives in-flight requests its 10 s drain, then closes the stalled upload and exits 0. Nothing of the
 *    upload was stored (files are written once the whole body is in), no row exists, and after the next start the
 *    data folder holds no file of it. The same upload sent in full afterwards succeeds: the request itself was valid.
 * 2. S3 storage (s3rver behind a proxy that can hold writes), SIGTERM while the server is between "first photo stored"
 *    and "rows committed" (the second photo's PUT hangs, as a stuck S3 would): the drain gives up, the process exits,
 *    and the first photo is a real orphan in the bucket with no row. At the next start, once it is older than the
 *    one-hour grace period (its time is set back, as if the restart came later), the start-up sweep removes it, and
 *    keeps the photo and thumbnail of an earlier, committed upload, equally old.
 *
 * Needs the build (`npx react-router build`), like every spec here. Runs node processes only, no browser.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import sharp from 'sharp';
import { BUCKETS } from '../../app/lib/work-order-status';
import {
  filesUnder,
  openUpload,
  photoUploadBody,
  ServerProcess,
  signInAdmin,
  someWorkOrderId,
  startS3Proxy,
} from './helpers';

test.describe.configure({ mode: 'serial' });

const SWEPT = 'storage sweep: orphan files removed';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const smallJpeg = (color: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: color } }).jpeg().toBuffer();

test('SIGTERM while a large photo upload is still streaming: no row, no file, before or after the next start', async () => {
  test.setTimeout(180_000);
  const server = new ServerProcess();
  try {
    await server.start();
    await server.waitForLog(SWEPT);
    const cookie = await signInAdmin(server.baseURL);
    const workOrderId = await someWorkOrderId(server.baseURL, cookie);
    // A large photo (several MB of noise), sent slowly after a small one that arrives whole.
    const large = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(large.length).toBeGreaterThan(2 * 1024 * 1024);
    const photos = [
      { name: 'sigterm-before.jpg', bytes: await smallJpeg('#335577') },
      { name: 'sigterm-large.jpg', bytes: large },
    ];
    const body = photoUploadBody(workOrderId, photos);
    const upload = openUpload(server.baseURL, cookie, body.contentType, body.length);
    upload.write(body.head);
    let sent = 256 * 1024;
    upload.write(body.last.subarray(0, sent));
    await sleep(500);

    const signalled = Date.now();
    const exited = server.kill('SIGTERM');
    // The client keeps trickling 1 KB every 200 ms: it would need minutes to finish, far past the 10 s drain.
    const trickle = setInterval(() => {
      upload.write(body.last.subarray(sent, sent + 1024));
      sent += 1024;
    }, 200);
    const code = await exited;
    clearInterval(trickle);
    expect(code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(20_000);
    expect(sent).toBeLessThan(body.last.length);
    const outcome = await upload.done;
    expect(outcome).toHaveProperty('error'); // the connection was closed, no answer was sent

    const rowsOf = () =>
      server.query<{ file_name: string }>(
        `select file_name from customer_documents where work_order_id = $1 and file_name like 'sigterm-%' order by file_name`,
        [workOrderId],
      );
    expect(await rowsOf()).toEqual([]);
    const leftovers = () => filesUnder(path.join(server.dataDir, 'files')).filter((f) => f.includes('sigterm-') || f.endsWith('.part'));
    expect(leftovers()).toEqual([]);

    // Next start: still nothing of it (the sweep ran and had nothing of this upload to remove).
    await server.start();
    await server.waitForLog(SWEPT);
    expect(leftovers()).toEqual([]);

    // The same upload sent whole is accepted: the interrupted one failed only because it was interrupted.
    const again = openUpload(server.baseURL, await signInAdmin(server.baseURL), body.contentType, body.length);
    again.write(body.head);
    again.write(body.last);
    again.write(body.tail);
    again.end();
    const result = await again.done;
    expect(result).toMatchObject({ status: 200 });
    expect((result as { body: string }).body).toMatch(/File uploaded: \/files\/documents\/[0-9a-f-]{36}/);
    expect(await server.kill('SIGTERM')).toBe(0);
    expect((await rowsOf()).map((r) => r.file_name)).toEqual(['sigterm-before.jpg', 'sigterm-large.jpg']);
    expect(leftovers().filter((f) => f.startsWith('repair-photos/'))).toHaveLength(2);
  } finally {
    await server.dispose();
  }
});

test('SIGTERM between "photo stored" and "rows committed" (S3 stuck): the orphan is removed at the next start', async () => {
  test.setTimeout(180_000);
  const s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-s3rver-'));
  const prefix = 'faults-';
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3dir,
    configureBuckets: BUCKETS.map((b) => ({ name: `${prefix}${b}` })),
  });
  const address = (await s3.run()) as { port: number };
  const proxy = await startS3Proxy(`http://127.0.0.1:${address.port}`);
  const server = new ServerProcess({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: proxy.url,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_BUCKET_PREFIX: prefix,
  });
  /** Object files in the fake S3 bucket for repair photos, as keys. */
  const bucketDir = path.join(s3dir, `${prefix}repair-photos`);
  const objects = () =>
    filesUnder(bucketDir)
      .filter((f) => f.endsWith('._S3rver_object'))
      .map((f) => f.slice(0, -'._S3rver_object'.length));
  const setBack = (key: string, ms: number) => {
    const when = new Date(Date.now() - ms);
    fs.utimesSync(path.join(bucketDir, `${key}._S3rver_object`), when, when);
  };
  try {
    await server.start();
    await server.waitForLog(SWEPT);
    const cookie = await signInAdmin(server.baseURL);
    const workOrderId = await someWorkOrderId(server.baseURL, cookie);

    // An earlier upload that was committed, and its thumbnail: both must survive the sweep.
    const keptBody = photoUploadBody(workOrderId, [{ name: 'kept.jpg', bytes: await smallJpeg('#226644') }]);
    const kept = openUpload(server.baseURL, cookie, keptBody.contentType, keptBody.length);
    kept.write(keptBody.head);
    kept.write(keptBody.last);
    kept.write(keptBody.tail);
    kept.end();
    const keptResult = (await kept.done) as { status: number; body: string };
    expect(keptResult.status).toBe(200);
    const keptId = /File uploaded: \/files\/documents\/([0-9a-f-]{36})/.exec(keptResult.body)?.[1];
    expect(keptId).toBeTruthy();
    const thumb = await fetch(`${server.baseURL}/files/documents/${keptId}?variant=thumb`, { headers: { Cookie: cookie } });
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const keptKeys = objects();
    expect(keptKeys).toHaveLength(2); // the photo and thumbs/<its key>.webp
    expect(keptKeys.filter((k) => k.startsWith('thumbs/'))).toHaveLength(1);

    // Three photos; S3 stores the first and then hangs on the second.
    proxy.holdWrites((p) => p.includes('interrupted-2'));
    const photos = [1, 2, 3].map(async (n) => ({ name: `interrupted-${n}.jpg`, bytes: await smallJpeg(`#${n}${n}${n}`) }));
    const body = photoUploadBody(workOrderId, await Promise.all(photos));
    const upload = openUpload(server.baseURL, cookie, body.contentType, body.length);
    upload.write(body.head);
    upload.write(body.last);
    upload.write(body.tail);
    upload.end();
    await expect.poll(() => proxy.held.length, { timeout: 10_000 }).toBe(1);
    expect(proxy.writes.filter((p) => p.includes('interrupted-'))).toHaveLength(1);

    const signalled = Date.now();
    expect(await server.kill('SIGTERM')).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(20_000);
    expect(await upload.done).toHaveProperty('error');
    proxy.release();

    // The orphan is real: stored in the bucket, no row refers to it.
    const orphans = objects().filter((k) => k.includes('interrupted-'));
    expect(orphans).toHaveLength(1);
    expect(orphans[0]).toMatch(new RegExp(`^work_orders/${workOrderId}/\\d+-interrupted-1\\.jpg$`));
    const rows = await server.query<{ file_name: string }>(
      `select file_name from customer_documents where work_order_id = $1 and file_name in ('kept.jpg', 'interrupted-1.jpg', 'interrupted-2.jpg', 'interrupted-3.jpg')`,
      [workOrderId],
    );
    expect(rows.map((r) => r.file_name)).toEqual(['kept.jpg']);

    // The next start, as if it came two hours later: everything stored is older than the grace period.
    for (const key of objects()) setBack(key, 2 * 60 * 60 * 1000);
    await server.start();
    const swept = await server.waitForLog(SWEPT);
    expect(swept).toMatchObject({ removed: 1, failed: 0 });
    expect(objects()).toEqual(keptKeys);
    const still = await fetch(`${server.baseURL}/files/documents/${keptId}`, { headers: { Cookie: await signInAdmin(server.baseURL) } });
    expect(still.status).toBe(200);
    expect(still.headers.get('x-placeholder')).toBeNull();
  } finally {
    await server.dispose();
    proxy.release();
    await proxy.close();
    await s3.close();
    fs.rmSync(s3dir, { recursive: true, force: true });
  }
});
