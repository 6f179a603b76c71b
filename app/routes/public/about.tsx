import { Link } from 'react-router';
import { BusinessHours } from '~/components/site/business-hours';
import { FindUs } from '~/components/site/find-us';
import { EstimateCta, PageHero } from '~/components/site/page-parts';
import { formatAddress, telHref } from '~/content/shop';
import { MARKETING_HANDLE, marketingMeta } from '~/content/seo';
import { useRootData } from '~/root';
import type { Route } from './+types/about';

export const handle = MARKETING_HANDLE;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  marketingMeta({
    matches,
    location,
    title: 'About Us',
    description: 'Family-owned, veteran-operated collision repair and refinishing in Spring, TX: our mission, service area and certifications.',
  });

const OFFERS = [
  'Collision repair for insurance claims and out-of-pocket customers',
  'Computerized paint matching and refinishing',
  'Custom paint and unique projects',
  'Paintless dent repair',
  'Spray-in bedliners and truck accessories',
  'Light mechanical repairs and routine maintenance',
];

const AREAS = ['Spring', 'The Woodlands', 'Klein', 'Tomball', 'Humble', 'Kingwood', 'Cypress', 'North Houston'];

/** About (spec §2): mission, offer, service areas, certifications, map, 'View Repair Gallery', contact. */
export default function About() {
  const { shop } = useRootData();
  return (
    <main id="main">
      <PageHero
        title="About Our Shop"
        lead={`${shop.name} is a family-owned, veteran-operated collision repair and refinishing shop in ${shop.address.city}, ${shop.address.region}.`}
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-3">
        <div className="space-y-10 lg:col-span-2">
          <section aria-labelledby="mission">
            <h2 id="mission" className="text-2xl font-bold text-navy-900">
              Our Mission
            </h2>
            <p className="mt-3 text-slate-800">
              To repair every vehicle the way we would repair our own family’s: to OEM standards, with paint you cannot
              tell from the factory finish, honest prices and no surprises. We served our country; now we serve our
              neighbours.
            </p>
          </section>
          <section aria-labelledby="offer">
            <h2 id="offer" className="text-2xl font-bold text-navy-900">
              What We Offer
            </h2>
            <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-800">
              {OFFERS.map((o) => (
                <li key={o}>{o}</li>
              ))}
            </ul>
            <p className="mt-3">
              <Link to="/services" className="font-semibold text-brand-700 underline">
                See all services
              </Link>
            </p>
          </section>
          <section aria-labelledby="areas">
            <h2 id="areas" className="text-2xl font-bold text-navy-900">
              Areas We Serve
            </h2>
            <p className="mt-3 text-slate-800">
              Drivers come to us from {AREAS.join(', ')} and the rest of north Harris and south Montgomery counties.
            </p>
          </section>
          <section aria-labelledby="certifications">
            <h2 id="certifications" className="text-2xl font-bold text-navy-900">
              Certifications &amp; Trust
            </h2>
            <ul className="mt-3 grid gap-4 sm:grid-cols-3">
              <li className="rounded-lg border border-slate-200 p-4">
                <strong className="block text-navy-900">Trained &amp; certified technicians</strong>
                <span className="text-slate-700">Ongoing training in current repair procedures and materials.</span>
              </li>
              <li className="rounded-lg border border-slate-200 p-4">
                <strong className="block text-navy-900">Local reputation</strong>
                <span className="text-slate-700">Neighbours and their families come back, and send their friends.</span>
              </li>
              <li className="rounded-lg border border-slate-200 p-4">
                <strong className="block text-navy-900">Veteran-owned</strong>
                <span className="text-slate-700">Discipline, integrity and pride in the work, every day.</span>
              </li>
            </ul>
          </section>
          <p className="flex flex-wrap gap-4">
            <Link to="/repair-gallery" className="inline-flex min-h-11 items-center rounded bg-navy-900 px-5 py-3 font-bold text-white hover:bg-navy-800">
              View Repair Gallery
            </Link>
            <Link to="/contact" className="inline-flex min-h-11 items-center rounded bg-brand-600 px-5 py-3 font-bold text-white hover:bg-brand-700">
              Contact Us
            </Link>
          </p>
        </div>
        <aside aria-labelledby="visit" className="h-fit rounded-xl bg-slate-100 p-6">
          <h2 id="visit" className="text-xl font-bold text-navy-900">
            Visit Us
          </h2>
          <address className="mt-3 not-italic leading-7 text-slate-800">
            {shop.name}
            <br />
            {formatAddress(shop.address)}
            <br />
            <a href={telHref(shop.phone)} className="font-semibold text-brand-700 underline">
              {shop.phone}
            </a>
            <br />
            <a href={`mailto:${shop.email}`} className="font-semibold text-brand-700 underline">
              {shop.email}
            </a>
          </address>
          <BusinessHours shop={shop} />
        </aside>
      </div>
      <FindUs shop={shop} heading="Find Our Shop" />
      <EstimateCta shop={shop} />
    </main>
  );
}
