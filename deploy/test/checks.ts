/**
 * The checks of `npm run test:deploy` (issue 29), against the compose stack run.sh started: two api
 * and two web replicas behind Caddy on http://localhost:$PROXY_PORT. Everything goes through Caddy;
 * podman is used only to see which replica answered (each log line names its container's host),
 * to look inside a container, and to kill and start replicas. Prints a report and writes it to
 * $DEPLOY_REPORT (markdown); exits 1 when a check failed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const BASE = `http://localhost:${process.env.PROXY_PORT ?? '3300'}`;
const PROJECT = process.env.COMPOSE_PROJECT ?? 'archivista-test';
const DEMO = { firm: 'studio@demo.test', other: 'interiors@demo.test', password: 'demo1234' };
const LOAD = { connections: Number(process.env.LOAD_CONNECTIONS ?? 50), seconds: Number(process.env.LOAD_SECONDS ?? 60) };

const report: string[] = [];
let failures = 0;
const say = (line: string) => {
  console.log(line);
  report.push(line);
};
function check(name: string, ok: boolean, detail = '') {
  if (!ok) failures++;
  say(`- ${ok ? 'PASS' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
}

const podman = (...args: string[]) => execFileSync('podman', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const container = (service: string, n: number) => `${PROJECT}_${service}_${n}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Which container (by its host name, the container id's first 12 characters) logged a request id. */
function servedBy(requestIds: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const service of ['api', 'web']) {
    for (const n of [1, 2]) {
      const name = container(service, n);
      const logs = podman('logs', name);
      for (const id of requestIds) if (logs.includes(`"requestId":"${id}"`)) found.set(id, name);
    }
  }
  return found;
}

async function waitReady(timeoutS: number) {
  const start = Date.now();
  while (Date.now() - start < timeoutS * 1000) {
    const [api, web] = await Promise.all([fetch(`${BASE}/api/health`).catch(() => null), fetch(`${BASE}/healthz/ready`).catch(() => null)]);
    if (api?.ok && web?.ok) return (Date.now() - start) / 1000;
    await sleep(1000);
  }
  throw new Error(`the stack was not ready through Caddy within ${timeoutS} s`);
}

/** Ready inside the container itself (not through Caddy): how long a restarted replica takes. */
function replicaReady(name: string): boolean {
  const url = name.includes('_api_') ? 'http://127.0.0.1:3001/api/health' : 'http://127.0.0.1:3000/healthz/ready';
  try {
    podman('exec', name, 'node', '-e', `fetch('${url}').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))`);
    return true;
  } catch {
    return false;
  }
}

