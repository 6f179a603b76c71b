import { Link } from 'react-router';
import { EstimateCta, PageHero } from '~/components/site/page-parts';
import { SitePicture } from '~/components/site/site-picture';
import {
  CATEGORY_LABELS,
  GALLERY_CATEGORIES,
  GALLERY_SECTIONS,
  parseCategory,
  reelEmbedUrl,
  reelWatchUrl,
} from '~/content/gallery';
import { MARKETING_HANDLE, marketingMeta } from '~/content/seo';
import { useRootData } from '~/root';
import { getPublicSite } from '~/server/site/site-info.server';
import type { Route } from './+types/repair-gallery';

export const handle = MARKETING_HANDLE;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  marketingMeta({
    matches,
    location,
    title: 'Repair Gallery',
    description: 'Collision, paint and maintenance work from our Spring, TX shop: stories and video reels of real repairs.',
  });

/**
 * The category filter runs on the server (DECISIONS 3): `?category=collision|painting|maintenance`, anything else is
 * All. Photos and video reels come from /admin/site (issue 16): the published gallery items of the category, and the
 * reels (not tied to a category: shown under every filter).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const category = parseCategory(new URL(request.url).searchParams.get('category'));
  const site = await getPublicSite();
  return {
    category,
    photos: site.gallery.filter((g) => category === 'all' || g.category === category),
    reels: site.videoReelIds.map((videoId, i) => ({ videoId, title: `Shop video ${i + 1}` })),
  };
}

const HALF = '(min-width: 1024px) 184px, (min-width: 640px) 45vw, 50vw';
const FULL = '(min-width: 1024px) 368px, (min-width: 640px) 45vw, 100vw';

const FILTERS = [...GALLERY_CATEGORIES, 'all'] as const;

/** Repair Gallery (spec §2): intro, category filter, eight text sections, nine click-to-play reels, 'Get an Estimate'. */
export default function RepairGallery({ loaderData }: Route.ComponentProps) {
  const { shop } = useRootData();
  const { category, photos, reels } = loaderData;
  const match = (c: string) => category === 'all' || c === category;
  const sections = GALLERY_SECTIONS.filter((s) => match(s.category));
  return (
    <main id="main">
      <PageHero
        title="Repair Gallery"
        lead="Real repairs from our shop floor: collision work, paint and refinishing, and the maintenance that keeps vehicles on the road. Pick a category to narrow it down."
      />
      <div className="mx-auto max-w-6xl px-4 py-10">
        <nav aria-label="Gallery categories">
          <ul className="flex flex-wrap gap-3">
            {FILTERS.map((c) => {
              const active = c === category;
              return (
                <li key={c}>
                  <Link
                    to={c === 'all' ? '/repair-gallery' : `/repair-gallery?category=${c}`}
                    aria-current={active ? 'page' : undefined}
                    preventScrollReset
                    className={`inline-flex min-h-11 items-center rounded-full border-2 px-5 py-2 font-bold ${
                      active ? 'border-navy-900 bg-navy-900 text-white' : 'border-navy-900 bg-white text-navy-900 hover:bg-slate-100'
                    }`}
                  >
                    {CATEGORY_LABELS[c]}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <p className="mt-4 text-slate-700" role="status">
          Showing {category === 'all' ? 'all work' : `${CATEGORY_LABELS[category].toLowerCase()} work`}: {photos.length} photos, {sections.length} stories and {reels.length} videos.
        </p>

        {photos.length ? (
          <section aria-labelledby="photos-heading" className="mt-8">
            <h2 id="photos-heading" className="text-2xl font-bold text-navy-900">
              Photos
            </h2>
            <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {photos.map((p) => (
                <li key={p.id} data-category={p.category} data-photo>
                  <figure>
                    {p.beforeImage ? (
                      <div className="grid grid-cols-2 gap-1 overflow-hidden rounded-xl">
                        <SitePicture image={p.beforeImage} sizes={HALF} alt={`Before: ${p.caption}`} imgClassName="block aspect-[4/3] h-auto w-full object-cover" />
                        <SitePicture image={p.image} sizes={HALF} alt={`After: ${p.caption}`} imgClassName="block aspect-[4/3] h-auto w-full object-cover" />
                      </div>
                    ) : (
                      <SitePicture image={p.image} sizes={FULL} alt={p.caption} imgClassName="block aspect-[4/3] h-auto w-full rounded-xl object-cover" />
                    )}
                    <figcaption className="mt-2 text-slate-800">
                      <span className="text-sm font-bold uppercase tracking-wide text-brand-700">
                        {CATEGORY_LABELS[p.category]}
                        {p.beforeImage ? ' · Before and after' : ''}
                      </span>
                      <span className="mt-1 block">{p.caption}</span>
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="stories-heading" className="mt-8">
          <h2 id="stories-heading" className="text-2xl font-bold text-navy-900">
            Repair Stories
          </h2>
          <div className="mt-4 grid gap-6 md:grid-cols-2">
            {sections.map((s) => (
              <article key={s.heading} className="rounded-xl border border-slate-200 p-6" data-category={s.category}>
                <p className="text-sm font-bold uppercase tracking-wide text-brand-700">{CATEGORY_LABELS[s.category]}</p>
                <h3 className="mt-1 text-xl font-bold text-navy-900">{s.heading}</h3>
                <p className="mt-2 text-slate-800">{s.body}</p>
              </article>
            ))}
          </div>
        </section>

        {reels.length ? (
          <section aria-labelledby="reels-heading" className="mt-12">
            <h2 id="reels-heading" className="text-2xl font-bold text-navy-900">
              Video Reels
            </h2>
            <p className="mt-2 text-slate-700">Videos load from YouTube only when you press play.</p>
            <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-3">
              {reels.map((r) => (
                <li key={r.videoId}>
                  <figure>
                    <div className="relative aspect-[9/16] overflow-hidden rounded-xl bg-gradient-to-b from-navy-700 to-navy-900">
                      <a
                        href={reelWatchUrl(r.videoId)}
                        target="_blank"
                        rel="noopener noreferrer"
                        data-reel={reelEmbedUrl(r.videoId)}
                        data-title={r.title}
                        aria-label={`Play video: ${r.title}`}
                        className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center text-white"
                      >
                        <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
                          <circle cx="32" cy="32" r="30" fill="#c8102e" />
                          <path d="M26 20l18 12-18 12z" fill="#fff" />
                        </svg>
                        <span className="font-bold">Play video</span>
                      </a>
                    </div>
                    <figcaption className="mt-2 font-semibold text-navy-900">{r.title}</figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <p className="mt-10">
          <Link to="/contact" className="inline-flex min-h-11 items-center rounded bg-brand-600 px-6 py-3 font-bold text-white hover:bg-brand-700">
            Get an Estimate
          </Link>
        </p>
      </div>
      <EstimateCta shop={shop} />
    </main>
  );
}
