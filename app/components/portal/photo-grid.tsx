import { useEffect, useRef, type ImgHTMLAttributes } from 'react';
import { documentUrl, PHOTO_PLACEHOLDER_URL } from '~/lib/portal-text';

function showPlaceholder(img: HTMLImageElement) {
  if (!img.src.endsWith(PHOTO_PLACEHOLDER_URL)) img.src = PHOTO_PLACEHOLDER_URL;
}

/**
 * An image that shows the placeholder when it fails: through `onError` after hydration, and by checking on mount for
 * one that already failed while the page was loading (before React listened).
 */
function FallbackImage(props: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    // `currentSrc` is empty for a lazy image not requested yet: only a finished, failed load counts.
    if (img && img.complete && img.currentSrc && img.naturalWidth === 0) showPlaceholder(img);
  }, []);
  return <img ref={ref} {...props} alt={props.alt} onError={(event) => showPlaceholder(event.currentTarget)} />;
}

export interface GridPhoto {
  id: string;
  fileName: string;
}

/**
 * A grid of repair photo thumbnails (`label` names the list, `altPrefix` starts each image's text, e.g.
 * "Work order WO-1001 repair", followed by "1 of 3: door.jpg"), each opening the full image. The file route already answers the placeholder for
 * a missing or undecodable file; `onError` covers anything else that fails in the browser (spec §2: broken image →
 * placeholder).
 */
export function PhotoGrid({ photos, label, altPrefix }: { photos: readonly GridPhoto[]; label: string; altPrefix: string }) {
  return (
    <ul aria-label={label} className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {photos.map((photo, i) => (
        <li key={photo.id}>
          <a
            href={documentUrl(photo.id)}
            target="_blank"
            rel="noreferrer"
            className="block overflow-hidden rounded border border-slate-300 bg-slate-100 hover:border-navy-700"
          >
            <FallbackImage
              src={documentUrl(photo.id, 'thumb')}
              alt={`${altPrefix}, ${i + 1} of ${photos.length}: ${photo.fileName}`}
              width={480}
              height={360}
              loading="lazy"
              decoding="async"
              className="aspect-[4/3] h-auto w-full object-cover"
            />
            <span className="sr-only"> (opens the full image in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
