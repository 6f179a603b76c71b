/**
 * The demo shop's site content (issue 16), so a new install does not look broken: three gallery items (a collision
 * before/after pair, a paint booth, a brake job) and the five built-in testimonials.
 *
 * The photos are drawn with sharp from SVG (demo-scenes.ts — nothing downloaded) and resized exactly like an upload
 * by `npx tsx scripts/make-site-images.ts`, which writes them to {@link DEMO_IMAGES_DIR}
 * (`app/server/site/demo-images/<scene>-<width>.<webp|jpg>`, committed). The seed only copies those files into the
 * 'site-images' bucket under fresh key prefixes: a first start loads neither sharp nor file-type (issue 13's start-up
 * footprint) and spends no time encoding.
 *
 * `seedSiteContent()` does nothing when the gallery or the testimonials already have rows; it needs the database and
 * the storage set (runtime start-up calls it right after seeding an empty database). Returns the number of gallery
 * items added. On failure the files it stored are removed and the error is thrown.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import { TESTIMONIALS } from '~/content/home';
import { getDb } from '../db/client.server';
import { galleryItems, testimonials, type SiteImage } from '../db/schema';
import { log } from '../logger.server';
import { getStorage } from '../storage/storage.server';
import { brakeScene, carScene, paintBoothScene } from './demo-scenes';
import { newSiteImagePrefix, removeSiteImage, siteImageKey, SITE_IMAGES_BUCKET } from './site-images.server';
import { forgetSiteInfo } from './site-info.server';

/** The demo photos by name (the file name prefix in {@link DEMO_IMAGES_DIR}). */
export const DEMO_SCENES = {
  'collision-after': () => carScene(false),
  'collision-before': () => carScene(true),
  'paint-booth': paintBoothScene,
  brakes: brakeScene,
} as const;

const DEMO_WIDTHS = [400, 800, 1200];

/** Where the pre-made demo photos are, found by walking up from this module (source and build alike). */
function findDemoImagesDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const candidate = path.join(dir, 'app', 'server', 'site', 'demo-images');
    if (fs.existsSync(candidate)) return candidate;
    if (path.basename(dir) === 'site' && fs.existsSync(path.join(dir, 'demo-images'))) return path.join(dir, 'demo-images');
    dir = path.dirname(dir);
  }
  return path.resolve('app', 'server', 'site', 'demo-images');
}

export const DEMO_IMAGES_DIR = findDemoImagesDir();

/** Copies one pre-made photo's variants into the bucket under a new prefix. */
async function storeDemoImage(name: keyof typeof DEMO_SCENES, stored: SiteImage[]): Promise<SiteImage> {
  const image: SiteImage = { keyPrefix: newSiteImagePrefix(), width: 1200, height: 750, widths: DEMO_WIDTHS, formats: ['webp', 'jpeg'] };
  stored.push(image);
  for (const width of DEMO_WIDTHS) {
    for (const format of image.formats) {
      const bytes = fs.readFileSync(path.join(DEMO_IMAGES_DIR, siteImageKey(name, width, format)));
      await getStorage().put(SITE_IMAGES_BUCKET, siteImageKey(image.keyPrefix, width, format), bytes, {
        contentType: format === 'webp' ? 'image/webp' : 'image/jpeg',
      });
    }
  }
  return image;
}

export async function seedSiteContent(): Promise<number> {
  const db = getDb();
  const [{ g }] = (await db.select({ g: count() }).from(galleryItems)) as [{ g: number }];
  const [{ t }] = (await db.select({ t: count() }).from(testimonials)) as [{ t: number }];
  if (g > 0 || t > 0) return 0;
  const stored: SiteImage[] = [];
  if (!fs.existsSync(path.join(DEMO_IMAGES_DIR, siteImageKey('brakes', 1200, 'jpeg')))) {
    // A deployment that left the folder out: the site works with the drawn fallback pair; say so once.
    log().warn({ dir: DEMO_IMAGES_DIR }, 'demo gallery photos not found: the demo gallery starts empty');
    await db.insert(testimonials).values(TESTIMONIALS.map((q, i) => ({ name: q.name, quote: q.quote, position: i + 1 })));
    forgetSiteInfo();
    return 0;
  }
  try {
    const after = await storeDemoImage('collision-after', stored);
    const before = await storeDemoImage('collision-before', stored);
    const booth = await storeDemoImage('paint-booth', stored);
    const brakes = await storeDemoImage('brakes', stored);
    await db.transaction(async (tx) => {
      await tx.insert(galleryItems).values([
        { category: 'collision', caption: 'Crumpled door, scrapes and a mismatched fender, repaired and refinished to match the factory finish.', image: after, beforeImage: before, position: 1 },
        { category: 'painting', caption: 'A full respray in our downdraft booth, colour-matched to the factory code.', image: booth, position: 2 },
        { category: 'maintenance', caption: 'New rotors and calipers after a curb strike, with an alignment to finish.', image: brakes, position: 3 },
      ]);
      await tx.insert(testimonials).values(TESTIMONIALS.map((q, i) => ({ name: q.name, quote: q.quote, position: i + 1 })));
    });
  } catch (error) {
    for (const image of stored) await removeSiteImage(image);
    throw error;
  }
  forgetSiteInfo();
  return 3;
}
