import { data, Link } from 'react-router';
import { MARKETING_HANDLE } from '~/content/seo';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/not-found';

export const handle = MARKETING_HANDLE;

/** Any unknown path: the branded 404 page with HTTP status 404 (DECISIONS 1). */
export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: 'Page Not Found', description: 'The page you asked for does not exist.', noindex: true });

export default function NotFound() {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-navy-900">Page not found</h1>
      <p className="mt-4 text-lg text-slate-700">We could not find that page. It may have moved.</p>
      <p className="mt-8 flex flex-wrap justify-center gap-6">
        <Link to="/" className="font-semibold text-brand-700 underline">
          Home
        </Link>
        <Link to="/services" className="font-semibold text-brand-700 underline">
          Our Services
        </Link>
        <Link to="/contact" className="font-semibold text-brand-700 underline">
          Contact Us
        </Link>
      </p>
    </main>
  );
}
