/**
 * `npm run bench`: builds the web, starts the product (api on a freshly seeded database, web with
 * the web server of `npm start`) on spare loopback ports, then prints
 *  - requests per second and p50/p99 latency (autocannon) of /explore, /explore/{id}, /firms and
 *    GET /api/projects/explore, beside a baseline: the web's /healthz (no api call, no rendering);
 *  - the bytes of HTML, CSS, JavaScript and images a browser downloads for /explore on first load.
 * Figures only: it never fails a build. Knobs: BENCH_DURATION (seconds per run, default 5),
 * BENCH_CONNECTIONS (default 10), BENCH_SKIP_BUILD=1, TEST_DATABASE_URL (PostgreSQL server; when
 * it cannot be reached the api runs on PGlite in a temporary folder).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { createCookieSessionStorage } from '@remix-run/node';
import autocannon from 'autocannon';
import { createDatabase, freePort, waitFor } from './instance';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const EMAIL = 'explorer@demo.test';
const PASSWORD = 'demo1234';

const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];

function start(name: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  child.on('exit', (code, signal) => {
    if (!stopping && code !== 0) console.error(`${name} exited (${code ?? signal}):\n${stderr}`);
  });
  children.push(child);
  return child;
}

let stopping = false;
async function stop() {
  stopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5000).unref();
        }),
    ),
  );
  for (const cleanup of cleanups.reverse()) await cleanup();
}

/** A fresh PostgreSQL database when the server answers, otherwise null (PGlite). */
async function benchDatabase(): Promise<string | null> {
  const database = await createDatabase(`bench_${process.pid}`);
  if (!database) return null;
  cleanups.push(database.drop);
  return database.url;
}

type Row = { name: string; rps: number; p50: number; p99: number; non2xx: number; errors: number };

async function load(name: string, url: string, headers: Record<string, string>): Promise<Row> {
  const check = await fetch(url, { headers, redirect: 'manual' });
  if (check.status !== 200) throw new Error(`${name}: ${url} answered ${check.status}, not 200`);
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 }); // warm-up
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

type Weight = Record<'html' | 'css' | 'js' | 'images' | 'other', { requests: number; transferred: number; decoded: number }>;

