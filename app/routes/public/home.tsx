import { Link } from 'react-router';
import { FindUs } from '~/components/site/find-us';
import { ServiceIcon } from '~/components/site/icons';
import { buttonPrimary } from '~/components/site/page-parts';
import { SitePicture } from '~/components/site/site-picture';
import { OWNER, SERVICE_CARDS, TRUST_PHRASES } from '~/content/home';
import { MARKETING_HANDLE, marketingMeta } from '~/content/seo';
import { useRootData } from '~/root';
import { getPublicSite } from '~/server/site/site-info.server';
import type { Route } from './+types/home';

export const handle = MARKETING_HANDLE;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  marketingMeta({
    matches,
    location,
    title: 'C.A.R.S Collision & Refinish | Home',
    fullTitle: true,
    description:
      'Veteran-operated, family-owned collision repair and refinishing in Spring, TX: quality repairs to OEM standards, paint matching and no surprises.',
  });

/**
 * The first published before/after pair of the gallery and the first five published testimonials (issue 16: edited
 * at /admin/site; cached per process). Without a pair the drawn demo images are shown.
 */
export async function loader() {
  const site = await getPublicSite();
  const pair = site.gallery.find((g) => g.beforeImage) ?? null;
  return { pair: pair ? { caption: pair.caption, image: pair.image, beforeImage: pair.beforeImage! } : null, testimonials: site.testimonials };
}

const PAIR_SIZES = '(min-width: 768px) 560px, 100vw';

