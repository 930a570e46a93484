/**
 * `npm run bench` (docs/decisions/057, 137): builds the web, then for PostgreSQL and for the
 * embedded default (PGlite) in turn starts the product itself (api on a freshly seeded database,
 * web with the server of `npm start`) on spare loopback ports and prints:
 *  - each target beside its baseline, measured one after the other in the same run, with the
 *    ratio (target ÷ baseline requests per second) beside the absolute figures;
 *  - the api explore route on the embedded default ÷ the same route on PostgreSQL;
 *  - SQL statements per explore page (PostgreSQL's own transaction counter);
 *  - first-load bytes of /explore (JavaScript gzip against its 100 KB goal);
 *  - the summary editor's page of a schedule of 200 items: its latency, and its reads per table;
 *    the SQL statements per load of each workspace page (scripts/bench-workspace.ts);
 *  - each process's resident memory at idle and after each 200-connection round (leak check);
 *  - overload (scripts/bench-overload.ts, docs/decisions/350): 200 connections for 30 s on the signed-in
 *    `/explore` and `/workspace/invoices`: served p99, the share of quick 503s, time-outs, and the
 *    latency of the web's `/healthz` sampled during the run;
 *  - the signed-out showcase's caching (scripts/bench-showcase.ts, docs/decisions/388): /explore and
 *    a project page as first render, 304 and cached hit, at 16 and 200 connections;
 *  - with BENCH_SCALE=N (PostgreSQL): the explore list (page 1 and 500), search, the directory by
 *    city, the sitemap index and a sitemap file (docs/decisions/387) and a firm portfolio on the demo data and on a second database with the same demo seed
 *    and N generated public projects of N/20 firms (images shared), measured in turns, with the ratio.
 * Figures only: it never fails a build. Knobs: BENCH_DURATION (s per target, 10),
 * BENCH_CONNECTIONS (16), BENCH_LOAD_SECONDS (s per 200-connection round, 60), BENCH_LOAD_ROUNDS
 * (3), BENCH_DATABASES (`postgres,embedded`), BENCH_SKIP_BUILD=1, BENCH_SCALE, TEST_DATABASE_URL.
 *
 * Each measurement is one function below (`target*`, `memoryRounds`, `pageWeight`, `scaleCost`),
 * so a new target (a PDF timing, scripts/bench-pdf.ts) is one more function and one more call.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { createCookieSessionStorage } from '@remix-run/node';
import autocannon from 'autocannon';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database } from '../server/db/connection';
import * as schema from '../server/db/schema';
import { recountShownProjects } from '../server/queries/visibility';
import { createDatabase, freePort, waitFor } from './instance';
import { benchOverload } from './bench-overload';
import { benchPdf } from './bench-pdf';
import { benchExports } from './bench-exports';
import { benchShowcaseCache } from './bench-showcase';
import { benchEditorAtSize } from './bench-editor';
import { benchSummaryEditor, workspacePageStatements } from './bench-workspace';
import { mallocEnv } from './malloc-env';
import { toSessionUser, type AccountLike } from '../app/utils/session-user';
import { API_NODE_FLAGS, WEB_NODE_FLAGS } from './node-flags';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const LOAD_ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 3);
const SCALE = Number(process.env.BENCH_SCALE ?? 0);
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,embedded').split(',') as Array<'postgres' | 'embedded'>;
/** `BENCH_ONLY=memory,weight` runs only those parts (pages, cpu, statements, weight, summary, editor, workspace, memory, overload, showcase, scale, pdf, exports): a quick measure of one thing. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
const wanted = (part: 'pages' | 'cpu' | 'statements' | 'weight' | 'summary' | 'editor' | 'workspace' | 'memory' | 'overload' | 'showcase' | 'scale' | 'pdf' | 'exports') => !ONLY || ONLY.includes(part);
const EMAIL = 'explorer@demo.test';
const PASSWORD = 'demo1234';

// Processes ---------------------------------------------------------------------------------------

const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
let stopping = false;

function start(name: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  child.on('exit', (code, signal) => {
    if (!stopping && !(child as { benchStopped?: boolean }).benchStopped && code !== 0) console.error(`${name} exited (${code ?? signal}):\n${stderr}`);
  });
  children.push(child);
  return child;
}

function stopChild(child: ChildProcess): Promise<void> {
  (child as { benchStopped?: boolean }).benchStopped = true;
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

async function stopAll() {
  stopping = true;
  await Promise.all(children.map(stopChild));
  for (const cleanup of cleanups.reverse()) await cleanup();
}

/** Resident memory of a process (VmRSS of /proc), in MB. */
function rssMb(child: ChildProcess): number {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

// The product ------------------------------------------------------------------------------------

type Product = {
  kind: 'postgres' | 'embedded';
  databaseUrl: string | null;
  apiUrl: string;
  webUrl: string;
  api: ChildProcess;
  web: ChildProcess;
  cookie: string;
  cookieValue: string;
  bearer: Record<string, string>;
  projectId: string;
  firmId: string;
  exploreJson: string;
  stop: () => Promise<void>;
};

const secret = crypto.randomBytes(24).toString('hex');
const baseEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...mallocEnv() };
  delete env.DATABASE_URL;
  return env;
};

