/**
 * Site content at /admin/site (issue 16), against a real PGlite database and the local storage driver: saves and their
 * audit rows, validation (script in captions, bad hours, a non-image, a 30 MB file), resized variants with EXIF
 * stripped and orientation applied, hidden items not served, no orphan file on a failure, the orphan sweep, the
 * cache that the public pages and `getConfig().shop` read, and who may use the page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as siteRoute from '~/routes/admin/site';
import * as homeRoute from '~/routes/public/home';
import * as galleryRoute from '~/routes/public/repair-gallery';
import * as imageRoute from '~/routes/resources/site-image';
import { loader as rootLoader } from '~/root';
import { getConfig } from '~/server/config.server';
import { auditLog, galleryItems, siteSettings, testimonials } from '~/server/db/schema';
import { getCachedPage, storeCachedPage } from '~/server/page-cache.server';
import { seedSiteContent } from '~/server/site/demo-site-content.server';
import { addGalleryItem } from '~/server/site/site-content.server';
import { siteImageKey, siteImageKeys, siteImageUrl } from '~/server/site/site-images.server';
import { resetSiteInfoForTests } from '~/server/site/site-info.server';
import { sweepOrphanFiles } from '~/server/storage/orphan-sweep.server';
import { createLocalStorage, getStorage, setStorage } from '~/server/storage/storage.server';
import { createAccount, makeRequest, settle, testContext, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { dataOf, multipartRequest } from './helpers';

const t = withTestDatabase();
let admin: TestAccount;
let customer: TestAccount;

beforeAll(async () => {
  setStorage(createLocalStorage(path.join(t.dataDir, 'files')));
  admin = await createAccount({ admin: true, name: 'Site Admin' });
  customer = await createAccount({ name: 'Site Customer' });
});

beforeEach(() => resetSiteInfoForTests());

type Result = { intent: string; ok: boolean; message: string; fieldErrors: Record<string, string> };
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: testContext }) as never;

async function act(form: Record<string, string>, cookie = admin.cookie) {
  const { value, thrown } = await settle(() => siteRoute.action(args(makeRequest('/admin/site', { cookie, form }))));
  if (thrown) throw thrown;
  return dataOf<Result>(value);
}

async function upload(fields: Record<string, string>, files: { field: string; name: string; bytes: Uint8Array }[]) {
  const request = multipartRequest('/admin/site?intent=add-photo', { cookie: admin.cookie, fields: { intent: 'add-photo', ...fields }, files });
  return dataOf<Result>(await siteRoute.action(args(request)));
}

const FACTS = {
  intent: 'save-facts',
  name: 'Lone Star Collision',
  phone: '(713) 555-0199',
  email: 'hello@lonestar.example',
  street: '1200 Main St',
  city: 'Houston',
  region: 'TX',
  postalCode: '77002',
  latitude: '29.7604',
  longitude: '-95.3698',
  hoursNote: 'Saturday by appointment',
  open0: '08:00',
  close0: '17:30',
  open1: '08:00',
  close1: '17:30',
  open2: '08:00',
  close2: '17:30',
  open3: '08:00',
  close3: '17:30',
  open4: '08:00',
  close4: '16:00',
  socialLinks: 'Facebook=https://facebook.com/lonestar',
  reviewLinks: 'Google Reviews=https://g.page/r/lonestar/review',
  videoReelIds: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ\nabcdefghijk',
};

/** A photo with EXIF orientation 6 (rotate 90° to view): stored 1600×1000, seen 1000×1600. */
async function orientedJpeg(): Promise<Uint8Array> {
  return sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#c8102e' } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toBuffer();
}

const bucketKeys = () => getStorage().list('site-images', '');
let png: Uint8Array;
beforeAll(async () => {
  png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#123a66' } }).png().toBuffer();
});

