/**
 * The HTTP edge of the built server (issue 13 "Safe on the open internet"):
 * - signed-in pages, their React Router data requests (`*.data`), account and auth pages and the private files under
 *   /files/ are `Cache-Control: private, no-store` (server/middleware/private-responses.ts); marketing pages keep
 *   their caching;
 * - a JSON body posted to a form action is answered 415 with one line of text, never 500
 *   (server/middleware/form-content-type.ts); Better Auth's API still takes JSON;
 * - static files (built assets, public files, /images) carry `X-Content-Type-Options: nosniff` (server.js).
 *
 * Own server process (demo data) because it uploads a photo. Needs the build. Runs node processes only, no browser.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { photoUploadBody, ServerProcess, signInAdmin, someWorkOrderId } from '../faults/helpers';
import { DEMO_CUSTOMER } from '../support/fixtures';

test.describe.configure({ mode: 'serial' });

const server = new ServerProcess();

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

async function signIn(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${server.baseURL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.baseURL },
    body: JSON.stringify(account),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const get = (path: string, cookie?: string) => fetch(`${server.baseURL}${path}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });

test('signed-in pages, their data requests, auth pages and private files are private, no-store; marketing pages are not', async () => {
  const customer = await signIn(DEMO_CUSTOMER);
  const admin = await signInAdmin(server.baseURL);
  const workOrderId = await someWorkOrderId(server.baseURL, admin);
  // A repair photo, so there is a private file to fetch.
  const photo = photoUploadBody(workOrderId, [
    { name: 'cache-check.jpg', bytes: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#446688' } }).jpeg().toBuffer() },
  ]);
  const uploaded = await fetch(`${server.baseURL}/admin/photos?intent=upload-photos`, {
    method: 'POST',
    headers: { 'Content-Type': photo.contentType, Cookie: admin, Origin: server.baseURL },
    body: Buffer.concat([photo.head, photo.last, photo.tail]),
  });
  const fileUrl = /\/files\/documents\/[0-9a-f-]{36}/.exec(await uploaded.text())?.[0];
  expect(fileUrl).toBeTruthy();

  const privateOnes: [string, string | undefined][] = [
    ['/portal', customer],
    ['/portal.data', customer],
    ['/portal/my-vehicles', customer],
    ['/portal/my-vehicles.data', customer],
    ['/portal/settings', customer],
    ['/admin', admin],
    ['/admin/work-orders', admin],
    ['/admin/work-orders.data', admin],
    [`/admin/work-orders/details/${workOrderId}.data`, admin],
    ['/account/two-factor', customer],
    ['/api/auth/get-session', customer],
    [fileUrl!, admin],
    [`${fileUrl!}?variant=thumb`, admin],
    ['/login', undefined],
    ['/register', undefined],
    ['/forgot-password', undefined],
    ['/portal', undefined], // the redirect to the login page
  ];
  for (const [path, cookie] of privateOnes) {
    const response = await get(path, cookie);
    expect(response.status, path).toBeLessThan(500);
    expect(response.headers.get('cache-control'), `${path} ${cookie ? 'signed in' : 'signed out'}`).toBe('private, no-store');
  }
  for (const path of ['/', '/about', '/services/collision-repair', '/contact', '/robots.txt', '/sitemap.xml']) {
    const response = await get(path, customer);
    expect(response.status, path).toBe(200);
    expect(response.headers.get('cache-control') ?? '', path).not.toContain('no-store');
  }
});

test('a JSON body posted to a form action is answered 415 with a short text; the auth API still takes JSON', async () => {
  const customer = await signIn(DEMO_CUSTOMER);
  for (const [path, cookie] of [
    ['/contact', undefined],
    ['/login', undefined],
    ['/register', undefined],
    ['/portal/add-vehicle', customer],
    ['/portal/add-vehicle.data', customer],
  ] as const) {
    const response = await fetch(`${server.baseURL}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/json', Origin: server.baseURL, ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify({ name: 'A', email: 'a@example.com', message: 'Hello', password: 'x', vin: '1HGCM82633A004352' }),
    });
    expect(response.status, path).toBe(415);
    expect(response.headers.get('content-type'), path).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('This address accepts form posts only (application/x-www-form-urlencoded or multipart/form-data).');
  }
  const wrongPassword = await fetch(`${server.baseURL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.baseURL },
    body: JSON.stringify({ email: DEMO_CUSTOMER.email, password: 'not-the-password' }),
  });
  expect(wrongPassword.status).toBe(401);
});

test('static files carry X-Content-Type-Options: nosniff', async () => {
  const html = await (await get('/login')).text();
  const asset = /\/assets\/[\w.-]+\.(?:css|js)/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const image = /\/images\/[\w.-]+\.(?:webp|avif|jpg|png|svg)/.exec(await (await get('/')).text())?.[0];
  expect(image).toBeTruthy();
  for (const path of [asset!, '/favicon.svg', image!]) {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
  }
});
