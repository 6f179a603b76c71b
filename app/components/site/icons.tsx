import type { ServiceCard } from '~/content/home';

const PATHS: Record<ServiceCard['icon'], string> = {
  collision: 'M3 13l2-5h14l2 5v5h-2a2 2 0 01-4 0H9a2 2 0 01-4 0H3zM6 13h12M13 4l-2 3 3 0-2 3',
  paint: 'M4 4h12v5H4zM16 6h3v6h-8v3M10 15h2v6h-2z',
  bedliner: 'M2 10h20v6H2zM2 10l3-4h6v4M14 16v2M7 16a2 2 0 104 0M15 16a2 2 0 104 0',
  maintenance: 'M14 6a4 4 0 01-5 5l-6 6 2 2 6-6a4 4 0 005-5l-2 2-2-2z',
};

/** A small line icon for a service card (decorative: the card's title names it). */
export function ServiceIcon({ name, className }: { name: ServiceCard['icon']; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false" className={className}>
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
