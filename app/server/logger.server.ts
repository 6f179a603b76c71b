/**
 * Structured JSON logs (pino) and the request scope. Request-scoped lines carry the request id through
 * AsyncLocalStorage, so domain code calls `log()` and gets the id for free. Never log passwords, tokens, cookies or
 * full addresses. The same scope holds per-request memos ({@link memoizeForRequest}).
 *
 * Errors are logged under `err`; whatever is put there (an Error, a plain object, a message string) goes through
 * `serializeLoggedError` (safe-error.server.ts), so a failed SQL statement's parameters and the values PostgreSQL
 * quotes never reach a log line (issue 13); the message strings of every line are cleaned of failed statements too.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { redactFailedQuery, serializeLoggedError } from './safe-error.server';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/** One request's scope; the child logger and the memo are made on first use (most requests log nothing). */
interface RequestScope {
  reqId: string;
  logger?: Logger;
  memo?: Map<string, unknown>;
}

const requestScope = new AsyncLocalStorage<RequestScope>();

const options: LoggerOptions = {
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: undefined,
  redact: ['password', '*.password', 'token', '*.token', 'cookie', '*.cookie', 'headers.cookie', 'headers.authorization'],
  serializers: { err: serializeLoggedError },
  hooks: {
    // A message string may embed an error's text (`log().error({}, error.message)`, the auth library's messages).
    logMethod(args, method) {
      method.apply(this, args.map((arg) => (typeof arg === 'string' ? redactFailedQuery(arg) : arg)) as typeof args);
    },
  },
};

let base: Logger = pino(options);

/**
 * Sends the log lines to `destination` (a writable stream, one JSON line each) at `level`, or back to standard output
 * at the configured level when `destination` is undefined. For tests that read what was logged.
 */
export function setLogDestination(destination: DestinationStream | undefined, level = 'info'): void {
  base = destination ? pino({ ...options, level }, destination) : pino(options);
}

/** Sets the base log level (from configuration, at start-up). */
export function setLogLevel(level: string): void {
  base = base.child({}, { level });
  base.level = level;
}

/** The logger for the current request (with its `reqId`), or the base logger outside a request. */
export function log(): Logger {
  const scope = requestScope.getStore();
  if (!scope) return base;
  scope.logger ??= base.child({ reqId: scope.reqId });
  return scope.logger;
}

/**
 * The access-log line of a finished request: `{ reqId, method, path, status, ms }` with message "request", written at
 * info level through the base logger (no child logger made for it).
 */
export function logRequest(line: { reqId: string; method: string; path: string; status: number; ms: number }): void {
  base.info(line, 'request');
}

/** Runs `fn` in a new request scope: a child logger with `reqId` and an empty memo. */
export function withRequestLogger<T>(reqId: string, fn: () => T): T {
  return requestScope.run({ reqId }, fn);
}

/**
 * The value of `compute()` remembered for the rest of the current HTTP request under `key` (outside a request scope,
 * e.g. in tests calling a loader directly, it simply computes). For answers that cannot change within one request,
 * such as who is signed in: a document request runs several loaders, each with its own copy of the `Request`.
 * A rejected promise is forgotten, so a later call tries again.
 */
export function memoizeForRequest<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const scope = requestScope.getStore();
  if (!scope) return compute();
  const memo = (scope.memo ??= new Map());
  let value = memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = compute();
    memo.set(key, value);
    value.catch(() => memo.delete(key));
  }
  return value;
}
