import fs from 'node:fs';
import pino from 'pino';
import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { createAppContext } from './context.js';
import { openDatabase } from './db/connection.js';
import { demoLoginsFile, demoLoginsText, demoSeedNeeded, seedDemoIfEmpty } from './seed/demo.js';
import { runDemoSeedProcess } from './seed/seed-process.js';
import { startHousekeeping } from './services/housekeeping.js';
import { registerMetrics, serveMetrics } from './metrics.js';
import { drainable } from './http-drain.js';

/**
 * The api process's start (server/main.ts): the database, a first start's demo seed, the routes
 * listening, the housekeeping jobs, and a stop on SIGINT/SIGTERM. The end-to-end harness starts
 * the same (tests/e2e/serve-api.ts), so the journeys run on the api exactly as configured here.
 */
export async function runApi(config: Config = loadConfig()) {
  const log = pino({ level: config.LOG_LEVEL });

  let database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, log });
  log.info({ database: database.kind }, 'database ready');

  // A first start seeds the demo data in a process of its own, whose memory goes with it
  // (decision 096). PGlite is one process's at a time: closed meanwhile. An in-memory database
  // cannot be shared: seeded here, below.
  let seededApart = false;
  if (config.SEED_DEMO && !config.DATABASE_URL?.startsWith('memory://') && (await demoSeedNeeded(database.db))) {
    if (database.kind === 'pglite') await database.close();
    await runDemoSeedProcess();
    if (database.kind === 'pglite') database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, log });
    seededApart = true;
    log.info('demo data seeded');
  }

  const ctx = createAppContext({ config, db: database.db, log, listen: database.listen });
  await ctx.storage.prepare();
  log.info({ storage: ctx.storage.backend }, 'file storage ready');

  if (config.SEED_DEMO && !seededApart) {
    const seeded = await seedDemoIfEmpty(ctx);
    if (seeded) {
      log.info('demo data seeded');
      console.log(demoLoginsText(seeded));
      if (!config.DATABASE_URL?.startsWith('memory://')) fs.writeFileSync(demoLoginsFile(config.dataDir), demoLoginsText(seeded).trim());
    }
  }

  const app = await buildApp(ctx, { logger: log });
  const drain = drainable(app.server);
  // Prometheus metrics on a port of their own, which the proxy never forwards to (server/metrics.ts).
  const metrics = config.METRICS_PORT === undefined ? null : registerMetrics(app, { poolStats: () => database.poolStats?.() ?? { total: 0, idle: 0, waiting: 0 } });
  await app.listen({ host: config.API_HOST, port: config.API_PORT });
  const metricsServer = metrics && (await serveMetrics(metrics, config.METRICS_PORT!));
  if (metricsServer) log.info({ port: config.METRICS_PORT }, 'metrics at /metrics');
  const housekeeping = startHousekeeping(ctx, log);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (closing) return;
      closing = true;
      // The other replicas take over while this one drains (docs/decisions/380).
      log.info({ signal, drainSeconds: config.SHUTDOWN_DRAIN_SECONDS }, 'shutting down');
      await drain.drain(config.SHUTDOWN_DRAIN_SECONDS * 1000);
      await housekeeping.stop();
      metricsServer?.close();
      await app.close();
      await database.close();
      process.exit(0);
    });
  }
  // Started by `npm start`'s supervisor: stop when it is gone, however it went (docs/decisions/304).
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  return { app, ctx, database };
}
