import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase } from '../../server/db/connection';
import type { AppContext } from '../../server/context';
import { createMailer } from '../../server/services/mail';
import { RateLimiter } from '../../server/services/rate-limiter';
import { createDiskStorage } from '../../server/services/storage';
import { databaseUrl, TEST_PG_URL } from '../setup/database-url';
import pino from 'pino';

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;

/**
 * An api instance on a fresh PostgreSQL database copied from the migrated template,
 * with its own data folder (uploads, outbox). Call `close()` in afterAll.
 */
export async function createTestApi(overrides: Partial<Record<string, string>> = {}) {
  const template = inject('templateDatabase');
  const name = `${template}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'api-test-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl(name),
    RATE_LIMIT_MAX: '1000',
    ...overrides,
  });
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir });
  const log = pino({ level: 'silent' });
  const ctx: AppContext = {
    db: database.db,
    config,
    mailer: createMailer({ from: config.MAIL_FROM, outboxDir: config.outboxDir, log }),
    limiter: new RateLimiter(config.RATE_LIMIT_MAX, config.RATE_LIMIT_WINDOW_SECONDS * 1000),
    storage: createDiskStorage({ publicDir: config.uploadsDir, privateDir: config.privateDir }),
  };
  const app = await buildApp(ctx);
  await app.ready();

  return {
    app,
    db: database.db,
    ctx,
    config,
    /** Mails written to the outbox, oldest first. */
    async outbox(): Promise<Array<{ to: string; subject: string; text: string }>> {
      const files = (await fs.readdir(config.outboxDir).catch(() => [] as string[])).sort();
      return Promise.all(files.map(async (f) => JSON.parse(await fs.readFile(path.join(config.outboxDir, f), 'utf8'))));
    },
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Authorization header for a token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs a user in through the api and returns the token. */
export async function loginToken(api: TestApi, email: string, password = 'secret123'): Promise<string> {
  const res = await api.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
  return res.json().token;
}
