/**
 * Request-body limits on the built server (issue 13 "Safe on the open internet"): each route accepts a body up to its
 * own limit (server/middleware/body-limits.ts), counted while the bytes arrive, chunked or not. Past it the answer is
 * 413 with `Connection: close` and the rest of the body is never read, so an anonymous client streaming 50 MB cannot
 * grow the server's memory. A declared Content-Length above the limit is refused before any of the body is read.
 *
 * The server runs in its own process (`node server.js`, demo data) so its resident memory can be read from
 * /proc/<pid>/status. Needs the build (`npx react-router build`). Runs node processes only, no browser.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { ServerProcess, signInAdmin, someWorkOrderId } from '../faults/helpers';

test.describe.configure({ mode: 'serial' });

const MB = 1024 * 1024;
const server = new ServerProcess();

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await server.start();
  await server.waitForLog('storage sweep: orphan files removed');
});
test.afterAll(async () => {
  await server.dispose();
});

/** Resident memory of the server process in bytes (VmRSS of /proc/<pid>/status). */
function residentBytes(): number {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kb) throw new Error('no VmRSS line');
  return Number(kb) * 1024;
}

interface Outcome {
  status: number | null;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Body bytes the client managed to hand to its socket before the answer came or the server closed. */
  sent: number;
  /** ms from the request's start to the response headers (null without a response). */
  answeredAfterMs: number | null;
  error: string | null;
}

/**
 * POSTs `head`, then `total` bytes made of `filler` repeated, then `tail`, as a chunked body (no Content-Length) unless
 * `contentLength` is given. Writing stops as soon as the server answers or closes the connection.
 */
function post(
  path: string,
  headers: Record<string, string>,
  { head = '', filler = 'x', total = 0, tail = '', contentLength }: { head?: string; filler?: string; total?: number; tail?: string; contentLength?: number },
): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = Date.now();
    const outcome: Outcome = { status: null, headers: {}, body: '', sent: 0, answeredAfterMs: null, error: null };
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      resolve(outcome);
    };
    const req = http.request(`${server.baseURL}${path}`, {
      method: 'POST',
      headers: { Origin: server.baseURL, ...headers, ...(contentLength === undefined ? {} : { 'Content-Length': String(contentLength) }) },
    });
    req.on('response', (res) => {
      outcome.status = res.statusCode ?? null;
      outcome.headers = res.headers;
      outcome.answeredAfterMs = Date.now() - started;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (outcome.body += chunk));
      res.on('end', finish);
      res.on('error', finish);
    });
    req.on('error', (error) => {
      outcome.error = error.message;
      if (outcome.status === null) finish();
    });
    req.on('close', () => setTimeout(finish, 200));
    const chunk = Buffer.from(filler.repeat(Math.ceil((64 * 1024) / filler.length)));
    let left = total;
    const write = () => {
      if (head) {
        req.write(head);
        outcome.sent += Buffer.byteLength(head);
        head = '';
      }
      while (left > 0 && outcome.status === null && !req.destroyed) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= piece.length;
        outcome.sent += piece.length;
        if (!req.write(piece)) {
          req.once('drain', write);
          return;
        }
      }
      if (left === 0 && outcome.status === null && !req.destroyed) {
        req.end(tail);
        outcome.sent += Buffer.byteLength(tail);
      }
    };
    // Without a body to send (only a declared length), the headers go out alone and the client waits for the answer.
    if (contentLength !== undefined && total === 0 && !head) req.flushHeaders();
    else write();
    // A server that waits for a body that never comes answers nothing: give up after 10 s (status stays null).
    setTimeout(() => {
      req.destroy();
      finish();
    }, 10_000).unref();
  });
}

