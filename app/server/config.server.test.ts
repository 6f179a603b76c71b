import { describe, expect, it } from 'vitest';
import { ConfigError, embedOrigins, isLoopbackHost, loadConfig } from './config.server';

describe('loadConfig', () => {
  it('has a working default for everything but secrets', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.authSecret).toBeUndefined();
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.google).toBeUndefined();
    expect(config.shop.timeZone).toBe('America/Chicago');
    expect(config.shop.name).toBe('C.A.R.S Collision & Refinish');
    expect(config.shop.address.postalCode).toBe('77388');
    expect(config.seedDemo).toBe(true);
    // Issue 13: the quick start serves this machine only, so the demo's README passwords stay private to it.
    expect(config.host).toBe('127.0.0.1');
    expect(config.loopbackOnly).toBe(true);
  });

  it('counts a server as reachable from this machine only when HOST and APP_URL are loopback and no proxy is trusted', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', 'shop.localhost', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'shop.example.com', '128.0.0.1', 'localhost.example.com', '::ffff:10.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
    expect(loadConfig({ HOST: 'localhost', APP_URL: 'http://127.0.0.1:3000' }).loopbackOnly).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0' }).loopbackOnly).toBe(false);
    expect(loadConfig({ HOST: '127.0.0.1', APP_URL: 'https://shop.example.com' }).loopbackOnly).toBe(false);
    expect(loadConfig({ HOST: '127.0.0.1', TRUST_PROXY: 'true' }).loopbackOnly).toBe(false);
  });

  it('names the variable in one line when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid configuration: PORT .*\(got "abc"\)$/);
    expect(() => loadConfig({ SHOP_TIMEZONE: 'Mars/Olympus' })).toThrow(/SHOP_TIMEZONE must be an IANA time zone/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO must be true or false/);
    expect(() => loadConfig({ SHOP_HOURS: '8 to 6' })).toThrow(/SHOP_HOURS/);
  });

  it('never echoes a secret value', () => {
    try {
      loadConfig({ BETTER_AUTH_SECRET: 'short-secret' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toContain('BETTER_AUTH_SECRET must be at least 32 characters');
      expect((error as Error).message).not.toContain('short-secret');
    }
  });

  it('wants the Google id and secret together', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).google).toEqual({ clientId: 'id', clientSecret: 's' });
  });

  it('derives map and directions URLs from the shop address and lists embed origins for the CSP', () => {
    const config = loadConfig({ SCHEDULING_URL: 'https://calendly.com/cars-collision/estimate' });
    expect(config.shop.mapEmbedUrl).toContain('output=embed');
    expect(config.shop.directionsUrl).toContain('77388');
    expect(embedOrigins(config)).toEqual(
      expect.arrayContaining(['https://www.google.com', 'https://calendly.com']),
    );
  });

  it('requires two-factor for staff in production, except for a demo shop only this machine reaches, unless told otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false' }).requireAdmin2fa).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).requireAdmin2fa).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0' }).requireAdmin2fa).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', APP_URL: 'https://shop.example.com' }).requireAdmin2fa).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', REQUIRE_ADMIN_2FA: 'false' }).requireAdmin2fa).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', REQUIRE_ADMIN_2FA: 'true' }).requireAdmin2fa).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'false' }).requireAdmin2fa).toBe(false);
    expect(() => loadConfig({ REQUIRE_ADMIN_2FA: 'sometimes' })).toThrow(/^Invalid configuration: REQUIRE_ADMIN_2FA must be true or false/);
  });

  it('serves with one process and sixteen requests in progress by default; several processes only on PostgreSQL', () => {
    expect(loadConfig({})).toMatchObject({ webConcurrency: 1, requestConcurrency: 16 });
    const pg = { DATABASE_URL: 'postgres://shop@db.example.com/shop' };
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: '2', REQUEST_CONCURRENCY: '0' })).toMatchObject({ webConcurrency: 2, requestConcurrency: 0 });
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      /^Invalid configuration: WEB_CONCURRENCY 2 needs DATABASE_URL \(the embedded database can be opened by one process only\)$/,
    );
    expect(() => loadConfig({ ...pg, WEB_CONCURRENCY: '0' })).toThrow(/^Invalid configuration: WEB_CONCURRENCY must be a whole number from 1 to 64 \(got "0"\)$/);
    expect(() => loadConfig({ REQUEST_CONCURRENCY: 'lots' })).toThrow(/^Invalid configuration: REQUEST_CONCURRENCY must be a whole number/);
  });
  it('texts: the outbox by default; Twilio only with its account, token and sender, named when missing', () => {
    expect(loadConfig({}).sms).toEqual({ provider: 'outbox', twilio: undefined });
    const sid = `AC${'a1'.repeat(16)}`;
    const twilio = { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'secret-token-value', TWILIO_FROM_NUMBER: '+12815550143' };
    expect(loadConfig(twilio).sms).toEqual({
      provider: 'twilio',
      twilio: { accountSid: sid, authToken: 'secret-token-value', from: { number: '+12815550143' }, apiBase: 'https://api.twilio.com' },
    });
    const service = { ...twilio, TWILIO_FROM_NUMBER: '', TWILIO_MESSAGING_SERVICE_SID: `MG${'b2'.repeat(16)}`, TWILIO_API_BASE: 'http://127.0.0.1:9999/' };
    expect(loadConfig(service).sms.twilio).toMatchObject({ from: { messagingServiceSid: `MG${'b2'.repeat(16)}` }, apiBase: 'http://127.0.0.1:9999' });
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(
      /^Invalid configuration: SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID$/,
    );
    expect(() => loadConfig({ ...twilio, TWILIO_AUTH_TOKEN: '' })).toThrow(/needs TWILIO_AUTH_TOKEN$/);
    expect(() => loadConfig({ ...service, TWILIO_FROM_NUMBER: '+12815550143' })).toThrow(/not both/);
    expect(() => loadConfig({ ...twilio, TWILIO_FROM_NUMBER: '281-555-0143' })).toThrow(/TWILIO_FROM_NUMBER must be an E.164 number/);
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER must be outbox or twilio/);
    // The token never appears in an error.
    try {
      loadConfig({ ...twilio, TWILIO_ACCOUNT_SID: 'nope', TWILIO_AUTH_TOKEN: 'secret-token-value' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toContain('secret-token-value');
    }
  });
});
