/**
 * Home page copy (spec §2 "Home", sections 1-8): trust phrases, the four service cards, the five testimonials and the
 * owner's quote. Fixed content; edit here to change the words on the site.
 */

/** Section 2: the scrolling banner, in the spec's order. */
export const TRUST_PHRASES = [
  'Family-Owned',
  'Veteran Operated',
  'No Surprises',
  'Fast Turnaround',
  'OEM Standards',
  'Paint Matching',
  'Local Trusted Experts',
] as const;

/** Spec §3 "Service card": icon, title, desc, detail. `icon` names an inline SVG in components/site/icons. */
export interface ServiceCard {
  icon: 'collision' | 'paint' | 'bedliner' | 'maintenance';
  title: string;
  desc: string;
  detail: string;
  href: string;
}

export const SERVICE_CARDS: readonly ServiceCard[] = [
  {
    icon: 'collision',
    title: 'Collision Repairs',
    desc: 'From fender benders to major hits, we put your vehicle back to how it left the factory.',
    detail:
      'Insurance claims or out-of-pocket: we work with every insurer and give straight prices when you pay yourself. Frame repair on a measuring system, panel replacement, paintless dent removal, and every repair to manufacturer specs.',
    href: '/services/collision-repair',
  },
  {
    icon: 'paint',
    title: 'Paint & Refinishing',
    desc: 'Computerized colour matching for a finish you cannot tell from the original.',
    detail:
      'We scan your paint and mix it to the exact shade, then blend it into the panels around it. Vehicles, furniture and signage: if it fits the booth, we can refinish it.',
    href: '/services/paint-refinish',
  },
  {
    icon: 'bedliner',
    title: 'Bedliners & Accessories',
    desc: 'Protect your truck bed and make your truck work harder.',
    detail:
      'Spray-in bedliners that will not crack, warp or trap water, plus toolboxes, light bars and other accessories, fitted and wired in our shop.',
    href: '/services/bedliners-accessories',
  },
  {
    icon: 'maintenance',
    title: 'Routine Maintenance',
    desc: 'Keep your vehicle safe and reliable between repairs.',
    detail:
      'Brakes, suspension, A/C service and oil service by the same technicians who know your vehicle, with honest advice on what can wait.',
    href: '/services/light-mechanical',
  },
];

/** Spec §3 "Testimonial": name and quote. Five entries (spec §9). */
export const TESTIMONIALS = [
  {
    name: 'Jessica R.',
    quote:
      'They handled everything with my insurance and my SUV came back looking better than before the accident. The paint match is perfect.',
  },
  {
    name: 'Marcus T.',
    quote:
      'Honest people. They told me exactly what it would cost and it cost exactly that. No surprises, just like they promised.',
  },
  {
    name: 'Linda P.',
    quote:
      'A hail dent on my hood was gone in an afternoon with paintless dent repair. Fast, friendly and fairly priced.',
  },
  {
    name: 'David K.',
    quote:
      'As a fellow veteran I appreciate the way this shop runs: on time, squared away and proud of the work. My truck bedliner looks great.',
  },
  {
    name: 'Ana M.',
    quote:
      'They sent me photos while they worked on my car so I always knew where things stood. I will not go anywhere else in Spring.',
  },
] as const;

/** Section 6: 'Meet the Owner'. */
export const OWNER = {
  name: 'Carlos Ramirez',
  title: 'Owner, U.S. Army veteran',
  quote:
    'I opened this shop to do repairs the way I would want my own family’s car repaired: to factory standards, with honest prices and no surprises. When you hand us your keys, you are trusting us with your safety, and we take that personally.',
} as const;
