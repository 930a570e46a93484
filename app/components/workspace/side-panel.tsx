import { Link, useLocation } from '@remix-run/react';
import { useRef, type ReactNode } from 'react';
import { CloseLink, useModal, usePopupHref } from '~/components/dialog';

/**
 * Which side panel the URL asks for (`?panel=add`, `?panel=edit&item={id}`), the link that opens
 * one and the link that closes it. Without JavaScript the server renders the page with the panel
 * open; with JavaScript the same links open it in place (and, with `keepDataForDialogs` as the
 * route's `shouldRevalidate`, without asking the server when the panel needs no fresh data).
 */
export function usePanel() {
  const params = new URLSearchParams(useLocation().search);
  const href = usePopupHref();
  return {
    open: params.get('panel'),
    item: params.get('item'),
    href: (panel: string, item?: string) => href(item ? { panel, item } : { panel }),
    closeTo: href(null),
  };
}

/** A page's Add button (Add Employee, Share a schedule): the link that opens the side panel's new-item form. */
export function NewPanelLink({ testId, children }: { testId: string; children: ReactNode }) {
  const panel = usePanel();
  return (
    <Link to={panel.href('new')} preventScrollReset className="button button-primary" data-testid={testId}>
      {children}
    </Link>
  );
}

/**
 * A panel that slides in from the right over the page (full width on a phone): the spec's
 * Add/Edit forms. A server-rendered modal whose close control is a link; with JavaScript,
 * Escape and a click beside it close it, and focus moves into it.
 */
export function SidePanel({ title, closeTo, children, testId }: { title: ReactNode; closeTo: string; children: ReactNode; testId?: string }) {
  const panel = useRef<HTMLElement>(null);
  const closeOnBackdrop = useModal(panel, closeTo);
  return (
    <div className="ws-panel-backdrop" onMouseDown={closeOnBackdrop}>
      <section ref={panel} className="ws-panel" role="dialog" aria-modal="true" aria-labelledby="ws-panel-title" tabIndex={-1} data-testid={testId}>
        <div className="dialog-head">
          <h2 id="ws-panel-title">{title}</h2>
          <CloseLink to={closeTo} className="dialog-close" />
        </div>
        <div className="ws-panel-body">{children}</div>
      </section>
    </div>
  );
}
