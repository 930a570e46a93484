/**
 * What the phases of `npm run test:deploy` share (checks.ts, upgrade.ts, restore.ts): the stack's
 * address behind Caddy, its containers, the api client, and the report every phase appends to
 * ($DEPLOY_REPORT, markdown). Each phase is its own process; state between them is a JSON file.
 */
import { createHash } from 'node:crypto';
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Through Caddy over HTTPS, its certificate from its own authority for localhost (run.sh trusts that root: NODE_EXTRA_CA_CERTS). */
export const BASE = `https://localhost:${process.env.HTTPS_PORT ?? '3443'}`;
export const PROJECT = process.env.COMPOSE_PROJECT ?? 'archivista-test';
export const DEMO = { firm: 'studio@demo.test', other: 'interiors@demo.test', password: 'demo1234' };

const report: string[] = [];
let failures = 0;
export const say = (line: string) => {
  console.log(line);
  report.push(line);
};
export function check(name: string, ok: boolean, detail = '') {
  if (!ok) failures++;
  say(`- ${ok ? 'PASS' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
}

/** Runs a phase: its failures and any exception are counted; the report is appended; exit 1 when one failed. */
export async function phase(run: () => Promise<void>) {
  const t0 = Date.now();
  try {
    await run();
  } catch (error) {
    failures++;
    say(`- FAIL ${(error as Error).stack ?? error}`);
  }
  say(`\n(this part took ${((Date.now() - t0) / 1000).toFixed(0)} s; ${failures ? `${failures} failed` : 'all passed'})`);
  if (process.env.DEPLOY_REPORT) fs.appendFileSync(process.env.DEPLOY_REPORT, `${report.join('\n')}\n`);
  process.exit(failures ? 1 : 0);
}

export const podman = (...args: string[]) => execFileSync('podman', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 }).trim();
/**
 * podman without blocking the event loop: what runs beside requests being measured (the upgrade's
 * replacements, the failover's kills), so that the visitors' requests go out on time meanwhile.
 */
export const podmanAsync = (...args: string[]) =>
  new Promise<string>((resolve, reject) => execFile('podman', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }, (error, stdout) => (error ? reject(error) : resolve(stdout.trim()))));
/** A container's log, what it wrote to stdout and to stderr (PostgreSQL logs to stderr). */
export const logs = (name: string) => {
  const out = spawnSync('podman', ['logs', name], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return `${out.stdout}${out.stderr}`;
};
/** podman-compose on the test's files (run.sh exports COMPOSE_ARGS); extra variables for this call only. */
export const compose = (args: string[], env: Record<string, string> = {}) =>
  execFileSync('podman-compose', [...(process.env.COMPOSE_ARGS ?? '').split(' ').filter(Boolean), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
/** The same, without blocking the event loop (podmanAsync). */
export const composeAsync = (args: string[], env: Record<string, string> = {}) =>
  new Promise<string>((resolve, reject) =>
    execFile('podman-compose', [...(process.env.COMPOSE_ARGS ?? '').split(' ').filter(Boolean), ...args], { encoding: 'utf8', env: { ...process.env, ...env } }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
export const container = (service: string, n: number) => `${PROJECT}_${service}_${n}`;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
export const psql = (query: string) => podman('exec', container('postgres', 1), 'psql', '-U', 'app', '-d', 'app', '-tAc', query);

/** Which replica of `service` (by container name) logged each request id. */
export function servedBy(requestIds: string[], services = ['api', 'web']): Map<string, string> {
  const found = new Map<string, string>();
  for (const service of services) {
    for (const n of [1, 2]) {
      const name = container(service, n);
      const text = logs(name);
      for (const id of requestIds) if (id && text.includes(`"requestId":"${id}"`)) found.set(id, name);
    }
  }
  return found;
}

/**
 * Both /api/health and the web's /healthz/ready answer 200 through Caddy, and each api and web
 * replica is ready inside; the seconds it took. One ready replica is not enough: Caddy 2.6 answers
 * 502 to a POST whose first pick refuses the connection (the retry finds the body read: "invalid
 * Read on closed Body"), so a replica still starting fails sign-ins.
 */
export async function waitReady(timeoutS: number) {
  const start = Date.now();
  while (Date.now() - start < timeoutS * 1000) {
    const [api, web] = await Promise.all([fetch(`${BASE}/api/health`).catch(() => null), fetch(`${BASE}/healthz/ready`).catch(() => null)]);
    if (api?.ok && web?.ok) break;
    await sleep(1000);
  }
  const replicas = ['api', 'web'].flatMap((service) => [container(service, 1), container(service, 2)]);
  const ready = await replicasReady(replicas, start, timeoutS);
  if (ready.size < replicas.length) throw new Error(`not ready within ${timeoutS} s: ${replicas.filter((r) => !ready.has(r)).join(', ')}`);
  return (Date.now() - start) / 1000;
}

/** Ready inside the container itself (not through Caddy). */
export async function replicaReady(name: string): Promise<boolean> {
  const url = name.includes('_api_') ? 'http://127.0.0.1:3001/api/health' : 'http://127.0.0.1:3000/healthz/ready';
  return podmanAsync('exec', name, 'node', '-e', `fetch('${url}').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))`).then(
    () => true,
    () => false,
  );
}

/** Waits until each named replica is ready inside; the seconds each took from `since`. */
export async function replicasReady(names: string[], since: number, timeoutS: number) {
  const ready = new Map<string, number>();
  while (ready.size < names.length && Date.now() - since < timeoutS * 1000) {
    for (const name of names) if (!ready.has(name) && (await replicaReady(name))) ready.set(name, (Date.now() - since) / 1000);
    await sleep(500);
  }
  return ready;
}

// The stack's answers are read loosely: each check names the fields it needs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;
export async function api(path: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; json: Json; id: string }> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const res = await fetch(`${BASE}/api${path}`, { ...init, headers });
  const text = await res.text();
  let json: Json;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = { text };
  }
  return { status: res.status, json, id: res.headers.get('x-request-id') ?? '' };
}

export async function signIn(email: string): Promise<string> {
  const res = await api('/users/login', { method: 'POST', body: JSON.stringify({ email, password: DEMO.password }) });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.token as string;
}

/** The web's sign-in form, without JavaScript: the session cookie and where it sent the visitor. */
export async function webSignIn(email: string) {
  const form = new URLSearchParams({ intent: 'login', email, password: DEMO.password });
  const post = await fetch(`${BASE}/?index`, { method: 'POST', body: form, redirect: 'manual', headers: { origin: BASE } });
  return { status: post.status, cookie: (post.headers.get('set-cookie') ?? '').split(';')[0]!, location: post.headers.get('location') ?? '' };
}

/** A project's file bytes through the api (bearer). */
export async function fileBytes(token: string, fileId: string) {
  const res = await fetch(`${BASE}/api/projects/files/${fileId}/content`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), id: res.headers.get('x-request-id') ?? '' };
}

/** What one phase leaves for the next (the project made on the previous release, a backup's folder). */
const STATE = process.env.DEPLOY_STATE ?? '/tmp/archivista-deploy-state.json';
export const readState = (): Json => (fs.existsSync(STATE) ? JSON.parse(fs.readFileSync(STATE, 'utf8')) : {});
export const writeState = (add: Json) => fs.writeFileSync(STATE, JSON.stringify({ ...readState(), ...add }, null, 1));
