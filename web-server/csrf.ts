import type { RequestHandler } from 'express';
import { refuse } from './answers';

/**
 * Cross-site request forgery, refused in one place for every state-changing request that reaches
 * Remix: page actions, `?_data=` fetches and resource routes alike (docs/decisions/061, 330).
 *
 * A browser tells where a request comes from: `Sec-Fetch-Site` (every current browser) and
 * `Origin` (sent with every POST, PUT, PATCH and DELETE). A request is let through when
 * - `Sec-Fetch-Site` is absent, `same-origin` or `none` (typed by the user), and
 * - `Origin` is absent, is one of the site's configured origins (PUBLIC_URL), or names this very
 *   host (scheme-less: the proxy may end TLS).
 * `same-site` is refused as well: a sibling sub-domain or another port is another origin.
 * A request with neither header is not a browser's (a browser sends Origin on every unsafe
 * method), so it carries no ambient cookies of a victim and is let through.
 *
 * This is the only origin check (decision 330): Remix v2 compares `Origin` with `Host` again on
 * document posts and throws (a 500) where they differ, so a request let through here reaches Remix
 * without its `Origin`, which has been judged.
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

export type CsrfRefusal = {
  /** For the log: what gave the request away. */
  reason: string;
  /** For the visitor. */
  message: string;
};

export const CSRF_MESSAGE = 'This request came from another site and was refused. Reload the page and try again.';

/**
 * The browser vouches that the page is this site's own (`Sec-Fetch-Site: same-origin`) but the
 * server was reached under another name: a proxy that rewrites `Host` while PUBLIC_URL names
 * another address. Nothing the visitor can mend; the message says what the site's operator can.
 */
export function unknownAddressMessage(origin: string): string {
  return `This form was sent from ${origin}, an address this server was not told is its own, so it was refused. If you run this site, set PUBLIC_URL to ${origin} or have the proxy pass the Host header on.`;
}

/** null when the request may pass, otherwise why it is refused. */
export function csrfRefusal({ method, host, origin, secFetchSite, allowedOrigins = [] }: CsrfInput): CsrfRefusal | null {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  const site = secFetchSite?.trim().toLowerCase();
  if (site && site !== 'same-origin' && site !== 'none') return { reason: `Sec-Fetch-Site: ${site}`, message: CSRF_MESSAGE };
  if (origin === undefined) return null;
  if (allowedOrigins.includes(origin)) return null;
  let originHost: string;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { reason: 'an opaque Origin', message: CSRF_MESSAGE };
    originHost = url.host;
  } catch {
    // `Origin: null` (a sandboxed frame, a file, a redirect across origins) and anything unparsable.
    return { reason: 'an opaque Origin', message: CSRF_MESSAGE };
  }
  if (host && originHost.toLowerCase() === normaliseHost(host)) return null;
  if (site === 'same-origin') return { reason: `Origin ${origin} is not Host ${host ?? '(none)'}`, message: unknownAddressMessage(origin) };
  return { reason: 'another Origin', message: CSRF_MESSAGE };
}

/** `Example.com:80` → `example.com` (URL's `host` drops a scheme's default port). */
function normaliseHost(host: string): string {
  const lower = host.trim().toLowerCase();
  return lower.replace(/:(80|443)$/, '');
}

/** The first host a (trusted) proxy names, else `Host`; client-sent X-Forwarded-Host is gone by now (client-address.ts). */
function requestHost(forwardedHost: string | undefined, host: string | undefined): string | undefined {
  const first = forwardedHost?.split(',')[0]?.trim();
  return first || host;
}

/** The middleware: 403 before the body is read. `publicUrl` is PUBLIC_URL: its origin is the site's. */
export function csrfCheck(options: { publicUrl: string | undefined }): RequestHandler {
  const allowedOrigins = options.publicUrl ? [new URL(options.publicUrl).origin] : [];
  return (req, res, next) => {
    const refusal = csrfRefusal({
      method: req.method,
      host: requestHost(req.get('x-forwarded-host'), req.get('host')),
      origin: req.get('origin'),
      secFetchSite: req.get('sec-fetch-site'),
      allowedOrigins,
    });
    if (refusal) {
      res.locals.csrfRefusal = refusal.reason;
      return refuse(req, res, 403, 'Not allowed', refusal.message);
    }
    // Judged here, once: Remix's own comparison of Origin with Host would otherwise answer a 500
    // for a post this check let through (PUBLIC_URL's origin behind a proxy that rewrites Host).
    delete req.headers.origin;
    next();
  };
}