describe('shop facts', () => {
  it('saves the facts with one audit row; footer facts, getConfig().shop and the page cache follow at once', async () => {
    storeCachedPage('/about', 200, new Headers({ 'Content-Type': 'text/html' }), Buffer.from('old'));
    const result = await act(FACTS);
    expect(result.data).toMatchObject({ ok: true, message: 'Shop facts saved: the public pages show them now.' });
    expect(getCachedPage('/about')).toBeUndefined();

    const [row] = await t.db.select().from(siteSettings);
    expect(row).toMatchObject({ name: 'Lone Star Collision', phone: '(713) 555-0199', street: '1200 Main St', updatedByUserId: admin.userId });
    expect(row!.weeklyHours[4]).toEqual([{ open: '08:00', close: '16:00' }]);
    expect(row!.weeklyHours[5]).toEqual([]);
    expect(row!.videoReelIds).toEqual(['dQw4w9WgXcQ', 'abcdefghijk']);

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'site.update'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: admin.userId, entityType: 'site' });
    expect(audits[0]!.changes.phone).toEqual({ from: '(281) 555-0143', to: '(713) 555-0199' });

    const root = await rootLoader();
    expect(root.shop).toMatchObject({
      name: 'Lone Star Collision',
      phone: '(713) 555-0199',
      address: { street: '1200 Main St', city: 'Houston', region: 'TX', postalCode: '77002' },
      openingHours: ['Mo-Th 08:00-17:30', 'Fr 08:00-16:00'],
      reviewLinks: [{ label: 'Google Reviews', url: 'https://g.page/r/lonestar/review' }],
    });
    expect(root.shop.mapEmbedUrl).toContain(encodeURIComponent('1200 Main St'));
    expect(root.shop.geo).toEqual({ latitude: 29.7604, longitude: -95.3698 });
    // Mails, documents and texts read getConfig().shop: the same facts.
    expect(getConfig().shop.phone).toBe('(713) 555-0199');
    expect(getConfig().shop.timeZone).toBe('America/Chicago');

    const gallery = dataOf<{ reels: { videoId: string }[] }>(await galleryRoute.loader(args(makeRequest('/repair-gallery'))));
    expect(gallery.data.reels.map((r) => r.videoId)).toEqual(['dQw4w9WgXcQ', 'abcdefghijk']);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = await t.db.select().from(auditLog);
    const result = await act({
      ...FACTS,
      name: '<script>alert(1)</script>',
      phone: '123',
      close1: '07:00',
      open2: '',
      reviewLinks: 'Yelp=http://yelp.example',
      videoReelIds: 'not a video',
      latitude: '95',
      longitude: 'west',
    });
    expect(result.status).toBe(400);
    expect(result.data.fieldErrors).toMatchObject({
      name: 'Please use plain text: angle brackets (< >) are not allowed.',
      phone: 'Please enter a phone number with at least 10 digits.',
      close1: 'The closing time must be after the opening time.',
      open2: 'Enter both the opening and the closing time, or neither for a closed day.',
      reviewLinks: 'One link a line, like "Google Reviews=https://g.page/r/…" (https only).',
      videoReelIds: 'One YouTube video id or link a line (the id is 11 letters, digits, - or _).',
      latitude: 'Latitude is a number of degrees between -90 and 90, like 30.0799.',
      longitude: 'Longitude is a number of degrees between -180 and 180, like -95.4172.',
    });
    expect(await t.db.select().from(auditLog)).toHaveLength(before.length);
  });

  it('booking settings: days ahead at most 60', async () => {
    const bad = await act({ intent: 'save-booking', slotMinutes: '30', slotCapacity: '2', bookingDaysAhead: '61', bookingLeadHours: '2' });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors.bookingDaysAhead).toBe('Days ahead must be a whole number from 1 to 60.');
    const good = await act({ intent: 'save-booking', slotMinutes: '45', slotCapacity: '3', bookingDaysAhead: '30', bookingLeadHours: '4' });
    expect(good.data.ok).toBe(true);
    const [row] = await t.db.select().from(siteSettings);
    expect(row).toMatchObject({ slotMinutes: 45, slotCapacity: 3, bookingDaysAhead: 30, bookingLeadHours: 4, name: 'Lone Star Collision' });
  });

  it('holiday closures: add (audited), a second on the same date refused, remove', async () => {
    expect((await act({ intent: 'add-closure', closedOn: '2099-12-25', note: 'Christmas' })).data.ok).toBe(true);
    const dup = await act({ intent: 'add-closure', closedOn: '2099-12-25', note: 'again' });
    expect(dup.status).toBe(409);
    expect(dup.data.fieldErrors.closedOn).toBe('The shop is already marked closed on 2099-12-25.');
    expect((await act({ intent: 'add-closure', closedOn: '2099-02-30', note: '' })).data.fieldErrors.closedOn).toBe('Please enter a date like 2026-12-25.');
    const page = await siteRoute.loader(args(makeRequest('/admin/site', { cookie: admin.cookie })));
    const closure = page.closures.find((c) => c.closedOn === '2099-12-25')!;
    expect(closure.note).toBe('Christmas');
    expect((await act({ intent: 'remove-closure', id: closure.id })).data.ok).toBe(true);
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, closure.id))).map((a) => a.action).sort();
    expect(actions).toEqual(['site.closure_add', 'site.closure_remove']);
  });
});

