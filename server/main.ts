import { loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { buildApp } from './app.js';
import { createMailer } from './services/mail.js';
import { RateLimiter } from './services/rate-limiter.js';
import { createDiskStorage } from './services/storage.js';
import { seedDemoIfEmpty } from './seed/demo.js';
import pino from 'pino';

const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL });

const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
log.info({ database: database.kind }, 'database ready');

const ctx = {
  db: database.db,
  config,
  mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: config.outboxDir, log }),
  limiter: new RateLimiter(config.RATE_LIMIT_MAX, config.RATE_LIMIT_WINDOW_SECONDS * 1000),
  storage: createDiskStorage({ publicDir: config.uploadsDir, privateDir: config.privateDir }),
};

if (config.SEED_DEMO) {
  const seeded = await seedDemoIfEmpty(ctx);
  if (seeded) {
    log.info('demo data seeded');
    console.log(`\nDemo logins (password for all: ${seeded.password}):\n${seeded.logins.map((l) => `  ${l}`).join('\n')}\n`);
  }
}

const app = await buildApp(ctx, { logger: log });
await app.listen({ host: config.API_HOST, port: config.API_PORT });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  });
}