function startApi(port: number, databaseUrl: string | null, dataDir: string, webUrl: string, extra: Record<string, string> = {}) {
  return start('api', [...API_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'], {
    ...baseEnv(),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: dataDir,
    API_HOST: '127.0.0.1',
    API_PORT: String(port),
    PUBLIC_URL: webUrl,
    SEED_DEMO: 'true',
    RATE_LIMIT_MAX: '1000000',
    ...extra,
  });
}

/**
 * An account of the demo data signed in as the end-to-end fixtures do: an api token in a signed web
 * cookie, with the snapshot the web keeps (`toSessionUser`, app/utils/session-user.ts), from
 * /users/me as the web reads it: a snapshot the api's viewer version disagrees with (decision 131)
 * would make every page a redirect, and the bench would measure redirects (it did until isSubAdmin
 * was added).
 */
async function signIn(apiUrl: string, email: string): Promise<{ cookie: string; cookieValue: string; bearer: Record<string, string> }> {
  const login = await fetch(`${apiUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login as ${email} failed: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const bearer = { authorization: `Bearer ${token}` };
  const me = (await (await fetch(`${apiUrl}/api/users/me`, { headers: bearer })).json()) as { data: AccountLike };
  const storage = createCookieSessionStorage({ cookie: { name: '__session', httpOnly: true, sameSite: 'lax', path: '/', secrets: [secret] } });
  const session = await storage.getSession();
  session.set('token', token);
  session.set('user', toSessionUser(me.data));
  const cookieValue = (await storage.commitSession(session)).split(';')[0]!.split('=').slice(1).join('=');
  return { cookie: `__session=${cookieValue}`, cookieValue, bearer };
}

async function startProduct(kind: 'postgres' | 'embedded'): Promise<Product | null> {
  let databaseUrl: string | null = null;
  let drop: (() => Promise<void>) | null = null;
  if (kind === 'postgres') {
    const database = await createDatabase(`bench_${process.pid}`);
    if (!database) {
      console.log('PostgreSQL does not answer (TEST_DATABASE_URL): its run is skipped.');
      return null;
    }
    databaseUrl = database.url;
    drop = database.drop;
  }
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  console.log(`\n=== ${kind === 'postgres' ? 'PostgreSQL' : 'Embedded default (PGlite)'} — seeding the demo data…`);
  const firstStart = performance.now();
  const api = startApi(apiPort, databaseUrl, dataDir, webUrl);
  await waitFor(`${apiUrl}/api/health`, 600);
  // A newcomer's first `npm start` waits for this: migrations and the demo seed (goal: under 20 s).
  console.log(`  first start (migrations, demo seed): ${((performance.now() - firstStart) / 1000).toFixed(1)} s`);
  // BENCH_WEB_NODE_OPTIONS: more flags for the web's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const webFlags = process.env.BENCH_WEB_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [];
  const web = start('web', [...WEB_NODE_FLAGS, ...webFlags, 'build/web-server.mjs'], {
    ...baseEnv(),
    PORT: String(webPort),
    HOST: '127.0.0.1',
    API_URL: apiUrl,
    PUBLIC_URL: webUrl,
    SESSION_SECRET: secret,
  });
  await waitFor(`${webUrl}/healthz`, 60);

  const { cookie, cookieValue, bearer } = await signIn(apiUrl, EMAIL);
  const page = await fetch(`${webUrl}/explore`, { headers: { cookie }, redirect: 'manual' });
  if (page.status !== 200) throw new Error(`the signed-in /explore answers ${page.status}, not 200: the bench's session is not the web's`);
  const exploreJson = await (await fetch(`${apiUrl}/api/projects/explore?page=1&limit=12`, { headers: bearer })).text();
  const explore = JSON.parse(exploreJson) as { projects: Array<{ id: string; userId: string }> };
  return {
    kind,
    databaseUrl,
    apiUrl,
    webUrl,
    api,
    web,
    cookie,
    cookieValue,
    bearer,
    projectId: explore.projects[0]!.id,
    firmId: explore.projects[0]!.userId,
    exploreJson,
    stop: async () => {
      await Promise.all([stopChild(web), stopChild(api)]);
      if (drop) await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Load and its report ----------------------------------------------------------------------------

type Figures = { rps: number; p50: number; p99: number; non2xx: number; errors: number };

async function load(url: string, headers: Record<string, string>, options: { connections?: number; duration?: number } = {}): Promise<Figures> {
  const check = await fetch(url, { headers, redirect: 'manual' });
  if (check.status !== 200) throw new Error(`${url} answered ${check.status}, not 200`);
  await check.arrayBuffer();
  const connections = options.connections ?? CONNECTIONS;
  await autocannon({ url, headers, connections, duration: 1 }); // warm-up
  const r = await autocannon({ url, headers, connections, duration: options.duration ?? DURATION });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

type Read = { url: string; headers: Record<string, string> };
type Latency = { p50: number; p99: number; items: number };

/**
 * One connection, request after request, for `seconds`: each time is added to `times` in
 * milliseconds (the scale reads answer in 1–5 ms, where autocannon's whole milliseconds would make
 * 1 against 2 out of 1.2 against 1.6). Answers the last body.
 */
async function timeReads(read: Read, seconds: number, times: number[]): Promise<string> {
  let body = '';
  for (const end = Date.now() + seconds * 1000; Date.now() < end; ) {
    const started = process.hrtime.bigint();
    const response = await fetch(read.url, { headers: read.headers, redirect: 'manual' });
    body = await response.text();
    if (response.status !== 200) throw new Error(`${read.url} answered ${response.status}, not 200`);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return body;
}

function latencyOf(times: number[], body: string): Latency {
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 100) / 100;
  // A sitemap answers XML: its items are its entries.
  const items = body.startsWith('<') ? (body.match(/<(?:url|sitemap)>/g) ?? []).length : itemsIn(JSON.parse(body));
  return { p50: at(0.5), p99: at(0.99), items };
}

/**
 * The latencies of two reads measured in turns, half a second each, for `seconds` each after a
 * second's warm-up: a machine that slows down for a while slows both alike, so their ratio holds
 * where two measures minutes apart moved by half.
 */
async function latencyInTurns(a: Read, b: Read, seconds: number): Promise<[Latency, Latency]> {
  await timeReads(a, 1, []);
  await timeReads(b, 1, []);
  const times: [number[], number[]] = [[], []];
  let bodies = ['', ''];
  for (let turn = 0; turn < seconds * 2; turn++) bodies = [await timeReads(a, 0.5, times[0]), await timeReads(b, 0.5, times[1])];
  return [latencyOf(times[0], bodies[0]!), latencyOf(times[1], bodies[1]!)];
}

/** How many things a reply lists (its arrays, at the top or under `data`): a page of 3 firms and one of 12 do not cost the same. */
function itemsIn(reply: Record<string, unknown>): number {
  const values = [...Object.values(reply), ...(reply.data && typeof reply.data === 'object' ? Object.values(reply.data) : [])];
  return values.reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 0), 0);
}

type Row = { target: string; figures: Figures; baseline?: { name: string; figures: Figures }; goal?: string };
const report: Array<{ section: string; rows: Row[]; notes: string[] }> = [];

const pad = (s: string, n: number) => s.padEnd(n);
function printRows(rows: Row[]) {
  console.log(`  ${pad('target', 44)}${pad('req/s', 9)}${pad('p50', 7)}${pad('p99', 7)}${pad('n2xx/err', 10)}${pad('baseline', 30)}${pad('base req/s', 11)}${pad('ratio', 8)}goal`);
  for (const { target, figures: f, baseline, goal } of rows) {
    const ratio = baseline ? `${(f.rps / baseline.figures.rps).toFixed(2)}×` : '';
    console.log(
      `  ${pad(target, 44)}${pad(f.rps.toFixed(0), 9)}${pad(String(f.p50), 7)}${pad(String(f.p99), 7)}${pad(`${f.non2xx}/${f.errors}`, 10)}` +
        `${pad(baseline?.name ?? '', 30)}${pad(baseline ? baseline.figures.rps.toFixed(0) : '', 11)}${pad(ratio, 8)}${goal ?? ''}`,
    );
  }
}

// Targets (one function each) --------------------------------------------------------------------

/**
 * A web page against the web's floor through Remix, measured right before it: a resource route whose
 * loader calls no api (`/resources/places`). It was `/healthz` until the web answered that itself,
 * before Remix (docs/decisions/350).
 */
async function targetWebPage(p: Product, name: string, pathname: string, headers: Record<string, string>, goal: string): Promise<Row> {
  const baseline = await load(`${p.webUrl}/resources/places`, {});
  const figures = await load(`${p.webUrl}${pathname}`, headers);
  return { target: name, figures, baseline: { name: 'web /resources/places', figures: baseline }, goal };
}

/** The api's explore page against a bare Fastify route answering the same size of JSON. */
async function targetApiExplore(p: Product): Promise<Row> {
  const port = await freePort();
  const file = path.join(os.tmpdir(), `bench-bare-${process.pid}.json`);
  fs.writeFileSync(file, p.exploreJson);
  const bare = start('bare', ['--import', 'tsx', 'scripts/bench-bare.ts'], { ...baseEnv(), BENCH_BARE_JSON: file, BENCH_BARE_PORT: String(port) });
  try {
    await waitFor(`http://127.0.0.1:${port}/bare`, 30);
    const baseline = await load(`http://127.0.0.1:${port}/bare`, {});
    const figures = await load(`${p.apiUrl}/api/projects/explore?page=1&limit=12`, p.bearer);
    return {
      target: 'api GET /api/projects/explore (12)',
      figures,
      baseline: { name: `bare Fastify (${(p.exploreJson.length / 1024).toFixed(1)} KB JSON)`, figures: baseline },
      goal: '≥ 0.5×',
    };
  } finally {
    await stopChild(bare);
    fs.rmSync(file, { force: true });
  }
}

