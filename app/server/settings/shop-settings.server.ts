/**
 * Shop-wide settings (issue 14, `/admin/settings`): labor rates per labor type and the paint & materials rate (cents
 * per hour), the tax rate (thousandths of a percent) and which line types are taxed, the estimate terms and the logo on
 * documents; for customer messages (issue 15) the quiet hours for texts, the pickup hours and the review request. One row (id 1), written on the first save; until then the column defaults apply (8.25 % on parts and
 * materials, Texas).
 *
 * - `getShopSettings(db?)` → `ShopSettings` (never throws for a missing row).
 * - `updateShopSettings(actor, input)`: one transaction, audit 'settings.update' with the fields that changed.
 * - `setShopLogo(actor, file)`: PNG or JPEG up to 2 MB (sniffed bytes); the file is stored first and removed again if
 *   the row cannot be written; the old logo file is removed after the commit. DomainError('validation') otherwise.
 * - `readShopLogo(settings)` → `{ data, contentType }` or null: for PDFs.
 * - `shopLetterhead(settings)` → name, address lines, phone, e-mail (configuration) and the logo, for every document.
 * - `taxRuleOf(settings)`, `laborRateFor(settings, laborType)`.
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LaborType, TaxCategory } from '~/lib/estimates/lines';
import { TAX_CATEGORIES } from '~/lib/estimates/lines';
import type { TaxRule } from '~/lib/estimates/totals';
import { LOGO_MAX_BYTES, type ShopSettingsInput } from '~/lib/schemas/estimate';
import { formatAddress } from '~/content/shop';
import { recordAudit, diffChanges, type StaffActor } from '../audit/audit.server';
import { getConfig } from '../config.server';
import { getDb, type Executor } from '../db/client.server';
import { shopSettings } from '../db/schema';
import { DomainError } from '../errors.server';
import { log } from '../logger.server';
import { getStorage, objectBytes } from '../storage/storage.server';

export interface ShopSettings {
  bodyRateCents: number;
  refinishRateCents: number;
  mechanicalRateCents: number;
  frameRateCents: number;
  structuralRateCents: number;
  materialsRateCents: number;
  taxRateMilliPercent: number;
  taxedCategories: TaxCategory[];
  estimateTerms: string;
  logoFileKey: string | null;
  logoContentType: string | null;
  /** Texts wait outside these (minutes after midnight, shop time; issue 15). */
  quietHoursStartMinute: number;
  quietHoursEndMinute: number;
  /** When a car can be collected ("Mon–Fri 8 am – 6 pm"), shown once it is Ready for Pickup; '' = not set. */
  pickupHours: string;
  /** The review request's link ('' = no request is sent) and its delay after Ready for Pickup (hours). */
  reviewUrl: string;
  reviewDelayHours: number;
  updatedAt: Date | null;
}

/** Terms printed on an estimate when the shop has written none. */
export const DEFAULT_ESTIMATE_TERMS =
  'This estimate is based on the damage visible when the vehicle was inspected. Hidden damage found during repairs ' +
  'is written up as a supplement and approved before the work is done. Prices are valid for 30 days. Parts marked ' +
  'customer pay and any deductible or betterment are due when the vehicle is picked up.';

export { LOGO_MAX_BYTES };
export const SETTINGS_SAVED = 'Shop settings saved.';
export const LOGO_SAVED = 'Logo saved: it now appears on estimates and invoices.';

const DEFAULTS: ShopSettings = {
  bodyRateCents: 5800,
  refinishRateCents: 5800,
  mechanicalRateCents: 9500,
  frameRateCents: 7500,
  structuralRateCents: 7500,
  materialsRateCents: 4200,
  taxRateMilliPercent: 8250,
  taxedCategories: ['parts', 'materials'],
  estimateTerms: '',
  logoFileKey: null,
  logoContentType: null,
  quietHoursStartMinute: 20 * 60,
  quietHoursEndMinute: 8 * 60,
  pickupHours: '',
  reviewUrl: '',
  reviewDelayHours: 24,
  updatedAt: null,
};

function taxedOf(value: unknown): TaxCategory[] {
  return Array.isArray(value) ? TAX_CATEGORIES.filter((c) => value.includes(c)) : [];
}

export async function getShopSettings(db: Executor = getDb()): Promise<ShopSettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  if (!row) return { ...DEFAULTS, taxedCategories: [...DEFAULTS.taxedCategories] };
  return {
    bodyRateCents: row.bodyRateCents,
    refinishRateCents: row.refinishRateCents,
    mechanicalRateCents: row.mechanicalRateCents,
    frameRateCents: row.frameRateCents,
    structuralRateCents: row.structuralRateCents,
    materialsRateCents: row.materialsRateCents,
    taxRateMilliPercent: row.taxRateMilliPercent,
    taxedCategories: taxedOf(row.taxedCategories),
    estimateTerms: row.estimateTerms,
    logoFileKey: row.logoFileKey,
    logoContentType: row.logoContentType,
    quietHoursStartMinute: row.quietHoursStartMinute,
    quietHoursEndMinute: row.quietHoursEndMinute,
    pickupHours: row.pickupHours,
    reviewUrl: row.reviewUrl,
    reviewDelayHours: row.reviewDelayHours,
    updatedAt: row.updatedAt,
  };
}

export function taxRuleOf(settings: ShopSettings): TaxRule {
  return { taxRateMilliPercent: settings.taxRateMilliPercent, taxedCategories: [...settings.taxedCategories] };
}