// The stack's answers are read loosely: each check names the fields it needs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
async function api(path: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; json: Json; id: string }> {
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

async function signIn(email: string): Promise<string> {
  const res = await api('/users/login', { method: 'POST', body: JSON.stringify({ email, password: DEMO.password }) });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.token as string;
}

async function basics() {
  say('\n## Through Caddy, two replicas of each');
  const token = await signIn(DEMO.firm);
  check('sign-in through the api', Boolean(token));

  // The web's sign-in form, without JavaScript: a form post, a cookie, a signed-in page.
  const form = new URLSearchParams({ intent: 'login', email: DEMO.firm, password: DEMO.password });
  const post = await fetch(`${BASE}/?index`, { method: 'POST', body: form, redirect: 'manual', headers: { origin: BASE } });
  const cookie = (post.headers.get('set-cookie') ?? '').split(';')[0]!;
  const location = post.headers.get('location') ?? '';
  const page = await fetch(new URL(location || '/workspace', BASE), { headers: { cookie }, redirect: 'manual' });
  const html = await page.text();
  check('sign-in through the web form and a signed-in page', post.status >= 300 && post.status < 400 && cookie.length > 0 && page.status === 200, `${post.status} → ${location} ${page.status}, ${html.length} bytes`);

  const projects = await api('/projects', { token });
  const project = (projects.json.data as Json[])[0]!;
  say(`  (project "${project.projectName}", ${project.id})`);

  // A workspace file uploaded through one replica and downloaded through the other.
  const folders = await api(`/projects/folder/${project.id}`, { token });
  let folder = (folders.json.data?.folders as Json[] | undefined)?.[0];
  if (!folder) folder = (await api('/projects/folder', { method: 'POST', token, body: JSON.stringify({ projectId: project.id, folderName: 'Deploy test' }) })).json.data;
  const content = `deploy test ${Date.now()}\n`.repeat(1000);
  const upload = new FormData();
  upload.set('projectId', project.id);
  upload.set('folderId', folder!.id);
  upload.set('files', new Blob([content], { type: 'text/plain' }), 'deploy-test.txt');
  const uploaded = await api('/users/project/upload-file', { method: 'POST', token, body: upload });
  const registered = await api('/projects/files', { method: 'POST', token, body: JSON.stringify({ projectId: project.id, folderId: folder!.id, projectFiles: uploaded.json.urls }) });
  const fileId = registered.json.data?.files?.[0]?.id as string;
  const downloads = [];
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${BASE}/api/projects/files/${fileId}/content`, { headers: { authorization: `Bearer ${token}` } });
    downloads.push({ id: res.headers.get('x-request-id') ?? '', same: (await res.text()) === content });
  }
  const by = servedBy([uploaded.id, ...downloads.map((d) => d.id)]);
  const uploader = by.get(uploaded.id);
  const other = downloads.find((d) => by.get(d.id) && by.get(d.id) !== uploader);
  check('a file uploaded through one api replica is downloaded whole through the other (bucket, not a replica disk)', uploaded.status === 201 && Boolean(other?.same), `upload ${uploaded.status} on ${uploader}, download on ${other ? by.get(other.id) : 'the same replica only'}`);

  // The summary PDF, rendered by Chromium inside the web image.
  let schedule = ((await api(`/projects/schedules/${project.id}`, { token })).json.data?.schedules as Json[] | undefined)?.[0];
  if (!schedule) schedule = (await api('/projects/schedules', { method: 'POST', token, body: JSON.stringify({ projectId: project.id, title: 'Deploy test', description: 'A schedule for the PDF check' }) })).json.data;
  const pdf = await fetch(`${BASE}/workspace/project/schedules/summary-financial/${project.id}/pdf?schedule=${schedule?.id}&tab=summary`, { headers: { cookie } });
  const bytes = Buffer.from(await pdf.arrayBuffer());
  check('the summary PDF rendered inside the image', pdf.status === 200 && bytes.subarray(0, 5).toString() === '%PDF-', `${pdf.status} ${pdf.headers.get('content-type')}, ${bytes.length} bytes`);

  await chatAcrossReplicas(token, project.id);
  await failedLogins();
  return { token, projectId: project.id as string };
}

/** Two event streams (one per api replica, round robin), a message posted: both streams hear it. */
async function chatAcrossReplicas(token: string, projectId: string) {
  const marker = `across replicas ${Date.now()}`;
  const streams = await Promise.all(
    [0, 1].map(async () => {
      const controller = new AbortController();
      const res = await fetch(`${BASE}/api/projects/${projectId}/chat/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: controller.signal });
      let text = '';
      const reading = (async () => {
        const decoder = new TextDecoder();
        try {
          for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk, { stream: true });
        } catch {
          /* aborted */
        }
      })();
      return { controller, reading, text: () => text };
    }),
  );
  await sleep(500);
  // An event stream logs no line until it ends: which replica holds each is not known here. So
  // four messages are posted, round robin over both replicas (their lines say which served each),
  // and each stream must hear all four: whichever replica holds it, it heard one sent through the other.
  const sent = [];
  for (let i = 0; i < 4; i++) {
    const message = new FormData();
    message.set('body', `${marker} #${i}`);
    sent.push(await api(`/projects/${projectId}/chat`, { method: 'POST', token, body: message }));
  }
  const heardAll = (s: (typeof streams)[number]) => [0, 1, 2, 3].every((i) => s.text().includes(`${marker} #${i}`));
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && !streams.every(heardAll)) await sleep(100);
  const heard = streams.map(heardAll);
  for (const s of streams) s.controller.abort();
  await Promise.all(streams.map((s) => s.reading));
  const senders = new Set(servedBy(sent.map((s) => s.id)).values());
  check('a chat message sent through one api replica arrives live on a stream held by the other (LISTEN/NOTIFY)', sent.every((s) => s.status === 201) && senders.size === 2 && heard.every(Boolean), `4 messages sent through ${[...senders].join(' and ')}; both streams heard all: ${heard.join(', ')}`);
}

