import crypto from 'node:crypto';
import type { HeadersFunction } from '@remix-run/node';
import { getSession } from './session.server';
import { env } from './env.server';

/**
 * Shared caching of the signed-out showcase (docs/decisions/388). A visitor's explore gallery,
 * project page, directory and portfolio are the same for everyone: a CDN or the reverse proxy may
 * keep them a minute and serve a stale copy for ten while it revalidates, and a browser revalidates
 * with the ETag, answered 304 without a render (entry.server.tsx). The ETag is a hash of the page's
 * data (its projects' and firms' update times among it) and the build, so it changes when they do.
 * Anything else (a signed-in viewer, a toast to show, an open popup, a form post) is private.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
export const PRIVATE_PAGE_CACHE = 'private, no-cache';

/** The popups whose content is the visitor's own (the Contact popup's per-address look-up). */
const PRIVATE_DIALOGS = new Set(['contact']);

/** The Cache-Control of a showcase page for this request. */
export async function showcaseCacheControl(request: Request): Promise<string> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return PRIVATE_PAGE_CACHE;
  const dialog = new URL(request.url).searchParams.get('dialog');
  if (dialog && PRIVATE_DIALOGS.has(dialog)) return PRIVATE_PAGE_CACHE;
  const session = await getSession(request);
  if (session.get('token')) return PRIVATE_PAGE_CACHE;
  if (/(?:^|;\s*)__toast=/.test(request.headers.get('cookie') ?? '')) return PRIVATE_PAGE_CACHE;
  return PUBLIC_PAGE_CACHE;
}

/**
 * The headers a showcase loader answers with: its Cache-Control and, when public, that it varies by
 * cookie. A page that shows a failure (`failed`: a list the api could not give) is never shared.
 */
export async function showcaseHeaders(request: Request, { failed = false } = {}): Promise<Record<string, string>> {
  const cacheControl = failed ? PRIVATE_PAGE_CACHE : await showcaseCacheControl(request);
  return cacheControl === PUBLIC_PAGE_CACHE ? { 'Cache-Control': cacheControl, Vary: 'Cookie' } : { 'Cache-Control': cacheControl };
}

/**
 * The route's `headers`: the loader's caching, made private when a parent sets a cookie (a toast
 * consumed by the root loader, a refreshed session): such an answer is this visitor's alone.
 */
export const showcasePageHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers();
  const cacheControl = loaderHeaders.get('Cache-Control') ?? PRIVATE_PAGE_CACHE;
  const personal = parentHeaders.has('Set-Cookie') || loaderHeaders.has('Set-Cookie');
  headers.set('Cache-Control', personal ? PRIVATE_PAGE_CACHE : cacheControl);
  const vary = loaderHeaders.get('Vary');
  if (vary && !personal) headers.set('Vary', vary);
  return headers;
};

export const isPublicPage = (headers: Headers) => headers.get('Cache-Control') === PUBLIC_PAGE_CACHE;

/** A weak ETag of a page's data and the build (`version`): equal data, equal tag. */
export function pageEtag(version: string, loaderData: unknown): string {
  return `W/"${crypto.createHash('sha256').update(version).update('\u0000').update(JSON.stringify(loaderData)).digest('base64url').slice(0, 32)}"`;
}

/**
 * The CSP nonce of a shared page: derived from its ETag with the session secret, so the copy a cache
 * keeps and the policy of a 304 that revalidates it agree. It changes with the page's content,
 * and nobody without the secret can compute the nonce of a page that does not exist yet.
 */
export function pageNonce(etag: string): string {
  return crypto.createHmac('sha256', env.SESSION_SECRET).update(etag).digest('base64').slice(0, 22);
}

/** Whether the request's If-None-Match names `etag` (weak comparison, as for GET). */
export function matchesEtag(request: Request, etag: string): boolean {
  const header = request.headers.get('if-none-match');
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}
