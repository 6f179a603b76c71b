/**
 * Build-time Brotli for the browser's assets (server/precompressed-assets.ts): a client that accepts Brotli gets the
 * `.br` file with the original's type; any other client, and a file without a `.br`, gets what express.static sends.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsBrotli, precompressedAssets } from '../../server/precompressed-assets';

let dir: string;
let server: ReturnType<express.Express['listen']>;
let base: string;
const SCRIPT = 'console.log("hello from a script");\n'.repeat(50);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-assets-'));
  fs.writeFileSync(path.join(dir, 'app-abc.js'), SCRIPT);
  fs.writeFileSync(path.join(dir, 'app-abc.js.br'), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dir, 'plain-abc.css'), 'body{color:red}');
  const app = express();
  app.use('/assets', precompressedAssets(dir));
  app.use('/assets', express.static(dir, { immutable: true, maxAge: '1y', index: false }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** fetch decodes what it is sent; node:http's raw answer is needed to see the bytes and headers as they are. */
async function raw(url: string, acceptEncoding: string) {
  const { default: http } = await import('node:http');
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer; status: number }>((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks), status: res.statusCode ?? 0 }));
      })
      .on('error', reject);
  });
}

describe('precompressed assets', () => {
  it('sends the Brotli file to a browser that accepts it, typed as the script', async () => {
    const answer = await raw(`${base}/assets/app-abc.js`, 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('sends the plain file to a client without Brotli, and files without a .br as before', async () => {
    const gzipOnly = await raw(`${base}/assets/app-abc.js`, 'gzip');
    expect(gzipOnly.headers['content-encoding']).toBeUndefined();
    expect(gzipOnly.headers.vary).toBe('Accept-Encoding');
    expect(gzipOnly.body.toString()).toBe(SCRIPT);
    const css = await raw(`${base}/assets/plain-abc.css`, 'br');
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body.toString()).toBe('body{color:red}');
    expect((await raw(`${base}/assets/app-abc.js.missing`, 'br')).status).toBe(404);
  });

  it('reads Accept-Encoding as browsers write it', () => {
    expect(acceptsBrotli('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsBrotli('br;q=0.5')).toBe(true);
    expect(acceptsBrotli('gzip, br;q=0')).toBe(false);
    expect(acceptsBrotli('gzip, deflate')).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
  });
});
