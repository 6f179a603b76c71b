import { Form, Link } from 'react-router';
import { buttonClass } from '~/components/admin/ui';
import { AdminLoadError } from '~/components/admin/load-error';
import { SearchResultGroups } from '~/components/admin/search-box';
import { SEARCH_MAX_LENGTH, SearchQuerySchema } from '~/lib/schemas/search';
import { pageMeta } from '~/lib/meta';
import { requireStaff } from '~/server/auth/permissions.server';
import { getDb } from '~/server/db/client.server';
import { SEARCH_PERMISSIONS, searchEverything } from '~/server/search/search.server';
import type { Route } from './+types/page';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Search', noindex: true });

/**
 * `/admin/search?q=` (issue 17 §5): the header search box's results page, HTML-first (works without JavaScript).
 * Customers, vehicles and work orders, as the user's role allows (search.server.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, SEARCH_PERMISSIONS);
  const { q } = SearchQuerySchema.parse({ q: new URL(request.url).searchParams.get('q') ?? undefined });
  const results = await searchEverything(getDb(), user, q, { limit: 25 });
  return { results };
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { results } = loaderData;
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold text-navy-900">Search</h1>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="search-page-q" className="block text-sm font-semibold text-slate-800">
            Name, phone, e-mail, VIN, plate or work order number
          </label>
          <input
            id="search-page-q"
            type="search"
            name="q"
            defaultValue={results.query}
            key={results.query}
            maxLength={SEARCH_MAX_LENGTH * 2}
            className="mt-1 block w-full rounded border border-slate-400 bg-white px-3 py-2"
          />
        </div>
        <button type="submit" className={buttonClass}>
          Search
        </button>
      </Form>
      <div className="mt-6">
        <SearchResultGroups results={results} headingLevel={2} />
      </div>
      <p className="mt-6 text-sm text-slate-700">
        Tip: press <kbd className="rounded border border-slate-400 px-1">/</kbd> on any back-office page to search.{' '}
        <Link to="/admin" className="font-semibold text-brand-700 underline">
          Back to the dashboard
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError what="search results" />;
}
