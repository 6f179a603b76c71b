/**
 * Every form action of the product, found from the route files, fed random form posts (fast-check): random strings,
 * huge strings, unicode, numbers out of range, known field names with hostile values — as an anonymous visitor, a
 * customer and an admin. The bar (issue 6): never an HTTP 500. An action may redirect, refuse (4xx) or answer with
 * field errors; it must not throw anything but a Response.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAccount, makeRequest, settle, testContext, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { createLocalStorage, setStorage } from '~/server/storage/storage.server';

const t = withTestDatabase();

type ActionFn = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
const modules = import.meta.glob<{ action?: ActionFn }>('../../app/routes/**/*.{ts,tsx}', { eager: true });
const actions = Object.entries(modules)
  .filter(([, m]) => typeof m.action === 'function')
  .map(([file, m]) => ({ file: file.replace('../../app/routes/', ''), action: m.action! }));

/** Field names the forms use (from the Zod schemas) plus a few generic ones. */
const schemaModules = import.meta.glob<Record<string, unknown>>('../../app/lib/schemas/*.ts', { eager: true });
const FIELD_NAMES = [
  ...new Set(
    Object.values(schemaModules).flatMap((m) =>
      Object.values(m).flatMap((value) => {
        const shape = (value as { shape?: Record<string, unknown> })?.shape;
        return shape ? Object.keys(shape) : [];
      }),
    ),
  ),
  'intent',
  'id',
  'workOrderId',
  'customerId',
  'vehicleId',
  'inventoryId',
  'quantity',
  'status',
];
const INTENTS = ['enable', 'verify', 'disable', 'google', 'add', 'update', 'delete', 'create', 'upload', 'retry', 'status'];

const hostile = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', '99999999999999999999', '2026-02-31', '../../etc/passwd', '<script>alert(1)</script>', "' or 1=1 --", '\u0000', '😀'.repeat(100)),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constant('x'.repeat(20_000)),
  fc.uuid().map(String),
);
const formArb = fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 12 })), hostile, { maxKeys: 8 }).chain((form) =>
  fc.constantFrom(...INTENTS, undefined).map((intent) => (intent ? { ...form, intent } : form)),
);
const paramsArb = fc.record({
  workOrderId: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
  customerId: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
  vehicleId: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
  invoiceId: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
  documentId: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
});

describe('every form action survives random input', { timeout: 600_000 }, () => {
  it('finds the actions to test', () => {
    expect(actions.map((a) => a.file)).toEqual(expect.arrayContaining(['auth/login.tsx', 'auth/register.tsx']));
  });

  it('answers every random post without a 500, for every role', async () => {
    setStorage(createLocalStorage(`${t.dataDir}/files`));
    const customer: TestAccount = await createAccount();
    const admin: TestAccount = await createAccount({ admin: true });
    const failures: string[] = [];
    for (const { file, action } of actions) {
      for (const cookie of [undefined, customer.cookie, admin.cookie]) {
        await fc.assert(
          fc.asyncProperty(formArb, paramsArb, async (form, params) => {
            const request = makeRequest(`/${file}`, { cookie, form: form as Record<string, string> });
            const outcome = await settle(() => action({ request, params, context: testContext }));
            const thrown = outcome.thrown;
            const status =
              thrown instanceof Response
                ? thrown.status
                : (outcome.value as { init?: { status?: number } } | Response | undefined) instanceof Response
                  ? (outcome.value as Response).status
                  : ((outcome.value as { init?: { status?: number } } | undefined)?.init?.status ?? 200);
            const bad = (thrown !== undefined && !(thrown instanceof Response)) || status >= 500;
            if (bad) {
              failures.push(`${file} [${cookie === admin.cookie ? 'admin' : cookie ? 'customer' : 'anonymous'}] ${JSON.stringify(form).slice(0, 200)} → ${thrown instanceof Error ? thrown.stack?.split('\n').slice(0, 3).join(' | ') : status}`);
            }
            return !bad;
          }),
          { numRuns: Number(process.env.PROPERTY_RUNS ?? 12), endOnFailure: true },
        ).catch((error: unknown) => {
          // The failing input is already in `failures` with the action's file; keep going so one run lists them all.
          if (!failures.length) throw error;
        });
      }
    }
    expect(failures).toEqual([]);
  });
});
