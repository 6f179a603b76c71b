/**
 * The six service pages (spec §2 "Services"): static marketing copy with links to /contact. The slugs match
 * `SERVICE_SLUGS` in app/routes.ts; the labels match the header's Services menu.
 */
import { SERVICE_LINKS } from './navigation';

export interface ServicePage {
  slug: string;
  path: string;
  title: string;
  /** One line for the /services overview and the meta description. */
  summary: string;
  intro: string;
  sections: { heading: string; body: string }[];
  bullets: string[];
}

const label = (path: string) => SERVICE_LINKS.find((s) => s.to === path)!.label;

export const SERVICE_PAGES: readonly ServicePage[] = [
  {
    slug: 'collision-repair',
    path: '/services/collision-repair',
    title: label('/services/collision-repair'),
    summary: 'Insurance or out-of-pocket collision repair to manufacturer specs, from bumpers to frames.',
    intro:
      'An accident is stressful enough. We take it from there: the estimate, the insurance paperwork, the parts and the repair, with updates and photos along the way so you always know where your vehicle stands.',
    sections: [
      {
        heading: 'Repaired to OEM standards',
        body: 'We follow the manufacturer’s repair procedures for your make and model, measure the frame before and after, and use OEM or OEM-equivalent parts so your vehicle protects you the way it was designed to.',
      },
      {
        heading: 'Insurance claims without the headache',
        body: 'We work with every insurance company and you choose the shop, not your insurer. We document the damage, send the estimate and handle supplements if we find hidden damage once the vehicle is apart.',
      },
      {
        heading: 'Paying yourself?',
        body: 'You get a written estimate with a fair price before any work starts. If something changes, we call you first. No surprises.',
      },
    ],
    bullets: ['Frame and unibody straightening', 'Panel repair and replacement', 'Bumper repair', 'Paintless dent removal', 'Glass and lighting'],
  },
  {
    slug: 'paint-refinish',
    path: '/services/paint-refinish',
    title: label('/services/paint-refinish'),
    summary: 'Computerized colour matching and a factory-quality finish in our paint booth.',
    intro:
      'A good repair is invisible. We scan your paint, mix it to the exact shade and blend it into the surrounding panels so nobody can tell where the repair ends.',
    sections: [
      {
        heading: 'Paint matching that holds up in sunlight',
        body: 'Texas sun shows every mismatch. Our spectrophotometer reads your colour, our mixing system matches it, and we spray test cards before a drop goes on your vehicle.',
      },
      {
        heading: 'A clean booth, a durable finish',
        body: 'Every refinish is sprayed and baked in a downdraft booth with quality basecoat and clearcoat, then wet-sanded and polished where needed.',
      },
    ],
    bullets: ['Single panels to full resprays', 'Clearcoat repair', 'Scratch and scuff removal', 'Furniture and signage refinishing'],
  },
  {
    slug: 'custom-paint',
    path: '/services/custom-paint',
    title: label('/services/custom-paint'),
    summary: 'Custom colours, two-tones, restorations and one-off projects that fit the booth.',
    intro:
      'Want something nobody else has? From a classic restoration to a colour change or a company vehicle in your brand colours, we plan it with you and paint it right.',
    sections: [
      {
        heading: 'Planned with you',
        body: 'We talk through colours, finishes and budget, show you sample cards and give you a written price before we start.',
      },
      {
        heading: 'Unique projects welcome',
        body: 'Motorcycle tanks, trailers, shop signage, furniture: if it fits the booth, we can prepare, paint and clear it.',
      },
    ],
    bullets: ['Colour changes', 'Two-tone and accent work', 'Restoration refinishing', 'Fleet and brand colours'],
  },
  {
    slug: 'paintless-dent-repair',
    path: '/services/paintless-dent-repair',
    title: label('/services/paintless-dent-repair'),
    summary: 'Door dings and hail dents removed without repainting, often the same day.',
    intro:
      'Paintless dent repair (PDR) massages the metal back into shape from behind the panel, so your factory paint stays untouched. It is faster and usually cheaper than a conventional repair.',
    sections: [
      {
        heading: 'Is my dent a good fit?',
        body: 'As a guideline, PDR works best on dents under 6 inches across where the paint is not cracked or chipped. Sharp creases and dents on panel edges may need a conventional repair; we will tell you honestly which one you need.',
      },
      {
        heading: 'Hail damage',
        body: 'Spring hail storms leave dozens of small dents. PDR removes them panel by panel and keeps your original finish, which protects your resale value.',
      },
    ],
    bullets: ['Dents under 6 inches', 'Door dings', 'Hail damage', 'Keeps the factory finish'],
  },
  {
    slug: 'bedliners-accessories',
    path: '/services/bedliners-accessories',
    title: label('/services/bedliners-accessories'),
    summary: 'Spray-in bedliners, toolboxes, light bars and accessories, fitted in our shop.',
    intro:
      'A spray-in bedliner bonds to your truck bed, so it will not crack, warp or trap water like a drop-in. We prepare the bed properly and spray an even, textured coat that takes a beating.',
    sections: [
      {
        heading: 'Spray-in bedliners',
        body: 'Full bed, tailgate and over-the-rail options in black or colour-matched, with UV-protective topcoat available.',
      },
      {
        heading: 'Accessories',
        body: 'Toolboxes, light bars, running boards and more, installed and wired neatly with the same care as our repairs.',
      },
    ],
    bullets: ['Spray-in bedliners', 'Toolboxes', 'Light bars', 'Running boards'],
  },
  {
    slug: 'light-mechanical',
    path: '/services/light-mechanical',
    title: label('/services/light-mechanical'),
    summary: 'Brakes, suspension, A/C and oil service by technicians you already trust.',
    intro:
      'Keep your vehicle safe between repairs. Our technicians handle the everyday mechanical work, with honest advice on what needs doing now and what can wait.',
    sections: [
      {
        heading: 'Mechanical work after a collision',
        body: 'A hit often damages more than body panels. We check and repair suspension, steering and cooling parts so the vehicle drives right, not just looks right.',
      },
      {
        heading: 'Routine service',
        body: 'Brakes, A/C recharge and repair, suspension and oil service, done while you wait where possible.',
      },
    ],
    bullets: ['Brakes', 'Suspension and steering', 'A/C service', 'Oil service'],
  },
];

export function findServicePage(path: string): ServicePage | undefined {
  return SERVICE_PAGES.find((s) => s.path === path);
}
