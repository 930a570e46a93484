import crypto from 'node:crypto';
import type { RequestHandler } from 'express';

/**
 * Security headers on every answer of the web (issue 9 item 12, docs/decisions/064), and the
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
    'frame-src': providers.length ? providers : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`);
  if (options.https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

export function securityHeaders(options: CspOptions): RequestHandler {
  return (_req, res, next) => {
    const nonce = crypto.randomBytes(16).toString('base64');
    res.locals.cspNonce = nonce;
    res.set({
      'Content-Security-Policy': contentSecurityPolicy(nonce, options),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': options.socialScripts.length ? 'same-origin-allow-popups' : 'same-origin',
    });
    if (options.https) res.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}
