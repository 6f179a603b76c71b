/**
 * `/book` and `/book/manage/:token` route modules (issue 16 "Bad input"): real multipart requests through the route's
 * action, a real database (PGlite) and real files. Every refusal is a clear message with field errors, never a 500,
 * and leaves no row and no file behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as book from '~/routes/public/book';
import * as manage from '~/routes/public/book-manage';
import { BOOKING_TEXTS } from '~/lib/schemas/booking';
import { listFreeSlots } from '~/server/booking/booking.server';
import { BOOKING_PHOTO_BUCKET } from '~/server/booking/booking-photos.server';
import { appointments } from '~/server/db/schema';
import { createLocalStorage, setStorage } from '~/server/storage/storage.server';
import { makeRequest, settle, TEST_ORIGIN, testContext } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';

const t = withTestDatabase();
beforeAll(() => setStorage(createLocalStorage(path.join(t.dataDir, 'storage'))));

let ipCounter = 0;
const nextIp = () => `10.17.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);

async function firstSlot(skip = 0): Promise<string> {
  const { days } = await listFreeSlots();
  return days.flatMap((d) => d.slots).filter((s) => s.startsAt.getTime() > Date.now() + 86_400_000)[skip]!.startsAt.toISOString();
}

function fields(slot: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    type: 'estimate',
    slot,
    name: 'Jane Driver',
    phone: '(281) 555-0147',
    email: 'jane@example.com',
    vehicleYear: '2021',
    vehicleMake: 'Toyota',
    vehicleModel: 'Camry',
    vin: '',
    insurer: '',
    claimNumber: '',
    description: 'Dent in the door.',
    website: '',
    ...overrides,
  };
}

function post(values: Record<string, string>, files: { name: string; bytes: Uint8Array; type?: string }[] = [], ip = nextIp()) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.append(k, v);
  for (const f of files) form.append('photos', new Blob([f.bytes as BlobPart], { type: f.type ?? 'image/jpeg' }), f.name);
  const request = new Request(new URL('/book', TEST_ORIGIN), { method: 'POST', body: form, headers: { Origin: TEST_ORIGIN } });
  return settle(() => book.action({ request, params: {}, context: { ...testContext, clientIp: ip } } as never));
}

function dataOf(value: unknown) {
  const v = value as { data: { fieldErrors: Record<string, string>; formError: string | null; values: Record<string, string>; nextSlots?: unknown[] }; init?: { status?: number } };
  return { data: v.data, status: v.init?.status ?? 200 };
}

const rowCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(appointments))[0]!.n;
const fileCount = () => {
  const dir = path.join(t.dataDir, 'storage', BOOKING_PHOTO_BUCKET);
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('.')).length : 0;
};

describe('/book action', () => {
  it('books and redirects to the confirmation (the manage page with ?booked=1)', async () => {
    const { value, thrown } = await post(fields(await firstSlot()), [{ name: 'door.jpg', bytes: JPEG }]);
    expect(thrown).toBeUndefined();
    const location = (value as Response).headers.get('Location')!;
    expect(location).toMatch(/^\/book\/manage\/[A-Za-z0-9_-]{43}\?booked=1$/);
    const token = location.split('/')[3]!.split('?')[0]!;
    const page = await manage.loader({ request: makeRequest(location), params: { token }, context: testContext } as never);
    expect(page.notice).toBe(BOOKING_TEXTS.booked);
    expect(page.booking).toMatchObject({ typeLabel: 'Free estimate', vehicle: '2021 Toyota Camry', changeable: true });
  });

  it('refuses every kind of bad input with a clear message and field errors, writing nothing', async () => {
    const slot = await firstSlot(2);
    const rows = await rowCount();
    const files = fileCount();
    const big = new Uint8Array(30 * 1024 * 1024);
    big.set(JPEG.subarray(0, 4));
    const cases: { what: string; values: Record<string, string>; files?: { name: string; bytes: Uint8Array; type?: string }[]; status: number; field?: string; message: string }[] = [
      { what: 'missing fields', values: fields(slot, { name: '', email: 'not-an-email', vehicleMake: '', vin: '' }), status: 400, field: 'email', message: BOOKING_TEXTS.emailInvalid },
      { what: 'a VIN that is not one', values: fields(slot, { vin: 'ABC<script>' }), status: 400, field: 'vin', message: BOOKING_TEXTS.vinInvalid },
      { what: 'a date in the past', values: fields(new Date(Date.now() - 3 * 86_400_000).toISOString()), status: 409, field: 'slot', message: BOOKING_TEXTS.slotPast },
      { what: 'a date beyond 60 days', values: fields(new Date(Date.now() + 61 * 86_400_000).toISOString()), status: 409, field: 'slot', message: BOOKING_TEXTS.slotTooFar },
      { what: 'a slot that is not a date', values: fields('tomorrow at 9'), status: 400, field: 'slot', message: BOOKING_TEXTS.slotRequired },
      { what: '11 photos', values: fields(slot), files: Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.jpg`, bytes: JPEG })), status: 413, field: 'photos', message: BOOKING_TEXTS.tooManyPhotos },
      { what: 'a 30 MB photo', values: fields(slot), files: [{ name: 'huge.jpg', bytes: big }], status: 413, field: 'photos', message: BOOKING_TEXTS.photoTooLarge },
      { what: 'a file that is not an image', values: fields(slot), files: [{ name: 'photo.jpg', bytes: new TextEncoder().encode('MZ this is a program'), type: 'image/jpeg' }], status: 400, field: 'photos', message: BOOKING_TEXTS.notAnImage },
      { what: 'the honeypot', values: fields(slot, { website: 'http://spam.example' }), status: 400, message: BOOKING_TEXTS.honeypot },
    ];
    for (const c of cases) {
      const { value, thrown } = await post(c.values, c.files);
      expect(thrown, c.what).toBeUndefined();
      const { data, status } = dataOf(value);
      expect(status, c.what).toBe(c.status);
      if (c.field) expect(data.fieldErrors[c.field], c.what).toBe(c.message);
      else expect(data.formError, c.what).toBe(c.message);
    }
    expect(await rowCount()).toBe(rows);
    expect(fileCount()).toBe(files);
  });

  it('stores script typed into every field as plain text (no 500, shown escaped)', async () => {
    const script = '<script>alert(1)</script>';
    const slot = await firstSlot(4);
    const { value } = await post(
      fields(slot, { name: `Jane ${script}`, vehicleMake: `Ford${script}`, vehicleModel: script, insurer: script, claimNumber: script, description: script, phone: `281 555 0147 ${script}` }),
    );
    // The phone is refused (it is not a number); everything else would be stored as text.
    expect(dataOf(value).status).toBe(400);
    expect(dataOf(value).data.fieldErrors.phone).toBe(BOOKING_TEXTS.phoneInvalid);
    const ok = await post(fields(slot, { name: `Jane ${script}`, vehicleMake: `Ford${script}`, vehicleModel: script, insurer: script, claimNumber: script, description: script }));
    const location = (ok.value as Response).headers.get('Location')!;
    const token = location.split('/')[3]!.split('?')[0]!;
    const page = await manage.loader({ request: makeRequest(location), params: { token }, context: testContext } as never);
    expect(page.booking.name).toBe(`Jane ${script}`);
  });

  it('a second visitor on the last place gets 409, the message and the next free times', async () => {
    const slot = await firstSlot(6);
    for (let i = 0; i < 2; i++) expect((await post(fields(slot))).value).toBeInstanceOf(Response);
    const { value } = await post(fields(slot));
    const { data, status } = dataOf(value);
    expect(status).toBe(409);
    expect(data.formError).toBe(BOOKING_TEXTS.slotTaken);
    expect(data.nextSlots!.length).toBeGreaterThan(0);
    expect(data.values.name).toBe('Jane Driver');
  });
});

describe('/book/manage/:token', () => {
  it('answers 404 for a token that opens nothing, and cancels only through its own token', async () => {
    const { thrown } = await settle(() => manage.loader({ request: makeRequest('/book/manage/x'), params: { token: 'A'.repeat(43) }, context: testContext } as never));
    expect((thrown as Response).status).toBe(404);

    const a = (await post(fields(await firstSlot(8)))).value as Response;
    const b = (await post(fields(await firstSlot(9)))).value as Response;
    const tokenA = a.headers.get('Location')!.split('/')[3]!.split('?')[0]!;
    const tokenB = b.headers.get('Location')!.split('/')[3]!.split('?')[0]!;
    const cancel = (token: string) =>
      settle(() => manage.action({ request: makeRequest(`/book/manage/${token}`, { form: { intent: 'cancel' } }), params: { token }, context: testContext } as never));
    const done = await cancel(tokenA);
    expect((done.value as Response).headers.get('Location')).toBe(`/book/manage/${tokenA}?done=cancelled`);
    const pageB = await manage.loader({ request: makeRequest(`/book/manage/${tokenB}`), params: { token: tokenB }, context: testContext } as never);
    expect(pageB.booking.status).toBe('Booked');
    const pageA = await manage.loader({ request: makeRequest(`/book/manage/${tokenA}`), params: { token: tokenA }, context: testContext } as never);
    expect(pageA.booking).toMatchObject({ status: 'Cancelled', changeable: false });
    // A forged token (one character changed) opens nothing and cancels nothing.
    const forged = tokenB.slice(0, -1) + (tokenB.endsWith('A') ? 'B' : 'A');
    const refused = await cancel(forged);
    expect((refused.thrown as Response).status).toBe(404);
  });
});
