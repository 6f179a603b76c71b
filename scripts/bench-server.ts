/**
 * What the benchmarks that drive the built server share: start it on 127.0.0.1 with the demo shop, wait for
 * `/healthz`, and sign in through the login form as a browser without JavaScript does.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** Resolves once `${base}/healthz` answers 200; throws after `timeoutMs` or when `server` exits first. */
export async function waitForHealth(base: string, { timeoutMs = 60_000, server }: { timeoutMs?: number; server?: ChildProcess } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode} before answering`);
    const ok = await fetch(`${base}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${base}/healthz within ${timeoutMs / 1000} s`);
}

/**
 * Starts `server.js` in production mode on 127.0.0.1:`port` with the demo shop (`base` is its APP_URL) and `env` on
 * top, and waits until it answers. Sign-in limits would refuse the bench's sign-ins and staff two-factor would send
 * the admin to enrol, so both are off.
 */
export async function startBenchServer(base: string, port: number, env: Record<string, string>): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      SEED_DEMO: 'true',
      AUTH_RATE_LIMIT: 'false',
      REQUIRE_ADMIN_2FA: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(base, { server });
  return server;
}

/** Signs in through the login form and returns the session's Cookie header; throws when the form does not redirect. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
    body: new URLSearchParams({ email, password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (response.status !== 302 || !cookie) throw new Error(`sign-in failed for ${email}: ${response.status}`);
  return cookie;
}
