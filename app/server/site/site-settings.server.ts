/**
 * The shop's public facts and booking settings (issue 16): one row of `site_settings`, edited at `/admin/site`. Until
 * the first save the `SHOP_*` environment variables apply (first-run defaults, `config.shop`).
 *
 * - `getSiteSettings(db?)` → {@link SiteSettings} (never throws for a missing row).
 * - `weeklyHoursFromOpeningHours(["Mo-Fr 08:00-18:00", "Sa 09:00-13:00"])` → {@link WeeklyHours} (Monday first).
 * - `openingHoursFromWeekly(weekly)` → schema.org `openingHours` strings, the form {@link ShopInfo} carries.
 * - `listClosures(from, to, db?)` → holiday closures between two ISO dates (inclusive), oldest first.
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { ShopInfo } from '~/content/shop';
import { getConfig } from '../config.server';
import { getDb, type Executor } from '../db/client.server';
import { siteClosures, siteSettings, type SiteLink, type WeeklyHours } from '../db/schema';

export type { OpeningInterval, SiteLink, WeeklyHours } from '../db/schema';

export interface SiteSettings {
  name: string;
  phone: string;
  email: string;
  street: string;
  city: string;
  region: string;
  postalCode: string;
  latitude: number | null;
  longitude: number | null;
  /** Index 0 = Monday … 6 = Sunday; an empty list is a closed day. Times "HH:MM", shop time. */
  weeklyHours: WeeklyHours;
  hoursNote: string;
  socialLinks: SiteLink[];
  reviewLinks: SiteLink[];
  videoReelIds: string[];
  /** Minutes per booking slot. */
  slotMinutes: number;
  /** Appointments that may start in the same slot. */
  slotCapacity: number;
  /** How many days ahead a visitor may book (≤ 60). */
  bookingDaysAhead: number;
  /** The earliest slot a visitor may book, in hours from now. */
  bookingLeadHours: number;
  /** Null until the first save (the defaults are in use). */
  updatedAt: Date | null;
}

export interface SiteClosure {
  id: string;
  /** ISO date "2026-12-25". */
  closedOn: string;
  note: string;
}

const DAY_CODES = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;

/** schema.org `openingHours` strings ("Mo-Fr 08:00-18:00", "Sa 09:00-13:00", "Mo,We 08:00-12:00") → per weekday. */
export function weeklyHoursFromOpeningHours(openingHours: readonly string[]): WeeklyHours {
  const weekly: WeeklyHours = DAY_CODES.map(() => []);
  for (const entry of openingHours) {
    const [days = '', times = ''] = entry.trim().split(/\s+/);
    const [open = '', close = ''] = times.split('-');
    if (!/^\d{2}:\d{2}$/.test(open) || !/^\d{2}:\d{2}$/.test(close)) continue;
    for (const part of days.split(',')) {
      const [from, to] = part.split('-');
      const start = DAY_CODES.indexOf(from as (typeof DAY_CODES)[number]);
      const end = to ? DAY_CODES.indexOf(to as (typeof DAY_CODES)[number]) : start;
      if (start < 0 || end < start) continue;
      for (let d = start; d <= end; d++) weekly[d]!.push({ open, close });
    }
  }
  for (const day of weekly) day.sort((a, b) => a.open.localeCompare(b.open));
  return weekly;
}

/** Per weekday → schema.org `openingHours`, consecutive days with the same hours joined ("Mo-Fr 08:00-18:00"). */
export function openingHoursFromWeekly(weekly: WeeklyHours): string[] {
  const key = (d: number) => (weekly[d] ?? []).map((i) => `${i.open}-${i.close}`).join(',');
  const out: string[] = [];
  let d = 0;
  while (d < 7) {
    const k = key(d);
    let end = d;
    while (end + 1 < 7 && key(end + 1) === k) end++;
    if (k) {
      const days = end === d ? DAY_CODES[d]! : `${DAY_CODES[d]}-${DAY_CODES[end]}`;
      for (const interval of weekly[d]!) out.push(`${days} ${interval.open}-${interval.close}`);
    }
    d = end + 1;
  }
  return out;
}

function defaults(shop: ShopInfo): SiteSettings {
  return {
    name: shop.name,
    phone: shop.phone,
    email: shop.email,
    street: shop.address.street,
    city: shop.address.city,
    region: shop.address.region,
    postalCode: shop.address.postalCode,
    latitude: shop.geo.latitude,
    longitude: shop.geo.longitude,
    weeklyHours: weeklyHoursFromOpeningHours(shop.openingHours),
    hoursNote: shop.hoursNote,
    socialLinks: shop.social.map((s) => ({ label: s.label, url: s.url })),
    reviewLinks: [],
    videoReelIds: [],
    slotMinutes: 30,
    slotCapacity: 2,
    bookingDaysAhead: 60,
    bookingLeadHours: 2,
    updatedAt: null,
  };
}

/** The saved site settings, or the configuration's defaults before the first save. */
export async function getSiteSettings(db: Executor = getDb()): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  if (!row) return defaults(getConfig().shop);
  return {
    name: row.name,
    phone: row.phone,
    email: row.email,
    street: row.street,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    latitude: row.latitude,
    longitude: row.longitude,
    weeklyHours: row.weeklyHours,
    hoursNote: row.hoursNote,
    socialLinks: row.socialLinks,
    reviewLinks: row.reviewLinks,
    videoReelIds: row.videoReelIds,
    slotMinutes: row.slotMinutes,
    slotCapacity: row.slotCapacity,
    bookingDaysAhead: row.bookingDaysAhead,
    bookingLeadHours: row.bookingLeadHours,
    updatedAt: row.updatedAt,
  };
}

/** Holiday closures from `from` to `to` (ISO dates, inclusive), oldest first. */
export async function listClosures(from: string, to: string, db: Executor = getDb()): Promise<SiteClosure[]> {
  return db
    .select({ id: siteClosures.id, closedOn: siteClosures.closedOn, note: siteClosures.note })
    .from(siteClosures)
    .where(and(gte(siteClosures.closedOn, from), lte(siteClosures.closedOn, to)))
    .orderBy(asc(siteClosures.closedOn));
}
