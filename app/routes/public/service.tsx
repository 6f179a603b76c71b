import { Link } from 'react-router';
import { EstimateCta, PageHero, buttonPrimary } from '~/components/site/page-parts';
import { MARKETING_HANDLE, marketingMeta } from '~/content/seo';
import { findServicePage } from '~/content/services';
import { useRootData } from '~/root';
import type { Route } from './+types/service';

export const handle = MARKETING_HANDLE;

/** The six service pages share this module (routes.ts gives each its own id); the path picks the copy. */
export function loader({ request }: Route.LoaderArgs) {
  const page = findServicePage(new URL(request.url).pathname.replace(/\/+$/, ''));
  if (!page) throw new Response('Not Found', { status: 404 });
  return { slug: page.slug };
}

export const meta: Route.MetaFunction = ({ matches, location, data }) => {
  const page = data ? findServicePage(`/services/${data.slug}`) : undefined;
  return marketingMeta({
    matches,
    location,
    title: page ? `${page.title} in Spring, TX` : 'Services',
    description: page ? `${page.summary} Family-owned and veteran operated in Spring, TX.` : 'Auto body services in Spring, TX.',
  });
};

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { shop } = useRootData();
  const page = findServicePage(`/services/${loaderData.slug}`)!;
  return (
    <main id="main">
      <PageHero title={page.title} lead={page.intro}>
        <p className="mt-6">
          <Link to="/book" className={buttonPrimary}>
            Schedule Estimate
          </Link>
        </p>
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          {page.sections.map((s) => (
            <section key={s.heading}>
              <h2 className="text-2xl font-bold text-navy-900">{s.heading}</h2>
              <p className="mt-2 text-slate-800">{s.body}</p>
            </section>
          ))}
          {page.slug === 'paintless-dent-repair' ? (
            <p className="text-slate-800">
              See real results in our{' '}
              <Link to="/repair-gallery?category=collision" className="font-semibold text-brand-700 underline">
                repair gallery
              </Link>
              .
            </p>
          ) : null}
          <p>
            <Link to="/contact" className="font-semibold text-brand-700 underline">
              Contact us about {page.title.toLowerCase()}
            </Link>
          </p>
        </div>
        <aside aria-labelledby="includes" className="h-fit rounded-xl bg-slate-100 p-6">
          <h2 id="includes" className="text-xl font-bold text-navy-900">
            What’s included
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-800">
            {page.bullets.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
          <p className="mt-4">
            <Link to="/services" className="font-semibold text-brand-700 underline">
              All services
            </Link>
          </p>
        </aside>
      </div>
      <EstimateCta shop={shop} />
    </main>
  );
}
