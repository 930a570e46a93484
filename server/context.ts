import { createTexter, type Texter } from './services/sms.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, Listen } from './db/connection.js';
import { ChatHub } from './services/chat-hub.js';
import { BackgroundTasks } from './services/background.js';
import { createMailer, type Mailer } from './services/mail.js';
import { FirmMail } from './services/firm-mail.js';
import { isEmbeddedDatabase } from './db/connection.js';
import { AttemptLimiter } from './services/rate-limits/attempt-limiter.js';
import { MemoryCounterStore, type CounterStore } from './services/rate-limits/counter-store.js';
import { PostgresCounterStore } from './queries/rate-limit-counters.js';
import { RedisCounterStore } from './services/rate-limits/redis-counter-store.js';
import { UploadSlots } from './files/upload-slots.js';
import { PublicCache } from './services/public-cache.js';
import { SessionLookup } from './queries/sessions.js';
import { createStorage } from './services/storage/create-storage.js';
import type { Storage } from './services/storage/storage.js';

/** What every route plugin needs, built once per api instance. */
export type AppContext = {
  db: Database;
  config: Config;
  mailer: Mailer;
  /** One-time codes by SMS, where SMS_URL is set (docs/decisions/430). */
  texter: Texter;
  /** Every mail sent on a firm's behalf: verification, the firm's allowance, the audit (docs/decisions/235). */
  firmMail: FirmMail;
  limiter: AttemptLimiter;
  storage: Storage;
  uploadSlots: UploadSlots;
  /** Work done after answering (mails whose timing must not show in the answer). */
  background: BackgroundTasks;
  /** The short cache of explore and directory pages, emptied by every write (docs/decisions/133). */
  publicCache: PublicCache;
  /** Every signed-in call's session lookup (docs/decisions/177). */
  sessions: SessionLookup;
  /** Open Group Chat streams of this process, woken through PostgreSQL LISTEN/NOTIFY (docs/decisions/116). */
  chatHub: ChatHub;
};

/** The context of an api instance on an open database: mail, rate limits and storage as the config says. */
export function createAppContext({ config, db, log, listen }: { config: Config; db: Database; log: FastifyBaseLogger; listen?: Listen }): AppContext {
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: config.outboxDir, log });
  const store = counterStore(config, db, log);
  return {
    db,
    config,
    mailer,
    texter: createTexter({ url: config.SMS_URL, token: config.SMS_TOKEN, log }),
    firmMail: new FirmMail(db, mailer, store, { perHour: config.FIRM_MAIL_PER_HOUR, perDay: config.FIRM_MAIL_PER_DAY }),
    limiter: new AttemptLimiter(store, {
      max: config.RATE_LIMIT_MAX,
      addressMax: config.RATE_LIMIT_ADDRESS_MAX,
      windowMs: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
      maxDelayMs: config.RATE_LIMIT_MAX_DELAY_SECONDS * 1000,
    }),
    storage: createStorage(config),
    uploadSlots: new UploadSlots(config.UPLOADS_PER_ACCOUNT),
    background: new BackgroundTasks(log),
    publicCache: new PublicCache(config.PUBLIC_CACHE_MS),
    sessions: new SessionLookup(db, config.SESSION_CACHE_MS),
    chatHub: new ChatHub(listen, config.CHAT_STREAMS_PER_ACCOUNT),
  };
}

/**
 * Where the rate-limit counters live: Redis when REDIS_URL is set, else the PostgreSQL database;
 * in memory only on the embedded database, which has a single api process anyway.
 */
function counterStore(config: Config, db: Database, log: FastifyBaseLogger): CounterStore {
  if (config.REDIS_URL) {
    // The client retries every few seconds while Redis is away: one log line a minute is enough.
    let lastLog = 0;
    return RedisCounterStore.connect(config.REDIS_URL, config.REDIS_PREFIX, (error) => {
      if (Date.now() - lastLog < 60_000) return;
      lastLog = Date.now();
      log.warn({ err: error }, 'redis: rate-limit counters unavailable (sign-ins answer 503 meanwhile)');
    });
  }
  return isEmbeddedDatabase(config.DATABASE_URL) ? new MemoryCounterStore() : new PostgresCounterStore(db);
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
