import { z } from 'zod/v4';

/**
 * The web server's own settings (docs/decisions/060). The Remix app parses the rest of the web's
 * environment in app/utils/env.server.ts; both read the same variables with the same defaults.
 */

const MiB = 1024 * 1024;

/** A size in bytes, or with a unit: `512kb`, `1mb`, `2MB`. */
const byteSize = z
  .string()
  .regex(/^\s*\d+(\.\d+)?\s*(b|kb|mb|gb)?\s*$/i, 'a size such as 1048576, 512kb or 1mb')
  .transform((value) => {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(value)!;
    const unit = { b: 1, kb: 1024, mb: MiB, gb: 1024 * MiB }[(match[2] ?? 'b').toLowerCase() as 'b'];
    return Math.floor(Number(match[1]) * unit);
  });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on; unset = every interface (as remix-serve did). */
  HOST: z.string().optional(),
  API_URL: z.string().url().default('http://127.0.0.1:3001'),
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Which peers are proxies whose X-Forwarded-For is believed: unset or `false` = none (the socket's
   * address is the visitor's); otherwise a comma-separated list of addresses, CIDR ranges or the
   * names `loopback`, `linklocal`, `uniquelocal`.
   */
  TRUST_PROXY: z.string().optional(),
  /** Bodies of url-encoded, JSON and other non-upload requests. */
  FORM_BODY_LIMIT: byteSize.default(MiB),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Page reads Remix works on at once; more wait their turn (web-server/page-slots.ts, docs/decisions/180). */
  WEB_CONCURRENT_PAGES: z.coerce.number().int().min(1).max(1000).default(16),
  /** Page reads that may wait for a slot; past this a read is answered 503 at once. */
  WEB_PAGE_QUEUE: z.coerce.number().int().min(0).max(100_000).default(2000),
  GOOGLE_CLIENT_ID: z.string().optional(),
  APPLE_CLIENT_ID: z.string().optional(),
  GOOGLE_SCRIPT_URL: z.string().url().default('https://accounts.google.com/gsi/client'),
  APPLE_SCRIPT_URL: z.string().url().default('https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js'),
});

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
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid web configuration:\n${lines}`);
  }
  const config = parsed.data;
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