/** What a browser downloads for `url` on a first visit (empty cache), by kind. */
async function pageWeight(url: string, cookie: { name: string; value: string }, width: number): Promise<Weight> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ viewport: { width, height: width > 700 ? 800 : 812 } });
    await context.addCookies([{ ...cookie, url }]);
    const page = await context.newPage();
    const weight: Weight = {
      html: { requests: 0, transferred: 0, decoded: 0 },
      css: { requests: 0, transferred: 0, decoded: 0 },
      js: { requests: 0, transferred: 0, decoded: 0 },
      images: { requests: 0, transferred: 0, decoded: 0 },
      other: { requests: 0, transferred: 0, decoded: 0 },
    };
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      pending.push(
        (async () => {
          const type = response.request().resourceType();
          const kind = type === 'document' ? 'html' : type === 'stylesheet' ? 'css' : type === 'script' ? 'js' : type === 'image' ? 'images' : 'other';
          const sizes = await response.request().sizes().catch(() => null);
          const body = await response.body().catch(() => Buffer.alloc(0));
          weight[kind].requests += 1;
          weight[kind].transferred += sizes?.responseBodySize ?? body.length;
          weight[kind].decoded += body.length;
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    return weight;
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) {
    console.log('Building the web (remix build)…');
    const build = spawnSync(process.execPath, ['node_modules/@remix-run/dev/dist/cli.js', 'build'], { stdio: 'ignore' });
    if (build.status !== 0) throw new Error('remix build failed');
  }
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrlForApi = await benchDatabase();
  console.log(`Database: ${databaseUrlForApi ? 'PostgreSQL (fresh database)' : 'PGlite (temporary folder)'}; seeding the demo data…`);

  const secret = crypto.randomBytes(24).toString('hex');
  const base: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  delete base.DATABASE_URL;
  start('api', ['--import', 'tsx', 'server/main.ts'], {
    ...base,
    ...(databaseUrlForApi ? { DATABASE_URL: databaseUrlForApi } : {}),
    DATA_DIR: dataDir,
    API_HOST: '127.0.0.1',
    API_PORT: String(apiPort),
    PUBLIC_URL: webUrl,
    SEED_DEMO: 'true',
    RATE_LIMIT_MAX: '1000000',
    LOG_LEVEL: 'warn',
  });
  await waitFor(`${apiUrl}/api/health`, 180);
  start('web', ['--import', 'tsx', 'web-server/index.ts'], {
    ...base,
    PORT: String(webPort),
    HOST: '127.0.0.1',
    API_URL: apiUrl,
    PUBLIC_URL: webUrl,
    SESSION_SECRET: secret,
    LOG_LEVEL: 'warn',
  });
  await waitFor(`${webUrl}/healthz`, 60);

  // A signed-in explorer, made as the end-to-end fixtures do: an api token in a signed web cookie.
  const login = await fetch(`${apiUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login as ${EMAIL} failed: ${login.status}`);
  const { token, data: user } = (await login.json()) as { token: string; data: Record<string, unknown> };
  const storage = createCookieSessionStorage({ cookie: { name: '__session', httpOnly: true, sameSite: 'lax', path: '/', secrets: [secret] } });
  const session = await storage.getSession();
  session.set('token', token);
  session.set('user', {
    id: user.id,
    userName: user.userName,
    role: user.role,
    email: user.email,
    firmName: user.firmName,
    profileImage: user.profileImage,
    isVerify: user.isVerify,
    HasPassword: user.HasPassword,
  });
  const cookieValue = (await storage.commitSession(session)).split(';')[0]!.split('=').slice(1).join('=');
  const web = { cookie: `__session=${cookieValue}` };
  const bearer = { authorization: `Bearer ${token}` };

  const explore = (await (await fetch(`${apiUrl}/api/projects/explore?page=1&limit=10`, { headers: bearer })).json()) as {
    projects: Array<{ id: string }>;
    count: number;
  };
  const projectId = explore.projects[0]!.id;

  console.log(`\nLoad: ${CONNECTIONS} connections, ${DURATION} s per target, loopback, ${os.cpus().length} CPUs, Node ${process.versions.node}\n`);
  const rows: Row[] = [];
  rows.push(await load('web baseline  GET /healthz', `${webUrl}/healthz`, {}));
  rows.push(await load('web  GET /explore', `${webUrl}/explore`, web));
  rows.push(await load('web  GET /explore/{id}', `${webUrl}/explore/${projectId}`, web));
  rows.push(await load('web  GET /firms', `${webUrl}/firms`, web));
  rows.push(await load('api  GET /api/projects/explore', `${apiUrl}/api/projects/explore?page=1&limit=10`, bearer));
  const pad = (s: string, n: number) => s.padEnd(n);
  console.log(`${pad('target', 34)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}non-2xx/errors`);
  for (const r of rows) {
    console.log(`${pad(r.name, 34)}${pad(r.rps.toFixed(0), 10)}${pad(String(r.p50), 9)}${pad(String(r.p99), 9)}${r.non2xx}/${r.errors}`);
  }

  console.log(`\nFirst load of /explore (empty cache; ${explore.count} public projects, 10 per page):`);
  for (const width of [1280, 375]) {
    const w = await pageWeight(`${webUrl}/explore`, { name: '__session', value: cookieValue }, width);
    const total = Object.values(w).reduce((sum, k) => sum + k.transferred, 0);
    const line = (['html', 'css', 'js', 'images', 'other'] as const)
      .filter((k) => w[k].requests > 0)
      .map((k) => `${k.toUpperCase()} ${kb(w[k].transferred)} (${w[k].requests} req${k !== 'images' && w[k].decoded !== w[k].transferred ? `, ${kb(w[k].decoded)} uncompressed` : ''})`)
      .join(' · ');
    console.log(`  ${width} px wide: ${line} · total ${kb(total)} transferred`);
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await stop();
}
