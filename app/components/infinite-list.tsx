import { Link, useFetcher, useLocation } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';

/** How far from the bottom of the page the next page is requested (spec: 100 px). */
export const NEAR_BOTTOM_PX = 100;

/**
 * A page of a list. A list paged by keyset (decision 161) also names where its next page starts
 * (`next`, the api's cursor) and the whole list's size (`count`, counted on its first page only).
 */
export type PageData<T> = { items: T[]; page: number; hasMore: boolean; next?: string | null; count?: number };

/** The query parameters of a keyset page: the cursor and the total carried from the first page. */
export const KEYSET_PARAMS = { after: 'after', total: 'total' } as const;

/**
 * The current URL with `page` set, for the "Load more" link and the fetcher; for a keyset list also
 * the cursor to go on from and the total (so the next page need not count everything again).
 */
export function pageHref(pathname: string, search: string, page: number, keyset?: { after: string; total?: number }): string {
  const params = new URLSearchParams(search);
  params.set('page', String(page));
  params.delete(KEYSET_PARAMS.after);
  params.delete(KEYSET_PARAMS.total);
  if (keyset) {
    params.set(KEYSET_PARAMS.after, keyset.after);
    if (keyset.total !== undefined) params.set(KEYSET_PARAMS.total, String(keyset.total));
  }
  return `${pathname}?${params}`;
}

/**
 * Infinite scroll over a paged loader. The server renders one page and a "Load more" link to
 * `?page=N+1` (and `&after=<cursor>` when the loader gives `next`, decision 161; it works without JavaScript); with JavaScript the next page is fetched from the
 * same loader when the visitor is within 100 px of the bottom of the page (or clicks the link),
 * and appended. The list starts over when the loader's first page changes (new filters).
 */
export function useInfiniteList<T extends { id: string }>(first: PageData<T>) {
  const { pathname, search } = useLocation();
  const fetcher = useFetcher();
  const [state, setState] = useState(first);
  const requested = useRef(first.page);

  useEffect(() => {
    setState(first);
    requested.current = first.page;
  }, [first]);

  useEffect(() => {
    // The same loader as `first`, so the same (already serialized) item type.
    const data = fetcher.data as PageData<T> | undefined;
    if (!data || fetcher.state !== 'idle') return;
    setState((s) => {
      if (data.page <= s.page) return s;
      const seen = new Set(s.items.map((i) => i.id));
      return { ...s, items: [...s.items, ...data.items.filter((i) => !seen.has(i.id))], page: data.page, hasMore: data.hasMore, next: data.next };
    });
  }, [fetcher.data, fetcher.state]);

  const nextHref = pageHref(pathname, search, state.page + 1, state.next ? { after: state.next, total: first.count } : undefined);
  const loadNext = useCallback(() => {
    if (!state.hasMore || fetcher.state !== 'idle' || requested.current > state.page) return;
    requested.current = state.page + 1;
    // `index` targets the index route's loader rather than its parent layout.
    const url = new URL(nextHref, 'http://x');
    url.searchParams.set('index', '');
    fetcher.load(`${url.pathname}${url.search}`);
  }, [state.hasMore, state.page, fetcher, nextHref]);

  useEffect(() => {
    const check = () => {
      const bottom = window.scrollY + window.innerHeight;
      if (bottom >= document.documentElement.scrollHeight - NEAR_BOTTOM_PX) loadNext();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [loadNext, state.items.length]);

  return { items: state.items, hasMore: state.hasMore, loading: fetcher.state !== 'idle', nextHref, loadNext, lastPage: state.page };
}

/** The "Load more" link under a list: a plain link without JavaScript, an in-place load with it. */
export function LoadMore({
  hasMore,
  loading,
  href,
  onLoad,
  label = 'Load more',
  endText,
}: {
  hasMore: boolean;
  loading: boolean;
  href: string;
  onLoad: () => void;
  label?: string;
  endText?: string;
}) {
  if (!hasMore) return endText ? <p className="list-end muted">{endText}</p> : null;
  return (
    <div className="load-more">
      <Link
        to={href}
        className="button button-ghost"
        data-testid="load-more"
        aria-busy={loading || undefined}
        onClick={(event: MouseEvent) => {
          event.preventDefault();
          onLoad();
        }}
      >
        {loading ? 'Loading…' : label}
      </Link>
    </div>
  );
}
