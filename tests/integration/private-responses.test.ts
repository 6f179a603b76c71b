/**
 * The private-caching rule (server/middleware/private-responses.ts) on a real socket: whatever a route sets, an answer
 * outside the public paths leaves as `private, no-store`; public paths keep their own header. The built server's pages
 * are checked in e2e/foundation/http-edge.spec.ts.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicPath, privateResponses } from '../../server/middleware/private-responses';

let server: ReturnType<express.Express['listen']>;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(privateResponses());
  // Every route here "forgets" the rule in its own way: a public max-age, none at all, an error page.
  app.get('/error', () => {
    throw new Error('boom');
  });
  app.get('/portal/events', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=60, no-transform');
    res.type('text/event-stream').send(': hello\n\n');
  });
  app.get(/.*/, (req, res) => {
    if (req.query.none === undefined) res.set('Cache-Control', 'public, max-age=3600');
    res.type('text/plain').send('ok');
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('private responses', () => {
  it('replaces whatever a non-public route set with private, no-store, errors included', async () => {
    for (const path of ['/portal', '/portal.data', '/admin/work-orders.data?x=1', '/login', '/account/two-factor', '/files/documents/x', '/api/auth/get-session', '/unknown', '/_root.data', '/portal?none', '/error']) {
      const response = await fetch(`${base}${path}`);
      expect(response.headers.get('cache-control'), path).toBe('private, no-store');
    }
  });

  it('keeps a route\'s no-transform (event streams) while making it private', async () => {
    const response = await fetch(`${base}/portal/events`);
    expect(response.headers.get('cache-control')).toBe('private, no-store, no-transform');
  });

  it('leaves the marketing pages and public resources their own header', async () => {
    for (const path of ['/', '/about', '/services', '/services/paint-refinish', '/contact', '/repair-gallery', '/financing', '/robots.txt', '/sitemap.xml', '/repairgallery']) {
      expect(isPublicPath(path), path).toBe(true);
      const response = await fetch(`${base}${path}`);
      expect(response.headers.get('cache-control'), path).toBe('public, max-age=3600');
    }
  });
});
