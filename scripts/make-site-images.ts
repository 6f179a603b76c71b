/**
 * Draws the public site's images (made here, so the project has every right to them) and writes them to
 * `public/images/` as WebP and AVIF in two widths each, plus a PNG for Open Graph previews; and the demo gallery's
 * photos (WebP and JPEG at 400, 800 and 1200 px) into `app/server/site/demo-images/`.
 *
 *   npx tsx scripts/make-site-images.ts
 *
 * The before/after here is the home page's fallback until the gallery at /admin/site has a published pair (the demo
 * seed adds one, drawn from the same scenes: app/server/site/demo-scenes.ts). A shop may still replace `logo.svg` and
 * `og-image.png` by dropping a file with the same name in `DATA_DIR/site-images/` (see docs/public-site.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_SCENES, DEMO_IMAGES_DIR } from '../app/server/site/demo-site-content.server';
import { carScene } from '../app/server/site/demo-scenes';
import { makeSiteImageFiles } from '../app/server/site/site-images.server';

const OUT = path.resolve(import.meta.dirname, '../public/images');

function heroScene(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0b1a33"/>
  <g transform="translate(420 90) scale(0.95)">${carScene(false).replace(/^<svg[^>]*>|<\/svg>$/g, '')}</g>
  <text x="60" y="140" fill="#fff" font-family="Arial, sans-serif" font-size="64" font-weight="800">C.A.R.S Collision</text>
  <text x="60" y="215" fill="#fff" font-family="Arial, sans-serif" font-size="64" font-weight="800">&amp; Refinish</text>
  <text x="60" y="290" fill="#f5c400" font-family="Arial, sans-serif" font-size="34" font-weight="700">Spring, TX · Veteran &amp; family owned</text>
</svg>`;
}

async function write(name: string, svg: string, widths: number[], height: (w: number) => number) {
  for (const width of widths) {
    const image = sharp(Buffer.from(svg)).resize(width, height(width));
    await image.clone().webp({ quality: 72 }).toFile(path.join(OUT, `${name}-${width}.webp`));
    await image.clone().avif({ quality: 50 }).toFile(path.join(OUT, `${name}-${width}.avif`));
  }
}

fs.mkdirSync(OUT, { recursive: true });
await write('before', carScene(true), [400, 800], (w) => Math.round((w * 5) / 8));
await write('after', carScene(false), [400, 800], (w) => Math.round((w * 5) / 8));
await sharp(Buffer.from(heroScene())).png({ compressionLevel: 9, palette: true }).toFile(path.join(OUT, 'og-image.png'));
console.log(`Images written to ${OUT}`);

// The demo gallery's photos (issue 16), resized exactly as an upload would be; the seed copies them into storage.
fs.mkdirSync(DEMO_IMAGES_DIR, { recursive: true });
for (const [name, svg] of Object.entries(DEMO_SCENES)) {
  const png = await sharp(Buffer.from(svg()), { density: 144 }).resize(1200, 750).png().toBuffer();
  const { files } = await makeSiteImageFiles(png, name);
  for (const file of files) fs.writeFileSync(path.join(DEMO_IMAGES_DIR, file.key), file.bytes);
}
console.log(`Demo gallery photos written to ${DEMO_IMAGES_DIR}`);