describe('gallery', () => {
  it('an upload becomes WebP and JPEG variants, upright, without EXIF; only published items are served', async () => {
    const result = await upload({ caption: 'Door repaired', category: 'collision' }, [{ field: 'photo', name: 'door.jpg', bytes: await orientedJpeg() }]);
    expect(result.data).toMatchObject({ ok: true, message: 'Photo added to the gallery.' });
    const [item] = await t.db.select().from(galleryItems);
    expect(item!.image).toMatchObject({ widths: [400, 800, 1000], formats: ['webp', 'jpeg'], width: 1000, height: 1600 });
    for (const key of siteImageKeys(item!.image)) expect(await getStorage().exists('site-images', key)).toBe(true);

    const response = await imageRoute.loader(args(makeRequest(siteImageUrl(item!.image, 800, 'jpeg')), { file: siteImageUrl(item!.image, 800, 'jpeg').split('/').pop()! }));
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/jpeg');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await response.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([800, 1280]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(bytes.includes(Buffer.from('secret-camera-owner'))).toBe(false);

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, item!.id));
    expect(audit.map((a) => a.action)).toEqual(['site.gallery_add']);

    // Hidden: 404 for visitors, shown (uncached) to staff for the admin preview; gone from the public gallery.
    expect((await act({ intent: 'hide-photo', id: item!.id })).data.message).toBe('Gallery item hidden: visitors no longer see it.');
    const file = siteImageUrl(item!.image, 400, 'webp').split('/').pop()!;
    const anonymous = await imageRoute.loader(args(makeRequest(`/site-images/${file}`), { file }));
    expect(anonymous.status).toBe(404);
    const asCustomer = await imageRoute.loader(args(makeRequest(`/site-images/${file}`, { cookie: customer.cookie }), { file }));
    expect(asCustomer.status).toBe(404);
    const asStaff = await imageRoute.loader(args(makeRequest(`/site-images/${file}`, { cookie: admin.cookie }), { file }));
    expect(asStaff.status).toBe(200);
    expect(asStaff.headers.get('Cache-Control')).toBe('private, no-store');
    const gallery = dataOf<{ photos: unknown[] }>(await galleryRoute.loader(args(makeRequest('/repair-gallery'))));
    expect(gallery.data.photos).toHaveLength(0);
    expect((await act({ intent: 'publish-photo', id: item!.id })).data.ok).toBe(true);
    const again = dataOf<{ photos: { caption: string }[] }>(await galleryRoute.loader(args(makeRequest('/repair-gallery?category=collision'))));
    expect(again.data.photos.map((p) => p.caption)).toEqual(['Door repaired']);
    const other = dataOf<{ photos: unknown[] }>(await galleryRoute.loader(args(makeRequest('/repair-gallery?category=painting'))));
    expect(other.data.photos).toHaveLength(0);
  });

  it('a non-image, a 30 MB file and script in the caption get clear messages and leave no file', async () => {
    const keysBefore = await bucketKeys();
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, ...new Array(200).fill(1)]);
    const notImage = await upload({ caption: 'x', category: 'collision' }, [{ field: 'photo', name: 'photo.jpg', bytes: exe }]);
    expect(notImage.status).toBe(400);
    expect(notImage.data.fieldErrors.photo).toBe('That file is not a photo: upload a JPEG, PNG, WebP or HEIC image.');

    const huge = new Uint8Array(30 * 1024 * 1024);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    const tooBig = await upload({ caption: 'x', category: 'collision' }, [{ field: 'photo', name: 'big.jpg', bytes: huge }]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.data.message).toBe('Each file must be 20 MB or smaller.');

    const script = await upload({ caption: '<script>alert(1)</script>', category: 'collision' }, [{ field: 'photo', name: 'a.jpg', bytes: await orientedJpeg() }]);
    expect(script.status).toBe(400);
    expect(script.data.fieldErrors.caption).toBe('Please use plain text: angle brackets (< >) are not allowed.');

    const badCategory = await upload({ caption: 'ok', category: 'tuning' }, [{ field: 'photo', name: 'a.jpg', bytes: await orientedJpeg() }]);
    expect(badCategory.data.fieldErrors.category).toBe('Choose Collision, Painting or Maintenance.');

    // The after photo is stored, then the before photo fails: the after photo's files are removed again.
    const pair = await upload({ caption: 'Pair', category: 'painting' }, [
      { field: 'photo', name: 'after.jpg', bytes: await orientedJpeg() },
      { field: 'before', name: 'before.jpg', bytes: exe },
    ]);
    expect(pair.status).toBe(400);
    expect(pair.data.fieldErrors.before).toBe('Before photo: That file is not a photo: upload a JPEG, PNG, WebP or HEIC image.');
    expect(await bucketKeys()).toEqual(keysBefore);
    expect(await t.db.select().from(galleryItems)).toHaveLength(1);
  });

  it('a failing row removes the stored files (file written first, removed on rollback)', async () => {
    const keysBefore = await bucketKeys();
    await t.db.execute(sql.raw(`CREATE FUNCTION site_fail() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$ LANGUAGE plpgsql`));
    await t.db.execute(sql.raw(`CREATE TRIGGER site_fail BEFORE INSERT ON gallery_items FOR EACH ROW EXECUTE FUNCTION site_fail()`));
    try {
      const failing = await settle(() =>
        addGalleryItem({ id: admin.userId, email: admin.email }, { caption: 'Will fail', category: 'collision' }, png, png),
      );
      expect(String((failing.thrown as Error).message)).toMatch(/boom|Failed query/);
    } finally {
      await t.db.execute(sql.raw(`DROP TRIGGER site_fail ON gallery_items`));
      await t.db.execute(sql.raw(`DROP FUNCTION site_fail()`));
    }
    expect(await bucketKeys()).toEqual(keysBefore);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'site.gallery_add'))).toHaveLength(1);
  });

  it('reorders with up/down, deletes with its files (audited); the sweep keeps referenced files and removes orphans', async () => {
    await upload({ caption: 'Second', category: 'painting' }, [
      { field: 'photo', name: 'after.png', bytes: png },
      { field: 'before', name: 'before.png', bytes: png },
    ]);
    let rows = await t.db.select().from(galleryItems).orderBy(asc(galleryItems.position));
    expect(rows.map((r) => r.caption)).toEqual(['Door repaired', 'Second']);
    expect((await act({ intent: 'move-photo', id: rows[1]!.id, direction: 'up' })).data.ok).toBe(true);
    rows = await t.db.select().from(galleryItems).orderBy(asc(galleryItems.position));
    expect(rows.map((r) => r.caption)).toEqual(['Second', 'Door repaired']);

    // The home page's before/after block uses the first published pair.
    const home = dataOf<{ pair: { caption: string } | null }>(await homeRoute.loader());
    expect(home.data.pair?.caption).toBe('Second');

    // An orphan (a file no row refers to), older than the grace period, is swept; referenced files stay.
    await getStorage().put('site-images', 'gallery/0123456789abcdef0123456789abcdef-400.webp', new Uint8Array([1, 2, 3]), { contentType: 'image/webp' });
    const sweep = await sweepOrphanFiles({ graceMs: 0, now: Date.now() + 1000 });
    expect(sweep.failed).toBe(0);
    const keys = await bucketKeys();
    expect(keys).not.toContain('gallery/0123456789abcdef0123456789abcdef-400.webp');
    for (const row of rows) for (const key of [...siteImageKeys(row.image), ...(row.beforeImage ? siteImageKeys(row.beforeImage) : [])]) expect(keys).toContain(key);

    const second = rows[0]!;
    expect((await act({ intent: 'delete-photo', id: second.id })).data.message).toBe('Gallery item deleted.');
    for (const key of [...siteImageKeys(second.image), ...siteImageKeys(second.beforeImage!)]) expect(await getStorage().exists('site-images', key)).toBe(false);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, second.id)).orderBy(asc(auditLog.createdAt));
    expect(audit.map((a) => a.action)).toEqual(['site.gallery_add', 'site.gallery_move', 'site.gallery_delete']);
    expect((await act({ intent: 'delete-photo', id: second.id })).status).toBe(404);
  });
});

