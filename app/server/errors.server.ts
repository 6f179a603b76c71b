/**
 * Expected failures of the domain (validation, not found, forbidden, conflicts such as a duplicate VIN or short stock),
 * each with an HTTP status and a message fit to show (the spec's words where it has them). Route modules turn them into
 * responses in one place with `toErrorResponse`; anything else is unexpected: logged, answered generically.
 */
export type DomainErrorCode = 'validation' | 'not_found' | 'forbidden' | 'conflict' | 'unavailable';

const STATUS: Record<DomainErrorCode, number> = {
  validation: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unavailable: 503,
};

export class DomainError extends Error {
  override name = 'DomainError';
  readonly status: number;
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const notFound = (message = 'Not Found') => new DomainError('not_found', message);
export const forbidden = (message = 'You do not have permission to view this page.') => new DomainError('forbidden', message);

/** A thrown DomainError as a Response for an error boundary (404/403 pages); other errors are rethrown. */
export function toErrorResponse(error: unknown): Response {
  if (error instanceof DomainError) return new Response(error.message, { status: error.status });
  throw error;
}

/** True for a PostgreSQL unique violation (23505), optionally on a constraint whose name or message mentions `hint`. */
export function isUniqueViolation(error: unknown, hint?: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string; cause?: unknown };
  const inner = (e?.cause ?? e) as { code?: string; constraint?: string; message?: string; detail?: string };
  if (inner?.code !== '23505') return false;
  if (!hint) return true;
  return `${inner.constraint ?? ''} ${inner.message ?? ''} ${inner.detail ?? ''}`.toLowerCase().includes(hint);
}

/** True for a PostgreSQL check violation (23514). */
export function isCheckViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e?.cause?.code ?? e?.code) === '23514';
}

/** True for a string that is a UUID (ids from URLs are checked before they reach a query: bad ones are 404s). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
