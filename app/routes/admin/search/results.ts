/**
 * `/admin/search/results?q=` (issue 17 §5): the search's results as JSON, for the header box's results-as-you-type and
 * the customer pickers (`&scope=customers`, customers only, which needs the 'customers' permission). The HTML page is
 * `/admin/search`; both call the same domain function. Never a 500 for bad input: the answer carries a message.
 */
import { SearchQuerySchema } from '~/lib/schemas/search';
import { requireStaff } from '~/server/auth/permissions.server';
import { getDb } from '~/server/db/client.server';
import { SEARCH_PERMISSIONS, searchEverything } from '~/server/search/search.server';
import type { Route } from './+types/results';

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const customersOnly = url.searchParams.get('scope') === 'customers';
  const user = await requireStaff(request, customersOnly ? 'customers' : SEARCH_PERMISSIONS);
  const { q } = SearchQuerySchema.parse({ q: url.searchParams.get('q') ?? undefined });
  const results = await searchEverything(getDb(), user, q, customersOnly ? { only: ['customers'], limit: 20 } : {});
  return Response.json(results, { headers: { 'Cache-Control': 'private, no-store' } });
}
