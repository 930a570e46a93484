import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react';

const MESSAGES: Record<number, { title: string; text: string }> = {
  400: { title: 'That request was not right', text: 'Check what you entered and try again.' },
  403: { title: 'Not allowed', text: 'Your account may not open this page.' },
  404: { title: 'Page not found', text: 'The page or item you are looking for does not exist or is not yours to see.' },
  413: { title: 'Too large', text: 'The file you sent is larger than allowed.' },
  429: { title: 'Too many attempts', text: 'Please wait a few minutes and try again.' },
  503: { title: 'The service is unavailable', text: 'The service is restarting or busy. Please try again in a moment.' },
};

export type ErrorHome = { to: string; label: string };

const SITE_HOME: ErrorHome = { to: '/', label: 'Go to the home page' };

/**
 * The one error boundary every route renders, with per-status messages. A layout that renders
 * it inside its own chrome (the workspace) names the way out that suits it.
 */
export function ErrorPage({ home = SITE_HOME }: { home?: ErrorHome }) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500 && status !== 503) console.error(error);
  return <ErrorMessage status={status} home={home} />;
}

/** The message of one status. */
export function ErrorMessage({ status, home = SITE_HOME }: { status: number; home?: ErrorHome }) {
  const known = MESSAGES[status] ?? {
    title: 'Something went wrong',
    text: 'An unexpected error happened on our side. Please try again in a moment.',
  };
  return (
    <section className="error-page container" data-status={status}>
      <p className="error-code">{status}</p>
      <h1>{known.title}</h1>
      <p>{known.text}</p>
      <Link to={home.to} className="button button-primary">
        {home.label}
      </Link>
    </section>
  );
}
