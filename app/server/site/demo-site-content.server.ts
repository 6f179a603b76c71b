/**
 * The demo shop's site content (issue 16), so a new install does not look broken: three gallery items drawn from
 * SVG with sharp (a collision before/after pair, a paint booth, a brake job; demo-scenes.ts — nothing downloaded),
 * stored like uploads (resized variants in 'site-images'), and the five built-in testimonials.
 *
 * `seedSiteContent()` does nothing when the gallery or the testimonials already have rows; it needs the database and
 * the storage set (runtime start-up calls it right after seeding an empty database). Returns the number of gallery
 * items added. On failure the files it stored are removed and the error is thrown.
 */
import { count } from 'drizzle-orm';
import { TESTIMONIALS } from '~/content/home';
import { getDb } from '../db/client.server';
import { galleryItems, testimonials, type SiteImage } from '../db/schema';
import { loadSharp } from '../load-on-use.server';
import { brakeScene, carScene, paintBoothScene } from './demo-scenes';
import { removeSiteImage, storeSiteImage } from './site-images.server';
import { forgetSiteInfo } from './site-info.server';

async function draw(svg: string): Promise<Uint8Array> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg), { density: 144 }).resize(1200, 750).jpeg({ quality: 90 }).toBuffer();
}

export async function seedSiteContent(): Promise<number> {
  const db = getDb();
  const [{ g }] = (await db.select({ g: count() }).from(galleryItems)) as [{ g: number }];
  const [{ t }] = (await db.select({ t: count() }).from(testimonials)) as [{ t: number }];
  if (g > 0 || t > 0) return 0;
  const stored: SiteImage[] = [];
  const store = async (svg: string) => {
    const image = await storeSiteImage(await draw(svg));
    stored.push(image);
    return image;
  };
  try {
    const after = await store(carScene(false));
    const before = await store(carScene(true));
    const booth = await store(paintBoothScene());
    const brakes = await store(brakeScene());
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
