import { z } from 'zod/v4';
import { ProductName } from '../../server/contract/product';
import { MAX_DRAIN_SECONDS } from '../../server/contract/drain-rules';

/**
 * Every variable of the web's environment, in one schema: the Remix app
 * (app/utils/env.server.ts) and the web server (web-server/config.ts) both parse the environment
 * with it, so a variable they share has one definition and one default. The defaults are those of
 * `.env.example`; each side adds its own checks (production secrets, TRUST_PROXY) after parsing.
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

/** A footer social link (decision 212): empty is unset; anything else must be an http(s) address. */
const socialLink = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || /^https?:\/\/[^\s/]+/i.test(v), 'must be an http:// or https:// address (or empty)');

export const webEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_URL: z.string().url().default('http://127.0.0.1:3001'),
  /**
   * How long a call the api refused (a replica stopping while the name still lists it) is tried
   * again, every 250 ms: nothing was sent (app/utils/api.server.ts, docs/decisions/380). 0: not.
   */
  API_REFUSED_RETRY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** The address visitors use; cookies are Secure when it is https. */
  PUBLIC_URL: z.string().url().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  APPLE_CLIENT_ID: z.string().optional(),
  /** The providers' sign-in scripts; tests point them at a local identity provider. */
  GOOGLE_SCRIPT_URL: z.string().url().default('https://accounts.google.com/gsi/client'),
  APPLE_SCRIPT_URL: z.string().url().default('https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js'),

  // The Remix app's (app/utils/env.server.ts).
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Tests only: overrides the Secure flag that PUBLIC_URL implies (refused as `false` with an https PUBLIC_URL in production). */
  SECURE_COOKIES: z.enum(['true', 'false']).optional(),
  /** Where upload forms' files wait while the action passes them on (the api's variable too; the web uses `web-*` folders in it). */
  UPLOAD_TMP_DIR: z.string().optional(),
  /** The Chromium that prints PDFs (Debian's; a browser is never downloaded). */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** PDF pages one web process renders at once; more wait their turn (docs/decisions/105). */
  PDF_PAGES_AT_ONCE: z.coerce.number().int().min(1).max(16).default(2),
  /** The footer's social-media links: the operator's own pages; an unset one is not shown (decision 212). */
  FOOTER_FACEBOOK_URL: socialLink,
  FOOTER_INSTAGRAM_URL: socialLink,
  FOOTER_X_URL: socialLink,
  FOOTER_LINKEDIN_URL: socialLink,
  FOOTER_YOUTUBE_URL: socialLink,
  /** The product's one name (the api reads the same variable for its mails). */
  PRODUCT_NAME: ProductName,

  // The web server's (web-server/config.ts, docs/decisions/060).
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on; unset = every interface (as remix-serve did). */
  HOST: z.string().optional(),
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
  /** Seconds a stopping web server keeps serving, each answer closing its connection, before it closes (server/http-drain.ts, docs/decisions/380). */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(MAX_DRAIN_SECONDS).default(0),
  WEB_CONCURRENT_PAGES: z.coerce.number().int().min(1).max(1000).default(16),
  /** Page reads that may wait for a slot at all; past this a read is answered 503 at once. */
  WEB_PAGE_QUEUE: z.coerce.number().int().min(0).max(100_000).default(2000),
  /**
   * The longest a page read waits for a slot (docs/decisions/350): a read that can expect a longer
   * wait is answered 503 "busy" with Retry-After at once, and one still waiting after it is too.
   */
  WEB_PAGE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Past this event-loop delay (ms, the mean of the last half second) the web takes no new page read; 0 = not checked. */
  WEB_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  /**
   * `on` (production's default): a gate process holds the port and starts the Remix renderer behind
   * it (web-server/gate.ts, docs/decisions/429); `off`: one process, as in development.
   */
  WEB_GATE: z.enum(['on', 'off']).default('on'),
});

export type WebEnv = z.infer<typeof webEnvSchema>;

/** The environment parsed by the schema, or an error that names every variable it refuses. */
export function readWebEnv(source: Record<string, string | undefined>): WebEnv {
  const parsed = webEnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid web configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}
