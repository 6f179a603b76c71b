import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';

/** Starts `node server.js` with the given environment and returns how it ended (it must end by itself). */
function startServer(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['server.js'], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: result.status, stderr: result.stderr.trim() };
}

test.describe('start-up failures', () => {
  test('a bad value stops start-up with one line naming the variable and exit code 1', () => {
    const { code, stderr } = startServer({ PORT: 'abc' });
    expect(code).toBe(1);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^Invalid configuration: PORT /);
  });

  test('an unreachable DATABASE_URL stops start-up with one line and exit code 1', () => {
    const { code, stderr } = startServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing', PORT: '3999' });
    expect(code).toBe(1);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^Cannot reach the database at DATABASE_URL \(127\.0\.0\.1:1\/nothing\)/);
  });

  test('an unreachable S3 service stops start-up with one line naming the bucket and exit code 1', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'));
    const { code, stderr } = startServer({
      DATA_DIR: dataDir,
      PORT: '3999',
      SEED_DEMO: 'false',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:1',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'x',
      S3_SECRET_ACCESS_KEY: 'y',
      S3_BUCKET_PREFIX: 'myshop-',
      // The AWS SDK warns once on Node 20 that its 2027 releases need Node 22 (see .env.example); quiet here.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    });
    expect(code).toBe(1);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^Cannot use the S3 bucket myshop-[a-z-]+ at http:\/\/127\.0\.0\.1:1: /);
  });

  test('an unusable data folder stops start-up with one line and exit code 1', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bad-')), 'not-a-folder');
    fs.writeFileSync(file, 'x');
    const { code, stderr } = startServer({ DATA_DIR: file, PORT: '3999' });
    expect(code).toBe(1);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^Cannot use the data folder/);
  });
});

test('GET /healthz answers 200 with JSON when the database is up', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
  expect(response.headers()['cache-control']).toBe('no-store');
});

test('pages carry security headers and hashed assets are cached for a year', async ({ request, page }) => {
  const response = await request.get('/login');
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-powered-by']).toBeUndefined();
  await page.goto('/login');
  const asset = await page.locator('link[rel="stylesheet"]').first().getAttribute('href');
  expect(asset).toMatch(/^\/assets\//);
  const assetResponse = await request.get(asset ?? '');
  expect(assetResponse.headers()['cache-control']).toContain('immutable');
  expect(assetResponse.headers()['cache-control']).toContain('max-age=31536000');
});

test('old links answer 301 to their pages', async ({ request }) => {
  for (const [from, to] of [
    ['/collision-repair', '/services/collision-repair'],
    ['/repairgallery', '/repair-gallery'],
    ['/repair-photos', '/repair-gallery'],
  ] as const) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(new URL(response.headers()['location'] ?? '', 'http://x').pathname).toBe(to);
  }
});

test('security headers are sent on a public, a portal and an admin page', async ({ browser }) => {
  const { DEMO_ADMIN, DEMO_CUSTOMER, logIn } = await import('../support/fixtures');
  for (const [account, path] of [
    [null, '/'],
    [DEMO_CUSTOMER, '/portal'],
    [DEMO_ADMIN, '/admin'],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (account) await logIn(page, account);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const headers = response!.headers();
    // Signed-in pages allow their inline scripts by this request's nonce; a marketing page has none to allow (once it
    // is answered from the page cache, its CSP has no nonce at all). Never 'unsafe-inline' for scripts.
    expect(headers['content-security-policy']).toMatch(account ? /script-src 'self' 'nonce-[^']+';/ : /script-src 'self'( 'nonce-[^']+')?;/);
    expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('geolocation=()');
    expect(headers['strict-transport-security']).toBeUndefined(); // http here; set only when APP_URL is https
    await context.close();
  }
});

test.describe('page cache for marketing pages', () => {
  const nonceOf = (headers: Record<string, string>) => /'nonce-([^']+)'/.exec(headers['content-security-policy'] ?? '')?.[1];

  test('a marketing page is answered from memory after its first render, with fresh security headers', async ({ request }) => {
    const first = await request.get('/about');
    const second = await request.get('/about', { headers: { 'Accept-Encoding': 'gzip' } });
    expect([first.status(), second.status()]).toEqual([200, 200]);
    expect(second.headers()['x-page-cache']).toBe('hit');
    expect(second.headers()['content-encoding']).toBe('gzip');
    const body = await second.text();
    expect(body).toBe(await first.text());
    expect(body).toContain('<h1');
    // The kept page holds no nonce and no inline script to allow: its answers' CSP allows scripts from 'self' only.
    expect(body).not.toContain('nonce=');
    expect(nonceOf(second.headers())).toBeUndefined();
    expect(second.headers()['content-security-policy']).toContain("script-src 'self';");
    expect(second.headers()['x-request-id']).not.toBe(first.headers()['x-request-id']);
    expect(second.headers()['permissions-policy']).toContain('geolocation=()');
    expect(second.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(second.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(second.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('a page with a query, an error page, a hydrated page and a signed-in page are rendered every time', async ({ request, playwright, baseURL }) => {
    for (const url of ['/repair-gallery?category=collision', '/no-such-page', '/login']) {
      await request.get(url);
      const again = await request.get(url);
      expect(again.headers()['x-page-cache'], url).toBeUndefined();
    }
    const customer = await playwright.request.newContext({ baseURL });
    const signIn = await customer.post('/login', {
      form: { email: 'maria.gonzalez@example.com', password: 'demo-customer-pass' },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(302);
    for (let i = 0; i < 2; i += 1) {
      const portal = await customer.get('/portal');
      expect(portal.status()).toBe(200);
      expect(portal.headers()['x-page-cache']).toBeUndefined();
      expect(await portal.text()).toContain('nonce=');
    }
    await customer.dispose();
  });
});

test('a rendered page arrives compressed as the client prefers, with a Content-Length of the bytes sent', async ({ baseURL }) => {
  /** The raw answer (no client-side decoding) to GET /login with this Accept-Encoding. */
  const get = (acceptEncoding: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(new URL('/login', baseURL), { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  const decode: Record<string, (body: Buffer) => Buffer> = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, none: (b) => b };
  for (const [acceptEncoding, expected] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['', 'none'],
  ] as const) {
    const { headers, body } = await get(acceptEncoding);
    expect(headers['content-encoding'] ?? 'none', acceptEncoding).toBe(expected);
    expect(headers.vary, acceptEncoding).toContain('Accept-Encoding');
    expect(Number(headers['content-length']), acceptEncoding).toBe(body.byteLength);
    expect(decode[expected]!(body).toString(), acceptEncoding).toContain('<title>');
  }
});
