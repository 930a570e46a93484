import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/connection.js';
import { createMailer, type Mailer } from './services/mail.js';
import { RateLimiter } from './services/rate-limiter.js';
import { UploadSlots } from './files/upload-slots.js';
import { createStorage } from './services/storage/create-storage.js';
import type { Storage } from './services/storage/storage.js';

/** What every route plugin needs, built once per api instance. */
export type AppContext = {
  db: Database;
  config: Config;
  mailer: Mailer;
  limiter: RateLimiter;
  storage: Storage;
  uploadSlots: UploadSlots;
};

/** The context of an api instance on an open database: mail, rate limits and storage as the config says. */
export function createAppContext({ config, db, log }: { config: Config; db: Database; log: FastifyBaseLogger }): AppContext {
  return {
    db,
    config,
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: config.outboxDir, log }),
    limiter: new RateLimiter(config.RATE_LIMIT_MAX, config.RATE_LIMIT_WINDOW_SECONDS * 1000),
    storage: createStorage(config),
    uploadSlots: new UploadSlots(config.UPLOADS_PER_ACCOUNT),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
