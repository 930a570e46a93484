import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react';

/**
 * The error page of a page opened from a mailed link (an account or an address to confirm): the
 * api's reason when it gave one, and a way on. Each such route's ErrorBoundary renders it.
 */
export function UnusableLink({ testId, home }: { testId: string; home: { to: string; label: string } }) {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) && typeof error.data?.message === 'string' ? error.data.message : 'Something went wrong. Please try again in a moment.';
  return (
    <div className="admin-login">
      <div className="admin-login-card" role="alert" data-testid={testId}>
        <h1>This link cannot be used</h1>
        <p>{message}</p>
        <p>
          <Link to={home.to} className="link">
            {home.label}
          </Link>
        </p>
      </div>
    </div>
  );
}