/** 11 wrong passwords for one account, each with a forged X-Forwarded-For, alternating replicas. */
async function failedLogins() {
  // An account of its own each run (unknown accounts are counted alike): a second run within the window starts at 0.
  const started = Date.now();
  const statuses: number[] = [];
  const ids: string[] = [];
  for (let i = 1; i <= 11; i++) {
    const res = await api('/users/login', { method: 'POST', headers: { 'x-forwarded-for': `203.0.113.${i}` }, body: JSON.stringify({ email: `nobody-${started}@demo.test`, password: 'wrong password' }) });
    statuses.push(res.status);
    ids.push(res.id);
  }
  const replicas = new Set(servedBy(ids).values());
  check('failed logins counted across replicas: 10 refused, the 11th limited', statuses.slice(0, 10).every((s) => s === 401) && statuses[10] === 429 && replicas.size === 2, `${statuses.join(' ')} on ${[...replicas].join(', ')}`);
  check('a client’s X-Forwarded-For is ignored (Caddy’s believed): 11 forged addresses counted as one', statuses[10] === 429);
}

function containerRules() {
  say('\n## The image');
  for (const name of [container('api', 1), container('web', 1)]) {
    const uid = podman('exec', name, 'id', '-u');
    const readOnly = podman('inspect', '-f', '{{.HostConfig.ReadonlyRootfs}}', name);
    const rootWrite = (() => {
      try {
        podman('exec', name, 'sh', '-c', 'touch /app/probe');
        return 'writable';
      } catch {
        return 'refused';
      }
    })();
    const dataWrite = (() => {
      try {
        podman('exec', name, 'sh', '-c', 'touch /data/probe && rm /data/probe');
        return 'writable';
      } catch {
        return 'refused';
      }
    })();
    const tmp = podman('exec', name, 'node', '-p', 'require("os").tmpdir()');
    check(`${name} runs as a non-root user on a read-only root, /data the writable path`, uid !== '0' && readOnly === 'true' && rootWrite === 'refused' && dataWrite === 'writable' && tmp.startsWith('/data'), `uid ${uid}, read-only root ${readOnly}, /app ${rootWrite}, /data ${dataWrite}, temporary files in ${tmp}`);
  }
}

