import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { withTestDatabase } from '../setup/test-db';

withTestDatabase({ APP_URL: 'https://shop.example.com' });

describe('behind https', () => {
  it('sends HSTS and upgrades insecure requests', async () => {
    const server = createApp().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`);
      expect(response.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
      expect(response.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