/** CPU time of a process so far (user + system, /proc/<pid>/stat), in ms. */
function cpuMs(child: ChildProcess): number {
  const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are the 12th and 13th fields after the command, in clock ticks (100 a second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU milliseconds each process spends per page (4 connections, 1000 requests after 500 to warm up):
 * unlike requests a second, this hardly moves with what else the machine is doing, so it says
 * where a page's cost is and whether a change lowered it.
 */
async function cpuPerPage(p: Product, pages: Array<[string, string, Record<string, string>]>): Promise<string[]> {
  const lines = ['CPU per request (ms; 1000 requests, 4 connections):', `  ${pad('page', 30)}${pad('web', 8)}api`];
  for (const [name, pathname, headers] of pages) {
    const url = `${p.webUrl}${pathname}`;
    await autocannon({ url, headers, connections: 4, amount: 500 });
    const before = [cpuMs(p.web), cpuMs(p.api)];
    const r = await autocannon({ url, headers, connections: 4, amount: 1000 });
    const [web, api] = [cpuMs(p.web) - before[0]!, cpuMs(p.api) - before[1]!];
    const n = r.requests.total || 1000;
    lines.push(`  ${pad(name, 30)}${pad((web / n).toFixed(2), 8)}${(api / n).toFixed(2)}${r.non2xx ? `  (${r.non2xx} not 2xx)` : ''}`);
  }
  return lines;
}

/** SQL statements per signed-in explore page (PostgreSQL counts one transaction per statement). */
async function targetStatementsPerPage(p: Product): Promise<string> {
  if (!p.databaseUrl) return 'SQL statements per explore page: counted on PostgreSQL only';
  const client = new pg.Client({ connectionString: p.databaseUrl });
  await client.connect();
  const commits = async () => Number((await client.query('select xact_commit from pg_stat_database where datname = current_database()')).rows[0].xact_commit);
  // Backends report their counters when idle for a while (at most 10 s later).
  const settle = () => new Promise((resolve) => setTimeout(resolve, 11_000));
  await settle();
  const before = await commits();
  const pages = 20;
  for (let i = 0; i < pages; i++) await (await fetch(`${p.webUrl}/explore`, { headers: { cookie: p.cookie } })).text();
  await settle();
  const after = await commits();
  await client.end();
  // This client's own two reads count too.
  const perPage = (after - before - 2) / pages;
  return `SQL statements per explore page (web + api, signed in, ${pages} pages in a row, public cache on): ${perPage.toFixed(2)} (goal ≤ 2; a cache miss: 2, tests/viewer-session.test.ts)`;
}

/** First-load bytes of /explore by kind (an empty cache), at a desktop and a phone width. */
async function pageWeight(p: Product): Promise<string[]> {
  const browser = await chromium.launch({
    executablePath: fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const lines: string[] = [];
  try {
    for (const width of [1280, 375]) {
      const context = await browser.newContext({ viewport: { width, height: width > 700 ? 800 : 812 } });
      await context.addCookies([{ name: '__session', value: p.cookieValue, url: p.webUrl }]);
      const page = await context.newPage();
      const weight: Record<string, { requests: number; transferred: number; decoded: number }> = {};
      const pending: Promise<void>[] = [];
      page.on('response', (response) => {
        pending.push(
          (async () => {
            const type = response.request().resourceType();
            const kind = type === 'document' ? 'html' : type === 'stylesheet' ? 'css' : type === 'script' ? 'js' : type === 'image' ? 'images' : 'other';
            const sizes = await response.request().sizes().catch(() => null);
            const body = await response.body().catch(() => Buffer.alloc(0));
            const w = (weight[kind] ??= { requests: 0, transferred: 0, decoded: 0 });
            w.requests += 1;
            w.transferred += sizes?.responseBodySize ?? body.length;
            w.decoded += body.length;
          })(),
        );
      });
      await page.goto(`${p.webUrl}/explore`, { waitUntil: 'networkidle' });
      await Promise.all(pending);
      await context.close();
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
      const total = Object.values(weight).reduce((sum, k) => sum + k.transferred, 0);
      const parts = ['html', 'css', 'js', 'images', 'other']
        .filter((k) => weight[k])
        .map((k) => `${k.toUpperCase()} ${kb(weight[k]!.transferred)} (${weight[k]!.requests} req${k !== 'images' ? `, ${kb(weight[k]!.decoded)} uncompressed` : ''})`);
      lines.push(`First load of /explore at ${width} px: ${parts.join(' · ')} · total ${kb(total)}`);
      if (width === 1280) lines.push(`  JavaScript (gzip) ${kb(weight.js?.transferred ?? 0)} — goal ≤ 100 KB`);
    }
  } finally {
    await browser.close();
  }
  return lines;
}

/** Resident memory of api and web at idle, then after each round of 200 connections on /explore. */
async function memoryRounds(p: Product): Promise<string[]> {
  const idle = () => new Promise((resolve) => setTimeout(resolve, 5000));
  const line = (when: string) => `  ${pad(when, 34)}api ${rssMb(p.api).toFixed(0).padStart(4)} MB   web ${rssMb(p.web).toFixed(0).padStart(4)} MB`;
  const goal = p.kind === 'postgres' ? 'goal: web ≤ 200 MB, api ≤ 250 MB' : 'goal: api ≤ 400 MB';
  const lines = [`Resident memory (${goal}; no growth from round to round):`];
  await idle();
  lines.push(line('idle'));
  for (let round = 1; round <= LOAD_ROUNDS; round++) {
    // A slow answer is still an answer: 60 s before autocannon gives up on one (its default is 10 s).
    const r = await autocannon({ url: `${p.webUrl}/explore`, headers: { cookie: p.cookie }, connections: 200, duration: LOAD_SECONDS, timeout: 60 });
    lines.push(line(`after round ${round} (200 conn., ${LOAD_SECONDS} s)`) + `   ${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx, ${r.errors + r.timeouts} errors`);
    await idle();
    lines.push(line(`idle after round ${round}`));
  }
  return lines;
}

// Cost as the data grows ---------------------------------------------------------------------------

/** The reads whose cost must not grow with the data (BENCH_SCALE), by name, on the api at `apiUrl`. */
async function scaleReadsOf(apiUrl: string, bearer: Record<string, string>, firmId: string, city: string): Promise<Map<string, Read>> {
  // The cursor the "Load more" link of page 499 carries (keyset paging, decision 161); the demo data
  // has no page 499, so there the deepest page it has.
  const cursorAt = async (page: number, limit: number) =>
    ((await (await fetch(`${apiUrl}/api/projects/explore?page=${page}&limit=${limit}`, { headers: bearer })).json()) as { nextCursor?: string | null }).nextCursor ?? null;
  const deepCursor = (await cursorAt(499, 12)) ?? (await cursorAt(1, 1));
  // The same for the firm directory (decision 175): the "Load more" link of page 300 of the whole
  // directory, and of page 40 of one city (country, state and city, as the web's filters send them).
  const cityFilter = `country=India&state=Maharashtra&city=${encodeURIComponent(city)}`;
  const firmCursorAt = async (query: string) =>
    ((await (await fetch(`${apiUrl}/api/users/user-firm?${query}`, { headers: bearer })).json()) as { nextCursor?: string | null }).nextCursor ?? null;
  const deepFirm = (await firmCursorAt('page=300&limit=12')) ?? (await firmCursorAt('page=1&limit=1'));
  // The demo data has a firm or none in the city: there the cursor before every name (a first page read by cursor).
  const deepCityFirm = (await firmCursorAt(`page=40&limit=12&${cityFilter}`)) ?? `2026-01-01T00:00:00Z,${'0'.repeat(24)},`;
  const reads: Array<[string, string]> = [
    ['explore page 1', '/api/projects/explore?page=1&limit=12'],
    ['explore page 500', '/api/projects/explore?page=500&limit=12'],
    ...(deepCursor ? [['explore page 500 by cursor', `/api/projects/explore?limit=12&after=${encodeURIComponent(deepCursor)}`] as [string, string]] : []),
    // A word that names a few dozen of the generated firms and projects, as a visitor's search would.
    ['search "studio 42"', '/api/projects/search?search=studio%2042'],
    [`directory, city ${city}`, `/api/users/user-firm?page=1&limit=12&country=India&city=${encodeURIComponent(city)}`],
    [`directory, ${city}+state`, `/api/users/user-firm?page=1&limit=12&${cityFilter}`],
    ['directory page 300', '/api/users/user-firm?page=300&limit=12'],
    ...(deepFirm ? [['directory p. 300 by cursor', `/api/users/user-firm?limit=12&after=${encodeURIComponent(deepFirm)}`] as [string, string]] : []),
    [`directory ${city} p.40 cursor`, `/api/users/user-firm?limit=12&${cityFilter}&after=${encodeURIComponent(deepCityFirm)}`],
    ['a firm portfolio', `/api/projects/public-portfolio/${firmId}`],
    // The sitemaps (decision 387): the index reads every listed row's id once; a file streams up to 50,000.
    ['sitemap index', '/api/sitemaps/index.xml'],
    ['sitemap, first projects file', '/api/sitemaps/projects.xml'],
  ];
  return new Map(reads.map(([name, url]) => [name, { url: `${apiUrl}${url}`, headers: bearer }]));
}

/** Generated public projects of generated approved firms (images shared), straight in SQL. */
async function seedScale(databaseUrl: string, projects: number) {
  const firms = Math.max(1, Math.round(projects / 20));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const image = (await client.query(`select storage_key, variants, width, height from project_images limit 1`)).rows[0];
  await client.query('begin');
  // The firms' counters of shown projects (docs/decisions/183) and the projects' `listed` flags
  // (decision 192): their per-row triggers would more than double the seed's time, so they are off for
  // the bulk insert (in this transaction only) and one recount follows.
  await client.query('alter table projects disable trigger projects_shown_count_insert');
  await client.query('alter table projects disable trigger projects_listed_write');
  await client.query(
    `insert into users (id, user_name, email, role, firm_type, is_verify, firm_name, country, state, city)
     select substr(md5('firm' || g), 1, 24), 'Scale Firm ' || g, 'scale' || g || '@bench.test', 'architect', 'architect', 2,
            'Scale Studio ' || g, 'India', 'Maharashtra', (array['Pune','Mumbai','Nagpur','Nashik','Thane'])[1 + g % 5]
     from generate_series(1, $1::int) g`,
    [firms],
  );
  await client.query(
    `insert into projects (id, user_id, is_private, project_name, project_type, area, year, country, state, city, description, created_at)
     select substr(md5('project' || g), 1, 24), substr(md5('firm' || (1 + g % $2::int)), 1, 24), false,
            (array['Courtyard House','Brick Library','Timber Pavilion','River Clinic','Hill School'])[1 + g % 5] || ' ' || g,
            'architecture-residential', 250, 2020, 'India', 'Maharashtra', 'Pune', 'A generated project of the bench.',
            now() - (g || ' minutes')::interval
     from generate_series(1, $1::int) g`,
    [projects, firms],
  );
  await client.query(
    `insert into project_images (id, project_id, position, storage_key, variants, width, height)
     select substr(md5('image' || g), 1, 24), substr(md5('project' || g), 1, 24), 0, $2, $3::jsonb, $4, $5
     from generate_series(1, $1::int) g`,
    [projects, image.storage_key, JSON.stringify(image.variants), image.width, image.height],
  );
  await client.query('alter table projects enable trigger projects_shown_count_insert');
  await client.query('alter table projects enable trigger projects_listed_write');
  await recountShownProjects(drizzle(client, { schema }) as unknown as Database);
  await client.query('commit');
  // A database that grew to this size has been vacuumed along the way: hint bits set, the
  // visibility map written, nothing left for autovacuum to do while the reads are measured.
  await client.query('vacuum analyze');
  await client.end();
}

/**
 * BENCH_SCALE: the same reads on the demo data and on a second database with the same demo seed and
 * N more projects, each read by an api of its own that always asks its database (no public cache),
 * the two measured in turns.
 */
async function scaleCost(p: Product): Promise<string[]> {
  if (!SCALE || !p.databaseUrl) return [];
  const database = await createDatabase(`bench_scale_${process.pid}`);
  if (!database) return [];
  const [demoPort, scalePort] = [await freePort(), await freePort()];
  const [demoUrl, scaleUrl] = [`http://127.0.0.1:${demoPort}`, `http://127.0.0.1:${scalePort}`];
  const dataDirs = [fs.mkdtempSync(path.join(os.tmpdir(), 'bench-demo-')), fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'))];
  const demoApi = startApi(demoPort, p.databaseUrl, dataDirs[0]!, p.webUrl, { PUBLIC_CACHE_MS: '0', SEED_DEMO: 'false' });
  const scaleApi = startApi(scalePort, database.url, dataDirs[1]!, p.webUrl, { PUBLIC_CACHE_MS: '0' });
  try {
    await waitFor(`${demoUrl}/api/health`, 120);
    await waitFor(`${scaleUrl}/api/health`, 600);
    const login = await fetch(`${scaleUrl}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
    const scaleBearer = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    // The firm whose portfolio is read: the one the demo's newest project belongs to, as on the product.
    const newest = (await (await fetch(`${scaleUrl}/api/projects/explore?page=1&limit=1`, { headers: scaleBearer })).json()) as { projects: Array<{ userId: string }> };
    console.log(`  seeding ${SCALE} public projects of ${Math.round(SCALE / 20)} firms…`);
    await seedScale(database.url, SCALE);
    const demoReads = await scaleReadsOf(demoUrl, p.bearer, p.firmId, 'Pune');
    const scaleReads = await scaleReadsOf(scaleUrl, scaleBearer, newest.projects[0]!.userId, 'Pune');
    const lines = [`Cost as the data grows (BENCH_SCALE=${SCALE}; one connection, no public cache, the two measured in turns; goal: each ≤ 1.5× of the demo data):`];
    lines.push(`  ${pad('read', 28)}${pad('demo p50/p99 ms', 18)}${pad(`${SCALE} p50/p99 ms`, 20)}${pad('ratio (p50)', 13)}items listed (demo → ${SCALE})`);
    for (const [name, demoRead] of demoReads) {
      const scaleRead = scaleReads.get(name);
      if (!scaleRead) continue;
      const [b, a] = await latencyInTurns(demoRead, scaleRead, 5);
      lines.push(`  ${pad(name, 28)}${pad(`${b.p50}/${b.p99}`, 18)}${pad(`${a.p50}/${a.p99}`, 20)}${pad(`${(a.p50 / b.p50).toFixed(2)}×`, 13)}${b.items} → ${a.items}`);
    }
    return lines;
  } finally {
    await Promise.all([stopChild(demoApi), stopChild(scaleApi)]);
    await database.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

// The run -----------------------------------------------------------------------------------------

async function runFor(kind: 'postgres' | 'embedded') {
  const p = await startProduct(kind);
  if (!p) return null;
  try {
    const rows: Row[] = [];
    const signedIn = { cookie: p.cookie };
    const pgGoal = kind === 'postgres' ? '≥ 0.4×, p99 ≤ 60 ms' : '≥ 0.4×';
    const label = kind === 'postgres' ? 'PostgreSQL' : 'Embedded default (PGlite)';
    if (wanted('pages')) {
      rows.push(await targetWebPage(p, 'web GET /explore (signed in)', '/explore', signedIn, pgGoal));
      // The anonymous home page; the signed-out showcase has its own part (showcase, docs/decisions/388).
      rows.push(await targetWebPage(p, 'web GET / (anonymous home)', '/', {}, '≥ 0.4×'));
      rows.push(await targetWebPage(p, 'web GET /explore/{id}', `/explore/${p.projectId}`, signedIn, '≥ 0.4×'));
      rows.push(await targetWebPage(p, 'web GET /firms', '/firms', signedIn, '≥ 0.4×'));
      rows.push(await targetApiExplore(p));
      console.log(`\n${label}: ${CONNECTIONS} connections, ${DURATION} s per target and per baseline, loopback (ms)`);
      printRows(rows);
    }
    const notes: string[] = [];
    if (wanted('cpu')) {
      const pages: Array<[string, string, Record<string, string>]> = [
        ['web /healthz (no Remix)', '/healthz', {}],
        ['web /resources/places', '/resources/places', {}],
        ['/explore (signed in)', '/explore', signedIn],
        ['/ (anonymous)', '/', {}],
        ['/explore/{id} (signed in)', `/explore/${p.projectId}`, signedIn],
        ['/firms (signed in)', '/firms', signedIn],
      ];
      notes.push(...(await cpuPerPage(p, pages)));
    }
    if (wanted('statements')) notes.push(await targetStatementsPerPage(p));
    if (kind === 'postgres' && wanted('weight')) notes.push(...(await pageWeight(p)));
    if (wanted('summary')) notes.push(...(await benchSummaryEditor({ ...p, signIn: (email) => signIn(p.apiUrl, email) })));
    // The editor at real size: its figures do not depend on the database, so PostgreSQL's run alone.
    if (kind === 'postgres' && wanted('editor')) notes.push(...(await benchEditorAtSize({ ...p, signIn: (email) => signIn(p.apiUrl, email) })));
    if (wanted('workspace')) notes.push(...(await workspacePageStatements({ ...p, signIn: (email) => signIn(p.apiUrl, email) })));
    // A year of invoices put in with SQL: PostgreSQL's run (docs/decisions/405).
    if (kind === 'postgres' && wanted('exports')) notes.push(...(await benchExports({ ...p, signIn: (email) => signIn(p.apiUrl, email) })));
    for (const n of notes) console.log(n);
    const memory = wanted('memory') ? await memoryRounds(p) : [];
    for (const n of memory) console.log(n);
    const overload = wanted('overload') ? await benchOverload({ ...p, signIn: (email) => signIn(p.apiUrl, email) }) : [];
    for (const n of overload) console.log(n);
    const showcase = wanted('showcase') ? await benchShowcaseCache(p) : [];
    for (const n of showcase) console.log(n);
    const scale = wanted('scale') ? await scaleCost(p) : [];
    for (const n of scale) console.log(n);
    report.push({ section: label, rows, notes: [...notes, ...memory, ...overload, ...showcase, ...scale] });
    return rows.find((r) => r.target.startsWith('api GET')) ?? null;
  } finally {
    await p.stop();
  }
}

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) {
    console.log('Building the web (npm run build)…');
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'ignore' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  console.log(`Machine: ${os.cpus().length} CPUs, Node ${process.versions.node}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at the start`);
  const api: Partial<Record<'postgres' | 'embedded', Row>> = {};
  for (const kind of DATABASES) {
    const row = await runFor(kind);
    if (row) api[kind] = row;
  }
  if (api.postgres && api.embedded) {
    const ratio = api.embedded.figures.rps / api.postgres.figures.rps;
    console.log(
      `\napi explore, embedded ÷ PostgreSQL: ${api.embedded.figures.rps.toFixed(0)} ÷ ${api.postgres.figures.rps.toFixed(0)} req/s = ${ratio.toFixed(2)}× (goal ≥ 0.6×)`,
    );
  }
  if (wanted('pdf')) await benchPdf();
  console.log(`Load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
} finally {
  await stopAll();
}
