/**
 * Forms of the back office's appointment pages (issue 16 §3), shared by the actions and the pages.
 *
 * - `AppointmentCalendarQuerySchema`: `?view=day|week&date=yyyy-MM-dd` (anything else: the week of today).
 * - `AppointmentActionSchema`: `intent` confirm | cancel | no-show (the status buttons).
 * - `CheckInSchema`: `intent=check-in` plus the customer choice ('new', a customer id, or nothing = match
 *   automatically), the vehicle (year, make, model and a 17-character VIN: vehicles.vin is required, so the form asks
 *   for it when the booking has none) and the work order number (prefilled with the next free one).
 */
import { z } from 'zod';
import { normalizeVin } from '~/lib/vin';
import { maxVehicleYear } from './vehicle';
import { isSingleLine, SINGLE_LINE_MESSAGE } from './text';

export const CALENDAR_VIEWS = ['day', 'week'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export const AppointmentCalendarQuerySchema = z.object({
  view: z.enum(CALENDAR_VIEWS).catch('week'),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T12:00:00Z`)) && new Date(`${v}T12:00:00Z`).toISOString().startsWith(v))
    .optional()
    .catch(undefined),
});

export const AppointmentActionSchema = z.object({
  intent: z.enum(['confirm', 'cancel', 'no-show'], { error: 'Error: unknown action.' }),
});

export const VIN_REQUIRED_MESSAGE = 'VIN is required to check in: read it from the car or its papers.';
export const VIN_LENGTH_MESSAGE = 'A VIN has 17 characters: letters and digits, no I, O or Q.';

const requiredLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `At most ${max} characters.`)
    .refine(isSingleLine, SINGLE_LINE_MESSAGE);

export const CheckInSchema = z.object({
  intent: z.literal('check-in'),
  customerChoice: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.union([z.literal('new'), z.uuid('Choose a customer.'), z.undefined()])),
  year: z
    .string({ error: 'Year is required.' })
    .trim()
    .min(1, 'Year is required.')
    .regex(/^\d{4}$/, 'Year must be a number from 1900 to next year.')
    .transform(Number)
    .refine((y) => y >= 1900 && y <= maxVehicleYear(), 'Year must be a number from 1900 to next year.'),
  make: requiredLine('Make', 60),
  model: requiredLine('Model', 60),
  vin: z
    .string({ error: VIN_REQUIRED_MESSAGE })
    .transform((v) => normalizeVin(v).replace(/[\s-]+/g, ''))
    .pipe(z.string().min(1, VIN_REQUIRED_MESSAGE).regex(/^[A-HJ-NPR-Z0-9]{17}$/, VIN_LENGTH_MESSAGE)),
  workOrderNumber: requiredLine('Work order number', 40),
});
export type CheckIn = z.infer<typeof CheckInSchema>;
