/**
 * The shop's public facts: one source for header, footer, contact, about, services and structured data
 * (DECISIONS 2). Values come from configuration (`SHOP_*` variables, see `.env.example`); the defaults describe
 * the spec's shop in Spring, Texas. Browser-safe: the root loader hands this object to every page.
 */
export interface ShopInfo {
  name: string;
  /** Display form, e.g. "(281) 555-0143". */
  phone: string;
  email: string;
  address: {
    street: string;
    city: string;
    region: string;
    postalCode: string;
  };
  geo: { latitude: number; longitude: number };
  /** Opening hours in schema.org `openingHours` form, e.g. ["Mo-Fr 08:00-18:00"]. */
  openingHours: string[];
  /** Free text shown after the regular hours, e.g. "Saturday by appointment". */
  hoursNote: string;
  /** IANA time zone that "today" is computed in (DECISIONS 12). */
  timeZone: string;
  mapEmbedUrl: string;
  directionsUrl: string;
  /** Online booking page shown on the contact page; empty when the shop takes bookings by phone. */
  schedulingUrl: string;
  social: { label: string; url: string }[];
  /** Review pages (Google, Yelp…) saved at /admin/site (issue 16); absent or empty: none shown. */
  reviewLinks?: { label: string; url: string }[];
}

export const DEFAULT_SHOP = {
  name: 'C.A.R.S Collision & Refinish',
  phone: '(281) 555-0143',
  email: 'service@carscollision.example',
  street: '',
  city: 'Spring',
  region: 'TX',
  postalCode: '77388',
  latitude: 30.0505,
  longitude: -95.4713,
  openingHours: 'Mo-Fr 08:00-18:00',
  hoursNote: 'Saturday by appointment',
  timeZone: 'America/Chicago',
} as const;

/** "Spring, TX 77388" or "12 Main St, Spring, TX 77388". */
export function formatAddress(address: ShopInfo['address']): string {
  const cityLine = `${address.city}, ${address.region} ${address.postalCode}`.trim();
  return address.street ? `${address.street}, ${cityLine}` : cityLine;
}

/** The phone number as a `tel:` URI with digits only (US numbers get +1). */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:${digits.length === 10 ? `+1${digits}` : `+${digits}`}`;
}
