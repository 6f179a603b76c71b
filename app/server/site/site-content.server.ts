/**
 * Editing the public site's content at `/admin/site` (issue 16). Every function takes the acting staff member, writes
 * in one transaction with its audit row (`site.*`, ~/lib/audit) and, after the commit, calls `siteContentChanged()` so
 * every web process shows the change at once (site-info.server.ts).
 *
 * - `saveSiteFacts(actor, input)` / `saveBookingSettings(actor, input)`: the single `site_settings` row (created from
 *   the `SHOP_*` defaults on the first save). Audit 'site.update' with the changed fields.
 * - `addClosure(actor, {closedOn, note})` (DomainError conflict on a date already closed), `removeClosure(actor, id)`.
 * - Gallery: `addGalleryItem(actor, {caption, category}, photo, before?)` — photos resized and stored FIRST, then the
 *   row; if the row fails the files are removed (no orphan). `updateGalleryItem`, `setGalleryItemPublished`,
 *   `moveGalleryItem(actor, id, 'up' | 'down')`, `deleteGalleryItem` (row first, files removed after the commit).
 * - Testimonials: `addTestimonial`, `updateTestimonial`, `setTestimonialPublished`, `moveTestimonial`,
 *   `deleteTestimonial`.
 * - `listGalleryForAdmin()`, `listTestimonialsForAdmin()`, `listUpcomingClosures(fromIso)`: everything, hidden included.
 * Errors: DomainError('not_found') for an unknown id; DomainError('validation', field 'photo') for a bad photo
 * (site-images.server.ts). Inputs are already parsed by the Zod schemas of ~/lib/schemas/site.
 */
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { BookingSettingsInput, ClosureInput, GalleryItemInput, SiteFactsInput, TestimonialInput } from '~/lib/schemas/site';
import { diffChanges, recordAudit, type StaffActor } from '../audit/audit.server';
import { getDb, type Executor } from '../db/client.server';
import { galleryItems, siteClosures, siteSettings, testimonials, type SiteImage } from '../db/schema';
import { DomainError, isUniqueViolation } from '../errors.server';
import { removeSiteImage, storeSiteImage } from './site-images.server';
import { siteContentChanged } from './site-info.server';
import { getSiteSettings } from './site-settings.server';

export const SITE_TEXTS_SAVED = {
  facts: 'Shop facts saved: the public pages show them now.',
  booking: 'Booking settings saved.',
  closureAdded: 'Closure added.',
  closureRemoved: 'Closure removed.',
  galleryAdded: 'Photo added to the gallery.',
  galleryUpdated: 'Gallery item saved.',
  galleryPublished: 'Gallery item published.',
  galleryHidden: 'Gallery item hidden: visitors no longer see it.',
  galleryMoved: 'Gallery order saved.',
  galleryDeleted: 'Gallery item deleted.',
  testimonialAdded: 'Testimonial added.',
  testimonialUpdated: 'Testimonial saved.',
  testimonialPublished: 'Testimonial published.',
  testimonialHidden: 'Testimonial hidden.',
  testimonialMoved: 'Testimonial order saved.',
  testimonialDeleted: 'Testimonial deleted.',
} as const;

type Tx = Parameters<Parameters<ReturnType<typeof getDb>['transaction']>[0]>[0];

/** The settings row, created from the current (default) settings when missing, locked for this transaction. */
async function lockSettingsRow(tx: Tx) {
  const current = await getSiteSettings(tx);
  await tx
    .insert(siteSettings)
    .values({
      id: 1,
      name: current.name,
      phone: current.phone,
      email: current.email,
      street: current.street,
      city: current.city,
      region: current.region,
      postalCode: current.postalCode,
      latitude: current.latitude,
      longitude: current.longitude,
      weeklyHours: current.weeklyHours,
      hoursNote: current.hoursNote,
      socialLinks: current.socialLinks,
      reviewLinks: current.reviewLinks,
      videoReelIds: current.videoReelIds,
      slotMinutes: current.slotMinutes,
      slotCapacity: current.slotCapacity,
      bookingDaysAhead: current.bookingDaysAhead,
      bookingLeadHours: current.bookingLeadHours,
    })
    .onConflictDoNothing();
  const [row] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
  return row!;
}

