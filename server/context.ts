import type { Config } from './config.js';
import type { Database } from './db/connection.js';
import type { Mailer } from './services/mail.js';
import type { RateLimiter } from './services/rate-limiter.js';
import type { Storage } from './services/storage.js';

/** What every route plugin needs, built once per api instance. */
export type AppContext = {
  db: Database;
  config: Config;
  mailer: Mailer;
  limiter: RateLimiter;
  storage: Storage;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
