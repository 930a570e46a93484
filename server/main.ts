import { loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { buildApp } from './app.js';
import { createAppContext } from './context.js';
import { seedDemoIfEmpty } from './seed/demo.js';
import { startUploadCleanup } from './services/upload-cleanup.js';
import pino from 'pino';

const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL });

const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
log.info({ database: database.kind }, 'database ready');

const ctx = createAppContext({ config, db: database.db, log });
await ctx.storage.prepare();
log.info({ storage: ctx.storage.backend }, 'file storage ready');

if (config.SEED_DEMO) {
  const seeded = await seedDemoIfEmpty(ctx);
  if (seeded) {
    log.info('demo data seeded');
    console.log(`\nDemo logins (password for all: ${seeded.password}):\n${seeded.logins.map((l) => `  ${l}`).join('\n')}\n`);
  }
}

const app = await buildApp(ctx, { logger: log });
await app.listen({ host: config.API_HOST, port: config.API_PORT });
const uploadCleanup = startUploadCleanup(ctx, log);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    await uploadCleanup.stop();
    await app.close();
    await database.close();
    process.exit(0);
  });
}
