import { Link } from 'react-router';
import { FindUs } from '~/components/site/find-us';
import { EstimateCta, PageHero } from '~/components/site/page-parts';
import { telHref } from '~/content/shop';
import { MARKETING_HANDLE, marketingMeta } from '~/content/seo';
import { SERVICE_PAGES } from '~/content/services';
import { useRootData } from '~/root';
import type { Route } from './+types/services';

export const handle = MARKETING_HANDLE;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  marketingMeta({
    matches,
    location,
    title: 'Services',
    description:
      'Collision repair, paint and refinish, custom paint, paintless dent repair, bedliners and light mechanical repairs in Spring, TX.',
  });

/** Services (spec §2): the six offerings linking to their pages, an estimate link, map and directions. */
export default function Services() {
  const { shop } = useRootData();
  return (
    <main id="main">
      <PageHero title="Our Services" lead="Everything your vehicle needs after a bump, a dent or years of Texas sun, under one roof in Spring, TX." />
      <div className="mx-auto max-w-6xl px-4 py-12">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICE_PAGES.map((s) => (
            <li key={s.slug} className="flex flex-col rounded-xl border border-slate-200 p-6 shadow-sm">
              <h2 className="text-xl font-bold text-navy-900">{s.title}</h2>
              <p className="mt-2 flex-1 text-slate-700">{s.summary}</p>
              <Link to={s.path} className="mt-4 font-semibold text-brand-700 underline">
                Learn more<span className="sr-only"> about {s.title}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-lg text-slate-800">
          Not sure what you need?{' '}
          <Link to="/contact" className="font-semibold text-brand-700 underline">
            Request an estimate
          </Link>{' '}
          or call{' '}
          <a href={telHref(shop.phone)} className="font-semibold text-brand-700 underline">
            {shop.phone}
          </a>
          .
        </p>
      </div>
      <FindUs shop={shop} />
      <EstimateCta shop={shop} />
    </main>
  );
}
