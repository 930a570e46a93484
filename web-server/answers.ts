import type { Request, Response } from 'express';
import { ProductName } from '../server/contract/product';

/** The product's one name, as the pages read it. */
const PRODUCT_NAME = ProductName.parse(process.env.PRODUCT_NAME);

/** A small page for answers given before Remix (its error boundary cannot render them). */
export function errorPage(status: number, title: string, text: string): string {
  const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escape(title)} — ${escape(PRODUCT_NAME)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"></head>` +
    `<body><main data-status="${status}"><p>${status}</p><h1>${escape(title)}</h1><p>${escape(text)}</p><p><a href="/">Go to the home page</a></p></main></body></html>`
  );
}

/** Whether the client reads JSON: Remix's `?_data=` fetches, the /api forwarding, `Accept: application/json`. */
function wantsJson(req: Request): boolean {
  return req.query._data !== undefined || req.originalUrl.startsWith('/api/') || req.accepts(['html', 'json']) === 'json';
}

/**
 * Answers a request refused before its body was read: JSON `{ message }` or a small page, and
 * `Connection: close`, so Node does not read (and drop) the rest of a large body to keep the
 * connection alive.
 */
export function refuse(req: Request, res: Response, status: number, title: string, text: string) {
  res.locals.refused = `${status} ${title}`;
  res.status(status).set('Connection', 'close').set('Cache-Control', 'no-store');
  if (wantsJson(req)) res.json({ message: text });
  else res.type('html').send(errorPage(status, title, text));
}

/** How long a visitor turned away for load is asked to wait before trying again (docs/decisions/350). */
export const BUSY_RETRY_AFTER_SECONDS = 2;
export const BUSY_TITLE = 'Busy, try again in a moment';
export const BUSY_MESSAGE = 'Too many people are using the site right now. Please try again in a moment.';
const busyPage = Buffer.from(errorPage(503, BUSY_TITLE, BUSY_MESSAGE));
const busyJson = Buffer.from(JSON.stringify({ message: BUSY_MESSAGE }));

/**
 * The quick 503 of a page read shed for load (web-server/page-slots.ts): a small page (or JSON for
 * Remix's data requests), made once and written as it is (no ETag, no send machinery: under a
 * flood of retries most answers are this one). A read has no body left unread, so the connection
 * stays open.
 */
export function busy(req: Request, res: Response) {
  if (res.headersSent || res.destroyed) return;
  res.locals.refused = '503 Busy';
  const json = wantsJson(req);
  const body = json ? busyJson : busyPage;
  res.writeHead(503, {
    'content-type': json ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    'content-length': body.length,
    'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
