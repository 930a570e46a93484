import { Link } from '@remix-run/react';
import { KEYSET_PARAMS } from '~/components/infinite-list';

/**
 * Where a paged list is (decision 144): "11–20 of 23 projects", links to the
 * first and the previous page when the list does not start at the first, and an honest message
 * for a page past the end. One component for /explore, /firms and the admin list, so a change of
 * paging (keyset cursors instead of page numbers) is made here and in the loaders only.
 */

export type PagingState = {
  /** The first page shown (the `?page=` of the URL; 1 for a list that shows pages 1..N). */
  firstPage: number;
  /** The last page shown (greater than firstPage once the infinite scroll appended pages). */
  lastPage: number;
  pageSize: number;
  /** Items in the whole list. */
  count: number;
};

export type Noun = { one: string; many: string };

const nounFor = (n: number, noun: Noun) => (n === 1 ? noun.one : noun.many);

/** The numbers the component shows: 1-based positions of the first and last item shown, and the number of pages. */
export function pagingRange({ firstPage, lastPage, pageSize, count }: PagingState) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const from = (firstPage - 1) * pageSize + 1;
  const to = Math.min(lastPage * pageSize, count);
  return { from, to, pages, pastEnd: count > 0 && from > count };
}

/** `?page=` set on the current search (page 1 drops it), keeping every filter. */
export function pageLink(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  // A numbered page is reached by its number: a keyset page's cursor and total (decision 161) stay behind.
  params.delete(KEYSET_PARAMS.after);
  params.delete(KEYSET_PARAMS.total);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const text = params.toString();
  return text ? `${pathname}?${text}` : pathname;
}

export function Paging({
  state,
  noun,
  pathname,
  search,
  testId = 'paging',
}: {
  state: PagingState;
  noun: Noun;
  pathname: string;
  search: string;
  testId?: string;
}) {
  const { from, to, pages, pastEnd } = pagingRange(state);
  if (state.count === 0) return null;
  if (pastEnd) {
    return (
      <div className="paging paging-past-end" role="status" data-testid={testId}>
        <p>
          Page {state.firstPage} is past the end: there {state.count === 1 ? 'is' : 'are'} {state.count} {nounFor(state.count, noun)} on{' '}
          {pages} {pages === 1 ? 'page' : 'pages'}.
        </p>
        <p className="paging-links">
          <Link to={pageLink(pathname, search, 1)}>First page</Link>
          {pages > 1 ? <Link to={pageLink(pathname, search, pages)}>Last page ({pages})</Link> : null}
        </p>
      </div>
    );
  }
  return (
    <nav className="paging" aria-label="Pages" data-testid={testId}>
      <p className="paging-range">
        {from === to ? from : `${from}–${to}`} of {state.count} {nounFor(state.count, noun)}
      </p>
      {state.firstPage > 1 ? (
        <p className="paging-links">
          <Link to={pageLink(pathname, search, 1)}>First page</Link>
          <Link to={pageLink(pathname, search, state.firstPage - 1)} rel="prev">
            Previous page
          </Link>
        </p>
      ) : null}
    </nav>
  );
}
