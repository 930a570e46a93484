import { Link } from '@remix-run/react';

/**
 * Previous / "Page n of m" / Next links of a paged list (plain links: they work without
 * JavaScript). An empty span holds the place of a link that does not apply, so the middle stays
 * in the middle. A page adds its own rel and test ids to the two links.
 */
export function PrevNextPager({
  page,
  pages,
  href,
  className,
  previous,
  next,
  preventScrollReset,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  className: string;
  previous?: { rel?: string; testId?: string };
  next?: { rel?: string; testId?: string };
  preventScrollReset?: boolean;
}) {
  return (
    <nav className={className} aria-label="Pages">
      {page > 1 ? (
        <Link to={href(page - 1)} className="button button-ghost" preventScrollReset={preventScrollReset} rel={previous?.rel} data-testid={previous?.testId}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="muted">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className="button button-ghost" preventScrollReset={preventScrollReset} rel={next?.rel} data-testid={next?.testId}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
