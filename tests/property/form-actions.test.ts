/**
 * Every form action of the product, found from the route files, fed random form posts (fast-check): random strings,
 * huge strings, unicode, numbers out of range, known field names with hostile values — as an anonymous visitor, a
 * customer and an admin. The bar (issue 6): never an HTTP 500. An action may redirect, refuse (4xx) or answer with
 * field errors; it must not throw anything but a Response.
 *
 * Issue 13: the random strings carry NUL and the other control characters, and a second property posts plausible,
 * mostly valid forms (every known field filled, real ids of existing records, every real intent) with control
 * characters slipped into them, so the hostile characters reach the database instead of stopping at a schema.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createAccount,
  createVehicle,
  createWorkOrder,
  makeRequest,
  randomVin,
  settle,
  testContext,
  uid,
  type TestAccount,
} from '../setup/factories';
import { createInventoryItem } from '../admin/helpers';
import { withTestDatabase } from '../setup/test-db';
import { createLocalStorage, setStorage } from '~/server/storage/storage.server';

const t = withTestDatabase();

type ActionFn = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
const modules = import.meta.glob<{ action?: ActionFn }>('../../app/routes/**/*.{ts,tsx}', { eager: true });
const sources = import.meta.glob<string>('../../app/routes/**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
});
const actions = Object.entries(modules)
  .filter(([, m]) => typeof m.action === 'function')
  .map(([file, m]) => ({
    file: file.replace('../../app/routes/', ''),
    action: m.action!,
    source: sources[file] ?? '',
  }));

/** Field names the forms use (from the Zod schemas) plus a few generic ones. */
const schemaModules = import.meta.glob<Record<string, unknown>>('../../app/lib/schemas/*.ts', {
  eager: true,
});
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
const INTENTS = [
  'enable',
  'verify',
  'disable',
  'google',
  'add',
  'update',
  'delete',
  'create',
  'upload',
  'retry',
  'status',
];
/** The intents the product's forms really post (from the route modules, their forms and the shared handlers). */
const WORK_ORDER_INTENTS = ['add-part', 'upload-document', 'upload-photos', 'change-status', 'set-eta', 'edit-description', 'remove-part', 'delete-file', 'replace-file'];
const REAL_INTENTS = [
  'add-item',
  'add-part',
  'add-row',
  'add-vehicle',
  'adjust-stock',
  'change-status',
  'create-work-order',
  'edit-item',
  'extract',
  'mark-read',
  'mark-unread',
  'remove-row',
  'resend-verification',
  'save',
  'set-eta',
  'update-profile',
  'upload-document',
  'verify',
];

/** NUL (the one PostgreSQL refuses, so weighted up), the other C0 controls, DEL, and the characters that break lines. */
const CONTROL = fc.oneof(
  { arbitrary: fc.constant('\u0000'), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      '\u0001',
      '\u0007',
      '\u0008',
      '\u000b',
      '\u000c',
      '\u001b',
      '\u001f',
      '\u007f',
      '\r',
      '\n',
      '\r\n',
      '\u2028',
    ),
    weight: 6,
  },
);
/** `base` with one to three control characters slipped in at random places. */
const withControls = (base: fc.Arbitrary<string>) =>
  fc
    .tuple(base, fc.array(fc.tuple(CONTROL, fc.nat()), { minLength: 1, maxLength: 3 }))
    .map(([text, inserts]) =>
      inserts.reduce(
        (s, [c, at]) => s.slice(0, at % (s.length + 1)) + c + s.slice(at % (s.length + 1)),
        text,
      ),
    );

const hostile = fc.oneof(
  fc.string(),
  withControls(fc.string({ maxLength: 30 })),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    '99999999999999999999',
    '2026-02-31',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '\u0000',
    '😀'.repeat(100),
  ),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constant('x'.repeat(20_000)),
  fc.uuid().map(String),
);
const formArb = fc
  .dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 12 })), hostile, {
    maxKeys: 8,
  })
  .chain((form) =>
    fc.constantFrom(...INTENTS, undefined).map((intent) => (intent ? { ...form, intent } : form)),
  );
