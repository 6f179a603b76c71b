/**
 * The back office's bench data (shared by `npm run bench` and `npm run bench:floor`): customers, one vehicle each and
 * five work orders per customer, inserted in SQL batches through `generate_series`.
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '~/server/db/client.server';

export const PER_CUSTOMER = 5;
const STATUSES = ['Estimate Scheduled', 'Parts Ordered', 'Parts Received', 'Repairs Started', 'Paint', 'Quality Check', 'Complete', 'Ready for Pickup'];

/** Work orders still in the shop, at every size: history grows, the shop floor does not. */
export const OPEN_WORK_ORDERS = 60;

/**
 * Adds customers (from+1 … to), one vehicle each, and five work orders per customer, in SQL batches. Growth adds
 * OLDER history, as a shop's data grows: customer 1 is the newest (a new customer every 10 hours, a work order every
 * 2 hours going back in time), the newest ${OPEN_WORK_ORDERS} work orders are open (about half past their estimated
 * completion date) and every older one was finished within two days of opening. So open work, today's counts and the
 * last 30 days are the same at 1,000 and at 100,000 work orders; only the history behind them grows (about 83 days at
 * 1,000, about 23 years at 100,000).
 */
export async function seed(handle: DatabaseHandle, fromCustomer: number, toCustomer: number) {
  const db = handle.db;
  const statuses = `ARRAY[${STATUSES.map((s) => `'${s}'`).join(',')}]`;
  for (let start = fromCustomer + 1; start <= toCustomer; start += 5000) {
    const end = Math.min(toCustomer, start + 4999);
    const statements = `
      INSERT INTO customers (id, name, email, phone, address, created_at)
      SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid,
             'Customer ' || n, 'customer' || n || '@example.com', '(281) 555-' || lpad((n % 10000)::text, 4, '0'),
             n || ' Main St, Spring, TX', now() - make_interval(hours => (n - 1) * 10)
      FROM generate_series(${start}, ${end}) n;
      INSERT INTO vehicles (id, customer_id, make, model, year, vin, license_plate, created_at)
      SELECT ('00000000-0000-4000-9000-' || lpad(to_hex(n), 12, '0'))::uuid,
             ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid,
             'Honda', 'Civic', 2000 + (n % 25), 'BNCH' || lpad(n::text, 13, '0'), 'PLT-' || n,
             now() - make_interval(hours => (n - 1) * 10)
      FROM generate_series(${start}, ${end}) n;
      INSERT INTO work_orders (work_order_number, vehicle_id, customer_id, current_status, description,
                               estimated_completion_date, created_at, updated_at)
      SELECT 'WO-B' || i,
             ('00000000-0000-4000-9000-' || lpad(to_hex(n), 12, '0'))::uuid,
             ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid,
             CASE WHEN i < ${OPEN_WORK_ORDERS} THEN (${statuses})[1 + (i % 6)] ELSE (${statuses})[7 + (i % 2)] END,
             'Bench repair',
             CASE WHEN i < ${OPEN_WORK_ORDERS} THEN current_date + (i % 10) - 5 ELSE (now() - make_interval(hours => i * 2 + 1))::date + 3 END,
             now() - make_interval(hours => i * 2 + 1),
             CASE WHEN i < ${OPEN_WORK_ORDERS} THEN now() - make_interval(hours => i * 2)
                  ELSE now() - make_interval(hours => i * 2 + 1) + make_interval(hours => 1 + (i % 47)) END
      FROM generate_series(${start}, ${end}) n, generate_series(0, ${PER_CUSTOMER - 1}) k,
           LATERAL (SELECT (n - 1) * ${PER_CUSTOMER} + k AS i) AS w`;
    for (const statement of statements.split(';')) await db.execute(sql.raw(statement));
  }
  await db.execute(sql`ANALYZE`);
}

