import { Link, useLocation } from '@remix-run/react';
import { withDialog } from './dialog';
import { pageLink } from './paging';

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

/**
 * The pager of a workspace list paged by `?page=`: Previous / "Page n of m" / Next to the current
 * URL with another page, every filter kept (the view, the search) and any open popup closed.
 * Nothing when the list fits one page.
 */
export function ListPager({ page, pages, className }: { page: number; pages: number; className: string }) {
  const { pathname, search } = useLocation();
  if (pages <= 1) return null;
  const href = (n: number) => pageLink(pathname, withDialog(search, null), n);
  return <PrevNextPager page={page} pages={pages} href={href} className={className} previous={{ rel: 'prev', testId: 'previous-page' }} next={{ rel: 'next', testId: 'next-page' }} />;
}