describe('testimonials', () => {
  it('built-in five until the first is saved; add, edit, hide, reorder; the carousel shows the first five published', async () => {
    const initial = dataOf<{ testimonials: { name: string }[] }>(await homeRoute.loader());
    expect(initial.data.testimonials.map((q) => q.name)).toEqual(['Jessica R.', 'Marcus T.', 'Linda P.', 'David K.', 'Ana M.']);

    for (let i = 1; i <= 6; i++) expect((await act({ intent: 'add-testimonial', name: `Customer ${i}`, quote: `Great work ${i}.` })).data.ok).toBe(true);
    const script = await act({ intent: 'add-testimonial', name: 'Eve', quote: 'Nice <img src=x onerror=alert(1)>' });
    expect(script.data.fieldErrors.quote).toBe('Please use plain text: angle brackets (< >) are not allowed.');
    const rows = await t.db.select().from(testimonials).orderBy(asc(testimonials.position));
    expect(rows).toHaveLength(6);

    expect((await act({ intent: 'update-testimonial', id: rows[0]!.id, name: 'Customer One', quote: 'Edited quote.' })).data.ok).toBe(true);
    expect((await act({ intent: 'hide-testimonial', id: rows[1]!.id })).data.ok).toBe(true);
    expect((await act({ intent: 'move-testimonial', id: rows[5]!.id, direction: 'up' })).data.ok).toBe(true);

    const home = dataOf<{ testimonials: { name: string; quote: string }[] }>(await homeRoute.loader());
    expect(home.data.testimonials.map((q) => q.name)).toEqual(['Customer One', 'Customer 3', 'Customer 4', 'Customer 6', 'Customer 5']);
    expect(home.data.testimonials[0]!.quote).toBe('Edited quote.');
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'site'))).map((a) => a.action);
    expect(actions.filter((a) => a.startsWith('site.testimonial'))).toEqual([
      ...new Array(6).fill('site.testimonial_add'),
      'site.testimonial_update',
      'site.testimonial_update',
      'site.testimonial_move',
    ]);
  });
});

