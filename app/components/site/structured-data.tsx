import { type ShopInfo } from '~/content/shop';
import { useNonce } from '~/lib/nonce';

/** schema.org AutoBodyShop for the shop (issue 7 item 7): address, geo, phone, e-mail, opening hours, links. */
export function autoBodyShopJsonLd(shop: ShopInfo, appUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoBodyShop',
    '@id': `${appUrl}/#shop`,
    name: shop.name,
    url: `${appUrl}/`,
    image: `${appUrl}/images/og-image.png`,
    telephone: shop.phone,
    email: shop.email,
    address: {
      '@type': 'PostalAddress',
      ...(shop.address.street ? { streetAddress: shop.address.street } : {}),
      addressLocality: shop.address.city,
      addressRegion: shop.address.region,
      postalCode: shop.address.postalCode,
      addressCountry: 'US',
    },
    geo: { '@type': 'GeoCoordinates', latitude: shop.geo.latitude, longitude: shop.geo.longitude },
    openingHours: shop.openingHours,
    hasMap: shop.directionsUrl,
    sameAs: [...shop.social, ...(shop.reviewLinks ?? [])].map((s) => s.url),
  };
}

/**
 * The JSON-LD block. `application/ld+json` is data, not script the browser runs, so the CSP does not apply to it; it
 * carries the request's nonce on hydrated pages and none on cached marketing pages. `<` is escaped so no text can close the element.
 */
export function StructuredData({ shop, appUrl }: { shop: ShopInfo; appUrl: string }) {
  const nonce = useNonce();
  const json = JSON.stringify(autoBodyShopJsonLd(shop, appUrl)).replace(/</g, '\\u003c');
  return <script type="application/ld+json" nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: json }} />;
}