/** Home (spec §2 "Home"): sections 1-8 in the spec's order. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { shop } = useRootData();
  const { pair, testimonials } = loaderData;
  return (
    <main id="main">
      {/* 1. Hero */}
      <section className="bg-gradient-to-br from-navy-900 to-navy-700 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-8 px-4 py-14 sm:flex-row sm:items-center sm:py-20">
          <img src="/images/logo.svg" alt={`${shop.name} logo`} width="120" height="120" className="h-24 w-24 sm:h-32 sm:w-32" />
          <div>
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
              <span className="block">Trusted Collision Repair</span>
              <span className="block text-yellow-300">in Spring, Texas</span>
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-slate-200">
              Family-owned and veteran operated. Repairs to OEM standards, perfect paint matching and no surprises.
            </p>
            <div className="mt-8 flex flex-wrap gap-4">
              <Link to="/book" className={buttonPrimary}>
                Schedule Estimate
              </Link>
              <Link
                to="/services/collision-repair"
                className="inline-flex min-h-11 items-center rounded border-2 border-white px-5 py-3 font-bold text-white hover:bg-white/10"
              >
                View Services
              </Link>
            </div>
          </div>
        </div>
      </section>

      {/* 2. Trust banner: the phrase list is read once; the visual copy that makes the loop seamless is hidden. */}
      <section aria-label="Why drivers trust us" className="trust-banner overflow-hidden border-y-4 border-yellow-300 bg-white py-3">
        <div className="trust-track flex w-max gap-10 whitespace-nowrap text-lg font-bold text-navy-900">
          <ul className="flex gap-10">
            {TRUST_PHRASES.map((p) => (
              <li key={p}>★ {p}</li>
            ))}
          </ul>
          <ul className="flex gap-10" aria-hidden="true">
            {TRUST_PHRASES.map((p) => (
              <li key={p}>★ {p}</li>
            ))}
          </ul>
        </div>
      </section>

      {/* 3. What We Repair: exclusive accordion (<details name>), open state exposed by the platform. */}
      <section aria-labelledby="what-we-repair" className="mx-auto max-w-6xl px-4 py-14" data-reveal>
        <h2 id="what-we-repair" className="text-3xl font-bold text-navy-900">
          What We Repair
        </h2>
        <p className="mt-2 text-slate-700">Select a service to see what it covers.</p>
        <div className="mt-8 grid gap-4 sm:grid-cols-2">
          {SERVICE_CARDS.map((card) => (
            <details
              key={card.title}
              name="service-cards"
              className="accordion service-card rounded-xl border-2 border-slate-200 bg-white shadow-sm transition-colors open:border-brand-600 open:bg-brand-50"
            >
              <summary className="flex items-start gap-4 rounded-xl p-5">
                <ServiceIcon name={card.icon} className="mt-1 shrink-0 text-brand-700" />
                <span className="flex-1">
                  <span className="block text-xl font-bold text-navy-900">{card.title}</span>
                  <span className="mt-1 block text-slate-700">{card.desc}</span>
                </span>
                <svg className="chevron mt-2 shrink-0 text-navy-900" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
                  <path d="M5 7l5 6 5-6" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
              </summary>
              <div className="px-5 pb-5 pl-17">
                <p className="text-slate-800">{card.detail}</p>
                <Link to={card.href} className="mt-3 inline-block font-semibold text-brand-700 underline">
                  More about {card.title.toLowerCase()}
                </Link>
              </div>
            </details>
          ))}
        </div>
      </section>

      {/* 4. Before and after */}
      <section aria-labelledby="before-after-heading" className="bg-slate-100 py-14" data-reveal>
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 md:grid-cols-2">
          <div>
            <h2 id="before-after-heading" className="text-3xl font-bold text-navy-900">
              See the Difference
            </h2>
            <p className="mt-4 text-slate-800">
              Crumpled panels, scrapes and a mismatched fender, repaired and refinished to match the factory finish.
              Hover over the photo, focus it or tap it to see the result, then{' '}
              <Link to="/contact" className="font-semibold text-brand-700 underline">
                schedule your own estimate
              </Link>
              .
            </p>
          </div>
          <details className="before-after rounded-xl">
            <summary className="block rounded-xl">
              <span className="relative block overflow-hidden rounded-xl shadow-lg">
                {pair ? (
                  <>
                    <SitePicture image={pair.beforeImage} sizes={PAIR_SIZES} alt={`Before: ${pair.caption}`} imgClassName="block h-auto w-full" />
                    <SitePicture image={pair.image} sizes={PAIR_SIZES} alt={`After: ${pair.caption}`} imgClassName="after absolute inset-0 block h-full w-full object-cover" />
                  </>
                ) : (
                  <>
                    <picture>
                      <source type="image/avif" srcSet="/images/before-400.avif 400w, /images/before-800.avif 800w" sizes="(min-width: 768px) 560px, 100vw" />
                      <img
                        src="/images/before-800.webp"
                        srcSet="/images/before-400.webp 400w, /images/before-800.webp 800w"
                        sizes="(min-width: 768px) 560px, 100vw"
                        width="800"
                        height="500"
                        loading="lazy"
                        decoding="async"
                        alt="Before: a red sedan with a crumpled door, scrapes and a mismatched fender"
                        className="block h-auto w-full"
                      />
                    </picture>
                    <picture>
                      <source type="image/avif" srcSet="/images/after-400.avif 400w, /images/after-800.avif 800w" sizes="(min-width: 768px) 560px, 100vw" />
                      <img
                        src="/images/after-800.webp"
                        srcSet="/images/after-400.webp 400w, /images/after-800.webp 800w"
                        sizes="(min-width: 768px) 560px, 100vw"
                        width="800"
                        height="500"
                        loading="lazy"
                        decoding="async"
                        alt="After: the same sedan repaired with a flawless red finish"
                        className="after absolute inset-0 block h-full w-full"
                      />
                    </picture>
                  </>
                )}
                <span className="absolute left-3 top-3 rounded bg-navy-900 px-3 py-1 text-sm font-bold text-white">
                  <span className="label-before">Before</span>
                  <span className="label-after">After</span>
                </span>
              </span>
              <span className="mt-3 block text-center font-semibold text-navy-900">Hover to Reveal</span>
            </summary>
          </details>
        </div>
      </section>

      {/* 5. Testimonials: every entry is listed; the enhancement script makes it a carousel. */}
      <section aria-labelledby="testimonials-heading" className="mx-auto max-w-6xl px-4 py-14" data-carousel data-reveal aria-roledescription="carousel">
        <h2 id="testimonials-heading" className="text-3xl font-bold text-navy-900">
          What Our Customers Say
        </h2>
        <div data-carousel-track className="mt-8 grid gap-6 md:grid-cols-2 [&.is-carousel]:block [&.is-carousel]:min-h-56">
          {testimonials.map((t, i) => (
            <div
              key={`${i}-${t.name}`}
              data-slide
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${testimonials.length}`}
              className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <blockquote className="text-lg text-slate-800">“{t.quote}”</blockquote>
              <p className="mt-4 font-bold text-navy-900">— {t.name}</p>
            </div>
          ))}
        </div>
        <div data-carousel-controls hidden className="mt-6 flex items-center justify-center gap-4">
          <button type="button" data-carousel-prev className="min-h-11 rounded border-2 border-navy-900 px-4 py-2 font-bold text-navy-900 hover:bg-slate-100">
            <span aria-hidden="true">‹ </span>Previous<span className="sr-only"> testimonial</span>
          </button>
          <span data-carousel-status className="min-w-16 text-center font-semibold text-slate-700" />
          <button type="button" data-carousel-next className="min-h-11 rounded border-2 border-navy-900 px-4 py-2 font-bold text-navy-900 hover:bg-slate-100">
            Next<span className="sr-only"> testimonial</span>
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
      </section>

      {/* 6. Meet the Owner */}
      <section aria-labelledby="owner-heading" className="bg-navy-900 py-14 text-white" data-reveal>
        <div className="mx-auto max-w-4xl px-4">
          <h2 id="owner-heading" className="text-3xl font-bold">
            Meet the Owner
          </h2>
          <figure className="mt-6">
            <blockquote className="text-xl leading-relaxed text-slate-100">“{OWNER.quote}”</blockquote>
            <figcaption className="mt-4 font-bold text-yellow-300">
              {OWNER.name}, {OWNER.title}
            </figcaption>
          </figure>
        </div>
      </section>

      {/* 7. Need Help Now? */}
      <section aria-labelledby="help-heading" className="mx-auto max-w-6xl px-4 pt-14" data-reveal>
        <div className="rounded-xl bg-brand-700 p-8 text-center text-white">
          <h2 id="help-heading" className="text-3xl font-bold">
            Need Help Now?
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-brand-50">
            Been in an accident or found a new dent? Book an estimate and we will walk you through every step, from the
            insurance claim to the day you pick up your vehicle.
          </p>
          <Link to="/book" className="mt-6 inline-flex min-h-11 items-center rounded bg-white px-6 py-3 font-bold text-brand-700 hover:bg-brand-50">
            Book My Estimate
          </Link>
        </div>
      </section>

      {/* 8. Find Us */}
      <FindUs shop={shop} />
    </main>
  );
}
