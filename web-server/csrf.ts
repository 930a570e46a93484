import type { RequestHandler } from 'express';
import { refuse } from './answers';

/**
 * Cross-site request forgery, refused in one place for every state-changing request that reaches
 * Remix: page actions, `?_data=` fetches and resource routes alike (docs/decisions/061).
 *
 * A browser tells where a request comes from: `Sec-Fetch-Site` (every current browser) and
 * `Origin` (sent with every POST, PUT, PATCH and DELETE). A request is let through when
 * - `Sec-Fetch-Site` is absent, `same-origin` or `none` (typed by the user), and
 * - `Origin` is absent or names this very host (scheme-less: the proxy may end TLS).
 * `same-site` is refused as well: a sibling sub-domain or another port is another origin.
 * A request with neither header is not a browser's (a browser sends Origin on every unsafe
 * method), so it carries no ambient cookies of a victim and is let through.
 */

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type CsrfInput = {
  method: string;
  /** The host this request was sent to (`Host`, or a trusted proxy's X-Forwarded-Host). */
  host: string | undefined;
  origin?: string;
  secFetchSite?: string;
  /** Further origins that count as ours (PUBLIC_URL). */
  allowedOrigins?: string[];
};

/** null when the request may pass, otherwise why it is refused. */
export function csrfRefusal({ method, host, origin, secFetchSite, allowedOrigins = [] }: CsrfInput): string | null {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  const site = secFetchSite?.trim().toLowerCase();
  if (site && site !== 'same-origin' && site !== 'none') return `Sec-Fetch-Site: ${site}`;
  if (origin === undefined) return null;
  if (allowedOrigins.includes(origin)) return null;
  let originHost: string;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'an opaque Origin';
    originHost = url.host;
  } catch {
    // `Origin: null` (a sandboxed frame, a file, a redirect across origins) and anything unparsable.
    return 'an opaque Origin';
  }
  if (!host || originHost.toLowerCase() !== normaliseHost(host)) return 'another Origin';
  return null;
}

/** `Example.com:80` → `example.com` (URL's `host` drops a scheme's default port). */
function normaliseHost(host: string): string {
  const lower = host.trim().toLowerCase();
  return lower.replace(/:(80|443)$/, '');
}

export const CSRF_MESSAGE = 'This request came from another site and was refused. Reload the page and try again.';

/** The middleware: 403 before the body is read. */
export function csrfCheck(options: { allowedOrigins: string[] }): RequestHandler {
  return (req, res, next) => {
    const refusal = csrfRefusal({
      method: req.method,
      host: req.get('x-forwarded-host') ?? req.get('host'),
      origin: req.get('origin'),
      secFetchSite: req.get('sec-fetch-site'),
      allowedOrigins: options.allowedOrigins,
    });
    if (!refusal) return next();
    refuse(req, res, 403, 'Not allowed', CSRF_MESSAGE);
  };
}
