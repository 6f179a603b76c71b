/**
 * Structured JSON logs (pino). Request-scoped lines carry the request id through AsyncLocalStorage, so domain code
 * calls `log()` and gets the id for free. Never log passwords, tokens, cookies or full addresses.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';

const requestScope = new AsyncLocalStorage<Logger>();

let base: Logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: undefined,
  redact: ['password', '*.password', 'token', '*.token', 'cookie', '*.cookie', 'headers.cookie', 'headers.authorization'],
});

/** Sets the base log level (from configuration, at start-up). */
export function setLogLevel(level: string): void {
  base = base.child({}, { level });
  base.level = level;
}

/** The logger for the current request (with its `reqId`), or the base logger outside a request. */
export function log(): Logger {
  return requestScope.getStore() ?? base;
}

/** Runs `fn` with a request-scoped child logger. */
export function withRequestLogger<T>(reqId: string, fn: () => T): T {
  return requestScope.run(base.child({ reqId }), fn);
}
