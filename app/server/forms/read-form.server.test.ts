import { describe, expect, it } from 'vitest';
import { CustomerSchema, InventoryItemSchema } from '~/lib/schemas/admin';
import { AddVehicleSchema } from '~/lib/schemas/vehicle';
import { SINGLE_LINE_MESSAGE } from '~/lib/schemas/text';
import { parseForm } from '~/lib/forms';
import { parseUploadForm } from '../uploads/upload.server';
import { cleanFormText, readForm } from './read-form.server';

const post = (body: BodyInit, type?: string) =>
  new Request('http://localhost/x', {
    method: 'POST',
    body,
    ...(type ? { headers: { 'Content-Type': type } } : {}),
  });

describe('readForm (issue 13)', () => {
  it('removes NUL and the other control characters but keeps tab, line feed, carriage return and all other text', async () => {
    expect(cleanFormText('a\u0000b\u0001c\u0007d\u001be\u007ff\tg\r\nh é 😀 \u2028')).toBe(
      'abcdef\tg\r\nh é 😀 \u2028',
    );
    const form = await readForm(
      post(new URLSearchParams({ name: 'Jane\u0000 Doe\u0008', 'ke\u0000y': 'v' })),
    );
    expect(form.get('name')).toBe('Jane Doe');
    expect(form.get('key')).toBe('v');
  });

  it('leaves passwords exactly as typed', async () => {
    const form = await readForm(
      post(new URLSearchParams({ password: 'pa\u0001ss\u0000', newPassword: '\u0007x' })),
    );
    expect(form.get('password')).toBe('pa\u0001ss\u0000');
    expect(form.get('newPassword')).toBe('\u0007x');
  });

  it('answers a body that is not a form with a 400 Response, not a TypeError', async () => {
    const thrown = await readForm(post('{"a":1}', 'application/json')).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
  });

  it('cleans the text fields of a multipart upload the same way', async () => {
    const body = new FormData();
    body.append('workOrderId', 'abc\u0000');
    body.append('note', 'x\u001by');
    const parsed = await parseUploadForm(post(body), { maxFileSize: 1024 });
    expect(parsed.fields.get('workOrderId')).toBe('abc');
    expect(parsed.fields.get('note')).toBe('xy');
  });
});

describe('one-line fields refuse line breaks with a field message', () => {
  it.each([
    ['customer name', CustomerSchema, { name: 'Jane\r\nBcc: x' }, 'name'],
    ['customer phone', CustomerSchema, { name: 'Jane', phone: '555\n0100' }, 'phone'],
    [
      'vehicle VIN',
      AddVehicleSchema,
      { make: 'Honda', model: 'Civic', year: '2020', vin: '1HG\nCM82633A' },
      'vin',
    ],
    [
      'vehicle plate',
      AddVehicleSchema,
      { make: 'Honda', model: 'Civic', year: '2020', vin: '1HGCM82633A004352', licensePlate: 'AB\u20281' },
      'licensePlate',
    ],
    [
      'part number',
      InventoryItemSchema,
      { partNumber: 'P\r1', description: 'x', quantity: '1', unitPrice: '1.00' },
      'partNumber',
    ],
  ] as const)('%s', (_label, schema, fields, field) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const parsed = parseForm(schema, form);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.fieldErrors[field]).toBe(SINGLE_LINE_MESSAGE);
  });

  it('still trims a line break typed at either end', () => {
    const form = new FormData();
    form.append('name', '\nJane Doe\r\n');
    expect(parseForm(CustomerSchema, form)).toMatchObject({ success: true, data: { name: 'Jane Doe' } });
  });
});
