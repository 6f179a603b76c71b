/**
 * What of an error may go into a log line (issue 13 "Safe on the open internet"). Database errors carry personal data:
 * Drizzle's DrizzleQueryError has the message "Failed query: <statement>\nparams: <every parameter>" (names, e-mail
 * addresses, VINs...) and keeps `query` and `params` as properties; PostgreSQL's own messages and details quote values
 * ('invalid input syntax for type uuid: "…"', 'Key (vin)=(…) already exists'). The logger (logger.server.ts) runs every
 * `err` field and every message string through here, so no call site has to remember.
 *
 * - {@link serializeLoggedError}: for an error whose chain (the error and its `cause`s) holds a database error or a
 *   failed-query wrapper: `{ type, code, constraint, table, column, severity, message, stack }` where `message` is the
 *   database's message with every quoted part replaced by "…" and `stack` only the stack frames (the first lines of a
 *   stack repeat the message). Never `detail`, `query`, `params`, `where` or `hint`. Any other Error keeps its type,
 *   message and stack (and its code when it has one); a string or a plain `{ message, stack }` is passed through
 *   {@link redactFailedQuery}.
 * - {@link redactFailedQuery}: a text with everything from "Failed query:" on replaced by a fixed note.
 */

/** The note that replaces a failed statement's text and parameters. */
export const FAILED_QUERY_NOTE = 'Failed query (statement and parameters not logged)';

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  severity?: unknown;
  cause?: unknown;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** `text` with everything from "Failed query:" on (Drizzle's statement and parameters) replaced by a note. */
export function redactFailedQuery(text: string): string {
  const at = text.indexOf('Failed query:');
  return at === -1 ? text : `${text.slice(0, at)}${FAILED_QUERY_NOTE}`;
}

const isObject = (value: unknown): value is ErrorLike => typeof value === 'object' && value !== null;

/** True for an error PostgreSQL (or PGlite) raised: it carries a five-character SQLSTATE `code`. */
function isDatabaseError(value: ErrorLike): boolean {
  return typeof value.code === 'string' && SQLSTATE.test(value.code) && typeof value.message === 'string';
}

/** The error and its causes, outermost first (at most 5, so a cycle cannot loop). */
function chain(error: ErrorLike): ErrorLike[] {
  const out: ErrorLike[] = [error];
  let current: unknown = error.cause;
  while (isObject(current) && out.length < 5 && !out.includes(current)) {
    out.push(current);
    current = current.cause;
  }
  return out;
}

/** Only the "    at …" frames of a stack (its first lines repeat the message, which may hold values). */
function framesOnly(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The loggable form of `value` (see module docs): an object for errors, a string for strings, other values as they
 * are. Never throws.
 */
export function serializeLoggedError(value: unknown): unknown {
  if (typeof value === 'string') return redactFailedQuery(value);
  if (!isObject(value)) return value;
  const links = chain(value);
  const database = links.find(isDatabaseError);
  const failedQuery = links.some((e) => e.name === 'DrizzleQueryError' || (typeof e.message === 'string' && e.message.includes('Failed query:')));
  if (database || failedQuery) {
    return {
      type: text(value.name) ?? value.constructor?.name ?? 'Error',
      code: text(database?.code),
      constraint: text(database?.constraint),
      table: text(database?.table),
      column: text(database?.column),
      severity: text(database?.severity),
      message: database ? String(database.message).replace(/"[^"]*"/g, '"…"') : FAILED_QUERY_NOTE,
      stack: framesOnly(value.stack),
    };
  }
  return {
    type: text(value.name) ?? (value instanceof Error ? value.constructor.name : 'Object'),
    message: redactFailedQuery(String(value.message ?? '')),
    ...(typeof value.code === 'string' || typeof value.code === 'number' ? { code: value.code } : {}),
    ...(isObject(value.cause) ? { cause: redactFailedQuery(String(value.cause.message ?? '')) } : {}),
    stack: typeof value.stack === 'string' ? redactFailedQuery(value.stack) : undefined,
  };
}
