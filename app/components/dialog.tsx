import { Link, useLocation, useNavigate, type ShouldRevalidateFunctionArgs } from '@remix-run/react';
import { useEffect, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';

/**
 * Query parameters that only describe an open popup; changing them never needs fresh data:
 * `dialog` (a modal), `image` (the carousel's picture), `panel` (a workspace side panel),
 * `confirm` (the id a delete confirmation asks about), `item` (the id a panel edits).
 */
// The task board's `reject` and `submit` name the task whose dialog is open.
const DIALOG_PARAMS = ['dialog', 'image', 'panel', 'confirm', 'item', 'reject', 'submit'];

/** `search` with the dialog parameters replaced (`null` removes them). */
export function withDialog(search: string, dialog: string | null, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams(search);
  for (const name of DIALOG_PARAMS) params.delete(name);
  // `?index` is what a form posted to an index route leaves in the URL: it means nothing to a link.
  params.delete('index');
  if (dialog) params.set('dialog', dialog);
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  const query = params.toString();
  return query ? `?${query}` : '?';
}

/** The URL of the current page with a popup open (or closed with `null`). */
export function useDialogHref() {
  const { pathname, search } = useLocation();
  return (dialog: string | null, extra?: Record<string, string | number>) => `${pathname}${withDialog(search, dialog, extra)}`;
}

/**
 * The URL of the current page with the given popup parameters (`{ panel: 'add' }`,
 * `{ confirm: id }`) in place of any open popup's; `null` closes every popup.
 */
export function usePopupHref() {
  const { pathname, search } = useLocation();
  return (popup: Record<string, string | number> | null) => `${pathname}${withDialog(search, null, popup ?? {})}`;
}

/** Which popup the URL asks for (`?dialog=`), so the server renders it without JavaScript. */
export function useOpenDialog(): string | null {
  return new URLSearchParams(useLocation().search).get('dialog');
}

/**
 * A route's `shouldRevalidate`: opening or closing a popup (only the popup parameters change) keeps
 * the loaded data, so with JavaScript a popup opens in place without a server round trip. So does a
 * form post that came back with errors (no redirect).
 */
export function keepDataForDialogs({ currentUrl, nextUrl, formMethod, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // A post the action answered with data (a form with errors) changed nothing worth reloading.
  if (formMethod && formMethod !== 'GET') return actionResult !== undefined ? false : defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    for (const name of DIALOG_PARAMS) params.delete(name);
    params.sort();
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
}

/**
 * What every popup does with JavaScript: focus moves into it (and back when it closes), Escape
 * closes it, the page behind does not scroll. Returns the backdrop's mouse-down handler, which
 * closes it on a click outside.
 */
export function useModal(panel: RefObject<HTMLElement>, closeTo: string) {
  const navigate = useNavigate();
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') navigate(closeTo, { replace: true, preventScrollReset: true });
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('has-dialog');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('has-dialog');
      previous?.focus?.();
    };
  }, [panel, closeTo, navigate]);
  return (event: MouseEvent<HTMLElement>) => {
    if (event.target === event.currentTarget) navigate(closeTo, { replace: true, preventScrollReset: true });
  };
}

/**
 * A modal popup addressed by URL (`?dialog=name`). Without JavaScript it is plain server-rendered
 * HTML whose close control is a link; with JavaScript, Escape and a click on the backdrop close it too.
 */
export function Dialog({
  title,
  closeTo,
  children,
  size = 'medium',
  testId,
}: {
  title: ReactNode;
  closeTo: string;
  children: ReactNode;
  size?: 'small' | 'medium' | 'large';
  testId?: string;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const closeOnBackdrop = useModal(panel, closeTo);
  return (
    <div className="dialog-backdrop" onMouseDown={closeOnBackdrop}>
      <div
        ref={panel}
        className={`dialog dialog-${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="dialog-title"
        tabIndex={-1}
        data-testid={testId}
      >
        <div className="dialog-head">
          <h2 id="dialog-title">{title}</h2>
          <CloseLink to={closeTo} className="dialog-close" />
        </div>
        <div className="dialog-body">{children}</div>
      </div>
    </div>
  );
}

/** The × that closes a popup: a link to the page without it, replacing the popup's history entry. */
export function CloseLink({ to, className, size = 20 }: { to: string; className: string; size?: number }) {
  return (
    <Link to={to} replace preventScrollReset className={className} aria-label="Close">
      <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </Link>
  );
}
