import { z } from 'zod';
import { WORK_ORDER_STATUSES } from '~/lib/work-order-status';
import { isSingleLine, SINGLE_LINE_MESSAGE } from './text';
import { AddVehicleSchema } from './vehicle';

/**
 * Back-office forms (admin-back-office §5): one Zod schema per form, shared by the page and its action.
 * Messages are the spec's where it has them. Every text field here is one line (issue 13): a line break is refused
 * with SINGLE_LINE_MESSAGE.
 */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine(isSingleLine, SINGLE_LINE_MESSAGE)
    .optional()
    .transform((v) => (v ? v : null));

const optionalEmail = z
  .string()
  .trim()
  .max(254, 'That email address is too long.')
  .optional()
  .transform((v) => (v ? v.toLowerCase() : null))
  .pipe(z.email('Enter a valid email address.').nullable());

const uuid = (message: string) => z.string({ error: message }).trim().uuid(message);

/** Customer fields (add, edit, profile update): only the full name is required. */
export const CustomerSchema = z.object({
  name: z.string({ error: 'Full name is required.' }).trim().min(1, 'Full name is required.').max(120, 'At most 120 characters.').refine(isSingleLine, SINGLE_LINE_MESSAGE),
  email: optionalEmail,
  phone: optionalText(40),
  address: optionalText(300),
});
export type CustomerInput = z.infer<typeof CustomerSchema>;

/** Add customer with an optional first vehicle: when any vehicle field is filled, the vehicle rules apply. */
export const AddCustomerSchema = z
  .object({
    name: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
    address: z.string().optional(),
    make: z.string().optional(),
    model: z.string().optional(),
    year: z.string().optional(),
    color: z.string().optional(),
    vin: z.string().optional(),
    licensePlate: z.string().optional(),
  })
  .transform((raw, ctx) => {
    const customer = CustomerSchema.safeParse(raw);
    if (!customer.success) for (const issue of customer.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
    const vehicleFields = ['make', 'model', 'year', 'color', 'vin', 'licensePlate'] as const;
    const hasVehicle = vehicleFields.some((f) => (raw[f] ?? '').trim() !== '');
    let vehicle: z.infer<typeof AddVehicleSchema> | null = null;
    if (hasVehicle) {
      const parsed = AddVehicleSchema.safeParse(raw);
      if (parsed.success) vehicle = parsed.data;
      else for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
    }
    if (!customer.success) return z.NEVER;
    return { customer: customer.data, vehicle };
  });
export type AddCustomer = z.infer<typeof AddCustomerSchema>;

/** Create work order: number required (unique; checked by the database), description optional. */
export const CreateWorkOrderSchema = z.object({
  vehicleId: uuid('Choose a vehicle.'),
  workOrderNumber: z
    .string({ error: 'Work order number is required.' })
    .trim()
    .min(1, 'Work order number is required.')
    .max(40, 'At most 40 characters.')
    .refine(isSingleLine, SINGLE_LINE_MESSAGE),
  description: optionalText(2000),
});
export type CreateWorkOrder = z.infer<typeof CreateWorkOrderSchema>;

/**
 * The status form. "Notify customer" (issue 15) is a checkbox, checked by default: the form also posts
 * `notifyShown=1`, so an unchecked box (no `notify` field) means "do not notify"; a post without either (an older
 * form, a script) notifies.
 */
export const ChangeStatusSchema = z
  .object({
    workOrderId: uuid('Choose a work order.'),
    status: z.enum(WORK_ORDER_STATUSES, { error: 'Choose one of the listed statuses.' }),
    notify: z.string().optional(),
    notifyShown: z.string().optional(),
  })
  .transform(({ notify, notifyShown, ...rest }) => ({ ...rest, notify: notifyShown === undefined || notify !== undefined }));

/** True for a real calendar date written YYYY-MM-DD (2031-02-31 is not one). */
export function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** Estimated completion date: a calendar date (YYYY-MM-DD) or empty to clear it. */
export const EstimatedDateSchema = z.object({
  workOrderId: uuid('Choose a work order.'),
  estimatedCompletionDate: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isCalendarDate(v), 'Enter a date.'),
});

/**
 * The estimated completion date, with the confirmation a date in the past needs (issue 17 §6): `confirmPast` "1" when
 * staff answered "Save it anyway".
 */
export const ConfirmedEstimatedDateSchema = EstimatedDateSchema.extend({
  confirmPast: z
    .string()
    .optional()
    .transform((v) => v === '1'),
});

