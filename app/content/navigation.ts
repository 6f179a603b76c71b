/** Header and footer links (spec §2 "Shared layout"); every target is a real route (DECISIONS 1). */
export const SERVICE_LINKS = [
  { to: '/services/collision-repair', label: 'Collision Repair' },
  { to: '/services/paint-refinish', label: 'Paint & Refinish' },
  { to: '/services/custom-paint', label: 'Custom Paint & Unique Projects' },
  { to: '/services/paintless-dent-repair', label: 'Paintless Dent Repair' },
  { to: '/services/bedliners-accessories', label: 'Spray-In Bedliners & Accessories' },
  { to: '/services/light-mechanical', label: 'Light Mechanical Repairs' },
] as const;

export const MAIN_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/repair-gallery', label: 'Repair Gallery' },
  { to: '/financing', label: 'Financing' },
] as const;

export const QUICK_LINKS = [
  { to: '/services/collision-repair', label: 'Collision Repair' },
  { to: '/services', label: 'All Services' },
  { to: '/repair-gallery', label: 'Repair Gallery' },
  { to: '/financing', label: 'Financing' },
  { to: '/contact', label: 'Schedule an Estimate' },
  { to: '/login', label: 'Customer Login' },
] as const;
