/**
 * The image served instead of a photo whose stored object is missing or cannot be decoded. The same bytes are in
 * `public/images/photo-unavailable.svg` (the browser's fallback for an image that fails to load); a test keeps the
 * two equal.
 */
export const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300" role="img" aria-label="Photo unavailable">
  <rect width="400" height="300" fill="#e2e8f0"/>
  <g fill="none" stroke="#64748b" stroke-width="10" stroke-linejoin="round">
    <rect x="130" y="95" width="140" height="100" rx="10"/>
    <circle cx="200" cy="145" r="28"/>
    <path d="M165 95l12-20h46l12 20"/>
  </g>
  <text x="200" y="240" font-family="system-ui, sans-serif" font-size="22" text-anchor="middle" fill="#334155">Photo unavailable</text>
</svg>
`;
