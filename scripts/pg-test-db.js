// CI helper: `node scripts/pg-test-db.js available|create NAME|drop NAME` against the PostgreSQL server in
// PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres). `available` exits 0 when the server answers.
import pg from 'pg';

const [command, name] = process.argv.slice(2);
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
} catch {
  process.exit(command === 'available' ? 1 : 2);
}
try {
  if (command === 'create') await client.query(`CREATE DATABASE ${name}`);
  else if (command === 'drop') await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  else if (command !== 'available') throw new Error('usage: available | create NAME | drop NAME');
} finally {
  await client.end();
}
