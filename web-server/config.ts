import { readWebEnv } from '../app/utils/web-env-schema.server';

/**
 * The web server's settings (docs/decisions/060), read with the web's one environment schema
 * (app/utils/web-env-schema.server.ts), which the Remix app's env.server.ts parses too.
 */

export type WebServerConfig = ReturnType<typeof loadWebServerConfig>;

/** `TRUST_PROXY` as express's `trust proxy` setting: false, or the list of trusted proxies. */
export function parseTrustProxy(value: string | undefined): false | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  // Trusting every peer would let any visitor choose their address with a header.
  if (text === 'true' || text === '*') {
    throw new Error('TRUST_PROXY=true would believe every client’s X-Forwarded-For: name the proxy instead (an address, a CIDR range or loopback)');
  }
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export function loadWebServerConfig(env: Record<string, string | undefined> = process.env) {
  const config = readWebEnv(env);
  const social = [
    config.GOOGLE_CLIENT_ID?.trim() ? config.GOOGLE_SCRIPT_URL : null,
    config.APPLE_CLIENT_ID?.trim() ? config.APPLE_SCRIPT_URL : null,
  ].filter((url): url is string => url !== null);
  return {
    ...config,
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    https: config.PUBLIC_URL?.startsWith('https:') ?? false,
    /** The configured sign-in providers' script URLs (their origins are allowed by the CSP). */
    socialScripts: social,
  };
}
