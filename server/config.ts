import path from 'node:path';
import { z } from 'zod/v4';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_HOST: z.string().default('127.0.0.1'),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** Public origin of the product, used in mails and absolute links. */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Architects Platform <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed demo data on first start of an empty database. */
  SEED_DEMO: bool.default(true),
  /** Attempts per window for the login, forgot-password and reset-password calls. */
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  TRUST_PROXY: bool.default(true),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUERS: z.string().default('https://accounts.google.com,accounts.google.com'),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_JWKS_URL: z.string().url().default('https://appleid.apple.com/auth/keys'),
  APPLE_ISSUERS: z.string().default('https://appleid.apple.com'),
});

export type Config = z.infer<typeof schema> & { dataDir: string; uploadsDir: string; privateDir: string; outboxDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid api configuration:\n${lines}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    privateDir: path.join(dataDir, 'private'),
    outboxDir: path.join(dataDir, 'outbox'),
  };
}