async function updateSettings(actor: StaffActor, values: Partial<typeof siteSettings.$inferInsert>): Promise<void> {
  await getDb().transaction(async (tx) => {
    const before = await lockSettingsRow(tx);
    const [after] = await tx
      .update(siteSettings)
      .set({ ...values, updatedByUserId: actor.id, updatedAt: sql`now()` })
      .where(eq(siteSettings.id, 1))
      .returning();
    const pick = (row: Record<string, unknown>) => Object.fromEntries(Object.keys(values).map((k) => [k, row[k]]));
    const changes = diffChanges(pick(before), pick(after!));
    if (Object.keys(changes).length) {
      await recordAudit(tx, actor, { action: 'site.update', entityId: 'site', before: pick(before), after: pick(after!) });
    }
  });
  await siteContentChanged();
}

/** Saves the shop's facts, hours, links and video reels. */
export async function saveSiteFacts(actor: StaffActor, input: SiteFactsInput): Promise<string> {
  await updateSettings(actor, { ...input });
  return SITE_TEXTS_SAVED.facts;
}

/** Saves slot length, capacity, days ahead and lead time. */
export async function saveBookingSettings(actor: StaffActor, input: BookingSettingsInput): Promise<string> {
  await updateSettings(actor, { ...input });
  return SITE_TEXTS_SAVED.booking;
}

export async function addClosure(actor: StaffActor, input: ClosureInput): Promise<string> {
  try {
    await getDb().transaction(async (tx) => {
      const [row] = await tx.insert(siteClosures).values(input).returning({ id: siteClosures.id });
      await recordAudit(tx, actor, { action: 'site.closure_add', entityId: row!.id, after: { ...input } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('conflict', `The shop is already marked closed on ${input.closedOn}.`, 'closedOn');
    throw error;
  }
  await siteContentChanged();
  return SITE_TEXTS_SAVED.closureAdded;
}

export async function removeClosure(actor: StaffActor, id: string): Promise<string> {
  await getDb().transaction(async (tx) => {
    const [row] = await tx.delete(siteClosures).where(eq(siteClosures.id, id)).returning();
    if (!row) throw new DomainError('not_found', 'That closure no longer exists.');
    await recordAudit(tx, actor, { action: 'site.closure_remove', entityId: id, before: { closedOn: row.closedOn, note: row.note } });
  });
  await siteContentChanged();
  return SITE_TEXTS_SAVED.closureRemoved;
}

/** Closures from `fromIso` on, oldest first (the admin page lists the coming ones). */
export async function listUpcomingClosures(fromIso: string, db: Executor = getDb()) {
  return db.select().from(siteClosures).where(gte(siteClosures.closedOn, fromIso)).orderBy(asc(siteClosures.closedOn));
}

// --- Gallery -------------------------------------------------------------------------------------------------------

export async function listGalleryForAdmin(db: Executor = getDb()) {
  return db.select().from(galleryItems).orderBy(asc(galleryItems.position), asc(galleryItems.createdAt));
}

/**
 * Adds a photo (or a before/after pair when `before` has bytes) at the end of the gallery, published. Files are
 * stored before the row; any failure removes them.
 */
export async function addGalleryItem(actor: StaffActor, input: GalleryItemInput, photo: Uint8Array, before?: Uint8Array | null): Promise<string> {
  const image = await storeSiteImage(photo);
  let beforeImage: SiteImage | null = null;
  try {
    if (before && before.byteLength > 0) {
      beforeImage = await storeSiteImage(before).catch((error: unknown) => {
        if (error instanceof DomainError) throw new DomainError(error.code, `Before photo: ${error.message}`, 'before');
        throw error;
      });
    }
    await getDb().transaction(async (tx) => {
      const [{ next }] = (await tx.select({ next: sql<number>`coalesce(max(${galleryItems.position}), 0) + 1` }).from(galleryItems)) as [{ next: number }];
      const [row] = await tx
        .insert(galleryItems)
        .values({ caption: input.caption, category: input.category, image, beforeImage, position: Number(next), published: true })
        .returning({ id: galleryItems.id });
      await recordAudit(tx, actor, {
        action: 'site.gallery_add',
        entityId: row!.id,
        after: { caption: input.caption, category: input.category, image: image.keyPrefix, beforeImage: beforeImage?.keyPrefix ?? null },
      });
    });
  } catch (error) {
    await removeSiteImage(image);
    await removeSiteImage(beforeImage);
    throw error;
  }
  await siteContentChanged();
  return SITE_TEXTS_SAVED.galleryAdded;
}

export async function updateGalleryItem(actor: StaffActor, id: string, input: GalleryItemInput): Promise<string> {
  await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(galleryItems).where(eq(galleryItems.id, id)).for('update');
    if (!before) throw new DomainError('not_found', 'That gallery item no longer exists.');
    await tx.update(galleryItems).set({ caption: input.caption, category: input.category, updatedAt: sql`now()` }).where(eq(galleryItems.id, id));
    await recordAudit(tx, actor, {
      action: 'site.gallery_update',
      entityId: id,
      before: { caption: before.caption, category: before.category },
      after: { caption: input.caption, category: input.category },
    });
  });
  await siteContentChanged();
  return SITE_TEXTS_SAVED.galleryUpdated;
}

export async function setGalleryItemPublished(actor: StaffActor, id: string, published: boolean): Promise<string> {
  await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(galleryItems).where(eq(galleryItems.id, id)).for('update');
    if (!before) throw new DomainError('not_found', 'That gallery item no longer exists.');
    await tx.update(galleryItems).set({ published, updatedAt: sql`now()` }).where(eq(galleryItems.id, id));
    await recordAudit(tx, actor, { action: 'site.gallery_update', entityId: id, before: { published: before.published }, after: { published } });
  });
  await siteContentChanged();
  return published ? SITE_TEXTS_SAVED.galleryPublished : SITE_TEXTS_SAVED.galleryHidden;
}

