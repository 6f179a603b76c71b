/**
 * What the public pages show from `/admin/site` (issue 16), cached per process and dropped in EVERY web process when
 * the content changes.
 *
 * - `getPublicSite()` → {@link PublicSite}: the shop's facts as {@link ShopInfo} (saved facts over the `SHOP_*`
 *   defaults; time zone, map, directions and scheduling URLs stay configuration), the published gallery items in
 *   order, the first five published testimonials and the video reel ids. Read once, then served from memory.
 *   While no testimonial row exists at all (an install from before issue 16) the built-in five are shown.
 * - `getShopInfo()` → the facts only. Each load also makes `getConfig().shop` the saved facts
 *   (config.server.ts `setSavedShop`), so mails, documents, texts and structured data agree with the footer.
 * - `publishedImagePrefix(prefix)` → true when a published item uses that image key prefix (the public image route).
 * - `siteContentChanged()` — call AFTER the commit of any content change: announces it on the live channel
 *   (PostgreSQL NOTIFY reaches every web process; in-process on the embedded database). Each process that hears it
 *   forgets its cached copy, empties its marketing page cache (page-cache.server.ts) and reads the content again.
 * - `startSiteInfo()` (runtime start-up): subscribes to those events and to the live channel's resync, and warms
 *   the cache. Returns the stop function. Never throws: a failed read keeps the previous facts and is logged.
 */
import { asc, count, eq } from 'drizzle-orm';
import { TESTIMONIALS } from '~/content/home';
import { formatAddress, type ShopInfo } from '~/content/shop';
import { getConfiguredShop, setSavedShop } from '../config.server';
import { getDb } from '../db/client.server';
import { galleryItems, testimonials, type SiteImage } from '../db/schema';
import { onLiveResync, publishSiteChange, subscribeSiteChange } from '../live/live.server';
import { log } from '../logger.server';
import { clearPageCache } from '../page-cache.server';
import { getSiteSettings, openingHoursFromWeekly, type SiteSettings } from './site-settings.server';

export interface PublicGalleryItem {
  id: string;
  category: 'collision' | 'painting' | 'maintenance';
  caption: string;
  image: SiteImage;
  beforeImage: SiteImage | null;
}

export interface PublicSite {
  shop: ShopInfo;
  gallery: PublicGalleryItem[];
  /** At most five (the carousel, spec §9). */
  testimonials: { name: string; quote: string }[];
  /** YouTube ids, in order. */
  videoReelIds: string[];
}

/** The carousel shows this many (spec §9). */
export const TESTIMONIALS_SHOWN = 5;

const mapQuery = (name: string, address: ShopInfo['address']) => encodeURIComponent(`${name}, ${formatAddress(address)}`);

/** Saved settings over the configured shop; map/directions follow the new address unless set explicitly. */
export function shopInfoFrom(settings: SiteSettings, base: ShopInfo = getConfiguredShop()): ShopInfo {
  const address = { street: settings.street, city: settings.city, region: settings.region, postalCode: settings.postalCode };
  const oldQuery = mapQuery(base.name, base.address);
  const query = mapQuery(settings.name, address);
  const derivedMap = `https://www.google.com/maps?q=${oldQuery}&output=embed`;
  const derivedDirections = `https://www.google.com/maps/dir/?api=1&destination=${oldQuery}`;
  return {
    ...base,
    name: settings.name,
    phone: settings.phone,
    email: settings.email,
    address,
    geo: { latitude: settings.latitude ?? base.geo.latitude, longitude: settings.longitude ?? base.geo.longitude },
    openingHours: openingHoursFromWeekly(settings.weeklyHours),
    hoursNote: settings.hoursNote,
    mapEmbedUrl: base.mapEmbedUrl === derivedMap ? `https://www.google.com/maps?q=${query}&output=embed` : base.mapEmbedUrl,
    directionsUrl: base.directionsUrl === derivedDirections ? `https://www.google.com/maps/dir/?api=1&destination=${query}` : base.directionsUrl,
    social: settings.socialLinks,
    reviewLinks: settings.reviewLinks,
  };
}