/** 50 connections of mixed reads and writes for 60 s; one api and one web replica killed at 15 s, started at 30 s. */
async function failover(token: string, projectId: string) {
  say(`\n## Failover under load (${LOAD.connections} connections, ${LOAD.seconds} s)`);
  const started = Date.now();
  const end = started + LOAD.seconds * 1000;
  const acknowledged: string[] = [];
  /** `at`: when the request was sent; `end`: when its failure came back. */
  const errors: Array<{ at: number; end: number; op: string; status: number | string }> = [];
  const now = () => (Date.now() - started) / 1000;
  const counts = { reads: 0, pages: 0, writes: 0 };
  let killedAt = 0;
  let restartedAt = 0;
  const worker = async (w: number) => {
    for (let i = 0; Date.now() < end; i++) {
      const op = i % 4 === 3 ? 'write' : i % 4 === 1 ? 'page' : 'read';
      const at = (Date.now() - started) / 1000;
      try {
        if (op === 'write') {
          const body = `load ${w}-${i}-${started}`;
          const message = new FormData();
          message.set('body', body);
          const res = await fetch(`${BASE}/api/projects/${projectId}/chat`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: message });
          await res.arrayBuffer();
          counts.writes++;
          if (res.ok) acknowledged.push(body);
          else errors.push({ at, end: now(), op, status: res.status });
        } else {
          const url = op === 'page' ? `${BASE}/explore` : `${BASE}/api/projects`;
          const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
          await res.arrayBuffer();
          counts[op === 'page' ? 'pages' : 'reads']++;
          if (!res.ok) errors.push({ at, end: now(), op, status: res.status });
        }
      } catch (error) {
        errors.push({ at, end: now(), op, status: (error as Error).message });
      }
    }
  };
  const chaos = (async () => {
    await sleep(15_000);
    killedAt = (Date.now() - started) / 1000;
    podman('kill', container('api', 1));
    podman('kill', container('web', 1));
    await sleep(15_000);
    restartedAt = (Date.now() - started) / 1000;
    podman('start', container('api', 1));
    podman('start', container('web', 1));
    const ready = new Map<string, number>();
    while (ready.size < 2 && Date.now() - started < (LOAD.seconds + 120) * 1000) {
      for (const name of [container('api', 1), container('web', 1)]) if (!ready.has(name) && replicaReady(name)) ready.set(name, (Date.now() - started) / 1000 - restartedAt);
      await sleep(500);
    }
    return ready;
  })();
  await Promise.all(Array.from({ length: LOAD.connections }, (_, w) => worker(w)));
  const ready = await chaos;
  // Every acknowledged write is in the database.
  const stored = new Set(
    podman('exec', container('postgres', 1), 'psql', '-U', 'app', '-d', 'app', '-tAc', `select body from chat_messages where body like 'load %-${started}'`)
      .split('\n')
      .filter(Boolean),
  );
  const lost = acknowledged.filter((body) => !stored.has(body));
  const total = counts.reads + counts.pages + counts.writes;
  const byStatus = new Map<string, number>();
  for (const e of errors) byStatus.set(`${e.op} ${e.status}`, (byStatus.get(`${e.op} ${e.status}`) ?? 0) + 1);
  // 429: the api's own limit on chat posts per account (50 connections share one), not a failure.
  const limited = errors.filter((e) => e.status === 429);
  const failed = errors.filter((e) => e.status !== 429);
  // In flight at the kill: sent before it, failed within the few seconds after it.
  const window = failed.filter((e) => e.at <= killedAt && e.end >= killedAt && e.end <= killedAt + 5);
  say(`- requests: ${total} (${counts.reads} api reads, ${counts.pages} pages, ${counts.writes} chat posts), ${(total / LOAD.seconds).toFixed(0)}/s`);
  say(`- killed ${container('api', 1)} and ${container('web', 1)} at ${killedAt.toFixed(1)} s, started again at ${restartedAt.toFixed(1)} s`);
  say(`- answers other than 2xx: ${errors.length} (${[...byStatus].map(([k, v]) => `${k}: ${v}`).join(', ') || 'none'}); ${limited.length} of them the chat's rate limit (429)`);
  say(`- client errors: ${failed.length}, ${window.length} of them requests in flight at the kill (sent before it, failed within 5 s after)`);
  say(`- errors (sent → failed, s): ${failed.map((e) => `${e.at.toFixed(1)}→${e.end.toFixed(1)}`).slice(0, 40).join(' ')}${failed.length > 40 ? ' …' : ''}`);
  say(`- writes acknowledged ${acknowledged.length}, found ${acknowledged.length - lost.length}, lost ${lost.length}`);
  say(`- seconds from start to ready: ${[...ready].map(([name, s]) => `${name} ${s.toFixed(1)}`).join(', ')}`);
  check('no acknowledged write lost', lost.length === 0);
  check('both killed replicas serve again', ready.size === 2);
  check('client errors only for requests in flight at the kill', failed.length === window.length, `${failed.length - window.length} others`);
}

const timings: Record<string, number> = {};
const t0 = Date.now();
try {
  timings.readyS = await waitReady(Number(process.env.READY_TIMEOUT ?? 600));
  say(`Stack ready through Caddy after ${timings.readyS.toFixed(0)} s`);
  const { token, projectId } = await basics();
  containerRules();
  if (process.env.SKIP_FAILOVER !== '1') await failover(token, projectId);
} catch (error) {
  failures++;
  say(`- FAIL ${(error as Error).stack ?? error}`);
}
say(`\nChecks took ${((Date.now() - t0) / 1000).toFixed(0)} s; ${failures ? `${failures} failed` : 'all passed'}.`);
if (process.env.DEPLOY_REPORT) fs.writeFileSync(process.env.DEPLOY_REPORT, `${report.join('\n')}\n`);
process.exit(failures ? 1 : 0);
