/** Starts the api for the end-to-end run on a fresh PostgreSQL database with the demo data. */
import fs from 'node:fs';
import pg from 'pg';
import { databaseUrl, TEST_PG_URL } from '../setup/database-url';
import { E2E } from './env';
import { startE2EIdentityProvider } from './social-env';

const admin = new pg.Client({ connectionString: TEST_PG_URL });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${E2E.database} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${E2E.database}`);
await admin.end();
fs.rmSync(E2E.dataDir, { recursive: true, force: true });

Object.assign(process.env, {
  NODE_ENV: 'test',
  DATABASE_URL: databaseUrl(E2E.database),
  DATA_DIR: E2E.dataDir,
  API_PORT: String(E2E.apiPort),
  PUBLIC_URL: E2E.baseURL,
  SEED_DEMO: 'true',
  RATE_LIMIT_MAX: '10000',
  // Every journey's enquiry comes from the web's one address; the limits have their api tests.
  ENQUIRY_MAX_PER_ADDRESS: '10000',
  ENQUIRY_NEW_SENDERS_PER_FIRM: '10000',
  ENQUIRY_MAILS_PER_HOUR: '10000',
  // A journey sends its enquiry as fast as a browser can fill it; the form token's minimum age
  // (issue 27 item 4) has its api tests.
  ENQUIRY_MIN_AGE_SECONDS: '0',
  // Likewise every client link's page: the hostile-input sweep opens share pages while, in the
  // other worker, a client's journey opens its own (decision 219).
  SHARE_VIEWS_PER_WINDOW: '10000',
  SHARE_DECISIONS_PER_WINDOW: '10000',
  // Journeys write their own data straight into the database (server/seed/factories), past the
  // api's writes that empty the public cache; a cached explore page would hide it. The cache has
  // its api test (server/routes/public-cache.test.ts).
  PUBLIC_CACHE_MS: '0',
  SESSION_CACHE_MS: '0',
  LOG_LEVEL: 'warn',
});
await startE2EIdentityProvider();
await import('../../server/main');
