/**
 * The back-office search box (issue 17 §5): one text field, `q`, read from the URL of `/admin/search` and of its JSON
 * twin `/admin/search/results` (and, as `customerQuery`, by the customer pickers). Browser-safe: the header's search
 * box uses the same limit.
 */
import { z } from 'zod';

/** The longest search the box accepts (characters, after trimming). Longer ones are answered with a message, not a 500. */
export const SEARCH_MAX_LENGTH = 100;

export const SEARCH_MESSAGES = {
  empty: 'Type a name, phone number, e-mail, VIN (or its last six), plate or work order number.',
  tooLong: `That search is too long: use at most ${SEARCH_MAX_LENGTH} characters.`,
  nothingToSearch: 'Nothing to search for: type letters or digits.',
  noMatches: 'No matches.',
} as const;

/**
 * `q`: any string (or missing, which is the empty search); whitespace is trimmed and runs of it become one space.
 * Never fails: an over-long value is kept, so the domain function can answer it with {@link SEARCH_MESSAGES}.tooLong.
 */
export const SearchQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? '').replace(/\s+/g, ' ').trim()),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** What `/admin/search/results` answers with (JSON), the same groups the results page shows. */
export interface SearchHit {
  id: string;
  kind: 'customer' | 'vehicle' | 'work_order';
  /** The line a person recognises: a name, "2020 Honda Civic", "WO-1042". */
  label: string;
  /** One line of context (e-mail and phone only for staff allowed to see them). */
  detail: string;
  /** Where the hit opens in the back office. */
  href: string;
  /** A customer's e-mail (customer hits only; the pickers show it to tell namesakes apart). */
  email?: string | null;
}

export interface SearchResults {
  query: string;
  /** Why nothing was searched, or that nothing matched; null when there are hits. */
  message: string | null;
  customers: SearchHit[];
  vehicles: SearchHit[];
  workOrders: SearchHit[];
}
