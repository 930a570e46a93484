import os from 'node:os';
import path from 'node:path';
import { z } from 'zod/v4';
import { ProductName } from '../../server/contract/product';

/** The session secret of development and tests only; production refuses it (issue 9 item 10). */
export const DEVELOPMENT_SESSION_SECRET = 'dev-only-secret-change-me-in-production';
/** Values that were only ever examples (.env.example, docker-compose.yml of earlier versions). */
const PLACEHOLDER_SECRET = /change-me|dev-only|^(secret|changeme|password)$/i;

/** A footer social link (decision 212): empty is unset; anything else must be an http(s) address. */
const socialLink = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || /^https?:\/\/[^\s/]+/i.test(v), 'must be an http:// or https:// address (or empty)');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_URL: z.string().url().default('http://127.0.0.1:3001'),
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The address visitors use; cookies are Secure when it is https. */
  PUBLIC_URL: z.string().url().optional(),
  /** Tests only: overrides the Secure flag that PUBLIC_URL implies (refused as `false` with an https PUBLIC_URL in production). */
  SECURE_COOKIES: z.enum(['true', 'false']).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  APPLE_CLIENT_ID: z.string().optional(),
  /** The providers' sign-in scripts; tests point them at a local identity provider. */
  GOOGLE_SCRIPT_URL: z.string().url().default('https://accounts.google.com/gsi/client'),
  APPLE_SCRIPT_URL: z.string().url().default('https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js'),
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
});

/**
 * The web's configuration, checked once at start (the web server imports the build, so a refusal
 * here stops it with this message). In production: a real SESSION_SECRET and a PUBLIC_URL are
 * required (`npm start` provides both on a fresh clone, docs/decisions/063).
 */
export function parseWebEnv(source: Record<string, string | undefined>) {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid web configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const data = parsed.data;
  const production = data.NODE_ENV === 'production';
  if (production && (!data.SESSION_SECRET || PLACEHOLDER_SECRET.test(data.SESSION_SECRET))) {
    throw new Error(
      `SESSION_SECRET ${data.SESSION_SECRET ? 'is a placeholder' : 'is not set'}: in production it must be a long random value of your own ` +
        '(e.g. `openssl rand -hex 32`). `npm start` makes one for you under data/.',
    );
  }
  if (production && !data.PUBLIC_URL) {
    throw new Error('PUBLIC_URL is not set: in production set it to the address visitors use (https://… behind TLS; `npm start` uses http://localhost:3000).');
  }
  const publicUrl = data.PUBLIC_URL ?? 'http://localhost:3000';
  const https = publicUrl.startsWith('https:');
  if (production && https && data.SECURE_COOKIES === 'false') {
    throw new Error('SECURE_COOKIES=false is for tests on plain http: with an https PUBLIC_URL the cookies stay Secure.');
  }
  return {
    ...data,
    SESSION_SECRET: data.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
    PUBLIC_URL: publicUrl,
    uploadTmpDir: path.resolve(data.UPLOAD_TMP_DIR || path.join(os.tmpdir(), 'archivista-uploads')),
    /** Secure cookies whenever visitors come over https (SECURE_COOKIES overrides, for tests). */
    secureCookies: data.SECURE_COOKIES ? data.SECURE_COOKIES === 'true' : https,
  };
}

export const env = parseWebEnv(process.env);
