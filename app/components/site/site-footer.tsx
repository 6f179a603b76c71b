import { Link } from 'react-router';
import { QUICK_LINKS } from '~/content/navigation';
import { formatAddress, telHref, type ShopInfo } from '~/content/shop';
import { formatHours } from '~/lib/hours';

/** Footer: address, phone, e-mail, quick links, business hours, social and review links, credit line. */
export function SiteFooter({ shop }: { shop: ShopInfo }) {
  return (
    <footer className="mt-16 bg-navy-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <h2 className="text-base font-bold text-white">{shop.name}</h2>
          <address className="mt-3 not-italic leading-7">
            {formatAddress(shop.address)}
            <br />
            Phone:{' '}
            <a href={telHref(shop.phone)} className="underline">
              {shop.phone}
            </a>
            <br />
            E-mail:{' '}
            <a href={`mailto:${shop.email}`} className="underline">
              {shop.email}
            </a>
          </address>
        </div>
        <div>
          <h2 className="text-base font-bold text-white">Quick Links</h2>
          <ul className="mt-3 space-y-2">
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="underline-offset-4 hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-base font-bold text-white">Business Hours</h2>
          <ul className="mt-3 space-y-2">
            {formatHours(shop.openingHours, shop.hoursNote).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-base font-bold text-white">Follow &amp; Review</h2>
          <ul className="mt-3 space-y-2">
            {[...shop.social, ...(shop.reviewLinks ?? [])].map((s) => (
              <li key={s.url}>
                <a href={s.url} rel="noopener noreferrer" className="underline">
                  {s.label}
                </a>
              </li>
            ))}
            <li>
              <a href={shop.directionsUrl} target="_blank" rel="noopener noreferrer" className="underline">
                Get Directions
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-navy-700 px-4 py-4 text-center text-sm text-slate-300">
        © {new Date().getFullYear()} {shop.name}. Family-owned and veteran-operated in {shop.address.city},{' '}
        {shop.address.region}.
      </p>
    </footer>
  );
}
