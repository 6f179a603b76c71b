/**
 * The body-limit middleware (server/middleware/body-limits.ts) on a real socket, in front of a handler that reads the
 * body the way React Router's Express adapter does (a web ReadableStream over the Node request). Bodies under the limit
 * arrive byte for byte, chunked or not, whether they were read whole first (forms) or streamed (uploads); bodies over
 * it are answered 413 and the handler never sees the end of them. The built server's behaviour (memory, real routes)
 * is in e2e/foundation/body-limits.spec.ts.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createReadableStreamFromReadable } from '@react-router/node';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_API_BODY_LIMIT, bodyLimitFor, bodyLimits, FORM_BODY_LIMIT } from '../../server/middleware/body-limits';

const MiB = 1024 * 1024;
const MULTIPART = 'multipart/form-data; boundary=x';
const FORM = 'application/x-www-form-urlencoded';
const ID = '0b8e4f3c-2d1a-4c5b-9e7f-123456789abc';

describe('the limits table', () => {
  it('gives forms and the auth API 64 KB, and upload limits only to multipart posts on upload routes', () => {
    expect(FORM_BODY_LIMIT).toBe(64 * 1024);
    expect(AUTH_API_BODY_LIMIT).toBe(64 * 1024);
    expect(bodyLimitFor('/contact', FORM)).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor('/contact', MULTIPART)).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor('/api/auth/sign-in/email', 'application/json')).toBe(AUTH_API_BODY_LIMIT);
    expect(bodyLimitFor('/api/auth/sign-in/email', MULTIPART)).toBe(AUTH_API_BODY_LIMIT);
    expect(bodyLimitFor('/portal/add-vehicle', MULTIPART)).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor('/admin/customers/add', MULTIPART)).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor(`/admin/customers/edit/${ID}`, MULTIPART)).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor('/admin/photos', FORM)).toBe(FORM_BODY_LIMIT);
    // 20 photos of 15 MB, one document or invoice of 15 MB; + 1 MB of fields and 1 MB of multipart framing.
    expect(bodyLimitFor('/admin/photos', MULTIPART)).toBe(302 * MiB);
    expect(bodyLimitFor('/admin/photos.data', MULTIPART)).toBe(302 * MiB);
    expect(bodyLimitFor(`/admin/work-orders/details/${ID}`, MULTIPART)).toBe(302 * MiB);
    expect(bodyLimitFor(`/admin/customers/${ID}`, MULTIPART)).toBe(17 * MiB);
    expect(bodyLimitFor(`/admin/customers/${ID}.data`, MULTIPART)).toBe(17 * MiB);
    expect(bodyLimitFor('/admin/invoices', MULTIPART)).toBe(17 * MiB);
    expect(bodyLimitFor(`/admin/invoices/${ID}`, MULTIPART)).toBe(FORM_BODY_LIMIT);
  });
});

let server: http.Server;
let base: string;
/** Each handler run: the digest and size of the body it read, or the error reading it ended with. */
const reads: ({ size: number; sha: string } | { error: string })[] = [];
/** A request scope like the logger's (app/server/logger.server.ts): the handler must still run inside it. */
const scope = new AsyncLocalStorage<string>();

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.setHeader('X-Scope', 'outside');
    scope.run('request scope', next);
  });
  app.use(bodyLimits());
  app.post(/.*/, async (req, res) => {
    try {
      const request = new Request('http://x/', { method: 'POST', body: createReadableStreamFromReadable(req), duplex: 'half' } as RequestInit);
      const bytes = Buffer.from(await request.arrayBuffer());
      const read = { size: bytes.length, sha: crypto.createHash('sha256').update(bytes).digest('hex') };
      reads.push(read);
      res.setHeader('X-Scope', scope.getStore() ?? 'lost');
      res.json(read);
    } catch (error) {
      reads.push({ error: (error as Error).message });
      if (!res.headersSent) res.status(500).end();
    }
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** POSTs `body` chunked (no Content-Length) in 16 KB writes; resolves with the answer, or null when none came. */
function postChunked(path: string, type: string, body: Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string } | null> {
  return new Promise((resolve) => {
    const req = http.request(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': type, 'Transfer-Encoding': 'chunked' } });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', () => !answered && resolve(null));
    let at = 0;
    const write = () => {
      while (at < body.length && !answered) {
        const more = req.write(body.subarray(at, at + 16 * 1024));
        at += 16 * 1024;
        if (!more) return void req.once('drain', write);
      }
      if (!answered) req.end();
    };
    write();
  });
}

const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

describe('counting as the body arrives', () => {
  it('hands a chunked form body just under the limit on byte for byte (read whole first)', async () => {
    const body = crypto.randomBytes(FORM_BODY_LIMIT - 10);
    const answer = await postChunked('/contact', FORM, body);
    expect(answer?.status).toBe(200);
    expect(JSON.parse(answer!.text)).toEqual({ size: body.length, sha: sha(body) });
    // The route runs in the request's async scope (request id in logs, per-request memos), not the socket's.
    expect(answer?.headers['x-scope']).toBe('request scope');
  });

  it('streams a chunked upload of several MB on byte for byte', async () => {
    const body = crypto.randomBytes(5 * MiB);
    const answer = await postChunked(`/admin/customers/${ID}`, MULTIPART, body);
    expect(answer?.status).toBe(200);
    expect(JSON.parse(answer!.text)).toEqual({ size: body.length, sha: sha(body) });
  });

  it('answers 413 to a chunked form body over the limit before any handler runs', async () => {
    const before = reads.length;
    const answer = await postChunked('/contact', FORM, crypto.randomBytes(FORM_BODY_LIMIT + 1024));
    expect(answer?.status).toBe(413);
    expect(answer?.headers.connection).toBe('close');
    expect(answer?.text).toBe('This request is too large. This page accepts at most 64 KB; nothing was saved.');
    await new Promise((r) => setTimeout(r, 100));
    expect(reads.length).toBe(before);
  });

  it('answers 413 to a streamed upload once it passes its route limit; the reader never gets the whole body', async () => {
    const before = reads.length;
    const answer = await postChunked(`/admin/customers/${ID}`, MULTIPART, crypto.randomBytes(18 * MiB));
    expect(answer?.status).toBe(413);
    expect(answer?.text).toBe('This request is too large. This page accepts at most 17 MB; nothing was saved.');
    // The socket is destroyed after the answer (2 s linger): the reader's stream then fails instead of ending.
    await expect.poll(() => reads.length, { timeout: 5_000 }).toBe(before + 1);
    expect(reads[before]).toHaveProperty('error');
  });
});