async function load(): Promise<PublicSite> {
  const db = getDb();
  const settings = await getSiteSettings(db);
  const gallery = await db
    .select({ id: galleryItems.id, category: galleryItems.category, caption: galleryItems.caption, image: galleryItems.image, beforeImage: galleryItems.beforeImage })
    .from(galleryItems)
    .where(eq(galleryItems.published, true))
    .orderBy(asc(galleryItems.position), asc(galleryItems.createdAt));
  const [{ n }] = (await db.select({ n: count() }).from(testimonials)) as [{ n: number }];
  const shown =
    n === 0
      ? TESTIMONIALS.map((t) => ({ name: t.name, quote: t.quote }))
      : await db
          .select({ name: testimonials.name, quote: testimonials.quote })
          .from(testimonials)
          .where(eq(testimonials.published, true))
          .orderBy(asc(testimonials.position), asc(testimonials.createdAt))
          .limit(TESTIMONIALS_SHOWN);
  return { shop: shopInfoFrom(settings), gallery, testimonials: shown, videoReelIds: settings.videoReelIds };
}

/** Longer than any marketing page render (they take milliseconds; a loaded machine a few hundred). */
const STALE_RENDER_MS = 3000;

let cached: Promise<PublicSite> | undefined;
let latest: PublicSite | undefined;
let generation = 0;

/** The public site's content (cached; see module docs). Throws only when the database cannot be read at all. */
export function getPublicSite(): Promise<PublicSite> {
  if (!cached) {
    const mine = ++generation;
    const loading = load().then(
      (site) => {
        if (mine === generation) {
          latest = site;
          setSavedShop(site.shop);
        }
        return site;
      },
      (error: unknown) => {
        if (cached === loading) cached = undefined;
        throw error;
      },
    );
    cached = loading;
  }
  if (latest) setSavedShop(latest.shop); // setConfig() in tests drops it; put it back
  return cached;
}

/** The shop's facts (saved, or the configured defaults before the first save). */
export async function getShopInfo(): Promise<ShopInfo> {
  return (await getPublicSite()).shop;
}

/** True when a published gallery item shows the image with this key prefix ("gallery/<id>"). */
export async function publishedImagePrefix(prefix: string): Promise<boolean> {
  const site = await getPublicSite();
  return site.gallery.some((g) => g.image.keyPrefix === prefix || g.beforeImage?.keyPrefix === prefix);
}

/** Forgets this process's cached content and rendered marketing pages, then reads the content again. */
export function forgetSiteInfo(): void {
  cached = undefined;
  generation += 1;
  clearPageCache();
  // A render that read the old content just before this and finishes just after would store a stale page: empty the
  // cache once more when any such render is long done.
  setTimeout(clearPageCache, STALE_RENDER_MS).unref();
  void getPublicSite().catch((error: unknown) => log().warn({ err: (error as Error).message }, 'site info: reload failed'));
}

/** Call after the commit of a content change: every web process forgets its copy (see module docs). */
export async function siteContentChanged(): Promise<void> {
  // Forget here at once (the page that redirects after the save must show the change), then tell the others.
  forgetSiteInfo();
  await publishSiteChange();
}

let stopSync: (() => void) | undefined;

/** Subscribes this process to content changes and warms the cache (runtime start-up); returns the stop function. */
export function startSiteInfo(): () => void {
  stopSync?.();
  const offChange = subscribeSiteChange(forgetSiteInfo);
  const offResync = onLiveResync(forgetSiteInfo);
  stopSync = () => {
    offChange();
    offResync();
    stopSync = undefined;
  };
  void getPublicSite().catch((error: unknown) => log().warn({ err: (error as Error).message }, 'site info: first read failed'));
  return stopSync;
}

/** Drops the cache without reading again (tests that replace the database). */
export function resetSiteInfoForTests(): void {
  cached = undefined;
  latest = undefined;
  generation += 1;
  setSavedShop(undefined);
}
