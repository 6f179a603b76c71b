import { formatAddress, telHref, type ShopInfo } from '~/content/shop';

/**
 * 'Find Us': the embedded map of the shop address (400 px high, loaded lazily), 'Get Directions' in a new tab and a
 * tap-to-call link (spec §2 Home section 8; also on About, Services and Contact).
 */
export function FindUs({ shop, heading = 'Find Us', headingLevel = 2 }: { shop: ShopInfo; heading?: string; headingLevel?: 2 | 3 }) {
  const H = `h${headingLevel}` as const;
  return (
    <section aria-labelledby="find-us-heading" className="mx-auto max-w-6xl px-4 py-12">
      <H id="find-us-heading" className="text-2xl font-bold text-navy-900 sm:text-3xl">
        {heading}
      </H>
      <p className="mt-2 text-slate-700">
        {shop.name}, {formatAddress(shop.address)}
      </p>
      <div className="mt-4 overflow-hidden rounded-lg border border-slate-300 bg-slate-100">
        <iframe
          title={`Map of ${shop.name}, ${formatAddress(shop.address)}`}
          src={shop.mapEmbedUrl}
          width="1200"
          height="400"
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          className="block h-[400px] w-full border-0"
        />
      </div>
      <p className="mt-4 flex flex-wrap gap-4">
        <a
          href={shop.directionsUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center rounded bg-navy-900 px-5 py-2 font-bold text-white hover:bg-navy-800"
        >
          Get Directions<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <a
          href={telHref(shop.phone)}
          className="inline-flex min-h-11 items-center rounded border-2 border-navy-900 px-5 py-2 font-bold text-navy-900 hover:bg-slate-100"
        >
          Call {shop.phone}
        </a>
      </p>
    </section>
  );
}