/** Swaps an item with its neighbour (`up`: earlier). At the end already: nothing changes, same message. */
async function moveRow(
  actor: StaffActor,
  table: typeof galleryItems | typeof testimonials,
  action: 'site.gallery_move' | 'site.testimonial_move',
  id: string,
  direction: 'up' | 'down',
  missing: string,
): Promise<void> {
  await getDb().transaction(async (tx) => {
    const rows = await tx
      .select({ id: table.id, position: table.position })
      .from(table)
      .orderBy(asc(table.position), asc(table.createdAt))
      .for('update');
    const at = rows.findIndex((r) => r.id === id);
    if (at < 0) throw new DomainError('not_found', missing);
    const other = direction === 'up' ? at - 1 : at + 1;
    if (other < 0 || other >= rows.length) return;
    // Renumber 1..n in the new order (positions may have gaps or ties after deletes).
    const order = rows.map((r) => r.id);
    [order[at], order[other]] = [order[other]!, order[at]!];
    for (let i = 0; i < order.length; i++) {
      if (rows.find((r) => r.id === order[i])!.position !== i + 1) {
        await tx.update(table).set({ position: i + 1 }).where(eq(table.id, order[i]!));
      }
    }
    await recordAudit(tx, actor, { action, entityId: id, before: { position: at + 1 }, after: { position: other + 1 } });
  });
  await siteContentChanged();
}

export async function moveGalleryItem(actor: StaffActor, id: string, direction: 'up' | 'down'): Promise<string> {
  await moveRow(actor, galleryItems, 'site.gallery_move', id, direction, 'That gallery item no longer exists.');
  return SITE_TEXTS_SAVED.galleryMoved;
}

