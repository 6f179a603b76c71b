/**
 * `tsx scripts/check-search-plans.ts`: seeds an embedded database with ~50,000 customers (realistic first and last
 * names), 50,000 vehicles and 100,000 work orders, then prints the plan (EXPLAIN ANALYZE) and p50/p95 of each search
 * of issue 17 §5 (search.server.ts). A check for the indexes the search relies on, not part of `npm run bench`.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { createPglite, wrapPglite, type Database } from '~/server/db/client.server';
import { migrateDatabase } from '~/server/db/migrate.server';
import * as schema from '~/server/db/schema';
import { searchEverything, type SearchUser } from '~/server/search/search.server';

const CUSTOMERS = Number(process.env.CHECK_CUSTOMERS ?? 50_000);
const FIRST = ['maria', 'jose', 'juan', 'james', 'john', 'robert', 'michael', 'linda', 'patricia', 'jennifer', 'david', 'carlos', 'ana', 'luis', 'sarah', 'karen', 'daniel', 'paul', 'mark', 'lisa', 'nancy', 'kevin', 'brian', 'laura', 'emily', 'jorge', 'rosa', 'miguel', 'sofia', 'thomas'];
const LAST = ['gonzalez', 'smith', 'johnson', 'williams', 'brown', 'jones', 'garcia', 'miller', 'davis', 'rodriguez', 'martinez', 'hernandez', 'lopez', 'wilson', 'anderson', 'thomas', 'taylor', 'moore', 'jackson', 'martin', 'lee', 'perez', 'thompson', 'white', 'harris', 'sanchez', 'clark', 'ramirez', 'lewis', 'robinson', 'walker', 'young', 'allen', 'king', 'wright', 'scott', 'torres', 'nguyen', 'hill', 'flores', 'green', 'adams', 'nelson', 'baker', 'hall', 'rivera', 'campbell', 'mitchell', 'carter', 'roberts'];

async function main() {
  const pglite = await createPglite();
  const handle = wrapPglite(pglite);
  try {
    await migrateDatabase(handle);
    const db = handle.db;
    const first = `ARRAY[${FIRST.map((s) => `'${s}'`).join(',')}]`;
    const last = `ARRAY[${LAST.map((s) => `'${s}'`).join(',')}]`;
    const t0 = performance.now();
    for (let start = 1; start <= CUSTOMERS; start += 5000) {
      const end = Math.min(CUSTOMERS, start + 4999);
      for (const statement of `
        INSERT INTO customers (id, name, email, phone, created_at)
        SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid,
               initcap((${first})[1 + n % ${FIRST.length}]) || ' ' || initcap((${last})[1 + (n / ${FIRST.length}) % ${LAST.length}]) ||
                 CASE WHEN n % 7 = 0 THEN '-' || initcap((${last})[1 + n % ${LAST.length}]) ELSE '' END,
               'c' || n || '@example.com', '(281) ' || lpad((n % 1000)::text, 3, '0') || '-' || lpad((n % 10000)::text, 4, '0'),
               now() - make_interval(hours => n)
        FROM generate_series(${start}, ${end}) n;
        INSERT INTO vehicles (id, customer_id, make, model, year, vin, license_plate)
        SELECT ('00000000-0000-4000-9000-' || lpad(to_hex(n), 12, '0'))::uuid, ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid,
               'Honda', 'Civic', 2000 + n % 25, upper(substr(md5(n::text), 1, 11)) || lpad(n::text, 6, '0'), 'PL' || to_hex(n * 7919)
        FROM generate_series(${start}, ${end}) n;
        INSERT INTO work_orders (work_order_number, vehicle_id, customer_id, current_status)
        SELECT 'WO-' || (1000 + (n - 1) * 2 + k), ('00000000-0000-4000-9000-' || lpad(to_hex(n), 12, '0'))::uuid,
               ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, 'Complete'
        FROM generate_series(${start}, ${end}) n, generate_series(0, 1) k`.split(';'))
        await db.execute(sql.raw(statement));
    }
    await db.execute(sql`ANALYZE`);
    console.log(`seeded in ${Math.round(performance.now() - t0)} ms`);
    const owner: SearchUser = { id: 'owner', isAdmin: true, role: 'owner' };
    const technician: SearchUser = { id: 'nobody', isAdmin: true, role: 'technician' };
    const queries = ['Maria Gonzales', 'gonzales', 'Gonzalez', 'mar', 'maria', 'marai', 'jose', 'Robrt Jonson', 'jonson', 'c1234@example.com', '555-0147', '0147', '(281) 123-1234', 'WO-41042', '41042', '1042', '104', 'PL1a2b', upper6(), 'zzz qqq', 'Customer 1234'];
    for (const q of queries) {
      const samples: number[] = [];
      let hits = 0;
      for (let i = 0; i < 23; i += 1) {
        const s = performance.now();
        const r = await searchEverything(db, owner, q);
        samples.push(performance.now() - s);
        hits = r.customers.length + r.vehicles.length + r.workOrders.length;
      }
      samples.splice(0, 3);
      samples.sort((a, b) => a - b);
      console.log(`${q.padEnd(22)} hits ${String(hits).padStart(2)}  p50 ${samples[9]!.toFixed(1)} ms  p95 ${samples[18]!.toFixed(1)} ms`);
    }
    const s = performance.now();
    await searchEverything(db, technician, '1042');
    console.log(`technician 1042: ${(performance.now() - s).toFixed(1)} ms`);
    const captured: { query: string; params: unknown[] }[] = [];
    const logging = drizzle(pglite, { schema, logger: { logQuery: (query, params) => captured.push({ query, params }) } }) as unknown as Database;
    for (const q of (process.env.CHECK_EXPLAIN ?? 'Maria Gonzales|1042|000123|555-0147').split('|')) {
      captured.length = 0;
      await searchEverything(logging, owner, q);
      for (const c of captured) {
        const plan = await pglite.query<{ 'QUERY PLAN': string }>(`EXPLAIN ANALYZE ${c.query}`, c.params as unknown[]);
        console.log(`\n--- ${q}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }
  } finally {
    await handle.close();
  }
}

function upper6() {
  return '000123';
}

await main();
