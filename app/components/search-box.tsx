import { Form, Link, useFetcher, useLocation, useNavigate } from '@remix-run/react';
import { useEffect, useId, useRef, useState } from 'react';

/** Where the header search sends its query: a results page without JavaScript, the dropdown's data with it. */
export const SEARCH_PATH = '/explore/search';
/** Spec: search runs 300 ms after typing stops. */
export const SEARCH_DEBOUNCE_MS = 300;

export type SearchResults = {
  search: string;
  projects: Array<{ id: string; projectName: string }>;
  firms: Array<{ id: string; userName: string; firmName?: string | null }>;
};

/**
 * The header search of /explore. Without JavaScript it is a GET form to the results page; with it,
 * results appear 300 ms after typing stops in a dropdown (310 px wide, at most 300 px high) with
 * Project and Firm tabs; a click outside closes it.
 */
export function SearchBox() {
  const location = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher<SearchResults>();
  const initial = location.pathname === SEARCH_PATH ? new URLSearchParams(location.search).get('search') ?? '' : '';
  const [query, setQuery] = useState(initial);
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<'project' | 'firm'>('project');
  const box = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => setQuery(initial), [initial]);

  useEffect(() => {
    const q = query.trim();
    if (!open || !q) return;
    const timer = setTimeout(() => fetcher.load(`${SEARCH_PATH}?${new URLSearchParams({ search: q })}`), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetcher.load is stable enough; re-run on the query only
  }, [query, open]);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const results = fetcher.data && fetcher.data.search === query.trim() ? fetcher.data : null;
  const pending = open && query.trim() !== '' && !results;
  const go = (to: string) => {
    setOpen(false);
    navigate(to);
  };

  return (
    <div className="header-search" ref={box}>
      <Form method="get" action={SEARCH_PATH} role="search" className="search-form">
        <label htmlFor={`${id}-q`} className="visually-hidden">
          Search projects and firms
        </label>
        <svg className="search-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={`${id}-q`}
          // A text box, not type=search: HTML allows the combobox role on type=text only.
          type="text"
          enterKeyHint="search"
          name="search"
          placeholder="Search projects, firms"
          autoComplete="off"
          value={query}
          maxLength={100}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(e.target.value.trim() !== '');
          }}
          onFocus={() => setOpen(query.trim() !== '')}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
          // The combobox pattern (ARIA 1.2) with a dialog popup: the results have tabs and links, not options.
          role="combobox"
          aria-autocomplete="list"
          aria-haspopup="dialog"
          aria-controls={open ? `${id}-results` : undefined}
          aria-expanded={open}
          data-testid="search-input"
        />
        <button type="submit" className="visually-hidden">
          Search
        </button>
      </Form>
      {open ? (
        <div className="search-dropdown" id={`${id}-results`} role="dialog" aria-label="Search results" data-testid="search-dropdown">
          <div className="search-tabs" role="tablist">
            {(['project', 'firm'] as const).map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                aria-selected={tab === t}
                className={tab === t ? 'search-tab active' : 'search-tab'}
                onClick={() => setTab(t)}
              >
                {t === 'project' ? 'Project' : 'Firm'}
                {results ? <span className="search-tab-count">{t === 'project' ? results.projects.length : results.firms.length}</span> : null}
              </button>
            ))}
          </div>
          <div className="search-list" role="tabpanel">
            {pending ? (
              <p className="search-empty">Searching…</p>
            ) : tab === 'project' ? (
              results?.projects.length ? (
                <ul>
                  {results.projects.map((p) => (
                    <li key={p.id}>
                      <Link to={`/explore/${p.id}`} onClick={(e) => (e.preventDefault(), go(`/explore/${p.id}`))}>
                        {p.projectName}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="search-empty">No projects found</p>
              )
            ) : results?.firms.length ? (
              <ul>
                {results.firms.map((f) => (
                  <li key={f.id}>
                    <Link to={`/firms/${f.id}`} onClick={(e) => (e.preventDefault(), go(`/firms/${f.id}`))}>
                      {f.firmName || f.userName}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="search-empty">No firms found</p>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
