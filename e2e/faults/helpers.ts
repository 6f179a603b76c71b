/**
 * Helpers for the process-level fault tests: the built server as a child process (`node server.js`, own port and data
 * folder, demo data seeded, JSON log lines collected), the seeded admin's session over HTTP, multipart bodies that can
 * be sent slowly, and an HTTP proxy in front of an S3 service that can hold writes (a slow or stuck S3).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';

export { ServerProcess, type LogLine } from '../support/server-process';

/** Signs the seeded admin in (REQUIRE_ADMIN_2FA=false); returns the Cookie header. */
export async function signInAdmin(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseURL },
    body: JSON.stringify({ email: 'admin@example.com', password: 'demo-admin-pass' }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The id of a work order of the demo data (from the back office's list). */
export async function someWorkOrderId(baseURL: string, cookie: string): Promise<string> {
  const html = await (await fetch(`${baseURL}/admin/work-orders`, { headers: { Cookie: cookie } })).text();
  const id = /\/admin\/work-orders\/details\/([0-9a-f-]{36})/.exec(html)?.[1];
  if (!id) throw new Error('no work order in the demo data');
  return id;
}

/** A multipart body in three parts: everything before the last file's bytes, those bytes, and the closing boundary. */
export function photoUploadBody(workOrderId: string, photos: { name: string; bytes: Buffer }[]) {
  const boundary = `----faults${crypto.randomBytes(8).toString('hex')}`;
  const field = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const fileHead = (name: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
  const chunks: Buffer[] = [field('intent', 'upload-photos'), field('workOrderId', workOrderId)];
  photos.forEach((p, i) => {
    chunks.push(fileHead(p.name));
    if (i < photos.length - 1) chunks.push(p.bytes, Buffer.from('\r\n'));
  });
  const head = Buffer.concat(chunks);
  const last = photos[photos.length - 1]!.bytes;
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    head,
    last,
    tail,
    length: head.length + last.length + tail.length,
  };
}

export interface UploadRequest {
  /** Resolves with the status and body, or with the error that ended the request (e.g. the server closed it). */
  done: Promise<{ status: number; body: string } | { error: string }>;
  write(bytes: Buffer): void;
  end(): void;
}

/** Opens a photo upload POST to `/admin/photos` with the full Content-Length; the caller writes the body. */
export function openUpload(
  baseURL: string,
  cookie: string,
  contentType: string,
  length: number,
): UploadRequest {
  const url = new URL('/admin/photos?intent=upload-photos', baseURL);
  const req = http.request(url, {
    method: 'POST',
    headers: {
      'Content-Type': contentType,
      'Content-Length': String(length),
      Cookie: cookie,
      Origin: baseURL,
    },
  });
  const done = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (e) => resolve({ error: e.message }));
    });
    req.on('error', (e) => resolve({ error: e.message }));
  });
  return {
    done,
    write: (bytes) => {
      if (!req.destroyed) req.write(bytes);
    },
    end: () => req.end(),
  };
}

/** Every file under a folder, relative paths with `/`. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * An HTTP proxy in front of an S3 service. `holdWrites(match)` makes every later PUT whose path matches wait without
 * an answer (as a stuck S3 would) until `release()`; `writes` lists the PUT paths answered so far.
 */
export async function startS3Proxy(target: string) {
  const upstream = new URL(target);
  let hold: ((path: string) => boolean) | null = null;
  const held: { req: http.IncomingMessage; res: http.ServerResponse; path: string }[] = [];
  const writes: string[] = [];
  const sockets = new Set<net.Socket>();
  const forward = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const headers = { ...req.headers };
    delete headers.expect;
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        if (req.method === 'PUT' && (answer.statusCode ?? 500) < 300)
          writes.push(decodeURIComponent(req.url ?? ''));
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  };
  const server = http.createServer((req, res) => {
    const p = decodeURIComponent(req.url ?? '');
    if (req.method === 'PUT' && hold?.(p)) {
      held.push({ req, res, path: p });
      req.resume(); // read the body, never answer
      return;
    }
    forward(req, res);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    writes,
    held,
    holdWrites(match: (path: string) => boolean) {
      hold = match;
    },
    /** Stops holding; held requests are dropped (their client is usually gone by then). */
    release() {
      hold = null;
      for (const h of held.splice(0)) h.res.destroy();
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
