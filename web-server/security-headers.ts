import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import { isPrivatePath, NOINDEX_VALUE } from '../app/utils/indexing';

/**
 * Security headers on every answer of the web (docs/decisions/064), and the
 * per-request nonce that lets Remix's own inline scripts run under the Content-Security-Policy
 * (entry.server.tsx hands it to React and to <Scripts>/<ScrollRestoration>). No other inline
 * script runs; scripts load from this origin, plus the sign-in providers' script origins only when
 * a provider is configured.
 */

export type CspOptions = {
  /** Script URLs of the configured sign-in providers (their origins are allowed). */
  socialScripts: string[];
  /** Development: the live-reload socket of `remix dev`. */
  development: boolean;
  https: boolean;
};

/** Origins a provider's sign-in script talks to beside its own (its popup and iframe host). */
const PROVIDER_ORIGINS: Record<string, string[]> = {
  'https://accounts.google.com': [],
  'https://appleid.cdn-apple.com': ['https://appleid.apple.com'],
};

export function contentSecurityPolicy(nonce: string, options: CspOptions): string {
  const providers = [...new Set(options.socialScripts.flatMap((url) => {
    const origin = new URL(url).origin;
    return [origin, ...(PROVIDER_ORIGINS[origin] ?? [])];
  }))];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, ...providers],
    // No inline event handlers or javascript: URLs, nonce or not.
    'script-src-attr': ["'none'"],
    // React renders style attributes; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'", ...providers],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...providers, ...(options.development ? ['ws:'] : [])],
    // 'self': the files page embeds its PDF preview from /workspace/project/file/ (docs/decisions/094).
    'frame-src': ["'self'", ...providers],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`);
  if (options.https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/**
 * A project's private files, streamed by the web from the api (docs/decisions/094). Their policy
 * comes from the api with them (a sandbox; for a PDF shown inline, `frame-ancestors 'self'`) with
 * `nosniff`, so a page's policy is not added (both would apply, and a page's blocks the PDF
 * viewer), and this site's pages may frame them (the files page's PDF preview).
 */
export const FILE_PATHS = /^\/workspace\/project\/file\//;

/** A marker no policy contains, replaced by each answer's nonce. */
const NONCE_SLOT = '\u0000nonce\u0000';

/**
 * Per-answer nonces, 16 random bytes each, cut from a buffer filled 256 at a time: one call to the
 * system's random source per 256 answers instead of one per answer (the bytes are as random).
 */
const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let poolOffset = pool.length;
function nextNonce(): string {
  if (poolOffset >= pool.length) {
    crypto.randomFillSync(pool);
    poolOffset = 0;
  }
  const nonce = pool.toString('base64', poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

export function securityHeaders(options: CspOptions): RequestHandler {
  // The policy is built once; each answer only puts its nonce in (it ran on every request, assets included).
  const [policyStart, policyEnd] = contentSecurityPolicy(NONCE_SLOT, options).split(NONCE_SLOT) as [string, string];
  const openerPolicy = options.socialScripts.length ? 'same-origin-allow-popups' : 'same-origin';
  return (req, res, next) => {
    const nonce = nextNonce();
    res.locals.cspNonce = nonce;
    const file = FILE_PATHS.test(req.path);
    // A file's answer brings its own policy and nosniff (a header set here too would be sent twice).
    if (!file) {
      // A shared page swaps in a nonce derived from its content (load-context.ts, docs/decisions/388).
      res.locals.cspPolicy = (other: string) => policyStart + other + policyEnd;
      res.setHeader('Content-Security-Policy', policyStart + nonce + policyEnd);
      res.setHeader('X-Content-Type-Options', 'nosniff');
    }
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    res.setHeader('X-Frame-Options', file ? 'SAMEORIGIN' : 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', openerPolicy);
    // Private pages and their files (PDFs, CSVs) are never listed (docs/decisions/386).
    if (isPrivatePath(req.path)) res.setHeader('X-Robots-Tag', NOINDEX_VALUE);
    if (options.https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}