const multipart = () => {
  const boundary = `----limits${crypto.randomBytes(8).toString('hex')}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return { boundary, field, type: `multipart/form-data; boundary=${boundary}`, close: `--${boundary}--\r\n` };
};

test('50 MB sent chunked to /contact (multipart) and to the sign-in API (JSON): 413 at the limit, memory flat', async () => {
  test.setTimeout(120_000);
  // Warm both routes with small posts first, so code loaded on first use does not count as growth.
  const warm = multipart();
  await post('/contact', { 'Content-Type': warm.type }, { head: warm.field('name', 'Warm') + warm.close });
  await post('/api/auth/sign-in/email', { 'Content-Type': 'application/json' }, { head: '{"email":"nobody@example.com","password":"wrong-password"}' });
  await new Promise((r) => setTimeout(r, 1000));
  const before = residentBytes();

  const form = multipart();
  const contact = await post(
    '/contact',
    { 'Content-Type': form.type },
    { head: `${form.field('name', 'Big')}--${form.boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\n`, total: 50 * MB, tail: `\r\n${form.close}` },
  );
  const signIn = await post(
    '/api/auth/sign-in/email',
    { 'Content-Type': 'application/json' },
    { head: '{"email":"a@example.com","password":"', total: 50 * MB, tail: '"}' },
  );
  const after = residentBytes();
  test.info().annotations.push({
    type: 'memory',
    description: `VmRSS before ${(before / MB).toFixed(1)} MB, after ${(after / MB).toFixed(1)} MB, growth ${((after - before) / MB).toFixed(1)} MB; client sent ${(contact.sent / MB).toFixed(2)} MB to /contact and ${(signIn.sent / MB).toFixed(2)} MB to sign-in before the answer`,
  });
  console.log(test.info().annotations.at(-1)?.description);

  for (const outcome of [contact, signIn]) {
    expect(outcome.status).toBe(413);
    expect(outcome.headers.connection).toBe('close');
    expect(outcome.headers['content-type']).toMatch(/^text\/plain/);
    expect(outcome.body).toMatch(/too large/);
    // The server stopped reading long before 50 MB: the client could not hand it more than a few MB of socket buffers.
    expect(outcome.sent).toBeLessThan(16 * MB);
  }
  expect(after - before).toBeLessThan(20 * MB);
  // Refused at the door: no action ran on the bodies, so nothing failed inside the app.
  await expect.poll(() => server.logs.filter((l) => l.msg === 'request body over its limit refused').length).toBe(2);
  expect(server.logs.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual([]);
});

test('a declared Content-Length above the route limit is refused at once, before any of the body is sent', async () => {
  const form = multipart();
  const cases: [string, string, number][] = [
    ['/contact', 'application/x-www-form-urlencoded', 65 * 1024],
    ['/contact', form.type, 2 * MB],
    ['/api/auth/sign-in/email', 'application/json', 1 * MB],
    ['/portal/add-vehicle', form.type, 2 * MB],
  ];
  for (const [path, type, length] of cases) {
    const outcome = await post(path, { 'Content-Type': type }, { contentLength: length });
    expect(outcome.status, `${path} ${type}`).toBe(413);
    expect(outcome.headers.connection).toBe('close');
    expect(outcome.answeredAfterMs).toBeLessThan(5_000);
  }
});

test('a form just under the form limit is accepted, sent with a Content-Length or chunked', async () => {
  const padding = 'p'.repeat(60 * 1024);
  const body = new URLSearchParams({ name: 'Limit Tester', email: 'limit@example.com', phone: '', message: 'Just under the limit.', website: '', padding }).toString();
  expect(Buffer.byteLength(body)).toBeLessThan(64 * 1024);
  const type = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const withLength = await post('/contact', type, { head: body, contentLength: Buffer.byteLength(body) });
  const chunked = await post('/contact', type, { head: body });
  for (const outcome of [withLength, chunked]) {
    expect(outcome.status).toBe(302);
    expect(outcome.headers.location).toBe('/contact?sent=1#contact-form');
  }
});

test('the photo upload still accepts an upload of several MB, chunked; its documents form refuses 20 MB at once', async () => {
  test.setTimeout(60_000);
  const cookie = await signInAdmin(server.baseURL);
  const workOrderId = await someWorkOrderId(server.baseURL, cookie);
  const photo = await sharp({ create: { width: 2600, height: 2000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .jpeg({ quality: 95 })
    .toBuffer();
  expect(photo.length).toBeGreaterThan(3 * MB);
  const form = multipart();
  const head = Buffer.concat([
    Buffer.from(form.field('intent', 'upload-photos') + form.field('workOrderId', workOrderId)),
    Buffer.from(`--${form.boundary}\r\nContent-Disposition: form-data; name="photos"; filename="limits-large.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    photo,
    Buffer.from(`\r\n${form.close}`),
  ]);
  const upload = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(`${server.baseURL}/admin/photos?intent=upload-photos`, {
      method: 'POST',
      headers: { 'Content-Type': form.type, Cookie: cookie, Origin: server.baseURL },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    for (let at = 0; at < head.length; at += 256 * 1024) req.write(head.subarray(at, at + 256 * 1024));
    req.end();
  });
  expect(upload.status).toBe(200);
  expect(upload.body).toMatch(/File uploaded: \/files\/documents\/[0-9a-f-]{36}/);

  const customerId = /\/admin\/customers\/([0-9a-f-]{36})/.exec(
    await (await fetch(`${server.baseURL}/admin/work-orders/details/${workOrderId}`, { headers: { Cookie: cookie } })).text(),
  )?.[1];
  expect(customerId).toBeTruthy();
  const tooBig = await post(`/admin/customers/${customerId}?intent=upload-document`, { 'Content-Type': form.type, Cookie: cookie }, { contentLength: 20 * MB });
  expect(tooBig.status).toBe(413);
  expect(tooBig.answeredAfterMs).toBeLessThan(5_000);
});
