/**
 * Several web processes (WEB_CONCURRENCY=2, server.js) on PostgreSQL, as processes: the primary runs start-up once and
 * keeps two web processes serving on one port; a web process that dies is replaced while the other keeps answering;
 * SIGTERM stops them all and the primary exits 0 with no process left behind.
 *
 * Needs the build and a PostgreSQL server (PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres): the
 * test makes its own database there and drops it; without a server it is skipped (the embedded database is
 * single-process, so there is nothing to run it on).
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { childPids } from '../../scripts/child-pids';
import { databaseUrl, PG_ADMIN_URL, pgAdminQuery } from '../../scripts/pg-admin';
import { ServerProcess } from '../support/server-process';

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`) && !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));

test('two web processes share the port on PostgreSQL, a dead one is replaced, SIGTERM stops them all', async () => {
  test.setTimeout(120_000);
  const database = `shop_cluster_${process.pid}_${Date.now()}`;
  test.skip(!(await pgAdminQuery(`CREATE DATABASE ${database}`)), `no PostgreSQL server at ${PG_ADMIN_URL}`);
  const server = new ServerProcess({ DATABASE_URL: databaseUrl(database), WEB_CONCURRENCY: '2' });
  try {
    await server.start();
    const primary = server.pid!;
    await expect.poll(() => server.output.some((l) => l.includes('(2 web processes)'))).toBe(true);
    // Start-up (migrations, demo data) ran once, in the primary.
    expect(server.output.filter((l) => l.startsWith('Demo data loaded')).length).toBe(1);
    const web = childPids(primary);
    expect(web).toHaveLength(2);

    // Every page answers, whichever process each new connection lands on.
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(`${server.baseURL}/about`, { headers: { Connection: 'close' }, signal: AbortSignal.timeout(10_000) });
      expect(response.status).toBe(200);
    }

    // A web process killed outright is replaced (a connection handed to it in the instant it died is lost with it,
    // as with any crash), and the pair serves again, signed-in pages included.
    process.kill(web[0]!, 'SIGKILL');
    await expect
      .poll(() => childPids(primary).filter((pid) => pid !== web[0]).length, { timeout: 20_000 })
      .toBe(2);
    const now = childPids(primary);
    expect(now).not.toContain(web[0]);
    for (let i = 0; i < 4; i += 1) {
      const response = await fetch(`${server.baseURL}/healthz`, { headers: { Connection: 'close' }, signal: AbortSignal.timeout(10_000) });
      expect(response.status).toBe(200);
    }
    const signIn = await fetch(`${server.baseURL}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.baseURL, Connection: 'close' },
      body: new URLSearchParams({ email: 'maria.gonzalez@example.com', password: 'demo-customer-pass' }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(signIn.status).toBe(302);

    expect(await server.kill('SIGTERM')).toBe(0);
    expect(now.filter(alive)).toEqual([]);
    expect(server.output).toContain('Stopped.');
  } finally {
    await server.dispose();
    await pgAdminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
});

/** Cookie header value from a response's Set-Cookie headers. */
const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

test('a site content edit made through one web process shows at once on the public pages of the other (issue 16)', async () => {
  test.setTimeout(120_000);
  const database = `shop_cluster_site_${process.pid}_${Date.now()}`;
  test.skip(!(await pgAdminQuery(`CREATE DATABASE ${database}`)), `no PostgreSQL server at ${PG_ADMIN_URL}`);
  const server = new ServerProcess({ DATABASE_URL: databaseUrl(database), WEB_CONCURRENCY: '2' });
  const get = (path: string, cookie = '') =>
    fetch(`${server.baseURL}${path}`, { headers: { Connection: 'close', ...(cookie ? { Cookie: cookie } : {}) }, signal: AbortSignal.timeout(10_000) });
  try {
    await server.start();
    await expect.poll(() => server.output.some((l) => l.includes('(2 web processes)'))).toBe(true);
    // Every page is rendered and kept in the page cache of both processes (new connections land on either).
    for (let i = 0; i < 12; i += 1) expect(await (await get('/about')).text()).toContain('(281) 555-0143');

    const signIn = await fetch(`${server.baseURL}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.baseURL, Connection: 'close' },
      body: new URLSearchParams({ email: 'admin@example.com', password: 'demo-admin-pass' }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(signIn.status).toBe(302);
    const cookie = cookieOf(signIn);
    const save = await fetch(`${server.baseURL}/admin/site`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.baseURL, Cookie: cookie, Connection: 'close' },
      body: new URLSearchParams({
        intent: 'save-facts',
        name: 'Cluster Collision',
        phone: '(713) 555-0177',
        email: 'cluster@example.com',
        street: '9 Process Way',
        city: 'Spring',
        region: 'TX',
        postalCode: '77388',
        hoursNote: '',
        open0: '08:00',
        close0: '18:00',
      }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(save.status).toBe(200);
    expect(await save.text()).toContain('Shop facts saved');

    // Whichever process answers (new connection each time), the edit is there: the other process heard the NOTIFY.
    await expect
      .poll(
        async () => {
          const bodies = await Promise.all(Array.from({ length: 8 }, async () => (await get('/about')).text()));
          return bodies.every((b) => b.includes('(713) 555-0177') && b.includes('9 Process Way') && !b.includes('(281) 555-0143'));
        },
        { timeout: 5_000 },
      )
      .toBe(true);
    expect(await server.kill('SIGTERM')).toBe(0);
  } finally {
    await server.dispose();
    await pgAdminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
});
