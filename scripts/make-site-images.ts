/**
 * Draws the public site's images (made here, so the project has every right to them) and writes them to
 * `public/images/` as WebP and AVIF in two widths each, plus a PNG for Open Graph previews.
 *
 *   npx tsx scripts/make-site-images.ts
 *
 * A shop replaces any of them by dropping a file with the same name in `DATA_DIR/site-images/` (see
 * docs/public-site.md); nothing needs rebuilding.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../public/images');

/** A sedan in side view; `damaged` adds a crumpled door, scrapes and a mismatched fender. */
function carScene(damaged: boolean): string {
  const body = damaged ? '#8a1c2b' : '#c8102e';
  const shine = damaged ? '0' : '0.55';
  const damage = damaged
    ? `
    <path d="M300 250 l30 -18 l22 26 l26 -20 l18 30 l28 -14 l10 40 l-40 10 l-30 -12 l-26 16 l-24 -20 z" fill="#3b0a12" opacity="0.85"/>
    <path d="M318 262 l60 32 M340 246 l24 52 M372 254 l-12 48" stroke="#d9d9d9" stroke-width="3" opacity="0.7"/>
    <path d="M520 270 q40 -6 90 10 M530 290 q50 -4 80 8" stroke="#f1f1f1" stroke-width="4" opacity="0.6" fill="none"/>
    <path d="M140 240 h120 v70 h-120 z" fill="#a64452" opacity="0.9"/>
    <circle cx="668" cy="240" r="16" fill="#444"/>`
    : `
    <path d="M170 222 q240 -30 470 0" stroke="#fff" stroke-width="6" opacity="${shine}" fill="none"/>
    <circle cx="668" cy="240" r="16" fill="#fff6c2"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${damaged ? '#5b6472' : '#1e3a5f'}"/><stop offset="1" stop-color="${damaged ? '#9aa3ad' : '#7fa7d6'}"/>
    </linearGradient>
    <linearGradient id="paint" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${body}"/><stop offset="1" stop-color="#4a0713"/>
    </linearGradient>
  </defs>
  <rect width="800" height="500" fill="url(#sky)"/>
  <rect y="360" width="800" height="140" fill="#2b2f36"/>
  <path d="M0 420 h800" stroke="#f5c400" stroke-width="6" stroke-dasharray="50 40"/>
  <path d="M110 330 q-10 -70 60 -90 l90 -20 q60 -70 140 -80 h120 q70 10 120 80 l70 14 q60 12 60 60 v36 z" fill="url(#paint)"/>
  <path d="M290 218 q50 -60 110 -66 h70 v66 z M490 152 h50 q50 10 80 66 h-130 z" fill="#a9c7e8" opacity="0.9"/>
  ${damage}
  <circle cx="230" cy="340" r="52" fill="#15171b"/><circle cx="230" cy="340" r="24" fill="#b9bec7"/>
  <circle cx="600" cy="340" r="52" fill="#15171b"/><circle cx="600" cy="340" r="24" fill="#b9bec7"/>
</svg>`;
}

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
