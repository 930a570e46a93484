import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react';

const MESSAGES: Record<number, { title: string; text: string }> = {
  400: { title: 'That request was not right', text: 'Check what you entered and try again.' },
  403: { title: 'Not allowed', text: 'Your account may not open this page.' },
  404: { title: 'Page not found', text: 'The page or item you are looking for does not exist or is not yours to see.' },
  413: { title: 'Too large', text: 'The file you sent is larger than allowed.' },
  429: { title: 'Too many attempts', text: 'Please wait a few minutes and try again.' },
  503: { title: 'The service is unavailable', text: 'Archivista is restarting or busy. Please try again in a moment.' },
};

/** The one error boundary every route renders, with per-status messages. */
export function ErrorPage() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const known = MESSAGES[status] ?? {
    title: 'Something went wrong',
    text: 'An unexpected error happened on our side. Please try again in a moment.',
  };
  if (status >= 500 && status !== 503) console.error(error);
  return (
    <section className="error-page container" data-status={status}>
      <p className="error-code">{status}</p>
      <h1>{known.title}</h1>
      <p>{known.text}</p>
      <Link to="/" className="button button-primary">
        Go to the home page
      </Link>
    </section>
  );
}
