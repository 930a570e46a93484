/** The WebP variants the api stores for every public image (DESIGN.md section 3). */
export type ImageVariants = { w480: string; w960: string; w1600: string; width?: number | null; height?: number | null };

/** `sizes` values of the layouts that show images. */
export const SIZES = {
  /** Gallery and portfolio cards: 1 column on phones, up to 3 on desktops. */
  card: '(max-width: 575px) 100vw, (max-width: 991px) 50vw, 400px',
  /** Firm directory thumbnails: 1, 2, 3 or 4 per row. */
  thumb: '(max-width: 575px) 100vw, (max-width: 767px) 50vw, (max-width: 992px) 33vw, 300px',
  /** The large first image of a project page. */
  hero: '(max-width: 767px) 100vw, 800px',
  /** Full-screen carousel. */
  full: '100vw',
} as const;

export function srcSet(image: ImageVariants): string {
  return `${image.w480} 480w, ${image.w960} 960w, ${image.w1600} 1600w`;
}

/**
 * An image from its variants, never the original: the browser picks the smallest variant for the
 * slot (`sizes`). Lazy unless `priority` (the first image a visitor sees).
 */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  className,
  priority = false,
}: {
  image: ImageVariants;
  alt: string;
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  return (
    <img
      src={image.w960}
      srcSet={srcSet(image)}
      sizes={sizes}
      alt={alt}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
    />
  );
}

/** A neutral block where a project without images would show one. */
export function ImagePlaceholder({ label }: { label: string }) {
  return (
    <div className="image-placeholder" role="img" aria-label={label}>
      <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
        <path
          d="M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      </svg>
    </div>
  );
}
