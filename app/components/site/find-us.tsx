import { formatAddress, telHref, type ShopInfo } from '~/content/shop';

/**
 * 'Find Us': the embedded map of the shop address (400 px high, added by the enhancement script
 * when scrolled near; a <noscript> frame without JavaScript), 'Get Directions' in a new tab and a
 * tap-to-call link (spec §2 Home section 8; also on About, Services and Contact).
 */
export function FindUs({ shop, heading = 'Find Us', headingLevel = 2 }: { shop: ShopInfo; heading?: string; headingLevel?: 2 | 3 }) {
  const H = `h${headingLevel}` as const;
  const mapTitle = `Map of ${shop.name}, ${formatAddress(shop.address)}`;
  return (
    <section aria-labelledby="find-us-heading" className="mx-auto max-w-6xl px-4 py-12">
      <H id="find-us-heading" className="text-2xl font-bold text-navy-900 sm:text-3xl">
        {heading}
      </H>
      <p className="mt-2 text-slate-700">
        {shop.name}, {formatAddress(shop.address)}
      </p>
      {/*
        The map is added by the enhancement script when the section comes within ~600 px of the viewport (issue 16:
        Chrome's own `loading="lazy"` still fetched this cross-origin frame before the first paint on a phone, which
        cost Lighthouse's simulated FCP/LCP ~300 ms). The grey box keeps its 400 px, so nothing shifts; without
        JavaScript the <noscript> frame is shown as before.
      */}
      <div
        className="mt-4 h-[400px] overflow-hidden rounded-lg border border-slate-300 bg-slate-100"
        data-map={shop.mapEmbedUrl}
        data-map-title={mapTitle}
      >
        <noscript>
          <iframe
            title={mapTitle}
            src={shop.mapEmbedUrl}
            width="1200"
            height="400"
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            className="block h-[400px] w-full border-0"
          />
        </noscript>
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
