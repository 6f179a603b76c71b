/**
 * Draws the public site's images (made here, so the project has every right to them) and writes them to
 * `public/images/` as WebP and AVIF in two widths each, plus a PNG for Open Graph previews.
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
import { carScene } from '../app/server/site/demo-scenes';

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
