import os from 'node:os';
import path from 'node:path';
import { z } from 'zod/v4';
import { SHARE_DECISIONS_PER_WINDOW, SHARE_VIEWS_PER_WINDOW } from './contract/share-links-rules.js';
import { parseTrustedProxies } from './trusted-proxies.js';
import { ProductName } from './contract/product.js';
import { MAX_DRAIN_SECONDS } from './contract/drain-rules.js';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1');

/** An empty variable (`NAME=` in a .env file) counts as unset. */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_HOST: z.string().default('127.0.0.1'),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** Prometheus metrics on a port of their own (server/metrics.ts), never through the proxy; unset = none. */
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  /** Public origin of the product, used in mails and absolute links. */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  SMTP_URL: z.string().optional(),
  /**
   * Where one-time codes go by SMS (server/services/sms.ts, docs/decisions/430): an http(s) address
   * the api POSTs `{ "to": "+91…", "text": "…" }` to, the firm's SMS gateway or a small adapter in
   * front of it; unset = no SMS (codes go by mail only).
   */
  SMS_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  /** Sent as `Authorization: Bearer …` with each SMS, when set. */
  SMS_TOKEN: z.preprocess(emptyToUndefined, z.string().optional()),
  /** The product's name in mails, page titles and PDFs. */
  PRODUCT_NAME: ProductName,
  /** The sender; unset = `PRODUCT_NAME <no-reply@localhost>`. */
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long the anonymous-alike public reads (explore, firm directory) are kept; 0 turns the cache off (docs/decisions/133). */
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** How long a bearer token's session is kept between statements; every api write empties it; 0 turns it off (docs/decisions/177). */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  /** Seed demo data on first start of an empty database. */
  SEED_DEMO: bool.default(true),
  /**
   * Rate limits (docs/decisions/004-rate-limits.md): failed sign-ins of one account from one
   * address, and sign-ups from one address, per window.
   */
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /** Failed sign-ins from one address, whatever the account, per window; unset = 5 × RATE_LIMIT_MAX. */
  RATE_LIMIT_ADDRESS_MAX: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  /** The cap of an account's growing delay after consecutive failures; 0 turns the delay off. */
  RATE_LIMIT_MAX_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Enquiries (demand box) per hour from one visitor address (docs/decisions/121). */
  ENQUIRY_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(5),
  /** Firms' contact details (the Contact popup) per hour from one visitor address (docs/decisions/386). */
  CONTACT_LOOKUPS_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  /**
   * Enquiries per hour to one firm from senders without an established account, past which they
   * are held (kept, listed under Held, released by the firm); an established sender is never held
   * (docs/decisions/340).
   */
  ENQUIRY_NEW_SENDERS_PER_FIRM: z.coerce.number().int().positive().default(5),
  /**
   * Notification mails per hour about a firm's enquiries: from all new senders together, and from
   * each established sender on its own; the rest wait for the digest mail (decision 340).
   */
  ENQUIRY_MAILS_PER_HOUR: z.coerce.number().int().positive().default(3),
  /** Mails a firm may send to addresses outside its own accounts, per hour and per day (docs/decisions/235). */
  FIRM_MAIL_PER_HOUR: z.coerce.number().int().positive().default(50),
  FIRM_MAIL_PER_DAY: z.coerce.number().int().positive().default(200),
  /**
   * How old an enquiry form's token must be before it is taken: a person reads
   * the form first, a script posting at once is refused. Tests lower it.
   */
  ENQUIRY_MIN_AGE_SECONDS: z.coerce.number().int().min(0).max(600).default(3),
  /**
   * A client approval link's page views, and its decisions, per visitor address per 15 minutes
   * (docs/decisions/106). An office whose clients share one address may raise them.
   */
  SHARE_VIEWS_PER_WINDOW: z.coerce.number().int().positive().default(SHARE_VIEWS_PER_WINDOW),
  SHARE_DECISIONS_PER_WINDOW: z.coerce.number().int().positive().default(SHARE_DECISIONS_PER_WINDOW),
  /**
   * The key that seals client links' tokens so the Client Board can give an open link again
   * (docs/decisions/296): at least 32 characters, kept out of the database. Unset: a key the api
   * makes and keeps in the database (the embedded default; a copy of the database then opens them).
   */
  SHARE_LINK_KEY: z.preprocess(emptyToUndefined, z.string().min(32, 'at least 32 characters').optional()),
  /** Redis for the rate-limit counters (shared by every api replica); unset = the database (or memory on PGlite). */
  REDIS_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  /** Prefix of the api's Redis keys, so several deployments can share one Redis. */
  REDIS_PREFIX: z.string().default('archivista:'),
  /**
   * Peers whose X-Forwarded-For the api believes: addresses, CIDR ranges and the names loopback,
   * linklocal, uniquelocal, comma-separated; `none` trusts nobody. Default: loopback, where the web runs
   * in the embedded default.
   */
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().default('loopback')).transform((value, ctx) => {
    const parsed = parseTrustedProxies(value);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  }),
  /** Where files are stored (docs/decisions/075): `local` = DATA_DIR/uploads and DATA_DIR/private; `s3` = a bucket. */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens').optional(),
  /** An S3-compatible server (MinIO, R2…); unset for AWS S3 itself. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Unset: the AWS SDK's default credentials (AWS_ACCESS_KEY_ID…, instance roles). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Largest workspace file (project files), in MB. */
  MAX_FILE_MB: z.coerce.number().int().positive().max(100_000).default(100),
  /** Uploads one account may have in progress at once on one api process. */
  UPLOADS_PER_ACCOUNT: z.coerce.number().int().positive().default(3),
  /** A firm's storage quota in MB: its files, task files, chat files and pending uploads; past it uploads answer 413. */
  FIRM_STORAGE_QUOTA_MB: z.coerce.number().int().positive().default(5 * 1024),
  /** Live Group Chat streams one account may hold open on one api process; one more closes the oldest. */
  CHAT_STREAMS_PER_ACCOUNT: z.coerce.number().int().positive().max(100).default(5),
  /** Where uploads wait while they arrive and are checked; default: a folder in the system's temporary folder. */
  UPLOAD_TMP_DIR: z.string().optional(),
  /**
   * Load the api sheds (docs/decisions/350): past this event-loop delay (ms, the mean over the last
   * API_PRESSURE_SAMPLE_MS) every call but the health checks is answered 503 with Retry-After at
   * once; 0 = not checked.
   */
  API_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  API_PRESSURE_SAMPLE_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** Seconds a stopping api keeps serving, each answer closing its connection, before it closes (server/http-drain.ts, docs/decisions/380). */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(MAX_DRAIN_SECONDS).default(0),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUERS: z.string().default('https://accounts.google.com,accounts.google.com'),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_JWKS_URL: z.string().url().default('https://appleid.apple.com/auth/keys'),
  APPLE_ISSUERS: z.string().default('https://appleid.apple.com'),
});