/** Deletes the row (audited), then its files. */
export async function deleteGalleryItem(actor: StaffActor, id: string): Promise<string> {
  const row = await getDb().transaction(async (tx) => {
    const [deleted] = await tx.delete(galleryItems).where(eq(galleryItems.id, id)).returning();
    if (!deleted) throw new DomainError('not_found', 'That gallery item no longer exists.');
    await recordAudit(tx, actor, {
      action: 'site.gallery_delete',
      entityId: id,
      before: { caption: deleted.caption, category: deleted.category, image: deleted.image.keyPrefix, beforeImage: deleted.beforeImage?.keyPrefix ?? null },
    });
    return deleted;
  });
  await siteContentChanged();
  await removeSiteImage(row.image);
  await removeSiteImage(row.beforeImage);
  return SITE_TEXTS_SAVED.galleryDeleted;
}

// --- Testimonials --------------------------------------------------------------------------------------------------

export async function listTestimonialsForAdmin(db: Executor = getDb()) {
  return db.select().from(testimonials).orderBy(asc(testimonials.position), asc(testimonials.createdAt));
}

export async function addTestimonial(actor: StaffActor, input: TestimonialInput): Promise<string> {
  await getDb().transaction(async (tx) => {
    const [{ next }] = (await tx.select({ next: sql<number>`coalesce(max(${testimonials.position}), 0) + 1` }).from(testimonials)) as [{ next: number }];
    const [row] = await tx.insert(testimonials).values({ ...input, position: Number(next) }).returning({ id: testimonials.id });
    await recordAudit(tx, actor, { action: 'site.testimonial_add', entityId: row!.id, after: { ...input } });
  });
  await siteContentChanged();
  return SITE_TEXTS_SAVED.testimonialAdded;
}

export async function updateTestimonial(actor: StaffActor, id: string, input: TestimonialInput): Promise<string> {
  await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(testimonials).where(eq(testimonials.id, id)).for('update');
    if (!before) throw new DomainError('not_found', 'That testimonial no longer exists.');
    await tx.update(testimonials).set({ ...input, updatedAt: sql`now()` }).where(eq(testimonials.id, id));
    await recordAudit(tx, actor, { action: 'site.testimonial_update', entityId: id, before: { name: before.name, quote: before.quote }, after: { ...input } });
  });
  await siteContentChanged();
  return SITE_TEXTS_SAVED.testimonialUpdated;
}

export async function setTestimonialPublished(actor: StaffActor, id: string, published: boolean): Promise<string> {
  await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(testimonials).where(eq(testimonials.id, id)).for('update');
    if (!before) throw new DomainError('not_found', 'That testimonial no longer exists.');
    await tx.update(testimonials).set({ published, updatedAt: sql`now()` }).where(eq(testimonials.id, id));
    await recordAudit(tx, actor, { action: 'site.testimonial_update', entityId: id, before: { published: before.published }, after: { published } });
  });
  await siteContentChanged();
  return published ? SITE_TEXTS_SAVED.testimonialPublished : SITE_TEXTS_SAVED.testimonialHidden;
}

export async function moveTestimonial(actor: StaffActor, id: string, direction: 'up' | 'down'): Promise<string> {
  await moveRow(actor, testimonials, 'site.testimonial_move', id, direction, 'That testimonial no longer exists.');
  return SITE_TEXTS_SAVED.testimonialMoved;
}

export async function deleteTestimonial(actor: StaffActor, id: string): Promise<string> {
  await getDb().transaction(async (tx) => {
    const [row] = await tx.delete(testimonials).where(and(eq(testimonials.id, id))).returning();
    if (!row) throw new DomainError('not_found', 'That testimonial no longer exists.');
    await recordAudit(tx, actor, { action: 'site.testimonial_delete', entityId: id, before: { name: row.name, quote: row.quote } });
  });
  await siteContentChanged();
  return SITE_TEXTS_SAVED.testimonialDeleted;
}