/** Fix a work order's description (issue 17 §6): at most 2,000 characters, may be emptied. */
export const WorkOrderDescriptionSchema = z.object({
  workOrderId: uuid('Choose a work order.'),
  description: optionalText(2000),
});
export type WorkOrderDescription = z.infer<typeof WorkOrderDescriptionSchema>;

export const REMOVE_PART_INVALID = 'Choose a part on this work order and a whole quantity of at least 1.';

/** Remove (some of) a part used on a work order (issue 17 §6): the part row and a whole quantity ≥ 1. */
export const RemovePartSchema = z.object({
  workOrderId: z.string({ error: REMOVE_PART_INVALID }).trim().uuid(REMOVE_PART_INVALID),
  partId: z.string({ error: REMOVE_PART_INVALID }).trim().uuid(REMOVE_PART_INVALID),
  quantity: z
    .string({ error: REMOVE_PART_INVALID })
    .trim()
    .regex(/^\d{1,6}$/, REMOVE_PART_INVALID)
    .transform(Number)
    .refine((n) => n >= 1, REMOVE_PART_INVALID),
});
export type RemovePart = z.infer<typeof RemovePartSchema>;

/** Delete or replace a document or photo of a work order (issue 17 §6). */
export const WorkOrderFileSchema = z.object({
  workOrderId: uuid('Choose a work order.'),
  documentId: uuid('Choose a document or photo.'),
});

export const ADD_PART_INVALID = 'Please select a work order, a part, and a valid quantity.';

/** Add a part to a work order: work order, part and a whole quantity ≥ 1 (spec §5), one message for all three. */
export const AddPartSchema = z.object({
  workOrderId: z.string({ error: ADD_PART_INVALID }).trim().uuid(ADD_PART_INVALID),
  inventoryId: z.string({ error: ADD_PART_INVALID }).trim().uuid(ADD_PART_INVALID),
  quantity: z
    .string({ error: ADD_PART_INVALID })
    .trim()
    .regex(/^\d{1,6}$/, ADD_PART_INVALID)
    .transform(Number)
    .refine((n) => n >= 1, ADD_PART_INVALID),
});
export type AddPart = z.infer<typeof AddPartSchema>;

const money = z
  .string({ error: 'Unit price is required.' })
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, 'Enter a price such as 12.50 (at most 2 decimals).');

/** Inventory item (add / edit): part number, description, quantity ≥ 0 and price required; supplier optional. */
export const InventoryItemSchema = z.object({
  partNumber: z.string({ error: 'Part number is required.' }).trim().min(1, 'Part number is required.').max(60, 'At most 60 characters.').refine(isSingleLine, SINGLE_LINE_MESSAGE),
  description: z
    .string({ error: 'Description is required.' })
    .trim()
    .min(1, 'Description is required.')
    .max(300, 'At most 300 characters.')
    .refine(isSingleLine, SINGLE_LINE_MESSAGE),
  quantity: z
    .string({ error: 'Quantity is required.' })
    .trim()
    .regex(/^\d{1,7}$/, 'Quantity must be a whole number of 0 or more.')
    .transform(Number),
  unitPrice: money,
  supplier: optionalText(120),
});
export type InventoryItemInput = z.infer<typeof InventoryItemSchema>;

/** Edit an item's details (stock changes go through an adjustment with a reason). */
export const EditInventoryItemSchema = InventoryItemSchema.omit({ quantity: true }).extend({ inventoryId: uuid('Choose a part.') });

/** Stock adjustment: a signed whole number other than 0 and a reason. */
export const AdjustStockSchema = z.object({
  inventoryId: uuid('Choose a part.'),
  change: z
    .string({ error: 'Enter the change in stock.' })
    .trim()
    .regex(/^[+-]?\d{1,7}$/, 'Enter a whole number such as 5 or -2.')
    .transform(Number)
    .refine((n) => n !== 0, 'The change cannot be 0.'),
  reason: z.string({ error: 'A reason is required.' }).trim().min(1, 'A reason is required.').max(300, 'At most 300 characters.').refine(isSingleLine, SINGLE_LINE_MESSAGE),
});

export const DOCUMENT_UPLOAD_INVALID = 'Please select a work order, a file, and a document type.';

/** Document upload fields (the file itself is checked by the upload parser and the domain). */
export const DocumentUploadSchema = z.object({
  workOrderId: z.string({ error: DOCUMENT_UPLOAD_INVALID }).trim().uuid(DOCUMENT_UPLOAD_INVALID),
  documentType: z.enum(['quote', 'paid_invoice'], { error: DOCUMENT_UPLOAD_INVALID }),
});
