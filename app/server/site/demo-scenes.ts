/**
 * Drawn scenes for the demo shop's pictures (made here, so the project has every right to them): SVG strings that
 * sharp turns into pixels. Used by scripts/make-site-images.ts (the built-in before/after in `public/images/`) and by
 * the demo seed (site/demo-site-content.server.ts: the gallery's first photos). No downloads.
 *
 * - `carScene(damaged)` → 800×500: a sedan in side view; `damaged` adds a crumpled door, scrapes and a mismatched
 *   fender.
 * - `paintBoothScene()` → 800×500: a car being sprayed in a lit booth.
 * - `brakeScene()` → 800×500: a wheel hub with a new rotor and caliper.
 */

export function carScene(damaged: boolean): string {
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

export function paintBoothScene(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef2f6"/><stop offset="1" stop-color="#c9d2dc"/></linearGradient>
    <linearGradient id="car" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2f6fb3"/><stop offset="1" stop-color="#123a66"/></linearGradient>
    <radialGradient id="mist" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#5d95d1" stop-opacity="0.55"/><stop offset="1" stop-color="#5d95d1" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="800" height="500" fill="url(#wall)"/>
  <g fill="#fffbe6" opacity="0.9"><rect x="60" y="30" width="200" height="24" rx="6"/><rect x="300" y="30" width="200" height="24" rx="6"/><rect x="540" y="30" width="200" height="24" rx="6"/></g>
  <rect y="390" width="800" height="110" fill="#8d99a6"/>
  <g stroke="#7b8794" stroke-width="3"><path d="M0 420 h800 M0 455 h800"/></g>
  <path d="M90 360 q-8 -60 52 -78 l80 -18 q54 -62 126 -72 h110 q64 9 110 72 l64 12 q56 11 56 54 v30 z" fill="url(#car)"/>
  <path d="M255 262 q45 -54 100 -60 h64 v60 z M440 202 h46 q46 9 74 60 h-120 z" fill="#d6e6f5" opacity="0.9"/>
  <path d="M150 262 q220 -28 430 0" stroke="#fff" stroke-width="5" opacity="0.6" fill="none"/>
  <circle cx="200" cy="372" r="46" fill="#15171b"/><circle cx="200" cy="372" r="20" fill="#b9bec7"/>
  <circle cx="540" cy="372" r="46" fill="#15171b"/><circle cx="540" cy="372" r="20" fill="#b9bec7"/>
  <ellipse cx="610" cy="230" rx="120" ry="80" fill="url(#mist)"/>
  <g transform="translate(660 170) rotate(20)">
    <rect x="0" y="0" width="70" height="26" rx="6" fill="#3a3f47"/><rect x="-22" y="8" width="26" height="10" fill="#9aa3ad"/>
    <rect x="40" y="22" width="14" height="60" rx="4" fill="#2a2e34"/><rect x="18" y="-40" width="36" height="42" rx="6" fill="#c0c7cf"/>
  </g>
</svg>`;
}

export function brakeScene(): string {
  const bolts = [0, 72, 144, 216, 288]
    .map((a) => {
      const r = (a * Math.PI) / 180;
      return `<circle cx="${400 + 52 * Math.cos(r)}" cy="${250 + 52 * Math.sin(r)}" r="9" fill="#5b6472"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">
  <defs>
    <radialGradient id="bg" cx="0.5" cy="0.45" r="0.7"><stop offset="0" stop-color="#3a4656"/><stop offset="1" stop-color="#0b1a33"/></radialGradient>
    <radialGradient id="disc" cx="0.45" cy="0.4" r="0.6"><stop offset="0" stop-color="#e4e8ec"/><stop offset="1" stop-color="#8c96a1"/></radialGradient>
  </defs>
  <rect width="800" height="500" fill="url(#bg)"/>
  <circle cx="400" cy="250" r="200" fill="#15171b"/>
  <circle cx="400" cy="250" r="160" fill="url(#disc)"/>
  <g stroke="#7d8792" stroke-width="3" opacity="0.7">
    <circle cx="400" cy="250" r="140" fill="none"/><circle cx="400" cy="250" r="120" fill="none"/>
  </g>
  <circle cx="400" cy="250" r="80" fill="#6b7580"/>
  ${bolts}
  <circle cx="400" cy="250" r="26" fill="#3a3f47"/>
  <path d="M520 130 q110 60 90 200 l-60 -10 q14 -100 -60 -150 z" fill="#c8102e"/>
  <text x="555" y="250" fill="#fff" font-family="Arial, sans-serif" font-size="22" font-weight="800" transform="rotate(70 555 250)">C.A.R.S</text>
</svg>`;
}
