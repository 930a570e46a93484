import { Link, useNavigate } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { CloseLink } from './dialog';
import { ResponsiveImage, SIZES, type ImageVariants } from './responsive-image';

/**
 * Full-screen preview of all images of a project, addressed by URL (`?dialog=carousel&image=N`),
 * so previous/next and close are links that work without JavaScript. With JavaScript the arrow
 * keys move and Escape closes.
 */
export function Carousel({
  images,
  index,
  hrefFor,
  closeTo,
  title,
}: {
  images: ReadonlyArray<ImageVariants>;
  index: number;
  hrefFor: (index: number) => string;
  closeTo: string;
  title: string;
}) {
  const navigate = useNavigate();
  const root = useRef<HTMLDivElement>(null);
  const count = images.length;
  const current = carouselIndex(index, count);
  const prev = (current - 1 + count) % count;
  const next = (current + 1) % count;

  useEffect(() => {
    // The link that opened it gets the focus back when it closes (keyboard users land where they were).
    const opener = document.activeElement as HTMLElement | null;
    root.current?.focus();
    document.body.classList.add('has-dialog');
    return () => {
      document.body.classList.remove('has-dialog');
      if (opener && opener !== document.body && opener.isConnected) opener.focus();
    };
  }, []);

  // The index the keyboard moves from: ahead of the URL while a quick series of presses is navigating.
  const shown = useRef(current);
  useEffect(() => {
    shown.current = current;
  }, [current]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const go = (to: string) => {
        event.preventDefault();
        navigate(to, { replace: true, preventScrollReset: true });
      };
      const step = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
      if (event.key === 'Escape') go(closeTo);
      else if (step !== 0 && count > 1) {
        shown.current = (shown.current + step + count) % count;
        go(hrefFor(shown.current));
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate, closeTo, hrefFor, count]);

  if (count === 0) return null;
  const image = images[current]!;
  return (
    <div
      ref={root}
      className="carousel"
      role="dialog"
      aria-modal="true"
      aria-label={`${title}: image ${current + 1} of ${count}`}
      tabIndex={-1}
      data-testid="carousel"
    >
      <div className="carousel-top">
        <p className="carousel-title">{title}</p>
        <p className="carousel-counter" data-testid="carousel-counter">
          {current + 1} / {count}
        </p>
        <CloseLink to={closeTo} className="carousel-close" size={24} />
      </div>
      <div className="carousel-stage">
        {count > 1 ? <CarouselStep to={hrefFor(prev)} direction="prev" /> : null}
        <ResponsiveImage key={image.w960} image={image} alt={`${title}, image ${current + 1}`} sizes={SIZES.full} priority className="carousel-image" />
        {count > 1 ? <CarouselStep to={hrefFor(next)} direction="next" /> : null}
      </div>
    </div>
  );
}

/**
 * The image a carousel shows for the URL's `image=N`: a whole number from 0 to count - 1. Anything
 * else a hand-made URL can carry (a fraction, a negative, NaN, a huge number) is brought into that
 * range, so no value reaches past the list (`image=1.5` was a missing image and a 500).
 */
export function carouselIndex(index: number, count: number): number {
  const whole = Number.isFinite(index) ? Math.trunc(index) : index > 0 ? count - 1 : 0;
  return Math.min(Math.max(whole, 0), Math.max(count - 1, 0));
}

const STEPS = {
  prev: { label: 'Previous image', arrow: 'M15 5l-7 7 7 7' },
  next: { label: 'Next image', arrow: 'M9 5l7 7-7 7' },
};

/** The previous or next arrow: a link to the carousel at that image. */
function CarouselStep({ to, direction }: { to: string; direction: keyof typeof STEPS }) {
  return (
    <Link to={to} replace preventScrollReset className={`carousel-nav carousel-${direction}`} aria-label={STEPS[direction].label}>
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <path d={STEPS[direction].arrow} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </Link>
  );
}
