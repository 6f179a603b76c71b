import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import { clientIpHeader, createApp } from '../../server/app';
import { CLIENT_IP_HEADER } from '~/server/auth/auth.server';
import { withTestDatabase } from '../setup/test-db';

const t = withTestDatabase();
let server: Server;
let base: string;

beforeAll(async () => {
  void t;
  server = createApp().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('Express app', () => {
  it('answers /healthz from the database with security headers', async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('microphone=()');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 when the database is gone', async () => {
    const original = t.handle.ping;
    t.handle.ping = async () => {
      throw new Error('connection refused');
    };
    try {
      const response = await fetch(`${base}/healthz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'error', database: 'unreachable' });
    } finally {
      t.handle.ping = original;
    }
  });

  it('refuses a form post from another site before any action runs', async () => {
    const attempts: Record<string, string>[] = [{ Origin: 'https://evil.example.com' }, { 'Sec-Fetch-Site': 'cross-site' }];
    for (const headers of attempts) {
      const response = await fetch(`${base}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: 'email=a%40b.c&password=x',
      });
      expect(response.status).toBe(403);
      expect(await response.text()).toBe('Cross-site form posts are not accepted.');
    }
  });

  it('refuses a form post whose declared length is over the form limit at once, and closes the connection', async () => {
    const big = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
      body: `email=a%40b.c&password=${'x'.repeat(65 * 1024)}`,
    });
    expect(big.status).toBe(413);
    expect(big.headers.get('connection')).toBe('close');
    expect(await big.text()).toBe('This request is too large. This page accepts at most 64 KB; nothing was saved.');
  });

  it('answers a JSON (or any non-form) body to a form action with 415 before any action runs', async () => {
    for (const type of ['application/json', 'text/plain', 'application/xml']) {
      const response = await fetch(`${base}/contact`, { method: 'POST', headers: { 'Content-Type': type, Origin: base }, body: '{"name":"A"}' });
      expect(response.status, type).toBe(415);
      expect(await response.text()).toBe('This address accepts form posts only (application/x-www-form-urlencoded or multipart/form-data).');
    }
  });

  it('gives the rate limiter the socket address, replacing a client address header the client made up', async () => {
    const probe = express();
    probe.use(clientIpHeader());
    probe.get('/', (req, res) => {
      res.json({ ip: req.headers[CLIENT_IP_HEADER] ?? null });
    });
    const listener = probe.listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/`;
      const spoofed = await fetch(url, { headers: { [CLIENT_IP_HEADER]: '203.0.113.1', 'X-Forwarded-For': '203.0.113.2' } });
      expect(await spoofed.json()).toEqual({ ip: expect.stringMatching(/127\.0\.0\.1$/) });
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});
