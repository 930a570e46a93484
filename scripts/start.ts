/**
 * `npm start` (as build/start.mjs, scripts/build-api.mjs): the built api and web on their embedded defaults, in one terminal, kept running
 * (a crashed process is started again with back-off; Ctrl-C stops both). The web answers on
 * http://localhost:3000 and forwards /api and /uploads to the api.
 *
 * Zero configuration (docs/decisions/063): NODE_ENV is production, PUBLIC_URL is
 * http://localhost:PORT, and without SESSION_SECRET a random one is made once and kept in
 * DATA_DIR/session-secret, so sessions survive restarts and no development secret is ever used.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { demoLoginsFile } from '../server/seed/demo-logins-file';
import { mallocEnv } from './malloc-env';
import { Supervisor } from './supervisor';
import { API_NODE_FLAGS, WEB_NODE_FLAGS } from './node-flags';

const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.PORT ?? '3000';
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');

/** SESSION_SECRET from the environment, or the one kept under data/ (made on first start). */
function sessionSecret(): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = path.join(dataDir, 'session-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(32).toString('hex');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  console.log(`[start] made a session secret in ${file}`);
  return secret;
}

const env = {
  ...process.env,
  API_PORT: apiPort,
  API_URL: process.env.API_URL ?? `http://127.0.0.1:${apiPort}`,
  PORT: webPort,
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
  NODE_ENV: process.env.NODE_ENV ?? 'production',
  SESSION_SECRET: sessionSecret(),
  ...mallocEnv(),
};

const supervisor = new Supervisor();
let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await supervisor.stop();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

/**
 * How long a process may take to answer its health check on start. Generous: on a loaded machine
 * (2 CPUs shared with test runs) the api's migrations and demo seed took over two minutes.
 */
const START_TIMEOUT_MS = Number(process.env.START_TIMEOUT_SECONDS ?? 300) * 1000;

// Liveness, not readiness: a database that is briefly away is not a reason to restart the api.
const apiHealth = `${env.API_URL}/api/health/live`;
const webHealth = `http://127.0.0.1:${webPort}/healthz`;
try {
  supervisor.start({ name: 'api', command: process.execPath, args: [...API_NODE_FLAGS, 'build/api.mjs'], env, healthUrl: apiHealth });
  await supervisor.ready('api', START_TIMEOUT_MS);
  supervisor.start({ name: 'web', command: process.execPath, args: [...WEB_NODE_FLAGS, 'build/web-server.mjs'], env, healthUrl: webHealth });
  await supervisor.ready('web', START_TIMEOUT_MS);
} catch (error) {
  // Never leave a started process behind (it would keep writing into DATA_DIR).
  await supervisor.stop();
  throw error;
}
banner();

/**
 * The one start banner: where to open it, the demo logins when the demo data
 * was seeded (the seed leaves them in DATA_DIR), and how to see more of the log.
 */
function banner() {
  const logins = fs.existsSync(demoLoginsFile(dataDir)) ? fs.readFileSync(demoLoginsFile(dataDir), 'utf8').trim() : '';
  const rule = '─'.repeat(64);
  const lines = [
    rule,
    `  Archivista is running on ${env.PUBLIC_URL}`,
    ...(logins ? ['', ...logins.split('\n').map((l) => `  ${l}`)] : []),
    '',
    `  Log: ${process.env.LOG_LEVEL ?? 'info'} (one line per page and api request; LOG_LEVEL=warn for quiet, debug for more)`,
    rule,
  ];
  console.log(`\n${lines.join('\n')}\n`);
}
