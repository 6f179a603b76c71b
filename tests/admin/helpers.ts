/** Helpers for the back-office tests: an inventory item, a customer with vehicle and work order, multipart requests. */
import { inventory } from '~/server/db/schema';
import { getDb } from '~/server/db/client.server';
import { customers } from '~/server/db/schema';
import { createVehicle, createWorkOrder, TEST_ORIGIN, uid } from '../setup/factories';

export async function createInventoryItem(overrides: Partial<typeof inventory.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(inventory)
    .values({ partNumber: `P-${uid()}`, description: `Part ${uid()}`, quantity: 10, unitPrice: '12.50', ...overrides })
    .returning();
  return row!;
}

/** A walk-in customer (no account) with one vehicle and one work order. */
export async function createCustomerWithWorkOrder(options: { email?: string | null; name?: string } = {}) {
  const [customer] = await getDb()
    .insert(customers)
    .values({ name: options.name ?? `Customer ${uid()}`, email: options.email === undefined ? `c-${uid()}@example.com` : options.email })
    .returning();
  const vehicle = await createVehicle(customer!.id, { make: 'Toyota', model: 'Camry', year: 2021 });
  const workOrder = await createWorkOrder(vehicle);
  return { customer: customer!, vehicle, workOrder };
}

/** A multipart POST like a browser's, with text fields and files. */
export function multipartRequest(
  pathname: string,
  options: { cookie?: string; fields: Record<string, string>; files?: { field: string; name: string; bytes: Uint8Array; type?: string }[] },
): Request {
  const body = new FormData();
  for (const [k, v] of Object.entries(options.fields)) body.append(k, v);
  for (const f of options.files ?? []) body.append(f.field, new Blob([f.bytes as Uint8Array<ArrayBuffer>], { type: f.type ?? 'application/octet-stream' }), f.name);
  const headers = new Headers({ Origin: TEST_ORIGIN });
  if (options.cookie) headers.set('Cookie', options.cookie);
  return new Request(new URL(pathname, TEST_ORIGIN), { method: 'POST', body, headers });
}

/** The `{ data, init }` of a data() result. */
export function dataOf<T = Record<string, unknown>>(value: unknown): { data: T; status: number } {
  const v = value as { type?: string; data: T; init?: { status?: number } | null };
  if (v && v.type === 'DataWithResponseInit') return { data: v.data, status: v.init?.status ?? 200 };
  return { data: value as T, status: 200 };
}