const paramsArb = fc.record({
  workOrderId: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
  customerId: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
  vehicleId: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
  invoiceId: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
  documentId: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
});

/** Free-text fields: where a control character could pass a schema and reach the database. */
const TEXT_FIELDS = [
  'name',
  'fullName',
  'phone',
  'address',
  'message',
  'make',
  'model',
  'color',
  'licensePlate',
  'description',
  'supplier',
  'reason',
  'partNumber',
  'workOrderNumber',
  'invoiceNumber',
  'part_number',
];

/** A plausible value for each field name the forms use; ids are those of records the test creates. */
function plausibleValues(ids: Record<string, string>): Record<string, fc.Arbitrary<string>> {
  const text = (value: string) => fc.constant(value);
  return {
    name: text('Jane Driver'),
    fullName: text('Jane Driver'),
    email: fc.constant(null).map(() => `p-${uid()}@example.com`),
    phone: text('281 555 0100'),
    address: text('1 Main St, Spring TX'),
    message: text('Rear bumper dent.'),
    make: text('Honda'),
    model: text('Civic'),
    year: text('2020'),
    color: text('Blue'),
    vin: fc.constant(null).map(() => randomVin()),
    licensePlate: text('ABC123'),
    workOrderNumber: fc.constant(null).map(() => `WO-${uid()}`),
    description: text('Bumper repair'),
    partNumber: fc.constant(null).map(() => `P-${uid()}`),
    supplier: text('Parts Co'),
    unitPrice: text('12.50'),
    quantity: text('1'),
    change: text('1'),
    reason: text('Recount'),
    status: text('Paint'),
    documentType: text('quote'),
    estimatedCompletionDate: text('2030-01-02'),
    invoiceNumber: fc.constant(null).map(() => `INV-${uid()}`),
    invoiceDate: text('2026-01-02'),
    totalAmount: text('10.00'),
    part_number: text('P-1'),
    unit_price: text('1.00'),
    password: text('correct-horse-battery'),
    code: text('123456'),
    redirectTo: text('/portal'),
    token: text('x'),
    ...Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, fc.constant(v)])),
  };
}

