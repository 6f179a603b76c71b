import { z } from 'zod';
import { isSingleLine, SINGLE_LINE_MESSAGE } from './text';

/**
 * Technician time (issue 17 §3) and the report's date range (§4): the forms' Zod schemas, shared by pages and actions.
 * Date-times are the `datetime-local` inputs' text ("2026-11-24T08:30"), meant in the shop's time zone; the server
 * turns them into instants.
 */

const localDateTime = (label: string) =>
  z
    .string({ error: `Enter the ${label} time.` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, `Enter the ${label} date and time.`);

/** Clock in on the page's work order (the work order comes from the URL or the card). */
export const ClockInSchema = z.object({
  workOrderId: z.string({ error: 'Choose a work order.' }).trim().uuid('Choose a work order.'),
});

/** The owner's correction of one time entry. */
export const CorrectTimeEntrySchema = z.object({
  entryId: z.string({ error: 'Choose a time entry.' }).trim().uuid('Choose a time entry.'),
  startedAt: localDateTime('start'),
  endedAt: localDateTime('end'),
  note: z
    .string({ error: 'Say why the entry is corrected.' })
    .trim()
    .min(1, 'Say why the entry is corrected.')
    .max(500, 'At most 500 characters.')
    .refine(isSingleLine, SINGLE_LINE_MESSAGE),
});
export type CorrectTimeEntry = z.infer<typeof CorrectTimeEntrySchema>;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** The longest range a report covers (a year and a bit: 2 × 366 days). */
export const MAX_REPORT_DAYS = 732;

/** The reports page's GET form: `from` and `to` calendar days (inclusive), `to` not before `from`. */
export const ReportRangeSchema = z
  .object({
    from: z.string().trim().regex(isoDate, 'Enter a start date.').refine(isRealDate, 'Enter a real date.'),
    to: z.string().trim().regex(isoDate, 'Enter an end date.').refine(isRealDate, 'Enter a real date.'),
  })
  .refine((r) => r.from <= r.to, { path: ['to'], message: 'The end date must not be before the start date.' })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < MAX_REPORT_DAYS, {
    path: ['to'],
    message: 'Choose at most two years.',
  });
export type ReportRange = z.infer<typeof ReportRangeSchema>;
