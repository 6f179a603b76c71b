/**
 * The production floor's bench data (issue 17), on top of {@link seed} from bench-seed.ts: the finished history
 * delivered (bench-seed ends old work orders at Complete or Ready for Pickup; on the floor a Complete car is still in
 * the shop, so every finished one is moved to Ready for Pickup, reached at its last update), six technicians (accounts
 * with the Technician role), every work order assigned to one of them, a status history for every work order (arrival
 * at creation, Repairs Started a third of the way, Complete, then Ready for Pickup at its last update for the finished
 * ones), two clocked time entries per work order, and customer names drawn from common first and last names (so a
 * typo search has realistic neighbours, instead of "Customer 123").
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '~/server/db/client.server';

export const BENCH_TECHNICIANS = 6;

const FIRST = ['Maria', 'James', 'Linda', 'Robert', 'Patricia', 'Michael', 'Jennifer', 'David', 'Elizabeth', 'William',
  'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Karen', 'Daniel', 'Nancy', 'Jose',
  'Lisa', 'Luis', 'Betty', 'Juan', 'Sandra', 'Miguel', 'Ashley', 'Anthony', 'Kimberly', 'Mark', 'Emily', 'Steven',
  'Donna', 'Paul', 'Michelle', 'Andrew', 'Carol', 'Joshua'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee',
  'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young',
  'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker',
  'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts'];

const list = (values: string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;

/** Adds the floor data described above to a database already filled by `seed`. Idempotent only on a fresh run. */
export async function seedFloor(handle: DatabaseHandle): Promise<void> {
  const db = handle.db;
  const statements = `
    UPDATE work_orders SET current_status = 'Ready for Pickup' WHERE current_status = 'Complete';
    UPDATE work_orders SET ready_for_pickup_at = updated_at WHERE current_status = 'Ready for Pickup';
    UPDATE customers SET name = (${list(FIRST)})[1 + (abs(hashtext(id::text)) % ${FIRST.length})] || ' ' ||
                                (${list(LAST)})[1 + (abs(hashtext(id::text || 'l')) % ${LAST.length})];
    INSERT INTO users (id, name, email, email_verified)
      SELECT 'bench-tech-' || t, 'Technician ' || t, 'tech' || t || '@bench.example.com', true
      FROM generate_series(1, ${BENCH_TECHNICIANS}) t;
    INSERT INTO profiles (id, full_name, is_admin, staff_role)
      SELECT 'bench-tech-' || t, 'Technician ' || t, true, 'technician' FROM generate_series(1, ${BENCH_TECHNICIANS}) t;
    UPDATE work_orders SET assigned_technician_id = 'bench-tech-' || (1 + abs(hashtext(id::text)) % ${BENCH_TECHNICIANS});
    INSERT INTO work_order_status_history (work_order_id, from_status, to_status, created_at)
      SELECT id, NULL, 'Estimate Scheduled', created_at FROM work_orders;
    INSERT INTO work_order_status_history (work_order_id, from_status, to_status, created_at)
      SELECT id, 'Estimate Scheduled', 'Repairs Started', created_at + (updated_at - created_at) / 3 FROM work_orders
      WHERE current_status IN ('Repairs Started', 'Paint', 'Quality Check', 'Complete', 'Ready for Pickup');
    INSERT INTO work_order_status_history (work_order_id, from_status, to_status, created_at)
      SELECT id, 'Repairs Started', 'Complete', created_at + (updated_at - created_at) * 2 / 3 FROM work_orders
      WHERE current_status IN ('Complete', 'Ready for Pickup');
    INSERT INTO work_order_status_history (work_order_id, from_status, to_status, created_at)
      SELECT id, 'Complete', 'Ready for Pickup', updated_at FROM work_orders WHERE current_status = 'Ready for Pickup';
    INSERT INTO time_entries (work_order_id, technician_id, started_at, ended_at)
      SELECT id, assigned_technician_id, created_at + (updated_at - created_at) / 3,
             created_at + (updated_at - created_at) / 2 FROM work_orders WHERE updated_at > created_at;
    INSERT INTO time_entries (work_order_id, technician_id, started_at, ended_at)
      SELECT id, assigned_technician_id, created_at + (updated_at - created_at) * 5 / 9,
             created_at + (updated_at - created_at) * 2 / 3 FROM work_orders WHERE updated_at > created_at`;
  for (const statement of statements.split(';')) await db.execute(sql.raw(statement));
  await db.execute(sql`ANALYZE`);
}
