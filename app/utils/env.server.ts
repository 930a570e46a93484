import { z } from 'zod/v4';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_URL: z.string().url().default('http://127.0.0.1:3001'),
  SESSION_SECRET: z.string().min(16).default('dev-only-secret-change-me-in-production'),
  /** Set to false when the api is served over plain http in production (local trials). */
  SECURE_COOKIES: z.enum(['true', 'false']).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  APPLE_CLIENT_ID: z.string().optional(),
  /** The providers' sign-in scripts; tests point them at a local identity provider. */
  GOOGLE_SCRIPT_URL: z.string().url().default('https://accounts.google.com/gsi/client'),
  APPLE_SCRIPT_URL: z.string().url().default('https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js'),
});

const parsed = schema.safeParse(process.env);
if (!parsed.success) {
  throw new Error(`Invalid web configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
}
if (parsed.data.NODE_ENV === 'production' && parsed.data.SESSION_SECRET.startsWith('dev-only') && process.env.ALLOW_DEV_SECRET !== 'true') {
  console.warn('SESSION_SECRET is not set: using the development secret. Set it in production.');
}

export const env = {
  ...parsed.data,
  secureCookies: parsed.data.SECURE_COOKIES ? parsed.data.SECURE_COOKIES === 'true' : parsed.data.NODE_ENV === 'production' && !parsed.data.API_URL.includes('127.0.0.1'),
};
