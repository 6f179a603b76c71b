import { z } from 'zod';

const optional = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => v || undefined);
const day = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .pipe(z.iso.date('Use a date like 2026-11-22.').optional());

/** Filters of the audit log page (query string). */
export const AuditFilterSchema = z.object({
  entityType: optional,
  actor: optional,
  from: day,
  to: day,
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