export type Config = Omit<z.infer<typeof schema>, 'RATE_LIMIT_ADDRESS_MAX' | 'MAIL_FROM'> & {
  RATE_LIMIT_ADDRESS_MAX: number;
  MAIL_FROM: string;
  dataDir: string;
  uploadsDir: string;
  privateDir: string;
  outboxDir: string;
  uploadTmpDir: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid api configuration:\n${lines}`);
  }
  if (parsed.data.STORAGE === 's3' && !parsed.data.S3_BUCKET) {
    throw new Error('Invalid api configuration:\n  S3_BUCKET: required when STORAGE=s3');
  }
  if (!parsed.data.S3_ACCESS_KEY_ID !== !parsed.data.S3_SECRET_ACCESS_KEY) {
    throw new Error('Invalid api configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    RATE_LIMIT_ADDRESS_MAX: parsed.data.RATE_LIMIT_ADDRESS_MAX ?? 5 * parsed.data.RATE_LIMIT_MAX,
    MAIL_FROM: parsed.data.MAIL_FROM ?? `${parsed.data.PRODUCT_NAME} <no-reply@localhost>`,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    privateDir: path.join(dataDir, 'private'),
    outboxDir: path.join(dataDir, 'outbox'),
    uploadTmpDir: path.resolve(parsed.data.UPLOAD_TMP_DIR ?? path.join(os.tmpdir(), 'archivista-uploads')),
  };
}
