/**
 * Issue 13: a failed SQL statement must not put personal data into the logs. Drizzle's DrizzleQueryError carries the
 * statement and its parameters in its message ("Failed query: … params: …") and PostgreSQL's own messages and details
 * can quote values ('Key (vin)=(…) already exists', 'invalid input syntax for type uuid: "…"'). Database errors with a
 * recognisable value are provoked on the real database and passed through every way the product logs errors; the
 * captured JSON lines must carry the error's code (and constraint), never the value.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { handleError } from '~/entry.server';
import { customers, vehicles } from '~/server/db/schema';
import { log, setLogDestination, withRequestLogger } from '~/server/logger.server';
import { createVehicle, makeRequest, randomVin, uid } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';

const t = withTestDatabase();

function captureLogs(): string[] {
  const lines: string[] = [];
  setLogDestination(
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString('utf8'));
        callback();
      },
    }),
  );
  return lines;
}

afterEach(() => setLogDestination(undefined));

async function failure(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}

/** Logs `error` the ways the product does: the route error handler, `{ err: error }` and `{ err: error.message }`. */
function logEverywhere(error: unknown) {
  withRequestLogger('req-1', () => {
    handleError(error, { request: makeRequest('/admin/customers/add', { form: { a: 'b' } }) });
    log().error({ err: error }, 'invoice save failed');
    log().warn({ err: (error as Error).message }, 'add vehicle failed');
    log().error({ err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) }, 'render error');
  });
}

describe('database errors in the logs (issue 13)', () => {
  it('a NUL in a value (22021): code logged, the statement parameters never', async () => {
    const secret = `Secret-Name-${uid()}`;
    const email = `secret-${uid()}@example.com`;
    const error = await failure(() => t.db.insert(customers).values({ name: `${secret}\u0000`, email, phone: '281-555-0199' }));
    const lines = captureLogs();
    logEverywhere(error);
    const out = lines.join('');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const value of [secret, email, '281-555-0199', 'params']) expect(out).not.toContain(value);
    expect(out).toContain('22021');
  });

  it('a duplicate VIN (23505): code and constraint logged, the VIN never', async () => {
    const owner = await t.db.insert(customers).values({ name: 'Owner' }).returning();
    const vin = randomVin();
    await createVehicle(owner[0]!.id, { vin });
    const error = await failure(() => t.db.insert(vehicles).values({ customerId: owner[0]!.id, make: 'Honda', model: 'Fit', year: 2019, vin }));
    const lines = captureLogs();
    logEverywhere(error);
    const out = lines.join('');
    expect(out).not.toContain(vin);
    expect(out).toContain('23505');
    expect(out).toMatch(/vehicles_customer_vin_unique/);
  });

  it('a value PostgreSQL quotes in its own message (22P02): the value never', async () => {
    const secret = `not-a-uuid-${uid()}`;
    const error = await failure(() => t.db.execute(sql`select ${secret}::uuid`));
    const lines = captureLogs();
    logEverywhere(error);
    const out = lines.join('');
    expect(out).not.toContain(secret);
    expect(out).toContain('22P02');
  });

  it('an ordinary error keeps its message and stack', async () => {
    const lines = captureLogs();
    log().error({ err: new Error('storage unreachable: ECONNREFUSED') }, 'upload failed');
    expect(lines.join('')).toContain('storage unreachable: ECONNREFUSED');
    expect(lines.join('')).toContain('safe-logs.test.ts');
  });
});
