import { Link, isRouteErrorResponse, useRouteError } from '@remix-run/react';
import type { ReactNode } from 'react';

/**
 * The client's pages (docs/decisions/390): the firm's name, one column built for a phone first,
 * large targets, no workspace chrome.
 */
export function PortalFrame({ firmName, home, children }: { firmName: string; home?: string; children: ReactNode }) {
  return (
    <div className="portal">
      <header className="portal-bar">
        {home ? (
          <Link to={home} className="portal-firm">
            {firmName}
          </Link>
        ) : (
          <span className="portal-firm">{firmName}</span>
        )}
      </header>
      <div className="portal-page">{children}</div>
    </div>
  );
}

/** A wrong or withdrawn link, or a refusal: what happened and what to do, leaking nothing. */
export function PortalError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data?.message === 'string' ? error.data.message : 'Something went wrong. Please try again in a moment.';
  const title = status === 410 ? 'This link was withdrawn' : status === 404 ? 'Not found' : status === 429 ? 'Please wait a moment' : status === 403 ? 'Please confirm it is you' : 'Something went wrong';
  return (
    <div className="portal">
      <div className="portal-page">
        <div className="portal-card" role="alert" data-testid="portal-error" data-status={status}>
          <h1>{title}</h1>
          <p>{message}</p>
        </div>
      </div>
    </div>
  );
}
