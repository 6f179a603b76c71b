import { z } from 'zod';
import { normalizeVin } from '~/lib/vin';
import { isSingleLine, SINGLE_LINE_MESSAGE } from './text';

/** The latest model year accepted: next calendar year (spec public-site-and-portal §5, §9). */
export const maxVehicleYear = (now = new Date()) => now.getFullYear() + 1;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine(isSingleLine, SINGLE_LINE_MESSAGE)
    .optional()
    .transform((v) => (v ? v : null));

/**
 * Add vehicle (portal "Add New Vehicle" and the back office's add-vehicle forms): make, model, year and VIN required;
 * color and license plate optional; year a whole number from 1900 to next year; VIN at most 17 characters, trimmed
 * and upper-cased. Every field is one line (issue 13).
 */
export const AddVehicleSchema = z.object({
  make: z.string({ error: 'Make is required.' }).trim().min(1, 'Make is required.').max(60, 'At most 60 characters.').refine(isSingleLine, SINGLE_LINE_MESSAGE),
  model: z.string({ error: 'Model is required.' }).trim().min(1, 'Model is required.').max(60, 'At most 60 characters.').refine(isSingleLine, SINGLE_LINE_MESSAGE),
  year: z
    .string({ error: 'Year is required.' })
    .trim()
    .min(1, 'Year is required.')
    .regex(/^\d{4}$/, 'Year must be a number from 1900 to next year.')
    .transform(Number)
    .refine((y) => y >= 1900 && y <= maxVehicleYear(), 'Year must be a number from 1900 to next year.'),
  color: optionalText(40),
  vin: z
    .string({ error: 'VIN is required.' })
    .transform(normalizeVin)
    .pipe(z.string().min(1, 'VIN is required.').max(17, 'VIN must be at most 17 characters.').refine(isSingleLine, SINGLE_LINE_MESSAGE)),
  licensePlate: optionalText(15),
});
export type AddVehicle = z.infer<typeof AddVehicleSchema>;
