import { z } from 'zod';

/** The ticket page's one form: "Reset status link" (issue 15 §1). */
export const ResetStatusLinkSchema = z.object({
  intent: z.literal('reset-status-link', { error: 'Unknown action.' }),
});
export type ResetStatusLink = z.infer<typeof ResetStatusLinkSchema>;