describe('who may use /admin/site', () => {
  it('anonymous visitors and customers are sent away from the loader and every action, and nothing changes', async () => {
    const before = await t.db.select().from(siteSettings);
    for (const cookie of [undefined, customer.cookie]) {
      const load = await settle(() => siteRoute.loader(args(makeRequest('/admin/site', { cookie }))));
      expect(load.thrown).toBeInstanceOf(Response);
      expect([302, 303]).toContain((load.thrown as Response).status);
      const forms: Record<string, string>[] = [{ ...FACTS, phone: '(999) 555-0000' }, { intent: 'add-testimonial', name: 'Mallory', quote: 'hi' }];
      for (const form of forms) {
        const post = await settle(() => siteRoute.action(args(makeRequest('/admin/site', { cookie, form }))));
        expect(post.thrown).toBeInstanceOf(Response);
        expect((post.thrown as Response).headers.get('Location')).toMatch(cookie ? /^\/portal/ : /^\/login/);
      }
      const photo = await settle(() =>
        siteRoute.action(
          args(multipartRequest('/admin/site?intent=add-photo', { cookie, fields: { intent: 'add-photo', caption: 'x', category: 'collision' }, files: [] })),
        ),
      );
      expect(photo.thrown).toBeInstanceOf(Response);
    }
    expect(await t.db.select().from(siteSettings)).toEqual(before);
    expect(await t.db.select().from(testimonials).where(eq(testimonials.name, 'Mallory'))).toHaveLength(0);
  });
});

describe('demo content', () => {
  it('the seed draws three gallery items (one a pair) into the bucket, and only into an empty gallery', async () => {
    await t.db.delete(galleryItems);
    await t.db.delete(testimonials);
    expect(await seedSiteContent()).toBe(3);
    const rows = await t.db.select().from(galleryItems).orderBy(asc(galleryItems.position));
    expect(rows.map((r) => r.category)).toEqual(['collision', 'painting', 'maintenance']);
    expect(rows[0]!.beforeImage).not.toBeNull();
    for (const row of rows) for (const key of siteImageKeys(row.image)) expect(await getStorage().exists('site-images', key)).toBe(true);
    expect(await t.db.select().from(testimonials)).toHaveLength(5);
    expect(await seedSiteContent()).toBe(0);
  });
});

describe('gallery photos from an iPhone', () => {
  it('takes an iPhone photo (HEIC): converted, resized and served as WebP and JPEG', async () => {
    const heic = new Uint8Array(fs.readFileSync(path.join(process.cwd(), 'tests/fixtures/images/iphone-photo.heic')));
    const result = await upload({ caption: 'From an iPhone', category: 'painting' }, [{ field: 'photo', name: 'IMG_0420.HEIC', bytes: heic }]);
    expect(result.status).toBe(200);
    const [item] = await t.db.select().from(galleryItems).where(eq(galleryItems.caption, 'From an iPhone'));
    expect(item!.image.width).toBe(320);
    expect(item!.image.height).toBe(240);
    const jpeg = await getStorage().get('site-images', siteImageKey(item!.image.keyPrefix, 320, 'jpeg'));
    const meta = await sharp(Buffer.from(await new Response(jpeg!.body).arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(320);
    expect((await act({ intent: 'delete-photo', id: item!.id })).data.message).toBe('Gallery item deleted.');
  });
});
