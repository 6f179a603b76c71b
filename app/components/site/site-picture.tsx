import { siteImageSrcSet, siteImageUrl, SITE_IMAGE_MIME, type SiteImageInfo } from '~/lib/site-images';

/**
 * A gallery photo from /admin/site (issue 16) as `<picture>`: a `<source>` per modern format (WebP, AVIF) with every
 * width, the JPEG fallback in `<img>`, intrinsic `width`/`height` (no layout shift) and lazy loading unless `eager`
 * (above the fold).
 */
export function SitePicture({
  image,
  alt,
  sizes,
  eager = false,
  className,
  imgClassName,
}: {
  image: SiteImageInfo;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
  imgClassName?: string;
}) {
  const modern = image.formats.filter((f) => f !== 'jpeg');
  const fallback = image.formats.includes('jpeg') ? 'jpeg' : image.formats[0]!;
  return (
    <picture className={className}>
      {modern
        .filter((f) => f !== fallback)
        .map((f) => (
          <source key={f} type={SITE_IMAGE_MIME[f]} srcSet={siteImageSrcSet(image, f)} sizes={sizes} />
        ))}
      <img
        src={siteImageUrl(image, image.widths[image.widths.length - 1]!, fallback)}
        srcSet={siteImageSrcSet(image, fallback)}
        sizes={sizes}
        width={image.width}
        height={image.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        alt={alt}
        className={imgClassName}
      />
    </picture>
  );
}
