/**
 * Repair gallery content (spec §2 "Repair Gallery", DECISIONS 3): category filter and eight text sections. The photos
 * and the video reels are edited at /admin/site (issue 16). Reels are YouTube videos shown as click-to-play
 * placeholders; only after a click does the page load the privacy-enhanced player from www.youtube-nocookie.com
 * (allowed by the CSP's frame-src).
 */
export const GALLERY_CATEGORIES = ['collision', 'painting', 'maintenance'] as const;
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<GalleryCategory | 'all', string> = {
  collision: 'Collision',
  painting: 'Painting',
  maintenance: 'Maintenance',
  all: 'All',
};

/** `?category=` value → a category, or 'all' for anything else. */
export function parseCategory(value: string | null): GalleryCategory | 'all' {
  return (GALLERY_CATEGORIES as readonly string[]).includes(value ?? '') ? (value as GalleryCategory) : 'all';
}

export const GALLERY_SECTIONS: readonly { category: GalleryCategory; heading: string; body: string }[] = [
  {
    category: 'collision',
    heading: 'Front-end collision, back to factory spec',
    body: 'A crushed bumper, radiator support and headlight on a family SUV. We measured the frame, replaced the support with OEM parts and recalibrated the sensors.',
  },
  {
    category: 'collision',
    heading: 'Quarter panel repair without replacement',
    body: 'A deep dent in a rear quarter panel repaired and refinished instead of cut out, saving the owner time and money while keeping the factory seams.',
  },
  {
    category: 'collision',
    heading: 'Hail damage, paint untouched',
    body: 'More than forty hail dents on a hood and roof removed with paintless dent repair in two days.',
  },
  {
    category: 'painting',
    heading: 'Perfect match on a tri-coat pearl',
    body: 'Pearl white is one of the hardest colours to match. Test cards, three layers and a careful blend made the new door disappear.',
  },
  {
    category: 'painting',
    heading: 'Faded clearcoat brought back',
    body: 'Years of Texas sun had peeled the clearcoat on a pickup roof and hood. We stripped, refinished and baked them to a deep gloss.',
  },
  {
    category: 'painting',
    heading: 'Custom two-tone for a classic truck',
    body: 'A restoration customer chose a two-tone scheme; we masked, sprayed and cleared it for a show-ready finish.',
  },
  {
    category: 'maintenance',
    heading: 'Brakes and suspension after a curb strike',
    body: 'A bent control arm and a worn brake set replaced the same day, with an alignment to finish.',
  },
  {
    category: 'maintenance',
    heading: 'A/C service before summer',
    body: 'A leak found with dye, the hose replaced and the system recharged so the cabin blows cold again.',
  },
];

/** The privacy-enhanced player URL, loaded only after a click. */
export const reelEmbedUrl = (videoId: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`;

/** Where the placeholder links without JavaScript (opens YouTube itself). */
export const reelWatchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
