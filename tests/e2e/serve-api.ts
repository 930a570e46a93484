/**
 * Starts the api for the end-to-end run as `npm start` starts it (docs/decisions/303): the embedded
 * PGlite in a fresh data folder, no SHARE_LINK_KEY, no Redis, no SMTP, the demo data seeded on the
 * first start; beside it the bridge through which journeys prepare data in that database.
 */
import fs from 'node:fs';
import { loadConfig } from '../../server/config';
import { runApi } from '../../server/run-api';
import { startDatabaseBridge } from './database-bridge';
import { E2E } from './env';
import { startE2EIdentityProvider } from './social-env';

fs.rmSync(E2E.dataDir, { recursive: true, force: true });
// What the product would find set on a newcomer's machine is left out: the api runs on its defaults.
for (const name of ['DATABASE_URL', 'SHARE_LINK_KEY', 'REDIS_URL', 'SMTP_URL', 'STORAGE']) delete process.env[name];

Object.assign(process.env, {
  NODE_ENV: 'test',
  DATA_DIR: E2E.dataDir,
  API_PORT: String(E2E.apiPort),
  PUBLIC_URL: E2E.baseURL,
  SEED_DEMO: 'true',
  RATE_LIMIT_MAX: '10000',
  // Every journey's enquiry comes from the web's one address; the limits have their api tests.
  ENQUIRY_MAX_PER_ADDRESS: '10000',
  ENQUIRY_NEW_SENDERS_PER_FIRM: '10000',
  // Every journey's Contact popup is looked up from the same address; the limit has its api test.
  CONTACT_LOOKUPS_PER_ADDRESS: '10000',
  ENQUIRY_MAILS_PER_HOUR: '10000',
  // A journey sends its enquiry as fast as a browser can fill it; the form token's minimum age
  // (decision 240) has its api tests.
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
  // Two journey workers beside other programs keep the loop late at times (PGlite runs its queries
  // on it): a journey is no load test. Shedding has its own tests (server/load-shedding.test.ts).
  API_MAX_EVENT_LOOP_DELAY_MS: '0',
  LOG_LEVEL: 'warn',
});
await startE2EIdentityProvider();
const { database } = await runApi(loadConfig());
const client = (database.db as unknown as { $client: Parameters<typeof startDatabaseBridge>[0] }).$client;
await startDatabaseBridge(client, E2E.webPort + 3);