describe('every form action survives random input', { timeout: 600_000 }, () => {
  it('finds the actions to test', () => {
    expect(actions.map((a) => a.file)).toEqual(
      expect.arrayContaining(['auth/login.tsx', 'auth/register.tsx']),
    );
  });

  it('answers every random post without a 500, for every role', async () => {
    setStorage(createLocalStorage(`${t.dataDir}/files`));
    const customer: TestAccount = await createAccount();
    const admin: TestAccount = await createAccount({ admin: true });
    const failures: string[] = [];
    for (const { file, action } of actions) {
      for (const cookie of [undefined, customer.cookie, admin.cookie]) {
        await fc
          .assert(
            fc.asyncProperty(formArb, paramsArb, async (form, params) => {
              const request = makeRequest(`/${file}`, { cookie, form: form as Record<string, string> });
              const outcome = await settle(() => action({ request, params, context: testContext }));
              const thrown = outcome.thrown;
              const status =
                thrown instanceof Response
                  ? thrown.status
                  : (outcome.value as { init?: { status?: number } } | Response | undefined) instanceof
                      Response
                    ? (outcome.value as Response).status
                    : ((outcome.value as { init?: { status?: number } } | undefined)?.init?.status ?? 200);
              const bad = (thrown !== undefined && !(thrown instanceof Response)) || status >= 500;
              if (bad) {
                failures.push(
                  `${file} [${cookie === admin.cookie ? 'admin' : cookie ? 'customer' : 'anonymous'}] ${JSON.stringify(form).slice(0, 200)} → ${thrown instanceof Error ? thrown.stack?.split('\n').slice(0, 3).join(' | ') : status}`,
                );
              }
              return !bad;
            }),
            { numRuns: Number(process.env.PROPERTY_RUNS ?? 12), endOnFailure: true },
          )
          .catch((error: unknown) => {
            // The failing input is already in `failures` with the action's file; keep going so one run lists them all.
            if (!failures.length) throw error;
          });
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers plausible forms carrying control characters without a 500, for every role (issue 13)', async () => {
    setStorage(createLocalStorage(`${t.dataDir}/files`));
    const customer: TestAccount = await createAccount();
    const admin: TestAccount = await createAccount({ admin: true });
    const vehicle = await createVehicle(customer.customerId!);
    const workOrder = await createWorkOrder(vehicle);
    const part = await createInventoryItem();
    const ids = {
      workOrderId: workOrder.id,
      vehicleId: vehicle.id,
      customerId: customer.customerId!,
      inventoryId: part.id,
      id: customer.userId,
      messageId: workOrder.id,
      mailId: workOrder.id,
    };
    const values = plausibleValues(ids);
    const fields = [...new Set([...FIELD_NAMES, ...Object.keys(values)])].filter(
      (f) => f !== 'website' && f !== 'intent',
    );
    /** Every field filled plausibly, about half of them carrying control characters; an intent the action knows. */
    const formFor = (source: string) => {
      const known = [
        ...REAL_INTENTS,
        ...(source.includes('handleWorkOrderIntent') ? WORK_ORDER_INTENTS : []),
      ].filter((intent) => source.includes(`'${intent}'`) || source.includes('handleWorkOrderIntent'));
      return fc
        .tuple(
          fc.record(Object.fromEntries(fields.map((f) => [f, values[f] ?? fc.constant('x')]))),
          fc.subarray(TEXT_FIELDS, { minLength: 1 }),
          known.length ? fc.constantFrom(...new Set(known)) : fc.constant(undefined),
        )
        .chain(([form, dirty, intent]) =>
          fc.tuple(...dirty.map((f) => withControls(fc.constant(String(form[f]))))).map((dirtied) => {
            const out: Record<string, string> = {
              ...(form as Record<string, string>),
              ...(intent ? { intent } : {}),
            };
            dirty.forEach((f, i) => (out[f] = dirtied[i]!));
            return out;
          }),
        );
    };
    const params = {
      workOrderId: workOrder.id,
      customerId: customer.customerId!,
      vehicleId: vehicle.id,
      invoiceId: workOrder.id,
      documentId: workOrder.id,
    };
    const failures: string[] = [];
    for (const { file, action, source } of actions) {
      const formArb = formFor(source);
      for (const cookie of [undefined, customer.cookie, admin.cookie]) {
        await fc
          .assert(
            fc.asyncProperty(formArb, async (form) => {
              const request = makeRequest(`/${file}`, { cookie, form });
              const outcome = await settle(() => action({ request, params, context: testContext }));
              const thrown = outcome.thrown;
              const status =
                thrown instanceof Response
                  ? thrown.status
                  : outcome.value instanceof Response
                    ? outcome.value.status
                    : ((outcome.value as { init?: { status?: number } } | undefined)?.init?.status ?? 200);
              const bad = (thrown !== undefined && !(thrown instanceof Response)) || status >= 500;
              if (bad) {
                failures.push(
                  `${file} [${cookie === admin.cookie ? 'admin' : cookie ? 'customer' : 'anonymous'}] ${JSON.stringify(form).slice(0, 300)} → ${thrown instanceof Error ? thrown.message.split('\n')[0] : status}`,
                );
              }
              return !bad;
            }),
            { numRuns: Number(process.env.PROPERTY_RUNS ?? 12), endOnFailure: true },
          )
          .catch((error: unknown) => {
            if (!failures.length) throw error;
          });
      }
    }
    expect(failures).toEqual([]);
  });
});
