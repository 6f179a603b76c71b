/**
 * The local PostgreSQL server that tests and benchmarks may use for databases of their own (PG_ADMIN_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres, trust auth as on these machines).
 *
 * - `pgAdminQuery(text)` runs one statement there (CREATE/DROP DATABASE…); false when no server answers within 3 s.
 * - `databaseUrl(name)` is the connection string of database `name` on that server.
 */
import pg from 'pg';

export const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function pgAdminQuery(text: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch {
    return false;
  }
  try {
    await client.query(text);
    return true;
  } finally {
    await client.end();
  }
}

export function databaseUrl(name: string): string {
  return PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
}