export function laborRateFor(settings: ShopSettings, laborType: LaborType): number {
  return settings[`${laborType}RateCents`];
}

/** The terms an estimate prints: the shop's, or {@link DEFAULT_ESTIMATE_TERMS}. */
export function estimateTermsOf(settings: ShopSettings): string {
  return settings.estimateTerms || DEFAULT_ESTIMATE_TERMS;
}

/** Locks (creating with defaults when missing) the settings row inside `tx`, so concurrent saves queue. */
async function lockSettings(tx: Executor): Promise<ShopSettings> {
  await tx.insert(shopSettings).values({ id: 1 }).onConflictDoNothing();
  await tx.select({ id: shopSettings.id }).from(shopSettings).where(eq(shopSettings.id, 1)).for('update');
  return getShopSettings(tx);
}

/** The entries of `values` that are not undefined (a field left out of the form stays as it is). */
function defined<T extends Record<string, unknown>>(values: T): Partial<{ [K in keyof T]: Exclude<T[K], undefined> }> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<{ [K in keyof T]: Exclude<T[K], undefined> }>;
}

export async function updateShopSettings(actor: StaffActor, input: ShopSettingsInput): Promise<void> {
  const next = {
    bodyRateCents: input.bodyRate,
    refinishRateCents: input.refinishRate,
    mechanicalRateCents: input.mechanicalRate,
    frameRateCents: input.frameRate,
    structuralRateCents: input.structuralRate,
    materialsRateCents: input.materialsRate,
    taxRateMilliPercent: input.taxRate,
    taxedCategories: TAX_CATEGORIES.filter((c) => input.taxedCategories.includes(c)),
    estimateTerms: input.estimateTerms,
    ...defined({
      quietHoursStartMinute: input.quietHoursStart,
      quietHoursEndMinute: input.quietHoursEnd,
      pickupHours: input.pickupHours === undefined ? undefined : (input.pickupHours ?? ''),
      reviewUrl: input.reviewUrl,
      reviewDelayHours: input.reviewDelayHours,
    }),
  };
  await getDb().transaction(async (tx) => {
    const before = await lockSettings(tx);
    const changes = diffChanges(
      Object.fromEntries(Object.keys(next).map((k) => [k, before[k as keyof typeof next]])),
      next,
    );
    if (Object.keys(changes).length === 0) return;
    await tx
      .update(shopSettings)
      .set({ ...next, updatedByUserId: actor.id, updatedAt: sql`now()` })
      .where(eq(shopSettings.id, 1));
    await recordAudit(tx, actor, {
      action: 'settings.update',
      entityId: 'shop',
      before: Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof typeof next]])),
      after: Object.fromEntries(Object.keys(changes).map((k) => [k, next[k as keyof typeof next]])),
    });
  });
}

function sniffImage(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

export async function setShopLogo(actor: StaffActor, bytes: Uint8Array): Promise<void> {
  if (bytes.byteLength === 0) throw new DomainError('validation', 'Choose a PNG or JPEG file for the logo.', 'logo');
  if (bytes.byteLength > LOGO_MAX_BYTES) throw new DomainError('validation', 'The logo must be at most 2 MB.', 'logo');
  const contentType = sniffImage(bytes);
  if (!contentType) throw new DomainError('validation', 'The logo must be a PNG or JPEG image.', 'logo');
  const key = `shop/logo-${Date.now()}-${crypto.randomBytes(4).toString('hex')}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
  const storage = getStorage();
  await storage.put('customer-files', key, bytes, { contentType });
  let oldKey: string | null = null;
  try {
    await getDb().transaction(async (tx) => {
      const before = await lockSettings(tx);
      oldKey = before.logoFileKey;
      await tx
        .update(shopSettings)
        .set({ logoFileKey: key, logoContentType: contentType, updatedByUserId: actor.id, updatedAt: sql`now()` })
        .where(eq(shopSettings.id, 1));
      await recordAudit(tx, actor, {
        action: 'settings.update',
        entityId: 'shop',
        before: { logoFileKey: before.logoFileKey },
        after: { logoFileKey: key },
      });
    });
  } catch (error) {
    await storage.delete('customer-files', key).catch(() => {});
    throw error;
  }
  if (oldKey) await storage.delete('customer-files', oldKey).catch((e: unknown) => log().warn({ err: String(e) }, 'old logo not removed'));
}

export async function readShopLogo(settings: ShopSettings): Promise<{ data: Buffer; contentType: 'image/png' | 'image/jpeg' } | null> {
  const s = settings;
  if (!s.logoFileKey || (s.logoContentType !== 'image/png' && s.logoContentType !== 'image/jpeg')) return null;
  try {
    const object = await getStorage().get('customer-files', s.logoFileKey);
    if (!object) return null;
    return { data: Buffer.from(await objectBytes(object)), contentType: s.logoContentType };
  } catch (error) {
    log().warn({ err: String(error) }, 'shop logo unreadable; documents go without it');
    return null;
  }
}


export interface Letterhead {
  name: string;
  addressLines: string[];
  phone: string;
  email: string;
  logo: { data: Buffer; contentType: 'image/png' | 'image/jpeg' } | null;
}

/** `settings` read by the caller (inside its transaction when it has one: a second connection would wait on it). */
export async function shopLetterhead(settings: ShopSettings): Promise<Letterhead> {
  const { shop } = getConfig();
  return {
    name: shop.name,
    addressLines: [formatAddress(shop.address)],
    phone: shop.phone,
    email: shop.email,
    logo: await readShopLogo(settings),
  };
}
